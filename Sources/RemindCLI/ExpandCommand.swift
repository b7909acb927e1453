import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc expand`: every occurrence of every reminder in a window, in time order.
enum ExpandCommand {
    static let spec = CommandSpec(
        name: "expand",
        abstract: "List the occurrences of reminders in time order.",
        discussion: """
            Lists occurrences in [--from, --to), merged across reminders in time order. Floating \
            reminders are placed in --zone for ordering. Exits with 0 on success, 1 when a file has \
            an error or a repeat that never happens, and 2 for a usage error or a path that cannot be read.
            """,
        options: [
            OptionSpec(names: ["--from"], valueName: "time", help: "The first instant to list (default: now)."),
            OptionSpec(names: ["--to"], valueName: "time", help: "List occurrences before this (default: a year after --from)."),
            OptionSpec(names: ["--limit"], valueName: "n", help: "At most this many occurrences of each reminder."),
            TimeOptions.zoneOption,
            OptionSpec(names: ["--format"], valueName: "format", help: "How to print occurrences: text, jsonl or csv.",
                       allowed: OccurrenceWriter.Format.allCases.map(\.rawValue), defaultValue: "text"),
            TimeOptions.nowOption,
        ],
        argument: (name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Outcome {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        let from = try arguments.value("--from").map { text throws(UsageError) in try time.instant(text, option: "--from", command: spec.name) } ?? time.now
        let to = try arguments.value("--to").map { text throws(UsageError) in try time.instant(text, option: "--to", command: spec.name) } ?? time.yearAfter(from)
        guard from < to else {
            throw UsageError(message: "--to must be after --from: the window from \(from) to \(to) is empty", command: spec.name)
        }
        var limit: Int?
        if let text = arguments.value("--limit") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError(message: "--limit must be a whole number of at least 1, not '\(text)'", command: spec.name)
            }
            limit = value
        }
        let format = OccurrenceWriter.Format(rawValue: arguments.value("--format") ?? "text") ?? .text

        let loaded: LoadedFiles
        switch LoadedFiles.load(arguments.positionals, floatingZone: time.zone, check: { _, scheduled, _ in
            scheduled?.scheduleDiagnostics() ?? []
        }) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let reminders = loaded.files.flatMap(\.file.reminders)
        let schedules = loaded.files.flatMap(\.schedules)
        let writer = OccurrenceWriter(format: format, reminders: reminders, showsSeconds: schedules.contains(where: hasSeconds),
                                      floatingZone: time.zone)
        var output = OutputBuffer(channel: invocation.standardOutput)
        var buffer: [UInt8] = []
        writer.header(into: &buffer)
        var timeline = Timeline(schedules, from: from, to: to, limit: limit)
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
