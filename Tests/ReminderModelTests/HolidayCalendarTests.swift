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
        (calendar("DTSTART;VALUE=DATE:20261226\r\nSUMMARY:Boxing Day\\, or St\r\n  Stephen's Day\r\n").replacingOccurrences(of: "\r\n", with: "\n"),
         ["2026-12-26 Boxing Day, or St Stephen's Day"]),
        (calendar("DTSTART;VALUE=DATE:20261224\r\nDTEND;VALUE=DATE:20261227\r\nSUMMARY:Closed\r\n"),
         ["2026-12-24 Closed", "2026-12-25 Closed", "2026-12-26 Closed"]),
        (calendar("DTSTART;VALUE=DATE:20270101\r\nRRULE:FREQ=YEARLY;COUNT=3\r\nEXDATE;VALUE=DATE:20280101\r\nSUMMARY:New Year\r\n"),
         ["2027-01-01 New Year", "2029-01-01 New Year"]),
        (calendar("DTSTART;VALUE=DATE:20270101\r\n"), ["2027-01-01 Holiday"]),
        (calendar("DTSTART:20270101T000000Z\r\nSUMMARY:Timed\r\n"),
         ["error: line 5: DTSTART 20270101T000000Z is a time, not a date: a holiday is an all-day event"]),
        (calendar("DTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270101\r\n"),
         ["error: line 6: DTEND 20270101 must be 1 to 366 days after DTSTART"]),
        (calendar("SUMMARY:No start\r\n"), ["error: line 4: an event without DTSTART"]),
        (calendar("DTSTART;VALUE=DATE:20270101\r\nRRULE:FREQ=DAILY\r\n"), ["error: line 4: more than 1000 days off"]),
        ("Subject: a mail\r\n", ["error: line 1: not an iCalendar file (it does not begin with BEGIN:VCALENDAR)"]),
    ])
    func holidayCalendars(_ text: String, _ expected: [String]) {
        #expect(Self.days(text) == expected)
    }
}
