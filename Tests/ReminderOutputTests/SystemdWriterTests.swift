import Foundation
import Recurrence
import ReminderModel
import Testing
@testable import ReminderOutput

@Suite struct SystemdWriterTests {
    /// Control characters of every class are escaped as systemd reads
    /// them back: C0 and DEL as `\xNN`, C1 as `\uNNNN` (a `\x80` would be
    /// one byte, not the character).
    @Test(arguments: [
        ("plain", "plain"), ("100%", "100%%"), ("a\\b", "a\\\\b"), ("say \"hi\"", "say \\\"hi\\\""), ("two\nlines", "two\\x0alines"),
        ("del\u{7F}", "del\\x7f"), ("next\u{85}line", "next\\u0085line"), ("café", "café"),
    ])
    func settingsAreEscaped(_ text: String, _ expected: String) {
        #expect(SystemdWriter.escaped(text) == expected)
    }

    @Test func aReminderIsATimerAndAServiceThatAskDue() throws {
        let file = try #require(
            WriterSupport.scheduled(
                """
                timezone: Europe/Berlin
                uid-domain: home.example
                reminders:
                  - {id: pills, title: Pills, at: 2026-12-01 09:00, repeat: daily}
                """))
        let writer = SystemdWriter(
            options: .init(
                remindc: "/usr/local/bin/remindc", workingFolder: "/work",
                now: Instant(secondsSince1970: 1_795_996_800)))
        let units = writer.units([file])
        #expect(units.map(\.name).sorted() == ["remindc-home.example-pills.service", "remindc-home.example-pills.timer"])
        let service = try #require(units.first { $0.name.hasSuffix(".service") }).text
        let timer = try #require(units.first { $0.name.hasSuffix(".timer") }).text
        #expect(service.contains("ExecCondition=\"/usr/local/bin/remindc\" due \"/work/t.yaml\" --id pills\n"))
        #expect(service.contains("ExecStart=\"/usr/local/bin/remindc\" notify \"/work/t.yaml\" --id pills --from-timer\n"))
        #expect(!service.contains("Pills"), "units hold no reminder text")
        #expect(timer.contains("\nOnCalendar=*-*-* 09:00:00 Europe/Berlin\n"))
        #expect(timer.contains("\nUnit=remindc-home.example-pills.service\n"))
        // Same input, same bytes.
        #expect(writer.units([file]) == units)
    }
}

extension SystemdWriterTests {
    struct CalendarCase: Sendable, CustomTestStringConvertible {
        var reminder: String
        var events: [String]
        var testDescription: String { reminder }
    }

    /// Each timer says its rule exactly where systemd's calendar syntax
    /// can; a rule it cannot say, or one that ends soon, is written alert
    /// by alert (in UTC), then as the smallest superset from the next
    /// month; a rule that begins later elapses from its first day; a
    /// daylight-saving gap's late time only on the days such gaps fall; one
    /// that ends, no later than its last alert's day.
    /// Written on 2026-12-05 at 12:00 UTC, in Europe/Berlin.
    @Test(arguments: [
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-11-02 09:00, repeat: weekly, before: 15m}", events: ["Mon *-*-* 08:45:00 Europe/Berlin"]),
        CalendarCase(
            reminder: #"{id: r, title: R, at: 2026-11-02 08:30, repeat: {every: day, times: ["08:30", "20:00"]}}"#,
            events: ["*-*-* 08:30:00 Europe/Berlin", "*-*-* 20:00:00 Europe/Berlin"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-11-02 09:00, repeat: every 90 minutes}",
            events: ["*-*-* 00,03,06,09,12,15,18,21:00:00 Europe/Berlin", "*-*-* 01,04,07,10,13,16,19,22:30:00 Europe/Berlin"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-12-07 09:00, repeat: {every: day, count: 3}}",
            events: ["2026-12-07 08:00:00 UTC", "2026-12-08 08:00:00 UTC", "2026-12-09 08:00:00 UTC"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-11-02 09:00, repeat: {every: day, until: 2028-03-01}}",
            events: [
                "2026-12-05..31 09:00:00 Europe/Berlin", "2027-*-* 09:00:00 Europe/Berlin", "2028-01,02-* 09:00:00 Europe/Berlin",
                "2028-03-01 09:00:00 Europe/Berlin",
            ]),
        // Ends on its last alert's day, whatever the step.
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-12-06 09:00, repeat: {every: 15 minutes, count: 300}}",
            events: ["2026-12-06 09:00:00 Europe/Berlin", "2026-12-05..09 *:00,15,30,45:00 Europe/Berlin"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-11-02 09:00, repeat: {every: week, on: [mon, thu]}, before: 1d}",
            events: ["Wed,Sun *-*-* 09:00:00 Europe/Berlin"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-11-02 09:00, repeat: {every: hour, on: [mon, tue, wed, thu, fri]}}",
            events: ["Mon,Tue,Wed,Thu,Fri *-*-* *:00:00 Europe/Berlin"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2026-11-02 02:30, repeat: daily}",
            events: ["*-*-* 02:30:00 Europe/Berlin", "Sun *-03-25..31 03:30:00 Europe/Berlin"]),
        CalendarCase(
            reminder: "{id: r, title: R, at: 2027-02-20 09:00, repeat: {every: month, days: [5, 20]}}",
            events: [
                "2027-02-20 09:00:00 Europe/Berlin", "2027-03..12-05,20 09:00:00 Europe/Berlin",
                "2028..2199-*-05,20 09:00:00 Europe/Berlin",
            ]),
        CalendarCase(reminder: "{id: r, title: R, at: 2026-12-24 18:00, timezone: floating}", events: ["2026-12-24 18:00:00"]),
        CalendarCase(reminder: "{id: r, title: R, at: 2026-11-02 09:00, repeat: {every: day, count: 3}}", events: []),
    ])
    func calendarEvents(_ example: CalendarCase) throws {
        let file = try #require(WriterSupport.scheduled("timezone: Europe/Berlin\nreminders:\n  - \(example.reminder)\n"))
        let writer = SystemdWriter(
            options: .init(
                remindc: "/usr/local/bin/remindc", workingFolder: "/work",
                now: Instant(secondsSince1970: 1_796_472_000)))
        let timer = writer.units([file]).first { $0.name.hasSuffix(".timer") }
        let events = timer?.text.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst(11)) } ?? []
        #expect(events == example.events)
    }

    /// A rule systemd cannot say (every 2 weeks) is written alert by alert
    /// for 13 whole months, then as every Monday from the month after.
    @Test func aRuleSystemdCannotSayIsWrittenAlertByAlertThenAsASuperset() throws {
        let file = try #require(
            WriterSupport.scheduled(
                "timezone: Europe/Berlin\nreminders:\n  - {id: r, title: R, at: 2026-11-02 09:00, repeat: every 2 weeks}\n"))
        let writer = SystemdWriter(
            options: .init(
                remindc: "/usr/local/bin/remindc", workingFolder: "/work",
                now: Instant(secondsSince1970: 1_796_472_000)))
        let text = try #require(writer.units([file]).first { $0.name.hasSuffix(".timer") }).text
        let events = text.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst(11)) }
        #expect(events.first == "2026-12-14 08:00:00 UTC")
        #expect(events.suffix(2) == ["2027-12-27 08:00:00 UTC", "Mon 2028..2199-*-* 09:00:00 Europe/Berlin"])
        #expect(events.count == 29)
    }
}
