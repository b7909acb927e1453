import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc systemd`: the reminders as systemd user timers that run
/// `remindc notify` at each alert, written to a folder or installed.
enum SystemdCommand {
    static let spec = CommandSpec(
        name: "systemd",
        abstract: "Write reminders as systemd user timers that show each alert with 'remindc notify'.",
        discussion: """
            Writes per reminder a .timer (OnCalendar= at every alert, in the reminder's zone; floating \
            reminders in the machine's clock; AccuracySec=1s; Persistent=false: an alert missed while the \
            machine was off is not shown late) and a .service that runs 'remindc due' as its ExecCondition= \
            (only the exact alerts pass: every 2 weeks, counts, ends, exceptions, positions) and 'remindc \
            notify' as its ExecStart=. The units name files by absolute path and reminders by id, and hold no \
            reminder text. -o DIR writes them into DIR; --install writes them into $XDG_CONFIG_HOME/systemd/user \
            (default ~/.config/systemd/user) with a list of what it wrote, remindc-NAME.units, removes the \
            units of an earlier install of NAME that are no longer wanted, runs 'systemctl --user \
            daemon-reload' and enables and starts the timers when a user manager runs; --uninstall removes an \
            install. Both run 'systemctl', or the program REMINDC_SYSTEMCTL names. Exits with 0 on success, 1 \
            when a file has an error, and 2 for a usage error or a path that cannot be read.
            """,
        options: [
            OptionSpec(names: ["-o", "--output"], valueName: "folder", help: "Write the units into this folder."),
            OptionSpec(names: ["--install"], valueName: nil, help: "Install the units for the user's systemd and start the timers."),
            OptionSpec(names: ["--uninstall"], valueName: nil, help: "Remove the units an install of --name wrote."),
            OptionSpec(names: ["--name"], valueName: "name", help: "The install's name (default: remindc)."),
            OptionSpec(names: ["--minimal"], valueName: nil, help: "The alerts offer the categories' minimal actions ('notify --minimal')."),
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true),
        argumentIsOptional: true
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        let install = arguments.flag("--install"), uninstall = arguments.flag("--uninstall")
        let output = arguments.value("-o")
        if uninstall && arguments.value("--name") != nil && !arguments.positionals.isEmpty {
            throw UsageError(message: "--uninstall takes the name once: 'remindc systemd --uninstall NAME'", command: spec.name)
        }
        if [install, uninstall, output != nil].filter({ $0 }).count != 1 {
            throw UsageError(message: "give one of -o, --install and --uninstall", command: spec.name)
        }
        if output == "-" {
            throw UsageError(message: "-o names a folder for the units; standard output cannot hold several files", command: spec.name)
        }
        // `--uninstall NAME` names the install as `--name` does.
        let name = arguments.value("--name") ?? (uninstall ? arguments.positionals.first : nil) ?? "remindc"
        if uninstall && arguments.positionals.count > 1 {
            throw UsageError(message: "--uninstall takes one name", command: spec.name)
        }
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || $0 == 0x2E || (0x30...0x39).contains($0)
                || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw UsageError(message: "--name must be letters, digits, '.', '_' and '-'", command: spec.name)
        }
        // The list of the install's units, remindc-NAME.units, is a file name of at most 255 bytes.
        let longestName = 255 - "remindc-.units".utf8.count
        guard name.utf8.count <= longestName else {
            throw UsageError(message: "--name must be at most \(longestName) characters", command: spec.name)
        }
        let units = SystemdInstall(name: name, environment: invocation.environment)
        if uninstall { return units.uninstall() }
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<path> ...'", command: spec.name) }

        let loaded: LoadedFiles
        switch LoadedFiles.load(arguments.positionals, floatingZone: TimeZone.current, check: { _, scheduled, _ in
            guard let scheduled else { return [] }
            return scheduled.scheduleDiagnostics() + OutputTarget.sharedProblems(in: scheduled.file)
                + SystemdWriter.problems(in: scheduled.file)
        }) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let writer = SystemdWriter(options: .init(remindc: remindcPath, workingFolder: invocation.workingFolder,
                                                 minimal: arguments.flag("--minimal")))
        let written = writer.units(loaded.files.map(\.file))
        if let output {
            // The folders this run makes, removed again if a unit cannot be written.
            let made = firstMissingFolder(of: output)
            do {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), !isFolder.boolValue {
                    throw AtomicFile.Failure(errorDescription: "it is not a folder")
                }
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                try AtomicFile.writeAll(written.map { (output + "/" + $0.name, Array($0.text.utf8)) })
            } catch {
                if let made { try? FileManager.default.removeItem(atPath: made) }
                return Outcome(stderr: loaded.report + "Error: cannot write into '\(TerminalText.visible(output))': \(error.localizedDescription)\n", status: 2)
            }
            return Outcome(stderr: loaded.report)
        }
        return units.install(written, warnings: loaded.report)
    }

    /// The outermost folder of `path` that does not exist yet (`path`
    /// itself, or one above it), or nil when `path` exists.
    static func firstMissingFolder(of path: String) -> String? {
        var missing: String?
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while url.path != "/", !FileManager.default.fileExists(atPath: url.path) {
            missing = url.path
            url.deleteLastPathComponent()
        }
        return missing
    }

    /// The absolute path of this remindc: what the services run.
    static var remindcPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// An install of units into the user's systemd folder, named so that
/// installing again replaces it and uninstalling removes exactly it.
struct SystemdInstall {
    let name: String
    let folder: URL
    let environment: [String: String]

    init(name: String, environment: [String: String]) {
        self.name = name
        self.environment = environment
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        folder = URL(fileURLWithPath: config).appendingPathComponent("systemd/user")
    }

    /// The list of the unit files the install wrote, one per line.
    var manifest: URL { folder.appendingPathComponent("remindc-\(name).units") }

    func installed() -> [String] {
        ((try? String(contentsOf: manifest, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func install(_ units: [SystemdWriter.Unit], warnings: String) -> Outcome {
        let before = installed()
        let wanted = Set(units.map(\.name))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.writeAll(units.map { (folder.appendingPathComponent($0.name).path, Array($0.text.utf8)) }
                                    + [(manifest.path, Array(units.map { $0.name + "\n" }.joined().utf8))])
        } catch {
            return Outcome(stderr: warnings + "Error: cannot write into \(folder.path): \(error.localizedDescription)\n", status: 2)
        }
        let gone = before.filter { !wanted.contains($0) }
        let timers = units.map(\.name).filter { $0.hasSuffix(".timer") }
        var notes = ""
        guard userManagerRuns else {
            for unit in gone { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
            notes = "remindc: wrote \(units.count) units into \(folder.path); no user manager is running, so the timers start with your next session\n"
            return Outcome(stderr: warnings + notes)
        }
        let goneTimers = gone.filter { $0.hasSuffix(".timer") }
        if !goneTimers.isEmpty { _ = systemctl(["disable", "--now"] + goneTimers) }
        for unit in gone { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
        let reload = systemctl(["daemon-reload"])
        guard reload.status == 0 else {
            return Outcome(stderr: warnings + "Error: systemctl --user daemon-reload failed: \(reload.errors)", status: 1)
        }
        if !timers.isEmpty {
            let enabled = systemctl(["enable", "--now"] + timers)
            guard enabled.status == 0 else {
                return Outcome(stderr: warnings + "Error: systemctl --user enable --now failed: \(enabled.errors)", status: 1)
            }
        }
        notes = "remindc: installed and started \(timers.count) timers as '\(name)' in \(folder.path)\n"
        return Outcome(stderr: warnings + notes)
    }

    func uninstall() -> Outcome {
        let units = installed()
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            return Outcome(stderr: "Error: no install named '\(name)' in \(folder.path)\n", status: 1)
        }
        let timers = units.filter { $0.hasSuffix(".timer") }
        if userManagerRuns && !timers.isEmpty { _ = systemctl(["disable", "--now"] + timers) }
        for unit in units { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
        try? FileManager.default.removeItem(at: manifest)
        if userManagerRuns { _ = systemctl(["daemon-reload"]) }
        return Outcome(stderr: "remindc: removed the \(units.count) units of '\(name)'\n")
    }

    /// Whether the user's service manager answers.
    var userManagerRuns: Bool {
        let state = systemctl(["is-system-running"])
        let answer = state.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return ["running", "degraded", "starting", "initializing"].contains(answer)
    }

    func systemctl(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let program = environment["REMINDC_SYSTEMCTL"].flatMap { $0.isEmpty ? nil : $0 } ?? "systemctl"
        return Subprocess.run([program, "--user"] + arguments, environment: environment)
    }
}

/// `remindc due`: whether one of a reminder's alerts is now, for a timer's
/// `ExecCondition=`.
enum DueCommand {
    static let spec = CommandSpec(
        name: "due",
        abstract: "Exit 0 when one of a reminder's alerts is now: the guard of 'remindc systemd' timers.",
        discussion: """
            Exits with 0 when an alert of the reminder ID (its occurrence less 'before') falls within the 30 \
            seconds before --now or the 2 after, and the reminder is not stopped; 1 otherwise or when a file has \
            an error, and 2 for a usage error. Floating reminders are read in the machine's zone (--zone).
            """,
        options: [
            OptionSpec(names: ["--id"], valueName: "id", help: "The reminder.", isRequired: true),
            TimeOptions.zoneOption,
            TimeOptions.nowOption,
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        return try DesktopReminder.with(arguments, command: spec.name) { found in
            let stop = DesktopState(environment: invocation.environment).isStopped(found.uid)
            if stop.stopped {
                return Outcome(stderr: "remindc: '\(found.reminder.id)' is stopped\n", status: 1)
            }
            return Outcome(stderr: stop.warning ?? "", status: isDue(found.reminder, at: time.now, floatingZone: time.zone) ? 0 : 1)
        }
    }

    /// Whether an alert of `reminder` falls within the 30 seconds before
    /// `now` or the 2 after. `before` moves the alert's wall clock, a day as
    /// 24 hours of it, as the crontab counts it; the alert is that wall
    /// clock read in the zone.
    static func isDue(_ reminder: Reminder, at now: Instant, floatingZone: TimeZone) -> Bool {
        reminder.alertLeads.contains { isDue(reminder, lead: $0.nominalSeconds, at: now, floatingZone: floatingZone) }
    }

    private static func isDue(_ reminder: Reminder, lead: Int, at now: Instant, floatingZone: TimeZone) -> Bool {
        let zone = reminder.timeZone == .floating ? floatingZone : reminder.timeZone.foundationZone
        var occurrences = reminder.schedule(floatingZone: floatingZone).occurrences()
        occurrences.skip(toWallClock: now.wallTime(offset: lead - 2 * secondsPerDay))
        let window = now.advanced(by: -30)...now.advanced(by: 2)
        while let occurrence = occurrences.next() {
            let alert = lead == 0 ? occurrence.instant : WallClock.instant(of: occurrence.wallClock.advanced(by: -lead), in: zone)
            if window.contains(alert) { return true }
            if alert > window.upperBound { break }
        }
        return false
    }
}
