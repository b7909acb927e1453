"""Reads remindc's iCalendar output with independent libraries.

    ics_oracle.py FILE.ics FROM TO [FROM TO ...]

Each FROM TO pair is a window of UTC instants (YYYY-MM-DDTHH:MM:SSZ). Before parsing, every
TZID is renamed (Europe/Berlin becomes X-REMINDC-TEST-Europe/Berlin), so the
libraries cannot fall back to their own time zone database and must use the
file's VTIMEZONE definitions.

Prints one JSON object: "components", each component's UID, X-REMINDC-ID,
SUMMARY, DESCRIPTION and the names of its properties and subcomponents as
python icalendar parsed them; "occurrences", each [id, start] that
recurring-ical-events expands in one of the windows [FROM, TO), with start "utc:...Z" for zoned
and UTC times, "floating:..." for floating times (read as UTC for the
window), and "date:YYYY-MM-DD" for dates.
"""
import datetime
import json
import re
import sys

import icalendar
import recurring_ical_events


def main():
    path = sys.argv[1]
    bounds = sys.argv[2:]
    text = open(path, "rb").read().decode("utf-8")
    text = re.sub(r"TZID([=:])(\"?)", lambda m: "TZID" + m.group(1) + m.group(2) + "X-REMINDC-TEST-", text)
    calendar = icalendar.Calendar.from_ical(text)
    components = []
    for component in calendar.walk():
        if component.name not in ("VEVENT", "VTODO"):
            continue
        components.append({
            "uid": str(component.get("UID")),
            "id": str(component.get("X-REMINDC-ID")),
            "summary": str(component.get("SUMMARY")),
            "description": str(component.get("DESCRIPTION")) if component.get("DESCRIPTION") is not None else None,
            "properties": sorted(set(component.keys())),
            "subcomponents": [sub.name for sub in component.subcomponents],
        })
    occurrences = []
    query = recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"])
    for start, end in zip(bounds[0::2], bounds[1::2]):
        begin = datetime.datetime.strptime(start, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
        finish = datetime.datetime.strptime(end, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
        for occurrence in query.between(begin - datetime.timedelta(days=2), finish + datetime.timedelta(days=2)):
            moment = occurrence.get("DTSTART").dt
            ident = str(occurrence.get("X-REMINDC-ID"))
            if isinstance(moment, datetime.datetime):
                if moment.tzinfo is None:
                    instant = moment.replace(tzinfo=datetime.timezone.utc)
                    label = "floating:" + moment.strftime("%Y-%m-%dT%H:%M:%S")
                else:
                    instant = moment.astimezone(datetime.timezone.utc)
                    label = "utc:" + instant.strftime("%Y-%m-%dT%H:%M:%SZ")
            else:
                instant = datetime.datetime(moment.year, moment.month, moment.day, tzinfo=datetime.timezone.utc)
                label = "date:" + moment.strftime("%Y-%m-%d")
            if begin <= instant < finish:
                occurrences.append([ident, label])
    occurrences.sort()
    print(json.dumps({"components": components, "occurrences": occurrences}))


if __name__ == "__main__":
    main()
