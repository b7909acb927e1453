@testable import CalendarImport
import Foundation
import RepositoryFiles
import Testing
import ReminderModel
import ReminderOutput

/// `remindc import`: goldens of what it writes and says for exports as
/// Google, Outlook, Apple and Thunderbird write them; the round trip of
/// the examples through `ics` (the same occurrences and alerts, and the
/// same bytes a second time); bad input and the files it will not
/// replace. (The importer's own tests, and its judges, are
/// CalendarImportTests'.)
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

}
