import Foundation
import Recurrence
import ReminderOutput
import Support

/// `remindc calendar --format html`: each month of a `DayPlan` as one
/// self-contained page (no scripts, nothing fetched, printable on A4
/// landscape): a grid of weeks whose days list their occurrences with
/// their times, alert times, titles and categories; days off shaded,
/// today outlined, a change of clocks and the checker's findings marked
/// (each finding's message on hover, and all of them listed under the
/// grid). A reminder's three or more occurrences of a day are one line
/// (`09:17–20:17 Drink water ×12`). Every line carries `data-utc` (its
/// occurrences' instants), `data-alerts` (their alerts' instants),
/// `data-skipped` (the instants of those a day off skips), `data-reminder`
/// and `data-file`, and every day `data-date`, for a program to read back.
package struct CalendarPage {
    package var weekStart: Weekday

    package init(weekStart: Weekday = .monday) {
        self.weekStart = weekStart
    }

    package func write(_ plan: DayPlan, zoneName: String) -> String {
        let months = CalendarWriter.months(of: plan)
        let byDate = Dictionary(plan.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let title = months.map { "\(CalendarWriter.monthNames[$0.month - 1]) \($0.year)" }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="remindc">
            <title>Reminders: \(Self.escaped(title.first ?? ""))\(title.count > 1 ? " to " + Self.escaped(title.last!) : "")</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>

            """
        for (year, month) in months {
            out += "<section class=\"month\" data-month=\"\(year)-\(month < 10 ? "0" : "")\(month)\">\n"
            out +=
                "<h1>\(CalendarWriter.monthNames[month - 1]) \(year)</h1>\n<p class=\"zone\">Times on the clock of \(Self.escaped(zoneName)).</p>\n"
            out += "<table>\n<thead><tr>"
            for offset in 0..<7 { out += "<th>\(CalendarWriter.weekday(weekStart, plus: offset).name.capitalized)</th>" }
            out += "</tr></thead>\n<tbody>\n"
            let first = CivilDate(year: year, month: month, day: 1)
            var weekFirst = first.adding(days: -((first.weekday.rawValue - weekStart.rawValue + 7) % 7))
            while weekFirst.year < year || (weekFirst.year == year && weekFirst.month <= month) {
                out += "<tr>"
                for offset in 0..<7 {
                    let date = weekFirst.adding(days: offset)
                    guard date.month == month, let day = byDate[date] else {
                        out += "<td class=\"outside\"></td>"
                        continue
                    }
                    out += cell(day)
                }
                out += "</tr>\n"
                weekFirst = weekFirst.adding(days: 7)
            }
            out += "</tbody>\n</table>\n"
            out += """
                <p class="legend"><span class="key today-key">today</span> <span class="key off-key">a day off</span> \
                <span class="key clock-key">~ the clocks change</span> <span class="key finding-key">! a finding of the checker</span> \
                <span class="key">×12 one reminder's occurrences of the day (×12+: more than are listed)</span></p>

                """
            let findings = plan.days.filter { $0.date.year == year && $0.date.month == month }.flatMap { day in
                day.entries.flatMap { entry in entry.findings.map { (day.date, entry, $0) } }
            }
            if !findings.isEmpty {
                out += "<section class=\"findings\">\n<h2>What the checker finds</h2>\n<ul>\n"
                for (date, entry, finding) in findings.prefix(Self.findingsListed) {
                    let at = entry.isAllDay ? "all day" : DayPlan.clock(entry.shown.time)
                    out +=
                        "<li data-utc=\"\(entry.instant)\" data-reminder=\"\(Self.escaped(entry.reminderID))\" data-rule=\"\(finding.rule)\">"
                        + "\(date) \(at) <b><bdi>\(Self.escaped(entry.title))</bdi></b>: \(finding.rule): \(Self.escaped(finding.message))</li>\n"
                }
                if findings.count > Self.findingsListed {
                    out += "<li class=\"more\">and \(findings.count - Self.findingsListed) more (remindc check lists them all)</li>\n"
                }
                out += "</ul>\n</section>\n"
            }
            out += "</section>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// One day's cell.
    func cell(_ day: DayPlan.Day) -> String {
        var classes = ["day"]
        if day.dayOff != nil { classes.append("off") }
        if day.isToday { classes.append("today") }
        if day.clockChange != nil { classes.append("clock") }
        if day.entries.contains(where: { !$0.findings.isEmpty }) { classes.append("has-finding") }
        var out =
            "<td class=\"\(classes.joined(separator: " "))\" data-date=\"\(day.date)\"><div class=\"head\"><span class=\"number\">\(day.date.day)</span>"
        // A holiday is named; a weekend day is shaded alone.
        if let off = day.dayOff, off != day.date.weekday.name.capitalized { out += " <span class=\"off-name\">\(Self.escaped(off))</span>" }
        if let change = day.clockChange { out += " <span class=\"change\" title=\"the clocks change \(change)\">~ \(change)</span>" }
        out += "</div>"
        if !day.entries.isEmpty {
            out += "<ul>"
            // A day lists as many lines as a pinned-up page can show; the
            // rest are counted, so the page grows with its cells, not with
            // the occurrences behind them.
            let runs = day.runs
            for run in runs.prefix(Self.runsPerDay) {
                let entry = run[0]
                var classes = ["entry"]
                let findings = run.flatMap(\.findings)
                if !findings.isEmpty { classes.append("finding") }
                if entry.skippedFor != nil && run.count == 1 { classes.append("skipped") }
                if entry.isTodo { classes.append("todo") }
                var hover: [String] = []
                for item in run {
                    let at = item.isAllDay ? "" : DayPlan.clock(item.shown.time) + " "
                    hover += item.findings.map { "\(at)\($0.rule): \($0.message)" }
                    if let moved = item.movedFrom { hover.append("\(at)moved from \(moved.day): \(moved.reason)") }
                    if let reason = item.skippedFor { hover.append("\(at)skipped: \(reason)") }
                    if item.clockAdjusted { hover.append("\(at)the clocks skip its time") }
                }
                out += "<li class=\"\(classes.joined(separator: " "))\" data-reminder=\"\(Self.escaped(entry.reminderID))\""
                out +=
                    " data-file=\"\(Self.escaped(entry.file))\" data-utc=\"\(run.map { $0.instant.description }.joined(separator: " "))\""
                out += " data-alerts=\"\(run.flatMap { $0.alerts.map(\.instant.description) }.joined(separator: " "))\""
                if run.contains(where: { $0.skippedFor != nil }) {
                    out += " data-skipped=\"\(run.filter { $0.skippedFor != nil }.map { $0.instant.description }.joined(separator: " "))\""
                }
                if !hover.isEmpty { out += " title=\"\(Self.escaped(hover.joined(separator: "\n")))\"" }
                out += ">"
                if !findings.isEmpty { out += "<span class=\"mark\">!</span> " }
                let time = entry.isAllDay ? "all day" : DayPlan.clock(entry.shown.time)
                out += "<span class=\"time\">\(run.count > 1 ? time + "–" + DayPlan.clock(run.last!.shown.time) : time)</span> "
                // <bdi>: a title's direction controls end with it.
                out += "<bdi class=\"title\">\(Self.escaped(entry.title))</bdi>"
                if run.count > 1 || run.last!.more { out += " <span class=\"count\">×\(run.count)\(run.last!.more ? "+" : "")</span>" }
                if let category = entry.category { out += " <span class=\"category\">\(Self.escaped(category))</span>" }
                let alerts = run.count == 1 ? AgendaWriter.alerts(of: entry, on: day.date) : ""
                if !alerts.isEmpty { out += " <span class=\"alerts\">alert \(alerts)</span>" }
                if entry.isTodo { out += " <span class=\"tag\">to-do</span>" }
                if run.count == 1, let moved = entry.movedFrom {
                    out += " <span class=\"tag\">moved from \(moved.day.month)/\(moved.day.day)</span>"
                }
                out += "</li>"
            }
            if runs.count > Self.runsPerDay {
                out += "<li class=\"more\">+\(runs.count - Self.runsPerDay) more (remindc agenda lists them)</li>"
            }
            out += "</ul>"
        }
        return out + "</td>"
    }

    /// The findings a month of the page lists at most; the rest are counted.
    static let findingsListed = 200

    /// The lines a day of the page lists at most.
    static let runsPerDay = 24

    /// `text` safe in HTML text and in a double-quoted attribute; a
    /// control character a file may hold shown as an escape.
    static func escaped(_ text: String) -> String {
        // Printable ASCII with nothing to escape is written as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 }) {
            return text
        }
        var result = ""
        for character in TerminalText.visible(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static let style = """
        @page { size: A4 landscape; margin: 10mm; }
        body { font: 11px/1.35 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f; margin: 16px; }
        h1 { font-size: 20px; margin: 0; }
        h2 { font-size: 14px; margin: 12px 0 4px; }
        .zone { color: #666; margin: 2px 0 8px; }
        table { width: 100%; border-collapse: collapse; table-layout: fixed; }
        th { text-align: left; font-weight: 600; padding: 4px; border-bottom: 2px solid #999; }
        td { border: 1px solid #c8c8c8; vertical-align: top; height: 88px; padding: 3px 4px; overflow-wrap: anywhere; }
        td.outside { background: #f7f7f7; border-color: #e4e4e4; }
        td.off { background: #eceef2; }
        td.today { outline: 3px solid #2b7a4b; outline-offset: -3px; }
        td.has-finding { box-shadow: inset 0 -3px 0 #e0a800; }
        .head { display: flex; gap: 6px; align-items: baseline; margin-bottom: 2px; }
        .number { font-weight: 700; font-size: 13px; }
        .off-name { color: #555; font-style: italic; }
        .change { color: #7a3e9d; }
        ul { list-style: none; margin: 0; padding: 0; }
        li.entry { margin: 1px 0; }
        li.finding { background: #fff1c2; border-radius: 2px; }
        li.skipped { color: #999; text-decoration: line-through; }
        .mark { color: #b00020; font-weight: 700; }
        .time { font-variant-numeric: tabular-nums; color: #333; }
        .title { font-weight: 500; }
        .category { color: #fff; background: #5b6b8c; border-radius: 3px; padding: 0 3px; font-size: 9px; }
        .alerts { color: #666; font-size: 10px; }
        .count { color: #555; font-size: 10px; }
        li.more { color: #555; font-style: italic; }
        .tag { color: #555; border: 1px solid #bbb; border-radius: 3px; padding: 0 2px; font-size: 9px; }
        .legend { color: #555; margin: 6px 0; }
        .key { margin-right: 10px; padding: 0 4px; }
        .today-key { outline: 2px solid #2b7a4b; }
        .off-key { background: #eceef2; }
        .clock-key { color: #7a3e9d; }
        .finding-key { background: #fff1c2; }
        section.month { page-break-after: always; break-after: page; }
        section.month:last-of-type { page-break-after: auto; break-after: auto; }
        .findings li { margin: 2px 0; }
        @media print { body { margin: 0; } td { height: 80px; } }
        """
}
