import Foundation
import RepositoryFiles
import Testing

/// `remindc check` in every format, the rule catalogue, and the guarantees
/// of the machine formats: SARIF's required fields, JSON that parses, and
/// workflow commands that quoted text cannot forge.
@Suite struct CheckFormatTests {
    typealias Case = EndToEndTests.Case
    static let now = ["--now", "2026-11-29T12:00:00Z", "--zone", "Europe/Berlin"]
    static let mixed = "\(EndToEndTests.fixtures)/mixed"

    @Test(arguments: [
        Case(
            golden: "check-json.txt", arguments: ["check", "--format", "json", mixed, "examples-lint/rules-firing.yaml"] + now, status: 1),
        Case(golden: "check-sarif.txt", arguments: ["check", "--format", "sarif", mixed] + now, status: 1),
        Case(
            golden: "check-github.txt", arguments: ["check", "--format", "github", mixed, "examples-lint/rules-firing.yaml"] + now,
            status: 1),
        Case(golden: "check-rules-fixture.txt", arguments: ["check", "\(EndToEndTests.fixtures)/check/rules.yaml"] + now, status: 1),
        // Checker errors only, each with its source line (the file is read
        // again for them: the decoder found nothing).
        Case(
            golden: "check-rules-quiet.txt", arguments: ["check", "--quiet", "\(EndToEndTests.fixtures)/check/rules.yaml"] + now, status: 1),
        Case(
            golden: "check-horizon.txt", arguments: ["check", "--horizon", "30d", "\(EndToEndTests.fixtures)/check/rules.yaml"] + now,
            status: 1),
        Case(golden: "check-bad-horizon.txt", arguments: ["check", "--horizon", "soon", "examples"], status: 2),
        Case(golden: "rules.txt", arguments: ["rules"], status: 0),
        Case(golden: "rules-dst-gap.txt", arguments: ["rules", "dst-gap"], status: 0),
        Case(golden: "rules-unknown.txt", arguments: ["rules", "same-tme"], status: 2),
        Case(golden: "help-rules.txt", arguments: ["help", "rules"], status: 0),
        Case(golden: "help-help.txt", arguments: ["help", "--help"], status: 0),
        // The built-in holidays: a region's year; what the table is; each refusal, exit 2.
        Case(golden: "holidays-gb-eng.txt", arguments: ["holidays", "gb-eng", "--year", "2027"], status: 0),
        Case(golden: "holidays-this-year.txt", arguments: ["holidays", "US-NY", "--now", "2028-06-01T00:00:00Z"], status: 0),
        Case(golden: "holidays-source.txt", arguments: ["holidays", "--source"], status: 0),
        Case(golden: "holidays-unknown.txt", arguments: ["holidays", "GB-ENX"], status: 2),
        Case(golden: "holidays-no-region.txt", arguments: ["holidays"], status: 2),
        Case(golden: "holidays-past-the-table.txt", arguments: ["holidays", "GB", "--year", "2070"], status: 2),
        Case(golden: "holidays-bad-year.txt", arguments: ["holidays", "GB", "--year", "next"], status: 2),
        Case(golden: "help-notify.txt", arguments: ["help", "notify"], status: 0),
        Case(golden: "help-resume.txt", arguments: ["help", "resume"], status: 0),
        Case(golden: "help-systemd.txt", arguments: ["help", "systemd"], status: 0),
        Case(golden: "help-due.txt", arguments: ["help", "due"], status: 0),
        Case(golden: "help-publish.txt", arguments: ["help", "publish"], status: 0),
        Case(golden: "help-help.txt", arguments: ["help", "help"], status: 0),
        // A window that ends before it starts is a usage error, not an empty list.
        Case(
            golden: "expand-empty-window.txt",
            arguments: ["expand", "examples", "--from", "2027-01-02T00:00:00Z", "--to", "2027-01-01T00:00:00Z"], status: 2),
        Case(
            golden: "ics-empty-window.txt",
            arguments: ["ics", "--expand", "examples", "--from", "2027-01-01T00:00:00Z", "--to", "2027-01-01T00:00:00Z"], status: 2),
    ])
    func transcript(_ c: Case) throws {
        let run = try EndToEndTests.runInProcess(c.arguments, environment: ["NO_COLOR": "1", "TZ": "UTC"])
        #expect(run.status == c.status)
        Golden().check(run.transcript, c.golden)
    }

    @Test func githubIsTheDefaultUnderGitHubActions() throws {
        let run = try EndToEndTests.runInProcess(["check", Self.mixed] + Self.now, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.stdout.hasPrefix("::error file="))
        let explicit = try EndToEndTests.runInProcess(
            ["check", "--format", "text", Self.mixed] + Self.now, environment: ["GITHUB_ACTIONS": "true"])
        #expect(!explicit.stdout.hasPrefix("::"))
    }

    @Test func jsonParsesWithEveryField() throws {
        let run = try EndToEndTests.runInProcess(["check", "--format", "json", Self.mixed, "examples-lint"] + Self.now)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(!array.isEmpty)
        for item in array {
            #expect(Set(item.keys) == ["rule", "severity", "file", "line", "column", "endLine", "endColumn", "message", "hint", "notes"])
            for note in item["notes"] as? [[String: Any]] ?? [] {
                #expect(Set(note.keys) == ["message", "file", "line", "column", "endLine", "endColumn"])
            }
            #expect(["error", "warning", "info"].contains(item["severity"] as? String))
        }
    }

    /// What GitHub code scanning requires of SARIF 2.1.0, field by field
    /// (the JSON schema itself cannot be fetched here): the version and
    /// schema, the driver's name, version and rules (id, descriptions,
    /// help, default level), and per result a known rule, a level, a
    /// message, a relative artifact URI and a whole region.
    @Test func sarifHasEveryFieldCodeScanningRequires() throws {
        let run = try EndToEndTests.runInProcess(["check", "--format", "sarif", Self.mixed, "examples-lint"] + Self.now)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "remindc")
        #expect(driver["version"] is String)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        var ids: [String] = []
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            ids.append(id)
            for key in ["shortDescription", "fullDescription", "help"] {
                #expect(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(id).\(key)")
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level), "\(id)")
        }
        #expect(Set(ids).count == ids.count)
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            #expect(ids.contains(ruleId))
            if let index = result["ruleIndex"] as? Int { #expect(ids[index] == ruleId) }
            #expect(["error", "warning", "note"].contains(result["level"] as? String))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.contains(" "))
            let region = try #require(location["region"] as? [String: Any])
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                #expect((region[key] as? Int).map { $0 >= 1 } == true, "\(key)")
            }
        }
    }

    /// The notes of a finding ("'a' is here", the other file's reminder)
    /// reach every machine format: JSON's notes, SARIF's relatedLocations
    /// (in the other file), the workflow command's text.
    @Test func notesReachTheMachineFormats() throws {
        let folder = "\(EndToEndTests.fixtures)/across/same-time"
        let json = try EndToEndTests.runInProcess(["check", "--format", "json", folder] + Self.now)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let sameTime = try #require(items.first { $0["rule"] as? String == "same-time" })
        let note = try #require((sameTime["notes"] as? [[String: Any]])?.first)
        let otherFile = try #require(note["file"] as? String)
        #expect(otherFile != sameTime["file"] as? String, "the note is in the other file")
        #expect((note["line"] as? Int).map { $0 >= 1 } == true)
        #expect((note["message"] as? String)?.contains(" is at ") == true)

        let sarif = try EndToEndTests.runInProcess(["check", "--format", "sarif", folder] + Self.now)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let result = try #require(results.first { $0["ruleId"] as? String == "same-time" })
        let related = try #require((result["relatedLocations"] as? [[String: Any]])?.first)
        let location = try #require(related["physicalLocation"] as? [String: Any])
        #expect(((location["artifactLocation"] as? [String: Any])?["uri"] as? String).map { otherFile.hasSuffix($0) } == true)
        #expect(((location["region"] as? [String: Any])?["startLine"] as? Int) == note["line"] as? Int)
        #expect(((related["message"] as? [String: Any])?["text"] as? String) == note["message"] as? String)

        let github = try EndToEndTests.runInProcess(["check", "--format", "github", folder] + Self.now)
        #expect(github.stdout.contains("%0Anote: " + (note["message"] as? String ?? "-")))
    }

    /// A path that cannot be read: the machine formats put the error on
    /// standard output as a document of their own (status 2, the message
    /// on standard error as in text), so that a job reading them sees it.
    @Test(arguments: ["json", "sarif", "github"])
    func anUnreadablePathIsADocumentInTheMachineFormats(_ format: String) throws {
        let run = try EndToEndTests.runInProcess(["check", "--format", format, "examples", "no/such/file.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr == "Error: cannot read 'no/such/file.yaml': no such file or folder\n")
        switch format {
        case "json":
            let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
            #expect(items.count == 1)
            #expect(items.first?["rule"] as? String == "unreadable-path")
            #expect(items.first?["severity"] as? String == "error")
            #expect(items.first?["file"] as? String == "no/such/file.yaml")
        case "sarif":
            let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let first = try #require((root["runs"] as? [[String: Any]])?.first)
            #expect((first["results"] as? [Any])?.isEmpty == true)
            let invocation = try #require((first["invocations"] as? [[String: Any]])?.first)
            #expect(invocation["executionSuccessful"] as? Bool == false)
            let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
            #expect(notification["level"] as? String == "error")
            #expect(((notification["message"] as? [String: Any])?["text"] as? String)?.contains("no/such/file.yaml") == true)
        default:
            #expect(
                run.stdout
                    == "::error file=no/such/file.yaml,title=unreadable-path::cannot read 'no/such/file.yaml': no such file or folder\n")
        }
    }

    /// A message quoting hostile text stays one workflow command.
    @Test func workflowCommandsCannotBeForged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-gh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a,b:c%d.yaml")
        try Data("timezone: UTC\nreminders:\n  - {id: x, title: X, at: 2026-12-01 09:00, \"bad\\n::error::forged%0A,key\": 1}\n".utf8)
            .write(to: file)
        let run = try EndToEndTests.runInProcess(["check", "--format", "github", file.path] + Self.now)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=") })
        #expect(run.stdout.contains("a%2Cb%3Ac%25d.yaml"))
        #expect(run.stdout.contains("%0A::error::forged%250A"))
    }

    static let sarifPython = OracleVenv.python(importing: "sarif_pydantic")

    /// sarif-pydantic's models of SARIF 2.1.0 (PyPI, installed by `.ci/run`)
    /// accept the output: an independent check beside the field-by-field one.
    @Test(.enabled(if: sarifPython != nil, "sarif-pydantic is not installed"))
    func sarifValidatesAgainstAnIndependentModel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.sarif")
        let run = try EndToEndTests.runInProcess(
            ["check", "--format", "sarif", Self.mixed, "examples-lint", "\(EndToEndTests.fixtures)/check/rules.yaml"] + Self.now)
        try Data(run.stdout.utf8).write(to: output)
        let process = Process()
        process.executableURL = Self.sarifPython
        process.arguments = [EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/sarif_check.py").path, output.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let report = String(decoding: out.drained(), as: UTF8.self)
        process.waitUntilExit()
        #expect(report == "ok\n", "\(report)")
    }

    /// One catalogue: every diagnostic id any golden output shows is one
    /// `remindc rules` describes, and `remindc rules ID` explains each.
    @Test func everyIdShownIsInTheCatalogue() throws {
        let listed = Set(
            try EndToEndTests.runInProcess(["rules"]).stdout.split(separator: "\n").compactMap {
                $0.split(separator: " ").first.map(String.init)
            })
        let names = try FileManager.default.contentsOfDirectory(atPath: Golden().folder.path).filter {
            $0.hasSuffix(".txt") || $0.hasSuffix(".json")
        }
        var shown = Set<String>()
        let pattern = try Regex(#"\[([a-z0-9]+(?:-[a-z0-9]+)+|[a-z0-9]+)\]$|"id": ?"([a-z0-9-]+)""#)
        for name in names {
            let text = try String(contentsOf: Golden().folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n")
            where line.contains(": error: ") || line.contains(": warning: ") || line.contains(": info: ") {
                if let match = line.firstMatch(of: pattern), let id = match.output[1].substring { shown.insert(String(id)) }
            }
        }
        #expect(shown.count > 20)
        #expect(shown.subtracting(listed).isEmpty, "not in remindc rules: \(shown.subtracting(listed).sorted())")
        for id in ["cron-busybox-lines", "cron-too-long", "never-fires", "too-many-actions"] {
            #expect(try EndToEndTests.runInProcess(["rules", id]).status == 0, "\(id)")
        }
    }
}
