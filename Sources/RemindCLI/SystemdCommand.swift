import Delivery
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
        if uninstall { return Outcome(units.uninstall()) }
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
        let writer = SystemdWriter(options: .init(remindc: SystemdInstall.remindcPath, workingFolder: invocation.workingFolder,
                                                 minimal: arguments.flag("--minimal")))
        let written = writer.units(loaded.files.map(\.file))
        if let output {
            if let failure = SystemdInstall.write(written, into: output) {
                return Outcome(stderr: loaded.report + "Error: cannot write into '\(TerminalText.visible(output))': \(failure)\n", status: 2)
            }
            return Outcome(stderr: loaded.report)
        }
        return Outcome(units.install(written, warnings: loaded.report))
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
            Outcome(found.due(at: time.now, floatingZone: time.zone, environment: invocation.environment))
        }
    }
}
