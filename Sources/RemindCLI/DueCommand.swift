import Delivery

/// `remindc due`: whether one of a reminder's alerts is now, for a timer's
/// `ExecCondition=`.
enum DueCommand: Command {
    static let spec = CommandSpec(
        name: "due",
        abstract: "Exit 0 when one of a reminder's alerts is now: the guard of 'remindc systemd' timers.",
        discussion: """
            Exits with 0 when the reminder ID has an alert to show and is not stopped: an alert (its occurrence \
            less 'before') within the 30 seconds before --now or the 2 after, or one missed while the machine \
            slept or was off, within the reminder's 'grace:' (default 4h) and after the last alert 'notify \
            --from-timer' showed ($XDG_STATE_HOME/remindc/shown); 1 otherwise or when a file has an error, and \
            2 for a usage error. Floating reminders are read in the machine's zone (--zone).
            """,
        options: [
            ReminderChoice.option(help: "The reminder."),
            TimeOptions.zoneOption,
            TimeOptions.nowOption,
        ],
        argument: CommandSpec.paths
    )

    struct Options {
        var reminder: ReminderChoice
        var time: TimeOptions
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        return Options(reminder: try ReminderChoice(arguments, command: spec.name), time: time)
    }

    static func run(_ options: Options, invocation: Invocation) throws(UsageError) -> Outcome {
        try options.reminder.find(command: spec.name) { found in
            Outcome(found.due(at: options.time.now, floatingZone: options.time.zone, environment: invocation.environment))
        }
    }
}
