@testable import CalendarImport
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import RepositoryFiles
import Testing
import YAMLSyntax

/// `import(ics(f))` is `f`, key for key, for every example and every
/// fixture the writer writes: in process, compared as the model reads each
/// reminder (`ReminderEncoder`), and a second round trip writes the same
/// reminder file.
@Suite struct RoundTripTests {
    static let root = RepositoryFiles.root

    /// The examples and the fixtures that load without an error and that
    /// `remindc ics` writes: exactly (no fraction of a second), and with no
    /// UID two reminders share (`uid-clash.yaml`, which it refuses).
    static let files: [String] = RepositoryFiles.validReminderFiles.filter { path in
        guard let file = RepositoryFiles.load(path), !file.reminders.isEmpty,
            ICalendarWriter.problems(in: ScheduledFile(file, floatingZone: utc)).isEmpty,
            case .success(let (document, _)) = CalendarDocument.read(ics(file, folder: "/"))
        else { return false }
        var owners: [String: String] = [:]
        for component in document.calendars.flatMap(\.components) {
            guard let uid = component.uid, let id = component.property("X-REMINDC-ID")?.text else { continue }
            if let other = owners[uid], other != id { return false }
            owners[uid] = id
        }
        return true
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// The file as `remindc ics` writes it, at 2026-11-29T12:00:00Z.
    static func ics(_ file: ReminderFile, folder: String) -> [UInt8] {
        let writer = ICalendarWriter(options: .init(now: Instant(secondsSince1970: 1_795_953_600), workingFolder: folder))
        return writer.write([ScheduledFile(file, floatingZone: utc)])
    }

    @Test func thereAreFiles() {
        #expect(Self.files.count > 30)
    }

    @Test(arguments: files)
    func itComesBackKeyForKey(_ path: String) throws {
        let full = Self.root.appendingPathComponent(path).path
        let folder = (full as NSString).deletingLastPathComponent
        let original = try #require(RepositoryFiles.load(path))
        // Imported beside the original, as a person keeping both would.
        let output = (folder as NSString).appendingPathComponent("round-trip.yaml")
        let options = CalendarImporter.Options(localZone: "UTC", outputPath: output, trust: true)
        let first = CalendarImporter.run([.init(path: "calendar.ics", bytes: Self.ics(original, folder: folder))], options: options)
        let yaml = try #require(first.yaml, "\(path): \(first.diagnostics)")
        #expect(!first.diagnostics.contains { $0.message.text.contains("changed since remindc wrote") }, "\(path): \(first.diagnostics)")
        let loaded = ReminderFile.load(Array(yaml.utf8), path: output)
        #expect(!loaded.diagnostics.contains { $0.message.severity == .error }, "\(path): \(loaded.diagnostics)\n\(yaml)")
        let imported = try #require(loaded.file)
        #expect(imported.reminders.map(\.id) == original.reminders.map(\.id), "\(path)")
        let mappings = Dictionary(
            imported.reminders.map { ($0.id, ReminderEncoder.mapping(of: $0, in: imported)) }, uniquingKeysWith: { a, _ in a })
        for reminder in original.reminders {
            // A fixed offset has no mapping, and is read from its events.
            guard let mapping = ReminderEncoder.mapping(of: reminder, in: original) else { continue }
            #expect(mappings[reminder.id] == mapping, "\(path): '\(reminder.id)'\n\(yaml)")
        }
        // Again: the same file.
        let second = CalendarImporter.run([.init(path: "calendar.ics", bytes: Self.ics(imported, folder: folder))], options: options)
        #expect(second.yaml == yaml, "\(path)")
    }
}
