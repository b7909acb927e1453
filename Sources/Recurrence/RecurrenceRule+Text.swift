/// A mistake in the text of an RRULE value, with the span of text it covers.
public struct RuleSyntaxError: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A part that is not `NAME=VALUE`.
        case malformedPart(String)
        /// A name RFC 5545 and RFC 7529 do not define.
        case unknownPart(String, suggestion: String?)
        /// The same part twice.
        case duplicatePart(RecurrenceRule.Part)
        /// A part with nothing after `=`.
        case missingValue(RecurrenceRule.Part)
        /// A value the part's grammar does not allow; `expected` describes the grammar.
        case invalidValue(RecurrenceRule.Part, value: String, expected: String)
        /// No FREQ part.
        case missingFrequency
        /// UNTIL and COUNT together.
        case untilAndCount
    }

    public var kind: Kind
    /// Offsets in Unicode scalars into the RRULE text.
    public var range: Range<Int>
}

/// The outcome of reading RRULE text: the rule when the text is well formed,
/// every syntax error, and where each part was written (for pointing
/// `RecurrenceRule.validate()` problems at the text).
public struct ParsedRule: Sendable {
    public var rule: RecurrenceRule?
    public var errors: [RuleSyntaxError]
    /// Offsets in Unicode scalars of each part's `NAME=VALUE`.
    public var partRanges: [RecurrenceRule.Part: Range<Int>]
}

extension RecurrenceRule {
    /// Reads the value of an RRULE property (`FREQ=MONTHLY;BYDAY=-1FR`), per the
    /// grammar of RFC 5545 §3.3.10 and RFC 7529 §4. A leading `RRULE:` is
    /// accepted. Names and values are case-insensitive.
    public static func parse(_ text: String) -> ParsedRule {
        // One pass over the scalars, counting offsets for error ranges; each
        // part's text is a slice of `text`, not rebuilt scalar by scalar.
        let scalars = text.unicodeScalars
        var partStartIndex = scalars.startIndex
        var start = 0
        if text.utf8.count >= 6, zip(text.utf8.prefix(6), "RRULE:".utf8).allSatisfy({ $0 & 0xDF == $1 & 0xDF }) {
            partStartIndex = scalars.index(partStartIndex, offsetBy: 6)
            start = 6
        }
        var errors: [RuleSyntaxError] = []
        var ranges: [Part: Range<Int>] = [:]
        // The parts with a value, in text order; applied in `Part` order below.
        var values: [(part: Part, value: String, range: Range<Int>)] = []

        var partStart = start
        while true {
            var partEndIndex = partStartIndex
            var partEnd = partStart
            while partEndIndex < scalars.endIndex && scalars[partEndIndex] != ";" {
                scalars.formIndex(after: &partEndIndex)
                partEnd += 1
            }
            let isLast = partEndIndex == scalars.endIndex
            defer {
                if !isLast {
                    partStartIndex = scalars.index(after: partEndIndex)
                    partStart = partEnd + 1
                }
            }
            let range = partStart..<partEnd
            let partText = String(scalars[partStartIndex..<partEndIndex])
            if partText.isEmpty {
                // A trailing ';' is tolerated; an empty part elsewhere is not.
                if !isLast || partStart == start {
                    errors.append(RuleSyntaxError(kind: .malformedPart(partText), range: partStart..<(isLast ? partEnd : partEnd + 1)))
                }
                if isLast { break }
                continue
            }
            guard let equals = partText.utf8.firstIndex(of: 0x3D) else {
                errors.append(RuleSyntaxError(kind: .malformedPart(partText), range: range))
                if isLast { break }
                continue
            }
            let name = partText[..<equals].trimmingSpaces().uppercased()
            let value = String(partText[partText.index(after: equals)...]).trimmingSpaces()
            guard let part = Part(rawValue: name) else {
                let suggestion = closest(to: name, in: Part.allCases.map(\.rawValue))
                errors.append(RuleSyntaxError(kind: .unknownPart(name, suggestion: suggestion), range: range))
                if isLast { break }
                continue
            }
            if ranges[part] != nil {
                errors.append(RuleSyntaxError(kind: .duplicatePart(part), range: range))
                if isLast { break }
                continue
            }
            ranges[part] = range
            if value.isEmpty {
                errors.append(RuleSyntaxError(kind: .missingValue(part), range: range))
            } else {
                values.append((part, value, range))
            }
            if isLast { break }
        }
        let scalarCount = partStart + scalars[partStartIndex...].count

        var builder = RuleBuilder()
        let order = Part.allCases
        for (part, value, range) in values.sorted(by: { order.firstIndex(of: $0.part)! < order.firstIndex(of: $1.part)! }) {
            if let expected = builder.apply(part, value) {
                errors.append(RuleSyntaxError(kind: .invalidValue(part, value: value, expected: expected), range: range))
            }
        }
        if ranges[.frequency] == nil {
            errors.append(RuleSyntaxError(kind: .missingFrequency, range: start..<scalarCount))
        }
        if let until = ranges[.until], ranges[.count] != nil {
            errors.append(RuleSyntaxError(kind: .untilAndCount, range: until))
        }
        let rule = errors.isEmpty ? builder.rule : nil
        return ParsedRule(rule: rule, errors: errors, partRanges: ranges)
    }

    /// The RRULE value for this rule, parts in a fixed order (RSCALE first, as
    /// RFC 7529's examples write it, then FREQ), so the same rule always gives
    /// the same text.
    public var text: String {
        var parts: [String] = []
        if let calendar = self.calendar { parts.append("RSCALE=\(calendar.uppercased())") }
        parts.append("FREQ=\(self.frequency.rawValue)")
        switch self.end {
        case .never: break
        case .count(let count): parts.append("COUNT=\(count)")
        case .until(let until): parts.append("UNTIL=\(Self.untilText(until))")
        }
        if self.interval != 1 { parts.append("INTERVAL=\(self.interval)") }
        func list(_ part: Part, _ values: [String]) {
            if !values.isEmpty { parts.append("\(part.rawValue)=\(values.joined(separator: ","))") }
        }
        list(.bySecond, self.bySecond.map(String.init))
        list(.byMinute, self.byMinute.map(String.init))
        list(.byHour, self.byHour.map(String.init))
        list(.byDay, self.byDay.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.code })
        list(.byMonthDay, self.byMonthDay.map(String.init))
        list(.byYearDay, self.byYearDay.map(String.init))
        list(.byWeekNumber, self.byWeekNumber.map(String.init))
        list(.byMonth, self.byMonth.map { "\($0.number)\($0.isLeap ? "L" : "")" })
        list(.bySetPosition, self.bySetPosition.map(String.init))
        if self.weekStartIsExplicit || self.weekStart != .monday { parts.append("WKST=\(self.weekStart.code)") }
        if let skip = self.skip { parts.append("SKIP=\(skip.rawValue)") }
        return parts.joined(separator: ";")
    }

    /// UNTIL's value form: `20261224`, `20261224T090000` or `20261224T080000Z`.
    static func untilText(_ until: Until) -> String {
        func basic(_ date: CivilDate) -> String { zeroPadded(date.year, width: 4) + zeroPadded(date.month) + zeroPadded(date.day) }
        func basic(_ time: CivilTime) -> String { zeroPadded(time.hour) + zeroPadded(time.minute) + zeroPadded(time.second) }
        switch until {
        case .date(let date): return basic(date)
        case .local(let local): return basic(local.date) + "T" + basic(local.time)
        case .utc(let utc): return basic(utc.date) + "T" + basic(utc.time) + "Z"
        }
    }
}

/// Fills a rule part by part; each `apply` returns a description of the
/// expected grammar when the value does not fit it.
private struct RuleBuilder {
    var rule = RecurrenceRule(frequency: .daily)

    mutating func apply(_ part: RecurrenceRule.Part, _ value: String) -> String? {
        switch part {
        case .frequency:
            guard let frequency = RecurrenceRule.Frequency(rawValue: value.uppercased()) else {
                return "one of " + RecurrenceRule.Frequency.allCases.map(\.rawValue).joined(separator: ", ")
            }
            rule.frequency = frequency
        case .until:
            guard let until = Self.until(value) else {
                return "a date (20261224) or a date-time (20261224T090000Z)"
            }
            rule.end = .until(until)
        case .count:
            guard let count = Self.unsigned(value) else { return Self.wholeNumber }
            if case .until = rule.end { break }
            rule.end = .count(count)
        case .interval:
            guard let interval = Self.unsigned(value) else { return Self.wholeNumber }
            rule.interval = interval
        case .bySecond, .byMinute, .byHour, .byMonthDay, .byYearDay, .byWeekNumber, .bySetPosition:
            let (field, signed, expected) = Self.numberList(part)!
            guard let items = list(value, signed ? Self.signed : Self.unsigned) else { return expected }
            rule[keyPath: field] = items
        case .byDay:
            guard let items = list(value, Self.weekdayOccurrence) else {
                return "weekdays (MO, TU, WE, TH, FR, SA, SU), each with an optional ordinal (-1FR, 2TU)"
            }
            rule.byDay = items
        case .byMonth:
            guard let items = list(value, Self.month) else { return "months, 1 to 12 (with RSCALE, 1 to 13 and leap months such as 5L)" }
            rule.byMonth = items
        case .weekStart:
            guard let day = Weekday(code: value) else { return "a weekday: MO, TU, WE, TH, FR, SA or SU" }
            rule.weekStart = day
            rule.weekStartIsExplicit = true
        case .calendar:
            guard value.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0) }) else {
                return "a calendar name such as GREGORIAN, HEBREW or CHINESE"
            }
            rule.calendar = value.lowercased()
        case .skip:
            guard let skip = RecurrenceRule.Skip(rawValue: value.uppercased()) else { return "OMIT, BACKWARD or FORWARD" }
            rule.skip = skip
        }
        return nil
    }

    /// The parts that are lists of numbers: where each is stored, whether it
    /// takes a sign, and its grammar in words.
    static func numberList(_ part: RecurrenceRule.Part) -> (WritableKeyPath<RecurrenceRule, [Int]>, signed: Bool, expected: String)? {
        switch part {
        case .bySecond: (\.bySecond, false, "numbers 0 to 60")
        case .byMinute: (\.byMinute, false, "numbers 0 to 59")
        case .byHour: (\.byHour, false, "numbers 0 to 23")
        case .byMonthDay: (\.byMonthDay, true, "days of the month, 1 to 31 or -31 to -1")
        case .byYearDay: (\.byYearDay, true, "days of the year, 1 to 366 or -366 to -1")
        case .byWeekNumber: (\.byWeekNumber, true, "week numbers, 1 to 53 or -53 to -1")
        case .bySetPosition: (\.bySetPosition, true, "positions, 1 to 366 or -366 to -1")
        default: nil
        }
    }

    /// Parses a comma-separated list, or nil if any item does not parse.
    private func list<T>(_ value: String, _ item: (Substring) -> T?) -> [T]? {
        var items: [T] = []
        for piece in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let parsed = item(piece.trimmingSpaces()[...]) else { return nil }
            items.append(parsed)
        }
        return items
    }

    /// COUNT's and INTERVAL's grammar, with the length `unsigned` reads.
    static let wholeNumber = "a whole number of at most 18 digits"

    static func unsigned(_ text: Substring) -> Int? { unsigned(String(text)) }

    static func unsigned(_ text: String) -> Int? {
        // Up to 18 digits, all an Int holds whatever they are, so a number
        // too large is reported with its value and the range it breaks.
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    static func signed(_ text: Substring) -> Int? {
        if text.hasPrefix("-") { return unsigned(text.dropFirst()).map { -$0 } }
        if text.hasPrefix("+") { return unsigned(text.dropFirst()) }
        return unsigned(text)
    }

    static func weekdayOccurrence(_ text: Substring) -> RecurrenceRule.WeekdayOccurrence? {
        guard text.count >= 2, let day = Weekday(code: text.suffix(2)) else { return nil }
        let ordinal = text.dropLast(2)
        if ordinal.isEmpty { return .init(day) }
        guard let number = signed(ordinal) else { return nil }
        return .init(day, ordinal: number)
    }

    static func month(_ text: Substring) -> RecurrenceRule.Month? {
        if text.hasSuffix("L") || text.hasSuffix("l") {
            return unsigned(text.dropLast()).map { RecurrenceRule.Month($0, isLeap: true) }
        }
        return unsigned(text).map { RecurrenceRule.Month($0) }
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`, checked for real dates and times.
    static func until(_ text: String) -> RecurrenceRule.Until? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        if bytes.count == 8 { return .date(date) }
        guard bytes.count == 15 || (bytes.count == 16 && (bytes[15] == 0x5A || bytes[15] == 0x7A)),
            bytes[8] == 0x54 || bytes[8] == 0x74,
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
        else { return nil }
        let time = CivilTime(hour: hour, minute: minute, second: second)
        guard time.isValid else { return nil }
        let local = LocalDateTime(date: date, time: time)
        return bytes.count == 16 ? .utc(local) : .local(local)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        // By bytes: a space or a tab is one byte, and cutting next to one
        // is a boundary of scalars.
        let text = Substring(self)
        let bytes = text.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while start < end && isSpace(bytes[start]) { start = bytes.index(after: start) }
        while start < end {
            let last = bytes.index(before: end)
            guard isSpace(bytes[last]) else { break }
            end = last
        }
        return String(text[start..<end])
    }
}
