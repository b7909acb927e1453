import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import ReminderViews

/// `remindc agenda`: the coming days, grouped by day in one clock, with
/// each occurrence's alert times and marks.
enum AgendaCommand: Command {
    static let days = OptionSpec(names: ["--days"], valueName: "n", help: "How many days to show, today first (default: 7).")
    static let from = OptionSpec(
        names: ["--from"], valueName: "time", help: "The first day to show (default: today): a date, or a word such as tomorrow or monday.")

    static let spec = CommandSpec(
        name: "agenda",
        abstract: "Show the coming days: what fires each day, with its alert times.",
        discussion: """
            Each day that holds something, under a heading that names it off (a weekend day or a holiday of the files) \
            and a change of clocks, then one line per occurrence: its alert times ('Fri 18:00' for another day's), its \
            time, its title, and marks: a to-do, a move off a day off, a skip, a time the clocks skip, and the checker's \
            findings at its alerts (same-time, too-close, quiet-hours, too-many-per-hour). Every time is shown on --zone's \
            clock (default: this machine's). Colour on a terminal, none in a pipe or with NO_COLOR. Exits with 0, 1 when \
            a file has an error, and 2 for a usage error or a path that cannot be read.
            """,
        options: [days, from, TimeOptions.zoneOption, TimeOptions.nowOption],
        argument: CommandSpec.paths
    )

    struct Options {
        var time: TimeOptions
        var first: CivilDate
        var days: Int
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        var count = 7
        if let text = arguments.value(Self.days) {
            guard let value = Int(text), (1...366).contains(value) else {
                throw usageError("--days must be a whole number from 1 to 366, not '\(text)'")
            }
            count = value
        }
        let start =
            try arguments.value(Self.from).map { text throws(UsageError) in try time.instant(text, option: "--from", command: spec.name) }
            ?? time.now
        return Options(time: time, first: WallClock.local(at: start, in: time.zone).date, days: count, paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let time = options.time
        let loaded: LoadedFiles
        switch LoadedFiles.forListing(options.paths, floatingZone: time.zone) {
        case .success(let files): loaded = files
        case .failure(let refusal): return refusal.outcome
        }
        let plan = DayPlan(
            loaded.files, first: options.first, last: options.first.adding(days: options.days - 1), zone: time.zone, now: time.now)
        let text = AgendaWriter(colour: invocation.wantsColour, width: invocation.columns).write(plan)
        return Outcome(stdout: text, stderr: loaded.report)
    }
}
