import Foundation
import Recurrence

/// The words people say for a time on the command line, read against now
/// in a zone: `now`, `today`, `tomorrow`, `yesterday`, a weekday
/// (`monday`, `mon`: the next one, today counting; `next monday`: after
/// today; `last monday`: before today), `this`, `next` or `last` `week`,
/// `month` or `year` (its first day; weeks start on Monday), each of
/// those day words with a time of day after it (`tomorrow 09:00`), and an
/// offset from now: `+7d`, `-2w`, `+3h`, `+30m` (minutes), `+1mo`, `+1y`,
/// days and longer at the same wall-clock time, hours and minutes exact.
/// A day is its midnight on the zone's clock (the first instant of the
/// day where the clocks skip midnight).
enum RelativeTime {
    /// The instant `text` names, or nil when it is none of the words.
    static func instant(_ text: String, now: Instant, in zone: TimeZone) -> Instant? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { return nil }
        if words == ["now"] { return now }
        if words.count == 1, let offset = offset(first, now: now, in: zone) { return offset }
        let today = WallClock.local(at: now, in: zone).date
        // A day, and perhaps a time of day after it.
        var rest = words[...]
        guard let day = self.day(&rest, today: today), rest.count <= 1 else { return nil }
        var time = CivilTime.midnight
        if let clock = rest.first {
            guard let read = Self.timeOfDay(clock) else { return nil }
            time = read
        }
        return WallClock.instant(of: LocalDateTime(date: day, time: time), in: zone)
    }

    /// Reads the day words at the front of `words`, leaving what follows.
    private static func day(_ words: inout ArraySlice<String>, today: CivilDate) -> CivilDate? {
        guard let first = words.popFirst() else { return nil }
        switch first {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        case "this", "next", "last":
            guard let unit = words.popFirst() else { return nil }
            let step = first == "this" ? 0 : first == "next" ? 1 : -1
            if let weekday = weekday(unit) {
                // `this monday` is the next one, today counting; `next` is
                // after today, `last` before it.
                let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
                switch step {
                case 0: return today.adding(days: ahead)
                case 1: return today.adding(days: ahead == 0 ? 7 : ahead)
                default:
                    let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
                    return today.adding(days: -(back == 0 ? 7 : back))
                }
            }
            switch unit {
            case "week":
                return today.adding(days: 1 - today.weekday.rawValue + 7 * step)
            case "month":
                let index = today.year * 12 + today.month - 1 + step
                return CivilDate(year: index.floorDivided(by: 12), month: index.floorModulo(12) + 1, day: 1)
            case "year":
                return CivilDate(year: today.year + step, month: 1, day: 1)
            default:
                return nil
            }
        default:
            guard let weekday = weekday(first) else { return nil }
            return today.adding(days: (weekday.rawValue - today.weekday.rawValue + 7) % 7)
        }
    }

    /// `monday`, `mon`: a weekday's name or its first three letters.
    private static func weekday(_ word: String) -> Weekday? {
        Weekday.allCases.first { $0.name == word || (word.count == 3 && $0.name.hasPrefix(word)) }
    }

    /// `9:00`, `09:00`, `09:00:30`.
    private static func timeOfDay(_ word: String) -> CivilTime? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let time = CivilTime(hour: hour, minute: minute, second: parts.count == 3 ? Int(parts[2]) ?? 0 : 0)
        return time.isValid ? time : nil
    }

    /// `+7d`, `-2w`, `+3h`, `+30m`, `+1mo`, `+1y`: from now.
    private static func offset(_ word: String, now: Instant, in zone: TimeZone) -> Instant? {
        guard let sign = word.first, sign == "+" || sign == "-" else { return nil }
        let body = word.dropFirst()
        let digits = body.prefix(while: \.isASCIIDigit)
        // At most five digits: 99,999 weeks already runs past the span
        // remindc works in, which the caller then says.
        guard !digits.isEmpty, digits.count <= 5, let count = Int(digits) else { return nil }
        let amount = sign == "-" ? -count : count
        let here = WallClock.local(at: now, in: zone)
        switch body.dropFirst(digits.count) {
        case "m": return now.advanced(by: amount * 60)
        case "h": return now.advanced(by: amount * 3600)
        case "d", "w":
            let days = body.hasSuffix("w") ? amount * 7 : amount
            return WallClock.instant(of: LocalDateTime(date: here.date.adding(days: days), time: here.time), in: zone)
        case "mo", "y":
            let months = body.hasSuffix("y") ? amount * 12 : amount
            let index = here.date.year * 12 + here.date.month - 1 + months
            let year = index.floorDivided(by: 12), month = index.floorModulo(12) + 1
            // The 31st a month later is that month's last day.
            let date = CivilDate(year: year, month: month, day: min(here.date.day, CivilDate.daysIn(month: month, year: year)))
            return WallClock.instant(of: LocalDateTime(date: date, time: here.time), in: zone)
        default:
            return nil
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
