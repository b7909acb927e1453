import Foundation
import Recurrence
import ReminderOutput
import Support

/// `remindc calendar --format text`: each month of a `DayPlan` as a grid,
/// weeks as rows, in plain characters a terminal and a pipe show alike:
///
///     December 2026 (Europe/London)
///     +-----------------+-----------------+-- ...
///     | Mon             | Tue             |
///     +-----------------+-----------------+-- ...
///     |  1              |  2              |
///     | 09:00 Stand-up  | 09:00 Stand-up  |
///
/// A day's first line is its number, `[5]` for today, then marks: `!` a
/// finding of the checker at an alert that day, `~` a change of clocks,
/// `=` a day off (with a holiday's name). Then its occurrences (time and
/// title; `all day`; in parentheses when a day off skips it, `!` before
/// one with a finding; a reminder's three or more of the day as one line,
/// `09:17 ×12`, from its first), as many as `linesPerDay` allows, the last
/// line saying how many more. A legend follows the grid, and the findings,
/// listed. Widths are display columns (a CJK character or an emoji takes
/// two), cut with `…`.
package struct CalendarWriter {
    package var weekStart: Weekday
    /// The width to fill; each day gets a seventh of it.
    package var width: Int
    package var linesPerDay: Int

    package init(weekStart: Weekday = .monday, width: Int = 120, linesPerDay: Int = 8) {
        self.weekStart = weekStart
        self.width = width
        self.linesPerDay = max(2, linesPerDay)
    }

    package func write(_ plan: DayPlan, zoneName: String) -> String {
        let cell = max(10, (width - 1) / 7 - 1)
        let rule = "+" + String(repeating: String(repeating: "-", count: cell) + "+", count: 7) + "\n"
        let byDate = Dictionary(plan.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        var out = ""
        for (year, month) in Self.months(of: plan) {
            if !out.isEmpty { out += "\n" }
            out += "\(Self.monthNames[month - 1]) \(year) (\(zoneName))\n" + rule
            out +=
                "|"
                + (0..<7).map { offset in
                    DisplayWidth.fit(" " + Self.weekday(weekStart, plus: offset).name.prefix(3).capitalized, columns: cell)
                }.joined(separator: "|") + "|\n" + rule
            let first = CivilDate(year: year, month: month, day: 1)
            let lead = (first.weekday.rawValue - weekStart.rawValue + 7) % 7
            var weekFirst = first.adding(days: -lead)
            while weekFirst.year < year || (weekFirst.year == year && weekFirst.month <= month) {
                let week = (0..<7).map { weekFirst.adding(days: $0) }
                let cells = week.map { date -> [String] in
                    guard date.month == month, let day = byDate[date] else { return [] }
                    return lines(of: day, columns: cell)
                }
                let height = max(1, cells.map(\.count).max() ?? 1)
                for row in 0..<height {
                    out += "|" + cells.map { DisplayWidth.fit(row < $0.count ? $0[row] : "", columns: cell) }.joined(separator: "|") + "|\n"
                }
                out += rule
                weekFirst = weekFirst.adding(days: 7)
            }
        }
        // The legend, its items on as many lines as the width needs.
        var legend = ""
        for item in Self.legend {
            if !legend.isEmpty && DisplayWidth.of(legend) + 3 + DisplayWidth.of(item) > max(width, 40) {
                out += legend + "\n"
                legend = ""
            }
            legend += (legend.isEmpty ? "" : "   ") + item
        }
        out += legend + "\n"
        let findings = plan.days.flatMap { day in
            day.entries.flatMap { entry in entry.findings.map { (day.date, entry, $0) } }
        }
        if !findings.isEmpty {
            out += "\n"
            for (date, entry, finding) in findings.prefix(Self.findingsListed) {
                let at = entry.isAllDay ? "all day" : DayPlan.clock(entry.shown.time)
                out +=
                    DisplayWidth.fit(
                        "! \(date) \(at) \(entry.reminderID): \(finding.rule): \(TerminalText.inline(finding.message))",
                        columns: max(width, 40),
                        pad: false) + "\n"
            }
            if findings.count > Self.findingsListed {
                out += "! and \(findings.count - Self.findingsListed) more ('remindc check' lists them all)\n"
            }
        }
        return out
    }

    /// The marks the grid uses, as its legend says them.
    static let legend = [
        "[5] today", "= a day off", "~ the clocks change", "! a finding of the checker (listed below)", "(09:00 ...) skipped on a day off",
    ]

    /// At most this many findings are listed under the grid.
    static let findingsListed = 40

    /// A day's lines: its number and marks, then its occurrences.
    func lines(of day: DayPlan.Day, columns: Int) -> [String] {
        let number = day.isToday ? "[\(day.date.day)]" : (day.date.day < 10 ? " \(day.date.day)" : "\(day.date.day)")
        var marks = ""
        if day.entries.contains(where: { !$0.findings.isEmpty }) { marks += " !" }
        if day.clockChange != nil { marks += " ~" }
        var heading = " " + number + marks
        // A holiday is named; a weekend day is plain to see.
        if let off = day.dayOff { heading += off == day.date.weekday.name.capitalized ? " =" : " = " + TerminalText.inline(off) }
        var lines = [heading]
        // Only the runs the cell shows are written out; the rest are counted.
        let runs = day.runs
        let room = linesPerDay - 1
        let shown = runs.count <= room ? runs[...] : runs.prefix(room - 1)
        lines += shown.map { run in
            let entry = run[0]
            let time = entry.isAllDay ? "all day" : DayPlan.clock(entry.shown.time)
            // `+`: more of it that day than a view lists.
            let more = run.last!.more ? "+" : ""
            let text = time + (run.count > 1 || !more.isEmpty ? " ×\(run.count)\(more)" : "") + " " + TerminalText.inline(entry.title)
            return (run.allSatisfy { $0.findings.isEmpty } ? " " : "!")
                + (entry.skippedFor != nil && run.count == 1 ? "(" + text + ")" : text)
        }
        if runs.count > room { lines.append(" +\(runs.count - room + 1) more") }
        return lines
    }

    /// The months the plan's days cover, in order.
    static func months(of plan: DayPlan) -> [(year: Int, month: Int)] {
        var months: [(year: Int, month: Int)] = []
        for day in plan.days where months.last.map({ $0 != (day.date.year, day.date.month) }) ?? true {
            months.append((day.date.year, day.date.month))
        }
        return months
    }

    static func weekday(_ start: Weekday, plus offset: Int) -> Weekday {
        Weekday(rawValue: (start.rawValue - 1 + offset) % 7 + 1)!
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
