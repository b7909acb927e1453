import Foundation
import ReminderModel
import Testing
import YAMLSyntax
@testable import ReminderOutput

@Suite struct MachineReporterTests {
    static let diagnostics = [
        Diagnostic(
            Message(id: "some-id", severity: .error, text: "bad \"value\"\u{85}", hint: "fix it"), file: "dir/f.yaml",
            span: SourceSpan(start: SourcePosition(line: 3, column: 7), length: 4)),
        Diagnostic(
            Message(id: "other", severity: .warning, text: "odd, but fine"), file: "g.yaml",
            span: SourceSpan(start: SourcePosition(line: 1, column: 1), length: 1)),
    ]

    @Test func jsonIsOneObjectPerDiagnosticThatParses() throws {
        let text = JSONReporter.render(Self.diagnostics)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(parsed[0]["file"] as? String == "dir/f.yaml")
        #expect(parsed[0]["line"] as? Int == 3)
        #expect(parsed[0]["column"] as? Int == 7)
        #expect(parsed[0]["rule"] as? String == "some-id")
        #expect(parsed[0]["message"] as? String == "bad \"value\"\u{85}")
        #expect(!text.contains("\u{85}"), "C1 is escaped")
    }

    @Test func sarifNamesTheToolRulesAndResults() throws {
        let rules = [RuleDescriptor(id: "some-id", name: "Some", summary: "Something.", rationale: "Why.", severity: .error)]
        let text = SARIFReporter.render(Self.diagnostics, rules: rules, version: "1.2.3", workingFolder: "/work")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["some-id", "other"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
    }

    @Test func githubIsOneCommandPerDiagnostic() {
        let lines = GitHubReporter.render(Self.diagnostics).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=dir/f.yaml,line=3,col=7"))
        #expect(lines[1].hasPrefix("::warning file=g.yaml,line=1,col=1"))
    }
}
