#!/usr/bin/env python3
"""Writes Sources/CalendarImport/WindowsZones.swift from CLDR's windowsZones table.

    scripts/windows-zones.py [windowsZones.xml]

The table maps each Windows time zone name (what Outlook and Exchange
write as a TZID) to its IANA zone: the mapZone of territory 001, CLDR's
choice for the name. The default input is Debian's unicode-cldr-core
(/usr/share/unicode/cldr/common/supplemental/windowsZones.xml); the
package's version is written into the table, and `remindc import` names
it when it maps a zone this way.
"""
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

SOURCE = "/usr/share/unicode/cldr/common/supplemental/windowsZones.xml"
TARGET = "Sources/CalendarImport/WindowsZones.swift"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    version = "unknown"
    if path == SOURCE:
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unicode-cldr-core"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    pairs = {}
    for zone in ElementTree.parse(path).getroot().iter("mapZone"):
        if zone.get("territory") == "001":
            pairs[zone.get("other")] = zone.get("type").split()[0]
    lines = [
        "// Written by scripts/windows-zones.py from CLDR's windowsZones.xml; do not edit.",
        "",
        "/// Windows time zone names (Outlook's and Exchange's TZIDs) and the IANA",
        "/// zone CLDR maps each to (territory 001), by the name and by it in",
        "/// lower case.",
        "enum WindowsZones {",
        f'    static let version = "CLDR {version}"',
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
    with open(TARGET, "w") as out:
        out.write("\n".join(lines))
    print(f"{len(pairs)} names, CLDR {version}")


if __name__ == "__main__":
    main()
