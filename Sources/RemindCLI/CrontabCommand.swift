import Delivery
import FileSystem
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc crontab`: the reminders as crontab entries.
enum CrontabCommand: Command {
    static let command = OptionSpec(
        names: ["--command"], valueName: "template",
        help: "The command per occurrence, with {id}, {title}, {note}, {sound}, {category}.")
    static let allowInexact = OptionSpec(
        names: ["--allow-inexact"], valueName: nil, help: "Write entries cron cannot make exact, marked '# inexact:'.")
    static let output = OptionSpec(
        names: ["-o", "--output"], valueName: "file",
        help: "Write to this file, replacing it only once all is written; - is standard output.")
    static let install = OptionSpec(
        names: ["--install"], valueName: nil,
        help: "Put the entries into your crontab as one block, replacing the block of the same name.")
    static let uninstall = OptionSpec(names: ["--uninstall"], valueName: nil, help: "Remove the block from your crontab.")
    static let name = OptionSpec(
        names: ["--name"], valueName: "name",
        help: "The block's name for --install and --uninstall (default: the absolute paths).")

    static let spec = CommandSpec(
        name: "crontab",
        abstract: "Write reminders as a crontab that fires exactly when 'expand' says.",
        discussion: """
            Writes entries for a machine whose clock runs in --zone, each running TEMPLATE with {id}, {title}, \
            {note}, {sound} and {category} replaced, in or out of quotes ({{ is a literal {; default: a desktop \
            notification with notify-send, then the sound). The command reaches the desktop session (cron passes \
            no DBUS_SESSION_BUS_ADDRESS) and runs only when every guard of its entry holds; a failure is logged in \
            $XDG_STATE_HOME/remindc/cron.log (default ~/.local/state). Reports what cron cannot do exactly (exit 1 \
            unless --allow-inexact) and where a daemon's daylight-saving behaviour differs. --install puts the \
            entries into your crontab as the block NAME ('# BEGIN remindc NAME' to '# END remindc NAME'; default: \
            the absolute paths given), replacing that block and keeping every other line; --uninstall removes it. \
            Both run 'crontab', or the program REMINDC_CRONTAB names. Exits with 0 on success, 1 when a file has \
            an error or an entry would be inexact, and 2 for a usage error or a path that cannot be read.
            """,
        options: [command, TimeOptions.zoneOption, allowInexact, output, install, uninstall, name, TimeOptions.nowOption],
        argument: CommandSpec.paths,
        argumentIsOptional: true
    )

    /// What the command does with the entries.
    enum Action: Equatable {
        /// Print them, or write them to a file (`-o`).
        case write(file: String?)
        case install
        case uninstall
    }

    struct Options {
        var time: TimeOptions
        var action: Action
        var command: String?
        var allowInexact: Bool
        /// The block's name.
        var name: String
        /// `--zone` as given, for the command that regenerates the block.
        var zoneGiven: String?
        var nameGiven: Bool
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        let template = arguments.value(command)
        if let template {
            if let problem = CrontabWriter.templateProblem(template) ?? shellSyntaxProblem(template, environment: invocation.environment) {
                throw usageError("--command cannot be used: \(problem)")
            }
        }
        let install = arguments.flag(Self.install), uninstall = arguments.flag(Self.uninstall)
        if install && uninstall { throw usageError("--install and --uninstall cannot both be given") }
        if (install || uninstall) && arguments.value(output) != nil {
            throw usageError("--\(install ? "install" : "uninstall") and -o cannot both be given")
        }
        if let name = arguments.value(name) {
            guard install || uninstall else { throw usageError("--name needs --install or --uninstall") }
            guard !name.isEmpty, CrontabWriter.comment(name, limit: nil) == name else {
                throw usageError("--name must be one line of text")
            }
        }
        if arguments.positionals.isEmpty && !(uninstall && arguments.value(name) != nil) {
            throw usageError("Missing expected argument '<path> ...'")
        }
        let action: Action =
            install ? .install : uninstall ? .uninstall : .write(file: arguments.value(output).flatMap { $0 == "-" ? nil : $0 })
        return Options(
            time: time, action: action, command: template, allowInexact: arguments.flag(allowInexact),
            name: arguments.value(name) ?? blockName(arguments.positionals), zoneGiven: arguments.value(TimeOptions.zoneOption),
            nameGiven: arguments.value(name) != nil, paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let time = options.time
        let installer = CrontabInstall(environment: invocation.environment)
        if options.action == .uninstall { return Outcome(installer.uninstall(name: options.name)) }

        var loaded: LoadedFiles
        switch LoadedFiles.load(
            options.paths, floatingZone: time.zone,
            check: { _, scheduled, _ in
                guard let scheduled else { return [] }
                return scheduled.scheduleDiagnostics() + OutputTarget.sharedProblems(in: scheduled)
            })
        {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let files = loaded.files
        var writing = CrontabWriter.Options(
            hostZone: time.zone, command: options.command, allowInexact: options.allowInexact,
            now: time.now, workingFolder: invocation.workingFolder)
        writing.hostZoneName = time.zoneName
        if options.action == .install {
            // The same block whatever the spelling of the paths.
            writing.regenerate =
                "remindc crontab --install --zone \(options.zoneGiven ?? time.zoneName) "
                + (options.nameGiven ? "--name '\(options.name)' " : "") + Set(options.paths.map(absolute)).sorted().joined(separator: " ")
        }
        let writer = CrontabWriter(options: writing)
        let output = writer.write(files)
        loaded.add(output.diagnostics)
        if loaded.hasErrors { return loaded.failure }
        let warnings = loaded.report
        if options.action == .install {
            let paths = files.map { absolute($0.file.path) }
            return Outcome(
                installer.install(
                    output.text, name: options.name, files: paths, zone: time.zone, zoneName: time.zoneName,
                    now: time.now, warnings: warnings))
        }
        guard case .write(let path?) = options.action else {
            return Outcome(stdout: output.text, stderr: warnings)
        }
        do {
            try AtomicFile.write(to: path) { sink in sink(Array(output.text.utf8)) }
        } catch {
            return Outcome(
                stderr: warnings + "Error: cannot write '\(TerminalText.visible(path))': \(error.localizedDescription)\n", status: 2)
        }
        return Outcome(stderr: warnings)
    }

    /// The default block name: the paths given, absolute and normalised
    /// (`reminders/`, `./reminders` and `/home/me/reminders` are one name),
    /// sorted, one line.
    static func blockName(_ paths: [String]) -> String {
        CrontabWriter.comment(Set(paths.map(absolute)).sorted().joined(separator: " "), limit: nil)
    }

    static func absolute(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        while url.path.count > 1 && url.path.hasSuffix("/") {
            url = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent)
        }
        return url.path
    }

    /// What `/bin/sh -n` says of the template with every placeholder filled, or nil.
    static func shellSyntaxProblem(_ template: String, environment: [String: String]) -> String? {
        guard let filled = try? CrontabWriter.sample(template) else { return nil }
        let checked = Subprocess.run(["/bin/sh", "-n", "-c", "{ \(filled)\n}"], environment: environment)
        guard checked.status != 0 else { return nil }
        let message = checked.errors
        // dash says "/bin/sh: 1: Syntax error: ...", bash "sh: -c: line 1: ...".
        let line = message.split(separator: "\n").first.map { line -> String in
            for prefix in ["sh: 1: ", "sh: -c: "] { if let range = line.range(of: prefix) { return String(line[range.upperBound...]) } }
            return String(line)
        }
        return "/bin/sh finds a syntax error" + (line.map { ": \($0)" } ?? "")
    }
}
