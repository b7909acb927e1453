import ReminderModel
import Testing
import YAMLSyntax
@testable import ReminderOutput

@Suite struct TextReporterTests {
    static func diagnostic(_ line: Int, _ column: Int, length: Int = 3, hint: String? = nil, severity: Severity = .error) -> Diagnostic {
        Diagnostic(
            Message(id: "some-id", severity: severity, text: "something is wrong", hint: hint), file: "f.yaml",
            span: SourceSpan(start: SourcePosition(line: line, column: column), length: length))
    }

    @Test func caretUnderlinesTheSpan() {
        let source = Array("a: 1\nkey: value\n".utf8)
        let text = TextReporter().render([Self.diagnostic(2, 6, length: 5, hint: "fix it")], sources: ["f.yaml": source])
        #expect(
            text == """
                f.yaml:2:6: error: something is wrong [some-id]
                 2 | key: value
                   |      ^~~~~
                   = help: fix it

                """)
    }

    @Test func tabsInTheLineKeepTheCaretAligned() {
        let source = Array("\tkey:\tvalue\n".utf8)
        let text = TextReporter().render([Self.diagnostic(1, 7, length: 5)], sources: ["f.yaml": source])
        #expect(text.contains(" 1 | \tkey:\tvalue\n   | \t    \t^~~~~\n"))
    }

    @Test func spanPastTheLineIsClamped() {
        let source = Array("ab\n".utf8)
        let text = TextReporter().render([Self.diagnostic(1, 3, length: 10)], sources: ["f.yaml": source])
        #expect(text.hasSuffix("   |   ^\n"))
    }

    @Test func withoutSourceOnlyTheHeadline() {
        let text = TextReporter().render([Self.diagnostic(1, 1)], sources: [:])
        #expect(text == "f.yaml:1:1: error: something is wrong [some-id]\n")
    }

    /// The counts, and how many of the files have a problem when not all do.
    @Test(arguments: [
        ([Severity](), 1, 1, "no problems in 1 file\n"),
        ([Severity](), 3, 1, "no problems in 3 files\n"),
        ([.error], 2, 1, "1 error in 1 of 2 files\n"),
        ([.error, .error, .warning, .info], 4, 1, "2 errors, 1 warning, 1 info in 1 of 4 files\n"),
        ([.error, .error, .warning, .info], 4, 3, "2 errors, 1 warning, 1 info in 3 of 4 files\n"),
        ([.error, .warning, .info], 3, 3, "1 error, 1 warning, 1 info in 3 files\n"),
        ([.warning, .warning], 1, 1, "2 warnings in 1 file\n"),
    ])
    func summary(_ severities: [Severity], _ files: Int, _ filesWithProblems: Int, _ expected: String) {
        // The diagnostics go round the files that have problems.
        let diagnostics = severities.enumerated().map { index, severity in
            var diagnostic = Self.diagnostic(1, 1, severity: severity)
            diagnostic.file = "f\(index % filesWithProblems).yaml"
            return diagnostic
        }
        #expect(TextReporter().summary(diagnostics, fileCount: files) == expected)
    }

    @Test func colourWrapsTheParts() {
        let text = TextReporter(colour: true).render([Self.diagnostic(1, 1)], sources: [:])
        #expect(text.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }
}

/// One error under thousands of warnings: the errors come first, and a
/// rule's findings in a file past a few are summed up in one line.
@Suite struct ReportLayoutTests {
    static func finding(_ id: String, _ severity: Severity, file: String = "f.yaml", line: Int) -> Diagnostic {
        Diagnostic(
            Message(id: id, severity: severity, text: "\(id) at \(line)"), file: file,
            span: SourceSpan(start: SourcePosition(line: line, column: 1), length: 1))
    }

    static func headlines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func errorsComeFirstInEveryFileThenWarningsThenInfo() {
        let diagnostics = [
            Self.finding("same-time", .warning, file: "a.yaml", line: 1), Self.finding("endless-repeat", .info, file: "a.yaml", line: 2),
            Self.finding("unknown-key", .error, file: "a.yaml", line: 3), Self.finding("same-time", .warning, file: "b.yaml", line: 1),
            Self.finding("missing-key", .error, file: "b.yaml", line: 2),
        ]
        #expect(
            Self.headlines(TextReporter().render(diagnostics, sources: [:], summarisingAfter: .perRule)) == [
                "a.yaml:3:1: error: unknown-key at 3 [unknown-key]", "b.yaml:2:1: error: missing-key at 2 [missing-key]",
                "a.yaml:1:1: warning: same-time at 1 [same-time]", "b.yaml:1:1: warning: same-time at 1 [same-time]",
                "a.yaml:2:1: info: endless-repeat at 2 [endless-repeat]",
            ])
    }

    @Test(arguments: [(4, 0), (5, 0), (6, 1), (51_102, 51_097)])
    func aRuleFoundMoreThanFiveTimesInAFileIsSummedUp(_ count: Int, _ hidden: Int) {
        var diagnostics = (1...count).map { Self.finding("same-time", .warning, line: $0 + 1) }
        diagnostics.append(Self.finding("same-time", .warning, file: "g.yaml", line: 1))
        diagnostics.append(Self.finding("unknown-key", .error, line: 1))
        let lines = Self.headlines(TextReporter().render(diagnostics, sources: [:], summarisingAfter: .perRule))
        #expect(lines.first == "f.yaml:1:1: error: unknown-key at 1 [unknown-key]")
        #expect(lines.count == 1 + min(count, 5) + (hidden > 0 ? 1 : 0) + 1)
        if hidden > 0 {
            let noun = hidden == 1 ? "warning" : "warnings"
            #expect(
                lines[6]
                    == "f.yaml: note: \(TextReporter.grouped(hidden)) more same-time \(noun) in this file; --format json lists them all")
        }
        #expect(lines.last == "g.yaml:1:1: warning: same-time at 1 [same-time]", "another file's findings are its own")
    }

    @Test func errorsAreShownFurtherThanWarnings() {
        let diagnostics = (1...30).map { Self.finding("unknown-key", .error, line: $0) }
        let lines = Self.headlines(TextReporter().render(diagnostics, sources: [:], summarisingAfter: .perRule))
        #expect(lines.count == 26)
        #expect(lines.last == "f.yaml: note: 5 more unknown-key errors in this file; --format json lists them all")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (51_097, "51,097"), (1_234_567, "1,234,567")])
    func countsAreGroupedInThousands(_ number: Int, _ text: String) {
        #expect(TextReporter.grouped(number) == text)
    }
}
