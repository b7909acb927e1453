import Foundation
import Recurrence
@testable import RemindCLI
import Testing

/// The words people say for a time (`RelativeTime`), against a fixed now
/// in several zones: across a year end, a daylight-saving change, a
/// weekday today, and words that are none of them.
@Suite struct RelativeTimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var now: String
        var zone: String
        var text: String
        var expected: String?
        var testDescription: String { "\(text) at \(now) in \(zone)" }
    }

    static func instant(_ text: String) -> Instant {
        let date = ISO8601DateFormatter().date(from: text)!
        return Instant(secondsSince1970: Int(date.timeIntervalSince1970))
    }

    @Test(arguments: [
        // A year end in UTC.
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "tomorrow", expected: "2027-01-01T00:00:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "next month", expected: "2027-01-01T00:00:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "next year", expected: "2027-01-01T00:00:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "+1d", expected: "2027-01-01T23:30:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "+1mo", expected: "2027-01-31T23:30:00Z"),
        // The 31st two months on is February's last day.
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "+2mo", expected: "2027-02-28T23:30:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "-1y", expected: "2025-12-31T23:30:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "UTC", text: "now", expected: "2026-12-31T23:30:00Z"),
        // The same instant is already the new year in Auckland.
        Case(now: "2026-12-31T23:30:00Z", zone: "Pacific/Auckland", text: "today", expected: "2026-12-31T11:00:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "Pacific/Auckland", text: "this year", expected: "2026-12-31T11:00:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "Pacific/Auckland", text: "yesterday", expected: "2026-12-30T11:00:00Z"),
        Case(now: "2026-12-31T23:30:00Z", zone: "Pacific/Auckland", text: "last month", expected: "2026-11-30T11:00:00Z"),
        // The night Berlin's clocks skip 02:00-03:00: a day is the same
        // wall-clock time, 23 hours on; hours are exact; a time the clocks
        // skip is read with the offset before the gap (RFC 5545 §3.3.5).
        Case(now: "2027-03-27T12:00:00Z", zone: "Europe/Berlin", text: "+1d", expected: "2027-03-28T11:00:00Z"),
        Case(now: "2027-03-27T12:00:00Z", zone: "Europe/Berlin", text: "+24h", expected: "2027-03-28T12:00:00Z"),
        Case(now: "2027-03-27T12:00:00Z", zone: "Europe/Berlin", text: "+90m", expected: "2027-03-27T13:30:00Z"),
        Case(now: "2027-03-27T12:00:00Z", zone: "Europe/Berlin", text: "tomorrow 02:30", expected: "2027-03-28T01:30:00Z"),
        Case(now: "2027-03-27T12:00:00Z", zone: "Europe/Berlin", text: "monday", expected: "2027-03-28T22:00:00Z"),
        Case(now: "2027-03-27T12:00:00Z", zone: "Europe/Berlin", text: "-1w", expected: "2027-03-20T12:00:00Z"),
        // A Saturday in London: the weekday named is today, the next one,
        // or the last one; weeks start on Monday.
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "saturday", expected: "2026-12-05T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "Sat", expected: "2026-12-05T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "next saturday", expected: "2026-12-12T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "last saturday", expected: "2026-11-28T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "last friday", expected: "2026-12-04T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "sunday", expected: "2026-12-06T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "mon 09:00", expected: "2026-12-07T09:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "this week", expected: "2026-11-30T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "next week", expected: "2026-12-07T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "last week", expected: "2026-11-23T00:00:00Z"),
        Case(now: "2026-12-05T10:15:00Z", zone: "Europe/London", text: "Tomorrow  18:00:30", expected: "2026-12-06T18:00:30Z"),
        // None of the words.
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "soon", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "next", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "next fortnight", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "tomorrow 25:00", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "tomorrow 9", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "monday tuesday", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "+7", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "+7x", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "7d", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "+123456d", expected: nil),
        Case(now: "2026-12-05T10:15:00Z", zone: "UTC", text: "", expected: nil),
    ])
    func readsTheWords(_ test: Case) throws {
        let zone = try #require(TimeZone(identifier: test.zone))
        let read = RelativeTime.instant(test.text, now: Self.instant(test.now), in: zone)
        #expect(read?.description == test.expected)
    }

    /// On the command line: `--now` words are read against
    /// SOURCE_DATE_EPOCH, `--from` and `--to` against `--now`, in `--zone`;
    /// a word that is none is a usage error that says which words there are.
    @Test func onTheCommandLine() throws {
        let run = try EndToEndTests.runInProcess(
            [
                "expand", "examples/repeating.yaml", "--zone", "Europe/London", "--now", "tomorrow 08:00",
                "--from", "now", "--to", "+1d", "--format", "csv",
            ],
            environment: ["SOURCE_DATE_EPOCH": "1796083200"])
        #expect(run.status == 0, "\(run.stderr)")
        // SOURCE_DATE_EPOCH is 2026-12-01T00:00:00Z: the window is
        // 2026-12-02 08:00 to 2026-12-03 08:00 in London.
        let starts = run.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[2] }
        #expect(!starts.isEmpty)
        #expect(starts.allSatisfy { $0 >= "2026-12-02T08:00:00Z" && $0 < "2026-12-03T08:00:00Z" }, "\(starts)")

        let wrong = try EndToEndTests.runInProcess(["expand", "examples/remindme.yaml", "--from", "someday"])
        #expect(wrong.status == 2)
        #expect(
            wrong.stderr.contains(
                "Invalid value for --from: 'someday' is not a date or a time (a time such as 2026-12-01 09:00, or today, tomorrow"),
            "\(wrong.stderr)")
        #expect(wrong.stdout.isEmpty)
    }
}
