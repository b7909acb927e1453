import Foundation
import Recurrence
import ReminderModel
import Testing
@testable import ReminderOutput

@Suite struct CrontabWriterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var reminders: String
        /// Each alert's entry lines, in order.
        var entries: [String]
        /// The ids of what `write` reports.
        var found: [String]
        var testDescription: String { name }
    }

    static var writer: CrontabWriter {
        CrontabWriter(
            options: .init(
                hostZone: WriterSupport.utc, now: Instant(secondsSince1970: 1_796_083_200),
                workingFolder: "/"))
    }

    @Test(arguments: [
        Case(name: "daily", reminders: "{id: a, title: A, at: 2026-12-01 09:30, repeat: daily}", entries: ["30 9 * * *"], found: []),
        Case(name: "weekdays", reminders: "{id: a, title: A, at: 2026-12-01 07:05, repeat: weekdays}", entries: ["5 7 * * 1-5"], found: []),
        Case(
            name: "a second other than :00 is inexact", reminders: "{id: a, title: A, at: 2026-12-01 09:00:30, repeat: daily}",
            entries: [], found: ["cron-inexact"]),
        Case(
            name: "the first of each hour's matches is inexact",
            reminders: "{id: a, title: A, at: 2026-12-01 09:00, repeat: {every: hour, on: [mon, tue], position: [1]}}",
            entries: [], found: ["cron-inexact"]),
    ])
    func writesAndReports(_ test: Case) throws {
        let file = try #require(WriterSupport.scheduled("timezone: UTC\nreminders:\n  - \(test.reminders)\n"))
        let output = Self.writer.write([file])
        let lines = output.text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        for (entry, line) in zip(test.entries, lines) {
            #expect(line.hasPrefix(entry + " "), "\(line)")
        }
        if test.found.isEmpty { #expect(lines.count == test.entries.count) }
        #expect(output.text.contains("\n# id: a\n"))
        #expect(output.diagnostics.map(\.id) == test.found)
        // `check --for crontab` asks for the findings alone: the same ones.
        #expect(Self.writer.problems(in: [file]) == output.diagnostics)
    }

    /// Past Debian's 10,000 lines, `problems(in:)` counts the lines the
    /// text would have without keeping it.
    @Test func theLineLimitIsCountedWithoutTheText() throws {
        let reminders = (0..<3_400).map { "  - {id: r\($0), title: R, at: 2026-12-01 09:00, repeat: daily}\n" }.joined()
        let file = try #require(WriterSupport.scheduled("timezone: UTC\nlint: {disable: [same-time]}\nreminders:\n" + reminders))
        let written = Self.writer.write([file])
        #expect(written.diagnostics.map(\.id) == ["cron-busybox-lines", "cron-too-long"])
        #expect(Self.writer.problems(in: [file]) == written.diagnostics)
    }

    @Test(arguments: [("plain", "plain"), ("100%", "100 "), ("two\nlines", "two lines"), ("\u{85}next", " next"), ("a\u{2028}b", "a b")])
    func commentsAreOneLineWithoutPercent(_ text: String, _ expected: String) {
        #expect(CrontabWriter.comment(text) == expected)
    }
}

/// The crontab's comment says an all-day reminder's alert on the wall
/// clock: `before: 1 day` with `alert-time: 19:00` is the evening before,
/// not "5h before".
@Test(arguments: [
    (NominalDuration(days: 1), 19 * 3600, "the day before at 19:00"),
    (NominalDuration(), 9 * 3600, "at 09:00"),
    (NominalDuration(seconds: 3600), 9 * 3600, "at 08:00"),
    (NominalDuration(seconds: 10 * 3600), 9 * 3600, "the day before at 23:00"),
    (NominalDuration(days: 2, seconds: 1800), 0, "3 days before at 23:30"),
    (NominalDuration(days: 1), 0, "the day before at 00:00"),
    (NominalDuration(seconds: 30), 8 * 3600 + 1, "at 07:59:31"),
])
func allDayAlertsAreSaidOnTheWallClock(_ lead: NominalDuration, _ timeOfDay: Int, _ expected: String) {
    #expect(CrontabWriter.allDayAlert(lead, timeOfDay: timeOfDay) == expected)
}
