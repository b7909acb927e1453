import Recurrence
import ReminderModel
import Support

/// How a reminder that days off move (`if-holiday:`, `working-day:`) is
/// written: no iCalendar rule knows a holiday, so the rule is written as
/// it is without them, and what the days off change is written as dates,
/// exactly, through the end of the year after next.
extension ICalendarWriter {
    /// The last day whose occurrences are written exactly for a file
    /// written at `now`: the end of the year after next, so that a
    /// calendar published again within the year is written the same.
    package static func holidaysThrough(now: Instant) -> CivilDate {
        CivilDate(year: now.wallTime(offset: 0).day.date.year + 2, month: 12, day: 31)
    }

    /// The schedule a schedule with days off is written as: its rule
    /// without them (a working-day repeat as the weekdays of its month or
    /// year at its position, `BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`), with the
    /// occurrences the days off leave out of it as exceptions and the ones
    /// they add as additions, through `through`. A schedule without days
    /// off is itself.
    static func withoutDaysOff(_ schedule: Schedule, through: CivilDate) -> Schedule {
        guard let dayOff = schedule.dayOff else { return schedule }
        var base = schedule
        base.dayOff = nil
        let end = through.dayNumber.advanced(by: 1).midnight
        let moved = Array(schedule.occurrences().prefix { $0.wallClock < end })
        if let n = dayOff.workingDay, var rule = base.rule {
            rule.byDay = Weekday.allCases.filter { !dayOff.daysOff.weekend.contains($0) }.map { RecurrenceRule.WeekdayOccurrence($0) }
            rule.bySetPosition = [n]
            rule.byMonthDay = []
            base.rule = rule
            // The first working day it fires on is its first instance.
            if let first = moved.first ?? Array(schedule.occurrences().prefix(1)).first {
                base.start = first.wallClock.local
            }
        }
        let wanted = Set(moved.map(\.wallClock))
        let plain = base.occurrences().prefix { $0.wallClock < end }
        let given = Set(plain.map(\.wallClock))
        for occurrence in plain where !wanted.contains(occurrence.wallClock) {
            base.exceptions.append(schedule.isAllDay ? .date(occurrence.date) : .wallClock(occurrence.wallClock.local))
        }
        for occurrence in moved where !given.contains(occurrence.wallClock) {
            base.additions.append(schedule.isAllDay ? .date(occurrence.date) : .wallClock(occurrence.wallClock.local))
        }
        return base
    }

    /// The alarms of `component`, one of the components of a reminder
    /// alerting in working days (`before: 2 working days`), whose written
    /// schedule is `written`: how far back an alarm is depends on the days
    /// off before each occurrence, and a TRIGGER is one length for the
    /// whole series. The series takes the leads most of its occurrences
    /// through `through` have; each other occurrence through it is written
    /// again (RECURRENCE-ID, RFC 5545 §3.8.4.4) with its own.
    static func workingDayAlarms(
        of component: Component, reminder: Reminder, written: Schedule,
        through: CivilDate
    ) -> (leads: [NominalDuration], overrides: [Component]) {
        var series = written
        series.start = component.start.wallClock.local
        series.rule = component.rule
        series.timesOfDay = []
        series.exceptions = component.excluded.map { .instant($0.instant) }
        series.additions = component.added.map { series.isAllDay ? .date($0.date) : .instant($0.instant) }
        let end = through.dayNumber.advanced(by: 1).midnight
        let occurrences = Array(series.occurrences().prefix { $0.wallClock < end })
        let leads = occurrences.map(reminder.alertLeads(of:))
        // The most common leads, the earlier-seen on a tie.
        var tally: [[NominalDuration]: (count: Int, first: Int)] = [:]
        for (index, each) in leads.enumerated() { tally[each, default: (0, index)].count += 1 }
        guard let common = tally.max(by: { ($0.value.count, -$0.value.first) < ($1.value.count, -$1.value.first) })?.key else {
            return (reminder.alertLeads(of: component.start), [])
        }
        let overrides = zip(occurrences, leads).filter { $0.1 != common }.map { occurrence, own in
            Component(uid: component.uid, start: occurrence, rule: nil, excluded: [], added: [], leads: own, recurrenceID: occurrence)
        }
        return (common, overrides)
    }

    /// Reminders days off move, or whose alerts count working days, that
    /// fire past the last day the .ics writes their moves and alarms for
    /// (`holidaysThrough(now:)`): after it, their repeat fires on days off
    /// too, and their alarms come as many days before as most did. `check --for ics` and `--for caldav`
    /// report them (`reader-support`).
    package static func holidayHorizonProblems(in scheduled: ScheduledFile, now: Instant) -> [Diagnostic] {
        let file = scheduled.file, schedules = scheduled.schedules
        let through = holidaysThrough(now: now)
        let end = through.dayNumber.advanced(by: 1).midnight
        return Concurrently.map(file.reminders.count, chunk: 256, threads: scheduled.parallelism.threads) { index -> Diagnostic? in
            let reminder = file.reminders[index]
            guard reminder.dayOff != nil || reminder.hasWorkingDayLead, let repeats = reminder.repeats else { return nil }
            var occurrences = schedules[index].occurrences()
            occurrences.skip(toWallClock: end)
            guard occurrences.contains(where: { $0.wallClock >= end }) else { return nil }
            let message = Message.holidaysThrough(reminder.id, through: through.description, movesOff: reminder.dayOff != nil)
            guard !file.lint.disabledRules.contains(message.id), !reminder.ignoredRules.contains(message.id) else { return nil }
            let span = reminder.dayOff == nil ? reminder.spans.before : reminder.spans.ifHoliday ?? reminder.spans.repeats
            return Diagnostic(message, file: file.path, span: span ?? repeats.span)
        }.compactMap { $0 }
    }
}
