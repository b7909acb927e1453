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

    /// Leads in working days: Saturday and Sunday off, and Christmas Day,
    /// Boxing Day (a Saturday) and New Year's Day.
    @Test(arguments: [
        // Two working days before a Monday is the Thursday.
        Case(at: "2026-12-07 09:00", before: "2 working days", calendar: "2026-12-03T08:00:00Z", wallClock: "2026-12-03T08:00:00Z"),
        Case(at: "2026-12-09 09:00", before: "one working day", calendar: "2026-12-08T08:00:00Z", wallClock: "2026-12-08T08:00:00Z"),
        // Over a weekend and Christmas Day.
        Case(at: "2026-12-28 09:00", before: "1 working day", calendar: "2026-12-24T08:00:00Z", wallClock: "2026-12-24T08:00:00Z"),
        // An occurrence on a day off counts back from it.
        Case(at: "2026-12-05 09:00", before: "1 working day", calendar: "2026-12-04T08:00:00Z", wallClock: "2026-12-04T08:00:00Z"),
        // Over New Year's Day, with a duration beside it.
        Case(
            at: "2027-01-04 09:00", before: "[3 working days, 15m]", calendar: "2026-12-29T08:00:00Z 2027-01-04T07:45:00Z",
            wallClock: "2026-12-29T08:00:00Z 2027-01-04T07:45:00Z"),
        // Across the change of clocks: the same wall-clock time, the
        // offset of the alert's day.
        Case(at: "2027-03-29 09:00", before: "1 working day", calendar: "2027-03-26T08:00:00Z", wallClock: "2027-03-26T08:00:00Z"),
        // An all-day reminder at its alert-time.
        Case(
            at: "2027-01-04, alert-time: '17:00'", before: "1 working day", calendar: "2026-12-31T16:00:00Z",
            wallClock: "2026-12-31T16:00:00Z"),
    ])
    func alertsInWorkingDays(_ test: Case) throws {
        let yaml = """
            timezone: Europe/Berlin
            holidays: {dates: [2026-12-25: Christmas Day, 2026-12-26: Boxing Day, 2027-01-01: New Year's Day]}
            reminders:
              - {id: a, title: A, at: \(test.at), repeat: daily, before: \(test.before)}

            """
        let loaded = ReminderFile.load(Array(yaml.utf8), path: "a.yaml")
        let file = try #require(loaded.file, "\(loaded.diagnostics)")
        let scheduled = ScheduledFile(file, floatingZone: Self.berlin)
        var occurrences = scheduled.schedules[0].occurrences()
        let first = occurrences.next()
        let occurrence = try #require(first)
        let reminder = file.reminders[0]
        #expect(reminder.alertInstants(of: occurrence, in: Self.berlin).map(\.description).joined(separator: " ") == test.calendar)
        #expect(
            reminder.alertInstants(of: occurrence, in: Self.berlin, clock: .wallClock).map(\.description).joined(separator: " ")
                == test.wallClock)
        // The most a lead can be is never less than it is.
        for (lead, bound) in zip(reminder.alertLeads(of: occurrence), reminder.wallClockLeads) {
            #expect(lead.nominalSeconds <= bound)
        }
    }

    /// An occurrence a holiday moves counts its working days from the day
    /// it moved to: Friday 2026-12-25 goes to Monday the 28th, and one
    /// working day before that is Thursday the 24th.
    @Test func workingDaysCountFromTheDayMovedTo() throws {
        let yaml = """
            timezone: Europe/Berlin
            holidays: {dates: [2026-12-25: Christmas Day]}
            reminders:
              - {id: a, title: A, at: 2026-12-25 09:00, if-holiday: after, before: 1 working day}

            """
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "a.yaml").file)
        let scheduled = ScheduledFile(file, floatingZone: Self.berlin)
        let occurrence = try #require(Array(scheduled.schedules[0].occurrences().prefix(1)).first)
        #expect(occurrence.instant.description == "2026-12-28T08:00:00Z")
        #expect(file.reminders[0].alertInstants(of: occurrence, in: Self.berlin).map(\.description) == ["2026-12-24T08:00:00Z"])
    }
}
