"""A seeded fuzzer for remindc: hostile and wild inputs through every command.

    fuzz.py REMINDC SEED [SEED ...] [--inputs N] [--seconds S] [--keep FOLDER]
            [--jobs J] [--ceiling C] [--progress P]

Each seed drives its own reproducible stream of inputs: byte mutations of
the examples and fixtures, crowds of reminders at one instant repeating
every few seconds, and reminders from a grammar of every key with
extreme values (numbers past any range, years at and past the span remindc
works in, far exceptions and alerts, sub-second repeats, control
characters, broken YAML). Every input goes through check (text, JSON,
SARIF and GitHub), expand (JSONL and CSV), ics, ics --expand, crontab and
systemd (each with -o), the views (agenda, calendar, calendar --format
html), import of what ics wrote (as remindc's own, trusted) and of a copy
of it with changed bytes, a holiday calendar with changed bytes named in
`holidays: files:`, and `due` of its first reminder over `shown` and
`stopped` lines with changed values, each under a time-out, and these
must hold:

- the exit status is 0, 1 or 2, never a signal and never the time-out;
- ics output parses with python icalendar (and its years have four digits)
  and with libical (Oracles/libical_check.c, built when libical-dev is
  there): no X-LIC-ERROR, and its iterator takes every RRULE;
- a crontab passes `crontab -n` when Debian's cron is installed;
- systemd units pass `systemd-analyze verify` and each OnCalendar= value
  `systemd-analyze calendar`, when systemd is installed, and the first
  services' ExecCondition=, run as systemd would (at NOW), answers 0 or 1
  with nothing on stderr: the guard every alert of a timer runs;
- JSON and JSONL outputs parse, SARIF as version 2.1.0 with its runs;
- remindc's own .ics imports as a file that checks as the input did; a
  changed one imports, is said or refused, never as a file its reader
  refuses as YAML, and a failed import leaves no -o file;
- the views' text shows no control or direction character (U+202A...
  U+202E, U+2066...U+2069), and no line past COLUMNS (120) by much;
- check's text and GitHub's format show no control character a terminal
  or a runner would act on (C0 but line breaks and tabs, DEL, C1), and
  GitHub's is workflow commands only, one a line;
- CSV parses as RFC 4180 rows of five fields, with no control character
  but line breaks and tabs;
- a failed run leaves no -o file, no units folder and no temporary file,
  and no -o write fails (every target is in the worker's own folder);
- no run takes more than 4 GiB of address space (a run past it ends by a
  signal);
- with --ceiling C, no command takes more than C seconds: a run past C
  while the jobs share the machine is timed again alone at the end (best of
  three; the 40 slowest of each worker), and is a failure only if it is
  still past C. An input with a command past the 20 s time-out is judged
  again alone at the end (the first 5 of each worker; the rest fail at once),
  since a loaded machine can starve a niced worker.

Seeds are dealt in turn to J worker processes (default 1); each worker runs
its seeds one after another, each N inputs or its share of S seconds,
whichever comes first, so a seed's stream of inputs is the same whatever J
is. On a failure it prints the seed, the input's number and the broken
promise, keeps the input in FOLDER (default: a temporary folder, named),
goes on with the worker's next seed, and exits 1 at the end. It prints how
many inputs ran and the slowest command, whose input it keeps as
slowest.yaml in FOLDER when one is given; with --progress P, each worker
prints how far it is every P seconds, so a run cut short still tells.
"""
import collections
import csv
import io
import json
import os
import random
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SEEDS_FROM = [os.path.join(ROOT, "examples", name) for name in sorted(os.listdir(os.path.join(ROOT, "examples")))
              if name.endswith(".yaml")]
for folder in ("ics", "expand", "check", "hostile"):
    path = os.path.join(ROOT, "Tests", "RemindCLITests", "Fixtures", folder)
    if os.path.isdir(path):
        SEEDS_FROM += [os.path.join(path, name) for name in sorted(os.listdir(path)) if name.endswith(".yaml")]

NOW = "2026-11-29T12:00:00Z"
TIME_OUT = 20
# libical stepping a file's SECONDLY rules, which can take it minutes.
LIBICAL_TIME_OUT = 5
# How many inputs with a time-out each worker judges again alone at the end.
STARVED_KEPT = 5
# How many runs past the ceiling each worker keeps to time again alone: its slowest.
OVER_KEPT = 40
# The services whose guard (`remindc due`) each input runs.
GUARDS_RUN = 3
# A workflow command of `check --format github`, alone on its line.
WORKFLOW_COMMAND = re.compile(r"::(error|warning|notice) [^\r\n]*::[^\r\n]*")
# What a terminal or a runner would act on: every C0 control but line breaks and tabs, DEL, C1.
HIDDEN_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

NUMBERS = ["0", "1", "-1", "59", "60", "999999999", "1000000000", "9223372036854775807", "9223372036854775808",
           "-9223372036854775808", "99999999999999999999", "1e9", "0x10", "007", ".5", "NaN"]
YEARS = ["1899", "1900", "1970", "2026", "2582", "2583", "2599", "2600", "9999", "0000", "0001"]
ZONES = ["UTC", "floating", "Europe/Berlin", "America/New_York", "Pacific/Apia", "Australia/Lord_Howe", "Asia/Kolkata",
         "Africa/Casablanca", "Etc/GMT+12", "Pacific/Kiritimati", "Nowhere/Else", "+05:00", ""]
# Written into the file as JSON strings, which YAML reads: the controls are real.
TEXTS = ["Plain", "a, b; c\\\\ d", "\x1b]0;pwned\x07\x1b[2J\x85", "line\nbreak\r\n", "BEGIN:VALARM", "%0A::error::x",
         "$(touch /tmp/remindc-fuzz-pwned)", "`id`", "'\"", "⏰" * 40, "w" * 1200, ""]
DURATIONS = ["5m", "1h30m", "2d", "1w", "PT5M", "P1D", "0s", "-5m", "90s", "100000000d", "9223372036854775808s",
             "PT9223372036854775808S", "999999999w", "1y"]
REPEATS = ["daily", "hourly", "minutely", "weekdays", "every 1 second", "every 30 seconds", "every 999999999 years",
           "{every: week, on: [mon, wed, fri]}", "{every: month, days: [31, -1], position: [-1]}",
           "{every: year, months: [feb], days: [29, 30]}", "{every: month, on: [5th fri]}",
           "{every: %s seconds, count: 2147483647}", "{rrule: 'FREQ=SECONDLY;BYHOUR=9,17;COUNT=%s'}",
           "{rrule: 'FREQ=MINUTELY;BYDAY=MO;BYMONTH=2;COUNT=%s'}", "{rrule: 'FREQ=DAILY;BYHOUR=8,9;BYMINUTE=0,30;COUNT=%s'}",
           "{every: %s minutes}", "{rrule: 'FREQ=HOURLY;INTERVAL=%s'}",
           "{every: 1 second, days: [-1]}", "{every: minute, except: ['%s-09-04T00:00:00']}",
           "{every: day, times: ['08:00', '20:30'], count: %s}", "{every: day, until: %s-01-01}",
           "{rrule: 'FREQ=HOURLY;BYMINUTE=15,45'}", "{rrule: 'FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO'}",
           "{rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=%s'}", "{every: year, calendar: hebrew}",
           "{every: %s minutes}", "{every: day, also: ['%s-12-31 23:59']}"]


def grammar(rng):
    """A wild but mostly well-formed file."""
    lines = []
    if rng.random() < 0.8:
        lines.append("timezone: " + rng.choice(ZONES))
    if rng.random() < 0.3:
        lines.append("uid-domain: " + rng.choice(["example.com", "x", "a b", "\\e", "d" * 250 + ".example"]))
    if rng.random() < 0.3:
        lines += ["categories:", "  task:", "    actions:",
                  "      - {id: done, title: Done, destructive: true}",
                  "      - {id: later, title: %s, snooze: %s}" % (json.dumps(rng.choice(TEXTS)), rng.choice(DURATIONS))]
    if rng.random() < 0.2:
        lines += ["lint:", "  min-gap: " + rng.choice(DURATIONS), "  quiet-hours: '22:00-07:00'"]
    lines.append("reminders:")
    for index in range(rng.randint(0, 6)):
        year = rng.choice(YEARS)
        at = rng.choice(["%s-12-01 09:00" % year, "%s-02-29" % year, "%s-03-28 02:30" % year, "%s-12-31T23:59:59.5" % year,
                         "%s-01-01T00:00:00+14:00" % year, "2026-12-01 09:00", "09:00", "tomorrow"])
        # A long id makes names past the 255 bytes of a unit's or a file's name.
        identifier = "r%d" % index + ("-" + "x" * 300 if rng.random() < 0.05 else "")
        lines += ["  - id: " + identifier, "    title: " + json.dumps(rng.choice(TEXTS)), "    at: " + json.dumps(at)]
        if rng.random() < 0.4:
            lines.append("    timezone: " + json.dumps(rng.choice(ZONES)))
        if rng.random() < 0.8:
            repeat = rng.choice(REPEATS)
            if "%s" in repeat:
                repeat = repeat % rng.choice(YEARS + NUMBERS)
            lines.append("    repeat: " + repeat)
        alerts = ["[%s, %s]" % (rng.choice(DURATIONS), rng.choice(DURATIONS)), "[1d, 15m, 0s]", "[]", "[5m, 5m]"]
        for key, values in (("before", DURATIONS + alerts), ("alert-time", ["09:00", "'18:00'", "'23:59:59.5'", "'24:00'", "noon"]),
                            ("badge", NUMBERS), ("note", [json.dumps(t) for t in TEXTS]),
                            ("sound", ["default", "none", "sounds/x.wav", json.dumps("s" * 900 + ".wav")]),
                            ("todo", ["true", "false", "yes"]), ("category", ["task", "nope"]),
                            ("action", ["none", json.dumps(rng.choice(TEXTS))])):
            if rng.random() < 0.25:
                lines.append("    %s: %s" % (key, rng.choice(values)))
        if rng.random() < 0.1:
            lines.append("    data: {k: %s}" % json.dumps(rng.choice(TEXTS)))
    return ("\n".join(lines) + "\n").encode("utf-8")


def crowd(rng):
    """Many reminders at one instant, each repeating every few seconds: a
    few kilobytes that are millions of alerts a day."""
    at = rng.choice(["2026-11-29 12:00", "2026-12-01 09:00", "2027-03-28 02:30"])
    lines = ["timezone: " + rng.choice(["UTC", "Europe/Berlin"]), "reminders:"]
    for index in range(rng.randint(10, 80)):
        every = rng.choice(["every 1 second", "every %d seconds" % rng.randint(1, 59),
                            "{rrule: 'FREQ=SECONDLY;INTERVAL=%d'}" % rng.randint(1, 59), "minutely"])
        lines.append("  - {id: c%d, title: Crowd %d, at: %s, repeat: %s}" % (index, index, at, every))
    return ("\n".join(lines) + "\n").encode("utf-8")


def mutation(rng, sources):
    """Bytes of an example or fixture, changed a few times."""
    data = bytearray(open(rng.choice(sources), "rb").read())
    for _ in range(rng.randint(1, 8)):
        kind = rng.random()
        position = rng.randrange(len(data) + 1)
        if kind < 0.3 and data:
            del data[position:position + rng.randint(1, 20)]
        elif kind < 0.6:
            data[position:position] = rng.choice([b"\x00", b"\x1b[2J", b"\xff\xfe", b"\t", b"\r", b": ", b"- ", b"{", b"]",
                                                 b"&a ", b"*a", b"!!binary ", b"9223372036854775808", b"'", b'"', b"\n  "])
        elif data:
            data[position - 1 if position else 0] = rng.randrange(256)
    return bytes(data)


# A holiday calendar as governments publish them, which the fuzzer changes.
HOLIDAYS = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            b"BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261225\r\nDTEND;VALUE=DATE:20261227\r\nSUMMARY:Christmas\r\nEND:VEVENT\r\n"
            b"BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270101\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:New Year\r\nEND:VEVENT\r\n"
            b"END:VCALENDAR\r\n")

# What a changed calendar gets: lines that open, close and change
# components, bytes that are not UTF-8, a noncharacter, folds, empty values.
ICS_TOKENS = [b"BEGIN:VEVENT\r\n", b"END:VEVENT\r\n", b"END:VALARM\r\n", b"BEGIN:X-A\r\n" * 40,
              b"RECURRENCE-ID:20261201T090000Z\r\n", b"UID:x\r\n", b"RRULE:\r\n", b"CATEGORIES:\r\n", b"SEQUENCE:9\r\n",
              b"X-REMINDC-CATEGORY-MINIMAL:a\\nb: c\r\n", b"DTSTART;TZID=Japan:20261201T090000\r\n", b"\xff", b"\xef\xbf\xbe",
              b"\r\n ", b";X-Q=\"a:b\"", b"\\;", b"\x00", b"STATUS:CANCELLED\r\n"]


# The address space a remindc run may take: a small input never needs a
# fraction of it, and a run that would (a view of a repeat every second
# once took 4.5 GB) ends by a signal, which is a failure.
MEMORY_LIMIT = 4 << 30


def bounded_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


class Failure(Exception):
    pass


class TimedOut(Failure):
    """A command that did not end within the time-out."""


# The outputs' own readers found on this machine: whether `crontab -n`
# works, the libical harness (or None), systemd-analyze's path (or None).
Judges = collections.namedtuple("Judges", "crontab libical systemd")


def emptied(folder, keeping=()):
    """Removes everything in `folder` but the names in `keeping`, folders (units) included."""
    for name in os.listdir(folder):
        if name in keeping:
            continue
        path = os.path.join(folder, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)


class Fuzzing:
    """One worker's state: its folder, the slowest run, the runs over the ceiling."""

    def __init__(self, remindc, judges, ceiling):
        self.remindc = remindc
        self.crontab_check = judges.crontab
        self.libical = judges.libical
        self.systemd_analyze = judges.systemd
        self.ceiling = ceiling
        self.folder = tempfile.mkdtemp(prefix="remindc-fuzz-")
        self.path = os.path.join(self.folder, "input.yaml")
        self.label = ""
        # The slowest run so far: seconds, the command, the input's label and bytes.
        self.slowest = (0.0, [], "", b"")
        # Runs past the ceiling, timed again alone at the end: the slowest few are kept.
        self.over = []
        self.over_count = 0
        # Outputs whose SECONDLY rules libical took past the time-out to step.
        self.libical_slow = 0
        # Sets of units systemd-analyze read.
        self.units_judged = 0
        # Services whose guard ran.
        self.guards_run = 0

    def run(self, arguments, timeout=TIME_OUT, extra=None):
        environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", NO_COLOR="1", TZ="UTC", COLUMNS="120", **(extra or {}))
        try:
            begun = time.monotonic()
            result = subprocess.run(arguments, capture_output=True, timeout=timeout, env=environment, preexec_fn=bounded_memory)
            took = time.monotonic() - begun
        except subprocess.TimeoutExpired:
            raise TimedOut("%s: no end within %d s" % (" ".join(arguments[1:]), timeout))
        if took > self.slowest[0] or (self.ceiling is not None and took > self.ceiling):
            record = (took, arguments, self.label, open(self.path, "rb").read())
            if took > self.slowest[0]:
                self.slowest = record
            if self.ceiling is not None and took > self.ceiling:
                self.over_count += 1
                self.over.append(record)
                if len(self.over) > OVER_KEPT:
                    self.over.remove(min(self.over, key=lambda kept: kept[0]))
        if result.returncode not in (0, 1, 2):
            raise Failure("%s: exit %d%s" % (" ".join(arguments[1:]), result.returncode,
                                             " (signal %d)" % -result.returncode if result.returncode < 0 else ""))
        # Every -o target is in the worker's own folder: nothing stops a write there.
        if result.returncode == 2 and b"Error: cannot write" in result.stderr:
            raise Failure("%s: %s" % (" ".join(arguments[1:]), result.stderr.decode(errors="replace")[:300]))
        return result

    def check_input(self):
        import icalendar
        remindc, path, folder = self.remindc, self.path, self.folder
        result = self.run([remindc, "check", path, "--now", NOW, "--horizon", "30d"])
        clean = result.returncode == 0
        shown = HIDDEN_CONTROL.search((result.stdout + result.stderr).decode("utf-8", errors="replace"))
        if shown:
            raise Failure("check: a control character reaches the terminal: %r" % shown.group())
        result = self.run([remindc, "check", "--format", "json", path, "--now", NOW, "--horizon", "30d"])
        if result.returncode in (0, 1):
            json.loads(result.stdout or b"{}")
        result = self.run([remindc, "check", "--format", "sarif", path, "--now", NOW, "--horizon", "30d"])
        if result.returncode in (0, 1):
            sarif = json.loads(result.stdout)
            if sarif.get("version") != "2.1.0" or not isinstance(sarif.get("runs"), list):
                raise Failure("check --format sarif: no SARIF 2.1.0 log")
        result = self.run([remindc, "check", "--format", "github", path, "--now", NOW, "--horizon", "30d"])
        if result.returncode in (0, 1):
            for line in result.stdout.decode("utf-8").split("\n")[:-1]:
                if not WORKFLOW_COMMAND.fullmatch(line) or HIDDEN_CONTROL.search(line):
                    raise Failure("check --format github: a line that is not one workflow command: %r" % line[:200])
        # The default horizon (a year) and the default --expand window (a
        # year, each reminder's components bounded): only timed, under the
        # ceiling, and the .ics not judged (the hour below is).
        self.run([remindc, "check", "--quiet", path, "--now", NOW])
        self.run([remindc, "ics", "--expand", path, "--now", NOW, "-o", os.devnull])
        result = self.run([remindc, "expand", "--format", "jsonl", path, "--now", NOW, "--to", "2027-01-01",
                           "--limit", "50"])
        if result.returncode == 0:
            for line in result.stdout.splitlines():
                json.loads(line)
        result = self.run([remindc, "expand", "--format", "csv", path, "--now", NOW, "--to", "2027-01-01",
                           "--limit", "50"])
        if result.returncode == 0:
            text = result.stdout.decode("utf-8")
            rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
            if not rows or rows[0] != ["reminder", "start", "utc", "timezone", "title"] or any(len(row) != 5 for row in rows):
                raise Failure("expand --format csv: not rows of five fields under the header")
            shown = HIDDEN_CONTROL.search(text)
            if shown:
                raise Failure("expand --format csv: a control character: %r" % shown.group())
        # An hour of --expand: a repeat every second is 3,600 components.
        for extra in ([], ["--expand", "--to", "2026-11-29T13:00:00Z"]):
            target = os.path.join(folder, "out.ics")
            result = self.run([remindc, "ics", path, "--now", NOW, "-o", target] + extra)
            written = os.path.exists(target)
            if result.returncode != 0 and written:
                raise Failure("ics %s: exit %d left an -o file" % (" ".join(extra), result.returncode))
            if result.returncode == 0:
                text = open(target, "rb").read().decode("utf-8")
                try:
                    icalendar.Calendar.from_ical(text)
                except Exception as error:
                    raise Failure("ics %s: python icalendar refuses the output: %s" % (" ".join(extra), error))
                if self.libical:
                    # libical steps a SECONDLY rule a second at a time (minutes for
                    # BYMONTHDAY=-1): slow, not refused, and `check` reports such
                    # repeats (client-support). Anything else slow is a finding.
                    secondly = "FREQ=SECONDLY" in text
                    try:
                        judged = subprocess.run([self.libical, target], capture_output=True,
                                                timeout=LIBICAL_TIME_OUT if secondly else TIME_OUT)
                    except subprocess.TimeoutExpired:
                        if not secondly:
                            raise Failure("ics %s: libical does not finish reading the output in %d s" % (
                                " ".join(extra), TIME_OUT))
                        self.libical_slow += 1
                        judged = subprocess.run([self.libical, "--no-step", target], capture_output=True, timeout=TIME_OUT)
                    refusal = judged.stdout.decode(errors="replace")
                    # libical keeps INTERVAL in 16 bits: a wider one is a
                    # reader's limit `check --for ics` reports (reader-support),
                    # which Fixtures/check/caldav.yaml writes on purpose.
                    wide = [int(value) for value in re.findall(r"INTERVAL=(\d+)", refusal)]
                    if judged.returncode != 0 and not (wide and all(value > 32767 for value in wide)
                                                       and "reader-support" in self.run([remindc, "check", "--for", "ics", path, "--now", NOW]).stdout.decode(errors="replace")):
                        raise Failure("ics %s: libical refuses the output: %s" % (" ".join(extra), refusal[:300]))
                if not extra:
                    self.check_import(target, clean)
                os.unlink(target)
        target = os.path.join(folder, "out.cron")
        result = self.run([remindc, "crontab", "--allow-inexact", "--zone", "Europe/Berlin", path, "--now", NOW,
                           "-o", target])
        if result.returncode != 0 and os.path.exists(target):
            raise Failure("crontab: exit %d left an -o file" % result.returncode)
        if result.returncode == 0 and self.crontab_check:
            checked = subprocess.run(["crontab", "-n", target], capture_output=True)
            if checked.returncode != 0:
                raise Failure("crontab -n refuses the output: " + checked.stderr.decode(errors="replace")[:300])
        if os.path.exists(target):
            os.unlink(target)
        self.check_views()
        self.check_holidays()
        self.check_state()
        self.check_units()
        leftovers = [name for name in os.listdir(folder) if "remindc-" in name and name.endswith(".tmp")]
        if leftovers:
            raise Failure("a temporary file stayed: %s" % leftovers)

    def check_views(self):
        """agenda, the month grid and the page: ended within the time-out (a
        repeat every second costs what a dozen a day cost), no control or
        direction character reaching the terminal, no line past COLUMNS."""
        remindc, path = self.remindc, self.path
        for arguments in (["agenda", "--days", "3"], ["calendar", "--month", "2026-12"], ["calendar", "--month", "2026-12", "--format", "html"]):
            result = self.run([remindc] + arguments + [path, "--now", NOW])
            if result.returncode != 0:
                continue
            text = result.stdout.decode("utf-8")
            if arguments[-1] != "html":
                shown = HIDDEN_CONTROL.search(text) or re.search("[\u202a-\u202e\u2066-\u2069]", text)
                if shown:
                    raise Failure("%s: a control character reaches the terminal: %r" % (arguments[0], shown.group()))
                wide = [line for line in text.split("\n") if len(line) > 160]
                if wide:
                    raise Failure("%s: a line of %d characters at COLUMNS 120: %r" % (arguments[0], len(wide[0]), wide[0][:120]))

    def check_holidays(self):
        """A holiday calendar the input's bytes changed: read, or refused at the
        line that names it; never a crash, never past the time-out."""
        data = bytearray(HOLIDAYS)
        rng = random.Random(zlib.crc32(open(self.path, "rb").read()))
        for _ in range(rng.randint(1, 6)):
            position = rng.randrange(len(data) + 1)
            if rng.random() < 0.3:
                del data[position:position + rng.randint(1, 40)]
            else:
                data[position:position] = rng.choice(ICS_TOKENS + [b"RRULE:FREQ=DAILY\r\n", b"DTEND;VALUE=DATE:29991231\r\n"])
        with open(os.path.join(self.folder, "days.ics"), "wb") as out:
            out.write(data)
        holidays = os.path.join(self.folder, "holidays.yaml")
        with open(holidays, "w") as out:
            out.write("timezone: UTC\nholidays: {files: [days.ics]}\nreminders:\n"
                      "  - {id: bins, title: Bins, at: 2026-12-01 07:00, repeat: weekly, if-holiday: next-working-day}\n")
        for arguments in (["check", holidays, "--now", NOW], ["agenda", holidays, "--now", NOW, "--days", "14"]):
            self.run([self.remindc] + arguments)

    def check_state(self):
        """`due` of the input's first reminder with `shown` and `stopped` lines
        changed: a bad line is skipped, never a crash (an overflow once ended
        every timer run)."""
        found = re.search(rb"id:\s*([A-Za-z0-9._-]+)", open(self.path, "rb").read())
        if not found:
            return
        rng = random.Random(zlib.crc32(found.group(1)))
        state = os.path.join(self.folder, "state", "remindc")
        os.makedirs(state, mode=0o700, exist_ok=True)
        values = [b"9223372036854775807", b"-9223372036854775808", b"1000000000000000000", b"1796000000", b"", b"x", b"\xff"]
        uid = found.group(1) + b"@input"
        with open(os.path.join(state, "shown"), "wb") as out:
            out.write(b"".join(rng.choice([uid, b"", b"\t", b"other@input"]) + b"\t" + rng.choice(values) + b"\n" for _ in range(4)))
        with open(os.path.join(state, "stopped"), "wb") as out:
            out.write(rng.choice([uid + b"\n", b"\xff\n", b"\n\n", b""]))
        self.run([self.remindc, "due", "--id", found.group(1).decode(), self.path, "--now", NOW],
                 extra={"XDG_STATE_HOME": os.path.join(self.folder, "state"), "HOME": self.folder})

    def check_import(self, calendar, clean):
        """import of ics's output: remindc's own file comes back as one that checks
        as the input did; the same calendar with its bytes changed is imported,
        said or refused, never a crash, never a file left by a failed run, never
        a reminder file its own reader refuses as YAML."""
        remindc, folder = self.remindc, self.folder
        written = os.path.join(folder, "imported.yaml")
        result = self.run([remindc, "import", calendar, "--trust", "-o", written])
        if result.returncode != 0 and os.path.exists(written):
            raise Failure("import: exit %d left an -o file" % result.returncode)
        if result.returncode == 0 and clean:
            checked = self.run([remindc, "check", written, "--now", NOW, "--horizon", "30d"])
            if checked.returncode != 0:
                raise Failure("import of ics's output does not check as the input does: %s"
                              % checked.stdout.decode(errors="replace")[:400])
        if os.path.exists(written):
            os.unlink(written)
        data = bytearray(open(calendar, "rb").read())
        rng = random.Random(zlib.crc32(bytes(data)))
        for _ in range(rng.randint(1, 6)):
            position = rng.randrange(len(data) + 1)
            if rng.random() < 0.3 and data:
                del data[position:position + rng.randint(1, 40)]
            else:
                data[position:position] = rng.choice(ICS_TOKENS)
        mutated = os.path.join(folder, "mutated.ics")
        with open(mutated, "wb") as out:
            out.write(data)
        result = self.run([remindc, "import", mutated, "-o", written])
        if result.returncode != 0 and os.path.exists(written):
            raise Failure("import of a changed calendar: exit %d left an -o file" % result.returncode)
        if result.returncode == 0:
            checked = self.run([remindc, "check", "--format", "json", written, "--now", NOW, "--horizon", "30d"])
            rules = set(re.findall(rb'"rule"\s*:\s*"([a-z-]+)"', checked.stdout))
            broken = rules & {b"yaml-syntax", b"invalid-utf8", b"control-character", b"duplicate-key", b"unknown-key",
                              b"duplicate-id", b"invalid-id", b"wrong-type"}
            if broken:
                raise Failure("import of a changed calendar wrote a file its reader refuses: %s" % sorted(broken))
            os.unlink(written)
        os.unlink(mutated)

    def check_units(self):
        """systemd -o: every unit or none, each read by systemd-analyze as remindc wrote it."""
        units = os.path.join(self.folder, "units")
        result = self.run([self.remindc, "systemd", "-o", units, self.path])
        written = sorted(os.listdir(units)) if os.path.isdir(units) else []
        if result.returncode != 0 and os.path.isdir(units):
            raise Failure("systemd: exit %d left the units folder: %s" % (result.returncode, written[:4]))
        leftovers = [name for name in written if name.endswith(".tmp")]
        if leftovers:
            raise Failure("systemd: a temporary file stayed: %s" % leftovers)
        if result.returncode == 0 and written and self.systemd_analyze:
            calendars = []
            for name in written:
                if name.endswith(".timer"):
                    with open(os.path.join(units, name), encoding="utf-8") as timer:
                        calendars += [line[len("OnCalendar="):].rstrip("\n") for line in timer if line.startswith("OnCalendar=")]
            if not calendars:
                raise Failure("systemd: timers with no OnCalendar=: %s" % written[:4])
            environment = dict(os.environ, XDG_RUNTIME_DIR=self.folder, HOME=self.folder, PATH="/usr/bin:/bin", TZ="UTC")
            # Each distinct event once, a batch at a time: timers that list
            # their alerts one by one hold many (an argument list has a limit).
            calendars = list(dict.fromkeys(calendars))
            for first in range(0, len(calendars), 1000):
                parsed = subprocess.run([self.systemd_analyze, "calendar"] + calendars[first:first + 1000], capture_output=True,
                                        env=environment, timeout=TIME_OUT)
                if parsed.returncode != 0:
                    raise Failure("systemd-analyze calendar refuses an OnCalendar=: " + parsed.stderr.decode(errors="replace")[:300])
            for first in range(0, len(written), 500):
                verified = subprocess.run([self.systemd_analyze, "--user", "verify", "--recursive-errors=no"]
                                          + [os.path.join(units, name) for name in written[first:first + 500]],
                                          capture_output=True, env=environment, timeout=TIME_OUT)
                if verified.returncode != 0 or verified.stderr.strip():
                    raise Failure("systemd-analyze verify refuses the units: " + verified.stderr.decode(errors="replace")[:300])
            self.units_judged += 1
        if result.returncode == 0:
            for name in [name for name in written if name.endswith(".service")][:GUARDS_RUN]:
                self.run_guard(os.path.join(units, name))
        if os.path.isdir(units):
            shutil.rmtree(units)


    def run_guard(self, service):
        """A service's ExecCondition= as systemd runs it: its words unquoted, `%%` as `%`."""
        with open(service, encoding="utf-8") as unit:
            lines = [line[len("ExecCondition="):].rstrip("\n") for line in unit if line.startswith("ExecCondition=")]
        if len(lines) != 1:
            raise Failure("systemd: %s has %d ExecCondition= lines" % (os.path.basename(service), len(lines)))
        words = [word.replace("%%", "%") for word in shlex.split(lines[0])]
        if os.path.realpath(words[0]) != os.path.realpath(self.remindc) or words[1:2] != ["due"]:
            raise Failure("systemd: %s guards with %r, not remindc due" % (os.path.basename(service), words[:2]))
        result = self.run(words + ["--now", NOW])
        self.guards_run += 1
        if result.returncode not in (0, 1) or result.stderr:
            raise Failure("systemd: the guard %s exits %d: %s" % (
                " ".join(words[1:]), result.returncode, result.stderr.decode(errors="replace")[:300]))


def keep_input(keep, name, data):
    kept = keep or tempfile.mkdtemp(prefix="remindc-fuzz-failure-")
    os.makedirs(kept, exist_ok=True)
    with open(os.path.join(kept, name), "wb") as out:
        out.write(data)
    return kept


def libical_harness(folder):
    """Oracles/libical_check.c built in `folder`, or None without a compiler or libical-dev."""
    try:
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libical"], capture_output=True, text=True)
    except OSError:
        return None
    if flags.returncode != 0 or shutil.which("cc") is None:
        return None
    binary = os.path.join(folder, "libical_check")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libical_check.c")
    built = subprocess.run(["cc", "-O1", "-o", binary, source] + flags.stdout.split(), capture_output=True)
    return binary if built.returncode == 0 else None


def worker(remindc, seeds, inputs, seconds, ceiling, keep, judges, progress):
    """Runs the seeds one after another, each with its share of the seconds; returns what it saw."""
    fuzzing = Fuzzing(remindc, judges, ceiling)
    started = time.monotonic()
    last_report = started
    count = 0
    failures = []
    starved = []
    try:
        for index, seed in enumerate(seeds):
            deadline = started + seconds * (index + 1) / len(seeds)
            rng = random.Random(seed)
            for number in range(inputs):
                if time.monotonic() > deadline:
                    break
                pick = rng.random()
                data = crowd(rng) if pick < 0.1 else grammar(rng) if pick < 0.55 else mutation(rng, SEEDS_FROM)
                # Nothing an earlier input left (a failed one keeps its output).
                emptied(fuzzing.folder)
                with open(fuzzing.path, "wb") as out:
                    out.write(data)
                fuzzing.label = "seed-%d-input-%d" % (seed, number)
                count += 1
                try:
                    fuzzing.check_input()
                except TimedOut as timed_out:
                    # A command starved by whatever shares the machine is judged again alone at
                    # the end; past a few, a time-out is a failure at once.
                    if len(starved) < STARVED_KEPT:
                        starved.append((seed, number, fuzzing.label, data, str(timed_out)))
                        continue
                    kept = keep_input(keep, fuzzing.label + ".yaml", data)
                    failures.append("seed %d, input %d: %s (kept in %s)" % (seed, number, timed_out, kept))
                    print("fuzz: " + failures[-1], flush=True)
                    break
                except Exception as failure:
                    kept = keep_input(keep, fuzzing.label + ".yaml", data)
                    what = failure if isinstance(failure, Failure) else "%s: %s" % (type(failure).__name__, failure)
                    failures.append("seed %d, input %d: %s (kept in %s)" % (seed, number, what, kept))
                    print("fuzz: " + failures[-1], flush=True)
                    break
                if progress and time.monotonic() - last_report >= progress:
                    last_report = time.monotonic()
                    print("fuzz: seed %d at input %d, %d inputs in %.0f s, slowest %.2f s" % (
                        seed, number, count, last_report - started, fuzzing.slowest[0]), flush=True)
    finally:
        shutil.rmtree(fuzzing.folder, ignore_errors=True)
    return {"count": count, "failures": failures, "slowest": fuzzing.slowest, "over": fuzzing.over,
            "over_count": fuzzing.over_count, "libical_slow": fuzzing.libical_slow, "units_judged": fuzzing.units_judged,
            "guards_run": fuzzing.guards_run, "starved": starved}


def timed_alone(record, folder):
    """The best of three runs of a recorded command, on its input, with nothing else of the fuzzer running."""
    _, arguments, _, data = record
    path = os.path.join(folder, "input.yaml")
    with open(path, "wb") as out:
        out.write(data)
    best = None
    for _ in range(3):
        emptied(folder, keeping=("input.yaml",))
        begun = time.monotonic()
        try:
            subprocess.run(arguments, capture_output=True, timeout=TIME_OUT,
                           env=dict(os.environ, SWIFT_BACKTRACE="enable=no", NO_COLOR="1", TZ="UTC"))
        except subprocess.TimeoutExpired:
            return float(TIME_OUT)
        took = time.monotonic() - begun
        best = took if best is None else min(best, took)
    return best


def _moved(record, folder):
    """The record with its worker's folder (gone now) replaced by the given one."""
    took, arguments, label, data = record
    old = None
    for argument in arguments:
        if argument.endswith("input.yaml"):
            old = os.path.dirname(argument)
    moved = [argument.replace(old, folder, 1) if old and argument.startswith(old) else argument
             for argument in arguments]
    return (took, moved, label, data)


def main():
    arguments = sys.argv[1:]
    remindc = arguments.pop(0)
    inputs, seconds, keep, jobs, ceiling, progress = 2000, 120.0, None, 1, None, 0.0
    seeds = []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--inputs":
            inputs = int(arguments.pop(0))
        elif argument == "--seconds":
            seconds = float(arguments.pop(0))
        elif argument == "--keep":
            keep = arguments.pop(0)
        elif argument == "--jobs":
            jobs = max(1, int(arguments.pop(0)))
        elif argument == "--ceiling":
            ceiling = float(arguments.pop(0))
        elif argument == "--progress":
            progress = float(arguments.pop(0))
        else:
            seeds.append(int(argument))
    tools = tempfile.mkdtemp(prefix="remindc-fuzz-tools-")
    # Debian's crontab -n reads a regular file only (not /dev/null).
    empty = os.path.join(tools, "empty.cron")
    open(empty, "wb").close()
    crontab_check = shutil.which("crontab") is not None and subprocess.run(
        ["crontab", "-n", empty], capture_output=True).returncode == 0
    judges = Judges(crontab_check, libical_harness(tools), shutil.which("systemd-analyze"))
    started = time.monotonic()
    # Seeds are dealt to the jobs in turn; each job gives its seeds equal shares of the seconds.
    jobs = min(jobs, len(seeds))
    shares = [seeds[index::jobs] for index in range(jobs)]
    work = [(remindc, share, inputs, seconds, ceiling, keep, judges, progress) for share in shares]
    try:
        if jobs == 1:
            results = [worker(*work[0])]
        else:
            import multiprocessing
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                results = pool.starmap(worker, work)
        count = sum(result["count"] for result in results)
        failures = [failure for result in results for failure in result["failures"]]
        # Inputs whose commands timed out while the jobs ran, judged again alone, all of it.
        starved = [entry for result in results for entry in result["starved"]]
        alone_over = []
        for seed, number, label, data, what in starved:
            again = Fuzzing(remindc, judges, ceiling)
            again.label = label
            try:
                with open(again.path, "wb") as out:
                    out.write(data)
                again.check_input()
                alone_over += again.over
            except Exception as failure:
                kept = keep_input(keep, label + ".yaml", data)
                failures.append("seed %d, input %d: %s while the jobs ran, and alone: %s (kept in %s)" % (
                    seed, number, what, failure, kept))
                print("fuzz: " + failures[-1], flush=True)
            finally:
                shutil.rmtree(again.folder, ignore_errors=True)
        slowest = max((result["slowest"] for result in results), key=lambda record: record[0])
        # A run past the ceiling while the jobs share the cores is timed again alone: only a run
        # that is slow by itself breaks the promise.
        over_count = sum(result["over_count"] for result in results) + len(alone_over)
        slow = []
        if ceiling is not None and over_count:
            folder = tempfile.mkdtemp(prefix="remindc-fuzz-retime-")
            try:
                for record in [record for result in results for record in result["over"]] + alone_over:
                    took_alone = timed_alone(_moved(record, folder), folder)
                    if took_alone > ceiling:
                        kept = keep_input(keep, "slow-%s.yaml" % record[2], record[3])
                        slow.append("%s: %s takes %.2f s alone, past the %.2f s ceiling (kept in %s)" % (
                            record[2], " ".join(record[1][1:]), took_alone, ceiling, kept))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        for line in slow:
            print("fuzz: " + line)
        if starved:
            print("fuzz: %d inputs with a run past %d s while the jobs ran, judged again alone" % (len(starved), TIME_OUT))
        if ceiling is not None:
            print("fuzz: %d runs past %.2f s while the jobs ran, %d of them timed again alone, %d slow alone" % (
                over_count, ceiling, sum(len(result["over"]) for result in results), len(slow)))
        readers = "python icalendar and libical" if judges.libical else "python icalendar"
        print("fuzz: .ics read by %s; crontabs %s; systemd units %s" % (
            readers, "checked by crontab -n" if judges.crontab else "not checked",
            "of %d inputs read by systemd-analyze" % sum(result["units_judged"] for result in results)
            if judges.systemd else "not checked"))
        print("fuzz: %d services' guards (remindc due) run" % sum(result["guards_run"] for result in results))
        slow_for_libical = sum(result["libical_slow"] for result in results)
        if slow_for_libical:
            print("fuzz: %d .ics with SECONDLY rules libical read but took over %d s to step (parsed again without stepping)" % (
                slow_for_libical, LIBICAL_TIME_OUT))
        if not failures and not slow:
            print("fuzz: %d inputs, seeds %s, %d jobs, %.0f s, no failure" % (
                count, seeds, jobs, time.monotonic() - started))
        else:
            print("fuzz: %d inputs, seeds %s, %d jobs, %.0f s, %d failures" % (
                count, seeds, jobs, time.monotonic() - started, len(failures) + len(slow)))
        # The slowest command, and its input kept, to look at what costs most.
        print("fuzz: slowest run %.2f s: %s (%s)" % (slowest[0], " ".join(slowest[1][1:]), slowest[2]))
        if keep:
            os.makedirs(keep, exist_ok=True)
            with open(os.path.join(keep, "slowest.yaml"), "wb") as out:
                out.write(slowest[3])
        if failures or slow:
            sys.exit(1)
    finally:
        shutil.rmtree(tools, ignore_errors=True)
        if os.path.exists("/tmp/remindc-fuzz-pwned"):
            print("fuzz: a reminder's text ran a command")
            sys.exit(1)


if __name__ == "__main__":
    main()
