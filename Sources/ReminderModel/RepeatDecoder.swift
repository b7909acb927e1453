import Foundation
import Recurrence
import YAMLSyntax

/// Decodes `repeat:` in its three forms (SPEC §1 Repeats) into one
/// `RecurrenceRule` and checks it against RFC 5545's constraints:
///
/// - a word or `every N unit`: `weekdays`, `every 90 minutes`;
/// - a map: `every`, `on`, `days`, `months`, `times`, `position`, `week-start`,
///   `count`, `until`, `except`, `also`, `calendar`, `skip`;
/// - `rrule:` with an RFC 5545 RRULE string, which only `except` and `also` may join.
enum RepeatDecoder {
    enum Key: String, MappingKey {
        case every, on, days, months, times, position, weekStart = "week-start", count, until, except, also, calendar, skip, rrule
        case workingDay = "working-day"
        static let names = KeyNames<Self>()

        /// `{every: week, on: monday, wednesday}`: the days after the first
        /// read as keys of the repeat, for want of the list's brackets.
        static func misplaced(_ name: String, among pairs: Node.Pairs) -> Message? {
            guard Scalars.weekdayNamed(Substring(name.lowercased()), plural: false) != nil,
                let on = pairs.firstIndex(where: { $0.key.scalar == Key.on.rawValue }), let first = pairs[on].value.scalar
            else { return nil }
            var days: [String] = [first]
            for pair in pairs[pairs.index(after: on)...] {
                guard pair.value.isEmptyPlainScalar, let day = pair.key.scalar,
                    Scalars.weekdayNamed(Substring(day.lowercased()), plural: false) != nil
                else { break }
                days.append(day)
            }
            let names = days.compactMap {
                Scalars.weekdayNamed(Substring($0.lowercased()), plural: false).map { String($0.name.prefix(3)) }
            }
            return .weekdayAsKey(name, days: names)
        }

        /// True for the keys that build the rule, which `rrule` excludes.
        var buildsTheRule: Bool {
            switch self {
            case .except, .also, .rrule: false
            default: true
            }
        }
    }

    /// A repeat as its own node says, before the zone it is read in is
    /// known: what the zone decides waits as written for `place`.
    struct Read {
        var repeats: Repeat
        /// The map form's `until:` as written, and where.
        var until: (time: ReminderTime, span: SourceSpan)?
        /// Where the rrule form's UNTIL was written.
        var rawUntilSpan: SourceSpan?
        /// Every `except` and `also` item, and where it was written.
        var extraTimes: [(key: String, time: ReminderTime, span: SourceSpan)] = []

        /// Whether `place` can change or refuse this repeat in some zone.
        func dependsOnTheZone(start: ReminderTime?) -> Bool {
            if until != nil || rawUntilSpan != nil { return true }
            guard case .local? = start else { return false }
            return extraTimes.contains { if case .instant = $0.time { true } else { false } }
        }
    }

    /// The repeat at `node` for a reminder starting at `start`, all but
    /// what its zone decides; nil (reported) when it is wrong.
    static func read(_ node: Node, start: ReminderTime?, context: inout DecodingContext) -> Read? {
        if node.isEmptyPlainScalar {
            context.report(
                .wrongType("repeat", expected: "a repeat such as daily or every 2 weeks, or a mapping with 'every'", found: "nothing"),
                at: node.span)
            return nil
        }
        if node.scalar != nil {
            guard let rule = Self.wordRule(node, key: "repeat", start: start, context: &context) else { return nil }
            guard Self.fitsAllDay(rule, times: [], start: start, span: node.span, context: &context) else { return nil }
            return Read(repeats: Repeat(rule: rule, times: [], except: [], also: [], isRawRule: false, span: node.span))
        }
        guard let pairs = context.mapping(node, key: "repeat") else { return nil }
        let values = KeyedMapping<Key>(pairs, in: "'repeat'", context: &context)
        var extraTimes: [(key: String, time: ReminderTime, span: SourceSpan)] = []
        let except =
            values[.except].flatMap { node in
                context.items(node, key: "except") { context, item -> ReminderTime? in
                    let time = Self.extraTime(item, key: "except", start: start, context: &context)
                    if let time { extraTimes.append(("except", time, item.span)) }
                    return time
                }
            } ?? []
        let also =
            values[.also].flatMap { node in
                context.items(node, key: "also") { context, item -> ReminderTime? in
                    let time = Self.extraTime(item, key: "also", start: start, context: &context)
                    if let time { extraTimes.append(("also", time, item.span)) }
                    return time
                }
            } ?? []

        if let ruleNode = values[.rrule] {
            for (key, pair) in values.entries where key.buildsTheRule {
                context.report(.rawRuleExcludes(key.rawValue), at: pair.key.span)
            }
            guard let (rule, untilSpan, positionSpan) = decodeRawRule(ruleNode, context: &context) else { return nil }
            guard Self.fitsAllDay(rule, times: [], start: start, span: ruleNode.span, context: &context) else { return nil }
            var result = Repeat(rule: rule, times: [], except: except, also: also, isRawRule: true, span: node.span)
            result.exceptSpans = extraTimes.filter { $0.key == "except" }.map(\.span)
            result.untilSpan = untilSpan
            result.positionSpan = positionSpan
            return Read(repeats: result, rawUntilSpan: untilSpan, extraTimes: extraTimes)
        }
        guard let (rule, times, until) = decodeRuleMap(values, node: node, start: start, context: &context) else { return nil }
        var workingDay: Int?
        if let workingNode = values[.workingDay] {
            guard let n = Self.workingDay(workingNode, rule: rule, values: values, context: &context) else { return nil }
            workingDay = n
        }
        if let timesNode = values[.times], rule.frequency < .daily {
            context.report(.timesNeedDays(rule.frequency.rawValue.lowercased()), at: timesNode.span)
        } else if !Self.fitsAllDay(
            rule, times: times, start: start, span: (values[.times] ?? values[.every] ?? node).span, context: &context)
        {
            return nil
        }
        var result = Repeat(rule: rule, times: times, except: except, also: also, isRawRule: false, span: node.span)
        result.workingDay = workingDay
        result.exceptSpans = extraTimes.filter { $0.key == "except" }.map(\.span)
        result.untilSpan = until?.span
        result.positionSpan = values[.position]?.span
        return Read(repeats: result, until: until, extraTimes: extraTimes)
    }

    /// Completes `read` in `zone`: the map form's `until` in the RFC form
    /// the zone gives it, the rrule form's UNTIL checked against it, and no
    /// fixed instant among the `except` and `also` of a floating reminder;
    /// nil (reported) when one of these is wrong.
    static func place(_ read: consuming Read, start: ReminderTime?, zone: ZoneName, context: inout DecodingContext) -> Repeat? {
        var read = read
        var valid = true
        if case .local? = start, case .floating = zone {
            for (key, time, span) in read.extraTimes {
                guard case .instant = time else { continue }
                context.report(.exceptionForm(key, allDay: false), at: span)
                valid = false
            }
        }
        if let (until, span) = read.until, let start {
            switch Self.until(until, start: start, zone: zone, context: &context) {
            case .success(let value): read.repeats.rule.end = .until(value)
            case .failure(let message):
                context.report(message, at: span)
                valid = false
            }
        }
        if let span = read.rawUntilSpan, case .until(let until) = read.repeats.rule.end, let start,
            let expected = expectedUntilForm(start: start, zone: zone, until: until)
        {
            context.report(.untilForm(expected: expected), at: span)
            valid = false
        }
        return valid ? read.repeats : nil
    }

    /// An all-day reminder has no time of day: it repeats daily or less
    /// often, without times.
    private static func fitsAllDay(
        _ rule: RecurrenceRule, times: [CivilTime], start: ReminderTime?, span: SourceSpan, context: inout DecodingContext
    ) -> Bool {
        guard case .date = start else { return true }
        let timed = rule.frequency < .daily || !times.isEmpty || !rule.byHour.isEmpty || !rule.byMinute.isEmpty || !rule.bySecond.isEmpty
        if timed { context.report(.allDayRepeatsDaily, at: span) }
        return !timed
    }

    /// An `except` or `also` item: a date or time that fits the start's
    /// kind (dates for all-day reminders; whether a fixed instant fits is
    /// the zone's to say, in `place`).
    private static func extraTime(_ node: Node, key: String, start: ReminderTime?, context: inout DecodingContext) -> ReminderTime? {
        guard let time = context.parse(node, key: key, Scalars.time) else { return nil }
        switch (start, time) {
        case (.date?, .local), (.date?, .instant):
            context.report(.exceptionForm(key, allDay: true), at: node.span)
            return nil
        default:
            return time
        }
    }

    /// The rule a repeat word, `every N unit` or weekday phrase at `node`
    /// reads as (its frequency, interval and days); nil, reported, when it
    /// is not one.
    private static func wordRule(_ node: Node, key: String, start: ReminderTime?, context: inout DecodingContext) -> RecurrenceRule? {
        guard let text = context.text(node, key: key) else { return nil }
        var read = context.repeatWord(text)
        // `twice a day` is answered with times from the reminder's own.
        if case .failure = read, case .local(let local)? = start, let count = Scalars.timesPerDay(text) {
            read = .failure(.repeatTimesPerDay(text, count: count, first: local.time))
        }
        switch read {
        case .success(let words):
            var rule = RecurrenceRule(frequency: words.frequency, interval: words.interval)
            rule.byDay = words.days.map { .init($0) }
            // `every 999999999 years`: the interval is the only part.
            let problems = rule.validate()
            for problem in problems {
                // Said with the number as written, of any length, and in
                // its unit: `every 5000 quarters` is months to the rule,
                // quarters to the one who wrote it.
                if case .outOfRange(.interval, _, let allowed) = problem, let written = Scalars.writtenInterval(text) {
                    context.report(.intervalOutOfRange(written.count, unit: written.unit, largest: allowed.upperBound), at: node.span)
                } else {
                    context.report(.ruleProblem(problem, inRRule: false), at: node.span)
                }
            }
            return problems.isEmpty ? rule : nil
        case .failure(let message):
            context.report(message, at: node.span)
            return nil
        }
    }

    // MARK: The map form

    private static func decodeRuleMap(
        _ values: KeyedMapping<Key>, node: Node, start: ReminderTime?, context: inout DecodingContext
    ) -> (RecurrenceRule, extraTimes: [CivilTime], until: (time: ReminderTime, span: SourceSpan)?)? {
        guard let everyNode = values[.every] else {
            context.report(.missingKey("every", in: "'repeat'"), at: SourceSpan(start: node.span.start, length: 1))
            return nil
        }
        guard var rule = Self.wordRule(everyNode, key: "every", start: start, context: &context) else { return nil }
        var complete = true
        var extraTimes: [CivilTime] = []
        var written: (time: ReminderTime, span: SourceSpan)?
        func read<T>(_ key: Key, _ reader: (inout DecodingContext, Node) -> T?) -> T? {
            guard let node = values[key] else { return nil }
            let value = reader(&context, node)
            if value == nil { complete = false }
            return value
        }
        if !rule.byDay.isEmpty {
            if let onNode = values[.on] { context.report(.daysWithOn(everyNode.scalar ?? ""), at: onNode.span) }
        } else if let days = read(
            .on,
            { context, node in
                context.items(node, key: "on") { $0.parse($1, key: "on") { Scalars.weekday($0, allowOrdinal: true) } }
            })
        {
            rule.byDay = days
        }
        rule.byMonthDay = read(.days) { $0.items($1, key: "days") { $0.integer($1, key: "days") } } ?? []
        rule.byMonth = read(.months) { $0.items($1, key: "months") { $0.parse($1, key: "months", Scalars.month) } } ?? []
        rule.bySetPosition = read(.position) { $0.items($1, key: "position") { $0.integer($1, key: "position") } } ?? []
        if let day = read(.weekStart, { $0.parse($1, key: "week-start") { Scalars.weekday($0, allowOrdinal: false) } }) {
            rule.weekStart = day.weekday
            rule.weekStartIsExplicit = true
        }
        if let times = read(.times, { $0.items($1, key: "times") { $0.parse($1, key: "times", Scalars.clockTime) } }) {
            // Times of day become BYHOUR/BYMINUTE/BYSECOND when their cross
            // product is exactly the list; otherwise `Repeat.times` carries them.
            if let parts = Self.timeParts(times) {
                (rule.byHour, rule.byMinute, rule.bySecond) = parts
            } else {
                extraTimes = times
            }
        }
        if let calendar = read(.calendar, { $0.text($1, key: "calendar") }) {
            rule.calendar = calendar.lowercased()
        }
        if let skip = read(
            .skip,
            { context, node -> RecurrenceRule.Skip? in
                guard let text = context.text(node, key: "skip") else { return nil }
                guard let skip = RecurrenceRule.Skip(rawValue: text.uppercased()) else {
                    context.report(.invalidValue("skip", text, expected: "omit, backward or forward"), at: node.span)
                    return nil
                }
                return skip
            })
        {
            rule.skip = skip
        }
        if let count = read(.count, { $0.count($1, key: "count", minimum: 1) }) {
            rule.end = .count(count)
        }
        if let untilNode = values[.until], let until = context.parse(untilNode, key: "until", Scalars.time) {
            if values[.count] != nil {
                context.report(.countAndUntil, at: untilNode.span)
            } else if start != nil {
                written = (until, untilNode.span)
            }
        }
        for problem in rule.validate() {
            let key = Self.mapKey(for: problem.part)
            let span = values[key]?.span ?? everyNode.span
            context.report(.ruleProblem(problem, inRRule: false), at: span)
            complete = false
        }
        return complete ? (rule, extraTimes, written) : nil
    }

    /// `working-day: N`: the Nth working day of each month or year of an
    /// `every: month` or `every: year` repeat that picks no days of its
    /// own (from the end when negative); nil (reported) otherwise.
    private static func workingDay(
        _ node: Node, rule: RecurrenceRule, values: KeyedMapping<Key>,
        context: inout DecodingContext
    ) -> Int? {
        guard let n = context.integer(node, key: "working-day") else { return nil }
        guard rule.frequency == .monthly || rule.frequency == .yearly else {
            context.report(.workingDayNeedsPeriod(rule.frequency.rawValue.lowercased()), at: node.span)
            return nil
        }
        let largest = rule.frequency == .monthly ? 23 : 262
        guard n != 0, abs(n) <= largest else {
            context.report(
                .invalidValue(
                    "working-day", node.scalar ?? "\(n)",
                    expected: "a working day of the \(rule.frequency == .monthly ? "month" : "year") from 1 to \(largest), "
                        + "or from the end -1 to -\(largest) (-1 is the last)"), at: node.span)
            return nil
        }
        for key in [Key.on, .days, .months, .times, .position, .weekStart, .calendar, .skip] {
            if let other = values.entries.first(where: { $0.key == key }) {
                context.report(.workingDayExcludes(key.rawValue), at: other.pair.key.span)
                return nil
            }
        }
        return n
    }

    /// The map key that sets a rule part.
    private static func mapKey(for part: RecurrenceRule.Part) -> Key {
        switch part {
        case .frequency, .interval, .byYearDay, .byWeekNumber: .every
        case .until: .until
        case .count: .count
        case .bySecond, .byMinute, .byHour: .times
        case .byDay: .on
        case .byMonthDay: .days
        case .byMonth: .months
        case .bySetPosition: .position
        case .weekStart: .weekStart
        case .calendar: .calendar
        case .skip: .skip
        }
    }

    /// BYHOUR, BYMINUTE and BYSECOND whose combinations are exactly `times`, or
    /// nil when no such parts exist (08:00 and 20:30 would also give 08:30
    /// and 20:00). Fractions of a second never fit.
    static func timeParts(_ times: [CivilTime]) -> ([Int], [Int], [Int])? {
        guard !times.isEmpty, times.allSatisfy({ $0.nanosecond == 0 }) else { return nil }
        let hours = Array(Set(times.map(\.hour))).sorted()
        let minutes = Array(Set(times.map(\.minute))).sorted()
        let seconds = Array(Set(times.map(\.second))).sorted()
        guard hours.count * minutes.count * seconds.count == Set(times).count else { return nil }
        return (hours, minutes, seconds)
    }

    /// The RFC form of `until` for a rule starting at `start` in `zone`: a
    /// date for all-day reminders, a wall-clock time for floating ones, UTC
    /// otherwise. A date means through the end of that day.
    static func until(
        _ until: ReminderTime, start: ReminderTime, zone: ZoneName,
        context: inout DecodingContext
    ) -> Result<RecurrenceRule.Until, Message> {
        let endOfDay = CivilTime(hour: 23, minute: 59, second: 59)
        switch (start, zone) {
        case (.date, _):
            return .success(.date(until.date))
        case (.local, .floating):
            switch until {
            case .date(let date): return .success(.local(LocalDateTime(date: date, time: endOfDay)))
            case .local(let local): return .success(.local(local))
            case .instant: return .failure(.untilInstantForFloating)
            }
        default:
            let placement = context.placedZone(zone)
            let instant: Instant
            switch until {
            case .date(let date):
                instant = placement.instant(of: LocalDateTime(date: date.adding(days: 1), time: .midnight)).advanced(by: -1)
            case .local(let local):
                instant = placement.instant(of: local)
            case .instant:
                instant = until.fixedInstant!
            }
            return .success(.utc(instant.utc))
        }
    }

    // MARK: The rrule form

    /// The rule of an `rrule:` node, and where its UNTIL and BYSETPOS were written.
    private static func decodeRawRule(
        _ node: Node, context: inout DecodingContext
    )
        -> (RecurrenceRule, untilSpan: SourceSpan?, positionSpan: SourceSpan?)?
    {
        guard let text = context.text(node, key: "rrule") else { return nil }
        let parsed = context.parsedRule(text)
        func span(_ range: Range<Int>) -> SourceSpan {
            let begin = node.position(ofScalarOffset: range.lowerBound)
            return begin == node.span.start && range.lowerBound != 0 ? node.span : SourceSpan(start: begin, length: max(range.count, 1))
        }
        for error in parsed.errors {
            context.report(.ruleSyntax(error), at: span(error.range))
        }
        guard let rule = parsed.rule else { return nil }
        var valid = true
        for problem in rule.validate() {
            context.report(.ruleProblem(problem, inRRule: true), at: parsed.partRanges[problem.part].map(span) ?? node.span)
            valid = false
        }
        let untilSpan: SourceSpan? = if case .until = rule.end { parsed.partRanges[.until].map(span) ?? node.span } else { nil }
        let positionSpan = rule.bySetPosition.isEmpty ? nil : parsed.partRanges[.bySetPosition].map(span) ?? node.span
        return valid ? (rule, untilSpan, positionSpan) : nil
    }

    /// What UNTIL must look like for this start, or nil when it already does.
    private static func expectedUntilForm(start: ReminderTime, zone: ZoneName, until: RecurrenceRule.Until) -> String? {
        switch (start, zone, until) {
        case (.date, _, .date): return nil
        case (.date, _, _): return "a date such as 20270301"
        case (.local, .floating, .local): return nil
        case (.local, .floating, _): return "a local date-time without Z, such as 20270301T090000"
        case (_, _, .utc): return nil
        default: return "a UTC date-time ending in Z, such as 20270301T080000Z"
        }
    }
}
