import Foundation
import ReminderModel

/// `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. Every
/// rule of the catalogue is listed in `tool.driver.rules`; each result
/// names its rule by id and index, its level (error, warning, note), its
/// message, and a region in the file by its path relative to the
/// repository (`%SRCROOT%`). Columns are Unicode code points.
package enum SARIFReporter {
    /// `workingFolder`: the absolute folder paths below it are written relative to.
    package static func render(_ diagnostics: [Diagnostic], rules: [RuleDescriptor], version: String, workingFolder: String) -> String {
        func string(_ text: String) -> String { OccurrenceWriter.jsonString(text) }
        func level(_ severity: Severity) -> String {
            switch severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "note"
            }
        }
        let ruleEntries = rules.map { rule in
            """
                      {"id": \(string(rule.id)), "name": \(string(Self.pascalCase(rule.name))), \
            "shortDescription": {"text": \(string(rule.summary))}, \
            "fullDescription": {"text": \(string(rule.summary + " " + rule.rationale))}, \
            "help": {"text": \(string(rule.rationale + " Run 'remindc rules " + rule.id + "' for examples."))}, \
            "defaultConfiguration": {"level": \(string(level(rule.severity)))}}
            """
        }
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results = diagnostics.map { diagnostic -> String in
            var text = diagnostic.message.text
            if let hint = diagnostic.message.hint { text += " (\(hint))" }
            // A note with a place is a related location; one without is said in the message.
            for note in diagnostic.notes where note.span == nil { text += "; note: \(note.text)" }
            let related = diagnostic.notes.filter { $0.span != nil }.enumerated().map { index, note in
                let span = note.span!
                return "{\"id\": \(index + 1), \"physicalLocation\": {\"artifactLocation\": "
                    + Self.artifactLocation(note.file ?? diagnostic.file, workingFolder: workingFolder) + ", "
                    + "\"region\": {\"startLine\": \(span.start.line), \"startColumn\": \(span.start.column), "
                    + "\"endLine\": \(span.end.line), \"endColumn\": \(span.end.column)}}, \"message\": {\"text\": \(string(note.text))}}"
            }
            let relatedLocations = related.isEmpty ? "" : ", \"relatedLocations\": [" + related.joined(separator: ", ") + "]"
            let region =
                "\"startLine\": \(diagnostic.span.start.line), \"startColumn\": \(diagnostic.span.start.column), "
                + "\"endLine\": \(diagnostic.span.end.line), \"endColumn\": \(diagnostic.span.end.column)"
            let ruleIndex = index[diagnostic.id].map { ", \"ruleIndex\": \($0)" } ?? ""
            return """
                        {"ruleId": \(string(diagnostic.id))\(ruleIndex), "level": \(string(level(diagnostic.severity))), \
                "message": {"text": \(string(text))}, "locations": [{"physicalLocation": \
                {"artifactLocation": \(Self.artifactLocation(diagnostic.file, workingFolder: workingFolder)), \
                "region": {\(region)}}}]\(relatedLocations)}
                """
        }
        return """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {
                    "driver": {
                      "name": "remindc",
                      "version": \(string(version)),
                      "rules": [
            \(ruleEntries.joined(separator: ",\n"))
                      ]
                    }
                  },
                  "columnKind": "unicodeCodePoints",
                  "results": [
            \(results.joined(separator: ",\n"))
                  ]
                }
              ]
            }

            """
    }

    /// `{"uri": ..., "uriBaseId": "%SRCROOT%"}` for a path relative to the
    /// repository, `{"uri": "file:///..."}` for an absolute path outside it.
    static func artifactLocation(_ path: String, workingFolder: String) -> String {
        let reference = uri(path, workingFolder: workingFolder)
        if reference.hasPrefix("/") { return "{\"uri\": \(OccurrenceWriter.jsonString("file://" + reference))}" }
        return "{\"uri\": \(OccurrenceWriter.jsonString(reference)), \"uriBaseId\": \"%SRCROOT%\"}"
    }

    /// A path as a relative URI reference: percent-encoded, `./` dropped,
    /// made relative to the working folder when it is below it.
    static func uri(_ path: String, workingFolder: String) -> String {
        var relative = path
        let folder = workingFolder.hasSuffix("/") ? workingFolder : workingFolder + "/"
        if relative.hasPrefix(folder) { relative.removeFirst(folder.count) }
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";,?#[]@!$&'()*+=")
        return relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? relative
    }

    static func pascalCase(_ name: String) -> String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
