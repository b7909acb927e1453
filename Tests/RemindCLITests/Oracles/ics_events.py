"""The occurrences of an .ics and their alarms, as recurring-ical-events
and python icalendar (PyPI) read them: the judge of `remindc import`.

    ics_events.py FILE.ics ZONE FROM TO

Prints one JSON list, sorted: each VEVENT's and VTODO's occurrence starting
in [FROM, TO) (UTC, YYYY-MM-DDTHH:MM:SSZ) as [SUMMARY, start, [alarm, ...]]:
start the UTC instant, or the date of an all-day one; each DISPLAY or
AUDIO alarm's instant in UTC (python icalendar's Alarms), once each. A
time without a zone (a date's alarm, a floating time) is read in ZONE.
An occurrence changed on its own (RECURRENCE-ID) is read in place of the
series' (recurring-ical-events' own reading); a cancelled one
(STATUS:CANCELLED) is left out, as calendar apps leave it out.
"""
import datetime
import json
import sys
import zoneinfo

import icalendar
import recurring_ical_events


def utc(moment, zone):
    if not isinstance(moment, datetime.datetime):
        moment = datetime.datetime.combine(moment, datetime.time())
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone)
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    path, zone_name, start, end = sys.argv[1:5]
    zone = zoneinfo.ZoneInfo(zone_name)
    calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
    bounds = [datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc) for text in (start, end)]
    found = []
    for component in recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"]).between(*bounds):
        # A cancelled occurrence does not happen, as calendar apps show it.
        if str(component.get("STATUS", "")).upper() == "CANCELLED":
            continue
        begin = component.get("DTSTART") or component.get("DUE")
        moment = begin.dt
        if isinstance(moment, datetime.datetime):
            if not bounds[0] <= (moment if moment.tzinfo else moment.replace(tzinfo=zone)) < bounds[1]:
                continue
            shown = utc(moment, zone)
        else:
            shown = moment.isoformat()
        alarms = set()
        for alarm in component.alarms.times:
            if str(alarm.alarm.get("ACTION")).upper() in ("DISPLAY", "AUDIO"):
                alarms.add(utc(alarm.trigger, zone))
        found.append([str(component.get("SUMMARY")), shown, sorted(alarms)])
    print(json.dumps(sorted(found)))


if __name__ == "__main__":
    main()
