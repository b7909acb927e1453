#!/usr/bin/env bash
# remindc publish, timed: 1,000 reminders to a local Radicale, Xandikos and
# SabreDAV 1.8 (each on 127.0.0.1 behind the tests' proxy, Tests/RemindCLITests/Oracles/
# caldav_servers.py), the first run and the no-change run after it, with a
# release build. Run by hand after .ci/run has made .build/oracle-venv:
#     Benchmarks/publish.sh [count] [connections...]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}
shift || true
connections=("${@:-1 4 8}")
python=.build/oracle-venv/bin/python3
swift build -c release --static-swift-stdlib --product remindc --scratch-path /tmp/remindc-bench-build >/dev/null
remindc=/tmp/remindc-bench-build/release/remindc
work=$(mktemp -d)
trap 'pkill -f "sleep 100000"; rm -rf "$work"' EXIT

"$python" - "$count" > "$work/reminders.yaml" <<'PY'
import sys
zones = ["Europe/Berlin", "America/New_York", "UTC", "floating", "Asia/Tokyo"]
repeats = ["daily", "weekly", "monthly", "weekdays", "{every: 2 weeks, on: [mon, thu]}", "{every: month, on: [last fri]}",
           "{every: 3 days, count: 20}", "{every: day, except: [2027-01-01]}", "yearly", "none"]
print("uid-domain: bench.example\nreminders:")
for i in range(int(sys.argv[1])):
    repeat = repeats[i % len(repeats)]
    print(f"  - id: r{i}\n    title: Reminder {i}\n    at: 2027-0{i % 9 + 1}-{i % 28 + 1:02d} {i % 24:02d}:{i % 4 * 15:02d}\n"
          f"    timezone: {zones[i % len(zones)]}\n    before: {i % 3 * 10}m" + ("" if repeat == "none" else f"\n    repeat: {repeat}"))
PY

# One run: wall-clock seconds, remindc's own CPU seconds (user + system)
# and per request (the requests the server's proxy logged), and its summary.
run() {
    local err="$1"
    shift
    local log="$folder/requests.log" before=0
    [ -f "$log" ] && before=$(wc -l < "$log")
    /usr/bin/time -f "%e %U %S" -o "$err.time" "$remindc" publish "$@" >/dev/null 2>"$err" || true
    read -r wall user sys < "$err.time"
    local requests=$(( $(wc -l < "$log") - before ))
    local cpu
    cpu=$(echo "$user + $sys" | bc)
    printf '%6.2f s (remindc %4.2f s CPU, %5.2f ms a request of %d; %s)' "$wall" "$cpu" \
        "$(echo "scale=2; 1000 * $cpu / ($requests + (${requests} == 0))" | bc)" "$requests" \
        "$(tail -1 "$err" | sed 's/^remindc: published to [^ ]*: //')"
}

for kind in radicale xandikos sabredav; do
    login=()
    if [ "$kind" = sabredav ]; then
        # SabreDAV always asks for a login: the one caldav_servers.py gives it.
        login=(--user remindc)
        export REMINDC_PASSWORD=remindc-password
    fi
    for n in ${connections[@]}; do
        folder="$work/$kind-$n"
        mkdir -p "$folder"
        exec {out}< <(sleep 100000 | "$python" Tests/RemindCLITests/Oracles/caldav_servers.py serve "$kind" "$folder")
        read -r ready url <&$out
        export XDG_STATE_HOME="$folder/state"
        echo "$kind, $count reminders, $n in flight:"
        echo "  first run:                      $(run "$folder/first" "$url" "$work/reminders.yaml" --connections "$n" "${login[@]}")"
        echo "  no change, no state (CI):       $(XDG_STATE_HOME="$folder/none" run "$folder/fresh" "$url" "$work/reminders.yaml" "${login[@]}")"
        echo "  no change, after the first run: $(run "$folder/second" "$url" "$work/reminders.yaml" "${login[@]}")"
        echo "  no change, once more:           $(run "$folder/third" "$url" "$work/reminders.yaml" "${login[@]}")"
        pkill -f "caldav_servers.py serve $kind $folder" || true
    done
done
pkill -f "sleep 100000" || true
