@testable import CalendarImport
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import Testing
import YAMLSyntax

/// The reminder remindc's .ics carries whole (`X-REMINDC-REMINDER`):
/// `import` gives it back with the keys it was written with while its
/// components are still what the writer makes of it, reads a changed
/// calendar from its events, and takes nothing from it that makes remindc
/// read a path or run a command unless the file is remindc's and trusted.
@Suite struct CarriedReminderTests {
    /// `reminders` (YAML items, indented as items of `reminders:`) of a
    /// file with `header` as remindc's .ics, written at 2026-11-29.
    static func calendar(_ reminders: String, header: String = "uid-domain: office.example\ntimezone: Europe/London\n") throws -> String {
        let yaml = header + "reminders:\n" + reminders
        let loaded = ReminderFile.load(Array(yaml.utf8), path: "office.yaml")
        let errors = loaded.diagnostics.filter { $0.message.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        let file = try #require(loaded.file)
        let utc = TimeZone(identifier: "UTC")!
        let writer = ICalendarWriter(options: .init(now: Instant(secondsSince1970: 1_795_953_600), workingFolder: "/work"))
        return String(decoding: writer.write([ScheduledFile(file, floatingZone: utc)]), as: UTF8.self)
    }

    static func importing(_ ics: String, trust: Bool = false) throws -> ImportCorpusTests.Imported {
        try ImportCorpusTests.importing(["office.ics"], bytes: Array(ics.utf8), trust: trust)
    }

    /// The reminder `yaml` holds, as the model reads it, with what it
    /// takes from its file.
    static func mapping(_ yaml: String, header: String = "uid-domain: office.example\ntimezone: Europe/London\n") throws -> YAMLValue {
        let file = try #require(ReminderFile.load(Array((header + "reminders:\n" + yaml).utf8), path: "office.yaml").file)
        return try #require(ReminderEncoder.mapping(of: file.reminders[0], in: file))
    }

    /// Each comes back as it was written, where the components alone say
    /// something else (an RRULE with EXDATEs, overrides, a series per time
    /// of day, DURATIONs in place of working days).
    @Test(arguments: [
        (
            "working-day",
            "  - {id: rent, title: Rent, at: 2026-12-01 09:00, repeat: {every: month, working-day: -1}, before: [2 working days, 1h]}\n",
            "working-day: -1"
        ),
        (
            "if-holiday",
            "  - {id: bins, title: Bins, at: 2026-12-01 07:00, repeat: {every: week, on: [tue]}, if-holiday: after, holidays: {region: GB-ENG}}\n",
            "if-holiday: after"
        ),
        (
            "times", "  - {id: pills, title: Pills, at: 2026-12-01 08:00, repeat: {every: day, times: [\"08:00\", \"20:30\"], count: 9}}\n",
            "times: [08:00, 20:30]"
        ),
        (
            "alert-time", "  - {id: bday, title: Birthday, at: 2026-12-12, repeat: yearly, before: [1d], alert-time: \"09:00\"}\n",
            "alert-time: 09:00"
        ),
        ("grace", "  - {id: meds, title: Meds, at: 2026-12-01 08:00, repeat: daily, grace: 2h}\n", "grace: 2h"),
        (
            "rrule",
            "  - {id: last-fri, title: Drinks, at: 2026-12-25 17:00, repeat: {rrule: \"FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1\", except: [2027-01-29 17:00]}}\n",
            "rrule: \"FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1\""
        ),
        (
            "own days off",
            "  - {id: stock, title: Stock, at: 2026-12-05 17:30, repeat: {every: week, on: [sat]}, if-holiday: nearest, weekend: [sun], "
                + "holidays: {dates: [2026-12-26: Boxing Day]}}\n", "weekend: [sun]"
        ),
        (
            "an id YAML 1.1 reads as a word", "  - {id: \"no\", title: No, at: 2026-12-01 09:00, repeat: {every: month, working-day: 1}}\n",
            "working-day: 1"
        ),
        (
            "uid and data",
            "  - {id: call, uid: \"call-42@phone.example\", title: Call, at: 2026-12-03 10:00, data: {who: mum}, ignore: [quiet-hours], todo: true}\n",
            "uid: \"call-42@phone.example\""
        ),
    ])
    func itComesBackAsItWasWritten(_ name: String, _ reminder: String, _ line: String) throws {
        let imported = try Self.importing(try Self.calendar(reminder))
        #expect(imported.file.reminders.count == 1, "\(name): \(imported.yaml)")
        let back = try #require(imported.file.reminders.first)
        #expect(ReminderEncoder.mapping(of: back, in: imported.file) == (try Self.mapping(reminder)), "\(name): \(imported.yaml)")
        #expect(imported.yaml.contains(line), "\(name): \(imported.yaml)")
        #expect(!imported.says("changed since"), "\(name): \(imported.said)")
    }

    /// Days off most reminders share are the file's again.
    @Test func sharedDaysOffAreTheFiles() throws {
        let reminders = """
              - {id: standup, title: Stand-up, at: 2026-12-07 09:30, repeat: weekdays, if-holiday: skip}
              - {id: bins, title: Bins, at: 2026-12-01 07:00, repeat: {every: week, on: [tue]}, if-holiday: after}
              - {id: stock, title: Stock, at: 2026-12-05 17:30, repeat: {every: week, on: [sat]}, if-holiday: nearest, weekend: [sun]}

            """
        let header = "uid-domain: office.example\ntimezone: Europe/London\nholidays: {region: GB-ENG, dates: [2026-12-24: Christmas Eve]}\n"
        let imported = try Self.importing(try Self.calendar(reminders, header: header))
        #expect(
            imported.yaml.contains("\nholidays:\n  region: GB-ENG\n  dates:\n    - 2026-12-24: \"Christmas Eve\"\n"), "\(imported.yaml)")
        // The shop rests on Sundays alone: its own days off stay its own.
        #expect(imported.yaml.components(separatedBy: "region: GB-ENG").count == 3, "\(imported.yaml)")
        #expect(imported.file.reminders.first { $0.id == "stock" }?.dayOff?.daysOff.weekend == [.sunday])
        #expect(
            imported.file.reminders.first { $0.id == "bins" }?.dayOff?.daysOff.holidays[
                DayNumber(CivilDate(year: 2026, month: 12, day: 24).daysSinceEpoch)]
                == "Christmas Eve")
    }

    /// A calendar changed since remindc wrote it (an occurrence moved in a
    /// calendar app) is read from its events, and said.
    @Test func aChangedCalendarIsReadFromItsEvents() throws {
        let ics = try Self.calendar("  - {id: rent, title: Rent, at: 2026-12-01 09:00, repeat: {every: month, working-day: -1}}\n")
        let moved = ics.replacingOccurrences(of: "SUMMARY:Rent\r\n", with: "SUMMARY:Pay the rent\r\n")
        #expect(moved != ics)
        let imported = try Self.importing(moved)
        #expect(imported.says("the calendar was changed since remindc wrote 'rent'"), "\(imported.said)")
        #expect(imported.file.reminders.allSatisfy { $0.title == "Pay the rent" })
        #expect(!imported.yaml.contains("working-day"))
    }

    /// A file remindc did not write carries nothing: its events are read.
    @Test func aForeignFileCarriesNothing() throws {
        let ics = try Self.calendar("  - {id: rent, title: Rent, at: 2026-12-01 09:00, repeat: {every: month, working-day: -1}}\n")
        let foreign = ics.replacingOccurrences(of: "PRODID:-//remindc//", with: "PRODID:-//Someone else//")
        let imported = try Self.importing(foreign, trust: true)
        #expect(!imported.yaml.contains("working-day"), "\(imported.yaml)")
        #expect(imported.yaml.contains("rrule:"), "\(imported.yaml)")
    }

    /// What the carried reminder says is held to what remindc writes:
    /// never a holiday file to read, another reminder's id, a second YAML
    /// document, or a sound file unless trusted.
    @Test(arguments: [
        (
            "a holiday file",
            #"{id: a\, title: A\, at: 2026-12-01 09:00\, repeat: daily\, if-holiday: skip\, holidays: {files: [/etc/passwd]}}"#
        ),
        ("another id", #"{id: b\, title: A\, at: 2026-12-01 09:00}"#),
        ("more YAML", #"{id: a\, title: A\, at: 2026-12-01 09:00}\nlint: {disable: [same-time]}"#),
        ("no mapping", #"[a\, b]"#),
    ])
    func aForgedReminderIsNotRead(_ name: String, _ value: String) throws {
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//remindc//remindc 1.0//EN\r
            BEGIN:VEVENT\r
            UID:a@office.example\r
            X-REMINDC-ID:a\r
            DTSTAMP:20261129T120000Z\r
            DTSTART;TZID=Europe/London:20261201T090000\r
            SUMMARY:A\r
            X-REMINDC-REMINDER:\(value)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let imported = try Self.importing(ics, trust: true)
        #expect(imported.says("is not one remindc writes"), "\(name): \(imported.said)")
        #expect(!imported.yaml.contains("passwd") && !imported.yaml.contains("lint"), "\(name): \(imported.yaml)")
        #expect(imported.file.reminders.map(\.id) == ["a"])
    }

    /// A sound file comes back only from a trusted import.
    @Test(arguments: [false, true])
    func aSoundFileNeedsTrust(_ trust: Bool) throws {
        let ics = try Self.calendar(
            "  - {id: goal, title: Goal, at: 2026-12-01 20:31, repeat: daily, sound: sounds/goal.wav, if-holiday: skip}\n")
        let imported = try Self.importing(ics, trust: trust)
        let reminder = try #require(imported.file.reminders.first)
        #expect(reminder.sound == (trust ? .file("sounds/goal.wav") : .default), "\(imported.yaml)")
        #expect(imported.says("sound files", rule: .importUntrusted) == !trust, "\(imported.said)")
        #expect(reminder.ifHoliday == .skip)
    }
}
