import Recurrence

/// iCalendar's value types (RFC 5545 §3.3) as remindc writes and reads
/// them, each in one place: the .ics writer writes with these, and the
/// importer, the holiday calendars and the zones' offsets read with them,
/// so what one writes the other reads back.
///
/// RECUR is `RecurrenceRule`'s own text (`RecurrenceRule+Text`); TEXT
/// escapes are the content lines' (`ContentLines`, `CalendarDocument`).
package enum ICalendarValue {
    /// A DATE or a DATE-TIME as written: a date, a local time (floating,
    /// or in the zone a TZID names), a time in UTC.
    package enum Time: Hashable, Sendable {
        case date(CivilDate)
        case local(LocalDateTime)
        case utc(LocalDateTime)
    }

    // MARK: Writing

    /// DATE: `20261201`.
    package static func date(_ day: DayNumber) -> String {
        let date = day.date
        return zeroPadded(date.year, width: 4) + zeroPadded(date.month) + zeroPadded(date.day)
    }

    /// A floating or zone-local DATE-TIME: `20261201T090000`.
    package static func localDateTime(_ reading: WallTime) -> String {
        let rest = reading.secondOfDay
        return date(reading.day) + "T" + zeroPadded(rest / 3600) + zeroPadded(rest % 3600 / 60) + zeroPadded(rest % 60)
    }

    /// A UTC DATE-TIME: `20261201T080000Z`.
    package static func utcDateTime(_ instant: Instant) -> String {
        localDateTime(instant.wallTime(offset: 0)) + "Z"
    }

    /// UTC-OFFSET: `+0100`, `-0330`, `+005328` (seconds only when there are some).
    package static func utcOffset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + zeroPadded(magnitude / 3600) + zeroPadded(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += zeroPadded(magnitude % 60) }
        return text
    }

    /// DURATION: `PT15M`, `-P1DT2H`, `-P1W`, `PT0S`.
    package static func duration(_ duration: NominalDuration, negative: Bool) -> String {
        if duration.isZero { return "PT0S" }
        var text = negative ? "-P" : "P"
        if duration.seconds == 0 && duration.days % 7 == 0 {
            return text + "\(duration.days / 7)W"
        }
        if duration.days > 0 { text += "\(duration.days)D" }
        if duration.seconds > 0 {
            text += "T"
            let hours = duration.seconds / 3600, minutes = duration.seconds % 3600 / 60, seconds = duration.seconds % 60
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if seconds > 0 { text += "\(seconds)S" }
        }
        return text
    }

    // MARK: Reading

    /// Reads `20261201`, `20261201T090000`, `20261201T090000Z` (spaces at
    /// either end passed over, a `t` or `z` in lower case too); a leap
    /// second is read as the second before; nil for anything else.
    package static func time(_ text: some StringProtocol) -> Time? {
        var digits = Array(text.utf8)
        while let last = digits.last, last == 0x20 || last == 0x09 { digits.removeLast() }
        let first = digits.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? digits.count
        digits.removeFirst(first)
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
        guard digits.count >= 15, digits[8] | 0x20 == UInt8(ascii: "t"),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
        else { return nil }
        let time = CivilTime(hour: hour, minute: minute, second: min(second, 59))
        guard time.isValid else { return nil }
        let local = LocalDateTime(date: date, time: time)
        if digits.count == 16, digits[15] | 0x20 == UInt8(ascii: "z") { return .utc(local) }
        return digits.count == 15 ? .local(local) : nil
    }

    /// Reads a DURATION (`-PT15M`, `P1D`, `-P1DT12H`, `P2W`): its days
    /// (nominal) and seconds (exact), both negative when it is; nil for
    /// anything else, or a number past 100,000,000.
    package static func duration(_ text: some StringProtocol) -> (days: Int, seconds: Int)? {
        var scalars = Substring(String(text).trimmingSpaces.uppercased())
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
        return (sign * days, sign * seconds)
    }

    /// Reads a UTC-OFFSET (`+0100`, `-0530`, `+013045`): seconds east; nil
    /// for anything else.
    package static func utcOffset(_ text: some StringProtocol) -> Int? {
        let value = String(text).trimmingSpaces
        guard let sign = value.first, sign == "+" || sign == "-" else { return nil }
        let digits = value.dropFirst()
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
            return nil
        }
        let hours = digits.count == 4 ? number / 100 : number / 10_000
        let minutes = digits.count == 4 ? number % 100 : number / 100 % 100
        let seconds = digits.count == 6 ? number % 100 : 0
        guard minutes < 60, seconds < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
