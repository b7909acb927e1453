import Foundation

/// What an iCalendar TZID names in the IANA time zone database: the name
/// itself (in any case), the IANA name at the end of a path some writers
/// prefix (`/mozilla.org/20070129_1/Europe/Berlin`,
/// `/softwarestudio.org/Olson_20011030_5/America/New_York`), or a Windows
/// zone name (`W. Europe Standard Time`, CLDR's windowsZones table); nil
/// for anything else.
enum ZoneMapping {
    /// The zone, and how it was found when not by its own name.
    struct Mapped: Equatable {
        var zone: String
        /// nil when the TZID is the IANA name as written.
        var how: String?
    }

    static func iana(for tzid: String) -> Mapped? {
        let trimmed = tzid.trimmingCharacters(in: .whitespaces)
        if known.contains(trimmed) { return Mapped(zone: trimmed, how: nil) }
        if let name = byLowercase[trimmed.lowercased()] { return Mapped(zone: name, how: "its IANA name in another case") }
        // A path ending in an IANA name.
        let parts = trimmed.split(separator: "/")
        for start in parts.indices.dropFirst() {
            let tail = parts[start...].joined(separator: "/")
            if let name = byLowercase[tail.lowercased()] { return Mapped(zone: name, how: "the IANA name at the end of the TZID") }
        }
        if let name = WindowsZones.iana[trimmed] ?? WindowsZones.iana[trimmed.lowercased()] {
            return Mapped(zone: name, how: "the Windows zone name, by CLDR's windowsZones \(WindowsZones.version)")
        }
        return nil
    }

    private static let known = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"])
    private static let byLowercase: [String: String] = Dictionary(
        (TimeZone.knownTimeZoneIdentifiers + ["UTC"]).map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}
