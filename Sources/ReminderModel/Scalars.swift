import Foundation
import Recurrence

/// Readers for the scalar forms of SPEC §1: times, times of day, durations,
/// zones and repeat words. Each returns the value or the catalogue message
/// that says what is wrong. They work on UTF-8 bytes, with no formatters, so a
/// file of 100,000 reminders reads fast.
enum Scalars {
    // MARK: Times

    /// `2026-12-01`, `2026-12-01 09:00`, `2026-12-01T09:00:30`, optionally with a
    /// fraction (`.250`) and a `Z` or `±HH:MM` offset.
    static func time(_ text: String) -> Result<ReminderTime, Message> {
        let read = withBytes(of: text) { time(text, $0) }
        if case .failure = read, let explained = explainedTime(text) { return .failure(explained) }
        return read
    }

    /// What a time that did not read was likely meant as: a 12-hour clock
    /// (`8am`, `2026-12-10 8:30pm`), or a zone after the time
    /// (`2026-12-10 09:00 Europe/Paris`), which `timezone:` says.
    private static func explainedTime(_ text: String) -> Message? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        let head = parts.dropLast().joined(separator: " ")
        if parts.count >= 2, let zone = parts.last, case .success(.local) = withBytes(of: head, { time(head, $0) }),
            zone.contains("/") || (try? Self.zone(String(zone)).get()) != nil || KnownZones.legacy[zone.uppercased()] != nil
        {
            return .zoneInTime(text, time: head, zone: KnownZones.legacy[zone.uppercased()] ?? String(zone))
        }
        // `8am`, `8 pm`, `8:30pm`, after a date or alone.
        var words = parts.map(String.init)
        var date: String?
        if let first = words.first, case .success(.date) = withBytes(of: first, { time(first, $0) }) {
            date = first
            words.removeFirst()
        }
        guard let clock = twelveHourClock(words.joined()) else { return nil }
        let written = String(format: "%02d:%02d", clock.hour, clock.minute)
        return .twelveHourTime(text, replacement: "\(date ?? "2026-12-01") \(written)", hasDate: date != nil)
    }

    /// `8am`, `8pm`, `8:30pm`, `12am` (midnight), `12.15pm`: the time of day.
    private static func twelveHourClock(_ text: String) -> (hour: Int, minute: Int)? {
        let lower = text.lowercased().replacingOccurrences(of: ".", with: ":")
        let isAfternoon: Bool
        if lower.hasSuffix("am") { isAfternoon = false } else if lower.hasSuffix("pm") { isAfternoon = true } else { return nil }
        let clock = lower.dropLast(2).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(clock.count), let hour = Int(clock[0]), (1...12).contains(hour) else { return nil }
        var minute = 0
        if clock.count == 2 {
            guard clock[1].count == 2, let value = Int(clock[1]), (0...59).contains(value) else { return nil }
            minute = value
        }
        return (hour % 12 + (isAfternoon ? 12 : 0), minute)
    }

    private static func time(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Result<ReminderTime, Message> {
        var reader = ByteReader(bytes)
        let expected = "a date or a time"
        guard let year = reader.digits(exactly: 4), reader.take(0x2D),
            let month = reader.digits(exactly: 2), reader.take(0x2D),
            let day = reader.digits(exactly: 2)
        else {
            if (try? clockTime(text).get()) != nil { return .failure(.invalidTime(text, .noDate)) }
            if let readings = slashDate(text) { return .failure(.slashDate(text, readings: readings)) }
            return .failure(.invalidTime(text, .form(expected: expected)))
        }
        guard (SupportedSpan.firstYear...SupportedSpan.lastYear).contains(year) else {
            return .failure(.invalidTime(text, .year(year)))
        }
        guard (1...12).contains(month) else { return .failure(.invalidTime(text, .month(month))) }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return .failure(.invalidTime(text, .day(date))) }
        if reader.atEnd { return .success(.date(date)) }
        guard reader.take(0x54) || reader.take(0x74) || reader.take(0x20) else {
            return .failure(.invalidTime(text, .form(expected: expected)))
        }
        let time: CivilTime
        switch timeOfDay(&reader, text: text, expected: expected) {
        case .success(let value): time = value
        case .failure(let message): return .failure(message)
        }
        let local = LocalDateTime(date: date, time: time)
        if reader.atEnd { return .success(.local(local)) }
        if reader.take(0x5A) || reader.take(0x7A) {
            return reader.atEnd ? .success(.instant(local, utcOffset: 0)) : .failure(.invalidTime(text, .form(expected: expected)))
        }
        guard let sign = reader.peek, sign == 0x2B || sign == 0x2D else {
            return .failure(.invalidTime(text, .form(expected: expected)))
        }
        reader.skip()
        guard let hours = reader.digits(exactly: 2) else { return .failure(.invalidTime(text, .offset)) }
        var minutes = 0
        if !reader.atEnd {
            _ = reader.take(0x3A)
            guard let value = reader.digits(exactly: 2), reader.atEnd else { return .failure(.invalidTime(text, .offset)) }
            minutes = value
        }
        guard hours <= 18, minutes <= 59 else { return .failure(.invalidTime(text, .offset)) }
        let offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
        return .success(.instant(local, utcOffset: offset))
    }

    /// `12/01/2026` or `1.12.2026` (with a time after it or not): the two
    /// dates it may mean, day first and month first, in the format's form.
    private static func slashDate(_ text: String) -> [String]? {
        let date = text.split(separator: " ", maxSplits: 1).first ?? ""
        let parts = date.split(whereSeparator: { $0 == "/" || $0 == "." }).map { Int($0) }
        guard parts.count == 3, let a = parts[0], let b = parts[1], let year = parts[2], (1000...9999).contains(year) else { return nil }
        func form(_ month: Int, _ day: Int) -> String? {
            CivilDate(year: year, month: month, day: day).isValid && (1...12).contains(month)
                ? CivilDate(year: year, month: month, day: day).description : nil
        }
        let time = text.split(separator: " ", maxSplits: 1).dropFirst().first.map { " " + $0 } ?? ""
        let readings = Set([form(b, a), form(a, b)].compactMap { $0 })
        return readings.isEmpty ? nil : readings.sorted().map { $0 + time }
    }

    /// A time of day: `08:00`, `8:00`, `20:30:15`.
    static func clockTime(_ text: String) -> Result<CivilTime, Message> {
        withBytes(of: text) { bytes in
            var reader = ByteReader(bytes)
            return clockTime(text, &reader)
        }
    }

    private static func clockTime(_ text: String, _ reader: inout ByteReader) -> Result<CivilTime, Message> {
        switch timeOfDay(&reader, text: text, expected: "a time of day such as 08:00") {
        case .success(let time):
            return reader.atEnd ? .success(time) : .failure(.invalidTime(text, .form(expected: "a time of day")))
        case .failure(let message):
            return .failure(message)
        }
    }

    /// `HH:MM`, `H:MM`, `HH:MM:SS`, `HH:MM:SS.fff`.
    private static func timeOfDay(_ reader: inout ByteReader, text: String, expected: String) -> Result<CivilTime, Message> {
        let hour: Int
        if let twoDigits = reader.digits(exactly: 2) {
            hour = twoDigits
        } else if let oneDigit = reader.digits(exactly: 1) {
            hour = oneDigit
        } else {
            return .failure(.invalidTime(text, .form(expected: expected)))
        }
        guard reader.take(0x3A), let minute = reader.digits(exactly: 2) else {
            return .failure(.invalidTime(text, .form(expected: expected)))
        }
        var second = 0
        var nanosecond = 0
        if reader.take(0x3A) {
            guard let value = reader.digits(exactly: 2) else { return .failure(.invalidTime(text, .form(expected: expected))) }
            second = value
            if reader.take(0x2E) || reader.take(0x2C) {
                var scale = 100_000_000
                var count = 0
                while let digit = reader.digit() {
                    nanosecond += digit * scale
                    scale /= 10
                    count += 1
                }
                guard count > 0, count <= 9 else { return .failure(.invalidTime(text, .form(expected: expected))) }
            }
        }
        guard hour <= 23 else { return .failure(.invalidTime(text, .hour(hour))) }
        guard minute <= 59 else { return .failure(.invalidTime(text, .minute(minute))) }
        guard second <= 59 else { return .failure(.invalidTime(text, .second(second))) }
        return .success(CivilTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond))
    }

    /// `22:00-07:00`.
    static func clockRange(_ text: String) -> Result<ClockRange, Message> {
        let halves = text.split(separator: "-", omittingEmptySubsequences: false)
        guard halves.count == 2,
            case .success(let start) = clockTime(halves[0].trimmingCharacters(in: .whitespaces)),
            case .success(let end) = clockTime(halves[1].trimmingCharacters(in: .whitespaces)),
            start != end
        else {
            return .failure(.invalidClockRange(text))
        }
        return .success(ClockRange(start: start, end: end))
    }

    // MARK: Durations

    /// The largest number a duration's part is read as: one past the
    /// seconds of the span, so any larger number is a duration too long,
    /// and no sum of parts (weeks of it at most) can overflow.
    private static let longestCount = SupportedSpan.seconds + 1

    /// `30s`, `5m`, `1h30m`, `2d`, `1w` (units in descending order, each at most
    /// once), or ISO 8601: `PT5M`, `P1D`, `P2W`, `P1DT12H`.
    static func duration(_ text: String) -> Result<NominalDuration, Message> {
        let parsed =
            withBytes(of: text) { bytes -> NominalDuration? in
                guard let first = bytes.first else { return nil }
                return first == 0x50 || first == 0x70 ? isoDuration(bytes) : compactDuration(bytes)
            } ?? wordDuration(text)
        guard let parsed else { return .failure(.invalidDuration(text)) }
        // Nothing lasts longer than the span remindc works in; beyond it
        // other readers refuse the value (python icalendar past 999,999,999
        // days) and no alert could fall inside the span.
        guard parsed.days * secondsPerDay + parsed.seconds <= SupportedSpan.seconds else {
            return .failure(.durationTooLong(text))
        }
        return .success(parsed)
    }

    /// The most working days an alert comes before its occurrence: ten
    /// years of them.
    static let mostWorkingDays = 2_600

    /// One item of `before:`: a duration (`duration`), or `N working days`
    /// (`1 working day`, `two working days`), N from 1 to `mostWorkingDays`.
    static func alertLead(_ text: String) -> Result<AlertLead, Message> {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 3, words[1] == "working", words[2] == "day" || words[2] == "days" else {
            return duration(text).map(AlertLead.time).mapError { message in
                message == Message.invalidDuration(text) ? .invalidLead(text) : message
            }
        }
        let digits = words[0]
        let count: Int? =
            digits.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            ? digits.utf8.reduce(0) { min(mostWorkingDays + 1, $0 * 10 + Int($1 - 0x30)) }
            : digits == "other" ? nil : numberWords[String(digits)]
        guard let count, (1...mostWorkingDays).contains(count) else {
            return .failure(.invalidValue("before", text, expected: "a whole number of working days from 1 to \(mostWorkingDays)"))
        }
        return .success(.workingDays(count))
    }

    /// A duration in words, as a repeat is written: `15 minutes`,
    /// `1 hour 30 minutes`, `2 days`, `1 week`, `90 seconds`.
    static func wordDuration(_ text: String) -> NominalDuration? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).filter { $0 != "and" }
        guard !words.isEmpty, words.count % 2 == 0 else { return nil }
        var result = NominalDuration()
        var index = 0
        while index < words.count {
            let digits = words[index]
            let number: Int
            if digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                // Held at the ceiling as it is read, so it cannot overflow.
                number = digits.utf8.reduce(0) { min(longestCount, $0 * 10 + Int($1 - 0x30)) }
            } else {
                guard digits != "other", let word = numberWords[String(digits)] else { return nil }
                number = word
            }
            var unit = words[index + 1]
            if unit.hasSuffix("s") && unit.count > 1 { unit.removeLast() }
            switch unit {
            case "week": result.days += number * 7
            case "day": result.days += number
            case "hour", "hr": result.seconds += number * 3600
            case "minute", "min": result.seconds += number * 60
            case "second", "sec": result.seconds += number
            default: return nil
            }
            // However many parts are written, the sums stay at the ceiling.
            result.days = min(result.days, longestCount)
            result.seconds = min(result.seconds, longestCount)
            index += 2
        }
        return result
    }

    private static func compactDuration(_ bytes: UnsafeBufferPointer<UInt8>) -> NominalDuration? {
        let units: [(UInt8, Int, Bool)] = [(0x77, 7, true), (0x64, 1, true), (0x68, 3600, false), (0x6D, 60, false), (0x73, 1, false)]
        var reader = ByteReader(bytes)
        var result = NominalDuration()
        var nextUnit = 0
        while !reader.atEnd {
            guard let number = reader.number(upTo: longestCount) else { return nil }
            guard let unit = reader.peek.map({ $0 | 0x20 }),
                let index = units[nextUnit...].firstIndex(where: { $0.0 == unit })
            else { return nil }
            reader.skip()
            let (_, factor, isDays) = units[index]
            let product = number * factor
            if isDays { result.days += product } else { result.seconds += product }
            nextUnit = index + 1
        }
        return result
    }

    private static func isoDuration(_ bytes: UnsafeBufferPointer<UInt8>) -> NominalDuration? {
        var reader = ByteReader(bytes)
        reader.skip()
        var result = NominalDuration()
        var inTime = false
        var sawComponent = false
        var allowed: [UInt8] = [0x57, 0x44]
        while !reader.atEnd {
            if !inTime && (reader.take(0x54) || reader.take(0x74)) {
                inTime = true
                allowed = [0x48, 0x4D, 0x53]
                continue
            }
            guard let number = reader.number(upTo: longestCount), let unit = reader.peek.map({ $0 & ~0x20 }),
                let index = allowed.firstIndex(of: unit)
            else { return nil }
            reader.skip()
            allowed.removeSubrange(...index)
            sawComponent = true
            switch unit {
            case 0x57: result.days += number * 7
            case 0x44: result.days += number
            case 0x48: result.seconds += number * 3600
            case 0x4D: result.seconds += number * 60
            default: result.seconds += number
            }
        }
        return sawComponent && !(inTime && allowed.count == 3) ? result : nil
    }

    // MARK: Zones

    /// `floating`, `UTC`, or an IANA zone name this machine's database knows.
    static func zone(_ text: String) -> Result<ZoneName, Message> {
        switch text {
        case "floating": return .success(.floating)
        case "UTC", "utc", "Etc/UTC", "Z": return .success(.utc)
        default:
            if KnownZones.names.contains(text) || KnownZones.accepts(text) { return .success(.named(text)) }
            if let place = KnownZones.legacy[text.uppercased()] { return .failure(.legacyTimeZone(text, place: place)) }
            let suggestion = KnownZones.lowercased[text.lowercased()] ?? closestZone(to: text)
            return .failure(.unknownTimeZone(text, suggestion: suggestion))
        }
    }

    private static func closestZone(to text: String) -> String? {
        if let match = closest(to: text, in: KnownZones.sortedNames) { return match }
        // "Berlin" for "Europe/Berlin": match the city part.
        let city = text.split(separator: "/").last.map(String.init) ?? text
        return KnownZones.sortedNames.first { $0.split(separator: "/").last.map(String.init)?.lowercased() == city.lowercased() }
    }
}

/// The zone names of this machine's time zone database, read once.
enum KnownZones {
    /// The zones Foundation lists. The list lags the time zone database:
    /// it has Asia/Calcutta but not Asia/Kolkata, so `accepts` asks
    /// Foundation for names it does not list.
    static let sortedNames: [String] = TimeZone.knownTimeZoneIdentifiers.sorted()

    /// Whether Foundation knows `name` by exactly that name, as IANA spells it.
    static func accepts(_ name: String) -> Bool {
        name.contains("/") && TimeZone(identifier: name)?.identifier == name
    }

    static let names: Set<String> = Set(sortedNames)

    /// Legacy names the zone database keeps (`CET`, `EST`, `PST8PDT`) and a
    /// place that keeps the same clock: a legacy zone follows one country's
    /// old rules (`EST` has no daylight saving at all), so the place's own
    /// name is what a reminder should say.
    static let legacy: [String: String] = [
        "CET": "Europe/Berlin", "MET": "Europe/Berlin", "CEST": "Europe/Berlin", "EET": "Europe/Athens", "WET": "Europe/Lisbon",
        "EST": "America/New_York", "EST5EDT": "America/New_York", "EDT": "America/New_York", "CST6CDT": "America/Chicago",
        "CST": "America/Chicago", "MST": "America/Denver", "MST7MDT": "America/Denver", "PST8PDT": "America/Los_Angeles",
        "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "HST": "Pacific/Honolulu",
        "BST": "Europe/London", "IST": "Asia/Kolkata", "JST": "Asia/Tokyo", "AEST": "Australia/Sydney",
    ]
    static let lowercased: [String: String] = Dictionary(
        sortedNames.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}

/// The UTF-8 bytes of `text`, in place (a short string's on the stack):
/// the scalar readers run for every time and duration of a file, and
/// copying each into an array of its own cost more than reading it.
func withBytes<Value>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
    if let value = text.utf8.withContiguousStorageIfAvailable(body) { return value }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}

/// A cursor over ASCII bytes, valid while they are (`withBytes`).
struct ByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    mutating func skip() { index += 1 }

    /// Consumes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard let byte = peek, (0x30...0x39).contains(byte) else { return nil }
        index += 1
        return Int(byte - 0x30)
    }

    /// Exactly `count` digits, not followed by another digit.
    mutating func digits(exactly count: Int) -> Int? {
        let start = index
        var value = 0
        for _ in 0..<count {
            guard let digit = digit() else { index = start; return nil }
            value = value * 10 + digit
        }
        if let byte = peek, (0x30...0x39).contains(byte) { index = start; return nil }
        return value
    }

    /// One or more digits, of any length; a value past `ceiling` reads as
    /// `ceiling`, so no number of digits can overflow and a caller can
    /// still say the number is too large.
    mutating func number(upTo ceiling: Int) -> Int? {
        var value = 0
        var count = 0
        while let digit = digit() {
            value = value > (ceiling - digit) / 10 ? ceiling : value * 10 + digit
            count += 1
        }
        return count > 0 ? value : nil
    }
}
