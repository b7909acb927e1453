import Foundation
import Recurrence
import ReminderOutput
import Support

/// `remindc agenda`: the days of a `DayPlan` that hold something, each
/// under a heading, one line per occurrence:
///
///     Saturday 2026-12-05 (today)
///       08:45, 08:55 → 09:00    Stand-up
///            Fri 18:00 → all day  Bins out  [moved from Tue 2026-12-01: Christmas Day]
///
/// The alert times (the day's own as `08:45`, another day's within a week
/// as `Fri 18:00`, a further one as `11-28 18:00`) and an arrow when an
/// alert is not the occurrence itself, the occurrence's time (`all day`),
/// the title, and marks: `to-do`, a move off a day off, a skip, a time
/// the clocks skipped, and the checker's findings at its alerts (`!
/// same-time: ...`). A day's heading names it off and a change of clocks.
/// Lines are cut to `width` columns when one is given (a terminal's),
/// measured in display columns: the title first, to 12 at least, then the
/// marks.
package struct AgendaWriter {
    package var colour: Bool
    /// The terminal's width in columns; nil: lines as long as they are.
    package var width: Int?

    package init(colour: Bool = false, width: Int? = nil) {
        self.colour = colour
        self.width = width
    }

    package func write(_ plan: DayPlan) -> String {
        let shown = plan.days.filter { !$0.entries.isEmpty || $0.isToday }
        guard plan.days.contains(where: { !$0.entries.isEmpty }) else {
            return "Nothing from \(plan.days.first?.date.description ?? "") to \(plan.days.last?.date.description ?? "").\n"
        }
        let lines = shown.map { day in day.entries.map { (alerts: Self.alerts(of: $0, on: day.date), entry: $0) } }
        let alertWidth = lines.joined().map { DisplayWidth.of($0.alerts) }.max() ?? 0
        let titleWidth = min(lines.joined().map { DisplayWidth.of(TerminalText.inline($0.entry.title)) }.max() ?? 0, 48)
        var out = ""
        for (day, entries) in zip(shown, lines) {
            if !out.isEmpty { out += "\n" }
            var heading = "\(day.date.weekday.name.capitalized) \(day.date)"
            var notes: [String] = []
            if day.isToday { notes.append("today") }
            if let off = day.dayOff { notes.append("day off: \(TerminalText.inline(off))") }
            if let change = day.clockChange { notes.append("clocks \(change)") }
            if !notes.isEmpty { heading += " (" + notes.joined(separator: "; ") + ")" }
            if let width { heading = DisplayWidth.fit(heading, columns: width, pad: false) }
            out += TerminalStyle.bold.paint(heading, if: colour) + "\n"
            if entries.isEmpty { out += "  nothing\n" }
            for (alerts, entry) in entries {
                let at = entry.isAllDay ? "all day" : DayPlan.clock(entry.shown.time)
                var line = "  " + String(repeating: " ", count: alertWidth - DisplayWidth.of(alerts)) + alerts
                line += (alerts.isEmpty ? "  " : " → ") + at + String(repeating: " ", count: 7 - at.count) + "  "
                var marks = Self.marks(of: entry)
                var title = TerminalText.inline(entry.title)
                if let width {
                    // The title takes what the columns and the marks leave
                    // (12 columns at least); the marks then take what the
                    // title leaves, the last one cut.
                    let markWidth = marks.isEmpty ? 0 : 1 + marks.map { DisplayWidth.of($0.text) + 3 }.reduce(0, +)
                    title = DisplayWidth.fit(
                        title, columns: max(12, min(titleWidth, width - DisplayWidth.of(line) - markWidth)), pad: !marks.isEmpty)
                    var room = width - DisplayWidth.of(line) - DisplayWidth.of(title) - 2
                    var kept: [(text: String, style: TerminalStyle?)] = []
                    for mark in marks {
                        let needed = DisplayWidth.of(mark.text) + 2 + (kept.isEmpty ? 0 : 1)
                        if needed <= room {
                            kept.append(mark)
                            room -= needed
                        } else {
                            let left = room - 2 - (kept.isEmpty ? 0 : 1)
                            if left >= 4 { kept.append((DisplayWidth.fit(mark.text, columns: left, pad: false), mark.style)) }
                            break
                        }
                    }
                    marks = kept
                    if marks.isEmpty { while title.hasSuffix(" ") { title.removeLast() } }
                } else if !marks.isEmpty {
                    title = DisplayWidth.fit(title, columns: max(titleWidth, DisplayWidth.of(title)))
                }
                line += entry.skippedFor != nil ? TerminalStyle.dim.paint(title, if: colour) : title
                if !marks.isEmpty {
                    line +=
                        "  "
                        + marks.map { mark in mark.style.map { $0.paint("[\(mark.text)]", if: colour) } ?? "[\(mark.text)]" }
                        .joined(separator: " ")
                }
                out += line + "\n"
            }
        }
        return out
    }

    /// The alert times of `entry`, as read on `day`; empty when its one
    /// alert is the occurrence itself.
    static func alerts(of entry: DayPlan.Entry, on day: CivilDate) -> String {
        if entry.alerts.count == 1, entry.alerts[0].instant == entry.instant, !entry.isAllDay { return "" }
        return entry.alerts.map { alert in
            let time = DayPlan.clock(alert.shown.time)
            let distance = day.dayNumber.distance(to: alert.shown.date.dayNumber)
            if distance == 0 { return time }
            if (-6...6).contains(distance) { return String(alert.shown.date.weekday.name.prefix(3)).capitalized + " " + time }
            let date = alert.shown.date.description
            return (alert.shown.date.year == day.year ? String(date.dropFirst(5)) : date) + " " + time
        }.joined(separator: ", ")
    }

    /// The marks after a title, each with the style it is painted in.
    static func marks(of entry: DayPlan.Entry) -> [(text: String, style: TerminalStyle?)] {
        var marks: [(String, TerminalStyle?)] = []
        if entry.isTodo { marks.append(("to-do", nil)) }
        if let moved = entry.movedFrom {
            marks.append(
                (
                    "moved from \(String(moved.day.weekday.name.prefix(3)).capitalized) \(moved.day): \(TerminalText.visible(moved.reason))",
                    .cyan
                ))
        }
        if let reason = entry.skippedFor { marks.append(("skipped: \(TerminalText.visible(reason))", .dim)) }
        if entry.clockAdjusted { marks.append(("clocks skip its time", .cyan)) }
        if entry.more { marks.append(("and more this day", .dim)) }
        for finding in entry.findings { marks.append(("! \(finding.rule): \(TerminalText.inline(finding.message))", .yellow)) }
        return marks
    }
}
