import ReminderModel
import ReminderOutput

/// `remindc check`: validates reminder files and reports every problem.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check reminder files and report every problem at its line and column.",
        discussion: """
            Exits with 0 when no file has an error (with --strict, no warning either), 1 when one \
            has, and 2 for a usage error or a path that cannot be read.
            """,
        options: [
            OptionSpec(names: ["--format"], valueName: "format", help: "How to print diagnostics: text.",
                       allowed: ["text"], defaultValue: "text"),
            OptionSpec(names: ["--strict"], valueName: nil, help: "Fail on warnings as well as errors."),
            OptionSpec(names: ["--quiet"], valueName: nil, help: "Print errors only."),
            TimeOptions.nowOption,
        ],
        argument: (name: "path", help: "A reminder file, or a folder: every *.yaml and *.yml file below it.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        _ = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        let inputs: Inputs
        switch Inputs.read(arguments.positionals) {
        case .success(let read): inputs = read
        case .failure(let error): return error.outcome
        }
        var diagnostics: [Diagnostic] = []
        var sources: [String: [UInt8]] = [:]
        for file in inputs.files {
            let result = ReminderFile.load(file.bytes, path: file.path)
            let found = Diagnostic.sortedForReport(result.diagnostics + (result.file?.scheduleDiagnostics() ?? []))
            diagnostics += found
            if !found.isEmpty { sources[file.path] = file.bytes }
        }
        let quiet = arguments.flag("--quiet")
        let shown = quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        let reporter = TextReporter(colour: wantsColour(invocation))
        var output = reporter.render(shown, sources: sources)
        if !quiet {
            output += reporter.summary(diagnostics, fileCount: inputs.files.count)
        }
        let failing: Set<Severity> = arguments.flag("--strict") ? [.error, .warning] : [.error]
        let failed = diagnostics.contains { failing.contains($0.severity) }
        return Outcome(stdout: output, status: failed ? 1 : 0)
    }

    /// Colour on a terminal, unless `NO_COLOR` is set (to anything) or `TERM` is `dumb`.
    static func wantsColour(_ invocation: Invocation) -> Bool {
        invocation.stdoutIsTerminal && invocation.environment["NO_COLOR"] == nil && invocation.environment["TERM"] != "dumb"
    }
}
