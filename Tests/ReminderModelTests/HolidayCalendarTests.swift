import Foundation
import Recurrence
import Testing
@testable import ReminderModel

/// Holiday calendars as governments and holiday libraries publish them:
/// all-day events, some several days long, some repeating; what cannot be
/// a day off is refused with its line.
struct HolidayCalendarTests {
    static func calendar(_ events: String...) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events.map { "BEGIN:VEVENT\r\n\($0)END:VEVENT\r\n" }.joined()
            + "END:VCALENDAR\r\n"
    }

    static func days(_ text: String) -> [String] {
        switch HolidayCalendar.days(in: text, largest: 1_000) {
        case .success(let days): days.map { "\($0.0.date) \($0.1)" }.sorted()
        case .failure(let problem): ["error: \(problem)"]
        }
    }

    @Test(arguments: [
        (calendar("DTSTART;VALUE=DATE:20261225\r\nDTEND;VALUE=DATE:20261226\r\nSUMMARY:Christmas Day\r\n"), ["2026-12-25 Christmas Day"]),
        // No DTEND: one day; a folded SUMMARY with escapes; LF line ends.
        (
            calendar("DTSTART;VALUE=DATE:20261226\r\nSUMMARY:Boxing Day\\, or St\r\n  Stephen's Day\r\n").replacingOccurrences(
                of: "\r\n", with: "\n"),
            ["2026-12-26 Boxing Day, or St Stephen's Day"]
        ),
        (
            calendar("DTSTART;VALUE=DATE:20261224\r\nDTEND;VALUE=DATE:20261227\r\nSUMMARY:Closed\r\n"),
            ["2026-12-24 Closed", "2026-12-25 Closed", "2026-12-26 Closed"]
        ),
        (
            calendar("DTSTART;VALUE=DATE:20270101\r\nRRULE:FREQ=YEARLY;COUNT=3\r\nEXDATE;VALUE=DATE:20280101\r\nSUMMARY:New Year\r\n"),
            ["2027-01-01 New Year", "2029-01-01 New Year"]
        ),
        (calendar("DTSTART;VALUE=DATE:20270101\r\n"), ["2027-01-01 Holiday"]),
        (
            calendar("DTSTART:20270101T000000Z\r\nSUMMARY:Timed\r\n"),
            ["error: line 5: DTSTART 20270101T000000Z is a time, not a date: a holiday is an all-day event"]
        ),
        (
            calendar("DTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270101\r\n"),
            ["error: line 6: DTEND 20270101 must be 1 to 366 days after DTSTART"]
        ),
        (calendar("SUMMARY:No start\r\n"), ["error: line 4: an event without DTSTART"]),
        (calendar("DTSTART;VALUE=DATE:20270101\r\nRRULE:FREQ=DAILY\r\n"), ["error: line 4: more than 1000 days off"]),
        ("Subject: a mail\r\n", ["error: line 1: not an iCalendar file (it does not begin with BEGIN:VCALENDAR)"]),
    ])
    func holidayCalendars(_ text: String, _ expected: [String]) {
        #expect(Self.days(text) == expected)
    }
}

/// A holiday calendar named in `files:` is read only as a regular file of
/// at most 4 MB: a larger one, a FIFO, a folder is refused at the line
/// that names it, at once and without reading it.
struct HolidayCalendarFileTests {
    @Test(arguments: ["large", "fifo", "folder"])
    func whatIsNotACalendarIsRefusedAtItsLine(_ kind: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-holidays-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("days.ics").path
        switch kind {
        case "large":
            // A valid start, then 5 MB of one comment-like line.
            let handle = try #require(
                { () -> FileHandle? in
                    FileManager.default.createFile(atPath: path, contents: Data("BEGIN:VCALENDAR\r\n".utf8))
                    return FileHandle(forWritingAtPath: path)
                }())
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: 5 * 1_048_576))
            try handle.close()
        case "fifo":
            #expect(mkfifo(path, 0o600) == 0)
        default:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let yaml =
            "timezone: UTC\nholidays:\n  files: [days.ics]\nreminders:\n  - {id: a, title: A, at: 2027-01-04 09:00, repeat: daily, if-holiday: skip}\n"
        let loaded = ReminderFile.load(Array(yaml.utf8), path: folder.appendingPathComponent("r.yaml").path)
        let found = loaded.diagnostics.filter { $0.message.severity == .error }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.span.start.line == 3)
        let expected = [
            "large": "it is 5 MB, and a holiday calendar is read up to 4 MB", "fifo": "it is not a regular file",
            "folder": "it is a folder",
        ][kind]!
        #expect(found.first?.message.text.contains(expected) == true, "\(found)")
    }
}
