@testable import CalendarImport
import Foundation
import RepositoryFiles
import Testing
import ReminderModel
import ReminderOutput

/// `remindc import`: goldens of what it writes and says for exports as
/// Google, Outlook, Apple and Thunderbird write them; the round trip of
/// the examples through `ics` (the same occurrences and alerts, and the
/// same bytes a second time); the foreign files' occurrences and alarms
/// against recurring-ical-events; the Windows zone names against python
/// icalendar's table; bad input.
@Suite struct ImportTests {
    typealias Case = EndToEndTests.Case
    static let fixtures = "\(EndToEndTests.fixtures)/import"

    @Test(arguments: [
        Case(golden: "import-google.txt", arguments: ["import", "\(fixtures)/google.ics"], status: 0),
        Case(golden: "import-outlook.txt", arguments: ["import", "\(fixtures)/outlook.ics"], status: 0),
        Case(golden: "import-apple.txt", arguments: ["import", "\(fixtures)/apple.ics"], status: 0),
        Case(golden: "import-thunderbird.txt", arguments: ["import", "\(fixtures)/thunderbird.ics"], status: 0),
        Case(golden: "import-exchange.txt", arguments: ["import", "\(fixtures)/exchange.ics"], status: 0),
        Case(golden: "import-thisandfuture.txt", arguments: ["import", "\(fixtures)/thisandfuture.ics"], status: 0),
        Case(
            golden: "import-json.txt",
            arguments: [
                "import", "\(fixtures)/google.ics", "--format", "json", "--name", "Our family",
                "--timezone", "Europe/Vienna",
            ], status: 0),
        Case(golden: "import-empty.txt", arguments: ["import", "\(fixtures)/empty.ics"], status: 0),
        Case(golden: "import-not-ics.txt", arguments: ["import", "examples/remindme.yaml"], status: 1),
        Case(golden: "import-broken.txt", arguments: ["import", "\(fixtures)/broken.ics"], status: 1),
        Case(
            golden: "import-unknown-zone.txt", arguments: ["import", "\(fixtures)/unknown-zone.ics", "--timezone", "Europe/Berlin"],
            status: 0),
        Case(golden: "import-missing.txt", arguments: ["import", "\(fixtures)/missing.ics"], status: 2),
        Case(golden: "import-no-file.txt", arguments: ["import"], status: 2),
        Case(
            golden: "import-bad-timezone.txt", arguments: ["import", "\(fixtures)/google.ics", "--timezone", "Europe/Berlinn"], status: 2),
    ])
    func transcript(_ c: Case) throws {
        let run = try EndToEndTests.runInProcess(c.arguments, environment: ["NO_COLOR": "1"])
        #expect(run.status == c.status, "\(run.stderr)")
        Golden().check(run.transcript, c.golden)
        if c.status != 0 { #expect(run.stdout.isEmpty, "a failed import writes nothing") }
    }

    /// A failed import leaves -o as it was.
    @Test func aFailedImportWritesNoFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.yaml")
        // An earlier import's, which -o may replace.
        try Data("# Imported by remindc from old.ics.\nkept\n".utf8).write(to: output)
        let run = try EndToEndTests.runInProcess(["import", "\(Self.fixtures)/broken.ics", "-o", output.path])
        #expect(run.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "# Imported by remindc from old.ics.\nkept\n")
    }

    /// -o replaces a new file or an earlier import's, never a file no
    /// import wrote nor the calendar being read, unless --force.
    @Test func outputNeverReplacesWhatItDidNotWrite() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("in.ics")
        try FileManager.default.copyItem(
            atPath: EndToEndTests.root.appendingPathComponent("\(Self.fixtures)/google.ics").path, toPath: calendar.path)
        let notes = folder.appendingPathComponent("notes.yaml")
        try Data("reminders:\n  - id: mine\n    title: Mine\n    at: 2027-01-01 09:00\n".utf8).write(to: notes)
        let calendarBytes = try Data(contentsOf: calendar)
        for (output, fragment) in [(notes.path, "no import wrote it"), (calendar.path, "is the calendar being imported")] {
            let run = try EndToEndTests.runInProcess(["import", calendar.path, "-o", output])
            #expect(run.status == 2)
            #expect(run.stderr.contains(fragment), "\(run.stderr)")
        }
        #expect(try String(contentsOf: notes, encoding: .utf8).hasPrefix("reminders:\n  - id: mine"))
        #expect(try Data(contentsOf: calendar) == calendarBytes)
        // A new file, then the import again over it, then --force.
        let written = folder.appendingPathComponent("family.yaml")
        #expect(try EndToEndTests.runInProcess(["import", calendar.path, "-o", written.path]).status == 0)
        #expect(try EndToEndTests.runInProcess(["import", calendar.path, "-o", written.path]).status == 0)
        #expect(try EndToEndTests.runInProcess(["import", calendar.path, "-o", notes.path, "--force"]).status == 0)
        #expect(try String(contentsOf: notes, encoding: .utf8).hasPrefix("# Imported by remindc from "))
    }

    /// A diagnostic of an .ics quotes the line it names: NEL, LS, PS and a
    /// lone CR end no line of an .ics (they end lines of a YAML file).
    @Test func diagnosticsQuoteTheLineTheyName() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("breaks.ics")
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:a".utf8)
        bytes += [0xE2, 0x80, 0xA8] + Array("b".utf8) + [0xE2, 0x80, 0xA9] + Array("c".utf8) + [0xC2, 0x85] + Array("d\re".utf8)
        bytes += Array("\r\nUID:x@example.com\r\nDTSTART:2026121\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        try Data(bytes).write(to: path)
        let run = try EndToEndTests.runInProcess(["import", path.path], environment: ["NO_COLOR": "1"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "breaks.ics:5:1: error: DTSTART '2026121' is not a date or a date-time [ics-syntax]\n 5 | DTSTART:2026121\n"),
            "\(run.stderr)")
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-import-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Each occurrence of `path` from 2026-11-29 to 2028-06-01 as
    /// [title, start, sorted alerts], in order.
    static func occurrences(_ path: String, dateOnlyAllDay: Bool = false) throws -> [[String]] {
        let run = try EndToEndTests.runInProcess([
            "expand", path, "--from", "2026-11-29", "--to", "2028-06-01", "--format", "jsonl", "--zone", "UTC",
            "--now", "2026-11-29T12:00:00Z",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        return try run.stdout.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let start = object["start"] as! String
            // iCalendar's TEXT has one kind of line break (RFC 5545 §3.3.11).
            let title = (object["title"] as! String).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            return [title, start.count == 10 ? start : object["utc"] as! String]
                + (object["alerts"] as? [String] ?? []).sorted()
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `import(ics(file))` has the same reminders with the same keys,
    /// checks clean and fires as the file does, and a second round trip
    /// writes the same bytes: the examples (beside their
    /// sounds and holiday files, as they would be), fixtures of clocks,
    /// alerts, fixed instants, hostile text and the views, and the client
    /// matrix's generated set.
    @Test(arguments: [
        "examples/remindme.yaml", "examples/repeating.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml",
        "examples/other-calendars.yaml", "examples/working-days.yaml", "examples/imported.yaml",
        "\(EndToEndTests.fixtures)/expand/clocks.yaml",
        "\(EndToEndTests.fixtures)/expand/alerts.yaml", "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml",
        "\(EndToEndTests.fixtures)/ics/hostile.yaml", "\(EndToEndTests.fixtures)/views/views.yaml", "generated",
    ])
    func filesComeBack(_ path: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original: String
        if path == "generated" {
            original = folder.appendingPathComponent("generated.yaml").path
            try Data(IcsOracleTests.generatedFile(count: 400).utf8).write(to: URL(fileURLWithPath: original))
        } else {
            let source = EndToEndTests.root.appendingPathComponent(path)
            let from = source.deletingLastPathComponent()
            let items =
                path.hasPrefix("examples/") ? try FileManager.default.contentsOfDirectory(atPath: from.path) : [source.lastPathComponent]
            for item in items {
                try FileManager.default.copyItem(at: from.appendingPathComponent(item), to: folder.appendingPathComponent(item))
            }
            original = folder.appendingPathComponent(source.lastPathComponent).path
        }
        let ics = folder.appendingPathComponent("calendar.ics").path
        // Beside the examples' own imported.yaml, which no import wrote.
        let imported = folder.appendingPathComponent("round-trip.yaml").path
        let written = try EndToEndTests.runInProcess(["ics", original, "-o", ics, "--now", "2026-11-29T12:00:00Z"])
        try #require(written.status == 0, "\(written.stderr)")
        // remindc's own file, trusted: its commands and sounds come back.
        let read = try EndToEndTests.runInProcess(["import", ics, "-o", imported, "--trust"])
        try #require(read.status == 0, "\(read.stderr)")
        // It checks as the original does (hostile.yaml names a sound file
        // that is not there).
        let checked = try EndToEndTests.runInProcess(["check", imported, "--now", "2026-11-29T12:00:00Z"])
        let checkedBefore = try EndToEndTests.runInProcess(["check", original, "--now", "2026-11-29T12:00:00Z"])
        #expect(checked.status == checkedBefore.status, "\(checked.stdout)")
        // The same reminders with the same keys, as the model reads them
        // (`ReminderEncoder` writes what each says, with what it takes
        // from its file). A reminder in a fixed offset has no mapping of
        // its own and is read from its events.
        let originalFile = try #require(ReminderFile.load(Array(try Data(contentsOf: URL(fileURLWithPath: original))), path: original).file)
        let importedFile = try #require(ReminderFile.load(Array(try Data(contentsOf: URL(fileURLWithPath: imported))), path: imported).file)
        #expect(importedFile.reminders.map(\.id) == originalFile.reminders.map(\.id))
        let importedMappings = Dictionary(
            importedFile.reminders.map { ($0.id, ReminderEncoder.mapping(of: $0, in: importedFile)) },
            uniquingKeysWith: { first, _ in first })
        for reminder in originalFile.reminders {
            guard let mapping = ReminderEncoder.mapping(of: reminder, in: originalFile) else { continue }
            #expect(importedMappings[reminder.id] == mapping, "\(path): '\(reminder.id)' came back otherwise")
        }
        let before = try Self.occurrences(original), after = try Self.occurrences(imported)
        #expect(before.count > 3)
        let missing = Set(before.map { $0.joined(separator: " ") }).subtracting(after.map { $0.joined(separator: " ") }).sorted().prefix(4)
        let extra = Set(after.map { $0.joined(separator: " ") }).subtracting(before.map { $0.joined(separator: " ") }).sorted().prefix(4)
        #expect(before == after, "\(path): only in the original \(missing), only in the import \(extra)")

        // Again: the same bytes.
        let first = try String(contentsOfFile: imported, encoding: .utf8)
        #expect(try EndToEndTests.runInProcess(["ics", imported, "-o", ics, "--now", "2026-11-29T12:00:00Z"]).status == 0)
        #expect(try EndToEndTests.runInProcess(["import", ics, "-o", imported, "--trust"]).status == 0)
        #expect(try String(contentsOfFile: imported, encoding: .utf8) == first)
    }

    static let python = OracleVenv.python(importing: "icalendar, recurring_ical_events")

    /// What recurring-ical-events and python icalendar read from a foreign
    /// export (its occurrences, and when its DISPLAY and AUDIO alarms go
    /// off) is what `expand` of the imported file says, but for what the
    /// import reported it could not carry.
    @Test(
        .enabled(if: python != nil, "needs icalendar and recurring-ical-events in .build/oracle-venv"),
        arguments: [
            ("google", "Europe/Berlin"), ("outlook", "Europe/Berlin"), ("apple", "America/New_York"),
            ("thunderbird", "Europe/London"), ("exchange", "Europe/Amsterdam"), ("thisandfuture", "Europe/Paris"),
        ])
    func foreignExportsFireAsTheyDid(_ name: String, _ zone: String) throws {
        // (zone: what a time without one is read in: the imported file's.)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "\(Self.fixtures)/\(name).ics", imported = folder.appendingPathComponent("\(name).yaml").path
        let read = try EndToEndTests.runInProcess(["import", source, "-o", imported])
        try #require(read.status == 0, "\(read.stderr)")
        let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/ics_events.py").path
        let judged = try Tools.run(
            Self.python!.path,
            [
                "-W", "ignore", script, EndToEndTests.root.appendingPathComponent(source).path, zone,
                "2026-11-29T00:00:00Z", "2028-06-01T00:00:00Z",
            ])
        try #require(judged.status == 0, "\(judged.output.prefix(2000))")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(judged.output.utf8)) as? [[Any]])
        var theirs = raw.map { item in [item[0] as! String, item[1] as! String] + (item[2] as! [String]) }
        // Apple's fixed-time alarm, which the import reports it drops.
        if name == "apple" { theirs = theirs.map { $0.filter { $0 != "2026-12-24T14:00:00Z" } } }
        // An event without an alarm alerts at its start, as the import says.
        theirs = theirs.map { $0.count == 2 && $0[1].count > 10 ? $0 + [$0[1]] : $0 }
        let ours = try Self.occurrences(imported).filter { $0[1] >= "2026-11-29" }
        #expect(theirs.count >= 3)
        #expect(ours == theirs.sorted { $0.lexicographicallyPrecedes($1) }, "\(name)")
    }

    /// The import corpus (Tests/CalendarImportTests/Corpus, minimal files
    /// in the shapes real exports have) fires as recurring-ical-events reads
    /// it, but for the events in `judgeReadsOtherwise`, each with the RFC
    /// 5545 section that decides and a diagnostic of the import saying it.
    /// An event without an alarm alerts at its start (midnight of the
    /// file's zone for a date), as the import says.
    @Test(
        .enabled(if: python != nil, "needs icalendar and recurring-ical-events in .build/oracle-venv"),
        arguments: try! FileManager.default.contentsOfDirectory(atPath: EndToEndTests.root.appendingPathComponent(corpus).path)
            .filter { $0.hasSuffix(".ics") }.sorted())
    func theCorpusFiresAsTheJudgeReadsIt(_ name: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = EndToEndTests.root.appendingPathComponent("\(Self.corpus)/\(name)").path
        let imported = folder.appendingPathComponent("imported.yaml").path
        let read = try EndToEndTests.run(["import", source, "-o", imported, "--trust"], environment: ["TZ": "Asia/Tokyo"])
        try #require(read.status == 0, "\(read.stderr)")
        let text = try String(contentsOfFile: imported, encoding: .utf8)
        var zone = text.split(separator: "\n").first { $0.hasPrefix("timezone: ") }.map { String($0.dropFirst(10)) } ?? "UTC"
        if zone == "floating" { zone = "UTC" }
        let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/ics_events.py").path
        let judged = try Tools.run(
            Self.python!.path, ["-W", "ignore", script, source, zone, "2026-11-29T00:00:00Z", "2028-06-01T00:00:00Z"])
        try #require(judged.status == 0, "\(judged.output.prefix(2000))")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(judged.output.utf8)) as? [[Any]])
        let offset = TimeZone(identifier: zone)!
        var theirs = raw.map { item -> [String] in
            let start = item[1] as! String
            var alarms = item[2] as! [String]
            if alarms.isEmpty {
                // At its start; a date at its midnight on the file's clock.
                if start.count > 10 {
                    alarms = [start]
                } else {
                    let midnight = ISO8601DateFormatter().date(from: start + "T00:00:00Z")!
                    let instant = midnight.addingTimeInterval(-TimeInterval(offset.secondsFromGMT(for: midnight)))
                    alarms = [ISO8601DateFormatter().string(from: instant)]
                }
            }
            return [item[0] as! String, start] + alarms
        }
        var ours = try Self.occurrences(imported).filter { $0[1] >= "2026-11-29" }
        let otherwise = Self.judgeReadsOtherwise.filter { $0.file == name }
        for difference in otherwise {
            #expect(read.stderr.contains(difference.said), "\(name): the import does not say \(difference.said)")
            #expect(ours.filter { $0[0] == difference.title }.count == difference.ours, "\(name): \(difference.title)")
            #expect(theirs.filter { $0[0] == difference.title }.count == difference.theirs, "\(name): \(difference.title)")
            theirs.removeAll { $0[0] == difference.title }
            ours.removeAll { $0[0] == difference.title }
        }
        #expect(ours == theirs.sorted { $0.lexicographicallyPrecedes($1) }, "\(name)")
    }

    static let corpus = "Tests/CalendarImportTests/Corpus"

    /// Where recurring-ical-events reads an event of the corpus otherwise
    /// than the import, and the RFC's word on it: the file, the event's
    /// title, its occurrences from 2026-11-29 to 2028-06 in the import and
    /// in the judge, and what the import says of it.
    static let judgeReadsOtherwise: [(file: String, title: String, ours: Int, theirs: Int, said: String)] = [
        // RFC 5545 §3.8.5.3: "The "DTSTART" property value SHOULD be
        // synchronized with the recurrence rule... [it] always counts as
        // the first occurrence": an UNTIL before it leaves it alone.
        // dateutil, behind the judge, gives no occurrence at all.
        ("until-before-start.ics", "Once", 1, 0, "UNTIL comes before DTSTART"),
        // An RRULE with no value breaks RFC 5545 §3.3.10's grammar (FREQ
        // is required): the import reads no repeat, so the change of the
        // event (RECURRENCE-ID) replaces it; the judge keeps the event and
        // its change side by side.
        ("unused-details.ics", "Walk", 0, 1, "does not repeat, and its change (RECURRENCE-ID) replaces it"),
        // RFC 5545 §3.3.10: BYDAY "MUST NOT be specified with a numeric
        // value" in a WEEKLY rule; the judge drops the number (every
        // Monday), the import keeps the start alone and says why.
        ("unusable-rules.ics", "First Monday, weekly", 1, 78, "repeat cannot be a reminder's"),
    ]

    /// Every Windows zone name in CLDR's table names the zone python
    /// icalendar's own table gives it, or one with the same offsets.
    @Test(.enabled(if: python != nil, "needs icalendar in .build/oracle-venv"))
    func windowsNamesAgreeWithPythonIcalendar() throws {
        let run = try Tools.run(
            Self.python!.path,
            [
                "-c",
                """
                import json
                from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON
                print(json.dumps(WINDOWS_TO_OLSON))
                """,
            ])
        try #require(run.status == 0, "\(run.output)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: String])
        #expect(theirs.count > 100)
        var compared = 0
        for (windows, zone) in WindowsZones.pairs {
            guard let other = theirs[windows] else { continue }
            compared += 1
            if other == zone { continue }
            // Two names of one zone: the same offsets through the years.
            let a = try #require(TimeZone(identifier: zone)), b = try #require(TimeZone(identifier: other), "\(other)")
            let same = stride(from: 1_577_836_800, to: 1_893_456_000, by: 86_400 * 7).allSatisfy { seconds in
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                return a.secondsFromGMT(for: date) == b.secondsFromGMT(for: date)
            }
            #expect(same, "\(windows): CLDR \(zone), python icalendar \(other)")
        }
        #expect(compared > 100)
        // The TZID khal could not read (khal#714) is read here.
        #expect(ZoneMapping.iana(for: "New Zealand Standard Time")?.zone == "Pacific/Auckland")
        #expect(ZoneMapping.iana(for: "\"W. Europe Standard Time\"") == nil)
        #expect(ZoneMapping.iana(for: "europe/berlin")?.zone == "Europe/Berlin")
        // A link the tz database keeps, which Foundation does not list.
        #expect(ZoneMapping.iana(for: "Asia/Kolkata")?.zone == "Asia/Kolkata")
        #expect(ZoneMapping.iana(for: "/softwarestudio.org/Olson_20011030_5/America/New_York")?.zone == "America/New_York")
        #expect(ZoneMapping.iana(for: "Mars/Olympus_Mons") == nil)
    }

    /// The reader: folded lines, CRLF or LF, a byte-order mark, several
    /// calendars, quoted parameters with commas; and where it stops.
    @Test func theReaderKeepsPlaces() throws {
        let text =
            "\u{FEFF}BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY;X-A=\"a,b;c\",d:Long\r\n  title\r\nEND:VEVENT\r\nEND:VCALENDAR\n"
            + "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:Two\nEND:VTODO\nEND:VCALENDAR\n"
        let document = try CalendarDocument.read(text).get()
        #expect(document.calendars.count == 2)
        let summary = try #require(document.calendars[0].components.first?.property("SUMMARY"))
        #expect(summary.text == "Long title")
        #expect(summary.parameters.first?.values == ["a,b;c", "d"])
        #expect(summary.span.start.line == 3)
        #expect(document.calendars[1].components.first?.span.start.line == 8)
        // What cannot be read on: an END that closes another component,
        // nothing iCalendar at all.
        for (broken, line) in [("BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n", 3), ("SUMMARY:x\n", 1), ("title: x\nat: 09:00\n", 1)] {
            guard case .failure(let problem) = CalendarDocument.read(broken) else {
                Issue.record("\(broken) was read")
                continue
            }
            #expect(Int(problem.span.start.line) == line, "\(broken): \(problem.text)")
        }
        // What is read on, said: a line that is not a content line (left
        // out), a file cut off inside a component (closed there), a bare
        // VEVENT (a calendar's).
        for (text, kind, line, events) in [
            (
                "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:a\nnot a line\nEND:VEVENT\nEND:VCALENDAR\n",
                CalendarDocument.Repair.Kind.notContentLine, 4, 1
            ),
            ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:a\n", .unclosed, 1, 1),
            ("BEGIN:VEVENT\nSUMMARY:a\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:b\nEND:VEVENT\n", .outsideCalendar, 1, 2),
        ] {
            let (document, repairs) = try CalendarDocument.read(Array(text.utf8)).get()
            #expect(repairs.map(\.kind) == [kind], "\(text)")
            #expect(repairs.first.map { Int($0.span.start.line) } == line, "\(text)")
            #expect(document.calendars.flatMap(\.components).filter { $0.name == "VEVENT" }.count == events, "\(text)")
        }
    }
}
