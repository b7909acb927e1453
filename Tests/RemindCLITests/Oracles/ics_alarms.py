"""The alarms of an .ics as recurring-ical-events (PyPI) reads them.

    ics_alarms.py FILE.ics ZONE FROM TO

Prints one JSON list: each DISPLAY alarm that fires in [FROM, TO) (UTC
instants, YYYY-MM-DDTHH:MM:SSZ) as [X-REMINDC-ID, occurrence start, alarm],
both instants in UTC; a time without a zone (a date, a floating time) is
read in ZONE. The occurrences are recurring-ical-events' (an occurrence
written again, RECURRENCE-ID, has its own alarms in place of the
series'), their alarms' times python icalendar's (Alarms); the alarms
query of recurring-ical-events 3.8 fails on an all-day component.
"""
import datetime
import json
import sys
import zoneinfo

import icalendar
import recurring_ical_events

from ics_events import utc


def main():
    path, zone_name, start, end = sys.argv[1:5]
    zone = zoneinfo.ZoneInfo(zone_name)
    calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
    bounds = [datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc) for text in (start, end)]
    found = set()
    # Each occurrence (an occurrence written again in place of the
    # series'), from far enough back that an alarm days before it is
    # seen; its alarms' times by python icalendar's Alarms.
    margin = datetime.timedelta(days=400)
    for component in recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"]).between(bounds[0], bounds[1] + margin):
        for alarm in component.alarms.times:
            if str(alarm.alarm.get("ACTION")) != "DISPLAY":
                continue
            trigger = alarm.trigger
            if trigger.tzinfo is None:
                trigger = trigger.replace(tzinfo=zone)
            if not bounds[0] <= trigger < bounds[1]:
                continue
            found.add((str(component.get("X-REMINDC-ID")), utc(component.get("DTSTART").dt, zone), utc(trigger, zone)))
    print(json.dumps(sorted(found)))


if __name__ == "__main__":
    main()
