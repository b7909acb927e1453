import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// Everything a rule may look at for one file, computed once and shared:
/// the model, the plain values YAML 1.1 reads otherwise, the schedules, and one sweep over the merged
/// occurrences of every reminder in the horizon.
///
/// Rules run concurrently: everything here is immutable after `init`, except
/// the sweep, which the first rule to ask runs under a lock.
package final class CheckContext: @unchecked Sendable {
    package let file: ReminderFile
    /// Plain values YAML 1.1 tools read as something other than text.
    package let implicitlyTyped: [YAML11.TypedScalar]
    /// The folder sound files are read relative to: the file's, as its
    /// path gives it (relative when the path is).
    package let folder: URL
    /// The horizon: `[now, now + horizon)`, instants.
    package let now: Instant
    package let end: Instant
    /// Where floating reminders are placed.
    package let floatingZone: TimeZone
    /// The outputs the file goes to: `check --for` and the file's own
    /// `lint.targets`.
    package let targets: Set<OutputTarget>
    package let schedules: [Schedule]
    /// Per reminder, what the rules ask first (`ReminderDigest`).
    let digests: [ReminderDigest]
    /// What the rules may run on (`Checker` runs them side by side with two threads or more).
    package let parallelism: Parallelism

    package init(
        _ scheduled: ScheduledFile, implicitlyTyped: [YAML11.TypedScalar] = [], now: Instant, horizon: Int,
        targets: Set<OutputTarget> = []
    ) {
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
        digests = Concurrently.map(reminders.count, chunk: 4_096, threads: parallelism.threads) {
            ReminderDigest(reminders[$0], schedules[$0])
        }
    }

    /// The context of a file, its schedules made here.
    package convenience init(
        file: ReminderFile, implicitlyTyped: [YAML11.TypedScalar] = [], now: Instant, horizon: Int, floatingZone: TimeZone,
        targets: Set<OutputTarget> = [], parallelism: Parallelism = .sequential
    ) {
        self.init(
            ScheduledFile(file, floatingZone: floatingZone, parallelism: parallelism), implicitlyTyped: implicitlyTyped, now: now,
            horizon: horizon, targets: targets)
    }

    /// The context of a file as far as it decoded (`LoadResult.decoded`),
    /// errors or not, its schedules made here unless `scheduled` has them;
    /// nil for a file without a root mapping.
    package convenience init?(_ result: LoadResult, scheduled: ScheduledFile? = nil, options: Checker.Options) {
        guard let file = result.decoded else { return nil }
        self.init(
            scheduled ?? ScheduledFile(file, floatingZone: options.floatingZone, parallelism: options.parallelism),
            implicitlyTyped: result.implicitlyTyped,
            now: options.now, horizon: options.horizon)
    }

    /// This context without the reminders at `indices`.
    func leavingOut(_ indices: [Int]) -> CheckContext {
        CheckContext(
            file: file.leavingOut(indices), implicitlyTyped: implicitlyTyped, now: now, horizon: end.seconds(since: now),
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

    /// A finding of `message` at `span`, about reminder `index` (and its
    /// `alert`).
    func finding(
        _ message: Message, at span: SourceSpan, reminder: Int? = nil, alert: Instant? = nil,
        notes: [Diagnostic.Note] = []
    ) -> Finding {
        Finding(Diagnostic(message, file: file.path, span: span, notes: notes), reminder: reminder, alert: alert)
    }
}
