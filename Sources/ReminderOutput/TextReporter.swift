import ReminderModel
import YAMLSyntax

/// Renders diagnostics for people: `file:line:col: severity: message [id]`,
/// then the source line with a caret and underline beneath the offending node,
/// a `help:` line when the diagnostic has a hint, and each note the same way.
///
/// A pure function of its input. Colour (ANSI) only when asked: the command
/// asks for it on a terminal and never with `NO_COLOR`.
package struct TextReporter: Sendable {
    package var colour: Bool

    package init(colour: Bool = false) {
        self.colour = colour
    }

    /// How many findings of one rule in one file a report for people shows
    /// before it sums up the rest in a line: one error must not drown
    /// under fifty thousand warnings of the same kind. Errors, each a fix
    /// to make, are shown further.
    package struct Limit: Sendable {
        package var errors: Int
        package var others: Int

        package static let perRule = Limit(errors: 25, others: 5)

        func of(_ severity: Severity) -> Int { severity == .error ? errors : others }
    }

    /// The report for `diagnostics`, each block ending in a newline: the
    /// errors first, then the warnings, then the rest, each in the order
    /// given. With `summarisingAfter`, the findings of one rule in one file
    /// past that many are not shown one by one: a line after the last shown
    /// says how many more there are (the machine formats list them all).
    ///
    /// - Parameter sources: the bytes of each file by path, for quoting source
    ///   lines; a file missing here is reported without its source.
    package func render(_ diagnostics: [Diagnostic], sources: [String: [UInt8]], summarisingAfter limits: Limit? = nil) -> String {
        var out = ""
        // Each file's lines are found once, however many diagnostics quote it.
        var lines: [String: SourceLines.LineIndex?] = [:]
        var totals: [RuleInFile: Int] = [:]
        if limits != nil {
            for diagnostic in diagnostics { totals[RuleInFile(diagnostic), default: 0] += 1 }
        }
        var shown: [RuleInFile: Int] = [:]
        for severity in Severity.allCases {
            for diagnostic in diagnostics where diagnostic.severity == severity {
                var hidden = 0
                if let limit = limits?.of(severity) {
                    let key = RuleInFile(diagnostic)
                    let count = shown[key, default: 0] + 1
                    shown[key] = count
                    guard count <= limit else { continue }
                    if count == limit { hidden = totals[key, default: 0] - limit }
                }
                var index = lines[diagnostic.file]
                // A file with a NUL byte is no text (a link to
                // /proc/self/environ, a binary): none of it is quoted.
                if index == nil, let bytes = sources[diagnostic.file] {
                    index = bytes.contains(0) ? .some(nil) : SourceLines.LineIndex(bytes)
                    lines[diagnostic.file] = index
                }
                render(diagnostic, lines: index ?? nil, into: &out)
                if hidden > 0 { out += more(hidden, of: RuleInFile(diagnostic)) }
            }
        }
        return out
    }

    /// One rule's findings of one severity in one file.
    private struct RuleInFile: Hashable {
        var file: String
        var id: String
        var severity: Severity

        init(_ diagnostic: Diagnostic) {
            (file, id, severity) = (diagnostic.file, diagnostic.id, diagnostic.severity)
        }
    }

    /// `f.yaml: note: 51,097 more same-time warnings in this file; ...`.
    private func more(_ count: Int, of key: RuleInFile) -> String {
        let noun = key.severity == .info ? "info findings" : key.severity.rawValue + (count == 1 ? "" : "s")
        return style("\(TerminalText.visible(key.file)):", .bold) + " \(style("note:", .cyan)) "
            + "\(Self.grouped(count)) more \(key.id) \(noun) in this file; --format json lists them all\n"
    }

    /// `51097` as `51,097`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// `3 errors, 2 warnings in 4 files`, `1 error in 1 of 4 files` when
    /// only some files have problems, or `no problems in 4 files`.
    package func summary(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        let all = "\(fileCount) \(fileCount == 1 ? "file" : "files")"
        let withProblems = Set(diagnostics.map(\.file)).count
        let files = withProblems == 0 || withProblems >= fileCount ? all : "\(withProblems) of \(all)"
        var parts: [String] = []
        for severity in Severity.allCases {
            let count = diagnostics.count { $0.severity == severity }
            if count > 0 {
                let noun = severity == .info ? "info" : severity.rawValue + (count == 1 ? "" : "s")
                parts.append("\(count) \(noun)")
            }
        }
        let text = parts.isEmpty ? "no problems in \(all)" : parts.joined(separator: ", ") + " in \(files)"
        return style(text, .bold) + "\n"
    }

    private func render(_ diagnostic: Diagnostic, lines: SourceLines.LineIndex?, into out: inout String) {
        // Everything from the file (its name, keys and values quoted in the
        // message) is shown with its control characters escaped.
        let message = diagnostic.message
        let file = TerminalText.visible(diagnostic.file)
        let label = style(message.severity.rawValue + ":", severityStyle(message.severity))
        out += style("\(file):\(diagnostic.span.start.line):\(diagnostic.span.start.column):", .bold)
        out += " \(label) \(style(TerminalText.visible(message.text), .bold)) [\(message.id)]\n"
        let gutter = String(repeating: " ", count: String(diagnostic.span.start.line).count + 2)
        quote(diagnostic.span, lines: lines, into: &out)
        if let hint = message.hint {
            out += "\(gutter)\(style("= help:", .cyan)) \(TerminalText.visible(hint))\n"
        }
        for note in diagnostic.notes {
            // A place in another file is in the note's text.
            if let span = note.span, note.file == nil {
                out += style("\(file):\(span.start.line):\(span.start.column):", .bold)
                out += " \(style("note:", .cyan)) \(TerminalText.visible(note.text))\n"
                quote(span, lines: lines, into: &out)
            } else {
                out += "\(gutter)\(style("= note:", .cyan)) \(TerminalText.visible(note.text))\n"
            }
        }
    }

    /// The source line of `span` and a caret line beneath it.
    private func quote(_ span: SourceSpan, lines: SourceLines.LineIndex?, into out: inout String) {
        guard let lines, var line = lines.line(Int(span.start.line)).map(TerminalText.sameWidth) else { return }
        let number = String(span.start.line)
        let gutter = String(repeating: " ", count: number.count + 2)
        var scalars = Array(line.unicodeScalars)
        var column = Int(span.start.column) - 1
        // A long line is quoted around the column, no more than
        // `quotedWidth` of it.
        if scalars.count > Self.quotedWidth {
            let first = max(0, min(column - Self.quotedWidth / 4, scalars.count - Self.quotedWidth))
            let last = min(scalars.count, first + Self.quotedWidth)
            scalars = (first > 0 ? ["…"] : []) + Array(scalars[first..<last]) + (last < scalars.count ? ["…"] : [])
            column = column - first + (first > 0 ? 1 : 0)
            line = String(String.UnicodeScalarView(scalars))
        }
        var marker = ""
        for index in 0..<min(column, scalars.count) {
            marker.append(scalars[index] == "\t" ? "\t" : " ")
        }
        if column > scalars.count { marker += String(repeating: " ", count: column - scalars.count) }
        var width = 1
        if span.end.line == span.start.line {
            width = max(1, min(Int(span.end.column - span.start.column), scalars.count - column))
        }
        marker += "^" + String(repeating: "~", count: width - 1)
        out += style(" \(number) |", .blue) + " \(line)\n"
        out += style("\(gutter)|", .blue) + " \(style(marker, .green))\n"
    }

    /// The most of one line a report quotes.
    static let quotedWidth = 200

    private typealias Style = TerminalStyle

    private func severityStyle(_ severity: Severity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .info: .cyan
        }
    }

    private func style(_ text: String, _ style: Style) -> String {
        style.paint(text, if: colour)
    }
}
