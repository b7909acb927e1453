import Foundation
import Recurrence
import ReminderModel

/// Runs every rule of the catalogue over a decoded file.
public enum Checker {
    public struct Options: Sendable {
        /// "Now", seconds since 1970 UTC; the horizon starts here.
        public var now: Int
        /// How far ahead the schedule rules look, in seconds.
        public var horizon: Int
        /// Where floating reminders are placed.
        public var floatingZone: TimeZone

        public init(now: Int, horizon: Int = 365 * 86_400, floatingZone: TimeZone) {
            self.now = now
            self.horizon = horizon
            self.floatingZone = floatingZone
        }
    }

    /// The findings of every rule for a file that decoded without errors,
    /// less those `lint.disable` and `ignore:` switch off, plus warnings for
    /// rule ids those lists name that do not exist.
    public static func check(_ result: LoadResult, options: Options, rules: [any CheckRule.Type] = Rules.all) -> [Diagnostic] {
        guard let file = result.file else { return [] }
        let context = CheckContext(file: file, implicitlyTyped: result.implicitlyTyped, now: options.now, horizon: options.horizon,
                                   floatingZone: options.floatingZone)
        let disabled = Set(file.lint.disabledRules)
        var diagnostics: [Diagnostic] = []
        for rule in rules where !disabled.contains(rule.descriptor.id) {
            for finding in rule.check(context) {
                if let index = finding.reminder, file.reminders[index].ignoredRules.contains(finding.diagnostic.id) { continue }
                diagnostics.append(finding.diagnostic)
            }
        }
        let known = Rules.descriptors.map(\.id)
        let named = zip(file.lint.disabledRules, file.lint.disabledRuleSpans)
            + file.reminders.flatMap { zip($0.ignoredRules, $0.ignoredRuleSpans) }
        for (id, span) in named where !known.contains(id) {
            diagnostics.append(Diagnostic(.unknownRule(id, suggestion: closest(to: id, in: known)), file: file.path, span: span))
        }
        return Diagnostic.sortedForReport(diagnostics)
    }
}
