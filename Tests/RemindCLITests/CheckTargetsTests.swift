import Foundation
import ReminderCheck
import RepositoryFiles
import Testing

/// `check --for` and `lint: {targets: [...]}`: what `check` passes, every
/// named output accepts, and what an output refuses, `check` reports at
/// its line and column under that output's id.
@Suite struct CheckTargetsTests {
    typealias Case = EndToEndTests.Case
    static let now = ["--now", "2026-11-29T12:00:00Z", "--zone", "America/New_York"]
    static let fixtures = EndToEndTests.fixtures

    @Test(arguments: [
        // The crontab's cron-inexact errors, each at its cause.
        Case(
            golden: "check-for-crontab.txt", arguments: ["check", "--for", "ics,crontab", "\(fixtures)/crontab/inexact.yaml"] + now,
            status: 1),
        // Fractions of a second are refused by every output: reported without --for.
        Case(golden: "check-fractions.txt", arguments: ["check", "--quiet", "\(fixtures)/ics/fraction.yaml"] + now, status: 1),
        Case(golden: "crontab-fractions.txt", arguments: ["crontab", "\(fixtures)/ics/fraction.yaml"] + now, status: 1),
        // A file's own targets, one of them misspelt.
        Case(golden: "check-lint-targets.txt", arguments: ["check", "--quiet", "\(fixtures)/check/targets.yaml"] + now, status: 1),
        Case(golden: "check-for-unknown.txt", arguments: ["check", "--for", "ics,cron", "examples"] + now, status: 2),
        // Days off: the .ics's horizon, cron's listing, a repeat all skipped, a holiday landed on.
        Case(
            golden: "check-days-off.txt", arguments: ["check", "--for", "ics,crontab", "\(fixtures)/check/days-off.yaml"] + now, status: 1),
        // What CalDAV servers and calendar readers refuse, before anything is sent.
        Case(
            golden: "check-for-caldav.txt", arguments: ["check", "--for", "caldav", "--strict", "\(fixtures)/check/caldav.yaml"] + now,
            status: 1),
    ])
    func transcript(_ c: Case) throws {
        let run = try EndToEndTests.runInProcess(c.arguments, environment: ["NO_COLOR": "1", "TZ": "UTC"])
        #expect(run.status == c.status)
        Golden().check(run.transcript, c.golden)
    }

    /// Without --for or targets, the crontab's checks are not run: the
    /// inexact file checks clean.
    @Test func withoutTargetsTheWritersOwnChecksAreNotRun() throws {
        let run = try EndToEndTests.run(["check", "--quiet", "\(Self.fixtures)/crontab/inexact.yaml"] + Self.now)
        #expect(run.status == 0, "\(run.stdout)")
    }

    /// The ids of the checker's own rules that no writer refuses (a missing
    /// sound, an `until` before `at`); every writer refuses `never-fires` too.
    static let checkerRuleIDs = Set(Rules.all.map { $0.descriptor.id }).subtracting(["never-fires"])

    /// For every fixture, example and generated file: `check --for
    /// ics,crontab,systemd` finds no error outside the checker's own rules
    /// exactly when `ics`, `crontab` and `systemd` all succeed; and where it
    /// finds no error at all, it exits 0 and so do all three.
    @Test func checkForPassesExactlyWhatTheWritersAccept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-targets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths = [
            "examples/remindme.yaml", "examples/repeating.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml",
            "examples/other-calendars.yaml",
        ]
        let root = EndToEndTests.root.appendingPathComponent(Self.fixtures)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "yaml" || url.pathExtension == "yml" {
            paths.append(String(url.path.dropFirst(EndToEndTests.root.path.count + 1)))
        }
        let generated = [
            ("generated-crontab.yaml", CrontabOracleTests.generatedFile(count: 120)),
            ("generated-ics.yaml", IcsOracleTests.generatedFile(count: 120)),
            ("corpus.yaml", CheckCompletenessTests.corpusFile(seed: 3, count: 30).text),
        ]
        for (name, text) in generated {
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            paths.append(file.path)
        }
        #expect(!Self.checkerRuleIDs.isEmpty)
        var compared = 0
        for path in paths.sorted() {
            let check = try EndToEndTests.run(["check", "--quiet", "--format", "json", "--for", "ics,crontab,systemd", path] + Self.now)
            guard check.status != 2 else { continue }  // not a reminder file (a stand-in program)
            let errors = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]])
            let outsideTheChecker = errors.filter { !Self.checkerRuleIDs.contains($0["rule"] as? String ?? "") }
            let ics = try EndToEndTests.run(["ics", "-o", folder.appendingPathComponent("out.ics").path, path] + Self.now)
            let crontab = try EndToEndTests.run(["crontab", "-o", folder.appendingPathComponent("out.cron").path, path] + Self.now)
            let units = folder.appendingPathComponent("units-\(compared)")
            let systemd = try EndToEndTests.run(["systemd", "-o", units.path, path], environment: ["TZ": "America/New_York"])
            try? FileManager.default.removeItem(at: units)
            let writersAccept = ics.status == 0 && crontab.status == 0 && systemd.status == 0
            #expect(
                outsideTheChecker.isEmpty == writersAccept,
                "\(path): check reports \(outsideTheChecker.map { $0["rule"] ?? "" }), ics exits \(ics.status), crontab \(crontab.status), systemd \(systemd.status)"
            )
            if errors.isEmpty {
                #expect(check.status == 0 && writersAccept, "\(path)")
            }
            compared += 1
        }
        #expect(compared >= 20)
    }
}
