import Foundation
import Testing

/// The bundled examples teach the format: together they use every key the
/// schema (made from the decoders' key tables) knows and every form of
/// repeat, and they check clean, with no warning, on any date and in any
/// zone a reader's machine may have, so that the first run of the quick
/// start prints nothing to worry about. (examples-lint/ shows rules firing.)
@Suite struct ExampleCoverage {
    /// Every `*.yaml` under examples/, as paths from the repository's root.
    static func exampleFiles() throws -> [String] {
        let folder = EndToEndTests.root.appendingPathComponent("examples")
        return try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "examples/" + $0 }
    }

    /// Every key of the format, from the schema: the properties of every
    /// mapping it describes (`data:` and `categories:` hold the user's keys).
    static func formatKeys() throws -> Set<String> {
        let text = try Data(contentsOf: SchemaTests.file)
        let schema = try JSONSerialization.jsonObject(with: text)
        var keys: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    keys.formUnion(properties.keys)
                }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(schema)
        return keys
    }

    /// The examples' text with comments taken out.
    static func exampleText() throws -> String {
        try exampleFiles().map { path in
            try String(contentsOfFile: EndToEndTests.root.appendingPathComponent(path).path, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in
                    line.hasPrefix("#")
                        ? "" : String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                }
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    @Test func theExamplesUseEveryKey() throws {
        let keys = try Self.formatKeys()
        #expect(keys.count > 40)
        let text = try Self.exampleText()
        for key in keys.sorted() {
            let written = text.contains("\n\(key):") || text.contains(" \(key):") || text.contains("{\(key):")
            #expect(written, "no example uses the key '\(key)'")
        }
    }

    @Test(arguments: [
        ("a repeat word", #"repeat: (daily|weekly|monthly|yearly|weekdays|fortnightly|quarterly) *\n"#),
        ("every N units", #"repeat: every [0-9]+ [a-z]+ *\n"#),
        ("every N units in words", #"repeat: every (other|[a-z]+) [a-z]+ *\n"#),
        ("the map form", #"repeat: *\n +every:"#),
        ("an RRULE", #"rrule: "FREQ="#),
        ("an all-day repeat", #"at: [0-9]{4}-[0-9]{2}-[0-9]{2} *(#[^\n]*)?\n +repeat:"#),
        ("action: none", #"action: none"#),
    ])
    func theExamplesShowEveryForm(_ form: (String, String)) throws {
        let text = try Self.exampleText()
        let pattern = try Regex(form.1)
        #expect(text.contains(pattern), "no example shows \(form.0)")
    }

    @Test func theExamplesSpeakToANewcomer() throws {
        for path in try Self.exampleFiles() {
            let text = try String(contentsOfFile: EndToEndTests.root.appendingPathComponent(path).path, encoding: .utf8)
            #expect(!text.lowercased().contains("seed"), "\(path) speaks of the seed")
            #expect(text.split(separator: "\n").filter { $0.contains("#") }.count >= 5, "\(path) has few comments")
        }
    }

    /// Whatever the date and the reader's zone (floating reminders are read
    /// in it), the examples pass `check --strict` with nothing to say.
    @Test(arguments: ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/Los_Angeles", "Australia/Adelaide", "Pacific/Chatham"])
    func theExamplesCheckCleanOnAnyDate(zone: String) throws {
        for now in ["2026-12-02T05:00:00Z", "2027-03-28T01:30:00Z", "2030-10-27T00:00:00Z", "2038-01-19T03:14:08Z", "2044-11-01T00:00:00Z"]
        {
            let run = try EndToEndTests.run(["check", "--strict", "--now", now, "examples/"], environment: ["TZ": zone, "NO_COLOR": "1"])
            #expect(run.status == 0, "\(zone) \(now)")
            #expect(run.stdout == "no problems in \(try Self.exampleFiles().count) files\n", "\(zone) \(now): \(run.stdout)")
        }
    }

    @Test func theLintExampleSaysWhyItWarns() throws {
        let run = try EndToEndTests.run(
            ["check", "--now", "2026-12-02T05:00:00Z", "examples-lint/"], environment: ["TZ": "UTC", "NO_COLOR": "1"])
        #expect(run.status == 0)
        let text = try String(
            contentsOfFile: EndToEndTests.root.appendingPathComponent("examples-lint/rules-firing.yaml").path, encoding: .utf8)
        for rule in ["same-time", "dst-gap", "dst-repeat", "in-the-past", "endless-repeat"] {
            #expect(run.stdout.contains("[\(rule)]"), "\(rule) does not fire")
            #expect(text.contains(rule), "the file does not explain \(rule)")
        }
    }
}
