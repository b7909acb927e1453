"""Expands RRULEs with python-dateutil: the independent judge of DifferentialTests.

Reads JSON lines {"rule": RRULE text, "start": "YYYYMMDDTHHMMSS", "count": N}
from stdin and prints, for each, the first N instances strictly after the
start as comma-separated YYYYMMDDTHHMMSS wall-clock times (floating, no zone).
"""
import itertools
import json
import sys

from dateutil import rrule

FORMAT = "%Y%m%dT%H%M%S"


def expand(case):
    from datetime import datetime

    start = datetime.strptime(case["start"], FORMAT)
    rule = rrule.rrulestr(case["rule"], dtstart=start)
    later = (moment for moment in rule if moment > start)
    return [moment.strftime(FORMAT) for moment in itertools.islice(later, case["count"])]


def main():
    for line in sys.stdin:
        if line.strip():
            print(",".join(expand(json.loads(line))))


if __name__ == "__main__":
    main()
