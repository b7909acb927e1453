"""Working days by workalendar, for Tests/RemindCLITests/WorkingDayOracleTests.swift.

    working_days.py CALENDAR FIRST_YEAR LAST_YEAR N... [--leads L...]

CALENDAR is a workalendar class (europe.UnitedKingdom, asia.Israel). Prints
one JSON object: "weekend" (weekday names, Monday first), "holidays" (each
[date, name] the calendar has in the years, and in the years either side,
which a working day may reach) and "expected": for each N, each month's Nth
working day as workalendar counts it (add_working_days from the day before
the month for N > 0, sub_working_days from the day after it for N < 0);
"leads": for each L, the day L working days before each day of the years
(sub_working_days), as [day, that day] pairs.
"""
import datetime
import importlib
import json
import sys

NAMES = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def main():
    module, name = sys.argv[1].rsplit(".", 1)
    calendar = getattr(importlib.import_module("workalendar." + module), name)()
    first, last = int(sys.argv[2]), int(sys.argv[3])
    rest = sys.argv[4:]
    leads = []
    if "--leads" in rest:
        leads = [int(n) for n in rest[rest.index("--leads") + 1:]]
        rest = rest[:rest.index("--leads")]
    counts = [int(n) for n in rest]
    holidays = []
    for year in range(first - 1, last + 2):
        holidays += [[day.isoformat(), label] for day, label in calendar.holidays(year)]
    expected = {}
    for n in counts:
        days = []
        for year in range(first, last + 1):
            for month in range(1, 13):
                start = datetime.date(year, month, 1)
                end = (start + datetime.timedelta(days=32)).replace(day=1)
                if n > 0:
                    day = calendar.add_working_days(start - datetime.timedelta(days=1), n)
                else:
                    day = calendar.sub_working_days(end, -n)
                # A count past the month's working days lands in another month: none.
                if day.month == month and day.year == year:
                    days.append(day.isoformat())
        expected[str(n)] = days
    before = {}
    for lead in leads:
        pairs = []
        day = datetime.date(first, 1, 1)
        while day.year <= last:
            pairs.append([day.isoformat(), calendar.sub_working_days(day, lead).isoformat()])
            day += datetime.timedelta(days=1)
        before[str(lead)] = pairs
    weekend = [NAMES[d] for d in sorted(calendar.get_weekend_days())]
    print(json.dumps({"weekend": weekend, "holidays": holidays, "expected": expected, "leads": before}))


if __name__ == "__main__":
    main()
