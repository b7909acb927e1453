import Recurrence
import YAMLSyntax

/// A reminder as the mapping of `reminders:` that reads back as it: the
/// inverse of `ReminderDecoder`, with what the reminder takes from its
/// file written as its own keys (`timezone`, `grace`, and the `weekend`
/// and `holidays` it counts or moves by), so that the mapping means the
/// same in any file that leaves `grace` at its default (as `import`'s
/// files do): the default is left unsaid.
///
/// The repeat keeps its form: the map form for a repeat written as words
/// or a map (`every`, `on`, `times`, `working-day`, ...), `rrule:` for
/// one written as an RRULE. Holidays are written as their dates (a
/// built-in region by its code, the rest day by day, with their names):
/// the files they were read from are not named, so the mapping makes
/// nothing read a path.
public enum ReminderEncoder {
    /// The mapping of `reminder` of `file`; nil for what no mapping says
    /// alone: a fixed offset that the reminder inherits from its start (a
    /// mapping read in a file with a zone would take that zone), or a
    /// repeat neither form gives back.
    public static func mapping(of reminder: Reminder, in file: ReminderFile) -> YAMLValue? {
        if case .offset = reminder.timeZone { return nil }
        var pairs: [YAMLValue.Pair] = [.init("id", .plain(reminder.id))]
        if let uid = reminder.uid { pairs.append(.init("uid", .text(uid))) }
        pairs.append(.init("title", .text(reminder.title)))
        if let note = reminder.note { pairs.append(.init("note", .text(note))) }
        switch reminder.action {
        case .hidden?: pairs.append(.init("action", .plain("none")))
        case .label(let label)?: pairs.append(.init("action", .text(label)))
        case nil: break
        }
        pairs.append(.init("at", .plain(text(reminder.start))))
        pairs.append(.init("timezone", .plain(reminder.timeZone.description)))
        if let repeats = reminder.repeats {
            guard let value = repeatValue(repeats) else { return nil }
            pairs.append(.init("repeat", value))
        }
        if !reminder.before.isEmpty { pairs.append(.init("before", .sequence(reminder.before.map { .plain($0.description) }))) }
        if let time = reminder.alertTime { pairs.append(.init("alert-time", .plain(text(time)))) }
        if let grace = reminder.grace ?? file.grace { pairs.append(.init("grace", .plain(grace.description))) }
        if let move = reminder.ifHoliday { pairs.append(.init("if-holiday", .plain(move.rawValue))) }
        pairs += daysOffPairs(of: reminder, in: file)
        switch reminder.sound {
        case .default?: pairs.append(.init("sound", .plain("default")))
        case .silent?: pairs.append(.init("sound", .plain("none")))
        case .file(let path)?: pairs.append(.init("sound", .text(path)))
        case nil: break
        }
        if let badge = reminder.badge { pairs.append(.init("badge", .plain(String(badge)))) }
        if let category = reminder.category { pairs.append(.init("category", .plain(category))) }
        if !reminder.data.isEmpty { pairs.append(.init("data", .mapping(reminder.data.map { .init($0.key, .text($0.value)) }))) }
        if reminder.isTodo { pairs.append(.init("todo", .plain("true"))) }
        if !reminder.ignoredRules.isEmpty { pairs.append(.init("ignore", .sequence(reminder.ignoredRules.map { .plain($0) }))) }
        return .mapping(pairs)
    }

    /// `weekend:` and `holidays:`: the days off the reminder counts or
    /// moves by, its own or its file's; else its own as written; else none.
    private static func daysOffPairs(of reminder: Reminder, in file: ReminderFile) -> [YAMLValue.Pair] {
        let used = reminder.dayOff?.daysOff ?? reminder.alertDaysOff
        let weekend: Set<Weekday>?, holidays: [DayNumber: String]?, region: HolidayRegion?
        if let used {
            weekend = used.weekend
            holidays = used.holidays
            region = reminder.holidays != nil ? reminder.holidayRegion : file.holidayRegion
        } else {
            (weekend, holidays, region) = (reminder.weekend, reminder.holidays, reminder.holidayRegion)
        }
        var pairs: [YAMLValue.Pair] = []
        // Days off in use are written whole, so that no file's replace them.
        if let weekend, used != nil || reminder.weekend != nil {
            let days = Weekday.allCases.filter { weekend.contains($0) }
            pairs.append(.init("weekend", .sequence(days.map { .plain(String($0.name.prefix(3))) })))
        }
        if let holidays, used != nil || reminder.holidays != nil {
            var entries: [YAMLValue.Pair] = []
            let regionDays = region.flatMap { HolidayTable.region($0.code)?.days } ?? [:]
            if let region { entries.append(.init("region", .plain(region.code))) }
            // The days the region does not name, as the file would write
            // them: a run of days with one name as a range.
            var runs: [(first: DayNumber, last: DayNumber, name: String)] = []
            for day in holidays.keys.sorted() {
                let name = holidays[day]!
                var own = name
                if let fromRegion = regionDays[day] {
                    if name == fromRegion { continue }
                    if name.hasPrefix(fromRegion + "; ") { own = String(name.dropFirst(fromRegion.count + 2)) }
                }
                if let last = runs.last, last.name == own, last.last.advanced(by: 1) == day {
                    runs[runs.count - 1].last = day
                } else {
                    runs.append((day, day, own))
                }
            }
            let dates: [YAMLValue] = runs.map { run in
                let days = run.first == run.last ? run.first.date.description : "\(run.first.date)..\(run.last.date)"
                return .mapping([.init(days, .text(run.name))])
            }
            if !dates.isEmpty { entries.append(.init("dates", .sequence(dates))) }
            pairs.append(.init("holidays", .mapping(entries)))
        }
        return pairs
    }

    /// The unit `every:` names for a frequency.
    private static let units: [RecurrenceRule.Frequency: String] = [
        .secondly: "second", .minutely: "minute", .hourly: "hour", .daily: "day", .weekly: "week", .monthly: "month", .yearly: "year",
    ]

    /// `repeat:`: its map form, or `rrule:` for a rule written as one or
    /// with parts no map key sets (BYYEARDAY, BYWEEKNO); nil when neither
    /// reads back the same (`times:` or `working-day:` beside such parts).
    static func repeatValue(_ repeats: Repeat) -> YAMLValue? {
        let rule = repeats.rule
        var pairs: [YAMLValue.Pair] = []
        if repeats.isRawRule || !rule.byYearDay.isEmpty || !rule.byWeekNumber.isEmpty {
            guard repeats.times.isEmpty, repeats.workingDay == nil else { return nil }
            pairs.append(.init("rrule", .text(rule.text)))
        } else {
            guard let unit = units[rule.frequency] else { return nil }
            pairs.append(.init("every", .plain(rule.interval == 1 ? unit : "\(rule.interval) \(unit)s")))
            if !rule.byDay.isEmpty {
                pairs.append(
                    .init(
                        "on",
                        .sequence(
                            rule.byDay.map { day in
                                let name = String(day.weekday.name.prefix(3))
                                return .plain(day.ordinal.map { "\($0) \(name)" } ?? name)
                            })))
            }
            if !rule.byMonthDay.isEmpty { pairs.append(.init("days", .sequence(rule.byMonthDay.map { .plain(String($0)) }))) }
            if !rule.byMonth.isEmpty {
                pairs.append(.init("months", .sequence(rule.byMonth.map { .plain("\($0.number)\($0.isLeap ? "L" : "")") })))
            }
            if !rule.bySetPosition.isEmpty { pairs.append(.init("position", .sequence(rule.bySetPosition.map { .plain(String($0)) }))) }
            if rule.weekStartIsExplicit { pairs.append(.init("week-start", .plain(String(rule.weekStart.name.prefix(3))))) }
            var times = repeats.times
            if times.isEmpty, !rule.byHour.isEmpty || !rule.byMinute.isEmpty || !rule.bySecond.isEmpty {
                // The parts `times:` became: every combination of them.
                guard !rule.byHour.isEmpty, !rule.byMinute.isEmpty, !rule.bySecond.isEmpty else { return nil }
                for hour in rule.byHour {
                    for minute in rule.byMinute {
                        for second in rule.bySecond {
                            times.append(CivilTime(hour: hour, minute: minute, second: second))
                        }
                    }
                }
            }
            if !times.isEmpty { pairs.append(.init("times", .sequence(times.map { .plain(text($0)) }))) }
            if let calendar = rule.calendar { pairs.append(.init("calendar", .plain(calendar))) }
            if let skip = rule.skip { pairs.append(.init("skip", .plain(skip.rawValue.lowercased()))) }
            switch rule.end {
            case .never: break
            case .count(let count): pairs.append(.init("count", .plain(String(count))))
            case .until(.date(let date)): pairs.append(.init("until", .plain(date.description)))
            case .until(.local(let local)): pairs.append(.init("until", .plain(text(.local(local)))))
            case .until(.utc(let utc)): pairs.append(.init("until", .plain("\(utc)Z")))
            }
            if let workingDay = repeats.workingDay { pairs.append(.init("working-day", .plain(String(workingDay)))) }
        }
        if !repeats.except.isEmpty { pairs.append(.init("except", .sequence(repeats.except.map { .plain(text($0)) }))) }
        if !repeats.also.isEmpty { pairs.append(.init("also", .sequence(repeats.also.map { .plain(text($0)) }))) }
        return .mapping(pairs)
    }

    /// A time as SPEC §1 writes it: `2026-12-01 09:00` (seconds only when
    /// there are some), `2026-12-01T09:00:00Z`, `2026-12-01`.
    static func text(_ time: ReminderTime) -> String {
        switch time {
        case .date(let date): date.description
        case .local(let local): "\(local.date) \(text(local.time))"
        case .instant: time.description
        }
    }

    /// `09:00`, `09:00:30`, `09:00:30.25`.
    static func text(_ time: CivilTime) -> String {
        time.second == 0 && time.nanosecond == 0 ? String(time.description.prefix(5)) : time.description
    }
}
