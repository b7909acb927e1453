import Foundation
import Recurrence

/// A DATE or DATE-TIME value of an iCalendar property, in the form it was
/// written (RFC 5545 §3.3.4, §3.3.5).
enum CalendarTime: Hashable {
    case date(CivilDate)
    case floating(LocalDateTime)
    case utc(LocalDateTime)
    /// A local time with a TZID, as written (not yet mapped to a zone).
    case zoned(LocalDateTime, tzid: String)

    /// Reads `20261201`, `20261201T090000`, `20261201T090000Z`; `tzid`
    /// applies to a local time.
    static func parse(_ text: String, tzid: String?) -> CalendarTime? {
        let value = text.trimmedSpaces
        let digits = Array(value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var result = 0
            for byte in digits[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                result = result * 10 + Int(byte - 0x30)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        if digits.count == 8 { return .date(date) }
        guard digits.count >= 15, digits[8] == UInt8(ascii: "T") || digits[8] == UInt8(ascii: "t"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15) else { return nil }
        // A leap second is read as the second before.
        let time = CivilTime(hour: hour, minute: minute, second: min(second, 59))
        guard time.isValid else { return nil }
        let local = LocalDateTime(date: date, time: time)
        if digits.count == 16, digits[15] == UInt8(ascii: "Z") || digits[15] == UInt8(ascii: "z") { return .utc(local) }
        guard digits.count == 15 else { return nil }
        if let tzid { return .zoned(local, tzid: tzid) }
        return .floating(local)
    }

    var isDate: Bool {
        if case .date = self { return true }
        return false
    }
}

/// A DURATION value (RFC 5545 §3.3.6): `-PT15M`, `P1D`, `-P1DT12H`, `P2W`;
/// days nominal, the rest exact.
struct CalendarDuration: Hashable {
    var days: Int
    var seconds: Int

    /// Negative when before.
    static func parse(_ text: String) -> CalendarDuration? {
        var scalars = Substring(text.trimmedSpaces.uppercased())
        var sign = 1
        if scalars.first == "-" || scalars.first == "+" {
            if scalars.first == "-" { sign = -1 }
            scalars = scalars.dropFirst()
        }
        guard scalars.first == "P" else { return nil }
        scalars = scalars.dropFirst()
        var days = 0, seconds = 0, inTime = false, number = 0, sawDigit = false, sawPart = false
        for character in scalars {
            if let digit = character.wholeNumberValue, character.isASCII {
                guard number < 100_000_000 else { return nil }
                number = number * 10 + digit
                sawDigit = true
                continue
            }
            switch (character, inTime) {
            case ("T", false):
                guard !sawDigit else { return nil }
                inTime = true
                continue
            case ("W", false): days += number * 7
            case ("D", false): days += number
            case ("H", true): seconds += number * 3600
            case ("M", true): seconds += number * 60
            case ("S", true): seconds += number
            default: return nil
            }
            guard sawDigit else { return nil }
            sawPart = true
            number = 0
            sawDigit = false
        }
        guard sawPart, !sawDigit else { return nil }
        return CalendarDuration(days: sign * days, seconds: sign * seconds)
    }

    var totalSeconds: Int { days * 86_400 + seconds }
}
