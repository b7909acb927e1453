import Foundation
import ReminderModel

/// `--format github`: GitHub Actions workflow commands, one per line:
/// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<rule>::message`.
/// `%`, CR and LF are escaped in the message, and `:` and `,` too in the
/// properties, so text quoted from a file cannot start a command of its own;
/// other control characters are shown as `\u{1B}`.
package enum GitHubReporter {
    package static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let command: String =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
            let properties = [
                ("file", diagnostic.file), ("line", "\(diagnostic.span.start.line)"), ("col", "\(diagnostic.span.start.column)"),
                ("endLine", "\(diagnostic.span.end.line)"), ("endColumn", "\(diagnostic.span.end.column)"),
                ("title", diagnostic.id),
            ].map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            var message = diagnostic.message.text
            if let hint = diagnostic.message.hint { message += "\nhelp: \(hint)" }
            // An annotation has one place: a note's is said in its text.
            for note in diagnostic.notes {
                message += "\nnote: \(note.text)"
                if let span = note.span, note.file == nil { message += " (line \(span.start.line), column \(span.start.column))" }
            }
            return "::\(command) \(properties)::\(escapeData(message))\n"
        }.joined()
    }

    static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            // GitHub shows the log in a terminal emulator: no escapes.
            case _ where TerminalText.isControl(scalar):
                result += TerminalText.visible(String(scalar)).replacingOccurrences(of: "%", with: "%25")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
