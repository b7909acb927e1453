import Recurrence
import YAMLSyntax

/// Decodes the items of `reminders:` in two steps: `read` takes what a
/// reminder's own mapping says, as the YAML reader hands the item over;
/// `resolve` completes it once the file's zone and categories are known
/// (they may be written after `reminders:`). Repeated ids are reported once
/// every reminder is read.
struct ReminderDecoder {
    /// A reminder's keys.
    enum Key: String, MappingKey {
        case id, uid, title, note, action, at, timezone, `repeat`, before, alertTime = "alert-time", grace, sound, badge, category, data,
            todo, ignore
        case ifHoliday = "if-holiday", weekend, holidays
        static let names = KeyNames<Self>()

        var nestedKeys: [String] {
            self == .repeat ? RepeatDecoder.Key.allCases.map(\.rawValue) : []
        }

        /// A key of the repeat's map written beside `repeat:` (`until:`,
        /// `count:`, `every:`): the repeat with it inside, as it is written.
        static func misplaced(_ name: String, among pairs: Node.Pairs) -> Message? {
            guard RepeatDecoder.Key(rawValue: name) != nil, name != "rrule" else { return nil }
            let value = pairs.first { $0.key.scalar == name }?.value.scalar.map { $0.isEmpty ? "..." : $0 } ?? "..."
            guard let repeatNode = pairs.first(where: { $0.key.scalar == Key.repeat.rawValue })?.value else {
                return .repeatKeyOutside(name, value: value, repeatText: nil)
            }
            if let word = repeatNode.scalar, !repeatNode.isEmptyPlainScalar {
                var period = word[...]
                if period.lowercased().hasPrefix("every ") { period = period.dropFirst(6) }
                return .repeatKeyOutside(name, value: value, repeatText: String(period))
            }
            return .repeatKeyOutside(name, value: value, repeatText: "")
        }

        /// Whether the key decides when the reminder fires.
        var isTiming: Bool { [.at, .timezone, .repeat, .before, .alertTime, .ifHoliday, .weekend, .holidays].contains(self) }
    }

    /// What the file decides of a reminder that `read` made: the zone it
    /// inherits when it names none, the parts of its repeat that zone
    /// decides, and whether its `category` names one of the file's.
    struct Unresolved: Sendable {
        /// False when `id`, `title` or `at` is missing or wrong (reported):
        /// the reminder is left out once the rest is resolved.
        var isComplete: Bool
        /// False when `at`, `timezone`, `before`, `repeat` or the file's
        /// zone it inherits was wrong (reported): the reminder's times are
        /// not what its author meant, and no rule that reads them checks it.
        var timesAreSound: Bool
        var inheritsZone: Bool
        /// The repeat, when its zone decides part of it (an `until`, an
        /// UNTIL, a fixed instant among its exceptions); a repeat that no
        /// zone changes is the reminder's already. Taken by `resolve`, so
        /// that the repeat it makes is this one, changed where it is.
        var placing: (start: ReminderTime?, read: RepeatDecoder.Read)?
    }

    /// An id met, where it was written, and its `FirstOccurrences.hash`.
    typealias Written = (id: String, span: SourceSpan, hash: UInt64)
    /// Every id met, in order; repeats are reported once every reminder is
    /// read (`reportRepeatedIDs`).
    private var ids: [Written] = []

    /// Reports each id an earlier reminder has, against the first.
    func reportRepeatedIDs(context: inout DecodingContext) {
        var first = FirstOccurrences(count: ids.count)
        for (position, (id, span, hash)) in ids.enumerated() {
            guard let earlier = first.earlier(id, hash: hash, at: position, in: { ids[$0].id }) else { continue }
            context.report(
                .duplicateIdentifier(id, what: "reminder"), at: span,
                notes: [Diagnostic.Note("first defined here", at: ids[earlier].span)])
        }
    }

    /// Completes the reminder `read` made (`item.0`, with what it leaves
    /// to resolve, `item.1`), in the file's zone and against its categories.
    /// A fixed instant floats nowhere: a reminder that starts at one and
    /// would be floating is in the instant's own offset.
    /// `fileZone` is nil when the file's `timezone:` was wrong (reported).
    func resolve(
        _ item: inout (Reminder, Unresolved), fileZone: ZoneName?, categoryIDs: [String],
        context: inout DecodingContext
    ) {
        if item.1.inheritsZone {
            if let fileZone { item.0.timeZone = fileZone } else { item.1.timesAreSound = false }
        }
        if case .floating = item.0.timeZone, case .instant(_, let offset) = item.0.start { item.0.timeZone = .fixed(offset) }
        if let (start, read) = item.1.placing.take() {
            item.0.repeats = RepeatDecoder.place(read, start: start, zone: item.0.timeZone, context: &context)
            if item.0.repeats == nil { item.1.timesAreSound = false }
        }
        if let name = item.0.category, !categoryIDs.contains(name), let span = item.0.spans.category {
            context.report(.unknownCategory(name, suggestion: closest(to: name, in: categoryIDs)), at: span)
            item.0.category = nil
        }
    }

    /// The reminder at `node` as far as its own mapping says, and what
    /// waits for `resolve`; nil (reported) when it is not a mapping.
    mutating func read(_ node: Node, context: inout DecodingContext) -> (Reminder, Unresolved)? {
        let what = "a reminder"
        guard let pairs = context.mapping(node, key: "reminders") else { return nil }
        var id: String?, title: String?, start: ReminderTime?
        var idSpan = node.span, startSpan = node.span
        var repeatNode: Node?, zoneNode: Node?
        var alertTimeSpan: SourceSpan?
        var reminder = Self.unread(at: node.span)
        let keyed = KeyedMapping<Key>(pairs, in: what, context: &context)
        var timingErrors = 0
        for (name, pair) in keyed.entries {
            let key = name.rawValue
            let value = pair.value
            let errors = context.errorCount
            defer { if name.isTiming { timingErrors += context.errorCount - errors } }
            switch name {
            case .id:
                id = context.identifier(value, key: key, what: "reminder id")
                idSpan = value.span
            case .uid:
                reminder.uid = Self.uid(value, context: &context)
            case .title:
                title = context.nonEmptyText(value, key: key)
            case .note:
                // An empty note is no note: iCalendar readers drop an empty DESCRIPTION.
                reminder.note = context.text(value, key: key).flatMap { $0.isEmpty ? nil : $0 }
            case .action:
                guard let text = context.nonEmptyText(value, key: key) else { continue }
                reminder.action = text == "none" && value.scalarStyle == .plain ? .hidden : .label(text)
            case .at:
                start = context.parse(value, key: key, Scalars.time)
                startSpan = value.span
            case .timezone:
                zoneNode = value
            case .repeat:
                repeatNode = value
            case .before:
                reminder.before = Self.alerts(value, context: &context)
                reminder.spans.before = value.span
            case .alertTime:
                reminder.alertTime = context.parse(value, key: key, Scalars.clockTime)
                alertTimeSpan = value.span
            case .grace:
                reminder.grace = Self.grace(value, context: &context)
            case .ifHoliday:
                guard let move = Self.dayOffMove(value, context: &context) else { continue }
                reminder.ifHoliday = move
                reminder.spans.ifHoliday = value.span
            case .weekend:
                reminder.weekend = DaysOffDecoder.weekend(value, context: &context)
            case .holidays:
                let decoded = DaysOffDecoder.holidays(value, filePath: context.path, context: &context)
                reminder.holidays = decoded?.days
                reminder.holidayRegion = decoded?.region
            case .sound:
                guard let sound = Self.sound(value, context: &context) else { continue }
                reminder.sound = sound
                reminder.spans.sound = value.span
            case .badge:
                reminder.badge = context.count(value, key: key)
            case .category:
                reminder.category = context.text(value, key: key)
                reminder.spans.category = value.span
            case .data:
                reminder.data = decodeData(value, context: &context)
            case .todo:
                reminder.isTodo = context.flag(value, key: key) ?? false
            case .ignore:
                (reminder.ignoredRules, reminder.ignoredRuleSpans) = Self.ignoredRules(value, context: &context)
            }
        }
        Self.reportMissingKeys(of: keyed, id: id, at: node.span, context: &context)
        if let id { ids.append((id, idSpan, FirstOccurrences.hash(id))) }
        let errors = context.errorCount
        // `alert-time:` is the time of day of an all-day reminder's alert.
        if let alertTimeSpan, let start, !start.isAllDay {
            context.report(.alertTimeNeedsAllDay, at: alertTimeSpan)
            reminder.alertTime = nil
        }
        let zone = zoneNode.flatMap { context.parse($0, key: "timezone", Scalars.zone) }
        if let zone { reminder.timeZone = zone }
        if case .floating? = zone, case .instant? = start { context.report(.floatingInstant, at: startSpan) }
        let placing = repeatNode.flatMap { Self.repeats($0, start: start, reminder: &reminder, context: &context) }
        if let id { reminder.id = id }
        if let title { reminder.title = title }
        if let start { reminder.start = start }
        reminder.spans.id = idSpan
        reminder.spans.start = startSpan
        let isComplete = id != nil && title != nil && start != nil
        timingErrors += context.errorCount - errors
        return (
            reminder,
            Unresolved(
                isComplete: isComplete, timesAreSound: timingErrors == 0, inheritsZone: zone == nil,
                placing: placing)
        )
    }

    /// A reminder of which nothing is read yet, at `span`.
    static func unread(at span: SourceSpan) -> Reminder {
        Reminder(
            id: "", title: "", start: .date(CivilDate(year: 1970, month: 1, day: 1)), timeZone: .floating, data: [], isTodo: false,
            ignoredRules: [], spans: Reminder.Spans(reminder: span, id: span, start: span))
    }

    /// Reports each key a reminder must have (`id`, `title`, `at`) that
    /// the reminder at `span` lacks.
    static func reportMissingKeys(of keyed: KeyedMapping<Key>, id: String?, at span: SourceSpan, context: inout DecodingContext) {
        for required in [Key.id, .title, .at] where !keyed.contains(required) {
            context.report(
                .missingKey(required.rawValue, in: id.map { "reminder '\($0)'" } ?? "a reminder"),
                at: SourceSpan(start: span.start, length: 1))
        }
    }

    /// `uid:`, a calendar's UID (RFC 5545 TEXT): any text on one line.
    static func uid(_ node: Node, context: inout DecodingContext) -> String? {
        guard let text = context.nonEmptyText(node, key: "uid") else { return nil }
        guard text.count <= 255, !(text.first?.isWhitespace ?? false), !(text.last?.isWhitespace ?? false),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            context.report(
                .invalidValue("uid", text, expected: "a calendar UID: up to 255 characters on one line, no spaces at its ends"),
                at: node.span)
            return nil
        }
        return text
    }

    /// `if-holiday:`.
    static func dayOffMove(_ node: Node, context: inout DecodingContext) -> DayOffMove? {
        guard let text = context.text(node, key: "if-holiday") else { return nil }
        guard let move = DayOffMove(rawValue: text) else {
            context.report(.invalidValue("if-holiday", text, expected: "fire, skip, before, after or nearest"), at: node.span)
            return nil
        }
        return move
    }

    /// `sound:`: the words in any case (`Default`); quoted, a file of that name.
    static func sound(_ node: Node, context: inout DecodingContext) -> Reminder.Sound? {
        guard let text = context.nonEmptyText(node, key: "sound") else { return nil }
        switch (text.lowercased(), node.scalarStyle) {
        case ("default", .plain?): return .default
        case ("none", .plain?): return .silent
        default: return .file(text)
        }
    }

    /// `ignore:`, the rule ids and where each is.
    static func ignoredRules(_ node: Node, context: inout DecodingContext) -> ([String], [SourceSpan]) {
        var spans: [SourceSpan] = []
        let ids: [String] =
            context.items(node, key: "ignore") { context, item -> String? in
                let id = context.identifier(item, key: "ignore", what: "rule id")
                if id != nil { spans.append(item.span) }
                return id
            } ?? []
        return (ids, spans)
    }

    /// `repeat:` at `node`, set on `reminder` when it does not depend on
    /// the reminder's zone; what `resolve` places once the zone is known
    /// when it does.
    static func repeats(
        _ node: Node, start: ReminderTime?, reminder: inout Reminder, context: inout DecodingContext
    ) -> (start: ReminderTime?, read: RepeatDecoder.Read)? {
        reminder.spans.repeats = node.span
        guard let read = RepeatDecoder.read(node, start: start, context: &context) else { return nil }
        guard read.dependsOnTheZone(start: start) else {
            reminder.repeats = read.repeats
            return nil
        }
        return (start, read)
    }

    /// `grace:` of a reminder or a file: a duration from 0 (a bare `0`
    /// too) to a week.
    static func grace(_ node: Node, context: inout DecodingContext) -> NominalDuration? {
        // `0`, only on time, needs no unit.
        if node.scalar == "0" { return NominalDuration() }
        guard let grace = context.parse(node, key: "grace", Scalars.duration) else { return nil }
        guard grace.nominalSeconds <= ReminderFile.longestGrace.nominalSeconds else {
            context.report(
                .invalidValue("grace", node.scalar ?? "\(grace)", expected: "a duration from 0 (only on time) to 7d"), at: node.span)
            return nil
        }
        return grace
    }

    /// `before:`: one lead or a list of them, one alert each: a duration,
    /// or so many working days (`2 working days`); the same one twice is
    /// an error, since it would alert twice at once.
    private static func alerts(_ node: Node, context: inout DecodingContext) -> [AlertLead] {
        var seen: [AlertLead] = []
        return context.items(node, key: "before") { context, item -> AlertLead? in
            guard let lead = context.parse(item, key: "before", Scalars.alertLead) else { return nil }
            guard !seen.contains(lead) else {
                context.report(.repeatedAlert(lead.description), at: item.span)
                return nil
            }
            seen.append(lead)
            return lead
        } ?? []
    }

    /// `data:`: a mapping of text keys to scalar values, kept as written;
    /// none may be empty.
    private func decodeData(_ node: Node, context: inout DecodingContext) -> [(key: String, value: String)] {
        guard let pairs = context.mapping(node, key: "data") else { return [] }
        var data: [(key: String, value: String)] = []
        for pair in pairs {
            guard let key = context.keyName(pair.key, in: "'data'") else { continue }
            guard let value = pair.value.scalar else {
                context.report(
                    .wrongType("data.\(key)", expected: "a single value", found: pair.value.kindDescription), at: pair.value.span)
                continue
            }
            // iCalendar readers (libical) drop a property with no value, so
            // an empty one would not reach them.
            guard !value.isEmpty else {
                context.report(.wrongType("data.\(key)", expected: "non-empty text", found: "empty text"), at: pair.value.span)
                continue
            }
            data.append((key, value))
        }
        return data
    }
}
