import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// A checker rule: a small type that describes itself (its `descriptor`,
/// with the YAML examples that do and do not trigger it) and checks one
/// file. The examples are its tests: `RuleExampleTests` runs every rule's.
public protocol CheckRule: Sendable {
    static var descriptor: RuleDescriptor { get }
    /// True for rules that read `CheckContext.sweep`: the checker starts one
    /// of them first, so the sweep runs while other rules run beside it.
    static var readsSweep: Bool { get }
    /// False for rules that read no reminder's times (its sounds, its
    /// category): they check reminders whose times had an error too.
    static var readsTimes: Bool { get }
    static func check(_ context: CheckContext) -> [Finding]
}

extension CheckRule {
    public static var readsSweep: Bool { false }
    public static var readsTimes: Bool { true }
}

/// A rule's finding, with the reminder it is about (for `ignore:`).
public struct Finding: Sendable {
    public var diagnostic: Diagnostic
    /// The index of the reminder in the file, when the finding is about one.
    public var reminder: Int?

    public init(_ diagnostic: Diagnostic, reminder: Int? = nil) {
        self.diagnostic = diagnostic
        self.reminder = reminder
    }
}

/// Everything a rule may look at for one file, computed once and shared:
/// the model, the plain values YAML 1.1 reads otherwise, the schedules, and one sweep over the merged
/// occurrences of every reminder in the horizon.
///
/// Rules run concurrently: everything here is immutable after `init`, except
/// the sweep, which the first rule to ask runs under a lock.
public final class CheckContext: @unchecked Sendable {
    public let file: ReminderFile
    /// Plain values YAML 1.1 tools read as something other than text.
    public let implicitlyTyped: [YAML11.TypedScalar]
    /// The folder sound files are read relative to: the file's, as its
    /// path gives it (relative when the path is).
    public let folder: URL
    /// The horizon: `[now, now + horizon)`, instants.
    public let now: Instant
    public let end: Instant
    /// Where floating reminders are placed.
    public let floatingZone: TimeZone
    /// The outputs the file goes to: `check --for` and the file's own
    /// `lint.targets`.
    public let targets: Set<OutputTarget>
    public let schedules: [Schedule]
    /// Per reminder, what the rules ask first (`ReminderDigest`).
    let digests: [ReminderDigest]
    /// What the rules may run on (`Checker` runs them side by side with two threads or more).
    public let parallelism: Parallelism

    public init(_ scheduled: ScheduledFile, implicitlyTyped: [YAML11.TypedScalar] = [], now: Instant, horizon: Int,
                targets: Set<OutputTarget> = []) {
        file = scheduled.file
        self.targets = targets.union(scheduled.file.lint.targets)
        self.implicitlyTyped = implicitlyTyped
        self.folder = URL(fileURLWithPath: file.path).deletingLastPathComponent()
        self.now = now
        self.end = now.advanced(by: horizon)
        self.floatingZone = scheduled.floatingZone
        schedules = scheduled.schedules
        parallelism = scheduled.parallelism
        let reminders = file.reminders, schedules = schedules
        digests = Concurrently.map(reminders.count, chunk: 4_096, threads: parallelism.threads) { ReminderDigest(reminders[$0], schedules[$0]) }
    }

    /// The context of a file, its schedules made here.
    public convenience init(file: ReminderFile, implicitlyTyped: [YAML11.TypedScalar] = [], now: Instant, horizon: Int, floatingZone: TimeZone,
                            targets: Set<OutputTarget> = [], parallelism: Parallelism = .sequential) {
        self.init(ScheduledFile(file, floatingZone: floatingZone, parallelism: parallelism), implicitlyTyped: implicitlyTyped, now: now,
                  horizon: horizon, targets: targets)
    }

    /// The context of a file as far as it decoded (`LoadResult.decoded`),
    /// errors or not, its schedules made here unless `scheduled` has them;
    /// nil for a file without a root mapping.
    public convenience init?(_ result: LoadResult, scheduled: ScheduledFile? = nil, options: Checker.Options) {
        guard let file = result.decoded else { return nil }
        self.init(scheduled ?? ScheduledFile(file, floatingZone: options.floatingZone, parallelism: options.parallelism),
                  implicitlyTyped: result.implicitlyTyped,
                  now: options.now, horizon: options.horizon)
    }

    /// This context without the reminders at `indices`.
    func leavingOut(_ indices: [Int]) -> CheckContext {
        CheckContext(file: file.leavingOut(indices), implicitlyTyped: implicitlyTyped, now: now, horizon: end.seconds(since: now),
                     floatingZone: floatingZone, targets: targets, parallelism: parallelism)
    }

    private let sweepLock = NSLock()
    private var sweepResult: Sweep?

    /// Whether a rule asked for the sweep (for the test that keeps each
    /// rule's `readsSweep` true to what it does).
    var sweepWasRun: Bool {
        sweepLock.lock()
        defer { sweepLock.unlock() }
        return sweepResult != nil
    }

    /// The sweep over every reminder's alerts in the horizon, run on first
    /// use; a rule asking while it runs waits for it. Each use takes the
    /// lock: a rule reads it once, not per reminder.
    var sweep: Sweep {
        sweepLock.lock()
        defer { sweepLock.unlock() }
        if let sweepResult { return sweepResult }
        let made = Sweep(self)
        sweepResult = made
        return made
    }

    /// A finding of `message` at `span`, about reminder `index`.
    func finding(_ message: Message, at span: SourceSpan, reminder: Int? = nil, notes: [Diagnostic.Note] = []) -> Finding {
        Finding(Diagnostic(message, file: file.path, span: span, notes: notes), reminder: reminder)
    }
}

/// What the rules ask of every reminder before anything else, gathered in
/// one pass over the reminders and their schedules: a rule reads these in
/// order and fetches a reminder's own fields only when it has something to
/// look at closely. (A file of 100,000 reminders does not stay in the
/// cache; each rule fetching every reminder and schedule again took most
/// of the check.)
struct ReminderDigest: Sendable {
    /// Seconds an alert comes before its occurrence: the longest, when
    /// `before:` lists several.
    var lead: Int
    /// The other alerts' leads (`before: [1d, 15m]`); empty for one alert.
    var otherLeads: [Int]
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
        startWallClock = WallTime(schedule.start)
        frequency = schedule.rule?.frequency
        end = switch schedule.rule?.end {
        case nil: .noRepeat
        case .never?: .never
        case .count?: .count
        case .until?: .until
        }
        ruleNeedsSearch = schedule.rule.map { !$0.matchesEveryPeriod } ?? false
        ruleMayBeUnportable = schedule.rule.map { rule in
            (rule.calendar.map { $0 != "gregorian" } ?? false) || rule.frequency == .secondly || !rule.bySecond.isEmpty
        } ?? false
        hasAdditions = !schedule.additions.isEmpty
        hasCategory = reminder.category != nil
        hasExceptions = !schedule.exceptions.isEmpty
        hasIgnoredRules = !reminder.ignoredRules.isEmpty
        isFloatingWallClock = switch (reminder.timeZone, reminder.start) {
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

/// Every rule of the checker, in catalogue order: one list.
public enum Rules {
    public static let all: [any CheckRule.Type] = [
        SameTimeRule.self, TooCloseRule.self, QuietHoursRule.self, TooManyPerHourRule.self,
        DaylightSavingGapRule.self, DaylightSavingRepeatRule.self, NeverFiresRule.self, InThePastRule.self,
        UntilBeforeStartRule.self, ExceptMatchesNothingRule.self, DuplicateReminderRule.self,
        SnoozeCollidesRule.self, EndlessRepeatRule.self, LeapDayRule.self,
        TooManyActionsRule.self, UnusedCategoryRule.self, RedundantAuthenticationRule.self, StopWithoutRepeatRule.self, UIDDomainMissingRule.self,
        SoundMissingRule.self, SoundTooLongRule.self, SoundFormatRule.self,
        ClientSupportRule.self, YAML11TrapRule.self,
    ]

    /// Every id the catalogue knows: the checker's rules and the schema's.
    public static var descriptors: [RuleDescriptor] {
        all.map { $0.descriptor } + RuleDescriptor.schema.filter { schema in !all.contains { $0.descriptor.id == schema.id } }
    }
}
