import Foundation
import RepositoryFiles
import Testing

/// remindc's rule-form .ics read by nine calendar clients that run
/// headless here (Oracles/client_matrix.py: recurring-ical-events, vobject,
/// libical, ical, Radicale as a CalDAV server on 127.0.0.1, the caldav
/// client library against it, khal, calcurse and sabre/vobject 2.1 in PHP,
/// all installed by `.ci/run`): each one's occurrences over the windows equal `remindc
/// expand`'s, except where an entry of the script's table of known client
/// bugs accounts for the difference. The table is the README's section
/// "What each client does with remindc's files", and every entry must still
/// account for something, so a client fixed upstream shows.
@Suite(.serialized) struct ClientMatrixTests {
    static let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/client_matrix.py")

    /// The venv's Python, when it has every client.
    static let python: URL? = {
        guard let python = IcsOracleTests.python, OracleVenv.imports("vobject, radicale, caldav, ical, khal", with: python) else {
            return nil
        }
        let calcurse = ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/calcurse") }
        let php =
            FileManager.default.fileExists(atPath: "/usr/share/php/Sabre/VObject/includes.php")
            && ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/php") }
        return calcurse && php && LibicalTests.harness != nil ? python : nil
    }()

    struct Result: Decodable {
        var client: String
        var error: String?
        var occurrences: Int?
        var expected: Int?
        var explained: [String: Int]?
        var unexplained: [[String]]?
        var unexplained_count: Int?
    }

    /// Writes the .ics and the expected occurrences of `paths`, runs every
    /// client over `windows`, and returns each client's result.
    func matrix(_ paths: [String], windows: [(String, String)]) throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = folder.appendingPathComponent("calendar.ics")
        let written = try EndToEndTests.run(["ics", "-o", ics.path, "--now", "2026-11-29T12:00:00Z"] + paths)
        try #require(written.status == 0, "\(written.stderr)")

        let formatter = ISO8601DateFormatter()
        let from = formatter.string(from: windows.map { formatter.date(from: $0.0)! }.min()!.addingTimeInterval(-2 * 86_400))
        let to = formatter.string(from: windows.map { formatter.date(from: $0.1)! }.max()!.addingTimeInterval(2 * 86_400))
        let expand = try EndToEndTests.run(["expand", "--format", "jsonl", "--zone", "UTC", "--from", from, "--to", to] + paths)
        try #require(expand.status == 0, "\(expand.stderr)")
        let expected = folder.appendingPathComponent("expected.jsonl")
        try Data(expand.stdout.utf8).write(to: expected)

        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Self.script.path, ics.path, expected.path] + windows.flatMap { [$0.0, $0.1] }
        var environment = ProcessInfo.processInfo.environment
        environment["REMINDC_LIBICAL_HARNESS"] = LibicalTests.harness!.path
        environment["TZ"] = "UTC"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes as they fill, so neither blocks the script.
        nonisolated(unsafe) var errors = Data()
        let reader = Thread { errors = err.drained() }
        reader.start()
        let data = out.drained()
        process.waitUntilExit()
        // The pipe is at its end once the script has exited: a minute is
        // far more than the reader needs to see it.
        let deadline = Date().addingTimeInterval(60)
        while !reader.isFinished && Date() < deadline { usleep(10_000) }
        try #require(reader.isFinished, "the client matrix's standard error was still open a minute after it exited")
        try #require(process.terminationStatus == 0, "the client matrix failed: \(String(decoding: errors, as: UTF8.self))")
        return try JSONDecoder().decode([Result].self, from: data)
    }

    /// Every client ran, read something, and differs only where the table says.
    func expectEveryCellGreen(_ results: [Result], _ what: String) {
        #expect(
            results.map(\.client).sorted() == [
                "calcurse", "caldav", "ical", "khal", "libical", "radicale",
                "recurring-ical-events", "sabre-vobject", "vobject",
            ], "\(what)")
        for result in results {
            #expect(result.error == nil, "\(what): \(result.client): \(result.error ?? "")")
            #expect((result.occurrences ?? 0) > 0, "\(what): \(result.client) read no occurrence")
            #expect(
                result.unexplained_count == 0,
                "\(what): \(result.client) differs from expand where no known bug says why: \(result.unexplained ?? [])")
        }
    }

    static let generatedWindows = IcsOracleTests.windows
    /// Short windows for the examples, whose every-minute reminders would
    /// make months of occurrences.
    static let exampleWindows = [
        ("2026-10-24T00:00:07Z", "2026-10-26T00:00:07Z"), ("2026-11-30T00:00:07Z", "2026-12-03T00:00:07Z"),
        ("2027-03-27T00:00:07Z", "2027-03-29T00:00:07Z"),
    ]

    @Test(.enabled(if: python != nil, "the calendar clients are not installed (.ci/run installs them)"))
    func everyClientReadsTheSameOccurrences() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-matrix-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("generated.yaml")
        try Data(IcsOracleTests.generatedFile(count: 400).utf8).write(to: generated)

        let fixtures = EndToEndTests.fixtures
        // examples-lint/ repeats every minute (khal's endless-sub-hourly);
        // alerts.yaml has a one-off in a window (Radicale's expand-drops-one-offs).
        let examples = try matrix(
            EndToEndTests.portableExamples + [
                "examples-lint/rules-firing.yaml", "\(fixtures)/expand/clocks.yaml",
                "\(fixtures)/ics/hostile.yaml", "\(fixtures)/expand/alerts.yaml",
            ],
            windows: Self.exampleWindows)
        expectEveryCellGreen(examples, "the examples")
        let set = try matrix([generated.path], windows: Self.generatedWindows)
        expectEveryCellGreen(set, "the generated set")

        // Every entry of the table still accounts for a difference.
        let used = Set((examples + set).flatMap { result in (result.explained ?? [:]).keys.map { "\(result.client) \($0)" } })
        for entry in try Self.table() where !used.contains("\(entry.client) \(entry.name)") {
            Issue.record("the known bug '\(entry.name)' of \(entry.client) accounts for nothing: fixed, or its test input is gone")
        }
    }

    struct Entry: Decodable {
        var client: String
        var name: String
    }

    /// The table's entries, by client and name.
    static func table() throws -> [Entry] {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--entries"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.drained()
        process.waitUntilExit()
        return try JSONDecoder().decode([Entry].self, from: data)
    }

    /// The README's section is the table, as the script prints it.
    @Test(.enabled(if: python != nil, "the calendar clients are not installed (.ci/run installs them)"))
    func theReadmeShowsTheTable() throws {
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Self.script.path, "--table"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let table = String(decoding: out.drained(), as: UTF8.self)
        process.waitUntilExit()
        let readme = try String(contentsOf: EndToEndTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(table), "README.md's client table differs from `client_matrix.py --table`:\n\(table)")
    }
}
