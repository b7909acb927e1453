import Support
import Foundation
import Recurrence
import ReminderModel

/// What calendar readers and CalDAV servers do with the rules `write`
/// writes, found without writing: `check --for ics` and `check --for
/// caldav` report it at each reminder's repeat.
extension ICalendarWriter {
    /// The most occurrences of a rule whose INTERVAL libical cannot hold
    /// that are written as dates (DTSTART and RDATEs) instead.
    package static let intervalAsDates = 1_000

    /// SabreDAV's `Settings::$maxRecurrences`: a series with more instances
    /// is refused on PUT, and a time-range query needing more fails.
    package static let sabreLimit = 3_500
    /// Radicale's `max_vevent_rrule_occurrence`.
    package static let radicaleLimit = 10_000

    /// Rules some readers refuse or misread: RSCALE kept (another calendar,
    /// or a Gregorian SKIP no plain rules say), an INTERVAL past libical's
    /// 16 bits on more occurrences than are written as dates.
    /// With `serversAt`, also what servers refuse (`serverMessages`),
    /// from the same components: each reminder's are made once.
    package static func readerProblems(in scheduled: ScheduledFile, serversAt now: Instant? = nil) -> [Diagnostic] {
        let yearOn = now?.advanced(by: 366 * secondsPerDay)
        return perReminder(scheduled) { reminder, components in
            readerMessages(reminder, components) + (yearOn.map { serverMessages(reminder, components, yearOn: $0) } ?? [])
        }
    }

    private static func readerMessages(_ reminder: Reminder, _ components: [WrittenComponent]) -> [Message] {
        var found: [Message] = []
        if let kept = components.lazy.compactMap({ $0.rule?.calendar }).first {
            found.append(.rscaleKept(reminder.id, calendar: kept))
        }
        if let wide = components.lazy.compactMap({ $0.rule?.interval }).first(where: { $0 > RecurrenceRule.largestReadableInterval }) {
            found.append(
                .intervalPastLibical(
                    reminder.id, interval: wide, largest: RecurrenceRule.largestReadableInterval,
                    asDates: intervalAsDates))
        }
        return found
    }

    /// Series a CalDAV server refuses or cannot expand: a weekday counted
    /// past the fifth (`BYDAY=20MO`), which SabreDAV 4 refuses; a rule
    /// counted in minutes or seconds, which SabreDAV does not expand; a finite one
    /// with more instances than SabreDAV (3,500) or Radicale (10,000)
    /// holds, or that Radicale estimates past its limit from UNTIL; an
    /// endless one that reaches SabreDAV's 3,500th instance within a year
    /// (`yearOn`, a year after now).
    private static func serverMessages(_ reminder: Reminder, _ components: [WrittenComponent], yearOn: Instant) -> [Message] {
        // One finding of each kind a reminder: its first component's.
        var sabre: Message?, radicale: Message?
        for component in components {
            guard let rule = component.rule else { continue }
            let series = component.schedule
            if let day = sabreRefusedWeekday(rule) {
                sabre = sabre ?? .sabreRefusesWeekday(reminder.id, byDay: day)
            } else if rule.frequency <= .minutely {
                sabre = sabre ?? .sabreSubHourly(reminder.id, ends: rule.end != .never)
            } else if let part = sabreIgnores(rule, start: component.start.wallClock.local) {
                sabre = sabre ?? .sabreIgnoresPart(reminder.id, part: part, frequency: rule.frequency.rawValue)
            }
            var occurrences = series.occurrences()
            var count = 0
            var reached: Occurrence?
            while let next = occurrences.next() {
                // An endless series matters only when its instances
                // pass the limit within the year: none after it is read.
                if rule.end == .never && next.instant >= yearOn { break }
                count += 1
                if count > sabreLimit {
                    reached = next
                    break
                }
            }
            if rule.end == .never {
                if let reached, reached.instant < yearOn {
                    sabre = sabre ?? .endlessPastSabre(reminder.id, date: reached.local.date.description)
                }
                continue
            }
            if reached != nil {
                while count <= radicaleLimit, occurrences.next() != nil { count += 1 }
                sabre = sabre ?? .seriesTooLong(reminder.id, instances: count)
                if count > radicaleLimit { radicale = radicale ?? .radicaleCount(reminder.id) }
            }
            // Radicale takes UNTIL less DTSTART, over the unit of FREQ
            // (a month is a twelfth of 365 days), for the instances.
            if case .until = rule.end, let last = series.lastOccurrence() {
                let unit: Double =
                    switch rule.frequency {
                    case .yearly: 365 * 86_400
                    case .monthly: 365 * 86_400 / 12
                    case .weekly: 7 * 86_400
                    case .daily: 86_400
                    case .hourly: 3_600
                    case .minutely: 60
                    case .secondly: 1
                    }
                let estimate = Int(Double(last.instant.seconds(since: component.start.instant)) / unit)
                if estimate > radicaleLimit { radicale = radicale ?? .radicaleEstimate(reminder.id, estimate: estimate) }
            }
            if case .count(let count) = rule.end, count > radicaleLimit { radicale = radicale ?? .radicaleCount(reminder.id) }
        }
        return [sabre, radicale].compactMap { $0 }
    }

    /// The first weekday of `rule` sabre/vobject 4.5 refuses, as BYDAY
    /// writes it (`20MO`): it takes an ordinal from -5 to 5 alone, where
    /// a yearly rule counts weekdays up to the 53rd.
    static func sabreRefusedWeekday(_ rule: RecurrenceRule) -> String? {
        rule.byDay.first { abs($0.ordinal ?? 0) > 5 }.map { "\($0.ordinal!)\($0.weekday.code)" }
    }

    /// The first rule part sabre/vobject 4.5 leaves out of its expansion
    /// of `rule`, which then gives other occurrences than the rule: it
    /// steps HOURLY rules by the hour alone, never reads BYMINUTE or
    /// BYSECOND, reads BYHOUR only in DAILY and WEEKLY rules, BYMONTHDAY in
    /// MONTHLY and YEARLY ones, BYMONTH in DAILY ones only beside BYDAY or
    /// BYHOUR (and in YEARLY ones), and BYSETPOS only in MONTHLY and
    /// YEARLY ones. A part that says only what DTSTART says changes nothing.
    static func sabreIgnores(_ rule: RecurrenceRule, start: LocalDateTime) -> String? {
        let frequency = rule.frequency
        if frequency == .hourly {
            let parts: [(String, Bool)] = [
                ("BYMONTH", !rule.byMonth.isEmpty), ("BYWEEKNO", !rule.byWeekNumber.isEmpty),
                ("BYYEARDAY", !rule.byYearDay.isEmpty), ("BYMONTHDAY", !rule.byMonthDay.isEmpty),
                ("BYDAY", !rule.byDay.isEmpty), ("BYHOUR", !rule.byHour.isEmpty),
                ("BYSETPOS", !rule.bySetPosition.isEmpty),
            ]
            if let part = parts.first(where: \.1) { return part.0 }
        }
        if !rule.byMinute.isEmpty && rule.byMinute != [start.time.minute] { return "BYMINUTE" }
        if !rule.bySecond.isEmpty && rule.bySecond != [start.time.second] { return "BYSECOND" }
        if (frequency == .monthly || frequency == .yearly) && !rule.byHour.isEmpty && rule.byHour != [start.time.hour] { return "BYHOUR" }
        if (frequency == .daily || frequency == .weekly) && !rule.byMonthDay.isEmpty { return "BYMONTHDAY" }
        if !rule.byMonth.isEmpty {
            switch frequency {
            case .daily where rule.byDay.isEmpty && rule.byHour.isEmpty, .weekly, .monthly: return "BYMONTH"
            default: break
            }
        }
        if (frequency == .daily || frequency == .weekly) && !rule.bySetPosition.isEmpty { return "BYSETPOS" }
        return nil
    }

    /// Reminders of the file with a component UID another reminder's
    /// component has: `x-extra`, and the `-extra` component of `x`. A
    /// calendar keeps one event per UID, so one of them would be lost; the
    /// error is at the later reminder's id.
    package static func uidClashes(in scheduled: ScheduledFile) -> [Diagnostic] {
        let file = scheduled.file
        let schedules = scheduled.schedules
        // A component's UID is `<id>-<suffix>`: only a reminder whose id,
        // and a hyphen, begins another's can clash, and only its components
        // are worked out (in most files, none).
        let prefixes = Set(
            file.reminders.flatMap { reminder in
                reminder.id.indices.filter { reminder.id[$0] == "-" }.map { String(reminder.id[..<$0]) }
            })
        // A reminder's own `uid:` may be any other's too.
        let ownUIDs = file.reminders.contains { $0.uid != nil }
        guard ownUIDs || (!prefixes.isEmpty && file.reminders.contains(where: { $0.repeats != nil && prefixes.contains($0.id) })) else {
            return []
        }
        let uids = Concurrently.map(file.reminders.count, chunk: 1_024, threads: scheduled.parallelism.threads) { index -> [String] in
            let reminder = file.reminders[index]
            // Only a reminder written as several components has UIDs past
            // its own.
            let own = file.uid(of: reminder)
            guard reminder.repeats != nil, prefixes.contains(reminder.id) || ownUIDs else { return [own] }
            return Self.components(of: withoutDaysOff(schedules[index]), form: form(of: reminder), uid: own).map(\.uid)
        }
        var owner: [String: Int] = [:]
        var found: [Diagnostic] = []
        for (index, written) in uids.enumerated() {
            for uid in Set(written) {
                if let other = owner[uid], other != index {
                    let reminder = file.reminders[index]
                    found.append(
                        Diagnostic(
                            .componentUIDTaken(uid, reminder: reminder.id, other: file.reminders[other].id), file: file.path,
                            span: reminder.spans.id))
                } else {
                    owner[uid] = index
                }
            }
        }
        return found
    }

    /// `check` on every reminder's components, on every core, as
    /// diagnostics at its repeat, less those `lint.disable` or the
    /// reminder's `ignore:` names.
    private static func perReminder(
        _ scheduled: ScheduledFile,
        _ check: @Sendable (Reminder, [WrittenComponent]) -> [Message]
    ) -> [Diagnostic] {
        let file = scheduled.file
        let schedules = scheduled.schedules
        return Concurrently.map(file.reminders.count, chunk: 256, threads: scheduled.parallelism.threads) { index -> [Diagnostic] in
            let reminder = file.reminders[index]
            guard let repeats = reminder.repeats else { return [] }
            let schedule = withoutDaysOff(schedules[index])
            let form = form(of: reminder)
            let components = Self.components(of: schedule, form: form, uid: file.uid(of: reminder)).map { component in
                var series = schedule
                series.exceptions = []
                series.additions = []
                series.timesOfDay = []
                series.start = component.start.wallClock.local
                series.rule = component.rule
                return WrittenComponent(start: component.start, rule: component.rule, schedule: series)
            }
            // Warnings the file or the reminder switched off stay off.
            return check(reminder, components)
                .filter { !file.lint.disabledRules.contains($0.id) && !reminder.ignoredRules.contains($0.id) }
                .map { Diagnostic($0, file: file.path, span: reminder.spans.repeats ?? repeats.span) }
        }.flatMap { $0 }
    }

    /// A component as readers see it: its DTSTART and rule, and the
    /// schedule they make.
    struct WrittenComponent {
        var start: Occurrence
        var rule: RecurrenceRule?
        var schedule: Schedule
    }
}

extension ICalendarWriter {
    /// For a check of the rules written: a schedule with days off as it is
    /// written, its days off as dates through two years after its start.
    static func withoutDaysOff(_ schedule: Schedule) -> Schedule {
        guard schedule.dayOff != nil else { return schedule }
        return withoutDaysOff(schedule, through: CivilDate(year: schedule.start.date.year + 2, month: 12, day: 31))
    }
}
