import Foundation
import ReminderModel

/// `--format json`: an array of objects, one per diagnostic, in report order:
/// `{"rule", "severity", "file", "line", "column", "endLine", "endColumn",
/// "message", "hint"}` (hint null when there is none). Columns count Unicode
/// scalars, from 1; the end is exclusive.
public enum JSONReporter {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "[]\n" }
        let items = diagnostics.map { diagnostic -> String in
            let fields: [(String, String)] = [
                ("rule", OccurrenceWriter.jsonString(diagnostic.id)),
                ("severity", OccurrenceWriter.jsonString(diagnostic.severity.rawValue)),
                ("file", OccurrenceWriter.jsonString(diagnostic.file)),
                ("line", "\(diagnostic.span.start.line)"),
                ("column", "\(diagnostic.span.start.column)"),
                ("endLine", "\(diagnostic.span.end.line)"),
                ("endColumn", "\(diagnostic.span.end.column)"),
                ("message", OccurrenceWriter.jsonString(diagnostic.message.text)),
                ("hint", diagnostic.message.hint.map(OccurrenceWriter.jsonString) ?? "null"),
            ]
            return "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }
}
