import Recurrence
import ReminderCheck
import ReminderModel

/// `remindc rules`: the checker's catalogue, or one rule with its examples.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the checker's rules, or explain one with its examples.",
        discussion: "Rule ids are fixed: name them in a file's 'lint: {disable: [...]}' or a reminder's 'ignore: [...]'.",
        options: [TimeOptions.nowOption],
        argument: (name: "rule", help: "A rule id, to explain that rule.", repeating: false),
        argumentIsOptional: true
    )

    /// The rule to explain, if one is named.
    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> RuleDescriptor? {
        // Every command takes --now (SPEC §2); the catalogue does not depend on it.
        _ = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        guard let id = arguments.positionals.first else { return nil }
        guard let rule = Rules.descriptors.first(where: { $0.id == id }) else {
            let suggestion = closest(to: id, in: Rules.descriptors.map(\.id))
            throw usageError("No rule is called '\(id)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
        }
        return rule
    }

    static func run(_ rule: RuleDescriptor?, invocation: Invocation) -> Outcome {
        let catalogue = Rules.descriptors
        guard let rule else {
            let width = catalogue.map(\.id.count).max() ?? 0
            var text = ""
            for rule in catalogue {
                text +=
                    rule.id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + rule.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary + "\n"
            }
            return Outcome(stdout: text)
        }
        var text = "\(rule.id): \(rule.name) (\(rule.severity.rawValue))\n\n\(rule.summary)\n\n\(rule.rationale)\n"
        if !rule.triggering.isEmpty {
            text += "\nTriggers (↓ marks where it reports):\n"
            for example in rule.triggering { text += "\n" + indent(example) }
        }
        if !rule.nonTriggering.isEmpty {
            text += "\nDoes not trigger:\n"
            for example in rule.nonTriggering { text += "\n" + indent(example) }
        }
        return Outcome(stdout: text)
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
    }
}
