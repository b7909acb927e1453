import Recurrence
import ReminderModel

private let header = "timezone: Europe/Berlin\n"

/// A repeat no date can match.
enum NeverFiresRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "never-fires", name: "Never fires",
        summary:
            "A repeat has no occurrence at all after its start (yearly on February 30), or every one falls on a day off that `if-holiday: skip` leaves out.",
        rationale: "The reminder looks scheduled but only its first time ever fires.",
        severity: .error,
        triggering: [
            header + """
                reminders:
                  - id: leap
                    title: February 30
                    at: 2026-12-01 09:00
                    repeat: ↓{every: year, months: [feb], days: [30]}
                """,
            header + """
                reminders:
                  - {id: weekend, title: Weekend walk, at: 2026-12-05 10:00, repeat: {every: week, on: [sat, sun]}, if-holiday: ↓skip}
                """,
        ],
        nonTriggering: [
            header + """
                reminders:
                  - id: leap
                    title: February 29
                    at: 2026-12-01 09:00
                    repeat: {every: year, months: [feb], days: [29]}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        // The digest first: most rules hold an instance in every period and need no search.
        context.digests.indices.filter { context.digests[$0].ruleNeedsSearch || context.file.reminders[$0].dayOff?.move == .skip }
            .compactMap { index in
                context.file.reminders[index].neverFires(in: context.file.path) { context.schedules[index] }
                    .map { Finding($0, reminder: index) }
            }
    }
}

/// Every occurrence is before now.
enum InThePastRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "in-the-past", name: "In the past",
        summary: "Every occurrence of a reminder is before now.",
        rationale: "A notification scheduled for the past is delivered at once, or never, depending on the device.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: old, title: Old, at: ↓2020-01-01 09:00, repeat: {every: day, count: 3}}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: old, title: Still going, at: 2020-01-01 09:00, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.digests.indices.compactMap { index in
            let digest = context.digests[index]
            if digest.end == .never { return nil }
            // The first occurrence is less than two days from the start's wall clock.
            if digest.startWallClock.instant(offset: ReminderDigest.offsetBound) >= context.now { return nil }
            let schedule = context.schedules[index]
            if schedule.firstOccurrence.instant >= context.now { return nil }
            guard let last = schedule.lastOccurrence(), last.instant < context.now else { return nil }
            let reminder = context.file.reminders[index]
            return context.finding(
                past(reminder.id, last: Clock.text(last.instant, reminder, context)), at: reminder.spans.start, reminder: index)
        }
    }
}

/// `until` before the start.
enum UntilBeforeStartRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "until-before-start", name: "Until before start",
        summary: "A repeat's `until` comes before its start, so it never repeats.",
        rationale: "Only `at` itself fires; the repeat is dead text, usually a typo in a year.",
        severity: .error,
        triggering: [
            header + """
                reminders:
                  - {id: typo, title: Typo, at: 2026-12-01 09:00, repeat: {every: day, until: ↓2025-12-31}}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: fine, title: Fine, at: 2026-12-01 09:00, repeat: {every: day, until: 2026-12-31}}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.digests.indices.compactMap { index in
            // A schedule's rule is its reminder's repeat rule.
            guard context.digests[index].end == .until, case .until(let until)? = context.schedules[index].rule?.end else { return nil }
            // The first occurrence's date and wall clock are the start's; only
            // an instant needs the zone, and only within two days of it.
            let wallClock = context.digests[index].startWallClock
            let before: Bool
            switch until {
            case .date(let date):
                before = date.dayNumber < wallClock.day
            case .local(let local):
                before = WallTime(local) < wallClock
            case .utc(let utc):
                let instant = WallTime(utc).instant(offset: 0)
                if instant >= wallClock.instant(offset: -ReminderDigest.offsetBound) {
                    before = false
                } else {
                    before =
                        instant < wallClock.instant(offset: ReminderDigest.offsetBound)
                        || instant < context.schedules[index].firstOccurrence.instant
                }
            }
            guard before, let repeats = context.file.reminders[index].repeats else { return nil }
            let reminder = context.file.reminders[index]
            return context.finding(
                endsBeforeStart(reminder.id), at: repeats.untilSpan ?? reminder.spans.repeats ?? repeats.span, reminder: index)
        }
    }
}

/// An exception that removes nothing.
enum ExceptMatchesNothingRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "except-matches-nothing", name: "Exception matches nothing",
        summary: "An `except` date or time removes no occurrence.",
        rationale: "An exception on the wrong day or time silently leaves the occurrence it meant to remove.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: bins, title: Bins, at: 2026-12-01 19:00, repeat: {every: week, except: [↓2026-12-09]}}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: bins, title: Bins, at: 2026-12-01 19:00, repeat: {every: week, except: [2026-12-08]}}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        var findings: [Finding] = []
        for index in context.digests.indices where context.digests[index].hasExceptions {
            let reminder = context.file.reminders[index]
            guard let repeats = reminder.repeats else { continue }
            let schedule = context.schedules[index]
            for (position, exception) in schedule.exceptions.enumerated() where position < repeats.exceptSpans.count {
                var single = schedule
                single.exceptions = [exception]
                guard single.excludedOccurrences().isEmpty else { continue }
                findings.append(context.finding(removesNothing(reminder.id), at: repeats.exceptSpans[position], reminder: index))
            }
        }
        return findings
    }
}

/// Two reminders with the same title and occurrences.
enum DuplicateReminderRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "duplicate-reminder", name: "Duplicate reminder",
        summary: "Two reminders have the same title and the same occurrences.",
        rationale: "A copy-pasted reminder fires everything twice.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                  - {id: ↓tea-again, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                  - {id: coffee, title: Coffee, at: 2026-12-01 16:00, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        struct Key: Hashable {
            var title: String
            var alerts: [Instant]
            var count: Int
        }
        var seen: [Key: Int] = [:]
        var findings: [Finding] = []
        let sweep = context.sweep
        for (index, reminder) in context.file.reminders.enumerated() where sweep.counts[index] > 0 {
            let key = Key(title: reminder.title, alerts: sweep.firstAlerts[index], count: sweep.counts[index])
            if let first = seen[key] {
                let original = context.file.reminders[first]
                findings.append(
                    context.finding(
                        repeats(reminder.id, original.id), at: reminder.spans.id, reminder: index,
                        notes: [Diagnostic.Note("'\(original.id)' is here", at: original.spans.id)]))
            } else {
                seen[key] = index
            }
        }
        return findings
    }
}

/// A snooze as long as the repeat.
enum SnoozeCollidesRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "snooze-collides", name: "Snooze collides",
        summary: "A category's snooze is as long as the reminder's repeat, or longer.",
        rationale: "The snoozed alert lands on or after the next occurrence, so snoozing means two alerts at once.",
        severity: .warning,
        triggering: [
            header + """
                categories:
                  nag: {actions: [{id: later, title: Later, snooze: 30m}]}
                reminders:
                  - {id: water, title: Water, at: 2026-12-01 09:00, repeat: every 20 minutes, category: ↓nag}
                """
        ],
        nonTriggering: [
            header + """
                categories:
                  nag: {actions: [{id: later, title: Later, snooze: 10m}]}
                reminders:
                  - {id: water, title: Water, at: 2026-12-01 09:00, repeat: every 20 minutes, category: nag}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        // Each category's longest snooze, found once.
        var longest: [String: Int] = [:]
        for category in context.file.categories {
            longest[category.id] = category.actions.compactMap { $0.snooze.map { $0.days * secondsPerDay + $0.seconds } }.max()
        }
        guard !longest.isEmpty else { return [] }
        let sweep = context.sweep
        return context.digests.indices.compactMap { index in
            guard context.digests[index].hasCategory else { return nil }
            let reminder = context.file.reminders[index]
            guard let id = reminder.category, let snooze = longest[id], let span = reminder.spans.category else { return nil }
            let alerts = sweep.firstAlerts[index]
            guard alerts.count > 1, let gap = zip(alerts, alerts.dropFirst()).map({ $1.seconds(since: $0) }).min(), snooze >= gap else {
                return nil
            }
            return context.finding(reachesNext(reminder.id, snooze: snooze, gap: gap), at: span, reminder: index)
        }
    }
}

/// A sub-daily repeat that never ends and cannot be stopped.
enum EndlessRepeatRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "endless-repeat", name: "Endless repeat",
        summary: "A reminder repeats more often than daily, forever, with no action to stop it.",
        rationale: "A notification every few minutes that the user cannot cancel is the first thing they turn off.",
        severity: .info,
        triggering: [
            header + """
                reminders:
                  - {id: water, title: Water, at: 2026-12-01 09:00, repeat: ↓every 20 minutes}
                """
        ],
        nonTriggering: [
            header + """
                categories:
                  nag: {actions: [{id: stop, title: Stop, destructive: true}]}
                reminders:
                  - {id: water, title: Water, at: 2026-12-01 09:00, repeat: every 20 minutes, category: nag}
                  - {id: tea, title: Tea, at: 2026-12-01 09:00, repeat: {every: hour, count: 8}}
                """,
            header + """
                categories:
                  nag: {actions: [{id: stop, title: Stop, stops: true}]}
                reminders:
                  - {id: water, title: Water, at: 2026-12-01 09:00, repeat: every 20 minutes, category: nag}
                """,
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        // The categories with an action that stops the reminder, found once.
        let stopping = Set(context.file.categories.filter { $0.actions.contains { $0.destructive || $0.stops } }.map(\.id))
        return context.digests.indices.compactMap { index in
            guard let frequency = context.digests[index].frequency, frequency < .daily, context.digests[index].end == .never else {
                return nil
            }
            let reminder = context.file.reminders[index]
            if let category = reminder.category, stopping.contains(category) { return nil }
            guard let span = reminder.spans.repeats ?? reminder.repeats?.span else { return nil }
            return context.finding(endless(reminder.id), at: span, reminder: index)
        }
    }
}

// MARK: InThePastRule's messages

extension InThePastRule {
    static func past(_ reminder: String, last: String) -> Message {
        descriptor.message(
            "every occurrence of '\(reminder)' is in the past; the last was \(last)", hint: "move 'at' forward, or remove the reminder")
    }
}

// MARK: UntilBeforeStartRule's messages

extension UntilBeforeStartRule {
    static func endsBeforeStart(_ reminder: String) -> Message {
        descriptor.message("the repeat of '\(reminder)' ends before it starts, so it never repeats", hint: "check the year of 'until'")
    }
}

// MARK: ExceptMatchesNothingRule's messages

extension ExceptMatchesNothingRule {
    static func removesNothing(_ reminder: String) -> Message {
        descriptor.message("this exception of '\(reminder)' removes no occurrence", hint: "check the date and the time against the repeat")
    }
}

// MARK: DuplicateReminderRule's messages

extension DuplicateReminderRule {
    static func repeats(_ reminder: String, _ original: String) -> Message {
        descriptor.message("'\(reminder)' repeats '\(original)': the same title at the same times", hint: "remove one of them")
    }
}

// MARK: SnoozeCollidesRule's messages

extension SnoozeCollidesRule {
    static func reachesNext(_ reminder: String, snooze: Int, gap: Int) -> Message {
        descriptor.message(
            "snoozing '\(reminder)' for \(NominalDuration(seconds: snooze)) reaches its next occurrence, \(NominalDuration(seconds: gap)) later",
            hint: "shorten the snooze below the repeat")
    }
}

// MARK: EndlessRepeatRule's messages

extension EndlessRepeatRule {
    static func endless(_ reminder: String) -> Message {
        descriptor.message(
            "'\(reminder)' repeats more often than daily, forever, and no action stops it",
            hint: "add 'count' or 'until', or a category with a 'stops: true' action")
    }
}

/// A plain yearly repeat on 29 February, which fires in leap years only.
enum LeapDayRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "leap-day", name: "Leap day",
        summary: "A yearly repeat on 29 February without `skip`: it fires in leap years only.",
        rationale:
            "A birthday or anniversary on 29 February is kept every year by most people; RFC 5545 leaves the 29th out of the three years without one. `calendar: gregorian` with `skip: backward` (28 February) or `skip: forward` (1 March) keeps it yearly, and remindc writes that as rules every calendar reader knows.",
        severity: .info,
        triggering: [
            header + """
                reminders:
                  - {id: birthday, title: Birthday, at: 2028-02-29, repeat: ↓yearly}
                  - {id: rent, title: Rent, at: 2026-12-01, repeat: ↓{every: year, months: [feb], days: [29]}}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: birthday, title: Birthday, at: 2028-02-29, repeat: {every: year, calendar: gregorian, skip: backward}}
                  - {id: olympics, title: Olympics, at: 2028-02-29, repeat: {every: 4 years}}
                  - {id: monthly, title: Monthly, at: 2028-01-29, repeat: monthly}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.file.reminders.indices.compactMap { index in
            let reminder = context.file.reminders[index]
            guard let repeats = reminder.repeats, let rule = context.schedules[index].rule, rule.frequency == .yearly,
                rule.interval % 4 != 0, (rule.skip ?? .omit) == .omit || rule.calendar == nil,
                rule.calendar == nil || rule.calendar?.lowercased() == "gregorian",
                rule.byDay.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, rule.bySetPosition.isEmpty
            else { return nil }
            let start = context.schedules[index].start.date
            let months = rule.byMonth.isEmpty ? [start.month] : rule.byMonth.map(\.number)
            let days = rule.byMonthDay.isEmpty ? [start.day] : rule.byMonthDay
            guard months == [2], days == [29] else { return nil }
            return context.finding(leapYearsOnly(reminder.id), at: reminder.spans.repeats ?? repeats.span, reminder: index)
        }
    }
}

// MARK: LeapDayRule's messages

extension LeapDayRule {
    static func leapYearsOnly(_ reminder: String) -> Message {
        descriptor.message(
            "'\(reminder)' repeats on 29 February, so it fires in leap years only",
            hint: "for every year, write {every: year, calendar: gregorian, skip: backward} (28 February) or skip: forward (1 March)")
    }
}
