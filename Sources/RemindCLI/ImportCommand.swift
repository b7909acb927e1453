import CalendarImport
import Delivery
import FileSystem
import Foundation
import ReminderCheck
import ReminderModel
import ReminderOutput

/// `remindc import`: iCalendar files as one reminder file.
enum ImportCommand: Command {
    static let output = OptionSpec(
        names: ["-o", "--output"], valueName: "file",
        help: "Write the reminder file here, replacing it only once all is written; - is standard output.")
    static let name = OptionSpec(names: ["--name"], valueName: "name", help: "The file's name: (default: the calendar's X-WR-CALNAME).")
    static let timeZone = OptionSpec(
        names: ["--timezone"], valueName: "zone",
        help: "The file's timezone: (default: the events' most common zone).")
    static let trust = OptionSpec(
        names: ["--trust"], valueName: nil,
        help: "Import the commands actions run and the sound files of remindc's own .ics (left out otherwise).")
    static let force = OptionSpec(
        names: ["--force"], valueName: nil,
        help: "Let -o replace a file an earlier import did not write, or a file being read.")
    static let format = OptionSpec(
        names: ["--format"], valueName: "format", help: "How to print diagnostics: text, json, sarif or github.",
        allowed: CheckCommand.Format.allCases.map(\.rawValue), defaultValue: "text")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Read iCalendar files (.ics exports) as one reminder file, saying what could not be carried.",
        discussion: """
            Each event and to-do becomes a reminder: its UID its id and uid-domain, its times in its zone (a Windows \
            zone name, Outlook's, read by CLDR's table), its repeat, exceptions and additions, its alarms as 'before', \
            and what remindc's own .ics carries in X-REMINDC- properties back to its keys. What a reminder cannot hold \
            (attendees, an event's length, EMAIL alarms, ...) or what had to be guessed is reported at its line and \
            column of the .ics, on standard error, as 'check' reports. A command an action runs and a sound file \
            come only from remindc's own .ics, and only with --trust. The file is written to standard output or, \
            whole, to -o FILE, which must be new or an earlier import's (--force otherwise); it checks clean. Exits \
            with 0, 1 when an event could not be imported (then nothing is written), and 2 for a usage error or a \
            file that cannot be read or written.
            """,
        options: [output, name, timeZone, trust, force, format],
        argument: (name: "file.ics", help: "An iCalendar file.", repeating: true)
    )

    struct Options {
        var output: String?
        var name: String?
        var timeZone: String?
        var format: CheckCommand.Format
        var trust: Bool
        var force: Bool
        /// Where the person is: the zone of a calendar of all-day events
        /// that names none (`TZ`, else this machine's).
        var localZone: String
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        guard !arguments.positionals.isEmpty else { throw usageError("Name an iCalendar file to import") }
        var zone: String?
        if let text = arguments.value(Self.timeZone) {
            switch ZoneName.parse(text) {
            case .success(let parsed): zone = parsed.description
            case .failure(let message):
                throw usageError("Invalid value for --timezone: \(message.text)" + (message.hint.map { " (\($0))" } ?? ""))
            }
        }
        let format = arguments.value(Self.format).flatMap(CheckCommand.Format.init(rawValue:)) ?? .text
        let local = invocation.environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 } ?? TimeZone.current.identifier
        let localZone: String =
            switch ZoneName.parse(local) {
            case .success(.named(let name)): name
            default: "UTC"
            }
        return Options(
            output: arguments.value(Self.output).flatMap { $0 == "-" ? nil : $0 }, name: arguments.value(Self.name),
            timeZone: zone, format: format, trust: arguments.flag(Self.trust), force: arguments.flag(Self.force),
            localZone: localZone, paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        var inputs: [CalendarImporter.Input] = []
        var sources: [String: [UInt8]] = [:]
        let folder = URL(fileURLWithPath: invocation.workingFolder, isDirectory: true)
        for path in options.paths {
            let url = URL(fileURLWithPath: path, relativeTo: folder)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return Outcome(stderr: "Error: cannot read '\(TerminalText.visible(path))'\n", status: 2)
            }
            // UTF-8, as RFC 5545 asks; a byte that is not is replaced where
            // it stands, and said (the reader), so the report quotes the
            // lines as read.
            let bytes = [UInt8](data)
            inputs.append(CalendarImporter.Input(path: path, bytes: bytes))
            sources[path] = CalendarDocument.quotableText(bytes)
        }
        if let output = options.output, !options.force, let refusal = refusal(toReplace: output, reading: options.paths, in: folder) {
            return Outcome(stderr: "Error: \(refusal)\n", status: 2)
        }
        let outcome = CalendarImporter.run(
            inputs,
            options: CalendarImporter.Options(
                name: options.name, timeZone: options.timeZone,
                localZone: options.localZone,
                outputPath: options.output ?? "imported.yaml",
                trust: options.trust))
        let diagnostics = outcome.diagnostics
        var report: String
        switch options.format {
        case .json: report = JSONReporter.render(diagnostics)
        case .sarif:
            report = SARIFReporter.render(
                diagnostics, rules: Rules.descriptors, version: RemindcVersion.string, workingFolder: invocation.workingFolder)
        case .github: report = GitHubReporter.render(diagnostics)
        case .text:
            let reporter = TextReporter(colour: false)
            report = reporter.render(diagnostics, sources: sources)
            let failed = diagnostics.contains { $0.severity == .error }
            let written = failed ? "nothing written" : "\(outcome.reminders) \(outcome.reminders == 1 ? "reminder" : "reminders") imported"
            report +=
                diagnostics.isEmpty
                ? "\(written), nothing lost\n"
                : reporter.summary(diagnostics, fileCount: inputs.count)
                    .replacingOccurrences(of: "\n", with: "; \(written)\n")
        }
        // An event that could not be imported fails the run, and a failed
        // run writes nothing: the file would lack it without a word.
        let failed = diagnostics.contains { $0.severity == .error }
        guard let yaml = outcome.yaml, !failed else { return Outcome(stderr: report, status: failed ? 1 : 0) }
        guard let path = options.output else { return Outcome(stdout: yaml, stderr: report, status: failed ? 1 : 0) }
        do {
            try AtomicFile.write(to: path) { sink in sink(Array(yaml.utf8)) }
        } catch {
            return Outcome(
                stderr: report + "Error: cannot write '\(TerminalText.visible(path))': \(error.localizedDescription)\n", status: 2)
        }
        return Outcome(stderr: report, status: failed ? 1 : 0)
    }

    /// Why `-o output` may not be replaced: it is one of the files read,
    /// or a file an import did not write (its first line says); nil when
    /// it is new or an earlier import.
    static func refusal(toReplace output: String, reading inputs: [String], in folder: URL) -> String? {
        let target = URL(fileURLWithPath: output, relativeTo: folder).standardizedFileURL.resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: target.path) else { return nil }
        let shown = TerminalText.visible(output)
        for input in inputs where URL(fileURLWithPath: input, relativeTo: folder).standardizedFileURL.resolvingSymlinksInPath() == target {
            return "-o '\(shown)' is the calendar being imported; write the reminders to another file (--force replaces it)"
        }
        guard let handle = FileHandle(forReadingAtPath: target.path) else {
            return "-o '\(shown)' exists and cannot be read to see what wrote it (--force replaces it)"
        }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: CalendarImporter.header.utf8.count)) ?? Data()
        guard start == Data(CalendarImporter.header.utf8) else {
            return "-o '\(shown)' exists and no import wrote it: it is left as it is (--force replaces it)"
        }
        return nil
    }
}
