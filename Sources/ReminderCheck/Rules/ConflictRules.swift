import Recurrence
import ReminderModel

private let header = "timezone: Europe/Berlin\n"

/// Two reminders fire at the same instant.
enum SameTimeRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "same-time", name: "Same time",
        summary: "Two reminders fire at the same instant.",
        rationale: "Alerts that arrive together hide each other: a phone shows one banner and stacks the rest.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                  - {id: pills, title: Pills, at: ↓2026-12-02 16:00, repeat: daily}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                  - {id: pills, title: Pills, at: 2026-12-01 16:05, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.sweep.sameTime.sorted { $0.key < $1.key }.map { index, hit in
            let reminder = context.file.reminders[index], other = context.file.reminders[hit.other]
            return context.finding(
                sameTime(reminder.id, other.id, first: Clock.text(hit.instant, reminder, context)),
                at: reminder.spans.start, reminder: index, alert: hit.instant,
                notes: [Diagnostic.Note("'\(other.id)' is here", at: other.spans.start)])
        }
    }
}

/// Two reminders fire closer together than `lint.min-gap`.
enum TooCloseRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "too-close", name: "Too close",
        summary: "Two reminders fire closer together than `lint.min-gap`.",
        rationale: "Alerts a minute apart interrupt twice for what could be one interruption.",
        severity: .warning,
        triggering: [
            header + """
                lint: {min-gap: 10m}
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                  - {id: pills, title: Pills, at: ↓2026-12-01 16:05, repeat: daily}
                """
        ],
        nonTriggering: [
            header + """
                lint: {min-gap: 5m}
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                  - {id: pills, title: Pills, at: 2026-12-01 16:05, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.sweep.tooClose.sorted { $0.key < $1.key }.map { index, hit in
            let reminder = context.file.reminders[index], other = context.file.reminders[hit.other]
            return context.finding(
                tooClose(reminder.id, other.id, gap: hit.gap, first: Clock.text(hit.instant, reminder, context)),
                at: reminder.spans.start, reminder: index, alert: hit.instant,
                notes: [Diagnostic.Note("'\(other.id)' is here", at: other.spans.start)])
        }
    }
}

/// An alert inside `lint.quiet-hours`.
enum QuietHoursRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "quiet-hours", name: "Quiet hours",
        summary: "A reminder fires inside `lint.quiet-hours`.",
        rationale: "An alert at night wakes someone, or is silenced by Focus and missed.",
        severity: .warning,
        triggering: [
            header + """
                lint: {quiet-hours: "22:00-07:00"}
                reminders:
                  - {id: late, title: Late, at: ↓2026-12-01 23:30, repeat: weekly}
                """
        ],
        nonTriggering: [
            header + """
                lint: {quiet-hours: "22:00-07:00"}
                reminders:
                  - {id: evening, title: Evening, at: 2026-12-01 21:30, repeat: weekly}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.sweep.quiet.sorted { $0.key < $1.key }.map { index, first in
            let reminder = context.file.reminders[index]
            return context.finding(
                inQuietHours(reminder.id, first: "\(first.shown.date) at \(first.shown.time.description.prefix(5))"),
                at: reminder.spans.start, reminder: index, alert: first.instant)
        }
    }
}

/// More alerts in an hour than `lint.max-per-hour`.
enum TooManyPerHourRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "too-many-per-hour", name: "Too many per hour",
        summary: "More alerts fall in one hour than `lint.max-per-hour`.",
        rationale: "A burst of alerts trains people to ignore them all.",
        severity: .warning,
        triggering: [
            header + """
                lint: {max-per-hour: 2}
                reminders:
                  - {id: a, title: A, at: 2026-12-01 09:00, repeat: daily}
                  - {id: b, title: B, at: 2026-12-01 09:20, repeat: daily}
                  - {id: c, title: C, at: ↓2026-12-01 09:40, repeat: daily}
                """
        ],
        nonTriggering: [
            header + """
                lint: {max-per-hour: 3}
                reminders:
                  - {id: a, title: A, at: 2026-12-01 09:00, repeat: daily}
                  - {id: b, title: B, at: 2026-12-01 09:20, repeat: daily}
                  - {id: c, title: C, at: 2026-12-01 09:40, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        guard let hit = context.sweep.overLimit, let maximum = context.file.lint.maximumPerHour else { return [] }
        let reminder = context.file.reminders[hit.reminder]
        return [
            context.finding(
                tooMany(hit.count, endingWith: reminder.id, at: Clock.text(hit.instant, reminder, context), maximum: maximum),
                at: reminder.spans.start, reminder: hit.reminder, alert: hit.instant)
        ]
    }
}

/// Wall-clock times a daylight-saving change skips.
enum DaylightSavingGapRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "dst-gap", name: "Daylight-saving gap",
        summary: "An occurrence's wall-clock time does not exist on a day clocks go forward; it fires later.",
        rationale: "02:30 on a spring-forward night fires at 03:30 (RFC 5545), which may not be what the reminder is for.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: night, title: Night pill, at: ↓2027-03-20 02:30, repeat: daily}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: night, title: Night pill, at: 2027-03-20 03:30, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.sweep.gaps.sorted { $0.key < $1.key }.map { index, dates in
            let reminder = context.file.reminders[index]
            return context.finding(
                inGap(reminder.id, zone: "\(reminder.timeZone)", dates: dates, everyHour: reminder.repeatsWithinADay),
                at: reminder.spans.start, reminder: index)
        }
    }
}

/// Wall-clock times a daylight-saving change repeats.
enum DaylightSavingRepeatRule: CheckRule {
    static let readsSweep = true
    static let descriptor = RuleDescriptor(
        id: "dst-repeat", name: "Daylight-saving repeat",
        summary: "An occurrence's wall-clock time happens twice on a day clocks go back; it fires the first time only.",
        rationale: "01:30 on a fall-back night exists twice; remindc fires at the first, as RFC 5545 says, which may surprise.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: night, title: Night pill, at: ↓2027-10-25 02:30, repeat: daily}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: night, title: Night pill, at: 2027-10-25 03:30, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.sweep.folds.sorted { $0.key < $1.key }.map { index, dates in
            let reminder = context.file.reminders[index]
            return context.finding(
                inRepeatedHour(reminder.id, zone: "\(reminder.timeZone)", dates: dates, everyHour: reminder.repeatsWithinADay),
                at: reminder.spans.start, reminder: index)
        }
    }
}

/// Turns an alert instant into the reminder's wall clock, for messages.
enum Clock {
    static func text(_ instant: Instant, _ reminder: Reminder, _ context: CheckContext) -> String {
        let zone = reminder.timeZone == .floating ? context.floatingZone : reminder.timeZone.foundationZone
        let local = WallClock.local(at: instant, in: zone)
        return "\(local.date) \(local.time.description.prefix(5))"
    }
}

// MARK: SameTimeRule's messages

extension SameTimeRule {
    static func sameTime(_ reminder: String, _ other: String, first: String) -> Message {
        descriptor.message(
            "'\(reminder)' fires at the same time as '\(other)', first at \(first)",
            hint: "move one of them, or add both to one reminder")
    }
}

// MARK: TooCloseRule's messages

extension TooCloseRule {
    static func tooClose(_ reminder: String, _ other: String, gap: Int, first: String) -> Message {
        descriptor.message(
            "'\(reminder)' fires \(NominalDuration(seconds: gap)) after '\(other)', less than lint.min-gap, first at \(first)",
            hint: "move one of them, or lower lint.min-gap")
    }
}

// MARK: QuietHoursRule's messages

extension QuietHoursRule {
    static func inQuietHours(_ reminder: String, first: String) -> Message {
        descriptor.message(
            "'\(reminder)' fires inside the quiet hours, first on \(first)", hint: "move it out of lint.quiet-hours, or add it to 'ignore'")
    }
}

// MARK: TooManyPerHourRule's messages

extension TooManyPerHourRule {
    static func tooMany(_ count: Int, endingWith reminder: String, at time: String, maximum: Int) -> Message {
        descriptor.message(
            "\(count) alerts fall within an hour ending with '\(reminder)' at \(time); lint.max-per-hour is \(maximum)",
            hint: "spread the reminders out, or raise lint.max-per-hour")
    }
}

// MARK: DaylightSavingGapRule's messages

extension DaylightSavingGapRule {
    /// `everyHour`: the reminder repeats hourly or more often, so no time
    /// of day keeps it out of the hour.
    static func inGap(_ reminder: String, zone: String, dates: [String], everyHour: Bool = false) -> Message {
        descriptor.message(
            "'\(reminder)' falls in a daylight-saving gap of \(zone) on \(dates.joined(separator: ", ")): it fires the same time after the change",
            hint: everyHour ? Reminder.everyHourAdvice("dst-gap") : "move it out of the hour the clocks skip")
    }
}

extension Reminder {
    /// Whether it repeats hourly or more often, stepping through every hour of the day.
    var repeatsWithinADay: Bool { self.repeats.map { $0.rule.frequency < .daily } ?? false }

    /// What to do about a change of the clocks that a reminder repeating
    /// every hour or more often cannot be moved out of.
    static func everyHourAdvice(_ rule: String) -> String {
        "a repeat every hour or more often steps through every hour, so no time keeps it out; "
            + "write timezone: UTC to step evenly through the change, or add \(rule) to its ignore: if this is what you want"
    }
}

// MARK: DaylightSavingRepeatRule's messages

extension DaylightSavingRepeatRule {
    static func inRepeatedHour(_ reminder: String, zone: String, dates: [String], everyHour: Bool = false) -> Message {
        descriptor.message(
            "'\(reminder)' falls in an hour \(zone) repeats on \(dates.joined(separator: ", ")): it fires the first time only",
            hint: everyHour ? Reminder.everyHourAdvice("dst-repeat") : "move it out of the hour the clocks repeat")
    }
}
