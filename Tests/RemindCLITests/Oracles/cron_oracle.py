"""Computes when remindc's crontab fires, independently of remindc.

    cron_oracle.py CRONTAB HOST_ZONE DAEMON FROM TO [FROM TO ...]

DAEMON is "debian" (Debian's cron and cronie: `\\%` becomes `%`, a bare `%`
ends the command) or "busybox" (busybox crond: `%` is text, and the line
ends at `#`). For each entry, cronsim (PyPI) lists the minutes its five fields
match in HOST_ZONE within each window [FROM, TO) of UTC instants, with cron's
daylight-saving rules; then the entry's command, as that daemon hands it to
the shell, runs in /bin/sh once per candidate minute with `date` answering
for that minute (a shell function fed the clock of each zone the command
names, as GNU date would print it, so no process starts per minute; the
real `date` answers `date -d @SECONDS`, which a guard runs only when it is
about to fire). The
command is expected to print "FIRED <id>" (remindc crontab --command
'echo FIRED {id}').

Prints JSON: {"fires": {id: [UTC instants]}, "dst": {id: [dates from the
"# dst:" comments]}, "problems": [...]}.
"""
import datetime
import json
import re
import subprocess
import sys
from zoneinfo import ZoneInfo

from cronsim import CronSim

FORMAT = "+%Y %m %d %H %M %u %s"


def shim(zones):
    """A `date` for the guards that answers from variables the loop sets,
    one per zone the commands name (D0 for the machine's own), so no
    process is started per candidate minute."""
    lines = ["date() {",
             # The second-pass check reads the clock a change's length
             # earlier: the real date, for that instant and zone.
             '  [ "$1" = -d ] && { command date "$@"; return; }',
             '  [ "$1" = "' + FORMAT + '" ] || { echo "unexpected date $*" >&2; return 1; }']
    for index, zone in enumerate(zones):
        lines.append('  [ "$TZ" = "' + zone + '" ] && { echo "$D' + str(index + 1) + '"; return; }')
    lines.append('  echo "$D0"')
    lines.append("}")
    return "\n".join(lines) + "\n"


def clock(instant, tz):
    return datetime.datetime.fromtimestamp(instant, tz).strftime("%Y %m %d %H %M %u ") + str(instant)


def entries(text):
    current = None
    dst = {}
    result = []
    for line in text.split("\n"):
        if line.startswith("# id: "):
            current = line[6:]
        elif line.startswith("# dst: ") and current:
            dst.setdefault(current, []).append(line[7:17])
        elif line and not line.startswith("#") and "=" not in line.split(" ")[0]:
            parts = line.split(" ", 5)
            result.append((current, " ".join(parts[:5]), parts[5]))
    return result, dst


def as_daemon(command, daemon, problems):
    if daemon == "busybox":
        if "#" in command:
            problems.append("busybox would cut the line at '#': " + command)
        return command
    out = []
    index = 0
    while index < len(command):
        if command[index] == "\\" and index + 1 < len(command) and command[index + 1] == "%":
            out.append("%")
            index += 2
            continue
        if command[index] == "%":
            problems.append("a bare % would end the command: " + command)
        out.append(command[index])
        index += 1
    return "".join(out)


def main():
    path, zone, daemon = sys.argv[1:4]
    bounds = sys.argv[4:]
    tz = ZoneInfo(zone)
    text = open(path, encoding="utf-8").read()
    found, dst = entries(text)
    problems = []
    fires = {}
    for ident, fields, command in found:
        shell = as_daemon(command, daemon, problems)
        candidates = []
        for start, end in zip(bounds[0::2], bounds[1::2]):
            begin = datetime.datetime.strptime(start, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
            finish = datetime.datetime.strptime(end, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
            for moment in CronSim(fields, (begin - datetime.timedelta(seconds=1)).astimezone(tz)):
                if moment.astimezone(datetime.timezone.utc) >= finish:
                    break
                candidates.append(int(moment.timestamp()))
        if not candidates:
            continue
        named = sorted(set(re.findall(r"TZ=([A-Za-z0-9_+/-]+) ", shell)))
        zones = [zone] + named
        script = shim(named) + "while IFS='|' read -r NOW " + " ".join("D%d" % i for i in range(len(zones))) + "; do\n"
        script += 'echo "T $NOW"\n{ ' + shell + "\n}\ndone\n"
        feed = "".join(str(c) + "|" + "|".join(clock(c, ZoneInfo(z)) for z in zones) + "\n" for c in candidates)
        output = subprocess.run(["/bin/sh", "-c", script], input=feed, capture_output=True, text=True,
                                env={"PATH": "/usr/bin:/bin", "TZ": zone}).stdout
        now = None
        for line in output.split("\n"):
            if line.startswith("T "):
                now = int(line[2:])
            elif line.startswith("FIRED "):
                who = line[6:]
                stamp = datetime.datetime.fromtimestamp(now, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                fires.setdefault(who, []).append(stamp)
    print(json.dumps({"fires": fires, "dst": dst, "problems": problems}))


if __name__ == "__main__":
    main()
