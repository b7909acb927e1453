import Foundation
import Recurrence
import ReminderModel

/// Runs every rule of the catalogue over a decoded file: the rules' part
/// of `CheckRun`, which is what `remindc check` does whole.
package enum Checker {
    package struct Options: Sendable {
        /// "Now": the horizon starts here.
        package var now: Instant
        /// How far ahead the schedule rules look, in seconds.
        package var horizon: Int
        /// Where floating reminders are placed.
        package var floatingZone: TimeZone
        /// What the schedules and rules may run on.
        package var parallelism: Parallelism

        package init(now: Instant, horizon: Int = 365 * secondsPerDay, floatingZone: TimeZone, parallelism: Parallelism = .sequential) {
            self.now = now
            self.horizon = horizon
            self.floatingZone = floatingZone
            self.parallelism = parallelism
        }
    }

    /// `check(_:rules:)`, the reminders at `wrongTimes` (`LoadResult.wrongTimes`)
    /// left out of the rules that read times: a reminder whose repeat had an
    /// error is still checked for its sound, not for when it fires.
    package static func check(
        _ context: CheckContext, leavingOutOfTimeRules wrongTimes: [Int],
        rules: [any CheckRule.Type] = Rules.all
    ) -> [Diagnostic] {
        guard !wrongTimes.isEmpty else { return check(context, rules: rules) }
        let timed = context.leavingOut(wrongTimes)
        let found = check(context, rules: rules.filter { !$0.readsTimes }) + check(timed, rules: rules.filter { $0.readsTimes })
        // Both report the same unknown ids of `lint.disable`.
        return Diagnostic.uniqueForReport(found)
    }

    /// The findings of every rule, less those `lint.disable` and `ignore:`
    /// switch off, plus warnings for rule ids those lists name that do not
    /// exist; sorted for the report.
    package static func check(_ context: CheckContext, rules: [any CheckRule.Type] = Rules.all) -> [Diagnostic] {
        let file = context.file
        let disabled = Set(file.lint.disabledRules)
        var diagnostics: [Diagnostic] = []
        forEachFinding(context, rules: rules) { diagnostics.append($0.diagnostic) }
        if context.sweepWasRun, let cut = context.sweep.cut, !disabled.contains(SchemaRule.horizonCut.rawValue) {
            diagnostics.append(horizonCut(cut, sweep: context.sweep, reminders: file.reminders, path: file.path, context: context))
        }
        let known = Rules.descriptors.map(\.id)
        var named = Array(zip(file.lint.disabledRules, file.lint.disabledRuleSpans))
        for index in context.digests.indices where context.digests[index].hasIgnoredRules {
            named += zip(file.reminders[index].ignoredRules, file.reminders[index].ignoredRuleSpans)
        }
        for (id, span) in named where !known.contains(id) {
            diagnostics.append(Diagnostic(.unknownRule(id, suggestion: closest(to: id, in: known)), file: file.path, span: span))
        }
        return Diagnostic.sortedForReport(diagnostics)
    }

    /// The findings of `rules` about `context`, less those `lint.disable`
    /// and `ignore:` switch off, in the rules' order; without the checks of
    /// `check` as a whole (rule ids that do not exist, a horizon cut).
    package static func findings(_ context: CheckContext, rules: [any CheckRule.Type]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        forEachFinding(context, rules: rules) { found.append($0.diagnostic) }
        return found
    }

    /// The findings of `rules` about `context` that say at which alert
    /// (`Finding.alert`), less those `lint.disable` and `ignore:` switch
    /// off, in the rules' order: what the views show at each alert.
    package static func alertFindings(_ context: CheckContext, rules: [any CheckRule.Type] = Rules.all) -> [Finding] {
        var found: [Finding] = []
        forEachFinding(context, rules: rules.filter { $0.readsSweep }) { if $0.alert != nil { found.append($0) } }
        return found
    }

    /// Hands each finding of the rules `lint.disable` leaves on to `body`,
    /// in the rules' order, less those the reminder's `ignore:` names.
    private static func forEachFinding(_ context: CheckContext, rules: [any CheckRule.Type], _ body: (Finding) -> Void) {
        let file = context.file
        let disabled = Set(file.lint.disabledRules)
        let enabled = rules.filter { !disabled.contains($0.descriptor.id) }
        for findings in runConcurrently(enabled, context) {
            // Looked at in place: a finding is copied once.
            for position in findings.indices {
                if let index = findings[position].reminder, context.digests[index].hasIgnoredRules,
                    file.reminders[index].ignoredRules.contains(findings[position].diagnostic.id)
                {
                    continue
                }
                body(findings[position])
            }
        }
    }

    /// What a sweep cut short of the horizon says: where it stopped, at
    /// the repeat of the reminder that alerts most.
    static func horizonCut(
        _ cut: (at: Instant, alerts: Int, busiest: Int), sweep: Sweep, reminders: [Reminder], path: String,
        context: CheckContext
    ) -> Diagnostic {
        let reminder = reminders[cut.busiest]
        return Diagnostic(
            .horizonCut(
                at: Clock.text(cut.at, reminder, context), alerts: cut.alerts, busiest: reminder.id,
                busiestAlerts: sweep.counts[cut.busiest]),
            file: path, span: reminder.spans.repeats ?? reminder.spans.start)
    }

    /// Each rule's findings, in the order of `rules`, the rules run side by
    /// side when the context's parallelism allows. The first rule that
    /// reads the sweep starts first, so the sweep runs beside the rules that
    /// do not need it; the other sweep rules come last, when it is ready.
    private static func runConcurrently(_ rules: [any CheckRule.Type], _ context: CheckContext) -> [[Finding]] {
        guard context.parallelism.threads > 1 else { return rules.map { $0.check(context) } }
        let sweepRules = rules.indices.filter { rules[$0].readsSweep }
        let others = rules.indices.filter { !rules[$0].readsSweep }
        let order = Array(sweepRules.prefix(1)) + others + sweepRules.dropFirst()
        let results = Results(count: rules.count)
        DispatchQueue.concurrentPerform(iterations: order.count) { step in
            let index = order[step]
            results.set(index, rules[index].check(context))
        }
        return results.all
    }
}

/// One slot of findings per rule, filled from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[Finding]]

    init(count: Int) {
        slots = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ findings: [Finding]) {
        lock.lock()
        slots[index] = findings
        lock.unlock()
    }

    var all: [[Finding]] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
