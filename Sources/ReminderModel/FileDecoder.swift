import Recurrence
import YAMLSyntax

/// Decodes the top level of a reminder file (SPEC §1) and runs the checks
/// that span several reminders or categories.
enum FileDecoder {
    enum Key: String, MappingKey {
        case remindc, name, uidDomain = "uid-domain", timezone, grace, weekend, holidays, lint, categories, reminders
        static let names = KeyNames<Self>()

        var nestedKeys: [String] {
            switch self {
            case .lint: LintKey.allCases.map(\.rawValue)
            case .holidays: DaysOffDecoder.Key.allCases.map(\.rawValue)
            default: []
            }
        }
    }

    enum LintKey: String, MappingKey {
        case quietHours = "quiet-hours", minGap = "min-gap", maxPerHour = "max-per-hour", disable, targets
        static let names = KeyNames<Self>()
    }

    /// Decodes the file at `root`: every reminder with an id, a title and
    /// an `at`, even when it, others or the file's other keys have errors. `streamed` holds what the reader's
    /// streamed items read as (then `reminders:` is an empty list in the
    /// tree), with the decoder that read them; the tree's own items are read
    /// now, the same way. Every reminder is then resolved in the file's zone
    /// and against its categories.
    /// `wrongTimes` gets the indices of the reminders whose times had an error.
    static func decode(
        _ root: Node, path: String, streamed: () -> (ReminderDecoder, [(Reminder, ReminderDecoder.Unresolved)])?,
        wrongTimes: inout [Int], context: inout DecodingContext
    ) -> ReminderFile? {
        guard let pairs = root.mapping else {
            context.report(
                .wrongType("the file", expected: "a mapping with a 'reminders:' list", found: root.kindDescription), at: root.span)
            return nil
        }
        let values = KeyedMapping<Key>(pairs, in: "the file", context: &context)

        var version = 1
        if let node = values[.remindc] {
            if node.scalar == "1" {
                version = 1
            } else {
                context.report(.unsupportedVersion(node.scalar ?? node.kindDescription), at: node.span)
            }
        }
        let name = values[.name].flatMap { context.nonEmptyText($0, key: "name") }
        var uidDomain = Self.domainLabel(of: path)
        var uidDomainSpan: SourceSpan?
        if let node = values[.uidDomain], let text = context.text(node, key: "uid-domain") {
            if text.utf8.allSatisfy({ isDomainByte($0) }) && !text.isEmpty {
                uidDomain = text
                uidDomainSpan = node.span
            } else {
                context.report(.invalidValue("uid-domain", text, expected: "a domain name such as example.org"), at: node.span)
            }
        }
        // nil when it is wrong (reported).
        let timeZone: ZoneName? = values[.timezone].map { context.parse($0, key: "timezone", Scalars.zone) } ?? .floating
        let grace = values[.grace].flatMap { ReminderDecoder.grace($0, context: &context) }
        // nil when wrong (reported): no reminder is then moved off days off.
        let weekend = values[.weekend].map { DaysOffDecoder.weekend($0, context: &context) } ?? [.saturday, .sunday]
        let decodedHolidays = values[.holidays].map { DaysOffDecoder.holidays($0, filePath: path, context: &context) }
        let holidays = decodedHolidays.map { $0?.days } ?? [:]
        let lint = values[.lint].map { decodeLint($0, context: &context) } ?? LintSettings()
        let categories = values[.categories].map { CategoryDecoder.decodeAll($0, context: &context) } ?? []

        // Taken here, so that this array alone holds the reminders: each is
        // then changed where it is rather than copied.
        let wasStreamed: Bool
        var decoder: ReminderDecoder, read: [(Reminder, ReminderDecoder.Unresolved)]
        if let (streamedDecoder, streamedRead) = streamed() {
            (wasStreamed, decoder, read) = (true, streamedDecoder, streamedRead)
        } else {
            (wasStreamed, decoder, read) = (false, ReminderDecoder(), [])
        }
        if let node = values[.reminders] {
            if !wasStreamed, let pairs = node.mapping, let first = pairs.first, first.value.mapping != nil {
                // Each reminder under a name of its own: the names are ids.
                context.report(.remindersAsMapping(firstName: first.key.scalar ?? "pills"), at: node.span)
            } else if !wasStreamed, let items = context.list(node, key: "reminders", allowSingle: false) {
                read.reserveCapacity(items.count)
                for item in items {
                    if let reminder = decoder.read(item, context: &context) { read.append(reminder) }
                }
                decoder.reportRepeatedIDs(context: &context)
            }
        } else {
            context.report(.missingKey("reminders", in: "a reminder file"), at: SourceSpan(start: root.span.start, length: 1))
        }
        let categoryIDs = categories.map(\.id)
        var fileDaysOff: DaysOff?
        var reminders: [Reminder] = []
        reminders.reserveCapacity(read.count)
        for index in read.indices {
            // Resolved where it is: the reminder's storage is not shared, so
            // it is changed, not copied.
            decoder.resolve(&read[index], fileZone: timeZone, categoryIDs: categoryIDs, context: &context)
            Self.resolveDaysOff(&read[index], weekend: weekend, holidays: holidays, fileDaysOff: &fileDaysOff)
            guard read[index].1.isComplete else { continue }
            if !read[index].1.timesAreSound { wrongTimes.append(reminders.count) }
            reminders.append(read[index].0)
        }
        read = []

        var file = ReminderFile(
            path: path, version: version, name: name, uidDomain: uidDomain, timeZone: timeZone ?? .floating,
            lint: lint, categories: categories, reminders: reminders
        )
        file.uidDomainSpan = uidDomainSpan
        file.grace = grace
        if let weekend, let holidays { file.daysOff = fileDaysOff ?? DaysOff(weekend: weekend, holidays: holidays) }
        file.holidayRegion = decodedHolidays??.region
        return file
    }

    /// The days off of a reminder that asks for them (`if-holiday:` other
    /// than fire, `working-day:`, or an alert in working days): its own
    /// `weekend:` and `holidays:`, else the file's (made once, in
    /// `fileDaysOff`). Where one of them was wrong (reported), its times
    /// are not sound.
    static func resolveDaysOff(
        _ item: inout (Reminder, ReminderDecoder.Unresolved), weekend: Set<Weekday>?,
        holidays: [DayNumber: String]?, fileDaysOff: inout DaysOff?
    ) {
        let move = item.0.ifHoliday ?? .fire
        let workingDay = item.0.repeats?.workingDay
        let countsLeads = item.0.hasWorkingDayLead
        guard move != .fire || workingDay != nil || countsLeads else { return }
        let ownWeekend = item.0.weekend, ownHolidays = item.0.holidays
        guard let weekend = ownWeekend ?? weekend, let holidays = ownHolidays ?? holidays else {
            item.1.timesAreSound = false
            return
        }
        let daysOff: DaysOff
        if ownWeekend == nil && ownHolidays == nil {
            if fileDaysOff == nil { fileDaysOff = DaysOff(weekend: weekend, holidays: holidays) }
            daysOff = fileDaysOff!
        } else {
            daysOff = DaysOff(weekend: weekend, holidays: holidays)
        }
        if move != .fire || workingDay != nil { item.0.dayOff = Schedule.DayOffRule(daysOff: daysOff, move: move, workingDay: workingDay) }
        if countsLeads { item.0.alertDaysOff = daysOff }
    }

    private static func decodeLint(_ node: Node, context: inout DecodingContext) -> LintSettings {
        var lint = LintSettings()
        lint.span = node.span
        guard let pairs = context.mapping(node, key: "lint") else { return lint }
        for (name, pair) in KeyedMapping<LintKey>(pairs, in: "'lint'", context: &context).entries {
            let key = name.rawValue
            switch name {
            case .quietHours:
                lint.quietHours = context.parse(pair.value, key: key, Scalars.clockRange)
            case .minGap:
                if let gap = context.parse(pair.value, key: key, Scalars.duration) {
                    if gap.isZero { context.report(.durationNotPositive(key), at: pair.value.span) } else { lint.minimumGap = gap }
                }
            case .maxPerHour:
                lint.maximumPerHour = context.count(pair.value, key: key, minimum: 1)
            case .disable:
                var spans: [SourceSpan] = []
                lint.disabledRules =
                    context.items(pair.value, key: key) { context, item in
                        let id = context.identifier(item, key: key, what: "rule id")
                        if id != nil { spans.append(item.span) }
                        return id
                    } ?? []
                lint.disabledRuleSpans = spans
            case .targets:
                // The outputs named right are checked for, whatever the others.
                for item in context.list(pair.value, key: key) ?? [] {
                    guard let name = context.text(item, key: key) else { continue }
                    guard let target = OutputTarget(rawValue: name) else {
                        context.report(.unknownTarget(name), at: item.span)
                        continue
                    }
                    lint.targets.append(target)
                    lint.targetSpans.append(item.span)
                }
            }
        }
        return lint
    }

    /// The default `uid-domain`: the file's name stem as a domain label,
    /// letters and digits kept in lower case and every other run of
    /// characters one hyphen, at most 63 characters: `home/My Home.yaml` →
    /// `my-home`, `Bins_2027.yml` → `bins-2027`; `reminders` when nothing is
    /// left. A valid label in every UID and `mailto:` address, and the same
    /// whatever case or spacing the name is written in.
    static func domainLabel(of path: String) -> String {
        var label = ""
        var pendingHyphen = false
        for byte in stem(of: path).utf8 {
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if (0x30...0x39).contains(lowered) || (0x61...0x7A).contains(lowered) {
                if pendingHyphen && !label.isEmpty { label.append("-") }
                pendingHyphen = false
                label.append(Character(Unicode.Scalar(lowered)))
            } else {
                pendingHyphen = true
            }
        }
        label = String(label.prefix(63))
        while label.hasSuffix("-") { label.removeLast() }
        return label.isEmpty ? "reminders" : label
    }

    /// The file name without folders and extension: `home/Household.yaml` → `Household`.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x2D
    }
}
