import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// The reminder file an import writes, and the check that it reads back.
extension ImportRun {
    mutating func finish() -> CalendarImporter.Outcome {
        for kind in lostOrder {
            let (count, path, span, text, rule) = lost[kind]!
            report(
                rule, severity: .warning, "\(text) (\(count) in all)",
                hint: count > 1 ? "this is the first; the others are like it" : nil, path: path, span: span)
        }
        guard readAny else { return CalendarImporter.Outcome(yaml: nil, diagnostics: diagnostics, reminders: 0) }
        // The file's zone: `--timezone`, else the timed reminders' most
        // common; a calendar of all-day events alone says none, and its
        // alerts fall on the clock of X-WR-TIMEZONE, else of this machine.
        let zone: String
        if let chosen = options.timeZone {
            zone = chosen
        } else if let common = Self.mostCommon(drafts.filter { !$0.isAllDay }.map(\.zone)) {
            zone = common
        } else if let first = drafts.first(where: { $0.isAllDay && $0.zone.isEmpty }) {
            zone = calendarZone ?? options.localZone
            let why = calendarZone != nil ? "which X-WR-TIMEZONE names" : "this machine's zone"
            report(
                .importChanged, severity: .info,
                "the calendar's events are all-day and name no zone: their alerts fall on the clock of \(zone), \(why)",
                hint: "--timezone names another", path: first.path, span: first.span)
        } else {
            zone = calendarZone ?? "UTC"
        }
        // The UID domain: of the UIDs remindc made (`<id>@<domain>`), the
        // most common; every other UID is kept as it is.
        let domain = Self.mostCommon(drafts.compactMap(\.remindcDomain).filter { Self.isDomain($0) })
        // A UID that is not `<id>@<uid-domain>` is kept as the reminder's
        // `uid:`, so that publish updates the same event.
        for index in drafts.indices {
            guard let uid = drafts[index].uid else { continue }
            if uid != domain.map({ "\(drafts[index].id)@\($0)" }) { drafts[index].keptUID = uid }
        }
        // Written, then read once by the reminder file's own decoder, which
        // `check` runs: what it refuses, and what reads back otherwise than
        // it was meant, is changed in the drafts, and the file written
        // again. Each change leaves a reminder the decoder read (or none),
        // so the second text is not read again.
        var yaml = write(zone: zone, domain: domain)
        if amend(after: ReminderFile.load(Array(yaml.utf8), path: options.outputPath)) {
            yaml = write(zone: zone, domain: domain)
        }
        diagnostics.sort { ($0.file, $0.span.start) < ($1.file, $1.span.start) }
        return CalendarImporter.Outcome(yaml: yaml, diagnostics: diagnostics, reminders: drafts.count)
    }

    /// Changes the drafts after their file was read back as `loaded`;
    /// whether any changed. A reminder the format refuses is left out, at
    /// its event, unless its repeat alone is refused: then it happens once,
    /// at its start (RFC 5545 counts DTSTART as an occurrence), said; so is
    /// a repeat that never fires. A series of a split reminder ends at its
    /// own last instance; a rule in the map form must read back as the
    /// RRULE it was, or it is written as that RRULE. Every change makes a
    /// reminder of what the decoder read, or leaves it out, so that the
    /// drafts need no second reading.
    mutating func amend(after loaded: LoadResult) -> Bool {
        var changed = false
        // Each refused draft's errors, in order.
        var refused: [Int: [Diagnostic]] = [:]
        for diagnostic in loaded.diagnostics where diagnostic.message.severity == .error {
            guard let index = owner(ofLine: Int(diagnostic.span.start.line)) else { continue }
            refused[index, default: []].append(diagnostic)
        }
        var dropped = Set<Int>()
        for (index, errors) in refused.sorted(by: { $0.key < $1.key }) {
            let draft = drafts[index]
            changed = true
            if draft.carried == nil, draft.rrule != nil || !draft.also.isEmpty,
                errors.allSatisfy({ Self.repeatRules.contains($0.message.id) })
            {
                report(
                    .importChanged, severity: .warning,
                    "the event's repeat cannot be a reminder's (\(errors[0].message.text)): it happens once, at its start",
                    hint: errors[0].message.hint, path: draft.path, span: draft.span)
                drafts[index].rrule = nil
                drafts[index].also = []
                drafts[index].except = []
            } else {
                dropped.insert(index)
                report(
                    .importLost, severity: .error, "the event cannot be a reminder: \(errors[0].message.text)",
                    hint: errors[0].message.hint,
                    path: draft.path, span: draft.span)
            }
        }
        if let file = loaded.decoded {
            // The drafts the decoder read without an error.
            let indexByID = Dictionary(
                drafts.indices.filter { refused[$0] == nil }.map { (drafts[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            let utc = TimeZone(identifier: "UTC")!
            for reminder in file.reminders {
                guard let index = indexByID[reminder.id], drafts[index].carried == nil, let rule = drafts[index].rrule else { continue }
                if reminder.neverFires(in: file.path, schedule: { reminder.schedule(floatingZone: utc) }) != nil {
                    let draft = drafts[index]
                    report(
                        .importChanged, severity: .warning,
                        "the event's RRULE selects no date: it happens once, at its start (RFC 5545 counts DTSTART as an occurrence)",
                        path: draft.path, span: draft.span)
                    drafts[index].rrule = nil
                    changed = true
                    continue
                }
                if drafts[index].endsAtOwnLast, rule.uppercased().contains("UNTIL="),
                    let last = reminder.schedule(floatingZone: utc).lastOccurrence()
                {
                    let until: String
                    if drafts[index].isAllDay {
                        until = last.wallClock.day.date.description.replacingOccurrences(of: "-", with: "")
                    } else if drafts[index].zone == "floating" {
                        until = Self.stamp(last.wallClock.local)
                    } else {
                        until = Self.stamp(last.instant.wallTime(offset: 0).local) + "Z"
                    }
                    drafts[index].rrule = rule.split(separator: ";").map {
                        $0.uppercased().hasPrefix("UNTIL=") ? "UNTIL=" + until : String($0)
                    }
                    .joined(separator: ";")
                    drafts[index].endsAtOwnLast = false
                    changed = true
                }
                if !drafts[index].keepsRRule, mapForm(rule) != nil, RecurrenceRule.parse(rule).rule?.text != reminder.repeats?.rule.text {
                    drafts[index].keepsRRule = true
                    changed = true
                }
            }
        }
        if !dropped.isEmpty {
            drafts = drafts.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        }
        return changed
    }

    /// The rules a reminder's repeat alone breaks.
    static let repeatRules: Set<String> = [SchemaRule.invalidRRule.rawValue, SchemaRule.invalidRepeat.rawValue]

    /// The draft whose lines of the written file hold `line`: the last
    /// that begins at or before it.
    func owner(ofLine line: Int) -> Int? {
        var low = 0, high = lineOwners.count
        while low < high {
            let middle = (low + high) / 2
            if lineOwners[middle].line <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? lineOwners[low - 1].draft : nil
    }

    /// `20261221T130000` (`ICalendarValue.localDateTime`).
    static func stamp(_ local: LocalDateTime) -> String {
        ICalendarValue.localDateTime(WallTime(local))
    }

    static func mostCommon(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        for value in values where !value.isEmpty { counts[value, default: 0] += 1 }
        // The first written wins a tie.
        return values.first { counts[$0] == counts.values.max() && !$0.isEmpty }
    }

    static func isDomain(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "."
                    || scalar == "-"
            }
    }

    /// The file's text; `lineOwners` says which draft each line began.
    mutating func write(zone: String, domain: String?) -> String {
        var lines: [String] = []
        var owners: [(line: Int, draft: Int?)] = []
        lines.append(CalendarImporter.header + "\(YAMLValue.comment(inputPaths.joined(separator: ", "))).")
        var file: [YAMLValue.Pair] = []
        if let name = options.name ?? calendarName { file.append(.init("name", .text(name))) }
        if let domain { file.append(.init("uid-domain", .plain(domain))) }
        file.append(.init("timezone", .plain(zone)))
        // The days off most carried reminders share are the file's, as
        // they were.
        let sharedDaysOff = Self.sharedDaysOff(drafts.compactMap(\.carried))
        file += sharedDaysOff ?? []
        lines += YAMLValue.mapping(file).blockLines()
        if !categoryOrder.isEmpty {
            lines.append("")
            lines += YAMLValue.mapping([.init("categories", .mapping(categoryOrder.map { .init($0, categories_[$0]!.value) }))])
                .blockLines()
        }
        lines.append("")
        lines.append(drafts.isEmpty ? "reminders: []" : "reminders:")
        owners.append((1, nil))
        for (index, draft) in drafts.enumerated() {
            owners.append((lines.count + 1, index))
            var mapping: YAMLValue
            if let carried = draft.carried {
                mapping = Self.written(carried, as: draft)
                if mapping["timezone"] == .plain(zone) { mapping = mapping.setting("timezone", nil) }
                if let sharedDaysOff, let weekend = mapping["weekend"], let holidays = mapping["holidays"],
                    [YAMLValue.Pair("weekend", weekend), YAMLValue.Pair("holidays", holidays)] == sharedDaysOff
                {
                    mapping = mapping.setting("weekend", nil).setting("holidays", nil)
                }
            } else {
                mapping = value(of: draft, fileZone: zone)
            }
            lines += YAMLValue.sequence([mapping]).blockLines(indent: 2)
        }
        lineOwners = owners
        return lines.joined(separator: "\n") + "\n"
    }

    /// A reminder read from its event's properties.
    mutating func value(of draft: Draft, fileZone zone: String) -> YAMLValue {
        var pairs: [YAMLValue.Pair] = [.init("id", .plain(draft.id))]
        if let uid = draft.keptUID { pairs.append(.init("uid", .text(uid))) }
        pairs.append(.init("title", .text(draft.title)))
        if let note = draft.note { pairs.append(.init("note", .text(note))) }
        if let action = draft.action { pairs.append(.init("action", action == "none" ? .plain("none") : .text(action))) }
        pairs.append(.init("at", .plain(draft.at)))
        if draft.isAllDay ? !draft.zone.isEmpty && draft.zone != zone : draft.zone != zone {
            pairs.append(.init("timezone", .plain(draft.zone)))
        }
        if draft.rrule != nil || !draft.also.isEmpty {
            // A rule, or the additions alone: a rule that adds nothing
            // after the start (COUNT=1) says the same.
            var rule: [YAMLValue.Pair]
            if let text = draft.rrule, !draft.keepsRRule, let map = mapForm(text) {
                rule = map
            } else {
                rule = [.init("rrule", .text(draft.rrule ?? "FREQ=DAILY;COUNT=1"))]
            }
            if !draft.except.isEmpty { rule.append(.init("except", .sequence(draft.except.map { .plain($0) }))) }
            if !draft.also.isEmpty { rule.append(.init("also", .sequence(draft.also.map { .plain($0) }))) }
            pairs.append(.init("repeat", .mapping(rule)))
        }
        if !draft.before.isEmpty { pairs.append(.init("before", .sequence(draft.before.map { .plain($0) }))) }
        if let time = draft.alertTime { pairs.append(.init("alert-time", .plain(time))) }
        if let sound = draft.sound { pairs.append(.init("sound", sound == "default" || sound == "none" ? .plain(sound) : .text(sound))) }
        if let badge = draft.badge { pairs.append(.init("badge", .plain(String(badge)))) }
        if let category = draft.category { pairs.append(.init("category", .plain(category))) }
        if !draft.data.isEmpty { pairs.append(.init("data", .mapping(draft.data.map { .init($0.0, .text($0.1)) }))) }
        if draft.todo { pairs.append(.init("todo", .plain("true"))) }
        return .mapping(pairs)
    }

    /// A reminder carried whole, as this import writes it: its id and UID
    /// as the import gives them, its sound and category as far as they
    /// are trusted and imported.
    static func written(_ carried: YAMLValue, as draft: Draft) -> YAMLValue {
        guard case .mapping(let pairs) = carried else { return carried }
        var written: [YAMLValue.Pair] = []
        for pair in pairs {
            switch pair.key {
            case "id":
                written.append(.init("id", .plain(draft.id)))
                if let uid = draft.keptUID { written.append(.init("uid", .text(uid))) }
            case "uid":
                continue
            case "sound":
                guard let sound = draft.sound else { continue }
                written.append(.init("sound", sound == "default" || sound == "none" ? .plain(sound) : .text(sound)))
            case "category":
                guard let category = draft.category else { continue }
                written.append(.init("category", .plain(category)))
            default:
                written.append(.init(pair.key, Self.timesPlain(pair.value, key: pair.key)))
            }
        }
        return .mapping(written)
    }

    /// The `weekend:` and `holidays:` most carried reminders that count
    /// days off have (the first written of a tie), for the file: those
    /// reminders then leave theirs out. The others keep both, which
    /// replace the file's; the reminders that count no days off have
    /// neither, and the file's change nothing for them.
    static func sharedDaysOff(_ carried: [YAMLValue]) -> [YAMLValue.Pair]? {
        var counts: [[YAMLValue.Pair]: Int] = [:]
        var order: [[YAMLValue.Pair]] = []
        for mapping in carried {
            guard let weekend = mapping["weekend"], let holidays = mapping["holidays"] else { continue }
            let own = [YAMLValue.Pair("weekend", weekend), YAMLValue.Pair("holidays", timesPlain(holidays, key: "holidays"))]
            if counts[own] == nil { order.append(own) }
            counts[own, default: 0] += 1
        }
        let most = counts.values.max()
        return order.first { counts[$0] == most }
    }

    /// The keys whose values are times and dates, which read the same
    /// quoted or not: written plain where they can be, as a person would.
    static let timeKeys: Set<String> = ["at", "until", "except", "also", "times", "alert-time", "dates"]

    static func timesPlain(_ value: YAMLValue, key: String) -> YAMLValue {
        switch value {
        case .text(let text) where timeKeys.contains(key): .plain(text)
        case .plain, .text: value
        case .sequence(let items): .sequence(items.map { timesPlain($0, key: key) })
        case .mapping(let pairs): .mapping(pairs.map { .init($0.key, timesPlain($0.value, key: key == "dates" ? "" : $0.key)) })
        }
    }

    /// A plain RRULE in the map form (`every: 2 weeks`, `on: [mon, wed]`,
    /// `days: [1, 15]`, `months: [1, 7]`, `count: 6`): FREQ, INTERVAL,
    /// weekdays without a position, days of the month, months and COUNT
    /// alone; nil for anything else, which stays `rrule:`.
    mutating func mapForm(_ rule: String) -> [YAMLValue.Pair]? {
        if let known = mapForms[rule] { return known }
        let made = Self.mapForm(rule)
        mapForms[rule] = made
        return made
    }

    static func mapForm(_ rule: String) -> [YAMLValue.Pair]? {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, parts[pair[0].uppercased()] == nil else { return nil }
            parts[pair[0].uppercased()] = pair[1].uppercased()
        }
        let units = ["MINUTELY": "minute", "HOURLY": "hour", "DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"]
        guard let frequency = parts["FREQ"], let unit = units[frequency],
            Set(parts.keys).isSubset(of: ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "COUNT"])
        else { return nil }
        var pairs: [YAMLValue.Pair] = []
        if let interval = parts["INTERVAL"], interval != "1" {
            guard let number = Int(interval), number > 1 else { return nil }
            pairs.append(.init("every", .plain("\(number) \(unit)s")))
        } else {
            pairs.append(.init("every", .plain(unit)))
        }
        let names = ["MO": "mon", "TU": "tue", "WE": "wed", "TH": "thu", "FR": "fri", "SA": "sat", "SU": "sun"]
        if let days = parts["BYDAY"] {
            let list = days.split(separator: ",").map { names[String($0)] }
            guard list.allSatisfy({ $0 != nil }) else { return nil }
            pairs.append(.init("on", .sequence(list.map { .plain($0!) })))
        }
        for (key, name) in [("BYMONTHDAY", "days"), ("BYMONTH", "months")] {
            guard let values = parts[key] else { continue }
            let list = values.split(separator: ",").map { Int($0) }
            guard list.allSatisfy({ $0 != nil }) else { return nil }
            pairs.append(.init(name, .sequence(list.map { .plain(String($0!)) })))
        }
        if let count = parts["COUNT"] {
            guard let number = Int(count), number > 0 else { return nil }
            pairs.append(.init("count", .plain(String(number))))
        }
        return pairs
    }
}
