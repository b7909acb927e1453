import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// What the rules ask of every reminder before anything else, gathered in
/// one pass over the reminders and their schedules: a rule reads these in
/// order and fetches a reminder's own fields only when it has something to
/// look at closely. (A file of 100,000 reminders does not stay in the
/// cache; each rule fetching every reminder and schedule again took most
/// of the check.)
struct ReminderDigest: Sendable {
    /// Seconds an alert comes before its occurrence: the longest, when
    /// `before:` lists several (for a lead in working days, the most it can
    /// be: `Reminder.wallClockLeads`).
    var lead: Int
    /// The other alerts' leads (`before: [1d, 15m]`); empty for one alert.
    var otherLeads: [Int]
    /// Whether a lead is in working days, so that each alert is read from
    /// its occurrence's day.
    var countsWorkingDays: Bool
    /// The start's wall-clock time: the first occurrence is less than two
    /// days from it, however the zone reads it.
    var startWallClock: WallTime
    /// The repeat rule's frequency, and how it ends; nil without a rule.
    /// (What a rule needs beyond these, it reads from the schedule: the
    /// digest holds no reference to the rule, which many reminders share
    /// and two threads counting references to would pass between them.)
    var frequency: RecurrenceRule.Frequency?
    var end: End
    /// A rule that does not hold an instance in every period
    /// (`RecurrenceRule.matchesEveryPeriod`): only a search tells whether
    /// it ever matches.
    var ruleNeedsSearch: Bool
    /// A rule in another calendar than the Gregorian, or with seconds:
    /// what many calendar clients ignore (client-support).
    var ruleMayBeUnportable: Bool
    var hasAdditions: Bool
    var hasCategory: Bool
    var hasExceptions: Bool
    var hasIgnoredRules: Bool
    /// A floating reminder starting at a wall-clock time (not a date or an
    /// instant).
    var isFloatingWallClock: Bool

    /// How a repeat ends.
    enum End: UInt8, Sendable {
        case noRepeat, never, count, until
    }

    /// The most any reading of a wall-clock time is from it, and more.
    static let offsetBound = 2 * secondsPerDay

    init(_ reminder: Reminder, _ schedule: Schedule) {
        let leads = reminder.wallClockLeads.sorted(by: >)
        lead = leads[0]
        otherLeads = Array(leads.dropFirst())
        countsWorkingDays = reminder.hasWorkingDayLead
        startWallClock = WallTime(schedule.start)
        frequency = schedule.rule?.frequency
        end =
            switch schedule.rule?.end {
            case nil: .noRepeat
            case .never?: .never
            case .count?: .count
            case .until?: .until
            }
        ruleNeedsSearch = schedule.rule.map { !$0.matchesEveryPeriod } ?? false
        ruleMayBeUnportable =
            schedule.rule.map { rule in
                (rule.calendar.map { $0 != "gregorian" } ?? false) || rule.frequency == .secondly || !rule.bySecond.isEmpty
            } ?? false
        hasAdditions = !schedule.additions.isEmpty
        hasCategory = reminder.category != nil
        hasExceptions = !schedule.exceptions.isEmpty
        hasIgnoredRules = !reminder.ignoredRules.isEmpty
        isFloatingWallClock =
            switch (reminder.timeZone, reminder.start) {
            case (.floating, .local): true
            default: false
            }
    }

    /// An instant none of the alerts comes before. Every occurrence is at
    /// or after the start's wall-clock time, read with an offset of less
    /// than two days; an addition (`also:`) may come earlier.
    var alertFloor: Instant {
        hasAdditions ? Instant(secondsSince1970: .min) : startWallClock.instant(offset: Self.offsetBound + lead)
    }
}
