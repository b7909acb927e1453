import Foundation
import Recurrence
import ReminderCheck
import ReminderModel
import ReminderOutput

/// `remindc check`: validates reminder files, runs the checker's rules, and
/// reports every problem.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check reminder files and report every problem at its line and column.",
        discussion: """
            Reads every file, reports what the format forbids, then runs the checker's rules (see 'remindc \
            rules') over the occurrences in [--now, --now + --horizon], and the own checks of each output named \
            by --for or by a file's 'lint: {targets: [...]}' (what every output refuses, a fraction of a second, \
            always). A file with errors is checked as far as it decoded. Exits with 0 when no file has an \
            error (with --strict, no warning either), 1 when one has, and 2 for a usage error or a path that \
            cannot be read. Under GitHub Actions (GITHUB_ACTIONS set) the default format is github.
            """,
        options: [
            OptionSpec(names: ["--format"], valueName: "format", help: "How to print diagnostics: text, json, sarif or github.",
                       allowed: ["text", "json", "sarif", "github"], defaultValue: "text"),
            OptionSpec(names: ["--horizon"], valueName: "duration", help: "How far ahead the schedule rules look: a duration such as 90d or 26w (default: 365d)."),
            OptionSpec(names: ["--for"], valueName: "outputs",
                       help: "Also run the checks of these outputs, as their commands would: ics, crontab, systemd (comma-separated)."),
            OptionSpec(names: ["--strict"], valueName: nil, help: "Fail on warnings as well as errors."),
            OptionSpec(names: ["--quiet"], valueName: nil, help: "Print errors only."),
            TimeOptions.zoneOption,
            TimeOptions.nowOption,
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        var horizon = 365 * secondsPerDay
        if let text = arguments.value("--horizon") {
            let duration: NominalDuration
            switch NominalDuration.parse(text) {
            case .success(let parsed) where parsed.nominalSeconds > 0:
                duration = parsed
            case .failure(let message) where message.text == Message.durationTooLong(text).text:
                throw UsageError(message: "--horizon \(text) reaches past the span remindc works in, \(SupportedSpan.description)",
                                 command: spec.name)
            default:
                throw UsageError(message: "--horizon must be a positive duration such as 90d or 26w, not '\(text)'", command: spec.name)
            }
            horizon = duration.nominalSeconds
            guard horizon <= SupportedSpan.instants.upperBound.seconds(since: time.now) else {
                throw UsageError(message: "--horizon \(text) reaches past the span remindc works in, \(SupportedSpan.description)",
                                 command: spec.name)
            }
        }
        let format = arguments.value("--format") ?? (invocation.environment["GITHUB_ACTIONS"] == "true" ? "github" : "text")
        let quiet = arguments.flag("--quiet"), strict = arguments.flag("--strict")
        // Quiet, only errors are printed; warnings still decide the exit status under --strict.
        let severities: Set<Severity> = !quiet ? Set(Severity.allCases) : strict ? [.error, .warning] : [.error]
        let options = Checker.Options(now: time.now, horizon: horizon, floatingZone: time.zone)
        var targets: [OutputTarget] = []
        for name in arguments.value("--for")?.split(separator: ",", omittingEmptySubsequences: false) ?? [] {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let target = OutputTarget(rawValue: trimmed) else {
                let message = Message.unknownTarget(trimmed)
                throw UsageError(message: "--for: \(message.text)\(message.hint.map { "; \($0)" } ?? "")", command: spec.name)
            }
            if !targets.contains(target) { targets.append(target) }
        }
        var loaded: LoadedFiles
        // Every file's reminders whose times are as written, for the checks
        // across files.
        var acrossFiles: [ScheduledFile] = []
        switch LoadedFiles.load(arguments.positionals, floatingZone: time.zone, keepFiles: false,
                                showsSource: { format == "text" && (!quiet || $0.severity == .error) },
                                check: { result, scheduled, disposal in
            // A file with errors is checked as far as it decoded.
            guard let decoded = result.decoded else { return [] }
            let whole = scheduled ?? ScheduledFile(decoded, floatingZone: time.zone)
            let context = CheckContext(whole, implicitlyTyped: result.implicitlyTyped, now: options.now, horizon: options.horizon,
                                       targets: Set(targets))
            var found = Checker.check(context, leavingOutOfTimeRules: result.wrongTimes)
            disposal.dispose(context)
            // The outputs' own checks, for reminders whose times are as written.
            let timed = result.wrongTimes.isEmpty ? whole : ScheduledFile(decoded.leavingOut(result.wrongTimes), floatingZone: time.zone)
            acrossFiles.append(timed)
            var written = OutputTarget.sharedProblems(in: timed.file)
            for target in OutputTarget.allCases where targets.contains(target) || decoded.lint.targets.contains(target) {
                written += target.problems(in: timed, hostZone: time.zone, now: time.now, workingFolder: invocation.workingFolder)
            }
            if !written.isEmpty { found = Diagnostic.sortedForReport(Array(Set(found + written))) }
            return found.filter { severities.contains($0.severity) }
        }) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        // Quiet and not strict, warnings change nothing: the sweep is left out.
        let across = AcrossFiles.check(acrossFiles, options: options, sweeping: severities.contains(.warning))
        loaded.insert(across.filter { severities.contains($0.severity) })
        Disposal.leftToExit.dispose(acrossFiles)
        let diagnostics = loaded.diagnostics
        let shown = quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        var output: String
        switch format {
        case "json":
            output = JSONReporter.render(shown)
        case "sarif":
            output = SARIFReporter.render(shown, rules: Rules.descriptors, version: RemindcVersion.string,
                                          workingFolder: invocation.workingFolder)
        case "github":
            output = GitHubReporter.render(shown)
        default:
            let reporter = TextReporter(colour: wantsColour(invocation))
            output = reporter.render(shown, sources: loaded.sources)
            if !quiet { output += reporter.summary(diagnostics, fileCount: loaded.fileCount) }
        }
        let failed = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        // Thousands of diagnostics take a while to free, and the process
        // ends once the output is written.
        Disposal.leftToExit.dispose(loaded)
        return Outcome(stdout: output, status: failed ? 1 : 0)
    }

    /// Colour on a terminal, unless `NO_COLOR` is set (to anything) or `TERM` is `dumb`.
    static func wantsColour(_ invocation: Invocation) -> Bool {
        invocation.stdoutIsTerminal && invocation.environment["NO_COLOR"] == nil && invocation.environment["TERM"] != "dumb"
    }
}
