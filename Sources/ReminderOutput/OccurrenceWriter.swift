import Foundation
import Support
import Recurrence
import ReminderModel

/// Writes occurrences for `remindc expand` (SPEC §2): a readable table,
/// JSON lines, or CSV. Bytes are appended to a buffer the caller flushes, so
/// a million occurrences stream through in constant memory.
///
/// - `text`: `TIME  DAY  ALERTS  ZONE  REMINDER  TITLE` columns, every
///   time on one clock, `displayZone`'s (`2026-12-01 09:00`; with seconds
///   when any reminder has them; a bare date for all-day reminders, whose
///   date is their own); ALERTS each alert's time (`08:45`; another day's
///   `Fri 18:00` within a week, `11-28 18:00` further). Grouped by day
///   (`groupsByDay`), a heading starts each day and the rows leave out the
///   date and the weekday.
/// - `jsonl`: `{"reminder":…,"start":…,"utc":…,"timezone":…,"title":…,"alerts":[…]}`
///   per line; `start` with its offset in a zone, without one when floating,
///   a bare date when all-day; `utc` always the instant with `Z`; `alerts`
///   the instant of each alert (`before:`, `alert-time:`) with `Z`, in order.
///   `title` and `alerts` came after the first four: a reader may rely on
///   those alone. An occurrence a day off moved (`if-holiday:`) adds
///   `"moved-from"` (the day the rule chose) and `"holiday"` (why that day
///   is off: the holiday's name, or the weekday's); the text table adds
///   both after the title, and lists an occurrence a day off left out
///   (`if-holiday: skip`) marked as skipped.
/// - `csv`: RFC 4180 (CRLF, fields quoted where needed) with a header row:
///   `reminder,start,utc,timezone,title`.
package struct OccurrenceWriter {
    package enum Format: String, CaseIterable, Sendable {
        case text, jsonl, csv
    }

    /// What a line needs of a reminder, encoded once.
    private struct Source {
        var id: [UInt8]
        var zone: [UInt8]
        var title: [UInt8]
        var isFloating: Bool
        var isAllDay: Bool
        /// The reminder, for its alerts, and the zone they are read in.
        var reminder: Reminder
        var clock: TimeZone
    }

    package let format: Format
    private let sources: [Source]
    private let showsSeconds: Bool
    private let idWidth: Int
    private let zoneWidth: Int
    private let alertWidth: Int
    /// The text table's clock, and the day last written when grouping.
    private let display: DisplayClock
    package let groupsByDay: Bool

    /// A writer for `reminders` in the order the timeline numbers them.
    /// `showsSeconds` puts seconds in the text table's times.
    /// `floatingZone` reads the alerts of floating reminders; the text
    /// table shows every time on `displayZone`'s clock (by default the
    /// floating zone's), grouped by day when `groupsByDay`.
    package init(
        format: Format, reminders: [Reminder], showsSeconds: Bool, floatingZone: TimeZone = TimeZone(identifier: "UTC")!,
        displayZone: TimeZone? = nil, groupsByDay: Bool = false
    ) {
        self.format = format
        self.showsSeconds = showsSeconds
        self.display = DisplayClock(displayZone ?? floatingZone)
        self.groupsByDay = groupsByDay && format == .text
        sources = reminders.map { reminder in
            let zone = reminder.timeZone.description
            let title: [UInt8] =
                switch format {
                case .text: Self.plainText(reminder.title)
                case .jsonl: Array(Self.jsonString(reminder.title).utf8)
                case .csv: Self.csvField(reminder.title)
                }
            var isAllDay = false
            if case .date = reminder.start { isAllDay = true }
            var isFloating = false
            if case .floating = reminder.timeZone { isFloating = true }
            return Source(
                id: Array((format == .jsonl ? Self.jsonString(reminder.id) : reminder.id).utf8),
                zone: Array((format == .jsonl ? Self.jsonString(zone) : zone).utf8),
                title: title, isFloating: isFloating, isAllDay: isAllDay,
                reminder: reminder,
                clock: isFloating ? floatingZone : reminder.timeZone.foundationZone)
        }
        idWidth = max("REMINDER".count, reminders.map { $0.id.unicodeScalars.count }.max() ?? 0)
        zoneWidth = max("ZONE".count, reminders.map { $0.timeZone.description.count }.max() ?? 0)
        // The most an alert takes is `2026-11-28 18:00:00`; most take five.
        let alertLength = showsSeconds ? 8 : 5
        alertWidth = max(
            "ALERTS".count,
            reminders.map { reminder in
                let count = max(1, reminder.before.count)
                return count * alertLength + (count - 1) * 2 + (reminder.before.isEmpty && reminder.alertTime == nil ? 0 : 4 * count)
            }.max() ?? 0)
    }

    /// The header line, if the format has one.
    package func header(into buffer: inout [UInt8]) {
        switch format {
        case .text:
            let time = groupsByDay ? (showsSeconds ? "  TIME    " : "  TIME   ") : showsSeconds ? "TIME               " : "TIME            "
            append(
                time + (groupsByDay ? "" : "  DAY") + "  " + padded("ALERTS", alertWidth) + "  " + padded("ZONE", zoneWidth) + "  "
                    + padded("REMINDER", idWidth) + "  TITLE\n", to: &buffer)
        case .csv:
            append("reminder,start,utc,timezone,title\r\n", to: &buffer)
        case .jsonl:
            break
        }
    }

    /// One occurrence of the reminder numbered `source`.
    package func write(_ occurrence: Occurrence, source: Int, into buffer: inout [UInt8]) {
        let reminder = sources[source]
        // What clocks show; for floating reminders the rule's own wall clock.
        let shown = reminder.isFloating ? occurrence.wallClock : occurrence.shown
        switch format {
        case .jsonl: writeJSONLine(occurrence, reminder, shown: shown, into: &buffer)
        case .csv: writeCSVRow(occurrence, reminder, shown: shown, into: &buffer)
        case .text: writeTextRow(occurrence, reminder, into: &buffer)
        }
    }

    /// A JSON line: `{"reminder", "start", "utc", "timezone", "title",
    /// "alerts"}`, and where a day off moved it, `"moved-from"` and `"holiday"`.
    private func writeJSONLine(_ occurrence: Occurrence, _ reminder: Source, shown: WallTime, into buffer: inout [UInt8]) {
        append("{\"reminder\":", to: &buffer)
        buffer += reminder.id
        append(",\"start\":\"", to: &buffer)
        writeStart(shown, offset: occurrence.offset, reminder, into: &buffer)
        append("\",\"utc\":\"", to: &buffer)
        Self.writeDateTime(occurrence.instant.wallTime(offset: 0), separator: UInt8(ascii: "T"), seconds: true, into: &buffer)
        append("Z\",\"timezone\":", to: &buffer)
        buffer += reminder.zone
        append(",\"title\":", to: &buffer)
        buffer += reminder.title
        append(",\"alerts\":[", to: &buffer)
        for (index, alert) in reminder.reminder.alertInstants(of: occurrence, in: reminder.clock).enumerated() {
            append(index == 0 ? "\"" : ",\"", to: &buffer)
            Self.writeDateTime(alert.wallTime(offset: 0), separator: UInt8(ascii: "T"), seconds: true, into: &buffer)
            append("Z\"", to: &buffer)
        }
        append("]", to: &buffer)
        if let from = occurrence.movedFrom {
            append(",\"moved-from\":\"", to: &buffer)
            Self.writeDate(from, into: &buffer)
            append("\",\"holiday\":" + Self.jsonString(reminder.reminder.dayOff?.daysOff.reason(from) ?? ""), to: &buffer)
        }
        append("}\n", to: &buffer)
    }

    /// A CSV row: `reminder,start,utc,timezone,title`.
    private func writeCSVRow(_ occurrence: Occurrence, _ reminder: Source, shown: WallTime, into buffer: inout [UInt8]) {
        buffer += reminder.id
        buffer.append(UInt8(ascii: ","))
        writeStart(shown, offset: occurrence.offset, reminder, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        Self.writeDateTime(occurrence.instant.wallTime(offset: 0), separator: UInt8(ascii: "T"), seconds: true, into: &buffer)
        buffer.append(UInt8(ascii: "Z"))
        buffer.append(UInt8(ascii: ","))
        buffer += reminder.zone
        buffer.append(UInt8(ascii: ","))
        buffer += reminder.title
        append("\r\n", to: &buffer)
    }

    /// A row of the table, under its day's heading when grouped by day.
    private func writeTextRow(_ occurrence: Occurrence, _ reminder: Source, into buffer: inout [UInt8]) {
        // On the table's clock; an all-day occurrence on its own date.
        let onClock = reminder.isAllDay ? occurrence.wallClock : display.reading(of: occurrence.instant)
        if groupsByDay, display.startsDay(onClock.day) {
            append("\n" + Self.dayNames[onClock.day.weekday.rawValue - 1] + " ", to: &buffer)
            Self.writeDate(onClock.day, into: &buffer)
            buffer.append(UInt8(ascii: "\n"))
        }
        let timeWidth = showsSeconds ? 19 : 16
        if groupsByDay {
            append("  ", to: &buffer)
            if reminder.isAllDay {
                append(showsSeconds ? "all day " : "all day", to: &buffer)
            } else {
                Self.writeTime(onClock, seconds: showsSeconds, into: &buffer)
                if !showsSeconds { append("  ", to: &buffer) }
            }
        } else if reminder.isAllDay {
            Self.writeDate(onClock.day, into: &buffer)
            buffer += [UInt8](repeating: UInt8(ascii: " "), count: timeWidth - 10)
        } else {
            Self.writeDateTime(onClock, separator: UInt8(ascii: " "), seconds: showsSeconds, into: &buffer)
        }
        append("  ", to: &buffer)
        if !groupsByDay {
            append(Self.weekdayNames[onClock.day.weekday.rawValue - 1], to: &buffer)
            append("  ", to: &buffer)
        }
        var alerts: [UInt8] = []
        if !occurrence.isSkipped {
            for (index, alert) in reminder.reminder.alertInstants(of: occurrence, in: reminder.clock).enumerated() {
                if index > 0 { append(", ", to: &alerts) }
                let reading = display.reading(of: alert)
                let days = onClock.day.distance(to: reading.day)
                if days != 0 {
                    if (-6...6).contains(days) {
                        append(Self.weekdayNames[reading.day.weekday.rawValue - 1], to: &alerts)
                    } else {
                        var date: [UInt8] = []
                        Self.writeDate(reading.day, into: &date)
                        alerts += reading.day.date.year == onClock.day.date.year ? Array(date.dropFirst(5)) : date
                    }
                    alerts.append(UInt8(ascii: " "))
                }
                Self.writeTime(reading, seconds: showsSeconds, into: &alerts)
            }
        }
        buffer += alerts
        buffer += [UInt8](repeating: UInt8(ascii: " "), count: max(0, alertWidth - alerts.count) + 2)
        buffer += reminder.zone
        buffer += [UInt8](repeating: UInt8(ascii: " "), count: zoneWidth - reminder.zone.count + 2)
        buffer += reminder.id
        buffer += [UInt8](repeating: UInt8(ascii: " "), count: max(0, idWidth - reminder.id.count) + 2)
        buffer += reminder.title
        if occurrence.isSkipped {
            append("  (skipped: ", to: &buffer)
            buffer += Self.plainText(reminder.reminder.dayOff?.daysOff.reason(occurrence.wallClock.day) ?? "")
            append(")", to: &buffer)
        } else if let from = occurrence.movedFrom {
            append("  (moved from " + Self.weekdayNames[from.weekday.rawValue - 1] + " ", to: &buffer)
            Self.writeDate(from, into: &buffer)
            append(": ", to: &buffer)
            buffer += Self.plainText(reminder.reminder.dayOff?.daysOff.reason(from) ?? "")
            append(")", to: &buffer)
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `09:05`, or `09:05:30` with seconds.
    static func writeTime(_ reading: WallTime, seconds showSeconds: Bool, into buffer: inout [UInt8]) {
        let rest = reading.secondOfDay
        writeTwoDigits(rest / 3600, into: &buffer)
        buffer.append(UInt8(ascii: ":"))
        writeTwoDigits(rest % 3600 / 60, into: &buffer)
        if showSeconds {
            buffer.append(UInt8(ascii: ":"))
            writeTwoDigits(rest % 60, into: &buffer)
        }
    }

    private func writeStart(_ shown: WallTime, offset: Int, _ reminder: Source, into buffer: inout [UInt8]) {
        if reminder.isAllDay {
            Self.writeDate(shown.day, into: &buffer)
            return
        }
        Self.writeDateTime(shown, separator: UInt8(ascii: "T"), seconds: true, into: &buffer)
        guard !reminder.isFloating else { return }
        buffer.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        let minutes = abs(offset) / 60
        Self.writeTwoDigits(minutes / 60, into: &buffer)
        buffer.append(UInt8(ascii: ":"))
        Self.writeTwoDigits(minutes % 60, into: &buffer)
    }

    // MARK: Digits

    static func writeDate(_ day: DayNumber, into buffer: inout [UInt8]) {
        let date = day.date
        let year = date.year
        if (0...9999).contains(year) {
            writeTwoDigits(year / 100, into: &buffer)
            writeTwoDigits(year % 100, into: &buffer)
        } else {
            buffer += Array(String(year).utf8)
        }
        buffer.append(UInt8(ascii: "-"))
        writeTwoDigits(date.month, into: &buffer)
        buffer.append(UInt8(ascii: "-"))
        writeTwoDigits(date.day, into: &buffer)
    }

    static func writeDateTime(_ reading: WallTime, separator: UInt8, seconds showSeconds: Bool, into buffer: inout [UInt8]) {
        writeDate(reading.day, into: &buffer)
        buffer.append(separator)
        writeTime(reading, seconds: showSeconds, into: &buffer)
    }

    @inline(__always)
    static func writeTwoDigits(_ value: Int, into buffer: inout [UInt8]) {
        buffer.append(UInt8(truncatingIfNeeded: 48 + value / 10))
        buffer.append(UInt8(truncatingIfNeeded: 48 + value % 10))
    }

    private func append(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: text.utf8)
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    // MARK: Escaping

    /// A JSON string literal (`JSONText`).
    static func jsonString(_ text: String) -> String { JSONText.quoted(text) }

    /// Text for one line of a table: whitespace controls become spaces,
    /// other control characters U+FFFD, so a title cannot break the table
    /// or send terminal escapes.
    static func plainText(_ text: String) -> [UInt8] {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result += " "
            } else if ControlCharacter.breaksText(scalar) {
                result += "\u{FFFD}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return Array(result.utf8)
    }

    /// An RFC 4180 field: quoted, with quotes doubled, when it holds a
    /// comma, a quote, a line break or edge spaces. Line breaks and tabs
    /// are data; every other control character becomes U+FFFD, as in the
    /// table, so a CSV shown in a terminal sends it no escapes.
    static func csvField(_ text: String) -> [UInt8] {
        var text = text
        if text.unicodeScalars.contains(where: isHiddenControl) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { isHiddenControl($0) ? "\u{FFFD}" : $0 }))
        }
        let needsQuotes =
            text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.hasPrefix(" ") || text.hasSuffix(" ")
        guard needsQuotes else { return Array(text.utf8) }
        return Array(("\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"").utf8)
    }

    /// A control character other than a line break or a tab: C0, DEL, C1.
    private static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacter.isControl(scalar) && scalar != "\n" && scalar != "\r" && scalar != "\t"
    }
}

/// The text table's clock: the offset of a zone at an instant, kept
/// between its changes (the rows come in time order, so Foundation is
/// asked once per change, not once per row), and the day last headed.
private final class DisplayClock: @unchecked Sendable {
    let zone: TimeZone
    private var offset = 0
    private var valid: Range<Instant>?
    private var lastDay: DayNumber?

    init(_ zone: TimeZone) {
        self.zone = zone
    }

    /// The wall clock `zone` shows at `instant`.
    func reading(of instant: Instant) -> WallTime {
        if valid.map({ !$0.contains(instant) }) ?? true {
            offset = WallClock.offset(of: zone, at: instant)
            let date = Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970))
            // Alerts come before their rows: a week back is kept too.
            let previous =
                WallClock.changes(of: zone, from: instant.advanced(by: -8 * secondsPerDay), to: instant).last?.instant
                ?? instant.advanced(by: -8 * secondsPerDay)
            let next =
                zone.nextDaylightSavingTimeTransition(after: date).map { Instant(secondsSince1970: Int($0.timeIntervalSince1970)) }
                ?? instant.advanced(by: 366 * secondsPerDay)
            valid = min(previous, instant)..<max(next, instant.advanced(by: 1))
        }
        return instant.wallTime(offset: offset)
    }

    /// Whether `day` differs from the day of the row before, noting it.
    func startsDay(_ day: DayNumber) -> Bool {
        defer { lastDay = day }
        return lastDay != day
    }
}
