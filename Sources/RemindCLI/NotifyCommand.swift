import Delivery
import Foundation
import Recurrence

/// `remindc notify`: shows one reminder now as a desktop notification with
/// its category's actions, and does what the person picks
/// (`DesktopReminder.notify`, in Delivery).
enum NotifyCommand: Command {
    static let minimal = OptionSpec(
        names: ["--minimal"], valueName: nil,
        help: "Offer the category's minimal actions (at most two), for servers that show few buttons.")
    static let fromTimer = OptionSpec(
        names: ["--from-timer"], valueName: nil,
        help: "As a 'remindc systemd' timer runs it: show the alert due now, or the ones missed, in a unit of its own.")
    static let missed = OptionSpec(
        names: ["--missed"], valueName: "n", help: "Say that this many alerts were missed (--from-timer passes it).")
    static let serverWait = OptionSpec(
        names: ["--server-wait"], valueName: "seconds",
        help: "Wait this long for a notification server to answer (default 0; --from-timer's alerts wait 120).")
    static let missedAt = OptionSpec(
        names: ["--missed-at"], valueName: "time", help: "The time of the last alert missed (--from-timer passes it).")

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
            stopped reminder is not shown. With --from-timer (what 'remindc systemd' units run) it shows the \
            alert due now (within the 30 seconds before --now), or, when the machine slept or was off over \
            alerts, the last of those missed within the reminder's 'grace:' (default 4h) marked "Missed at \
            09:00." and counted, once: what was shown is recorded in $XDG_STATE_HOME/remindc/shown, and an \
            install starts the record. The notification then runs in a transient unit of its own \
            (systemd-run --user, NAME:SECONDS.service), so this returns at once and an alert left open never \
            holds back the next. State and a log of failed deliveries are kept in $XDG_STATE_HOME/remindc \
            (default ~/.local/state/remindc). Exits with 0 when the notification was shown (or the reminder is \
            stopped, or with --from-timer nothing is due), 1 when a file has an error or the notification \
            cannot be shown, and 2 for a usage error.
            """,
        options: [
            ReminderChoice.option(help: "The reminder to show."),
            minimal,
            fromTimer,
            missed,
            missedAt,
            serverWait,
            TimeOptions.zoneOption,
            TimeOptions.nowOption,
        ],
        argument: CommandSpec.paths
    )

    struct Options {
        var reminder: ReminderChoice
        var minimal: Bool
        var fromTimer: Bool
        var missed: Missed?
        var serverWait: Int
        var time: TimeOptions
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        var missed: Missed?
        if let text = arguments.value(Self.missed) {
            guard let count = Int(text), count >= 1 else {
                throw usageError("--missed must be a whole number of at least 1, not '\(text)'")
            }
            let last = try arguments.value(Self.missedAt).map { text throws(UsageError) in
                try time.instant(text, option: "--missed-at", command: spec.name)
            }
            missed = Missed(last: last, count: count, zone: time.zone, now: time.now)
        } else if arguments.value(Self.missedAt) != nil {
            throw usageError("--missed-at goes with --missed")
        }
        var serverWait = 0
        if let text = arguments.value(Self.serverWait) {
            guard let seconds = Int(text), (0...3600).contains(seconds) else {
                throw usageError("--server-wait must be whole seconds from 0 to 3600, not '\(text)'")
            }
            serverWait = seconds
        }
        let fromTimer = arguments.flag(Self.fromTimer)
        if fromTimer && missed != nil { throw usageError("--from-timer finds the missed alerts itself: give it no --missed") }
        return Options(
            reminder: try ReminderChoice(arguments, command: spec.name), minimal: arguments.flag(Self.minimal),
            fromTimer: fromTimer, missed: missed, serverWait: serverWait, time: time)
    }

    static func run(_ options: Options, invocation: Invocation) throws(UsageError) -> Outcome {
        try options.reminder.find(command: spec.name) { found in
            if options.fromTimer {
                return Outcome(
                    found.fromTimer(
                        minimal: options.minimal, now: options.time.now, floatingZone: options.time.zone,
                        environment: invocation.environment, workingFolder: invocation.workingFolder))
            }
            return Outcome(
                found.notify(
                    minimal: options.minimal, missed: options.missed, serverWait: options.serverWait,
                    environment: invocation.environment,
                    workingFolder: invocation.workingFolder))
        }
    }
}
