import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// What `remindc check` decides, whole, for a set of files: each file's
/// rules (as far as it decoded), the own checks of the outputs it goes to,
/// and the checks across files. The command, the rule tests and a library
/// user all call this.
///
/// Files are checked one at a time (`check(_:scheduled:release:)`), so a
/// caller reading a folder need hold only one file's model; the checks
/// across files (`acrossFiles(release:)`) come once all are checked.
package struct CheckRun {
    package struct Options: Sendable {
        package var checker: Checker.Options
        /// The outputs whose own checks run for every file (`--for`); a
        /// file's `lint: {targets: [...]}` adds its own.
        package var targets: Set<OutputTarget>
        /// The severities reported. Without warnings the sweep across
        /// files, which finds only warnings, is left out.
        package var severities: Set<Severity>
        /// What relative sound and command paths are read from.
        package var workingFolder: String

        package init(
            checker: Checker.Options, targets: Set<OutputTarget> = [], severities: Set<Severity> = Set(Severity.allCases),
            workingFolder: String
        ) {
            self.checker = checker
            self.targets = targets
            self.severities = severities
            self.workingFolder = workingFolder
        }
    }

    package let options: Options
    /// Every file checked so far, its reminders whose times are as written.
    private var timed: [ScheduledFile] = []

    package init(options: Options) {
        self.options = options
    }

    /// The findings for one file beyond those of its loading: its rules,
    /// the reminders whose times had an error left out of the rules that
    /// read times, and the checks of its outputs. `scheduled` is the file's
    /// schedules when it decoded without errors (made here otherwise);
    /// `release` is handed the rules' context once it has served, for the
    /// caller to free as it likes.
    package mutating func check(
        _ result: LoadResult, scheduled: ScheduledFile? = nil,
        release: (CheckContext) -> Void = { _ in }
    ) -> [Diagnostic] {
        guard let decoded = result.decoded else { return [] }
        let checker = options.checker
        let whole = scheduled ?? ScheduledFile(decoded, floatingZone: checker.floatingZone, parallelism: checker.parallelism)
        let context = CheckContext(
            whole, implicitlyTyped: result.implicitlyTyped, now: checker.now, horizon: checker.horizon,
            targets: options.targets)
        var found = Checker.check(context, leavingOutOfTimeRules: result.wrongTimes)
        release(context)
        // The outputs' own checks, for reminders whose times are as written.
        let timed =
            result.wrongTimes.isEmpty
            ? whole
            : ScheduledFile(decoded.leavingOut(result.wrongTimes), floatingZone: checker.floatingZone, parallelism: checker.parallelism)
        self.timed.append(timed)
        let targets = OutputTarget.allCases.filter { options.targets.contains($0) || decoded.lint.targets.contains($0) }
        var written = targets.isEmpty ? OutputTarget.sharedProblems(in: timed) : []
        for target in targets {
            written += target.problems(in: timed, hostZone: checker.floatingZone, now: checker.now, workingFolder: options.workingFolder)
        }
        if !written.isEmpty { found = Diagnostic.uniqueForReport(found + written) }
        return found.filter { options.severities.contains($0.severity) }
    }

    /// The findings across every file checked (none for one file), for
    /// `Diagnostic.merging`; `release` is handed the files kept for them.
    package mutating func acrossFiles(release: ([ScheduledFile]) -> Void = { _ in }) -> [Diagnostic] {
        let found = AcrossFiles.check(timed, options: options.checker, sweeping: options.severities.contains(.warning))
        release(timed)
        timed = []
        return found.filter { options.severities.contains($0.severity) }
    }

    /// Every diagnostic of `results` (loaded files, in input order) as
    /// `remindc check` reports them: each file's own, then those across
    /// files merged in, in report order.
    package static func check(_ results: [LoadResult], options: Options) -> [Diagnostic] {
        var run = CheckRun(options: options)
        var diagnostics: [Diagnostic] = []
        for result in results {
            let scheduled = result.file.map {
                ScheduledFile($0, floatingZone: options.checker.floatingZone, parallelism: options.checker.parallelism)
            }
            let own = result.diagnostics.filter { options.severities.contains($0.severity) }
            diagnostics += Diagnostic.sortedForReport(own + run.check(result, scheduled: scheduled))
        }
        let paths = results.compactMap { $0.decoded?.path }
        return Diagnostic.merging(run.acrossFiles(), into: diagnostics, fileOrder: paths)
    }
}

extension CheckRun {
    /// A finding of the checker at one alert of one reminder of a set of
    /// files: what a view shows at that alert.
    package struct AlertFinding: Sendable {
        /// The file's index in the set, and the reminder's in the file.
        package var file: Int
        package var reminder: Int
        /// The first alert the finding is about.
        package var alert: Instant
        package var diagnostic: Diagnostic
    }

    /// The findings `check` reports for `files` (files without errors,
    /// checked together) that name an alert: each file's own and those
    /// across files, in no particular order. `options.now` and
    /// `options.horizon` are the span looked at.
    package static func alertFindings(in files: [ScheduledFile], options: Checker.Options) -> [AlertFinding] {
        var found: [AlertFinding] = []
        for (index, scheduled) in files.enumerated() {
            let context = CheckContext(scheduled, now: options.now, horizon: options.horizon)
            for finding in Checker.alertFindings(context) {
                guard let reminder = finding.reminder, let alert = finding.alert else { continue }
                found.append(AlertFinding(file: index, reminder: reminder, alert: alert, diagnostic: finding.diagnostic))
            }
        }
        guard files.count > 1 else { return found }
        for (finding, file) in AcrossFiles.conflictFindings(files, options: options).findings {
            guard let reminder = finding.reminder, let alert = finding.alert else { continue }
            found.append(AlertFinding(file: file, reminder: reminder, alert: alert, diagnostic: finding.diagnostic))
        }
        return found
    }
}
