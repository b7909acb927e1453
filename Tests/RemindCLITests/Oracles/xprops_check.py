"""Reads every X-REMINDC- property of remindc's .ics with python icalendar
and with vobject, neither of which knows them (so each reads its value as
one TEXT, RFC 5545 §3.3.11; icalendar once told their type is TEXT).

    xprops_check.py FILE.ics

Prints one JSON object: per library, per X-REMINDC-ID, the list of
[property name, value] in order.
"""
import json
import sys

import icalendar
import vobject


def main():
    text = open(sys.argv[1], "rb").read().decode("utf-8")
    # icalendar keeps an unknown property's value as written; told that
    # these are TEXT, it reads them as TEXT.
    for name in set(line.split(":")[0].split(";")[0] for line in text.splitlines() if line.startswith("X-REMINDC-")):
        icalendar.Component.types_factory.types_map[name.lower()] = "text"
    by_icalendar = {}
    for component in icalendar.Calendar.from_ical(text).walk():
        if component.name not in ("VEVENT", "VTODO"):
            continue
        found = by_icalendar.setdefault(str(component.get("X-REMINDC-ID")), [])
        for name, value in component.property_items(recursive=False):
            if name.startswith("X-REMINDC-"):
                found.append([name, str(value)])
    by_vobject = {}
    for component in vobject.readOne(text).getChildren():
        if component.name not in ("VEVENT", "VTODO"):
            continue
        found = by_vobject.setdefault(component.contents["x-remindc-id"][0].value, [])
        for line in component.lines():
            if line.name.startswith("X-REMINDC-"):
                found.append([line.name, line.value])
    print(json.dumps({"icalendar": by_icalendar, "vobject": by_vobject}))


if __name__ == "__main__":
    main()
