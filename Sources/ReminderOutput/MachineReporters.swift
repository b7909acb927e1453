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

/// `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. Every
/// rule of the catalogue is listed in `tool.driver.rules`; each result
/// names its rule by id and index, its level (error, warning, note), its
/// message, and a region in the file by its path relative to the
/// repository (`%SRCROOT%`). Columns are Unicode code points.
public enum SARIFReporter {
    /// `workingFolder`: the absolute folder paths below it are written relative to.
    public static func render(_ diagnostics: [Diagnostic], rules: [RuleDescriptor], version: String, workingFolder: String) -> String {
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
            let region = "\"startLine\": \(diagnostic.span.start.line), \"startColumn\": \(diagnostic.span.start.column), "
                + "\"endLine\": \(diagnostic.span.end.line), \"endColumn\": \(diagnostic.span.end.column)"
            let ruleIndex = index[diagnostic.id].map { ", \"ruleIndex\": \($0)" } ?? ""
            return """
                        {"ruleId": \(string(diagnostic.id))\(ruleIndex), "level": \(string(level(diagnostic.severity))), \
                "message": {"text": \(string(text))}, "locations": [{"physicalLocation": \
                {"artifactLocation": {"uri": \(string(Self.uri(diagnostic.file, workingFolder: workingFolder))), "uriBaseId": "%SRCROOT%"}, \
                "region": {\(region)}}}]}
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

/// `--format github`: GitHub Actions workflow commands, one per line:
/// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<rule>::message`.
/// `%`, CR and LF are escaped in the message, and `:` and `,` too in the
/// properties, so text quoted from a file cannot start a command of its own;
/// other control characters are shown as `\u{1B}`.
public enum GitHubReporter {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let command: String = switch diagnostic.severity {
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
