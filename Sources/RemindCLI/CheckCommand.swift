import Foundation
import Recurrence
import ReminderCheck
import ReminderModel
import ReminderOutput

/// `remindc check`: validates reminder files, runs the checker's rules, and
/// reports every problem.
enum CheckCommand: Command {
    /// How the diagnostics are printed.
    enum Format: String, CaseIterable {
        case text, json, sarif, github
    }

    static let format = OptionSpec(
        names: ["--format"], valueName: "format", help: "How to print diagnostics: text, json, sarif or github.",
        allowed: Format.allCases.map(\.rawValue), defaultValue: "text")
    static let horizon = OptionSpec(
        names: ["--horizon"], valueName: "duration",
        help: "How far ahead the schedule rules look: a duration such as 90d or 26w (default: 365d).")
    static let targets = OptionSpec(
        names: ["--for"], valueName: "outputs",
        help: "Also run the checks of these outputs, as their commands would: ics, crontab, systemd (comma-separated).")
    static let strict = OptionSpec(names: ["--strict"], valueName: nil, help: "Fail on warnings as well as errors.")
    static let quiet = OptionSpec(names: ["--quiet"], valueName: nil, help: "Print errors only.")

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
        options: [format, horizon, targets, strict, quiet, TimeOptions.zoneOption, TimeOptions.nowOption],
        argument: CommandSpec.paths
    )

    struct Options {
        var run: CheckRun.Options
        var format: Format
        var quiet: Bool
        var strict: Bool
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        var seconds = 365 * secondsPerDay
        if let text = arguments.value(horizon) {
            let tooLong = usageError("--horizon \(text) reaches past the span remindc works in, \(SupportedSpan.description)")
            switch NominalDuration.parse(text) {
            case .success(let parsed) where parsed.nominalSeconds > 0:
                seconds = parsed.nominalSeconds
            case .failure(.durationTooLong(text)):
                throw tooLong
            default:
                throw usageError("--horizon must be a positive duration such as 90d or 26w, not '\(text)'")
            }
            guard seconds <= SupportedSpan.instants.upperBound.seconds(since: time.now) else { throw tooLong }
        }
        let format =
            arguments.value(format).flatMap(Format.init(rawValue:))
            ?? (invocation.environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
        let quiet = arguments.flag(quiet), strict = arguments.flag(strict)
        // Quiet, only errors are printed; warnings still decide the exit status under --strict.
        let severities: Set<Severity> = !quiet ? Set(Severity.allCases) : strict ? [.error, .warning] : [.error]
        var outputs: Set<OutputTarget> = []
        for name in arguments.value(targets)?.split(separator: ",", omittingEmptySubsequences: false) ?? [] {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let target = OutputTarget(rawValue: trimmed) else {
                let message = Message.unknownTarget(trimmed)
                throw usageError("--for: \(message.text)\(message.hint.map { "; \($0)" } ?? "")")
            }
            outputs.insert(target)
        }
        let checker = Checker.Options(now: time.now, horizon: seconds, floatingZone: time.zone, parallelism: Remindc.parallelism)
        return Options(
            run: CheckRun.Options(checker: checker, targets: outputs, severities: severities, workingFolder: invocation.workingFolder),
            format: format, quiet: quiet, strict: strict, paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let (format, quiet) = (options.format, options.quiet)
        var run = CheckRun(options: options.run)
        var loaded: LoadedFiles
        switch LoadedFiles.load(
            options.paths, floatingZone: options.run.checker.floatingZone, keepFiles: false,
            showsSource: { format == .text && (!quiet || $0.severity == .error) },
            check: { result, scheduled, disposal in
                run.check(result, scheduled: scheduled, release: { disposal.dispose($0) })
            })
        {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome(in: format, workingFolder: invocation.workingFolder)
        }
        loaded.insert(run.acrossFiles(release: { Disposal.leftToExit.dispose($0) }))
        let diagnostics = loaded.diagnostics
        let shown = quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        var output: String
        switch format {
        case .json:
            output = JSONReporter.render(shown)
        case .sarif:
            output = SARIFReporter.render(
                shown, rules: Rules.descriptors, version: RemindcVersion.string, workingFolder: invocation.workingFolder)
        case .github:
            output = GitHubReporter.render(shown)
        case .text:
            let reporter = TextReporter(colour: invocation.wantsColour)
            output = reporter.render(shown, sources: loaded.sources, summarisingAfter: .perRule)
            if !quiet { output += reporter.summary(diagnostics, fileCount: loaded.fileCount) }
        }
        let failed = diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
        // Thousands of diagnostics take a while to free, and the process
        // ends once the output is written.
        Disposal.leftToExit.dispose(loaded)
        return Outcome(stdout: output, status: failed ? 1 : 0)
    }
}
