import Foundation
import RepositoryFiles
import Testing

/// `check` over several files at once: UIDs two files share, and alerts of
/// different files that come together or too close, each reported at its
/// reminder with a note naming the other file. Each file alone checks clean.
@Suite struct CheckAcrossFilesTests {
    typealias Case = EndToEndTests.Case
    static let folder = "\(EndToEndTests.fixtures)/across"
    static let now = ["--now", "2026-11-29T12:00:00Z", "--zone", "Europe/Berlin"]

    @Test(arguments: [
        Case(golden: "check-across-uid.txt", arguments: ["check", "\(folder)/uid"] + now, status: 1),
        Case(golden: "check-across-same-time.txt", arguments: ["check", "\(folder)/same-time"] + now, status: 0),
        Case(golden: "check-across-quiet-hours.txt", arguments: ["check", "\(folder)/quiet-hours"] + now, status: 0),
        Case(golden: "check-across-per-hour.txt", arguments: ["check", "\(folder)/per-hour"] + now, status: 0),
        Case(
            golden: "check-across-too-close.txt",
            arguments: ["check", "\(folder)/too-close/work.yaml", "\(folder)/too-close/home.yaml"] + now, status: 0),
    ])
    func transcript(_ c: Case) throws {
        let run = try EndToEndTests.runInProcess(c.arguments, environment: ["NO_COLOR": "1", "TZ": "UTC"])
        #expect(run.status == c.status)
        Golden().check(run.transcript, c.golden)
    }

    @Test(arguments: [
        "uid/home.yaml", "uid/work.yaml", "same-time/home.yaml", "same-time/work.yaml", "too-close/home.yaml", "too-close/work.yaml",
        "quiet-hours/home.yaml", "quiet-hours/work.yaml", "per-hour/home.yaml", "per-hour/work.yaml",
    ])
    func eachFileAloneIsClean(_ name: String) throws {
        let run = try EndToEndTests.run(["check", "--format", "json", "\(Self.folder)/\(name)"] + Self.now)
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(name): \(run.stdout)")
    }

    /// A rule one of the two files disables is not reported for the pair.
    @Test func aFileThatDisablesTheRuleSilencesThePair() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-across-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("timezone: UTC\nreminders:\n  - {id: a, title: A, at: 2026-12-01 09:00, repeat: daily}\n".utf8)
            .write(to: folder.appendingPathComponent("a.yaml"))
        try Data(
            "timezone: UTC\nlint: {disable: [same-time]}\nreminders:\n  - {id: b, title: B, at: 2026-12-01 09:00, repeat: daily}\n".utf8
        )
        .write(to: folder.appendingPathComponent("b.yaml"))
        let run = try EndToEndTests.run(["check", "--format", "json", folder.path] + Self.now)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(run.stdout)")
        try Data("timezone: UTC\nreminders:\n  - {id: b, title: B, at: 2026-12-01 09:00, repeat: daily}\n".utf8)
            .write(to: folder.appendingPathComponent("b.yaml"))
        let again = try EndToEndTests.run(["check", "--format", "json", folder.path] + Self.now)
        #expect(again.stdout.contains("\"same-time\""), "\(again.stdout)")
    }
}
