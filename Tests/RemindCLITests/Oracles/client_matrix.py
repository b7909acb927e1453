"""Reads one .ics of remindc's with the calendar clients that run headless,
and compares each one's occurrences with `remindc expand`'s.

    client_matrix.py FILE.ics EXPECTED.jsonl FROM TO [FROM TO ...]
    client_matrix.py --table | --entries

EXPECTED.jsonl is `remindc expand --format jsonl --zone UTC` over the
windows widened by two days. Each FROM TO pair is a window of UTC instants
(YYYY-MM-DDTHH:MM:SSZ). An occurrence is [reminder id, label], the label
"utc:...Z" for zoned and UTC times, "floating:..." for floating times (read
as UTC for the window), "date:YYYY-MM-DD" for dates; a to-do's time is its
DTSTART, or its DUE when it has none.

Prints one JSON object per client: its name and version, "occurrences"
(how many it read), "explained" (per entry of KNOWN_BUGS, how many
differences it accounts for), and "unexplained" (up to twenty differences no
entry accounts for, each ["missing" or "extra", id, label]). A client that
cannot run says why in "error". `--table` prints KNOWN_BUGS as the README's
Markdown table, `--entries` its clients and names as JSON.

The clients: icalendar with recurring-ical-events, vobject, libical (through
the harness Oracles/libical_check.c, given as REMINDC_LIBICAL_HARNESS), ical,
Radicale (a server on 127.0.0.1 this script starts, one resource per
component, expanded by the server's calendar-query REPORT), the caldav
client library against the same server, khal (importing into a vdir in a
temporary folder), calcurse (importing into a temporary folder) and
sabre/vobject 2.1 (PHP, through Oracles/vobject21_expand.php).
"""
import datetime
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import zoneinfo

UTC = datetime.timezone.utc


def parse_utc(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def label(moment):
    """The label of a start as a library gives it: a date, a naive
    (floating) date-time or an aware one."""
    if isinstance(moment, datetime.datetime):
        if moment.tzinfo is None:
            return "floating:" + moment.strftime("%Y-%m-%dT%H:%M:%S")
        return "utc:" + moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return "date:" + moment.strftime("%Y-%m-%d")


def as_instant(moment):
    """A date, naive or aware date-time as an aware one: a date at its
    midnight and a naive time read as UTC, for comparing with a window."""
    if not isinstance(moment, datetime.datetime):
        moment = datetime.datetime(moment.year, moment.month, moment.day)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def label_instant(text):
    """A label's time read as UTC, for the window."""
    kind, value = text.split(":", 1)
    if kind == "date":
        return datetime.datetime.strptime(value, "%Y-%m-%d").replace(tzinfo=UTC)
    return datetime.datetime.strptime(value.rstrip("Z"), "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)


# MARK: What the file says, read once with python icalendar.

class Component:
    """What the known-bug predicates look at: one VEVENT or VTODO."""

    def __init__(self, parsed):
        self.kind = parsed.name
        self.id = str(parsed.get("X-REMINDC-ID"))
        self.uid = str(parsed.get("UID"))
        self.summary = str(parsed.get("SUMMARY"))
        start = parsed.get("DTSTART") or parsed.get("DUE")
        self.tzid = start.params.get("TZID") if start is not None else None
        self.is_date = start is not None and not isinstance(start.dt, datetime.datetime)
        self.is_floating = start is not None and not self.is_date and start.dt.tzinfo is None
        rule = parsed.get("RRULE")
        self.rule = rule.to_ical().decode() if rule is not None else None
        self.has_rdate = parsed.get("RDATE") is not None
        # Each RDATE as its label, and as the label of its wall-clock time
        # misread as UTC.
        self.rdates = set()
        self.rdates_as_utc = set()
        additions = parsed.get("RDATE")
        for property in additions if isinstance(additions, list) else [additions] if additions is not None else []:
            for value in property.dts:
                self.rdates.add(label(value.dt))
                if isinstance(value.dt, datetime.datetime) and value.dt.tzinfo is not None:
                    self.rdates_as_utc.add(label(value.dt.replace(tzinfo=UTC)))
        self.has_exdate = parsed.get("EXDATE") is not None
        self.starts_at_midnight = start is not None and not self.is_date and start.dt.time() == datetime.time(0)
        # Whether DTSTART's date in its zone is another day in UTC.
        self.start_day_shifts = start is not None and self.tzid is not None \
            and start.dt.date() != start.dt.astimezone(UTC).date()
        self.has_start = parsed.get("DTSTART") is not None
        # A parameter value with a double quote, which RFC 6868 writes ^'.
        self.has_caret_quote = b"^'" in parsed.to_ical()


def components_of(text):
    import icalendar
    calendar = icalendar.Calendar.from_ical(text)
    return [Component(c) for c in calendar.walk() if c.name in ("VEVENT", "VTODO")]


def gap_near(tzid, instant, hours=3):
    """Whether a daylight-saving gap of the zone `tzid` lies within its
    length plus `hours` of `instant`."""
    return changes_near(tzid, instant, hours, later=True)


def zone_changes_offset(tzid):
    """Whether the zone's offset changes in the span the tests look at."""
    zone = zoneinfo.ZoneInfo(tzid)
    moments = [datetime.datetime(2026, month, 15, tzinfo=UTC) for month in range(1, 13)]
    return len({moment.astimezone(zone).utcoffset() for moment in moments}) > 1


def changes_near(tzid, instant, hours, later):
    """Whether the zone's offset grows (later=True: a gap) or shrinks (a
    fold) within `hours` of `instant`, looked at every half hour."""
    try:
        zone = zoneinfo.ZoneInfo(tzid)
    except Exception:
        return False
    step = datetime.timedelta(minutes=30)
    moment = instant - datetime.timedelta(hours=hours + 2)
    end = instant + datetime.timedelta(hours=hours + 2)
    previous = moment.astimezone(zone).utcoffset()
    while moment < end:
        moment += step
        offset = moment.astimezone(zone).utcoffset()
        if (offset > previous) if later else (offset < previous):
            return True
        previous = offset
    return False


def near_fold(component, occurrence, hours=3):
    """Within `hours` of a change back of its zone's clocks, when a wall-clock
    time comes twice."""
    return component.tzid is not None and occurrence[1].startswith("utc:") \
        and changes_near(component.tzid, label_instant(occurrence[1]), hours, later=False)


def at_skipped_time_after_gap(component, occurrence, days=35):
    """At a time of day that a daylight-saving gap of its zone skipped (an
    hour either way, for a reading an hour off), in the `days` after it."""
    if component.tzid is None or not occurrence[1].startswith("utc:"):
        return False
    zone = zoneinfo.ZoneInfo(component.tzid)
    instant = label_instant(occurrence[1])
    step = datetime.timedelta(minutes=30)
    moment = instant.replace(minute=0, second=0) - datetime.timedelta(days=days)
    previous = moment.astimezone(zone).utcoffset()
    while moment < instant:
        moment += step
        offset = moment.astimezone(zone).utcoffset()
        if offset > previous:
            # Clocks went from `moment` read with the old offset to the
            # same instant read with the new one: those times were skipped.
            first = (moment + previous).replace(tzinfo=None).time()
            last = (moment + offset).replace(tzinfo=None).time()
            for shift in (0, 1, -1):
                local = (instant + shift * (offset - previous)).astimezone(zone).replace(tzinfo=None).time()
                if first <= local < last:
                    return True
        previous = offset
    return False


def near_gap(component, occurrence, hours=3):
    return component.tzid is not None and occurrence[1].startswith("utc:") \
        and gap_near(component.tzid, label_instant(occurrence[1]), hours)


def skipped_or_near_change(component, occurrence):
    """Within three hours of a change of offset of its zone, either way."""
    if component.tzid is None or not occurrence[1].startswith("utc:"):
        return False
    zone = zoneinfo.ZoneInfo(component.tzid)
    instant = label_instant(occurrence[1])
    offsets = {(instant + datetime.timedelta(minutes=m)).astimezone(zone).utcoffset() for m in range(-300, 301, 30)}
    return len(offsets) > 1


# MARK: The known client bugs: one table, the README's section.

KNOWN_BUGS = [
    {
        "client": "vobject", "version": "0.9.9", "name": "gap-after",
        "reason": "reads a skipped wall-clock time with the offset after the gap (RFC 5545 §3.3.5 says before: 02:30 is 03:30, not 01:30)",
        "applies": near_gap,
    },
    {
        "client": "radicale", "version": "3.9.0", "name": "gap-after",
        "reason": "reads a skipped wall-clock time with the offset after the gap (RFC 5545 §3.3.5 says before: 02:30 is 03:30, not 01:30)",
        "applies": near_gap,
    },
    {
        "client": "radicale", "version": "3.9.0", "name": "expand-drops-one-offs",
        "reason": "an expanded REPORT leaves out every component without an RRULE, its RDATEs too",
        "applies": lambda c, o: c.rule is None,
    },
    {
        "client": "radicale", "version": "3.9.0", "name": "todos-unexpanded",
        "reason": "expands events only: a calendar-query with expand returns a repeating to-do as its first instance",
        "applies": lambda c, o: c.kind == "VTODO" and (c.rule is not None or c.has_rdate),
    },
    {
        "client": "radicale", "version": "3.9.0", "name": "floating-expand-fails",
        "reason": "fails (500) to expand a repeating event with floating times (it compares them with the UTC window)",
        "applies": lambda c, o: c.is_floating and (c.rule is not None or c.has_rdate),
    },
    {
        "client": "libical", "version": "3.0.16", "name": "rdate-as-utc",
        "reason": "icalcomponent_foreach_recurrence reads an RDATE's local time as UTC, ignoring its TZID",
        "applies": lambda c, o: o[1] in c.rdates or o[1] in c.rdates_as_utc,
    },
    {
        "client": "libical", "version": "3.0.16", "name": "gap-next-day",
        "reason": "after a daylight-saving gap, reads a later instance at the time of day it skipped (02:45 in Berlin) an hour off",
        "applies": lambda c, o: near_gap(c, o, hours=27) or at_skipped_time_after_gap(c, o),
    },
    {
        "client": "libical", "version": "3.0.16", "name": "fold-second",
        "reason": "reads a wall-clock time that comes twice as the second (RFC 5545 §3.3.5 says the first)",
        "applies": near_fold,
    },
    {
        "client": "ical", "version": "14.3.1", "name": "rdates-without-dtstart",
        "reason": "reads a component with RDATEs and no rule as its RDATEs alone, leaving DTSTART out",
        "applies": lambda c, o: c.rule is None and c.has_rdate and o[1] not in c.rdates,
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "summary-line-break",
        "reason": "skips an item whose SUMMARY has a line break",
        "applies": lambda c, o: "\n" in c.summary or "\r" in c.summary,
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "todos-undated",
        "reason": "imports to-dos into its list without their dates",
        "applies": lambda c, o: c.kind == "VTODO",
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "no-sub-daily-rules",
        "reason": "skips HOURLY, MINUTELY and SECONDLY rules (\"rrule frequency not supported\")",
        "applies": lambda c, o: c.rule is not None and re.search(r"FREQ=(HOURLY|MINUTELY|SECONDLY)", c.rule) is not None,
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "no-rdate",
        "reason": "ignores RDATE",
        "applies": lambda c, o: o[1] in c.rdates,
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "no-bysetpos",
        "reason": "ignores BYSETPOS, so a rule that picks one day of several gives them all",
        "applies": lambda c, o: c.rule is not None and "BYSETPOS" in c.rule,
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "one-time-a-day",
        "reason": "ignores BYHOUR, BYMINUTE and BYSECOND lists: a rule fires once a day, at DTSTART's time",
        "applies": lambda c, o: c.rule is not None and re.search(r"BY(HOUR|MINUTE|SECOND)=[^;]*,", c.rule) is not None,
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "machine-zone",
        "reason": "repeats a zoned event in the machine's zone: instances after the event's zone changes offset are an "
                  "hour off, and a rule whose DTSTART falls on another day there is skipped",
        "applies": lambda c, o: c.tzid is not None and (c.start_day_shifts or zone_changes_offset(c.tzid)),
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "leap-year-day",
        "reason": "counts BYYEARDAY in a leap year as in other years: day 60 is 1 March, not 29 February",
        "applies": lambda c, o: c.rule is not None and "BYYEARDAY" in c.rule
        and o[1].split(":", 1)[1][5:10] in ("02-28", "02-29", "03-01", "03-02"),
    },
    {
        "client": "calcurse", "version": "4.7.1", "name": "midnight-rule-hangs", "withheld": True,
        "reason": "never finishes importing a repeating event whose DTSTART is a time at midnight, so such reminders are "
                  "left out of its run",
        "applies": lambda c, o: c.starts_at_midnight and c.rule is not None,
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "no-sub-hourly", "withheld": True,
        "reason": "does not step MINUTELY or SECONDLY rules: expanding one never ends, so such reminders are left out of its run",
        "applies": lambda c, o: c.rule is not None and re.search(r"FREQ=(MINUTELY|SECONDLY)", c.rule) is not None,
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "rfc6868-refused", "withheld": True,
        "reason": "refuses a whole calendar with a parameter value holding a double quote (RFC 6868 ^'), so such reminders "
                  "are left out of its run",
        "applies": lambda c, o: c.has_caret_quote,
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "hourly-byhour", "withheld": True,
        "reason": "exhausts memory expanding an HOURLY rule with BYHOUR, so such reminders are left out of its run",
        "applies": lambda c, o: c.rule is not None and "FREQ=HOURLY" in c.rule and "BYHOUR=" in c.rule,
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "one-minute-an-hour",
        "reason": "ignores BYMINUTE and BYSECOND lists: a rule fires at DTSTART's minute and second only",
        "applies": lambda c, o: c.rule is not None and re.search(r"BY(MINUTE|SECOND)=[^;]*,", c.rule) is not None,
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "events-only",
        "reason": "expands events only: a to-do is left out of an expanded calendar",
        "applies": lambda c, o: c.kind == "VTODO",
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "no-rdate",
        "reason": "ignores RDATE: a component without a rule is its DTSTART alone",
        "applies": lambda c, o: o[1] in c.rdates,
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "leap-year-day",
        "reason": "counts BYYEARDAY in a leap year as in other years: day 60 is 1 March, not 29 February",
        "applies": lambda c, o: c.rule is not None and "BYYEARDAY" in c.rule
        and o[1].split(":", 1)[1][5:10] in ("02-28", "02-29", "03-01", "03-02"),
    },
    {
        "client": "sabre-vobject", "version": "2.1.7", "name": "offset-kept",
        "reason": "steps a zoned rule with the offset of DTSTART: instances on the other side of a change of offset are an hour off",
        "applies": lambda c, o: c.tzid is not None and zone_changes_offset(c.tzid),
    },
    {
        "client": "khal", "version": "0.14.1", "name": "endless-sub-hourly", "withheld": True,
        "reason": "expands every instance into its database on import, years ahead: an endless rule under an hour "
                  "does not import in minutes, so such reminders are left out of its run",
        "applies": lambda c, o: c.rule is not None and re.search(r"FREQ=(MINUTELY|SECONDLY)", c.rule) is not None
        and "COUNT=" not in c.rule and "UNTIL=" not in c.rule,
    },
    {
        "client": "khal", "version": "0.14.1", "name": "fold-second",
        "reason": "reads a wall-clock time that comes twice as the second (RFC 5545 §3.3.5 says the first)",
        "applies": near_fold,
    },
    {
        "client": "khal", "version": "0.14.1", "name": "no-todos",
        "reason": "shows events only: to-dos are not listed",
        "applies": lambda c, o: c.kind == "VTODO",
    },
]


def withheld(client, text):
    """The calendar without the components a `withheld` entry for `client`
    applies to: what that client is given."""
    entries = [e for e in KNOWN_BUGS if e["client"] == client and e.get("withheld")]
    if not entries:
        return text
    import icalendar
    calendar = icalendar.Calendar.from_ical(text)
    kept = [sub for sub in calendar.subcomponents
            if sub.name not in ("VEVENT", "VTODO") or not any(e["applies"](Component(sub), None) for e in entries)]
    calendar.subcomponents = kept
    return calendar.to_ical().decode()


def explain(client, components, occurrence):
    """The name of the first entry for `client` that applies to the
    occurrence, in any of its reminder's components."""
    for entry in KNOWN_BUGS:
        if entry["client"] == client and any(entry["applies"](c, occurrence) for c in components):
            return entry["name"]
    return None


# MARK: The clients.

def in_windows(occurrences, windows):
    return [o for o in occurrences if any(begin <= label_instant(o[1]) < end for begin, end in windows)]


def widened(windows):
    margin = datetime.timedelta(days=2)
    return min(b for b, _ in windows) - margin, max(e for _, e in windows) + margin


def read_recurring_ical_events(text, windows):
    import icalendar
    import recurring_ical_events
    calendar = icalendar.Calendar.from_ical(text)
    query = recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"])
    found = []
    for begin, end in windows:
        margin = datetime.timedelta(days=2)
        for occurrence in query.between(begin - margin, end + margin):
            start = occurrence.get("DTSTART") or occurrence.get("DUE")
            found.append([str(occurrence.get("X-REMINDC-ID")), label(start.dt)])
    return found


def read_vobject(text, windows):
    import vobject
    calendar = vobject.readOne(text)
    begin, end = widened(windows)
    found = []
    for component in calendar.getChildren():
        if component.name not in ("VEVENT", "VTODO"):
            continue
        ident = component.contents["x-remindc-id"][0].value
        rules = component.getrruleset(addRDate=True)
        if rules is None:
            start = component.dtstart.value if "dtstart" in component.contents else component.due.value
            found.append([ident, label(start)])
            continue
        start = component.dtstart.value
        for moment in rules:
            value = moment
            if isinstance(start, datetime.datetime) and start.tzinfo is None:
                value = moment.replace(tzinfo=None)
            elif not isinstance(start, datetime.datetime):
                value = moment.date()
            probe = as_instant(value)
            if probe >= end:
                break
            if probe >= begin:
                found.append([ident, label(value)])
    return found


def read_libical(text, windows, path):
    harness = os.environ.get("REMINDC_LIBICAL_HARNESS")
    if not harness:
        raise RuntimeError("no libical harness (REMINDC_LIBICAL_HARNESS)")
    begin, end = widened(windows)
    result = subprocess.run([harness, "--expand", path, str(int(begin.timestamp())), str(int(end.timestamp()))],
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError("libical: " + result.stderr.strip()[:500])
    return [line.split(" ", 1) for line in result.stdout.splitlines() if line]


def read_ical(text, windows):
    from ical.calendar_stream import IcsCalendarStream
    calendar = IcsCalendarStream.calendar_from_ics(text)
    found = []
    for begin, end in windows:
        margin = datetime.timedelta(days=2)
        for event in calendar.timeline_tz(UTC).overlapping(begin - margin, end + margin):
            ident = next((p.value for p in event.extras if p.name.upper() == "X-REMINDC-ID"), None)
            found.append([ident, label(event.dtstart)])
    # ical's timeline has events only; its to-dos recur through as_rrule().
    first, last = widened(windows)
    for todo in calendar.todos:
        ident = next((p.value for p in todo.extras if p.name.upper() == "X-REMINDC-ID"), None)
        if todo.dtstart is None:
            found.append([ident, label(todo.due)])
            continue
        rule = todo.as_rrule()
        moments = rule if rule is not None else [todo.dtstart]
        for moment in moments:
            probe = as_instant(moment)
            if probe >= last:
                break
            if probe >= first:
                found.append([ident, label(moment)])
    return found


class RadicaleServer:
    """Radicale's application on a free port of 127.0.0.1, served from a
    thread of this process (as Radicale's own tests run it, so that its
    storage can skip fsync), storage in a temporary folder, no
    authentication."""

    def __init__(self, folder):
        import threading
        import wsgiref.simple_server
        import radicale
        import radicale.config

        class QuietHandler(wsgiref.simple_server.WSGIRequestHandler):
            def log_message(self, *arguments):
                pass

        configuration = radicale.config.load()
        import logging
        logging.disable(logging.CRITICAL)
        # No authentication, and no delay after a failed request (Radicale
        # waits a second after each by default).
        configuration.update({"auth": {"type": "none", "delay": "0"}, "server": {"delay_on_error": "0"},
                              "storage": {"filesystem_folder": os.path.join(folder, "collections")}}, "remindc test")
        configuration.update({"storage": {"_filesystem_fsync": "False"}}, "remindc test", privileged=True)
        self.log = io.StringIO()
        self.server = wsgiref.simple_server.make_server("127.0.0.1", 0, radicale.Application(configuration),
                                                        handler_class=QuietHandler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/remindc/calendar/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def http(method, url, body=None, headers=None):
    import urllib.request
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def publish(server, text):
    """The whole calendar PUT to the collection's URL, which Radicale splits
    into one resource per UID, each with the VTIMEZONEs it uses; then the
    resources' names, by PROPFIND."""
    http("MKCOL", server.url.rsplit("/", 2)[0] + "/")
    status, body = http("PUT", server.url, text.encode(), {"Content-Type": "text/calendar; charset=utf-8"})
    if status not in (200, 201, 204):
        raise RuntimeError(f"PUT of the calendar: {status} {body[:300]!r}")
    status, body = http("PROPFIND", server.url, b'<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
                        {"Depth": "1", "Content-Type": "application/xml"})
    if status != 207:
        raise RuntimeError(f"PROPFIND: {status} {body[:300]!r}")
    return [href.decode().rsplit("/", 1)[1] for href in re.findall(rb"<(?:\w+:)?href>([^<]+\.ics)</(?:\w+:)?href>", body)]


def read_radicale(server, windows, hrefs):
    """The server's own expansion: calendar-multiget REPORTs with expand,
    fifty resources at a time, one at a time where the server fails on a
    batch, so one resource it cannot expand hides no other."""
    import icalendar
    stamp = lambda moment: moment.strftime("%Y%m%dT%H%M%SZ")
    path = server.url.split("127.0.0.1:%d" % server.port, 1)[1]
    begin = end = None

    def report(batch):
        nonlocal begin, end
        listed = "".join(f"<D:href>{path}{href}</D:href>" for href in batch)
        query = f"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data><C:expand start="{stamp(begin)}" end="{stamp(end)}"/></C:calendar-data></D:prop>
  {listed}
</C:calendar-multiget>"""
        return http("REPORT", server.url, query.encode(), {"Depth": "1", "Content-Type": "application/xml"})

    found = []
    failed = []

    def read(batch):
        status, body = report(batch)
        if status != 207:
            if len(batch) == 1:
                failed.append(batch[0])
                return
            for href in batch:
                read([href])
            return
        for data in re.findall(rb"<(?:\w+:)?calendar-data[^>]*>(.*?)</(?:\w+:)?calendar-data>", body, re.S):
            text = data.decode().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
            for component in icalendar.Calendar.from_ical(text).walk():
                if component.name in ("VEVENT", "VTODO"):
                    start = component.get("DTSTART") or component.get("DUE")
                    found.append([str(component.get("X-REMINDC-ID")), label(start.dt)])

    # One window at a time, since Radicale refuses (400) to expand many
    # thousands of instances in one request.
    names = sorted(hrefs)
    margin = datetime.timedelta(days=2)
    for window in windows:
        begin, end = window[0] - margin, window[1] + margin
        for index in range(0, len(names), 50):
            read(names[index:index + 50])
    return found


def read_caldav(server, windows):
    import caldav
    # Radicale expands every instance of a window itself, which takes a loaded
    # machine past the client's default 30 s.
    client = caldav.DAVClient(url=server.url, timeout=600)
    calendar = client.calendar(url=server.url)
    found = []
    margin = datetime.timedelta(days=2)
    searches = [(begin - margin, end + margin, kind) for begin, end in windows
                for kind in (dict(event=True), dict(todo=True, include_completed=True))]
    for begin, end, search in searches:
        for item in calendar.search(start=begin, end=end, expand=True, **search):
            for component in item.icalendar_instance.walk():
                if component.name not in ("VEVENT", "VTODO"):
                    continue
                start = component.get("DTSTART") or component.get("DUE")
                found.append([str(component.get("X-REMINDC-ID")), label(start.dt)])
    return found


def read_khal(text, windows, folder, path):
    khal = shutil.which("khal") or os.path.join(os.path.dirname(sys.executable), "khal")
    calendars = os.path.join(folder, "khal-calendars", "remindc")
    os.makedirs(calendars)
    config = os.path.join(folder, "khal.conf")
    with open(config, "w") as out:
        out.write(f"[calendars]\n[[remindc]]\npath = {calendars}\n[locale]\ntimeformat = %H:%M\n"
                  f"dateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\ndatetimeformat = %Y-%m-%d %H:%M\n"
                  f"longdatetimeformat = %Y-%m-%d %H:%M\ndefault_timezone = UTC\nlocal_timezone = UTC\n"
                  f"[sqlite]\npath = {folder}/khal.db\n")
    environment = dict(os.environ, TZ="UTC", HOME=folder, XDG_CONFIG_HOME=folder, XDG_DATA_HOME=folder)
    imported = subprocess.run([khal, "-c", config, "import", "--batch", "-a", "remindc", path],
                              capture_output=True, text=True, env=environment, timeout=600)
    if imported.returncode != 0:
        raise RuntimeError("khal import: " + imported.stderr.strip()[:500])
    # One listing per window: khal lists every instance it expands, and
    # the hourly reminders make the whole span slow.
    output = ""
    for begin, end in windows:
        margin = datetime.timedelta(days=2)
        listed = subprocess.run([khal, "-c", config, "list", "--day-format", "", "--format", "{uid}\t{start}",
                                 (begin - margin).strftime("%Y-%m-%d %H:%M"), (end + margin).strftime("%Y-%m-%d %H:%M")],
                                capture_output=True, text=True, env=environment, timeout=600)
        if listed.returncode != 0:
            raise RuntimeError("khal list: " + listed.stderr.strip()[:500])
        output += listed.stdout
    found = []
    by_uid = {c.uid: c for c in components_of(text)}
    for line in output.splitlines():
        if not line.strip():
            continue
        uid, start = line.split("\t")[:2]
        component = by_uid.get(uid)
        if component is None:
            found.append(["?" + uid, "floating:" + start])
        elif component.is_date:
            found.append([component.id, "date:" + start])
        elif component.is_floating:
            found.append([component.id, "floating:" + start.replace(" ", "T") + ":00"])
        else:
            found.append([component.id, "utc:" + start.replace(" ", "T") + ":00Z"])
    return found


def read_sabre_vobject(text, windows, folder):
    """sabre/vobject 2.1 (Debian's php-sabre-vobject) through
    Oracles/vobject21_expand.php: VCalendar::expand over each window, as a
    CalDAV server built on it answers a REPORT with expand."""
    path = os.path.join(folder, "sabre-vobject.ics")
    with open(path, "w", encoding="utf-8") as out:
        out.write(withheld("sabre-vobject", text))
    margin = datetime.timedelta(days=2)
    bounds = [str(int(moment.timestamp())) for begin, end in windows for moment in (begin - margin, end + margin)]
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vobject21_expand.php")
    # A bounded heap: a rule it cannot step fails rather than filling the machine.
    result = subprocess.run(["php", "-d", "memory_limit=1G", script, path] + bounds, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError("sabre/vobject: " + (result.stderr or result.stdout).strip()[:500])
    by_uid = {c.uid: c for c in components_of(text)}
    found = []
    for uid, start in json.loads(result.stdout):
        component = by_uid.get(uid)
        if component is None:
            found.append(["?" + uid, start])
        elif len(start) == 8:
            found.append([component.id, f"date:{start[:4]}-{start[4:6]}-{start[6:8]}"])
        else:
            stamp = f"{start[:4]}-{start[4:6]}-{start[6:8]}T{start[9:11]}:{start[11:13]}:{start[13:15]}"
            found.append([component.id, ("floating:" + stamp) if component.is_floating else ("utc:" + stamp + "Z")])
    return found


def read_calcurse(text, windows, folder, path):
    """calcurse keeps no UID: its items are matched to reminders by title,
    and titles that several reminders share are left out of the comparison
    (`ambiguous`). It reads every time in the machine's zone, here UTC."""
    os.makedirs(folder)
    environment = dict(os.environ, TZ="UTC", HOME=folder)
    imported = subprocess.run(["calcurse", "-D", folder, "-i", path], capture_output=True, text=True,
                              env=environment, timeout=120)
    if imported.returncode not in (0, 1):
        raise RuntimeError("calcurse import: " + (imported.stderr or imported.stdout).strip()[:500])
    titles = {}
    for component in components_of(text):
        titles.setdefault(component.summary, set()).add(component.id)
    found = []
    for begin, end in windows:
        margin = datetime.timedelta(days=2)
        listed = subprocess.run(["calcurse", "-D", folder, "-Q", "--filter-type", "cal", "--input-datefmt", "4",
                                 "--output-datefmt", "%Y-%m-%d",
                                 "--from", (begin - margin).strftime("%Y-%m-%d"), "--to", (end + margin).strftime("%Y-%m-%d"),
                                 "--format-apt", "A\t%(start:%Y-%m-%dT%H:%M:%S)\t%m\n",
                                 "--format-recur-apt", "A\t%(start:%Y-%m-%dT%H:%M:%S)\t%m\n",
                                 "--format-event", "E\t%m\n", "--format-recur-event", "E\t%m\n"],
                                capture_output=True, text=True, env=environment, timeout=120)
        if listed.returncode != 0:
            raise RuntimeError("calcurse query: " + listed.stderr.strip()[:500])
        day = None
        for line in listed.stdout.splitlines():
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}:", line):
                day = line[:-1]
                continue
            parts = line.split("\t")
            if len(parts) < 2:
                continue
            ids = titles.get(parts[-1], set())
            ident = next(iter(ids)) if len(ids) == 1 else "ambiguous:" + parts[-1]
            if parts[0] == "E":
                found.append([ident, "date:" + day])
            else:
                found.append([ident, "utc:" + parts[1] + "Z"])
    # Floating times are read as UTC too: label them as floating.
    floating = {c.id for c in components_of(text) if c.is_floating}
    return [[i, "floating:" + l[4:-1]] if i in floating and l.startswith("utc:") else [i, l] for i, l in found]


CLIENTS = ["recurring-ical-events", "vobject", "libical", "ical", "radicale", "caldav", "khal", "calcurse", "sabre-vobject"]


def sabre_vobject_version():
    try:
        source = open("/usr/share/php/Sabre/VObject/Version.php", encoding="utf-8").read()
        return re.search(r"VERSION = '([^']+)'", source).group(1)
    except Exception:
        return ""


def version(name):
    try:
        from importlib.metadata import version as package_version
        return {"radicale": package_version("radicale"), "caldav": package_version("caldav"),
                "recurring-ical-events": package_version("recurring-ical-events"),
                "vobject": package_version("vobject"), "ical": package_version("ical"),
                "khal": package_version("khal"), "sabre-vobject": sabre_vobject_version()}.get(name, "")
    except Exception:
        return ""


def read_expected(path):
    """`remindc expand --format jsonl` as [reminder, label] pairs."""
    expected = []
    for line in open(path, encoding="utf-8"):
        entry = json.loads(line)
        start = entry["start"]
        if len(start) == 10:
            expected.append([entry["reminder"], "date:" + start])
        elif entry["timezone"] == "floating":
            expected.append([entry["reminder"], "floating:" + start])
        else:
            expected.append([entry["reminder"], "utc:" + entry["utc"]])
    return expected


def compare(client, theirs, expected, components, windows):
    by_id = {}
    for component in components:
        by_id.setdefault(component.id, []).append(component)
    ours = set(map(tuple, in_windows(expected, windows)))
    theirs = set(map(tuple, in_windows(theirs, windows)))
    explained = {}
    unexplained = []
    for kind, difference in (("missing", ours - theirs), ("extra", theirs - ours)):
        for occurrence in sorted(difference):
            name = explain(client, by_id.get(occurrence[0], []), list(occurrence))
            if name:
                explained[name] = explained.get(name, 0) + 1
            else:
                unexplained.append([kind, occurrence[0], occurrence[1]])
    return {"client": client, "version": version(client), "occurrences": len(theirs), "expected": len(ours),
            "explained": explained, "unexplained": unexplained if os.environ.get("REMINDC_MATRIX_ALL") else unexplained[:20],
            "unexplained_count": len(unexplained), "all_unexplained": unexplained}


def main():
    if sys.argv[1:] == ["--entries"]:
        print(json.dumps([{"client": e["client"], "name": e["name"]} for e in KNOWN_BUGS]))
        return
    if sys.argv[1:] == ["--table"]:
        print("| Client | Version | What it does differently |")
        print("|---|---|---|")
        for entry in KNOWN_BUGS:
            print(f"| {entry['client']} | {entry['version']} | {entry['reason']} |")
        return
    path, expected_path = sys.argv[1], sys.argv[2]
    bounds = sys.argv[3:]
    windows = [(parse_utc(b), parse_utc(e)) for b, e in zip(bounds[0::2], bounds[1::2])]
    text = open(path, "rb").read().decode("utf-8")
    expected = read_expected(expected_path)
    components = components_of(text)
    only = os.environ.get("REMINDC_CLIENTS")
    chosen = only.split(",") if only else CLIENTS
    results = []
    with tempfile.TemporaryDirectory(prefix="remindc-clients-") as folder:
        server = None
        for client in chosen:
            started = time.monotonic()
            try:
                if client == "recurring-ical-events":
                    theirs = read_recurring_ical_events(text, windows)
                elif client == "vobject":
                    theirs = read_vobject(text, windows)
                elif client == "libical":
                    theirs = read_libical(text, windows, path)
                elif client == "ical":
                    theirs = read_ical(text, windows)
                elif client in ("radicale", "caldav"):
                    if server is None:
                        server = RadicaleServer(os.path.join(folder, "radicale"))
                        hrefs = publish(server, text)
                    theirs = read_radicale(server, windows, hrefs) if client == "radicale" else read_caldav(server, windows)
                elif client == "khal":
                    given = os.path.join(folder, "khal.ics")
                    with open(given, "w", encoding="utf-8") as out:
                        out.write(withheld("khal", text))
                    theirs = read_khal(text, windows, os.path.join(folder, "khal"), given)
                elif client == "calcurse":
                    given = os.path.join(folder, "calcurse.ics")
                    with open(given, "w", encoding="utf-8") as out:
                        out.write(withheld("calcurse", text))
                    theirs = read_calcurse(text, windows, os.path.join(folder, "calcurse"), given)
                elif client == "sabre-vobject":
                    theirs = read_sabre_vobject(text, windows, folder)
                result = compare(client, theirs, expected, components, windows)
                del result["all_unexplained"]
            except Exception as error:
                result = {"client": client, "version": version(client), "error": f"{type(error).__name__}: {error}"[:1000]}
            result["seconds"] = round(time.monotonic() - started, 2)
            results.append(result)
        if server is not None:
            server.close()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
