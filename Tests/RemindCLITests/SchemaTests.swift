import Foundation
import RepositoryFiles
import Testing

/// The JSON Schema `remindc schema` prints: kept in the repository as
/// `schema/remindc.schema.json`, which every example names in its modeline;
/// every file `remindc check` passes passes check-jsonschema (PyPI) against
/// it, and every structural mistake (an unknown key, a wrong type, a word
/// the format does not have, a missing key) fails it.
@Suite struct SchemaTests {
    static let file = EndToEndTests.root.appendingPathComponent("schema/remindc.schema.json")

    static let validator: URL? = {
        let url = EndToEndTests.root.appendingPathComponent(".build/oracle-venv/bin/check-jsonschema")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()

    /// Runs check-jsonschema over `paths`; true when every one passes.
    static func validates(_ paths: [String]) throws -> (passed: Bool, output: String) {
        let run = try EndToEndTests.run(["--schemafile", file.path] + paths, executable: validator!)
        return (run.status == 0, run.stdout + run.stderr)
    }

    @Test func theFileIsWhatTheCommandPrints() throws {
        let run = try EndToEndTests.run(["schema"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        if Golden.recording {
            try run.stdout.write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        let kept = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(run.stdout == kept, "schema/remindc.schema.json is stale: REMINDC_RECORD_GOLDEN=1 rewrites it")
        let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(parsed?["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(parsed?["$id"] as? String == "urn:remindc:reminder-file:1")
        #expect(parsed?["additionalProperties"] as? Bool == false)
    }

    @Test func everyExampleNamesTheSchemaInItsModeline() throws {
        for path in try ExampleCoverage.exampleFiles() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let folderDepth = path.split(separator: "/").count - 1
            let expected = "# yaml-language-server: $schema=" + String(repeating: "../", count: folderDepth) + "schema/remindc.schema.json"
            #expect(text.hasPrefix(expected + "\n"), "\(path) does not start with \(expected)")
        }
    }

    /// Every example and every fixture `remindc check` passes with no error.
    @Test(.enabled(if: validator != nil, "check-jsonschema is not installed"))
    func everyFileCheckAcceptsPassesTheSchema() throws {
        var accepted: [String] = []
        var fixtures = try ExampleCoverage.exampleFiles()
        let folder = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Fixtures")
        // hostile/ holds files whose every-second repeats take seconds to check, not mistakes of form.
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".yaml") && !name.hasPrefix("hostile/") {
            fixtures.append("Tests/RemindCLITests/Fixtures/" + name)
        }
        var rejected: [String] = []
        for path in fixtures {
            let run = try EndToEndTests.run(
                ["check", "--quiet", "--format", "json", path], environment: ["SOURCE_DATE_EPOCH": "1795953600"])
            let diagnostics = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
            let errors = diagnostics.filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String }
            if errors.isEmpty {
                accepted.append(path)
            } else if !Set(errors).isDisjoint(with: Self.structural) {
                rejected.append(path)
            }
        }
        #expect(accepted.count >= 20)
        #expect(rejected.count >= 3)
        let passing = try Self.validates(accepted)
        #expect(passing.passed, "\(passing.output)")
        let failing = try Self.validates(rejected)
        for path in rejected {
            #expect(Self.failed(path, in: failing.output), "\(path) has a structural error but passes the schema")
        }
    }

    /// Whether check-jsonschema's report names `path` as failing.
    static func failed(_ path: String, in output: String) -> Bool {
        output.contains(path + "::") || output.contains("Failed to parse " + path)
    }

    /// The checker's ids for what the schema can see.
    static let structural: Set<String> = ["unknown-key", "wrong-type", "missing-key"]

    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var id: String
        var testDescription: String { name }
    }

    static func file(_ reminder: String, header: String = "") -> String {
        header + "reminders:\n  - id: r\n    title: T\n" + reminder
    }

    static let mistakes = [
        Mistake(name: "unknown file key", yaml: file("    at: 2027-01-01\n", header: "timezon: UTC\n"), id: "unknown-key"),
        Mistake(name: "unknown reminder key", yaml: file("    at: 2027-01-01\n    titel: x\n"), id: "unknown-key"),
        Mistake(name: "unknown repeat key", yaml: file("    at: 2027-01-01\n    repeat: {every: week, onn: [mon]}\n"), id: "unknown-key"),
        Mistake(name: "unknown lint key", yaml: file("    at: 2027-01-01\n", header: "lint: {quiet: 22:00-07:00}\n"), id: "unknown-key"),
        Mistake(
            name: "unknown action key",
            yaml: file(
                "    at: 2027-01-01\n    category: c\n",
                header: "categories:\n  c:\n    actions: [{id: a, title: A, snoze: 5m}]\n"), id: "unknown-key"),
        Mistake(name: "missing title", yaml: "reminders:\n  - id: r\n    at: 2027-01-01\n", id: "missing-key"),
        Mistake(name: "missing reminders", yaml: "timezone: UTC\n", id: "missing-key"),
        Mistake(name: "badge a list", yaml: file("    at: 2027-01-01\n    badge: [1]\n"), id: "wrong-type"),
        Mistake(name: "todo a word", yaml: file("    at: 2027-01-01\n    todo: sometimes\n"), id: "wrong-type"),
        Mistake(name: "repeat empty", yaml: file("    at: 2027-01-01\n    repeat:\n"), id: "wrong-type"),
        Mistake(name: "reminders a mapping", yaml: "reminders: {id: r}\n", id: "wrong-type"),
        Mistake(
            name: "activation word",
            yaml: file(
                "    at: 2027-01-01\n    category: c\n",
                header: "categories:\n  c:\n    actions: [{id: a, title: A, activation: sideways}]\n"), id: "invalid-value"),
        Mistake(name: "skip word", yaml: file("    at: 2027-01-01\n    repeat: {every: month, skip: sideways}\n"), id: "invalid-value"),
        Mistake(name: "target word", yaml: file("    at: 2027-01-01\n", header: "lint: {targets: [webdav]}\n"), id: "invalid-value"),
        Mistake(name: "negative badge", yaml: file("    at: 2027-01-01\n    badge: -1\n"), id: "invalid-value"),
        Mistake(name: "time of day as at", yaml: file("    at: 09:00\n"), id: "invalid-time"),
        Mistake(name: "duration form", yaml: file("    at: 2027-01-01\n    before: soon\n"), id: "invalid-duration"),
        // Values a pattern can say exactly.
        Mistake(name: "lead misspelt", yaml: file("    at: 2027-01-01 09:00\n    before: 1 dya\n"), id: "invalid-duration"),
        Mistake(name: "lead with before", yaml: file("    at: 2027-01-01 09:00\n    before: 1 day before\n"), id: "invalid-duration"),
        Mistake(name: "compact units out of order", yaml: file("    at: 2027-01-01 09:00\n    before: 30m1h\n"), id: "invalid-duration"),
        Mistake(
            name: "weekday misspelt", yaml: file("    at: 2027-01-01 09:00\n    repeat: {every: week, on: [tuesdy]}\n"),
            id: "invalid-repeat"),
        Mistake(
            name: "ordinal past 53", yaml: file("    at: 2027-01-01 09:00\n    repeat: {every: year, on: [54th mon]}\n"),
            id: "invalid-repeat"),
        Mistake(name: "30 February", yaml: file("    at: 2026-02-30\n"), id: "invalid-time"),
        Mistake(name: "31 April", yaml: file("    at: 2027-04-31 09:00\n"), id: "invalid-time"),
        Mistake(name: "hour 25", yaml: file("    at: 2027-01-01 25:00\n"), id: "invalid-time"),
        Mistake(name: "time of day 24:30", yaml: file("    at: 2027-01-01\n    alert-time: \"24:30\"\n"), id: "invalid-time"),
        Mistake(name: "offset past 18 hours", yaml: file("    at: 2027-01-01T09:00+19:00\n"), id: "invalid-time"),
        Mistake(name: "legacy zone", yaml: file("    at: 2027-01-01 09:00\n", header: "timezone: EST\n"), id: "unknown-time-zone"),
        Mistake(name: "repeat phrase", yaml: file("    at: 2027-01-01 09:00\n    repeat: every 1.5 hours\n"), id: "invalid-repeat"),
        Mistake(name: "working days misspelt", yaml: file("    at: 2027-01-01 09:00\n    before: 2 workin days\n"), id: "invalid-duration"),
    ]

    /// What people write that `check` reads, each a reminder of one file:
    /// the schema passes them all, so an editor does not mark them.
    static let everydaySpellings = [
        "{id: a, title: A, at: 2027-01-04 09:00, repeat: every weekday}",
        "{id: b, title: B, at: 2027-01-05 09:00, repeat: every other tuesday}",
        "{id: c, title: C, at: 2027-01-05 09:05, repeat: every 2 weeks on tue and thu}",
        "{id: d, title: D, at: 2027-01-05 09:10, repeat: {every: week, on: [tues, thurs]}}",
        "{id: e, title: E, at: 2027-01-04 09:15, repeat: Mondays and Fridays}",
        "{id: f, title: F, at: 2027-01-04 09:20, repeat: every 90 minutes, before: [2 hours and 5 mins, 1h30m, PT5M]}",
        "{id: g, title: G, at: 2028-02-29 8:00, repeat: Yearly, before: [2 working days]}",
        "{id: h, title: H, at: 2027-01-05 09:25, repeat: {every: other tuesday, count: 3}, timezone: GMT}",
        "{id: i, title: I, at: 2027-01-31 09:30, repeat: {every: month, on: [LAST Fri, 1st mon, -2 weds]}}",
        "{id: j, title: J, at: 2027-01-01T09:35:00+18:00}",
        "{id: k, title: K, at: 2027-01-01t09:40:05z, before: '1 Hour, 30 Minutes'}",
    ]

    /// Each spelling above passes `check` with no error, and the schema.
    @Test(.enabled(if: validator != nil, "check-jsonschema is not installed"))
    func everydaySpellingsPassTheSchemaAsTheyPassCheck() throws {
        try Self.withFiles(Self.everydaySpellings.map { "timezone: Europe/London\nreminders:\n  - " + $0 + "\n" }) { paths in
            for (path, reminder) in zip(paths, Self.everydaySpellings) {
                let check = try EndToEndTests.run(["check", "--format", "json", path])
                #expect(!check.stdout.contains("\"error\""), "\(reminder): \(check.stdout)")
            }
            let result = try Self.validates(paths)
            #expect(result.passed, "\(result.output)")
        }
    }

    /// Each text as a file of its own in a new temporary folder, their
    /// paths given to `body`; the folder is removed after.
    static func withFiles(_ texts: [String], _ body: ([String]) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            let path = folder.appendingPathComponent("file-\(index).yaml").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        try body(paths)
    }

    /// Each mistake is an error of `check` with its id, and the schema refuses it.
    @Test(.enabled(if: validator != nil, "check-jsonschema is not installed"))
    func aStructuralMistakeFailsTheSchemaAsItFailsCheck() throws {
        try Self.withFiles(Self.mistakes.map(\.yaml)) { paths in
            for (path, mistake) in zip(paths, Self.mistakes) {
                let check = try EndToEndTests.run(["check", "--format", "json", path])
                #expect(check.status == 1, "\(mistake.name)")
                #expect(check.stdout.contains("\"rule\": \"\(mistake.id)\""), "\(mistake.name): \(check.stdout)")
            }
            let result = try Self.validates(paths)
            for (path, mistake) in zip(paths, Self.mistakes) {
                #expect(Self.failed(path, in: result.output), "the schema accepts \(mistake.name)")
            }
        }
    }
}
