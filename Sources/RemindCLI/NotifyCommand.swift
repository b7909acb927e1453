import Delivery
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc notify`: shows one reminder now as a desktop notification with
/// its category's actions, and does what the person picks: shows it again
/// after a snooze, stops a repeat, or runs an action's command.
///
/// The notification goes through the session's org.freedesktop.Notifications
/// service by `notify-send` (libnotify 0.8: `--action` and `--wait`), which
/// prints the key of the action picked. A snooze is waited out by this
/// process itself, which then shows the alert again: it needs no user
/// manager (a transient `systemd-run` timer would), and under `remindc
/// systemd` the service that runs it stays active meanwhile.
enum NotifyCommand {
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
            OptionSpec(names: ["--id"], valueName: "id", help: "The reminder to show.", isRequired: true),
            OptionSpec(names: ["--minimal"], valueName: nil,
                       help: "Offer the category's minimal actions (at most two), for servers that show few buttons."),
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        try DesktopReminder.with(arguments, command: spec.name) { found in
            Outcome(found.notify(minimal: arguments.flag("--minimal"), environment: invocation.environment,
                                 workingFolder: invocation.workingFolder))
        }
    }
}

/// `remindc resume`: lets a stopped reminder alert again.
enum ResumeCommand {
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
            OptionSpec(names: ["--id"], valueName: "id", help: "The reminder to resume.", isRequired: true),
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        try DesktopReminder.with(arguments, command: spec.name) { found in
            Outcome(found.resume(environment: invocation.environment))
        }
    }
}

extension DesktopReminder {
    /// `body` of the reminder `--id` names; what a file that cannot be read
    /// or has errors makes the command report, without `body`. A missing
    /// `--id`, or one no file has, is a usage error.
    static func with(_ arguments: ParsedArguments, command: String, _ body: (DesktopReminder) -> Outcome) throws(UsageError) -> Outcome {
        guard let id = arguments.value("--id") else { throw UsageError(message: "Missing expected option '--id <id>'", command: command) }
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<path> ...'", command: command) }
        let loaded: LoadedFiles
        switch LoadedFiles.load(arguments.positionals, floatingZone: TimeZone.current) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let matches = loaded.files.flatMap { scheduled in scheduled.file.reminders.filter { $0.id == id }.map { (scheduled.file, $0) } }
        guard let (file, reminder) = matches.first else {
            let ids = loaded.files.flatMap { $0.file.reminders.map(\.id) }
            let suggestion = closest(to: id, in: ids).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "no reminder '\(id)' in \(arguments.positionals.joined(separator: " "))\(suggestion)", command: command)
        }
        guard matches.count == 1 else {
            throw UsageError(message: "'\(id)' is a reminder of \(matches.count) files: give the one file", command: command)
        }
        return body(DesktopReminder(file: file, reminder: reminder))
    }
}

