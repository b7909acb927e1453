import Recurrence
import ReminderModel

private let header = "timezone: Europe/London\nholidays:\n  dates: [2026-12-25: Christmas Day, 2026-12-28: Boxing Day (substitute day)]\n"

/// A reminder that says nothing about days off fires on a holiday.
enum LandsOnHolidayRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "lands-on-holiday", name: "Lands on a holiday",
        summary: "A reminder without `if-holiday:` fires on one of its holidays in the horizon.",
        rationale:
            "A stand-up or a bin day on Christmas is usually not meant: `if-holiday: skip` (or `before`, `after`, `nearest`) moves it off, and `if-holiday: fire` says it is.",
        severity: .info,
        triggering: [
            header + """
                reminders:
                  - {id: standup, title: Stand-up, at: 2026-12-21 09:30, repeat: ↓weekdays}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: standup, title: Stand-up, at: 2026-12-21 09:30, repeat: weekdays, if-holiday: skip}
                  - {id: lights, title: Lights, at: 2026-12-21 17:00, repeat: daily, if-holiday: fire}
                  - {id: gym, title: Gym, at: 2026-12-22 18:00, repeat: {every: week, on: [tue, thu]}}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        let file = context.file
        return file.reminders.indices.compactMap { index in
            let reminder = file.reminders[index]
            guard reminder.ifHoliday == nil, reminder.repeats?.workingDay == nil else { return nil }
            let holidays = reminder.holidays ?? file.daysOff.holidays
            guard !holidays.isEmpty else { return nil }
            var occurrences = context.schedules[index].occurrences()
            occurrences.skip(toWallClock: context.now.wallTime(offset: -2 * secondsPerDay))
            var first: (day: DayNumber, name: String)?
            var count = 0
            while let occurrence = occurrences.next(), occurrence.instant < context.end {
                guard occurrence.instant >= context.now, let name = holidays[occurrence.wallClock.day] else { continue }
                if first == nil { first = (occurrence.wallClock.day, name) }
                count += 1
            }
            guard let first else { return nil }
            return context.finding(
                landsOn(reminder.id, day: first.day, name: first.name, more: count - 1),
                at: reminder.spans.repeats ?? reminder.spans.start, reminder: index)
        }
    }

    static func landsOn(_ reminder: String, day: DayNumber, name: String, more: Int) -> Message {
        descriptor.message(
            "'\(reminder)' fires on \(day.weekday.name.capitalized) \(day), \(name)"
                + (more > 0 ? ", and on \(more) more \(more == 1 ? "holiday" : "holidays") in the horizon" : ""),
            hint: "add 'if-holiday: skip' (or before, after, nearest) to move it off, or 'if-holiday: fire' to say it is meant")
    }
}

/// An occurrence a day off moves lands where one already is, and fires once.
enum MovedOntoOccurrenceRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "moved-onto-occurrence", name: "Moved onto an occurrence",
        summary: "`if-holiday:` moves an occurrence onto a day and time that already has one, so the two fire once.",
        rationale:
            "A daily reminder moved off a weekend merges with Friday's or Monday's, which is usually meant; a weekly one merging with another weekday's loses an alert its author may have counted on.",
        severity: .info,
        triggering: [
            header + """
                reminders:
                  - {id: report, title: Report, at: 2026-12-24 16:00, repeat: {every: week, on: [thu, fri]}, if-holiday: ↓before}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: report, title: Report, at: 2026-12-22 16:00, repeat: {every: week, on: [fri]}, if-holiday: before}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        let file = context.file
        return file.reminders.indices.compactMap { index in
            let reminder = file.reminders[index]
            guard let dayOff = reminder.dayOff, dayOff.workingDay == nil, [.before, .after, .nearest].contains(dayOff.move) else {
                return nil
            }
            var plain = context.schedules[index]
            plain.dayOff = nil
            var occurrences = plain.occurrences()
            occurrences.skip(toWallClock: context.now.wallTime(offset: -(dayOff.daysOff.longestRun + 2) * secondsPerDay))
            // The wall-clock times the rule gives, and where each moved one lands.
            var given: Set<WallTime> = []
            var moved: [(from: WallTime, to: WallTime)] = []
            while let occurrence = occurrences.next(), occurrence.instant < context.end {
                given.insert(occurrence.wallClock)
                let day = occurrence.wallClock.day
                guard let target = dayOff.daysOff.destination(of: day, dayOff.move), target != day else { continue }
                moved.append((occurrence.wallClock, target.midnight.advanced(by: occurrence.wallClock.seconds(since: day.midnight))))
            }
            var landed: Set<WallTime> = []
            for (from, to) in moved where to.instant(offset: 0) >= context.now.wallTime(offset: 0).instant(offset: 0) {
                guard given.contains(to) || !landed.insert(to).inserted else { continue }
                return context.finding(
                    merged(reminder.id, from: from.day, onto: to.day, why: dayOff.daysOff.reason(from.day) ?? ""),
                    at: reminder.spans.ifHoliday ?? reminder.spans.start, reminder: index)
            }
            return nil
        }
    }

    static func merged(_ reminder: String, from: DayNumber, onto: DayNumber, why: String) -> Message {
        descriptor.message(
            "'\(reminder)' on \(from.weekday.name.capitalized) \(from) (\(why)) moves onto \(onto.weekday.name.capitalized) \(onto), "
                + "which has one at that time already: the two fire once",
            hint: "if both alerts are wanted, give the moved one its own time, or use 'if-holiday: skip'")
    }
}

/// A reminder that days off move outlives the built-in table's holidays.
enum HolidayDataEndsRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "holiday-data-ends", name: "Holiday data ends",
        summary: "A reminder moved off a built-in region's holidays fires past the last year remindc's table holds for it.",
        rationale:
            "After the table's last year its holidays are unknown: the reminder is moved off weekends alone. A newer remindc has more years.",
        severity: .warning,
        triggering: [
            "timezone: Europe/London\nholidays: {region: GB-ENG}\n" + """
                reminders:
                  - {id: standup, title: Stand-up, at: ↓2061-01-03 09:30, repeat: weekdays, if-holiday: skip}
                """
        ],
        nonTriggering: [
            "timezone: Europe/London\nholidays: {region: GB-ENG}\n" + """
                reminders:
                  - {id: standup, title: Stand-up, at: 2026-12-07 09:30, repeat: weekdays, if-holiday: skip}
                  - {id: later, title: Later, at: 2061-01-03 09:30, repeat: weekdays}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        let file = context.file
        return file.reminders.indices.compactMap { index in
            let reminder = file.reminders[index]
            guard reminder.dayOff != nil, let region = reminder.holidays == nil ? file.holidayRegion : reminder.holidayRegion else {
                return nil
            }
            let end = CivilDate(year: region.years.upperBound, month: 12, day: 31).dayNumber
            let schedule = context.schedules[index]
            // Past the table within the horizon, or from the start on.
            var occurrences = schedule.occurrences()
            occurrences.skip(toWallClock: max(end.advanced(by: 1).midnight, context.now.wallTime(offset: -2 * secondsPerDay)))
            guard let past = occurrences.first(where: { $0.wallClock.day > end }),
                past.instant < context.end || schedule.firstOccurrence.wallClock.day > end
            else { return nil }
            return context.finding(
                dataEnds(reminder.id, region: region.code, last: region.years.upperBound, first: past.wallClock.day),
                at: past.wallClock.day == schedule.firstOccurrence.wallClock.day
                    ? reminder.spans.start
                    : reminder.spans.ifHoliday ?? reminder.spans.repeats ?? reminder.spans.start, reminder: index)
        }
    }

    static func dataEnds(_ reminder: String, region: String, last: Int, first: DayNumber) -> Message {
        descriptor.message(
            "remindc's table holds the holidays of \(region) through \(last), and '\(reminder)' fires on \(first): "
                + "from then on it is moved off weekends alone",
            hint: "a newer remindc has later years; or add them under 'holidays: {dates: [...]}'")
    }
}
