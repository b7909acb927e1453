import Delivery
import Foundation
import Recurrence
import ReminderCheck
import ReminderModel
import ReminderOutput

/// `remindc systemd`: the reminders as systemd user timers that run
/// `remindc notify` at each alert, written to a folder or installed.
enum SystemdCommand: Command {
    static let output = OptionSpec(names: ["-o", "--output"], valueName: "folder", help: "Write the units into this folder.")
    static let install = OptionSpec(
        names: ["--install"], valueName: nil, help: "Install the units for the user's systemd and start the timers.")
    static let uninstall = OptionSpec(names: ["--uninstall"], valueName: nil, help: "Remove the units an install of --name wrote.")
    static let name = OptionSpec(names: ["--name"], valueName: "name", help: "The install's name (default: remindc).")
    static let minimal = OptionSpec(
        names: ["--minimal"], valueName: nil, help: "The alerts offer the categories' minimal actions ('notify --minimal').")

    static let spec = CommandSpec(
        name: "systemd",
        abstract: "Write reminders as systemd user timers that show each alert with 'remindc notify'.",
        discussion: """
            Writes per reminder a .timer (OnCalendar= at every alert, in the reminder's zone; floating \
            reminders in the machine's clock; AccuracySec=100ms; Persistent=true: an elapse missed while the \
            machine was off comes at boot, one missed in sleep on waking) and a .service that runs 'remindc \
            due' as its ExecCondition= (only the exact alerts pass: every 2 weeks, counts, ends, exceptions, \
            positions; and alerts missed within the reminder's 'grace:', default 4h, once) and 'remindc notify \
            --from-timer' as its ExecStart=, which shows the alert in a transient unit of its own and ends, so \
            that an alert left open on screen never holds back the next. The units name files by absolute path \
            and reminders by id, and hold no reminder text. -o DIR writes them into DIR; --install writes them into $XDG_CONFIG_HOME/systemd/user \
            (default ~/.config/systemd/user) with a list of what it wrote, remindc-NAME.units, removes the \
            units of an earlier install of NAME that are no longer wanted, runs 'systemctl --user \
            daemon-reload' and enables and starts the timers when a user manager runs, and records the install's \
            time in $XDG_STATE_HOME/remindc/shown (no alert before it is shown late); --uninstall removes an \
            install. Both stop what they remove: timers, services, and alerts open or waiting out a snooze. Both run 'systemctl', or the program REMINDC_SYSTEMCTL names. Exits with 0 on success, 1 \
            when a file has an error, and 2 for a usage error or a path that cannot be read.
            """,
        options: [
            output, install, uninstall, name, minimal, TimeOptions.nowOption,
        ],
        argument: CommandSpec.paths,
        argumentIsOptional: true
    )

    /// What the command does.
    enum Action {
        case write(folder: String)
        case install
        case uninstall
    }

    struct Options {
        var action: Action
        /// The install's name.
        var name: String
        var minimal: Bool
        var paths: [String]
        var time: TimeOptions
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let install = arguments.flag(Self.install), uninstall = arguments.flag(Self.uninstall)
        let output = arguments.value(Self.output)
        if uninstall && arguments.value(Self.name) != nil && !arguments.positionals.isEmpty {
            throw usageError("--uninstall takes the name once: 'remindc systemd --uninstall NAME'")
        }
        if [install, uninstall, output != nil].filter({ $0 }).count != 1 {
            throw usageError("give one of -o, --install and --uninstall")
        }
        if output == "-" {
            throw usageError("-o names a folder for the units; standard output cannot hold several files")
        }
        // `--uninstall NAME` names the install as `--name` does.
        let installName = arguments.value(Self.name) ?? (uninstall ? arguments.positionals.first : nil) ?? "remindc"
        if uninstall && arguments.positionals.count > 1 {
            throw usageError("--uninstall takes one name")
        }
        guard PlainName.isPlain(installName) else {
            throw usageError("--name must be letters, digits, '.', '_' and '-'")
        }
        // The list of the install's units, remindc-NAME.units, is a file name of at most 255 bytes.
        let longestName = 255 - "remindc-.units".utf8.count
        guard installName.utf8.count <= longestName else {
            throw usageError("--name must be at most \(longestName) characters")
        }
        if !uninstall && arguments.positionals.isEmpty { throw usageError("Missing expected argument '<path> ...'") }
        let action: Action = uninstall ? .uninstall : install ? .install : .write(folder: output!)
        return Options(
            action: action, name: installName, minimal: arguments.flag(Self.minimal), paths: uninstall ? [] : arguments.positionals,
            time: try TimeOptions.read(arguments, invocation: invocation, command: spec.name))
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let units = SystemdInstall(name: options.name, environment: invocation.environment)
        if case .uninstall = options.action { return Outcome(units.uninstall()) }

        let loaded: LoadedFiles
        switch LoadedFiles.load(
            options.paths, floatingZone: options.time.zone,
            check: { _, scheduled, _ in
                guard let scheduled else { return [] }
                return scheduled.scheduleDiagnostics()
                    + OutputTarget.systemd.findings(
                        in: scheduled, hostZone: options.time.zone, now: options.time.now,
                        workingFolder: invocation.workingFolder)
            })
        {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let writer = SystemdWriter(
            options: .init(
                remindc: SystemdInstall.remindcPath, workingFolder: invocation.workingFolder,
                minimal: options.minimal, now: options.time.now))
        let written = writer.units(loaded.files)
        // A reminder with no alert to come gets no timer, and is named.
        let names = Set(written.map(\.name))
        let ended = loaded.files.flatMap { scheduled in
            scheduled.file.reminders.filter { !names.contains(SystemdWriter.unitName($0, in: scheduled.file) + ".timer") }
                .map { "remindc: '\($0.id)' of \(TerminalText.visible(scheduled.file.path)) has no alert after now: no timer\n" }
        }.joined()
        if case .write(let output) = options.action {
            if let failure = SystemdInstall.write(written, into: output) {
                return Outcome(
                    stderr: loaded.report + "Error: cannot write into '\(TerminalText.visible(output))': \(failure)\n", status: 2)
            }
            return Outcome(stderr: loaded.report + ended)
        }
        let warnings = loaded.report + ended + SystemdInstall.placeWarning(SystemdInstall.remindcPath, environment: invocation.environment)
        let uids = loaded.files.flatMap { scheduled in scheduled.file.reminders.map { scheduled.file.uid(of: $0) } }
        return Outcome(units.install(written, uids: uids, now: options.time.now, warnings: warnings))
    }
}
