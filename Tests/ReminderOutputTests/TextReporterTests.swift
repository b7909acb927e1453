import ReminderModel
import Testing
import YAMLSyntax
@testable import ReminderOutput

@Suite struct TextReporterTests {
    static func diagnostic(_ line: Int, _ column: Int, length: Int = 3, hint: String? = nil, severity: Severity = .error) -> Diagnostic {
        Diagnostic(Message(id: "some-id", severity: severity, text: "something is wrong", hint: hint), file: "f.yaml",
                   span: SourceSpan(start: SourcePosition(line: line, column: column), length: length))
    }

    @Test func caretUnderlinesTheSpan() {
        let source = Array("a: 1\nkey: value\n".utf8)
        let text = TextReporter().render([Self.diagnostic(2, 6, length: 5, hint: "fix it")], sources: ["f.yaml": source])
        #expect(text == """
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
