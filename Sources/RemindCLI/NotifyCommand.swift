import Delivery
import Foundation

/// `remindc notify`: shows one reminder now as a desktop notification with
/// its category's actions, and does what the person picks
/// (`DesktopReminder.notify`, in Delivery).
enum NotifyCommand: Command {
    static let minimal = OptionSpec(names: ["--minimal"], valueName: nil,
                                    help: "Offer the category's minimal actions (at most two), for servers that show few buttons.")

    static let spec = CommandSpec(
        name: "notify",
        abstract: "Show one reminder now as a desktop notification with its actions.",
        discussion: """
            Shows the reminder ID of the files as a desktop notification (notify-send through the session \
            bus): its title, its note as the body, the app name remindc, its category's actions as buttons and \
            its 'action:' label as the default action (--minimal: the category's 'minimal:' actions; a \
            server without the actions capability gets none, and the alert is shown without waiting). Its sound goes as the sound-file or sound-name hint when \
            the notification server plays sounds, otherwise through paplay or canberra-gtk-play. Then waits for \
            the choice: a 'snooze:' action shows it again after the snooze, a 'stops: true' action silences \
            this reminder's later alerts until 'remindc resume', and a 'run:' action runs its command once. A \
            stopped reminder is not shown. State and a log of failed deliveries are kept in \
            $XDG_STATE_HOME/remindc (default ~/.local/state/remindc). Exits with 0 when the notification was \
            shown (or the reminder is stopped), 1 when a file has an error or the notification cannot be shown, \
            and 2 for a usage error.
            """,
        options: [
            ReminderChoice.option(help: "The reminder to show."),
            minimal,
        ],
        argument: CommandSpec.paths
    )

    struct Options {
        var reminder: ReminderChoice
        var minimal: Bool
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        Options(reminder: try ReminderChoice(arguments, command: spec.name), minimal: arguments.flag(Self.minimal))
    }

    static func run(_ options: Options, invocation: Invocation) throws(UsageError) -> Outcome {
        try options.reminder.find(command: spec.name) { found in
            Outcome(found.notify(minimal: options.minimal, environment: invocation.environment, workingFolder: invocation.workingFolder))
        }
    }
}
