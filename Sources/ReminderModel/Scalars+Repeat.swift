import Recurrence

/// A repeat said in words: its period, interval and the weekdays it names.
struct RepeatWords: Equatable, Sendable {
    var frequency: RecurrenceRule.Frequency
    var interval: Int
    /// The weekdays it names, in the order written (`weekdays`: Monday to
    /// Friday); empty when it names none.
    var days: [Weekday] = []
}

extension Scalars {
    // MARK: Repeat words

    /// The words and phrases a repeat is written in:
    ///
    /// - a word: `daily`, `weekdays` (also `every weekday`), `fortnightly`;
    /// - `every N unit`: `every 5 minutes`, `every other week`; the map's
    ///   `every:` leaves out the word: `2 weeks`, `month`;
    /// - weekdays of a weekly repeat: `every tuesday`, `every other tuesday`,
    ///   `every 2 weeks on tue and thu`, `mondays and thursdays`.
    ///
    /// What is none of these is refused with the form it was likely meant
    /// as (`misspeltRepeat`).
    static func repeatWord(_ text: String) -> Result<RepeatWords, Message> {
        switch text.lowercased() {
        case "secondly": return .success(.init(frequency: .secondly, interval: 1))
        case "minutely": return .success(.init(frequency: .minutely, interval: 1))
        case "hourly": return .success(.init(frequency: .hourly, interval: 1))
        case "daily": return .success(.init(frequency: .daily, interval: 1))
        case "weekdays", "weekday", "every weekday", "each weekday": return .success(.init(frequency: .weekly, interval: 1, days: workWeek))
        case "weekly": return .success(.init(frequency: .weekly, interval: 1))
        case "monthly": return .success(.init(frequency: .monthly, interval: 1))
        case "quarterly": return .success(.init(frequency: .monthly, interval: 3))
        case "yearly", "annually": return .success(.init(frequency: .yearly, interval: 1))
        case "fortnightly": return .success(.init(frequency: .weekly, interval: 2))
        // Each means one thing to some people and another to others.
        case "biweekly", "bi-weekly", "semiweekly": return .failure(.ambiguousRepeat(text, every: "week"))
        case "bimonthly", "bi-monthly", "semimonthly": return .failure(.ambiguousRepeat(text, every: "month"))
        case "biannually", "biannual", "biyearly", "semiannually": return .failure(.ambiguousRepeat(text, every: "year"))
        default: break
        }
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        if words.first == "every" || words.first == "each" { words = words.dropFirst() }
        if (1...2).contains(words.count), let last = words.last, let (frequency, factor) = unit(last) {
            var count = 1
            if words.count == 2 {
                guard let number = countWord(words[words.startIndex]) else { return .failure(misspeltRepeat(text)) }
                count = number
            }
            guard count > 0 else { return .failure(.zeroInterval(text)) }
            return .success(.init(frequency: frequency, interval: count * factor))
        }
        if let phrase = weekdayPhrase(text) {
            guard phrase.interval > 0 else { return .failure(.zeroInterval(text)) }
            return .success(phrase)
        }
        return .failure(misspeltRepeat(text))
    }

    /// Monday to Friday.
    static let workWeek: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// A repeat's unit, singular or plural, as a frequency and a factor.
    private static func unit(_ word: Substring) -> (RecurrenceRule.Frequency, Int)? {
        var unit = word
        if unit.hasSuffix("s") { unit.removeLast() }
        switch unit {
        case "second": return (.secondly, 1)
        case "minute": return (.minutely, 1)
        case "hour": return (.hourly, 1)
        case "day": return (.daily, 1)
        case "week": return (.weekly, 1)
        case "month": return (.monthly, 1)
        case "quarter": return (.monthly, 3)
        case "year": return (.yearly, 1)
        default: return nil
        }
    }

    /// A count as a repeat writes it: digits (of any length, held at a
    /// ceiling past every interval a rule may have, so a number too large
    /// is reported as out of range, not as no repeat) or a word (`other`, `two`).
    private static func countWord(_ word: Substring) -> Int? {
        if let number = numberWords[String(word)] { return number }
        guard !word.isEmpty, word.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return word.utf8.reduce(0) { min(intervalCeiling, $0 * 10 + Int($1 - 0x30)) }
    }

    /// `every other tuesday`, `every 2 weeks on tue and thu`, `every week on
    /// monday`, `mondays, wednesdays`: a weekly repeat on those days.
    private static func weekdayPhrase(_ text: String) -> RepeatWords? {
        var words = text.lowercased().split(whereSeparator: { " \t,".contains($0) }).filter { $0 != "and" && $0 != "&" }[...]
        if words.first == "every" || words.first == "each" { words = words.dropFirst() }
        var interval = 1
        if let first = words.first, let number = countWord(first) {
            interval = number
            words = words.dropFirst()
        }
        if words.first == "week" || words.first == "weeks" {
            words = words.dropFirst()
            if words.first == "on" { words = words.dropFirst() }
        }
        guard !words.isEmpty else { return nil }
        var days: [Weekday] = []
        for word in words {
            guard let day = weekdayNamed(word, plural: true) else { return nil }
            if !days.contains(day) { days.append(day) }
        }
        return RepeatWords(frequency: .weekly, interval: interval, days: days)
    }

    /// Past the longest interval of any rule: what a longer count is read as.
    private static let intervalCeiling = RecurrenceRule.largestInterval(.secondly) + 1

    /// The count and unit of `every N unit` as they are written (`5000`,
    /// `quarters`), for a message in the file's own words; nil for a
    /// repeat word without a count of digits.
    static func writtenInterval(_ text: String) -> (count: Substring, unit: Substring)? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        if words.first?.lowercased() == "every" { words = words.dropFirst() }
        guard words.count == 2, let count = words.first, count.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return (count, words[words.endIndex - 1])
    }

    /// Why `text` is not a repeat, with the form it was likely meant as:
    /// `every 1.5 hours` is `every 90 minutes`; `FREQ=WEEKLY` goes in
    /// `rrule:`; `every 2nd tuesday` is an ordinal of a monthly repeat (or
    /// every other week); `twice a day` is `times:` of a daily one.
    static func misspeltRepeat(_ text: String) -> Message {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased().hasPrefix("FREQ=") || trimmed.uppercased().hasPrefix("RRULE:") {
            let rule = trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst(6)) : trimmed
            return .repeatRuleText(text, rule: rule)
        }
        let words = text.lowercased().split(whereSeparator: { " \t,".contains($0) }).filter {
            !["every", "on", "and", "each", "of", "the", "a", "month"].contains($0)
        }
        if let replacement = wholeInterval(words) { return .fractionalRepeat(text, replacement: replacement) }
        if words.count == 2, let ordinal = ordinal(words[0]) ?? ordinalWords[String(words[0])],
            let day = weekdayNamed(words[1], plural: false)
        {
            return .ordinalWeekdayRepeat(text, ordinal: ordinal, day: String(day.name.prefix(3)))
        }
        if let count = timesPerDay(text) { return .repeatTimesPerDay(text, count: count) }
        return .invalidRepeat(text)
    }

    /// `twice a day`, `3 times a day`, `twice daily`: how many, 2 to 5.
    static func timesPerDay(_ text: String) -> Int? {
        let words = text.lowercased().split(whereSeparator: { " \t,".contains($0) }).filter {
            !["every", "on", "and", "each", "a"].contains($0)
        }
        let perDay: [Substring: Int] = ["twice": 2, "thrice": 3]
        guard let first = words.first, words.last == "day" || words.last == "daily",
            let count = perDay[first] ?? Int(first) ?? numberWords[String(first)], count > 1, count <= 5
        else { return nil }
        return count
    }

    /// `1.5 hours` as the same interval in a smaller unit that makes it
    /// whole (`every 90 minutes`), or nil when it is not a fraction of a unit.
    private static func wholeInterval(_ words: [Substring]) -> String? {
        guard words.count == 2, words[0].contains(where: { $0 == "." || $0 == "," }),
            let amount = Double(words[0].replacingOccurrences(of: ",", with: ".")), amount > 0
        else { return nil }
        var unit = words[1]
        if unit.hasSuffix("s") { unit.removeLast() }
        // Each unit and the next smaller one it divides into.
        let smaller: [Substring: (String, Double)] = [
            "year": ("month", 12), "quarter": ("month", 3), "month": ("", 0), "week": ("day", 7), "day": ("hour", 24),
            "hour": ("minute", 60), "minute": ("second", 60),
        ]
        var (name, value) = (String(unit), amount)
        while let (next, factor) = smaller[Substring(name)], factor > 0 {
            (name, value) = (next, value * factor)
            if value.rounded() == value, value >= 1 {
                let count = Int(value)
                return "every \(count) \(name)\(count == 1 ? "" : "s")"
            }
        }
        return nil
    }

    /// The ordinals people write out in a repeat: `every first monday`.
    private static let ordinalWords: [String: Int] = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]

    /// Counts as people write them in a repeat: `every other week`, `every two days`.
    static let numberWords: [String: Int] = [
        "other": 2, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    ]

    /// `mon`, `Monday`, `tues`, and with `allowOrdinal` also `1st mon`,
    /// `last fri`, `-2 fri`.
    static func weekday(_ text: String, allowOrdinal: Bool) -> Result<RecurrenceRule.WeekdayOccurrence, Message> {
        // The usual spelling, at once.
        switch text {
        case "mon": return .success(.init(.monday))
        case "tue": return .success(.init(.tuesday))
        case "wed": return .success(.init(.wednesday))
        case "thu": return .success(.init(.thursday))
        case "fri": return .success(.init(.friday))
        case "sat": return .success(.init(.saturday))
        case "sun": return .success(.init(.sunday))
        default: break
        }
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let dayWord = words.last, let day = weekdayNamed(dayWord, plural: false), words.count <= 2 else {
            return .failure(notAWeekday(text, allowOrdinal: allowOrdinal))
        }
        if words.count == 1 { return .success(.init(day)) }
        guard allowOrdinal, let ordinal = ordinal(words[0]) else { return .failure(notAWeekday(text, allowOrdinal: allowOrdinal)) }
        return .success(.init(day, ordinal: ordinal))
    }

    /// Why `text` is not one weekday: several written as one text
    /// (`monday, wednesday`: the brackets are missing), or `weekday`
    /// (five days, which `position:` or `working-day:` picks from).
    private static func notAWeekday(_ text: String, allowOrdinal: Bool) -> Message {
        let words = text.lowercased().split(whereSeparator: { " \t,".contains($0) }).filter { $0 != "and" && $0 != "&" }
        let days = words.map { weekdayNamed($0, plural: false) }
        if words.count > 1, days.allSatisfy({ $0 != nil }) {
            return .weekdaysWithoutBrackets(text, days: days.compactMap { $0.map { String($0.name.prefix(3)) } })
        }
        if let last = words.last, last == "weekday" || last == "weekdays" || last == "workday" || last == "workdays", words.count <= 2 {
            let position = words.count == 2 ? (ordinal(words[0]) ?? ordinalWords[String(words[0])]) : nil
            return .weekdayIsFiveDays(text, position: position)
        }
        return .invalidWeekday(text, allowOrdinal: allowOrdinal)
    }

    /// A weekday's English name or any start of it two letters or longer
    /// (`tu`, `tue`, `tues`, `thurs`), or `weds`; with `plural`, also
    /// followed by an s (`tuesdays`).
    static func weekdayNamed(_ word: Substring, plural: Bool) -> Weekday? {
        if let day = weekdayPrefix(word) { return day }
        guard plural, word.hasSuffix("s") else { return nil }
        return word.count > 3 ? weekdayPrefix(word.dropLast()) : nil
    }

    private static func weekdayPrefix(_ word: Substring) -> Weekday? {
        if word == "weds" { return .wednesday }
        guard word.utf8.count >= 2 else { return nil }
        return Weekday.allCases.first { $0.name.hasPrefix(word) }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `5th`, `last`, `-1`, `+2`, `3`.
    static func ordinal(_ word: Substring) -> Int? {
        if word == "last" { return -1 }
        var digits = word
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard let value = Int(digits), value != 0, abs(value) <= 53 else { return nil }
        return value
    }

    /// `jan`, `January`, `7`, and with a calendar `5L` (a leap month).
    static func month(_ text: String) -> Result<RecurrenceRule.Month, Message> {
        let lower = text.lowercased()
        if let index = monthNames.firstIndex(where: { $0.lowercased() == lower || (lower.count == 3 && $0.lowercased().hasPrefix(lower)) })
        {
            return .success(.init(index + 1))
        }
        let isLeap = lower.hasSuffix("l")
        guard let number = Int(isLeap ? String(lower.dropLast()) : lower), (1...13).contains(number) else {
            return .failure(.invalidMonth(text))
        }
        return .success(.init(number, isLeap: isLeap))
    }
}
