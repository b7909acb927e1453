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
            {note}, {sound} and {category} replaced (default: a desktop notification with notify-send, and \
            paplay for a sound file). Reports what cron cannot do exactly (exit 1 unless --allow-inexact) and \
            where its daylight-saving behaviour differs. --install merges the entries into your crontab between \
            '# BEGIN remindc' and '# END remindc' lines, keeping every other line. Exits with 0 on success, 1 \
            when a file has an error or an entry would be inexact, and 2 for a usage error or a path that \
            cannot be read.
            """,
        options: [
            OptionSpec(names: ["--command"], valueName: "template", help: "The command per occurrence, with {id}, {title}, {note}, {sound}, {category}."),
            TimeOptions.zoneOption,
            OptionSpec(names: ["--allow-inexact"], valueName: nil, help: "Write entries cron cannot make exact, marked '# inexact:'."),
            OptionSpec(names: ["-o", "--output"], valueName: "file", help: "Write to this file, replacing it only once all is written."),
            OptionSpec(names: ["--install"], valueName: nil, help: "Merge the entries into your crontab (crontab -l, then crontab -)."),
            TimeOptions.nowOption,
        ],
        argument: (name: "path", help: "A reminder file, or a folder: every *.yaml and *.yml file below it.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        if let template = arguments.value("--command"), let problem = CrontabWriter.templateProblem(template) {
            throw UsageError(message: "--command cannot be used: \(problem)", command: spec.name)
        }
        if arguments.flag("--install") && arguments.value("-o") != nil {
            throw UsageError(message: "--install and -o cannot both be given", command: spec.name)
        }
        var loaded: LoadedFiles
        switch LoadedFiles.load(arguments.positionals, check: { result, _ in result.file?.scheduleDiagnostics() ?? [] }) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let files = loaded.files
        let writer = CrontabWriter(options: .init(hostZone: time.zone, command: arguments.value("--command"),
                                                  allowInexact: arguments.flag("--allow-inexact"), now: time.now))
        let output = writer.write(files)
        loaded.add(output.diagnostics)
        if loaded.hasErrors { return loaded.failure }
        let warnings = loaded.report
        if arguments.flag("--install") {
            // The label names the files on one comment line, whatever their names hold.
            let label = CrontabWriter.comment(files.map(\.path).joined(separator: " "), limit: nil)
            return install(output.text, label: label, warnings: warnings)
        }
        guard let path = arguments.value("-o") else {
            return Outcome(stdout: output.text, stderr: warnings)
        }
        do {
            try AtomicFile.write(to: path) { sink in sink(Array(output.text.utf8)) }
        } catch {
            return Outcome(stderr: warnings + "Error: cannot write '\(path)': \(error.localizedDescription)\n", status: 2)
        }
        return Outcome(stderr: warnings)
    }

    /// Merges `text` into the user's crontab between `# BEGIN remindc <label>`
    /// and `# END remindc <label>`, keeping every other line byte for byte;
    /// the new crontab is checked with `crontab -n` (where the cron has it)
    /// before `crontab -` installs it, so a failure leaves the old one.
    static func install(_ text: String, label: String, warnings: String) -> Outcome {
        let current = runCrontab(["-l"], input: nil)
        // `crontab -l` fails when the user has no crontab yet: start from nothing.
        let existing = current.status == 0 ? current.output : ""
        let merged = CrontabMerge.merge(existing: existing, block: text, label: label)
        // Debian's crontab checks syntax with -n; cronie's -n names a host, so
        // ask its help first.
        let help = runCrontab(["-h"], input: nil)
        if (help.output + help.errors).contains("dry run") {
            let check = runCrontab(["-n", "-"], input: merged)
            if check.status != 0 {
                return Outcome(stderr: warnings + "Error: crontab -n rejected the new crontab; nothing was installed:\n" + check.errors, status: 1)
            }
        }
        let installed = runCrontab(["-"], input: merged)
        guard installed.status == 0 else {
            return Outcome(stderr: warnings + "Error: crontab - failed; the old crontab stays:\n" + installed.errors, status: 1)
        }
        return Outcome(stderr: warnings)
    }

    static func runCrontab(_ arguments: [String], input: String?) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["crontab"] + arguments
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        do { try process.run() } catch { return (127, "", "cannot run crontab: \(error)\n") }
        // A crontab that exits early must not take remindc down with SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        signal(SIGPIPE, previous)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }
}

/// The block remindc owns in a crontab, replaced in place or appended.
enum CrontabMerge {
    static func merge(existing: String, block: String, label: String) -> String {
        let begin = "# BEGIN remindc \(label)"
        let end = "# END remindc \(label)"
        let wrapped = begin + "\n" + block + (block.hasSuffix("\n") ? "" : "\n") + end + "\n"
        var lines = existing.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        if let first = lines.firstIndex(of: begin), let last = lines[first...].firstIndex(of: end) {
            let before = lines[..<first].map { $0 + "\n" }.joined()
            let after = lines[(last + 1)...].map { $0 + "\n" }.joined()
            return before + wrapped + after
        }
        let prefix = existing.isEmpty || existing.hasSuffix("\n") ? existing : existing + "\n"
        return prefix + wrapped
    }
}
