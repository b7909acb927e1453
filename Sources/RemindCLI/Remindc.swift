import Delivery
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// The `remindc` command: parses arguments and dispatches to a subcommand.
package enum Remindc {
    static let abstract =
        "A reminder compiler: checks reminder files written in YAML, reports every problem at its line and column, expands their repeats, and delivers them as iCalendar, a crontab, systemd timers with desktop alerts, or a CalDAV calendar kept in step."

    /// What the libraries may run on: every core. The one place remindc
    /// decides it; the libraries work on the calling thread unless told.
    static let parallelism = Parallelism.allCores

    /// Every subcommand, in the order help lists them.
    static let commands: [any Command.Type] = [
        CheckCommand.self, ExpandCommand.self, IcsCommand.self, CrontabCommand.self, RulesCommand.self, NotifyCommand.self,
        ResumeCommand.self, SystemdCommand.self, DueCommand.self, PublishCommand.self, AgendaCommand.self, CalendarCommand.self,
        ImportCommand.self, HolidaysCommand.self, SchemaCommand.self,
        CompletionsCommand.self,
        ManualCommand.self,
    ]

    static var specs: [CommandSpec] { commands.map { $0.spec } }

    package static func run(_ invocation: Invocation) -> Outcome {
        var arguments = invocation.arguments
        guard let first = arguments.first else {
            return Outcome(stderr: topLevelHelp, status: 2)
        }
        switch first {
        case "-h", "--help":
            return Outcome(stdout: topLevelHelp)
        case "--version":
            return Outcome(stdout: RemindcVersion.string + "\n" + invocation.build.text)
        case "help":
            return help(Array(arguments.dropFirst()))
        default:
            break
        }
        arguments.removeFirst()
        do throws(UsageError) {
            if let command = commands.first(where: { $0.spec.name == first }) {
                return try command.main(arguments, invocation: invocation)
            }
            if first.hasPrefix("-") {
                throw UsageError(message: "Unknown option '\(first)'", command: nil)
            }
            let suggestion = closest(to: first, in: specs.map(\.name))
            throw UsageError(
                message: "Unknown subcommand '\(first)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""),
                command: nil
            )
        } catch {
            return usageFailure(error)
        }
    }

    /// `Error: …`, `Usage: …`, `See 'remindc help …' for more information.`, status 2.
    static func usageFailure(_ error: UsageError) -> Outcome {
        let spec = error.command.flatMap { name in specs.first { $0.name == name } }
        var text = "Error: \(TerminalText.visible(error.message))\n"
        text += "Usage: \(spec?.usage ?? "remindc <subcommand>")\n"
        text += "  See 'remindc help\(spec.map { " " + $0.name } ?? "")' for more information.\n"
        return Outcome(stderr: text, status: 2)
    }

    static func help(_ arguments: [String]) -> Outcome {
        guard let name = arguments.first else { return Outcome(stdout: topLevelHelp) }
        // `remindc help --help` and `help -h` ask about help itself.
        if name == "help" || name == "--help" || name == "-h" { return Outcome(stdout: helpHelp) }
        guard let spec = specs.first(where: { $0.name == name }) else {
            return usageFailure(UsageError(message: "Unknown subcommand '\(name)'", command: nil))
        }
        return Outcome(stdout: spec.help)
    }

    /// `remindc help`, which is not a runner: it reads the others' specs.
    static let helpSpec = CommandSpec(
        name: "help",
        abstract: "Show subcommand help information.",
        options: [],
        argument: (name: "subcommand", help: "The subcommand to show help for (default: the list of subcommands).", repeating: false),
        argumentIsOptional: true
    )

    /// `remindc help help`.
    static var helpHelp: String { helpSpec.help }

    static var topLevelHelp: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: remindc <subcommand>\n\nOPTIONS:\n"
        text += HelpLayout.row("--version", "Show the version.")
        text += HelpLayout.row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in specs {
            text += HelpLayout.row(command.name, command.abstract)
        }
        text += HelpLayout.row(helpSpec.name, helpSpec.abstract)
        text += "\n  See 'remindc help <subcommand>' for detailed help.\n"
        return text
    }
}
