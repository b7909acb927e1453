#!/usr/bin/env python3
"""Writes Sources/CalendarImport/WindowsZones.swift from CLDR's windowsZones table.

    pip install babel==2.17.0 && scripts/windows-zones.py [OUTPUT]

The table maps each Windows time zone name (what Outlook and Exchange
write as a TZID) to its IANA zone: the mapZone of territory 001, CLDR's
choice for the name. It is read from Babel (PyPI, BSD), which ships
CLDR's supplemental data; Babel 2.17.0 is built from CLDR 46, whose
table follows Kazakhstan's and Mexico's changes of 2022 and 2024 (older
tables map "Central Asia Standard Time" to Asia/Almaty, now five hours
ahead of UTC where the Windows zone is six). The version is written into
the table, and `remindc import` names it when it maps a zone this way.
"""
import sys

import babel
from babel.core import get_global

BABEL = "2.17.0"
CLDR = "46"
TARGET = "Sources/CalendarImport/WindowsZones.swift"


def main():
    if babel.__version__ != BABEL:
        raise SystemExit(f"babel {BABEL} is pinned (CLDR {CLDR}); this is {babel.__version__}")
    pairs = get_global("windows_zone_mapping")
    lines = [
        "// Written by scripts/windows-zones.py from CLDR's windowsZones table; do not edit.",
        "",
        "/// Windows time zone names (Outlook's and Exchange's TZIDs) and the IANA",
        "/// zone CLDR maps each to (territory 001), by the name and by it in",
        "/// lower case.",
        "enum WindowsZones {",
        f'    static let version = "CLDR {CLDR}"',
        "",
        "    static let iana: [String: String] = {",
        "        var table: [String: String] = [:]",
        "        for (windows, zone) in pairs {",
        "            table[windows] = zone",
        "            table[windows.lowercased()] = zone",
        "        }",
        "        return table",
        "    }()",
        "",
        "    static let pairs: [(String, String)] = [",
    ]
    for windows in sorted(pairs):
        lines.append(f'        ("{windows}", "{pairs[windows]}"),')
    lines += ["    ]", "}", ""]
    with open(sys.argv[1] if len(sys.argv) > 1 else TARGET, "w") as out:
        out.write("\n".join(lines))
    print(f"{len(pairs)} names, CLDR {CLDR} (Babel {BABEL})")


if __name__ == "__main__":
    main()
