import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import ReminderViews

/// `remindc calendar`: a month grid, as text or as a page.
enum CalendarCommand: Command {
    static let month = OptionSpec(
        names: ["--month"], valueName: "month",
        help: "The first month to show: 2027-03, or a time such as today or next month (default: this month).")
    static let months = OptionSpec(names: ["--months"], valueName: "n", help: "How many months to show (default: 1, at most 24).")
    static let weekStart = OptionSpec(
        names: ["--week-start"], valueName: "day", help: "The weekday a week starts on (default: mon).",
        allowed: Weekday.allCases.map { String($0.name.prefix(3)) }, defaultValue: "mon")
    static let format = OptionSpec(
        names: ["--format"], valueName: "format", help: "text, or html: one page to print or pin up.",
        allowed: ["text", "html"], defaultValue: "text")

    static let spec = CommandSpec(
        name: "calendar",
        abstract: "Show a month as a grid: each day's reminders, days off, changes of clocks and the checker's findings.",
        discussion: """
            Weeks as rows; each day lists what fires on it (time and title), with today, the days off of the files (their \
            weekend and holidays), a change of clocks and the checker's findings at its alerts marked, and the findings \
            listed under the grid. Text fits the terminal's width (COLUMNS), in characters a pipe shows the same; \
            --format html writes a self-contained page, printable on A4 landscape, with each occurrence's alert times and \
            category, and its findings on hover. Every time is shown on --zone's clock (default: this machine's). Exits with \
            0, 1 when a file has an error, and 2 for a usage error or a path that cannot be read.
            """,
        options: [month, months, weekStart, format, TimeOptions.zoneOption, TimeOptions.nowOption],
        argument: CommandSpec.paths
    )

    struct Options {
        var time: TimeOptions
        var first: (year: Int, month: Int)
        var count: Int
        var weekStart: Weekday
        var html: Bool
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        var first = WallClock.local(at: time.now, in: time.zone).date
        if let text = arguments.value(Self.month) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]) {
                guard (1...12).contains(month) else { throw usageError("--month must be a month such as 2027-03, not '\(text)'") }
                first = CivilDate(year: year, month: month, day: 1)
            } else {
                first = WallClock.local(at: try time.instant(text, option: "--month", command: spec.name), in: time.zone).date
            }
        }
        var count = 1
        if let text = arguments.value(Self.months) {
            guard let value = Int(text), (1...24).contains(value) else {
                throw usageError("--months must be a whole number from 1 to 24, not '\(text)'")
            }
            count = value
        }
        // Every month shown in the years remindc works in (SupportedSpan);
        // the weeks around them show no day outside them.
        let lastMonth = first.year * 12 + first.month - 1 + count - 1
        guard first.year >= SupportedSpan.firstYear, lastMonth <= SupportedSpan.lastYear * 12 + 11 else {
            throw usageError(
                "--month \(first.year)-\(first.month < 10 ? "0" : "")\(first.month)"
                    + (count > 1 ? " with --months \(count)" : "")
                    + " is outside the years remindc works in, \(SupportedSpan.firstYear)-01 to \(SupportedSpan.lastYear)-12")
        }
        // The parser let only the allowed names through.
        let start = Weekday.allCases.first { $0.name.hasPrefix(arguments.value(Self.weekStart) ?? "mon") } ?? .monday
        return Options(
            time: time, first: (first.year, first.month), count: count, weekStart: start,
            html: arguments.value(Self.format) == "html", paths: arguments.positionals)
    }

    static func run(_ options: Options, invocation: Invocation) -> Outcome {
        let time = options.time
        let loaded: LoadedFiles
        switch LoadedFiles.forListing(options.paths, floatingZone: time.zone) {
        case .success(let files): loaded = files
        case .failure(let refusal): return refusal.outcome
        }
        let first = CivilDate(year: options.first.year, month: options.first.month, day: 1)
        let end = (options.first.year * 12 + options.first.month - 1) + options.count
        let last = CivilDate(year: end / 12, month: end % 12 + 1, day: 1).adding(days: -1)
        let plan = DayPlan(loaded.files, first: first, last: last, zone: time.zone, now: time.now)
        let text =
            options.html
            ? CalendarPage(weekStart: options.weekStart).write(plan, zoneName: time.zoneName)
            : CalendarWriter(weekStart: options.weekStart, width: invocation.columns ?? 120).write(plan, zoneName: time.zoneName)
        return Outcome(stdout: text, stderr: loaded.report)
    }
}
