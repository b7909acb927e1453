import Delivery
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc crontab`: the reminders as crontab entries.
enum CrontabCommand {
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
        options: [
            OptionSpec(names: ["--command"], valueName: "template", help: "The command per occurrence, with {id}, {title}, {note}, {sound}, {category}."),
            TimeOptions.zoneOption,
            OptionSpec(names: ["--allow-inexact"], valueName: nil, help: "Write entries cron cannot make exact, marked '# inexact:'."),
            OptionSpec(names: ["-o", "--output"], valueName: "file", help: "Write to this file, replacing it only once all is written; - is standard output."),
            OptionSpec(names: ["--install"], valueName: nil, help: "Put the entries into your crontab as one block, replacing the block of the same name."),
            OptionSpec(names: ["--uninstall"], valueName: nil, help: "Remove the block from your crontab."),
            OptionSpec(names: ["--name"], valueName: "name", help: "The block's name for --install and --uninstall (default: the absolute paths)."),
            TimeOptions.nowOption,
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true),
        argumentIsOptional: true
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        if let template = arguments.value("--command") {
            if let problem = CrontabWriter.templateProblem(template) ?? shellSyntaxProblem(template, environment: invocation.environment) {
                throw UsageError(message: "--command cannot be used: \(problem)", command: spec.name)
            }
        }
        let install = arguments.flag("--install"), uninstall = arguments.flag("--uninstall")
        if install && uninstall { throw UsageError(message: "--install and --uninstall cannot both be given", command: spec.name) }
        if (install || uninstall) && arguments.value("-o") != nil {
            throw UsageError(message: "--\(install ? "install" : "uninstall") and -o cannot both be given", command: spec.name)
        }
        if let name = arguments.value("--name") {
            guard install || uninstall else { throw UsageError(message: "--name needs --install or --uninstall", command: spec.name) }
            guard !name.isEmpty, CrontabWriter.comment(name, limit: nil) == name else {
                throw UsageError(message: "--name must be one line of text", command: spec.name)
            }
        }
        if arguments.positionals.isEmpty && !(uninstall && arguments.value("--name") != nil) {
            throw UsageError(message: "Missing expected argument '<path> ...'", command: spec.name)
        }
        let name = arguments.value("--name") ?? blockName(arguments.positionals)
        if uninstall { return Outcome(CrontabInstall(environment: invocation.environment).uninstall(name: name)) }

        var loaded: LoadedFiles
        switch LoadedFiles.load(arguments.positionals, floatingZone: time.zone, check: { _, scheduled, _ in
            guard let scheduled else { return [] }
            return scheduled.scheduleDiagnostics() + OutputTarget.sharedProblems(in: scheduled.file)
        }) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let files = loaded.files
        var options = CrontabWriter.Options(hostZone: time.zone, command: arguments.value("--command"),
                                            allowInexact: arguments.flag("--allow-inexact"), now: time.now,
                                            workingFolder: invocation.workingFolder)
        options.hostZoneName = time.zoneName
        if install {
            // The same block whatever the spelling of the paths.
            options.regenerate = "remindc crontab --install --zone \(arguments.value("--zone") ?? time.zoneName) "
                + (arguments.value("--name").map { "--name '\($0)' " } ?? "") + Set(arguments.positionals.map(absolute)).sorted().joined(separator: " ")
        }
        let writer = CrontabWriter(options: options)
        let output = writer.write(files)
        loaded.add(output.diagnostics)
        if loaded.hasErrors { return loaded.failure }
        let warnings = loaded.report
        if install {
            let paths = files.map { absolute($0.file.path) }
            return Outcome(CrontabInstall(environment: invocation.environment)
                .install(output.text, name: name, files: paths, zone: time.zone, zoneName: time.zoneName, now: time.now, warnings: warnings))
        }
        guard let path = arguments.value("-o"), path != "-" else {
            return Outcome(stdout: output.text, stderr: warnings)
        }
        do {
            try AtomicFile.write(to: path) { sink in sink(Array(output.text.utf8)) }
        } catch {
            return Outcome(stderr: warnings + "Error: cannot write '\(TerminalText.visible(path))': \(error.localizedDescription)\n", status: 2)
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
        while url.path.count > 1 && url.path.hasSuffix("/") { url = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent) }
        return url.path
    }

    /// What `/bin/sh -n` says of the template with every placeholder filled, or nil.
    static func shellSyntaxProblem(_ template: String, environment: [String: String]) -> String? {
        let filled = CrontabWriter.placeholders.reduce(template.replacingOccurrences(of: "{{", with: "")) {
            $0.replacingOccurrences(of: "{\($1)}", with: "x")
        }
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
