import Recurrence
import Foundation
import Testing
@testable import ReminderCheck
import ReminderModel
import YAMLSyntax

/// Every rule's own examples, run the same way (SwiftLint's way): each
/// triggering example finds exactly at its `↓` markers, each non-triggering
/// one finds nothing. Adding a rule adds its tests.
@Suite struct RuleExampleTests {
    static let ids = Rules.all.map { $0.descriptor.id }
    /// 2026-11-29T12:00:00Z: the examples are written for this "now".
    static let now = Instant(secondsSince1970: 1_795_953_600)

    /// The YAML without markers, and the line:column of each marker.
    static func markers(_ text: String) -> (String, [String]) {
        var clean = ""
        var found: [String] = []
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if scalar == "↓" {
                found.append("\(line):\(column)")
                continue
            }
            clean.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (clean, found)
    }

    /// A WAV file of `seconds` of silence at 8 kHz, 8-bit mono.
    static func wave(seconds: Int) -> Data {
        let samples = 8000 * seconds
        func little(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var bytes = Array("RIFF".utf8) + little(36 + samples, 4) + Array("WAVEfmt ".utf8)
        bytes += little(16, 4) + little(1, 2) + little(1, 2) + little(8000, 4) + little(8000, 4) + little(1, 2) + little(8, 2)
        bytes += Array("data".utf8) + little(samples, 4) + [UInt8](repeating: 128, count: samples)
        return Data(bytes)
    }

    /// Runs the whole check on `yaml` in a folder holding the examples' sounds.
    static func findings(_ yaml: String, rule id: String) throws -> (positions: [String], errors: [Diagnostic]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try wave(seconds: 1).write(to: folder.appendingPathComponent("short.wav"))
        try wave(seconds: 31).write(to: folder.appendingPathComponent("long.wav"))
        try Data("ID3 not a notification sound".utf8).write(to: folder.appendingPathComponent("tune.mp3"))
        let path = folder.appendingPathComponent("example.yaml").path
        let result = ReminderFile.load(Array(yaml.utf8), path: path)
        // What `remindc check` runs: the rules, the outputs' own checks, the loading's findings.
        let checker = Checker.Options(now: now, floatingZone: TimeZone(identifier: "Europe/Berlin")!)
        let all = CheckRun.check([result], options: .init(checker: checker, workingFolder: folder.path))
        let positions = all.filter { $0.id == id }.map { "\($0.span.start.line):\($0.span.start.column)" }
        let errors = all.filter { $0.severity == .error && $0.id != id }
        return (positions.sorted(), errors)
    }

    @Test(arguments: ids)
    func triggeringExamplesFindAtTheirMarkers(_ id: String) throws {
        let rule = try #require(Rules.all.first { $0.descriptor.id == id }).descriptor
        #expect(!rule.triggering.isEmpty, "\(id) has no triggering example")
        for example in rule.triggering {
            let (yaml, expected) = Self.markers(example)
            #expect(!expected.isEmpty, "\(id): an example without ↓")
            let found = try Self.findings(yaml, rule: id)
            #expect(found.positions == expected.sorted(), "\(id):\n\(yaml)")
            #expect(found.errors.isEmpty, "\(id): \(found.errors.map(\.message.text))")
        }
    }

    @Test(arguments: ids)
    func nonTriggeringExamplesFindNothing(_ id: String) throws {
        let rule = try #require(Rules.all.first { $0.descriptor.id == id }).descriptor
        #expect(!rule.nonTriggering.isEmpty, "\(id) has no non-triggering example")
        for yaml in rule.nonTriggering {
            let found = try Self.findings(yaml, rule: id)
            #expect(found.positions.isEmpty, "\(id):\n\(yaml)")
            #expect(found.errors.isEmpty, "\(id): \(found.errors.map(\.message.text))")
        }
    }

    /// The checker runs rules concurrently and starts a sweep rule first;
    /// a rule that reads the sweep must say so.
    @Test(arguments: Rules.all.indices)
    func readsSweepSaysWhatTheRuleDoes(_ index: Int) throws {
        let rule = Rules.all[index]
        for example in rule.descriptor.triggering {
            let result = ReminderFile.load(Array(Self.markers(example).0.utf8), path: "example.yaml")
            let file = try #require(result.file)
            let context = CheckContext(file: file, now: Self.now, horizon: 365 * 86_400, floatingZone: TimeZone(identifier: "UTC")!)
            _ = rule.check(context)
            #expect(context.sweepWasRun == rule.readsSweep, "\(rule.descriptor.id)")
        }
    }

    /// A rule that says it reads no times checks reminders whose times had
    /// an error: its findings on its own examples must not change when
    /// every reminder's times do (moved a year and a day, repeats dropped).
    @Test(arguments: Rules.all.indices.filter { !Rules.all[$0].readsTimes })
    func readsTimesSaysWhatTheRuleDoes(_ index: Int) throws {
        let rule = Rules.all[index]
        let utc = TimeZone(identifier: "UTC")!
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.wave(seconds: 1).write(to: folder.appendingPathComponent("short.wav"))
        try Self.wave(seconds: 31).write(to: folder.appendingPathComponent("long.wav"))
        try Data("ID3 not a notification sound".utf8).write(to: folder.appendingPathComponent("tune.mp3"))
        for example in rule.descriptor.triggering {
            let result = ReminderFile.load(Array(Self.markers(example).0.utf8), path: folder.appendingPathComponent("example.yaml").path)
            let file = try #require(result.file)
            var moved = file
            for position in moved.reminders.indices {
                moved.reminders[position].repeats = nil
                moved.reminders[position].before = []
                moved.reminders[position].alertTime = nil
                moved.reminders[position].start = .date(CivilDate(year: 2028, month: 2, day: 29))
            }
            func found(_ file: ReminderFile) -> [String] {
                rule.check(
                    CheckContext(
                        file: file, implicitlyTyped: result.implicitlyTyped, now: Self.now, horizon: 365 * 86_400,
                        floatingZone: utc)
                ).map {
                    "\($0.diagnostic.span.start.line):\($0.diagnostic.span.start.column) \($0.diagnostic.message.text)"
                }
            }
            #expect(!found(file).isEmpty, "\(rule.descriptor.id)")
            #expect(found(moved) == found(file), "\(rule.descriptor.id)")
        }
    }

    @Test func idsAreUniqueAcrossTheCatalogue() {
        let all = Rules.descriptors.map(\.id)
        #expect(Set(all).count == all.count)
        #expect(Rules.descriptors.allSatisfy { !$0.name.isEmpty && $0.summary.hasSuffix(".") && !$0.rationale.isEmpty })
        #expect(Array(all.suffix(SchemaRule.allCases.count)) == SchemaRule.allCases.map(\.rawValue))
    }

    /// The messages the model makes for checker rules carry those rules' ids.
    @Test func theModelsMessagesForCheckerRulesCarryTheirIds() {
        #expect(Message.neverFires(false).id == NeverFiresRule.descriptor.id)
        #expect(Message.neverFires(true).severity == NeverFiresRule.descriptor.severity)
    }

    /// `never-fires` is one computation: the checker finds what the writers refuse.
    @Test func neverFiresIsFoundOnceForCheckerAndWriters() throws {
        let yaml = """
            timezone: UTC
            reminders:
              - {id: a, title: A, at: 2026-12-01 09:00, repeat: {every: year, months: [feb], days: [30]}}
              - {id: b, title: B, at: 2026-12-01 09:00, repeat: {rrule: "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6"}}
              - {id: c, title: C, at: 2026-12-01 09:00, repeat: {every: year, months: [feb], days: [29]}}
            """
        let result = ReminderFile.load(Array(yaml.utf8), path: "never.yaml")
        let file = try #require(result.file)
        let checker = Checker.Options(now: Self.now, floatingZone: TimeZone(identifier: "UTC")!)
        let checked = CheckRun.check([result], options: .init(checker: checker, workingFolder: "/")).filter { $0.id == "never-fires" }
        #expect(checked == ScheduledFile(file, floatingZone: TimeZone(identifier: "UTC")!).scheduleDiagnostics())
        #expect(checked.map(\.span.start.line) == [3, 4])
    }

    @Test func lintDisableAndIgnoreSwitchRulesOff() throws {
        let yaml = """
            timezone: UTC
            lint: {disable: [same-time, endless-repeatt]}
            reminders:
              - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
              - {id: pills, title: Pills, at: 2026-12-01 16:00, repeat: daily}
              - {id: water, title: Water, at: 2026-12-01 09:00, repeat: every 20 minutes, ignore: [endless-repeat]}
            """
        let result = ReminderFile.load(Array(yaml.utf8), path: "lint.yaml")
        let checker = Checker.Options(now: Self.now, floatingZone: TimeZone(identifier: "UTC")!)
        let found = CheckRun.check([result], options: .init(checker: checker, workingFolder: "/"))
        #expect(found.map { "\($0.id)@\($0.span.start.line):\($0.span.start.column)" } == ["unknown-rule@2:29"])
        #expect(found.first?.message.hint == "did you mean 'endless-repeat'?")
    }
}

/// A reminder at a time of day is told to move out of the hour the clocks
/// skip or repeat; one that repeats every hour or more often cannot be, and
/// is told what it can do instead.
@Test(arguments: [
    ("at: 2027-03-14 02:30\n    repeat: yearly", "dst-gap", "move it out of the hour the clocks skip"),
    ("at: 2027-03-14 02:30\n    repeat: every 15 minutes", "dst-gap", Reminder.everyHourAdvice("dst-gap")),
    ("at: 2027-11-07 01:30\n    repeat: yearly", "dst-repeat", "move it out of the hour the clocks repeat"),
    ("at: 2027-03-01 00:30\n    repeat: hourly", "dst-repeat", Reminder.everyHourAdvice("dst-repeat")),
])
func daylightSavingAdviceFitsTheRepeat(_ timing: String, _ id: String, _ hint: String) throws {
    let yaml = "timezone: America/New_York\nreminders:\n  - id: r\n    title: R\n    \(timing)\n"
    let result = ReminderFile.load(Array(yaml.utf8), path: "dst.yaml")
    let checker = Checker.Options(now: RuleExampleTests.now, floatingZone: TimeZone(identifier: "Europe/Berlin")!)
    let found = CheckRun.check([result], options: .init(checker: checker, workingFolder: "/"))
    let finding = try #require(found.first { $0.id == id }, "\(found.map(\.id))")
    #expect(finding.message.hint == hint)
}
