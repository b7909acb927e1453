import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc expand`: every occurrence of every reminder in a window, in time order.
enum ExpandCommand: Command {
    static let from = OptionSpec(names: ["--from"], valueName: "time", help: "The first instant to list (default: now).")
    static let to = OptionSpec(names: ["--to"], valueName: "time", help: "List occurrences before this (default: a year after --from).")
    static let limit = OptionSpec(names: ["--limit"], valueName: "n", help: "At most this many occurrences of each reminder.")
    static let format = OptionSpec(
        names: ["--format"], valueName: "format", help: "How to print occurrences: text, jsonl or csv.",
        allowed: OccurrenceWriter.Format.allCases.map(\.rawValue), defaultValue: "text")
    static let byDay = OptionSpec(
        names: ["--by-day"], valueName: nil, help: "In the text table, a heading for each day and its rows beneath.")

    static let spec = CommandSpec(
        name: "expand",
        abstract: "List the occurrences of reminders in time order.",
        discussion: """
            Lists occurrences in [--from, --to), merged across reminders in time order. Floating \
            reminders are placed in --zone, and the text table shows every time, the alerts' too, on its clock \
            (default: this machine's); jsonl and csv give each occurrence in its own zone. --from, --to and --now \
            take the words people say too: today, tomorrow, monday, next week, +7d, -2w. Exits with 0 on success, 1 when a file has \
            an error or a repeat that never happens, and 2 for a usage error or a path that cannot be read.
            """,
        options: [
            from, to, limit, TimeOptions.zoneOption, format, byDay, TimeOptions.nowOption,
        ],
        argument: CommandSpec.paths
    )

    struct Options {
        var time: TimeOptions
        var window: Window
        var limit: Int?
        var format: OccurrenceWriter.Format
        var groupsByDay: Bool
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        let window = try Window(arguments, from: Self.from, to: Self.to, time: time, command: spec.name)
        var limit: Int?
        if let text = arguments.value(Self.limit) {
            guard let value = Int(text), value >= 1 else {
                throw usageError("--limit must be a whole number of at least 1, not '\(text)'")
            }
            limit = value
        }
        // The parser let only the allowed names through.
        let format = arguments.value(Self.format).flatMap(OccurrenceWriter.Format.init(rawValue:)) ?? .text
        if arguments.flag(Self.byDay) && format != .text {
            throw usageError("--by-day groups the text table; jsonl and csv are one occurrence a line")
        }
        return Options(
            time: time, window: window, limit: limit, format: format, groupsByDay: arguments.flag(Self.byDay), paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let time = options.time
        let loaded: LoadedFiles
        switch LoadedFiles.forListing(options.paths, floatingZone: time.zone) {
        case .success(let files): loaded = files
        case .failure(let refusal): return refusal.outcome
        }
        let reminders = loaded.files.flatMap(\.file.reminders)
        let schedules = loaded.files.flatMap(\.schedules)
        let writer = OccurrenceWriter(
            format: options.format, reminders: reminders, showsSeconds: schedules.contains(where: hasSeconds),
            floatingZone: time.zone, displayZone: time.zone, groupsByDay: options.groupsByDay)
        var output = OutputBuffer(channel: invocation.standardOutput)
        var buffer: [UInt8] = []
        writer.header(into: &buffer)
        // The table also lists what days off leave out, marked; the
        // other formats list what fires.
        var timeline = Timeline(
            schedules, from: options.window.from, to: options.window.to, limit: options.limit,
            includingSkipped: options.format == .text)
        while let (source, occurrence) = timeline.next() {
            writer.write(occurrence, source: source, into: &buffer)
            if buffer.count >= 1 << 16 {
                output.append(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        output.append(buffer)
        return Outcome(stdout: output.finish(), stderr: loaded.report)
    }

    /// Whether a schedule can fire off the minute, so the table shows seconds.
    static func hasSeconds(_ schedule: Schedule) -> Bool {
        if schedule.start.time.second != 0 || schedule.timesOfDay.contains(where: { $0.second != 0 }) { return true }
        guard let rule = schedule.rule else { return false }
        return rule.frequency == .secondly || rule.bySecond.contains { $0 != 0 }
    }
}
