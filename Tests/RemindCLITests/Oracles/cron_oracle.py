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
'echo FIRED {id}'), or "FIRED" for the id of its entry's "# id:" line.

For busybox the candidates follow its clock rules too: it runs an entry at
each minute the wall clock shows, so a fixed time in a repeated hour runs in
both passes and one that a change skips never (cronsim follows Debian's
cron and cronie, which run the latter at the change and the former once).

With RECORDERS set to a folder, that folder comes first on the commands'
PATH: its programs (stand-ins for notify-send, paplay, ...) print
"RAN <program>", counted as fires of "<id>/<program>". STARTS set to a file
makes the oracle write, per entry, the candidate minutes (shell starts) and
the fires as "id<TAB>starts<TAB>fires<TAB>starts from the entry's reminder's
first fire to its last" lines.

Prints JSON: {"fires": {id: [UTC instants]}, "dst": {id: [dates from the
"# dst:" comments]}, "problems": [...]}.
"""
import os
import datetime
import json
import re
import subprocess
import sys
from zoneinfo import ZoneInfo

from cronsim import CronSim

FORMAT = "+%Y %m %d %H %M %u %s"


def shim(zones, lengths):
    """A `date` for the guards that answers from variables the loop sets,
    one per zone the commands name (D0 for the machine's own), so no
    process is started per candidate minute; `date -d @SECONDS +%H%M`, the
    second-pass check, from P<zone>_<seconds before now>."""
    lines = ["date() {",
             '  if [ "$1" = -d ]; then l=$((NOW-${2#@}))']
    for index, zone in enumerate(zones):
        lines.append('    [ "$TZ" = "' + zone + '" ] && { eval "echo \\$P' + str(index + 1) + '_$l"; return; }')
    lines.append('    eval "echo \\$P0_$l"; return')
    lines.append("  fi")
    lines.append('  [ "$1" = "' + FORMAT + '" ] || { echo "unexpected date $*" >&2; return 1; }')
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


def field_values(field, low, high):
    """The numbers a cron field matches."""
    values = set()
    for part in field.split(","):
        step = 1
        if "/" in part:
            part, step_text = part.split("/")
            step = int(step_text)
        if part == "*":
            first, last = low, high
        elif "-" in part:
            first, last = (int(x) for x in part.split("-"))
        else:
            first = last = int(part)
        values.update(range(first, last + 1, step))
    return values


def busybox_candidates(fields, candidates, tz):
    """Debian's candidates turned into busybox's: no runs at a change for a
    time it skipped, and a fixed time's second pass in a repeated hour."""
    minute, hour = fields.split(" ")[:2]
    fixed = not minute.startswith("*") and not hour.startswith("*")
    minutes, hours = field_values(minute, 0, 59), field_values(hour, 0, 23)
    result = []
    for instant in candidates:
        local = datetime.datetime.fromtimestamp(instant, tz)
        if local.minute not in minutes or local.hour not in hours:
            continue
        result.append(instant)
        if fixed:
            naive = local.replace(tzinfo=None)
            later = int(naive.replace(tzinfo=tz, fold=1).timestamp())
            if later != instant and datetime.datetime.fromtimestamp(later, tz).replace(tzinfo=None) == naive:
                result.append(later)
    return sorted(set(result))


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


def zone_of(name):
    """The zone a guard's TZ= names: an IANA name, or a POSIX fixed offset
    such as UTC-05:00, which counts west of UTC (five hours east)."""
    match = re.fullmatch(r"UTC([+-])(\d\d):(\d\d)", name)
    if not match:
        return ZoneInfo(name)
    west = datetime.timedelta(hours=int(match.group(2)), minutes=int(match.group(3)))
    return datetime.timezone(-west if match.group(1) == "+" else west)


def main():
    path, zone, daemon = sys.argv[1:4]
    bounds = sys.argv[4:]
    tz = ZoneInfo(zone)
    text = open(path, encoding="utf-8").read()
    found, dst = entries(text)
    problems = []
    fires = {}
    starts = []
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
        if daemon == "busybox":
            candidates = busybox_candidates(fields, candidates, tz)
        if not candidates:
            continue
        named = sorted(set(re.findall(r"TZ=([A-Za-z0-9_+/:-]+) ", shell)))
        zones = [zone] + named
        lengths = sorted(set(int(x) for x in re.findall(r"\$7-(\d+)\)\)", shell)))
        earlier = ["P%d_%d" % (i, length) for i in range(len(zones)) for length in lengths]
        # The clock reads become the variables the shim would print, so no
        # subshell is forked per candidate minute either.
        def variable(match):
            index = zones.index(match.group(2)) if match.group(2) else 0
            return "$D%d" % index if match.group(3) is None else "$P%d_%s" % (index, match.group(3))
        shell = re.sub(r"\$\((TZ=([A-Za-z0-9_+/:-]+) )?date (?:-d @\$\(\(\$7-(\d+)\)\) \+[^)]*|\+\\?%Y[^)]*)\)", variable, shell)
        shell = re.sub(r"\$\(date \+\\?%H\)", "$(set -- $D0; echo $4)", shell)
        script = shim(named, lengths) + "while IFS='|' read -r NOW " + " ".join(["D%d" % i for i in range(len(zones))] + earlier) + "; do\n"
        script += 'echo "T $NOW"\n{ ' + shell + "\n}\ndone\n"
        feed = "".join(str(c) + "|" + "|".join([clock(c, zone_of(z)) for z in zones]
                                               + [datetime.datetime.fromtimestamp(c - length, zone_of(z)).strftime("%H%M")
                                                  for z in zones for length in lengths]) + "\n" for c in candidates)
        path = os.environ.get("RECORDERS", "")
        output = subprocess.run(["/bin/sh", "-c", script], input=feed, capture_output=True, text=True,
                                env={"PATH": (path + ":" if path else "") + "/usr/bin:/bin", "TZ": zone,
                                     "XDG_RUNTIME_DIR": "/run/user/0", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/0/bus"}).stdout
        now = None
        fired = 0
        for line in output.split("\n"):
            if line.startswith("T "):
                now = int(line[2:])
            elif line == "FIRED" or line.startswith("FIRED "):
                who = line[6:] or ident
                stamp = datetime.datetime.fromtimestamp(now, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                fires.setdefault(who, []).append(stamp)
                fired += 1
            elif line.startswith("RAN "):
                stamp = datetime.datetime.fromtimestamp(now, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                fires.setdefault(ident + "/" + line[4:], []).append(stamp)
                fired += 1
        # The starts while the reminder is alive: from its first fire to its last.
        instants = [int(datetime.datetime.strptime(t, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp())
                    for key in fires if key == ident or key.startswith(ident + "/") for t in fires[key]]
        first, last = (min(instants), max(instants)) if instants else (0, -1)
        alive = sum(1 for c in candidates if first <= c <= last)
        starts.append((ident, len(candidates), fired, alive))
    if os.environ.get("STARTS"):
        with open(os.environ["STARTS"], "w", encoding="utf-8") as out:
            out.writelines("%s\t%d\t%d\t%d\n" % entry for entry in starts)
    print(json.dumps({"fires": fires, "dst": dst, "problems": problems}))


if __name__ == "__main__":
    main()
