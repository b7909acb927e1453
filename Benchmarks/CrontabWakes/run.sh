#!/usr/bin/env bash
# Shell starts per fire of `remindc crontab`, for a year: how often each
# entry wakes cron's shell, against how often it fires (every cron run is a
# shell and a syslog line). Run by hand from the package root:
#
#   bash Benchmarks/CrontabWakes/run.sh
#
# It builds remindc in release mode, writes the crontabs of examples/ and of
# the oracle tests' generated corpus of 320 reminders, runs every entry at
# each minute its fields match from 2026-12-01 to 2027-12-01 (cronsim, the
# tests' oracle, Tests/RemindCLITests/Oracles/cron_oracle.py) and prints
# starts/fires per entry and in total. Needs .ci/run's oracle venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product remindc >/dev/null
python=.build/oracle-venv/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The corpus, as the oracle test generates it.
REMINDC_KEEP_ORACLE_FILES=1 REMINDC_ORACLE_GENERATE_ONLY=1 TMPDIR="$work/" \
    swift test --filter aGeneratedSetFiresWhenExpandSays >/dev/null 2>&1
corpus=$(ls "$work"/remindc-cron-set-*/generated.yaml)

measure() { # NAME ZONE PATH FROM TO
    .build/release/remindc crontab "$3" --zone "$2" --now 2026-11-29T12:00:00Z --command 'echo FIRED' -o "$work/$1.cron" 2>/dev/null
    STARTS="$work/$1.tsv" "$python" Tests/RemindCLITests/Oracles/cron_oracle.py "$work/$1.cron" "$2" debian "$4" "$5" >/dev/null
    "$python" - "$work/$1.cron" "$work/$1.tsv" "$1" <<'PY'
import re, sys
crontab, starts, name = sys.argv[1:4]
rules, current = {}, None
for line in open(crontab, encoding="utf-8"):
    if line.startswith("# id: "):
        current = line[6:].strip()
    elif line.startswith("# ") and current and current not in rules and ": from " in line:
        rules[current] = line.split("RRULE:")[1].strip().split(",")[0] if "RRULE:" in line else ""
def divides_day(rule):
    parts = dict(p.split("=") for p in rule.split(";") if "=" in p)
    freq, interval = parts.get("FREQ"), int(parts.get("INTERVAL", "1"))
    step = {"MINUTELY": interval, "HOURLY": 60 * interval, "DAILY": 1440 * interval}.get(freq)
    return step is not None and 1440 % step == 0 and not any(k in parts for k in ("BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "BYYEARDAY", "BYWEEKNO"))
total_starts = total_fires = total_alive = 0
worst = []
for row in open(starts, encoding="utf-8"):
    ident, s, f, a = row.rstrip("\n").split("\t")
    s, f, a = int(s), int(f), int(a)
    total_starts += s
    total_fires += f
    total_alive += a
    if f and divides_day(rules.get(ident, "")):
        worst.append((a / f, ident, a, f, s))
worst.sort(reverse=True)
print(f"{name}: {total_starts} shell starts, {total_fires} fires in a year: {total_starts / max(total_fires, 1):.2f} per fire; "
      f"{total_alive / max(total_fires, 1):.2f} per fire counting starts from each reminder's first fire to its last")
if worst:
    print(f"  entries whose interval divides a day: {len(worst)}, most starts per fire while alive {worst[0][0]:.2f} "
          f"({worst[0][1]}: {worst[0][2]} / {worst[0][3]}; {worst[0][4]} starts in the whole year)")
    over = [w for w in worst if w[0] > 2]
    print(f"  of them over 2 per fire while alive: {len(over)}" + ("".join(f"\n    {w[1]}: {w[0]:.2f}" for w in over[:10])))
PY
}
measure examples America/New_York examples 2026-12-01T05:00:00Z 2027-12-01T05:00:00Z
measure corpus Europe/Berlin "$corpus" 2026-12-01T00:00:00Z 2027-12-01T00:00:00Z
