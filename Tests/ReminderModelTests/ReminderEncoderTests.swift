import Foundation
import Recurrence
import ReminderModel
import RepositoryFiles
import Testing
import YAMLSyntax

/// `ReminderEncoder` is the inverse of the reminder decoder: every
/// reminder of the examples and the valid fixtures, written as a mapping
/// and read in a file that gives it nothing (another zone, other days
/// off; the default grace, which a mapping leaves unsaid), is the same
/// reminder.
@Suite struct ReminderEncoderTests {
    static let root = RepositoryFiles.root

    /// The examples and every fixture that loads without an error.
    static let files = RepositoryFiles.validReminderFiles

    @Test func thereAreFiles() {
        #expect(Self.files.count > 40)
    }

    @Test(arguments: files)
    func everyReminderReadsBackTheSame(_ path: String) throws {
        let full = Self.root.appendingPathComponent(path).path
        let file = try #require(ReminderFile.load(Array(try Data(contentsOf: URL(fileURLWithPath: full))), path: full).file)
        let mappings = file.reminders.compactMap { ReminderEncoder.mapping(of: $0, in: file) }
        guard !mappings.isEmpty else { return }
        // A file whose own keys would change every reminder that took them.
        let header: YAMLValue = .mapping([
            .init("timezone", .plain("Pacific/Chatham")), .init("weekend", .sequence([.plain("fri")])),
            .init("holidays", .mapping([.init("dates", .sequence([.plain("2027-01-04")]))])),
            .init(
                "categories",
                .mapping(
                    file.categories.map {
                        .init(
                            $0.id,
                            .mapping([
                                .init(
                                    "actions",
                                    .sequence([
                                        .mapping([.init("id", .plain("ok")), .init("title", .text("OK"))])
                                    ]))
                            ]))
                    })),
            .init("reminders", .sequence(mappings)),
        ])
        let text = header.blockLines().joined(separator: "\n") + "\n"
        let loaded = ReminderFile.load(Array(text.utf8), path: "/tmp/encoded/" + (full as NSString).lastPathComponent)
        #expect(!loaded.diagnostics.contains { $0.message.severity == .error }, "\(path): \(loaded.diagnostics)\n\(text)")
        let again = try #require(loaded.file)
        let originals = file.reminders.filter { ReminderEncoder.mapping(of: $0, in: file) != nil }
        #expect(again.reminders.count == originals.count, "\(path)")
        for (original, read) in zip(originals, again.reminders) {
            let what = "\(path): \(original.id)"
            #expect(
                read.id == original.id && read.uid == original.uid && read.title == original.title && read.note == original.note, "\(what)")
            #expect(read.action == original.action && read.start == original.start && read.timeZone == original.timeZone, "\(what)")
            #expect(read.repeats?.rule.text == original.repeats?.rule.text && read.repeats?.times == original.repeats?.times, "\(what)")
            #expect(read.repeats?.except == original.repeats?.except && read.repeats?.also == original.repeats?.also, "\(what)")
            #expect(
                read.repeats?.workingDay == original.repeats?.workingDay && read.repeats?.isRawRule == original.repeats?.isRawRule,
                "\(what)")
            #expect(read.before == original.before && read.alertTime == original.alertTime, "\(what)")
            #expect(again.grace(of: read) == file.grace(of: original), "\(what)")
            #expect(
                read.ifHoliday == original.ifHoliday && read.dayOff == original.dayOff && read.alertDaysOff == original.alertDaysOff,
                "\(what)")
            #expect(read.sound == original.sound && read.badge == original.badge && read.category == original.category, "\(what)")
            #expect(read.data.map { "\($0.key)=\($0.value)" } == original.data.map { "\($0.key)=\($0.value)" }, "\(what)")
            #expect(read.isTodo == original.isTodo && read.ignoredRules == original.ignoredRules, "\(what)")
            // And writes the same mapping again.
            #expect(ReminderEncoder.mapping(of: read, in: again) == ReminderEncoder.mapping(of: original, in: file), "\(what)")
        }
    }

    /// A reminder in a fixed offset it takes from its start has no mapping
    /// of its own: in a file with a zone it would take that zone.
    @Test func aFixedOffsetHasNoMapping() throws {
        let yaml =
            "reminders:\n  - {id: k, title: K, at: 2026-10-26T09:30:00+05:00, repeat: daily}\n  - {id: u, title: U, at: 2026-10-26T09:30:00Z}\n"
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "fixed.yaml").file)
        #expect(ReminderEncoder.mapping(of: file.reminders[0], in: file) == nil)
        #expect(ReminderEncoder.mapping(of: file.reminders[1], in: file)?["timezone"] == .plain("UTC"))
    }
}
