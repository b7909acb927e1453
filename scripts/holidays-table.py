#!/usr/bin/env python3
"""Writes remindc's built-in table of public holidays from python-holidays.

    python3 -m venv /tmp/h && /tmp/h/bin/pip install holidays==0.109
    /tmp/h/bin/python scripts/holidays-table.py > Sources/CHolidayTable/holidays.txt

Every country python-holidays knows, and each of its subdivisions with an
ISO 3166-2 code, over
FIRST_YEAR to LAST_YEAR (or the years the library holds for it, if fewer),
with English names where the library has them, as text with one region
per line (a new release of the library changes the lines of the regions
it changes). Sources/CHolidayTable/table.c builds the file into the binary
(`#embed`), and Sources/ReminderModel/HolidayTable.swift reads it:

    remindc-holidays 1
    source python-holidays <version>
    years <first> <last>
    checksum <sha256 of the listing below>
    names <count>
    <one name per line, numbered from 0>
    regions <count>
    <code> <first year> <last year> <parent code or -> <days>

<days> is `;`-separated groups `N:...`, N the name's number in hex:
`MDD@A-B` for a holiday on one date (month in hex, day in two digits)
every year from FIRST_YEAR+A to FIRST_YEAR+B (hex), or space-separated
hex steps of days since FIRST_YEAR-01-01 (each from the one before). A
subdivision lists what it adds to its country, `|`, and what it takes
away.

The checksum is the SHA-256 of the lines `<code> <YYYY-MM-DD> <name>`, one
per region and holiday, regions in table order, days in order (two names
on a day as python-holidays joins them): the Swift test that decodes the
table computes it again. Another test runs this script with the pinned
release (.ci/run installs it) and fails when the file is not what it writes.
"""
import collections
import datetime
import hashlib
import re
import sys
import warnings

import holidays

FIRST_YEAR = 2020
LAST_YEAR = 2060
BASE = datetime.date(FIRST_YEAR, 1, 1)


def region_days(code, subdivision):
    entity = holidays.country_holidays(code, subdiv=subdivision)
    first, last = max(FIRST_YEAR, entity.start_year), min(LAST_YEAR, entity.end_year)
    language = "en_US" if "en_US" in (getattr(entity, "supported_languages", ()) or ()) else None
    found = holidays.country_holidays(code, subdiv=subdivision, years=range(first, last + 1), language=language)
    return first, last, sorted(found.items())


def encode(items, names):
    by_name = collections.defaultdict(list)
    for day, name in items:
        by_name[name].append(day)
    groups = []
    for name in sorted(by_name, key=lambda n: names[n]):
        days = sorted(by_name[name])
        dates = {(d.month, d.day) for d in days}
        years = [d.year for d in days]
        if len(dates) == 1 and years == list(range(years[0], years[-1] + 1)):
            month, day = dates.pop()
            groups.append(f"{names[name]:x}:{month:x}{day:02}@{years[0] - FIRST_YEAR:x}-{years[-1] - FIRST_YEAR:x}")
        else:
            steps, previous = [], 0
            for d in days:
                number = (d - BASE).days
                steps.append(f"{number - previous:x}")
                previous = number
            groups.append(f"{names[name]:x}:" + " ".join(steps))
    return ";".join(groups)


def main():
    warnings.simplefilter("ignore")
    names = {}
    regions = []
    for code, subdivisions in holidays.list_supported_countries(include_aliases=False).items():
        first, last, country = region_days(code, None)
        regions.append((code, first, last, "-", country))
        # ISO 3166-2 codes alone: the library's few other subdivisions
        # (cities, school zones: "Augsburg", "Zone A") are left out.
        for subdivision in (s for s in subdivisions if re.fullmatch(r"[A-Z0-9]{1,6}", s)):
            sub_first, sub_last, days = region_days(code, subdivision)
            regions.append((f"{code}-{subdivision}", sub_first, sub_last, code, days))
    for _, _, _, _, days in regions:
        for _, name in days:
            names.setdefault(name, len(names))
    listing = hashlib.sha256()
    lines = []
    countries = {code: set(days) for code, _, _, parent, days in regions if parent == "-"}
    for code, first, last, parent, days in regions:
        for day, name in days:
            listing.update(f"{code} {day.isoformat()} {name}\n".encode())
        if parent == "-":
            lines.append(f"{code} {first} {last} - {encode(days, names)}")
        else:
            own, theirs = set(days), countries[parent]
            lines.append(f"{code} {first} {last} {parent} {encode(sorted(own - theirs), names)}|{encode(sorted(theirs - own), names)}")
    header = [
        "remindc-holidays 1",
        f"source python-holidays {holidays.__version__}",
        f"years {FIRST_YEAR} {LAST_YEAR}",
        f"checksum {listing.hexdigest()}",
        f"names {len(names)}",
    ] + list(names) + [f"regions {len(regions)}"] + lines
    text = "\n".join(header) + "\n"
    for name in names:
        if "\n" in name:
            sys.exit(f"a name the table cannot hold: {name!r}")
    sys.stdout.buffer.write(text.encode("utf-8"))


if __name__ == "__main__":
    main()
