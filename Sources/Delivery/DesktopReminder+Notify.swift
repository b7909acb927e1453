import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc notify`: one reminder shown now as a desktop notification with
/// its category's actions, and what the person picks done: the alert shown
/// again after a snooze, a repeat stopped, or an action's command run.
///
/// The notification goes through the session's org.freedesktop.Notifications
/// service by `notify-send` (libnotify 0.8: `--action` and `--wait`), which
/// prints the key of the action picked. A snooze is waited out by this
/// process itself, which then shows the alert again: it needs no user
/// manager (a transient `systemd-run` timer would), and under `remindc
/// systemd` the service that runs it stays active meanwhile.
extension DesktopReminder {
    /// Shows the reminder now and does what the person picks; returns when
    /// the alert is dealt with (a snooze is slept out here, and the alert
    /// shown again). `environment` is the caller's, `workingFolder` what
    /// relative sound paths are read from.
    public func notify(minimal: Bool, environment callerEnvironment: [String: String], workingFolder: String) -> DeliveryReport {
        let (file, reminder, uid) = (self.file, self.reminder, self.uid)
        let state = DesktopState(folders: UserFolders(environment: callerEnvironment))
        var environment = callerEnvironment
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
        let actions = Self.offeredActions(reminder, in: file, minimal: minimal, serverShowsActions: capabilities.contains("'actions'"))
        let sound = Self.soundHandling(reminder, file: file, serverPlays: capabilities.contains("'sound'"), workingFolder: workingFolder)
        var shown = 0
        var warnings = ""
        while true {
            let stop = state.isStopped(uid)
            if let warning = stop.warning, warnings.isEmpty { warnings = warning }
            if stop.stopped {
                return DeliveryReport(shown == 0 ? "remindc: '\(reminder.id)' is stopped; 'remindc resume --id \(reminder.id)' brings it back\n" : "")
            }
            let shownNow = Self.show(reminder, actions: actions.buttons, defaultLabel: actions.defaultLabel, sound: sound, environment: environment)
            guard shownNow.status == 0 else {
                let reason = shownNow.errors.trimmingCharacters(in: .whitespacesAndNewlines)
                return failure("the notification could not be shown: " + (reason.isEmpty ? "notify-send exited with \(shownNow.status)" : reason),
                               reminder, state)
            }
            shown += 1
            if let player = sound.player { _ = Subprocess.run(player, environment: environment) }
            guard let action = actions.buttons.first(where: { $0.id == shownNow.chosen }) else { return DeliveryReport(warnings) }
            if let template = action.run {
                let command: String
                do {
                    command = try CrontabWriter.shellCommand(template, reminder: reminder, file: file, workingFolder: workingFolder)
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
                return DeliveryReport(warnings + "remindc: '\(reminder.id)' is stopped until 'remindc resume --id \(reminder.id)'\n")
            }
            guard let snooze = action.snooze else { return DeliveryReport(warnings) }
            Thread.sleep(forTimeInterval: TimeInterval(snooze.days * secondsPerDay + snooze.seconds))
        }
    }

    /// The buttons and the default action's label the alert offers: the
    /// category's actions (its minimal ones with `minimal`), none where the
    /// server cannot show actions. The Desktop Notifications spec has no
    /// capability that says how many buttons fit, so the minimal context is
    /// the person's choice (`--minimal`, also `remindc systemd --minimal`).
    public static func offeredActions(_ reminder: Reminder, in file: ReminderFile, minimal: Bool, serverShowsActions: Bool)
        -> (buttons: [Action], defaultLabel: String?) {
        guard serverShowsActions else { return ([], nil) }
        let category = file.categories.first { $0.id == reminder.category }
        let all = category?.actions ?? []
        let buttons = minimal ? (category?.minimal ?? []).compactMap { id in all.first { $0.id == id } } : all
        guard case .label(let label)? = reminder.action else { return (buttons, nil) }
        return (buttons, label)
    }

    /// The sound as the server plays it (hints), or the program that plays it after.
    public struct Sound: Equatable, Sendable {
        public var hints: [String] = []
        public var player: [String]?
    }

    public static func soundHandling(_ reminder: Reminder, file: ReminderFile, serverPlays: Bool, workingFolder: String) -> Sound {
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

    /// Logs `message` and says where: a delivery that failed.
    func failure(_ message: String, _ reminder: Reminder, _ state: DesktopState) -> DeliveryReport {
        state.log("\(reminder.id): \(message)")
        return .failed("\(message) (logged in \(state.logFile.path))")
    }
}
