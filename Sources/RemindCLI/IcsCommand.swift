import Delivery
import FileSystem
import Foundation
import Recurrence
import ReminderCheck
import ReminderModel
import ReminderOutput
import ReminderViews

/// `remindc ics`: the reminders as one iCalendar file.
enum IcsCommand: Command {
    static let expand = OptionSpec(
        names: ["--expand"], valueName: nil,
        help: "One component per occurrence instead of rules, for clients without RRULE or RSCALE.")
    static let from = OptionSpec(names: ["--from"], valueName: "time", help: "With --expand: the first instant (default: now).")
    static let to = OptionSpec(
        names: ["--to"], valueName: "time", help: "With --expand: occurrences before this (default: a year after --from).")
    static let limit = OptionSpec(
        names: ["--limit"], valueName: "n",
        help: "With --expand: at most this many occurrences of each reminder, the first ones.",
        defaultValue: "\(ICalendarWriter.defaultLimit)")
    static let output = OptionSpec(
        names: ["-o", "--output"], valueName: "file",
        help: "Write to this file, replacing it only once all is written; - is standard output.")
    static let soundBase = OptionSpec(
        names: ["--sound-base"], valueName: "url",
        help: "Alarm sounds as this URL followed by each sound's path (default: the sound file's absolute file: URI).")

    static let spec = CommandSpec(
        name: "ics",
        abstract: "Write reminders as iCalendar events and to-dos with alarms.",
        discussion: """
            Writes one VCALENDAR with a VTIMEZONE per zone used and a VEVENT (or VTODO) with alarms per \
            reminder, to standard output or atomically to -o FILE. With --expand, writes one component per \
            occurrence in [--from, --to) instead of rules: use it for reminders in another calendar (RSCALE, \
            which Google Calendar, Outlook, Radicale, khal, calcurse and most other clients refuse or read as \
            Gregorian) and for clients without RRULE. Each reminder gets at most --limit components, the first \
            ones; one that has more is named in a warning. Exits with 0 on success, 1 when a file has an \
            error or a reminder iCalendar cannot carry exactly (nothing is written then), and 2 for a usage \
            error or a path that cannot be read.
            """,
        options: [expand, from, to, limit, output, soundBase, TimeOptions.zoneOption, TimeOptions.nowOption],
        argument: CommandSpec.paths
    )

    struct Options {
        var time: TimeOptions
        /// With `--expand`: the span whose occurrences are written.
        var window: Window?
        var limit: Int
        /// `-o`; nil is standard output.
        var output: String?
        var soundBase: String?
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        var window: Window?
        var limit = ICalendarWriter.defaultLimit
        if let text = arguments.value(Self.limit) {
            guard arguments.flag(expand) else { throw usageError("--limit needs --expand") }
            guard let value = Int(text), value >= 1 else {
                throw usageError("--limit must be a whole number of at least 1, not '\(TerminalText.visible(text))'")
            }
            limit = value
        }
        if arguments.flag(expand) {
            window = try Window(arguments, from: from, to: to, time: time, command: spec.name)
        } else if arguments.value(from) != nil || arguments.value(to) != nil {
            throw usageError("--from and --to need --expand")
        }
        let base = try validSoundBase(arguments.value(Self.soundBase), command: spec.name)
        let output = arguments.value(Self.output).flatMap { $0 == "-" ? nil : $0 }
        return Options(time: time, window: window, limit: limit, output: output, soundBase: base, paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let (time, window, limit) = (options.time, options.window, options.limit)
        let loaded: LoadedFiles
        // What `check --for ics` reports; written expanded, with neither
        // rules nor UIDs of its own (`<id>-extra`), only what every output
        // refuses.
        let expanding = window != nil
        switch LoadedFiles.load(
            options.paths, floatingZone: time.zone,
            check: { _, scheduled, _ in
                guard let scheduled else { return [] }
                return scheduled.scheduleDiagnostics()
                    + (expanding
                        ? OutputTarget.sharedProblems(in: scheduled)
                        : OutputTarget.ics.findings(
                            in: scheduled, hostZone: time.zone, now: time.now, workingFolder: invocation.workingFolder))
            })
        {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let files = loaded.files
        var writing = ICalendarWriter.Options(
            now: time.now, window: window.map { ($0.from, $0.to) },
            soundBase: options.soundBase, workingFolder: invocation.workingFolder)
        writing.limit = limit
        writing.parallelism = Remindc.parallelism
        let writer = ICalendarWriter(options: writing)
        var warnings = loaded.report
        // One line per file: its first few reminders cut, and how many more.
        let cut = writer.cut(files)
        var paths: [String] = []
        for (path, _) in cut where paths.last != path { paths.append(path) }
        for path in paths {
            let ids = cut.filter { $0.file == path }.map { "'\(TerminalText.visible($0.id))'" }
            let named =
                ids.count == 1
                ? ids[0] + " has"
                : ids.prefix(3).joined(separator: ", ") + (ids.count > 3 ? " and \(ids.count - 3) more" : "") + " have"
            warnings +=
                "warning: \(path): \(named) more than \(limit) occurrences from \(window!.from) to \(window!.to); "
                + "only the first \(limit) of each are written (a larger --limit, or an earlier --to)\n"
        }
        guard let path = options.output else {
            var output = OutputBuffer(channel: invocation.standardOutput)
            writer.write(files) { output.append($0) }
            return Outcome(stdout: output.finish(), stderr: warnings)
        }
        do {
            try AtomicFile.write(to: path) { sink in writer.write(files, to: sink) }
        } catch {
            return Outcome(
                stderr: warnings + "Error: cannot write '\(TerminalText.visible(path))': \(error.localizedDescription)\n", status: 2)
        }
        return Outcome(stderr: warnings)
    }
}

extension IcsCommand {
    /// `--sound-base`, which must be an absolute URL (`publish` takes it too).
    static func validSoundBase(_ text: String?, command: String) throws(UsageError) -> String? {
        guard let text else { return nil }
        guard isAbsoluteURL(text) else {
            throw UsageError(
                message: "--sound-base needs an absolute URL such as https://example.com/sounds/, not '\(text)'", command: command)
        }
        return text
    }

    /// Whether `text` is an absolute URI (RFC 3986 §4.3) with no character
    /// a content line would have to escape: a scheme, a colon, then no
    /// space, control character or double quote.
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.first!.isASCII && scheme.first!.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return false }
        return text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" }
    }
}
