import Delivery

/// `remindc resume`: lets a stopped reminder alert again.
enum ResumeCommand: Command {
    static let spec = CommandSpec(
        name: "resume",
        abstract: "Let a reminder a 'stops' action stopped alert again.",
        discussion: """
            Removes the reminder ID of the files from $XDG_STATE_HOME/remindc/stopped, where 'remindc notify' \
            records a reminder whose 'stops: true' action was picked; its next alert is shown. Exits with 0 \
            (also when it was not stopped), 1 when a file has an error or the state cannot be written, and 2 for \
            a usage error.
            """,
        options: [
            ReminderChoice.option(help: "The reminder to resume.")
        ],
        argument: CommandSpec.paths
    )

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> ReminderChoice {
        try ReminderChoice(arguments, command: spec.name)
    }

    static func run(_ choice: ReminderChoice, invocation: Invocation) throws(UsageError) -> Outcome {
        try choice.find(command: spec.name) { found in
            Outcome(found.resume(environment: invocation.environment))
        }
    }
}
