import FileSystem
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
/// process itself, which then shows the alert again.
///
/// Under `remindc systemd` a timer's service runs `fromTimer`, which starts
/// this in a transient unit of its own (`systemd-run --user`) and ends at
/// once: an alert left open on screen, or a snooze being waited out, keeps
/// only its own unit active, and the next elapse of the timer finds its
/// service free to run.
extension DesktopReminder {
    /// Shows the reminder now and does what the person picks; returns when
    /// the alert is dealt with (a snooze is slept out here, and the alert
    /// shown again). `missed`, when the alert's time passed while the
    /// machine slept or was off, puts that before the note ("Missed at
    /// 09:00."). A notification server that does not answer is asked again
    /// for `serverWait` seconds. `environment` is the caller's,
    /// `workingFolder` what relative sound paths are read from.
    package func notify(
        minimal: Bool, missed: Missed? = nil, serverWait: Int = 0, environment callerEnvironment: [String: String],
        workingFolder: String
    ) -> DeliveryReport {
        let (file, reminder, uid) = (self.file, self.reminder, self.uid)
        let state = DesktopState(folders: UserFolders(environment: callerEnvironment))
        var environment = callerEnvironment
        // Where a session keeps its bus, when the caller (cron, a bare
        // shell) did not say.
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        environment["XDG_RUNTIME_DIR"] = runtime
        let busGiven = !(environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty ?? true)
        if !busGiven { environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtime)/bus" }
        // The server is asked what it can do first: notify-send waiting for
        // a choice on a bus it cannot reach would wait for ever. Asked
        // again for `serverWait` seconds: at login, timers catching up on
        // missed alerts start before the desktop's notification server.
        let deadline = Date().addingTimeInterval(TimeInterval(serverWait))
        var probe: Subprocess.Result
        while true {
            if busGiven || FileManager.default.fileExists(atPath: runtime + "/bus") {
                probe = Subprocess.run(
                    [
                        "gdbus", "call", "--session", "--timeout", "10", "--dest", "org.freedesktop.Notifications",
                        "--object-path", "/org/freedesktop/Notifications",
                        "--method", "org.freedesktop.Notifications.GetCapabilities",
                    ], environment: environment)
                if probe.status == 0 { break }
            } else {
                probe = Subprocess.Result(status: 1, output: "", errors: "")
            }
            guard Date() < deadline else {
                guard busGiven || FileManager.default.fileExists(atPath: runtime + "/bus") else {
                    return failure("no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(runtime)/bus does not exist", reminder, state)
                }
                let reason = probe.errors.trimmingCharacters(in: .whitespacesAndNewlines)
                return failure("no notification server answers on the session bus" + (reason.isEmpty ? "" : ": \(reason)"), reminder, state)
            }
            Thread.sleep(forTimeInterval: 2)
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
                return DeliveryReport(
                    shown == 0 ? "remindc: '\(reminder.id)' is stopped; 'remindc resume --id \(reminder.id)' brings it back\n" : "")
            }
            let body = [missed?.sentence, reminder.note].compactMap { $0 }.joined(separator: "\n\n")
            let shownNow = Self.show(
                reminder, body: body, actions: actions.buttons, defaultLabel: actions.defaultLabel, sound: sound,
                environment: environment)
            // Ended by SIGTERM, SIGHUP or SIGINT: the alert's unit was
            // stopped (an uninstall, the session's end, a shutdown) while
            // it was on screen. That is no failure, and says nothing.
            if [SIGTERM, SIGHUP, SIGINT].map({ 128 + $0 }).contains(shownNow.status) { return DeliveryReport() }
            guard shownNow.status == 0 else {
                let reason = shownNow.errors.trimmingCharacters(in: .whitespacesAndNewlines)
                return failure(
                    "the notification could not be shown: " + (reason.isEmpty ? "notify-send exited with \(shownNow.status)" : reason),
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
    package static func offeredActions(
        _ reminder: Reminder, in file: ReminderFile, minimal: Bool, serverShowsActions: Bool
    )
        -> (buttons: [Action], defaultLabel: String?)
    {
        guard serverShowsActions else { return ([], nil) }
        let category = file.categories.first { $0.id == reminder.category }
        let all = category?.actions ?? []
        let buttons = minimal ? (category?.minimal ?? []).compactMap { id in all.first { $0.id == id } } : all
        guard case .label(let label)? = reminder.action else { return (buttons, nil) }
        return (buttons, label)
    }

    /// The sound as the server plays it (hints), or the program that plays it after.
    package struct Sound: Equatable, Sendable {
        package var hints: [String] = []
        package var player: [String]?
    }

    package static func soundHandling(_ reminder: Reminder, file: ReminderFile, serverPlays: Bool, workingFolder: String) -> Sound {
        guard let sound = reminder.sound else { return Sound() }
        switch sound {
        case .silent:
            return Sound(hints: ["boolean:suppress-sound:true"])
        case .default:
            return serverPlays
                ? Sound(hints: ["string:sound-name:message-new-instant"])
                : Sound(player: ["canberra-gtk-play", "-i", "message-new-instant"])
        case .file(let path):
            let absolute = path.hasPrefix("/") ? path : file.absolutePath(path, workingFolder: workingFolder)
            return serverPlays ? Sound(hints: ["string:sound-file:\(absolute)"]) : Sound(player: ["paplay", absolute])
        }
    }

    /// Shows the notification and waits for it to be acted on or closed:
    /// notify-send's status, its error text and the key of the action picked.
    static func show(
        _ reminder: Reminder, body: String, actions: [Action], defaultLabel: String?, sound: Sound, environment: [String: String]
    )
        -> (status: Int32, errors: String, chosen: String?)
    {
        var arguments = ["notify-send", "--app-name=remindc"]
        if let defaultLabel { arguments.append("--action=default=\(defaultLabel)") }
        for action in actions {
            arguments.append("--action=\(action.id)=\(action.title)")
        }
        if arguments.contains(where: { $0.hasPrefix("--action=") }) { arguments.append("--wait") }
        for hint in sound.hints { arguments.append("--hint=\(hint)") }
        arguments += ["--", reminder.title, body]
        let shown = Subprocess.run(arguments, environment: environment)
        let chosen = shown.output.split(separator: "\n").last.map(String.init)
        return (shown.status, shown.errors, chosen)
    }

    /// What a timer's service runs (`notify --from-timer`): the alert
    /// `pendingAlert` finds now, recorded in the state as shown (so that no
    /// other elapse shows it again), then shown in a transient unit of its
    /// own, `SystemdWriter.alertUnitName`, that runs `notify` (with
    /// `--missed` for a missed alert) and that an uninstall stops. Returns
    /// at once. Nothing to show, or a stopped reminder, says nothing. Where
    /// `systemd-run` fails the alert is shown here instead, and the failure
    /// logged.
    package func fromTimer(
        minimal: Bool, now: Instant, floatingZone: TimeZone, environment: [String: String],
        workingFolder: String
    ) -> DeliveryReport {
        let state = DesktopState(folders: UserFolders(environment: environment))
        if state.isStopped(uid).stopped { return DeliveryReport() }
        guard
            let pending = Self.pendingAlert(
                reminder, at: now, floatingZone: floatingZone, grace: file.grace(of: reminder),
                shownUntil: state.shownUntil(uid))
        else { return DeliveryReport() }
        do {
            guard try state.claim(uid, through: pending.alert) else { return DeliveryReport() }
        } catch {
            // Shown all the same: an alert shown twice is better than one lost.
            state.log("\(reminder.id): cannot record the alert as shown: \(error.localizedDescription)")
        }
        let missed =
            pending.missed > 0
            ? Missed(
                last: pending.isOnTime ? nil : pending.alert, count: pending.missed, zone: floatingZone,
                now: now) : nil
        let path = file.absolutePath(file.path, workingFolder: workingFolder)
        var command = [SystemdInstall.remindcPath, "notify", path, "--id", reminder.id, "--server-wait", String(Self.timerServerWait)]
        if minimal { command.append("--minimal") }
        if let missed { command += missed.arguments }
        let unit = SystemdWriter.alertUnitName(SystemdWriter.unitName(reminder, in: file), alert: pending.alert)
        let started = Subprocess.run(
            [
                "systemd-run", "--user", "--quiet", "--collect", "--same-dir", "--service-type=exec",
                "--unit=\(unit)", "--description=remindc alert '\(reminder.id)'", "--",
            ] + command,
            environment: environment)
        guard started.status != 0 else { return DeliveryReport() }
        let reason = started.errors.trimmingCharacters(in: .whitespacesAndNewlines)
        state.log(
            "\(reminder.id): systemd-run could not start \(unit), so the alert is shown by the timer's service: "
                + (reason.isEmpty ? "status \(started.status)" : reason))
        return notify(
            minimal: minimal, missed: missed, serverWait: Self.timerServerWait, environment: environment, workingFolder: workingFolder)
    }

    /// How long a timer's alert waits for a notification server: at login
    /// the timers catch up on missed alerts before the desktop is up.
    package static let timerServerWait = 120

    /// Logs `message` and says where: a delivery that failed.
    func failure(_ message: String, _ reminder: Reminder, _ state: DesktopState) -> DeliveryReport {
        state.log("\(reminder.id): \(message)")
        return .failed("\(message) (logged in \(state.logFile.path))")
    }
}

/// Alerts whose time passed while the machine slept or was off, shown
/// late and once: "Missed at 09:00." or "Missed 3 alerts, the last at
/// 09:00.", with the day when it is not today's.
package struct Missed: Equatable, Sendable {
    /// The latest one; nil when it is an alert shown on time that the
    /// missed ones came before.
    package var last: Instant?
    package var count: Int
    /// The clock the times are told in: the machine's.
    package var zone: TimeZone
    package var now: Instant

    package init(last: Instant?, count: Int, zone: TimeZone, now: Instant) {
        self.last = last
        self.count = count
        self.zone = zone
        self.now = now
    }

    package var sentence: String {
        guard let last else { return count == 1 ? "1 earlier alert was missed." : "\(count) earlier alerts were missed." }
        return count == 1 ? "Missed at \(told(last))." : "Missed \(count) alerts, the last at \(told(last))."
    }

    /// `notify`'s options that say it.
    package var arguments: [String] {
        ["--missed", String(count)] + (last.map { ["--missed-at", "\($0)"] } ?? [])
    }

    /// 09:00, 09:00:30, or 2026-12-04 09:00 on another day than `now`'s.
    func told(_ instant: Instant) -> String {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970)))
        let wall = instant.wallTime(offset: offset).local
        let today = now.wallTime(offset: zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(now.secondsSince1970)))).local
            .date
        let time =
            wall.time.second == 0
            ? String(format: "%02d:%02d", wall.time.hour, wall.time.minute)
            : String(format: "%02d:%02d:%02d", wall.time.hour, wall.time.minute, wall.time.second)
        return wall.date == today ? time : "\(wall.date) \(time)"
    }
}
