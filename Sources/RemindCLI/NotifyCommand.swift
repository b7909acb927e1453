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
            notify(found, minimal: arguments.flag("--minimal"), invocation: invocation)
        }
    }

    static func notify(_ found: DesktopReminder, minimal: Bool, invocation: Invocation) -> Outcome {
        let (file, reminder, uid) = (found.file, found.reminder, found.uid)
        let state = DesktopState(environment: invocation.environment)
        var environment = invocation.environment
        // Where a session keeps its bus, when the caller (cron, a bare
        // shell) did not say.
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        environment["XDG_RUNTIME_DIR"] = runtime
        if environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty ?? true {
            guard FileManager.default.fileExists(atPath: runtime + "/bus") else {
                return failure("no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(runtime)/bus does not exist", reminder, state)
            }
            environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtime)/bus"
        }
        // The server is asked what it can do first: notify-send waiting for
        // a choice on a bus it cannot reach would wait for ever.
        let probe = Subprocess.run(["gdbus", "call", "--session", "--timeout", "10", "--dest", "org.freedesktop.Notifications",
                                    "--object-path", "/org/freedesktop/Notifications",
                                    "--method", "org.freedesktop.Notifications.GetCapabilities"], environment: environment)
        guard probe.status == 0 else {
            let reason = probe.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            return failure("no notification server answers on the session bus" + (reason.isEmpty ? "" : ": \(reason)"), reminder, state)
        }
        let capabilities = probe.output
        let actions = offeredActions(reminder, in: file, minimal: minimal, serverShowsActions: capabilities.contains("'actions'"))
        let sound = soundHandling(reminder, file: file, serverPlays: capabilities.contains("'sound'"), workingFolder: invocation.workingFolder)
        var shown = 0
        var warnings = ""
        while true {
            let stop = state.isStopped(uid)
            if let warning = stop.warning, warnings.isEmpty { warnings = warning }
            if stop.stopped {
                return Outcome(stderr: shown == 0 ? "remindc: '\(reminder.id)' is stopped; 'remindc resume --id \(reminder.id)' brings it back\n" : "")
            }
            let shownNow = show(reminder, actions: actions.buttons, defaultLabel: actions.defaultLabel, sound: sound, environment: environment)
            guard shownNow.status == 0 else {
                let reason = shownNow.errors.trimmingCharacters(in: .whitespacesAndNewlines)
                return failure("the notification could not be shown: " + (reason.isEmpty ? "notify-send exited with \(shownNow.status)" : reason),
                               reminder, state)
            }
            shown += 1
            if let player = sound.player { _ = Subprocess.run(player, environment: environment) }
            guard let action = actions.buttons.first(where: { $0.id == shownNow.chosen }) else { return Outcome(stderr: warnings) }
            if let template = action.run {
                let command: String
                do {
                    command = try CrontabWriter.shellCommand(template, reminder: reminder, file: file, workingFolder: invocation.workingFolder)
                } catch {
                    return failure("the command of action '\(action.id)' cannot be run: \(error.message)", reminder, state)
                }
                let ran = Subprocess.run(["/bin/sh", "-c", command], environment: environment)
                if ran.status != 0 { state.log("\(reminder.id): the command of action '\(action.id)' exited with \(ran.status)") }
            }
            if action.stops {
                do {
                    try state.setStopped(uid, true)
                } catch {
                    return failure("cannot record that '\(reminder.id)' is stopped: \(error.localizedDescription)", reminder, state)
                }
                return Outcome(stderr: warnings + "remindc: '\(reminder.id)' is stopped until 'remindc resume --id \(reminder.id)'\n")
            }
            guard let snooze = action.snooze else { return Outcome(stderr: warnings) }
            Thread.sleep(forTimeInterval: TimeInterval(snooze.days * secondsPerDay + snooze.seconds))
        }
    }

    /// The buttons and the default action's label the alert offers: the
    /// category's actions (its minimal ones with `minimal`), none where the
    /// server cannot show actions. The Desktop Notifications spec has no
    /// capability that says how many buttons fit, so the minimal context is
    /// the person's choice (`--minimal`, also `remindc systemd --minimal`).
    static func offeredActions(_ reminder: Reminder, in file: ReminderFile, minimal: Bool, serverShowsActions: Bool)
        -> (buttons: [Action], defaultLabel: String?) {
        guard serverShowsActions else { return ([], nil) }
        let category = file.categories.first { $0.id == reminder.category }
        let all = category?.actions ?? []
        let buttons = minimal ? (category?.minimal ?? []).compactMap { id in all.first { $0.id == id } } : all
        guard case .label(let label)? = reminder.action else { return (buttons, nil) }
        return (buttons, label)
    }

    /// The sound as the server plays it (hints), or the program that plays it after.
    struct Sound {
        var hints: [String] = []
        var player: [String]?
    }

    static func soundHandling(_ reminder: Reminder, file: ReminderFile, serverPlays: Bool, workingFolder: String) -> Sound {
        guard let sound = reminder.sound else { return Sound() }
        switch sound {
        case .silent:
            return Sound(hints: ["boolean:suppress-sound:true"])
        case .default:
            return serverPlays ? Sound(hints: ["string:sound-name:message-new-instant"])
                : Sound(player: ["canberra-gtk-play", "-i", "message-new-instant"])
        case .file(let path):
            let absolute = path.hasPrefix("/") ? path : file.absolutePath(path, workingFolder: workingFolder)
            return serverPlays ? Sound(hints: ["string:sound-file:\(absolute)"]) : Sound(player: ["paplay", absolute])
        }
    }

    /// Shows the notification and waits for it to be acted on or closed:
    /// notify-send's status, its error text and the key of the action picked.
    static func show(_ reminder: Reminder, actions: [Action], defaultLabel: String?, sound: Sound, environment: [String: String])
        -> (status: Int32, errors: String, chosen: String?) {
        var arguments = ["notify-send", "--app-name=remindc"]
        if let defaultLabel { arguments.append("--action=default=\(defaultLabel)") }
        for action in actions {
            arguments.append("--action=\(action.id)=\(action.title)")
        }
        if arguments.contains(where: { $0.hasPrefix("--action=") }) { arguments.append("--wait") }
        for hint in sound.hints { arguments.append("--hint=\(hint)") }
        arguments += ["--", reminder.title, reminder.note ?? ""]
        let shown = Subprocess.run(arguments, environment: environment)
        let chosen = shown.output.split(separator: "\n").last.map(String.init)
        return (shown.status, shown.errors, chosen)
    }

    static func failure(_ message: String, _ reminder: Reminder, _ state: DesktopState) -> Outcome {
        state.log("\(reminder.id): \(message)")
        return Outcome(stderr: "Error: \(message) (logged in \(state.logFile.path))\n", status: 1)
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
            let (reminder, uid) = (found.reminder, found.uid)
            let state = DesktopState(environment: invocation.environment)
            let stop = state.isStopped(uid)
            if let warning = stop.warning { return Outcome(stderr: "Error: " + warning.dropFirst("warning: ".count), status: 1) }
            guard stop.stopped else { return Outcome(stderr: "remindc: '\(reminder.id)' was not stopped\n") }
            do {
                try state.setStopped(uid, false)
            } catch {
                return Outcome(stderr: "Error: cannot write \(state.stoppedFile.path): \(error.localizedDescription)\n", status: 1)
            }
            return Outcome(stderr: "remindc: '\(reminder.id)' alerts again\n")
        }
    }
}

/// The reminder `--id` names among the files, for `notify`, `resume` and `due`.
struct DesktopReminder {
    let file: ReminderFile
    let reminder: Reminder

    /// What the state file keys it by.
    var uid: String { "\(reminder.id)@\(file.uidDomain)" }

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

/// Runs a program found on PATH, waits for it, and collects what it printed.
enum Subprocess {
    /// What no program remindc runs is given: `publish`'s password.
    static let withheld = ["REMINDC_PASSWORD"]

    static func run(_ arguments: [String], environment: [String: String]) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment.filter { !withheld.contains($0.key) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "", "\(arguments[0]): \(error.localizedDescription)") }
        // Both pipes drained at once, so a full one never blocks the program.
        let errors = Drained(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.data, as: UTF8.self))
    }

    /// A pipe read to its end on another thread; `data` waits for it.
    private final class Drained: @unchecked Sendable {
        private var read = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.read = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        var data: Data {
            done.wait()
            return read
        }
    }
}
