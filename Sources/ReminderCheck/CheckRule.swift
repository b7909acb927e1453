import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// A checker rule: a small type that describes itself (its `descriptor`,
/// with the YAML examples that do and do not trigger it) and checks one
/// file. The examples are its tests: `RuleExampleTests` runs every rule's.
package protocol CheckRule: Sendable {
    static var descriptor: RuleDescriptor { get }
    /// True for rules that read `CheckContext.sweep`: the checker starts one
    /// of them first, so the sweep runs while other rules run beside it.
    static var readsSweep: Bool { get }
    /// False for rules that read no reminder's times (its sounds, its
    /// category): they check reminders whose times had an error too.
    static var readsTimes: Bool { get }
    /// The outputs the rule is about, when it is about some only (a UID
    /// domain for a calendar): it runs when the file goes to one of them
    /// (`check --for`, `lint.targets`), and the command writing that output
    /// says what it finds (`OutputTarget.findings`). Empty for a rule of
    /// every file.
    static var outputs: Set<OutputTarget> { get }
    static func check(_ context: CheckContext) -> [Finding]
}

extension CheckRule {
    package static var readsSweep: Bool { false }
    package static var readsTimes: Bool { true }
    package static var outputs: Set<OutputTarget> { [] }
}
