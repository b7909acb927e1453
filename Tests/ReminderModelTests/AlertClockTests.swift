import Foundation
import Recurrence
import ReminderModel
import Testing

/// The two clocks an alert is counted on, across the night Europe/Berlin
/// skips 02:00-03:00 (2027-03-28), and on an ordinary day.
@Suite struct AlertClockTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var at: String
        var before: String
        var calendar: String
        var wallClock: String
        var testDescription: String { "\(at) before \(before)" }
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test(arguments: [
        // 09:00 CEST is 07:00Z; 12 exact hours earlier is 19:00Z (20:00 CET);
        // 12 wall-clock hours earlier is 21:00 CET, 20:00Z.
        Case(at: "2027-03-28 09:00", before: "12h", calendar: "2027-03-27T19:00:00Z", wallClock: "2027-03-27T20:00:00Z"),
        // A whole day is the same time the day before on both.
        Case(at: "2027-03-28 09:00", before: "1d", calendar: "2027-03-27T08:00:00Z", wallClock: "2027-03-27T08:00:00Z"),
        Case(at: "2027-03-28 09:00", before: "0s", calendar: "2027-03-28T07:00:00Z", wallClock: "2027-03-28T07:00:00Z"),
        // Away from a change the clocks agree.
        Case(at: "2027-01-10 09:00", before: "12h", calendar: "2027-01-09T20:00:00Z", wallClock: "2027-01-09T20:00:00Z"),
    ])
    func alertsOnEachClock(_ test: Case) throws {
        let yaml = "timezone: Europe/Berlin\nreminders:\n  - {id: a, title: A, at: \(test.at), before: \(test.before)}\n"
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "a.yaml").file)
        let scheduled = ScheduledFile(file, floatingZone: Self.berlin)
        var occurrences = scheduled.schedules[0].occurrences()
        let first = occurrences.next()
        let occurrence = try #require(first)
        let reminder = file.reminders[0]
        #expect(reminder.alertInstants(of: occurrence, in: Self.berlin).map(\.description) == [test.calendar])
        #expect(reminder.alertInstants(of: occurrence, in: Self.berlin, clock: .wallClock).map(\.description) == [test.wallClock])
    }
}
