import Foundation
import ReminderModel

/// `--format json`: an array of objects, one per diagnostic, in report order:
/// `{"rule", "severity", "file", "line", "column", "endLine", "endColumn",
/// "message", "hint", "notes"}` (hint null when there is none). Each note is
/// `{"message", "file", "line", "column", "endLine", "endColumn"}`, its place
/// null when it has none ("counting the alerts of all 3 files"). Columns
/// count Unicode scalars, from 1; the end is exclusive.
package enum JSONReporter {
    package static func render(_ diagnostics: [Diagnostic]) -> String {
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
                ("notes", "[" + diagnostic.notes.map { note(of: diagnostic, $0) }.joined(separator: ", ") + "]"),
            ]
            return "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    private static func note(of diagnostic: Diagnostic, _ note: Diagnostic.Note) -> String {
        let place: [(String, String)] =
            if let span = note.span {
                [
                    ("file", OccurrenceWriter.jsonString(note.file ?? diagnostic.file)), ("line", "\(span.start.line)"),
                    ("column", "\(span.start.column)"),
                    ("endLine", "\(span.end.line)"), ("endColumn", "\(span.end.column)"),
                ]
            } else {
                ["file", "line", "column", "endLine", "endColumn"].map { ($0, "null") }
            }
        return "{" + ([("message", OccurrenceWriter.jsonString(note.text))] + place).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
            + "}"
    }
}
