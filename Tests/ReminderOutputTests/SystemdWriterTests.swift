import Foundation
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
        let file = try #require(WriterSupport.scheduled("""
            timezone: Europe/Berlin
            uid-domain: home.example
            reminders:
              - {id: pills, title: Pills, at: 2026-12-01 09:00, repeat: daily}
            """))
        let writer = SystemdWriter(options: .init(remindc: "/usr/local/bin/remindc", workingFolder: "/work"))
        let units = writer.units([file.file])
        #expect(units.map(\.name).sorted() == ["remindc-home.example-pills.service", "remindc-home.example-pills.timer"])
        let service = try #require(units.first { $0.name.hasSuffix(".service") }).text
        let timer = try #require(units.first { $0.name.hasSuffix(".timer") }).text
        #expect(service.contains("ExecCondition=\"/usr/local/bin/remindc\" due \"/work/t.yaml\" --id pills\n"))
        #expect(service.contains("ExecStart=\"/usr/local/bin/remindc\" notify \"/work/t.yaml\" --id pills\n"))
        #expect(!service.contains("Pills"), "units hold no reminder text")
        #expect(timer.contains("\nOnCalendar=*-*-* 09:00:00 Europe/Berlin\n"))
        #expect(timer.contains("\nUnit=remindc-home.example-pills.service\n"))
        // Same input, same bytes.
        #expect(writer.units([file.file]) == units)
    }
}
