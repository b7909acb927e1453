import Foundation
import Synchronization
import Recurrence
import ReminderModel
import ReminderOutput

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
        let trimmed = tzid.trimmedSpaces
        // A name the tz database has, links (Asia/Calcutta) among them, as
        // a reminder file's `timezone:` takes it.
        if known.contains(trimmed) { return Mapped(zone: trimmed, how: nil) }
        if trimmed.contains("/"), case .success(.named(let name)) = ZoneName.parse(trimmed) { return Mapped(zone: name, how: nil) }
        if let name = byLowercase[trimmed.lowercased()] { return Mapped(zone: name, how: "its IANA name in another case") }
        // A path ending in an IANA name (`/Europe/Stockholm` too).
        let parts = trimmed.split(separator: "/")
        for start in parts.indices {
            let tail = parts[start...].joined(separator: "/")
            guard start > 0 || trimmed.hasPrefix("/") else { continue }
            if let name = byLowercase[tail.lowercased()] { return Mapped(zone: name, how: "the IANA name at the end of the TZID") }
        }
        if let name = WindowsZones.iana[trimmed] ?? WindowsZones.iana[trimmed.lowercased()] {
            return Mapped(zone: name, how: "the Windows zone name, by CLDR's windowsZones \(WindowsZones.version)")
        }
        // A link of the tz database (`Japan`, `GB`), to the zone it names.
        if let target = links[trimmed.lowercased()],
            let name = byLowercase[target.lowercased()] ?? (TimeZone(identifier: target) != nil ? target : nil)
        {
            return Mapped(zone: name, how: "a name the tz database links to \(name)")
        }
        // A legacy zone of its own (`EST5EDT`): the place whose clock has
        // been the same since 1970.
        if let legacy = TimeZone(identifier: trimmed), let name = placeKeepingClock(of: legacy) {
            return Mapped(zone: name, how: "a legacy name whose clock \(name) has kept since 1970")
        }
        return nil
    }

    /// The tz database's links (`L Asia/Tokyo Japan`), by the linked
    /// name in lower case, from this machine's tzdata.zi; none where it
    /// has no such file.
    private static let links: [String: String] = {
        guard let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8) else { return [:] }
        var links: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("L ") {
            let fields = line.split(separator: " ")
            guard fields.count == 3 else { continue }
            links[fields[2].lowercased()] = String(fields[1])
        }
        return links
    }()

    /// The zone of a place (`Area/City`) whose offsets equal `zone`'s from
    /// 1970 through 2037, sampled weekly; of several, one CLDR maps a
    /// Windows name to, then the first by name.
    static func placeKeepingClock(of zone: TimeZone) -> String? {
        let first = instant(1970), last = instant(2038)
        let preferred = Set(WindowsZones.pairs.map(\.1))
        let candidates = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") && !$0.hasPrefix("Etc/") }
            .sorted { (preferred.contains($0) ? 0 : 1, $0) < (preferred.contains($1) ? 0 : 1, $1) }
        for name in candidates {
            guard let other = TimeZone(identifier: name) else { continue }
            var sample = first, same = true
            while sample < last {
                if WallClock.offset(of: other, at: sample) != WallClock.offset(of: zone, at: sample) {
                    same = false
                    break
                }
                sample = sample.advanced(by: 7 * 86_400)
            }
            if same { return name }
        }
        return nil
    }

    private static let known = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"])
    private static let byLowercase: [String: String] = Dictionary(
        (TimeZone.knownTimeZoneIdentifiers + ["UTC"]).map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}

extension ZoneMapping {
    /// The IANA zone a VTIMEZONE describes, found by its offsets: every
    /// change its observances (STANDARD, DAYLIGHT: DTSTART, RRULE, RDATE,
    /// TZOFFSETFROM, TZOFFSETTO) make in `years`, and each day between,
    /// against the tz database's. Of several that match, the first a city
    /// of the TZID names (`(UTC+01:00) Amsterdam, Berlin, ...`), else the
    /// one whose history agrees with the VTIMEZONE the most years back
    /// (to 1970), then one CLDR maps a Windows name to, then by name; nil
    /// when none matches.
    static func fingerprint(
        _ vtimezone: CalendarDocument.Component, tzid: String, years: ClosedRange<Int>
    ) -> (zone: String, others: [String])? {
        guard let offsets = Offsets(vtimezone, through: years.upperBound) else { return nil }
        func agrees(_ zone: TimeZone, in span: ClosedRange<Int>, daily: Bool) -> Bool {
            let first = Self.instant(span.lowerBound), last = Self.instant(span.upperBound + 1)
            var sample = first.advanced(by: 12 * 3600)
            while sample < last {
                if WallClock.offset(of: zone, at: sample) != offsets.offset(sample) { return false }
                sample = sample.advanced(by: daily ? 86_400 : 7 * 86_400)
            }
            for change in offsets.changes where change.instant > first && change.instant < last {
                for probe in [change.instant.advanced(by: -1), change.instant, change.instant.advanced(by: 3599)]
                where WallClock.offset(of: zone, at: probe) != offsets.offset(probe) { return false }
            }
            return true
        }
        // Two seasons first, to pass over most zones at once.
        let probes = [Self.instant(years.lowerBound).advanced(by: 15 * 86_400), Self.instant(years.lowerBound).advanced(by: 196 * 86_400)]
        let matching = TimeZone.knownTimeZoneIdentifiers.compactMap { name -> (String, TimeZone)? in
            guard let zone = TimeZone(identifier: name), probes.allSatisfy({ WallClock.offset(of: zone, at: $0) == offsets.offset($0) }),
                agrees(zone, in: years, daily: true)
            else { return nil }
            return (name, zone)
        }
        guard !matching.isEmpty else { return nil }
        let text = tzid.lowercased()
        func cityPlace(_ name: String) -> Int {
            guard let city = name.split(separator: "/").last?.replacingOccurrences(of: "_", with: " ").lowercased(),
                let range = text.range(of: city)
            else { return Int.max }
            return text.distance(from: text.startIndex, to: range.lowerBound)
        }
        func history(_ zone: TimeZone) -> Int {
            var year = years.lowerBound - 1
            while year >= 1970, agrees(zone, in: year...year, daily: false) { year -= 1 }
            return years.lowerBound - 1 - year
        }
        let preferred = Set(WindowsZones.pairs.map(\.1))
        let ranked = matching.map { name, zone in
            (name: name, city: cityPlace(name), history: history(zone), cldr: preferred.contains(name) ? 0 : 1)
        }
        .sorted { ($0.city, -$0.history, $0.cldr, $0.name) < ($1.city, -$1.history, $1.cldr, $1.name) }
        return (ranked[0].name, ranked.dropFirst().map(\.name))
    }

    /// The IANA zone whose clock differs from `vtimezone`'s on the fewest
    /// days of `years` (sampled at noon UTC), with that count: for a
    /// VTIMEZONE that matches none (old or made-up rules). nil when the
    /// VTIMEZONE cannot be read, or every zone differs on most days.
    /// Of several as near, the one CLDR gives the Windows name the TZID
    /// holds (`Eastern Standard Time (old rules)`), then one a city of the
    /// TZID names, then one CLDR maps a Windows name to, then by name.
    static func nearest(_ vtimezone: CalendarDocument.Component, tzid: String, years: ClosedRange<Int>) -> (zone: String, days: Int)? {
        guard let offsets = Offsets(vtimezone, through: years.upperBound) else { return nil }
        let first = Self.instant(years.lowerBound), last = Self.instant(years.upperBound + 1)
        var samples: [(Instant, Int)] = []
        var sample = first.advanced(by: 12 * 3600)
        while sample < last {
            samples.append((sample, offsets.offset(sample)))
            sample = sample.advanced(by: 86_400)
        }
        var fewest = Int.max
        var nearest: [String] = []
        for name in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZone(identifier: name),
                samples.contains(where: { WallClock.offset(of: zone, at: $0.0) == $0.1 })
            else { continue }
            var days = 0
            for (instant, offset) in samples where WallClock.offset(of: zone, at: instant) != offset {
                days += 1
                if days > fewest { break }
            }
            if days < fewest {
                fewest = days
                nearest = [name]
            } else if days == fewest {
                nearest.append(name)
            }
        }
        guard !nearest.isEmpty, fewest * 2 < samples.count else { return nil }
        let text = tzid.lowercased()
        let named = WindowsZones.pairs.filter { text.contains($0.0.lowercased()) }.max { $0.0.count < $1.0.count }?.1
        let preferred = Set(WindowsZones.pairs.map(\.1))
        func rank(_ name: String) -> (Int, Int, Int, String) {
            let city = name.split(separator: "/").last?.replacingOccurrences(of: "_", with: " ").lowercased() ?? ""
            return (name == named ? 0 : 1, !city.isEmpty && text.contains(city) ? 0 : 1, preferred.contains(name) ? 0 : 1, name)
        }
        return (nearest.min { rank($0) < rank($1) }!, fewest)
    }

    /// Whether `vtimezone` changes offsets as the IANA zone `name` does
    /// in `years`: every change of either, and each day between.
    static func agrees(_ vtimezone: CalendarDocument.Component, with name: String, years: ClosedRange<Int>) -> Bool {
        guard let zone = TimeZone(identifier: name) else { return false }
        // A VTIMEZONE this reader cannot follow is taken at its word.
        guard let offsets = Offsets(vtimezone, through: years.upperBound) else { return true }
        let first = Self.instant(years.lowerBound), last = Self.instant(years.upperBound + 1)
        var sample = first.advanced(by: 12 * 3600)
        while sample < last {
            if WallClock.offset(of: zone, at: sample) != offsets.offset(sample) { return false }
            sample = sample.advanced(by: 86_400)
        }
        for change in offsets.changes where change.instant > first && change.instant < last {
            for probe in [change.instant.advanced(by: -1), change.instant]
            where WallClock.offset(of: zone, at: probe) != offsets.offset(probe) {
                return false
            }
        }
        return true
    }

    /// Midnight UTC on the first of January of `year`.
    static func instant(_ year: Int) -> Instant {
        WallClock.instant(of: LocalDateTime(date: CivilDate(year: year, month: 1, day: 1), time: .midnight), in: utc)
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// Foundation's zone for an IANA name this machine knows, made once
    /// per name.
    static func foundation(_ name: String) -> TimeZone? {
        zoneCache.withLock { cache in
            if let known = cache[name] { return known }
            let zone = TimeZone(identifier: name)
            cache[name] = zone
            return zone
        }
    }

    private static let zoneCache = Mutex<[String: TimeZone?]>([:])

    /// A VTIMEZONE's changes of offset in some years.
    struct Offsets {
        var changes: [(instant: Instant, offset: Int)] = []
        var before: Int

        init?(_ vtimezone: CalendarDocument.Component, through lastYear: Int) {
            var changes: [(instant: Instant, offset: Int, from: Int)] = []
            for observance in vtimezone.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
                guard let start = observance.property("DTSTART"), case .floating(let onset)? = CalendarTime.parse(start.value, tzid: nil),
                    let from = observance.property("TZOFFSETFROM").flatMap({ Self.offset($0.value) }),
                    let to = observance.property("TZOFFSETTO").flatMap({ Self.offset($0.value) })
                else { return nil }
                var onsets = [onset]
                if let rule = observance.property("RRULE").flatMap({ RecurrenceRule.parse($0.value).rule }) {
                    let schedule = Schedule(start: onset, rule: rule, placement: .fixed(0))
                    onsets = Array(schedule.occurrences().lazy.map(\.wallClock.local).prefix { $0.date.year <= lastYear }.prefix(2_000))
                }
                for rdate in observance.all("RDATE") {
                    for value in rdate.value.split(separator: ",") {
                        if case .floating(let local)? = CalendarTime.parse(String(value), tzid: nil) { onsets.append(local) }
                    }
                }
                for local in onsets {
                    changes.append((WallClock.instant(of: local, in: TimeZone(secondsFromGMT: from) ?? ZoneMapping.utc), to, from))
                }
            }
            guard !changes.isEmpty else { return nil }
            changes.sort { $0.instant < $1.instant }
            self.changes = changes.map { ($0.instant, $0.offset) }
            before = changes[0].from
        }

        func offset(_ instant: Instant) -> Int {
            var low = 0, high = changes.count
            while low < high {
                let middle = (low + high) / 2
                if changes[middle].instant <= instant { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? before : changes[low - 1].offset
        }

        /// `+0100`, `-0530`, `+013045`: seconds east (`ICalendarValue.utcOffset`).
        static func offset(_ text: String) -> Int? {
            ICalendarValue.utcOffset(text)
        }
    }
}
