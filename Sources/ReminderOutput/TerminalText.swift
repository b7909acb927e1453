import Support
/// Text for a terminal or a CI log, which act on control characters: ESC
/// starts sequences that retitle the window or clear the screen, BEL rings,
/// CR overwrites the line. Whatever a file holds (a key, a value, its own
/// name) reaches such output only through these.
package enum TerminalText {
    /// Whether a terminal may act on `scalar`: C0 and C1 controls, DEL, and
    /// the Unicode line and paragraph separators.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacter.breaksText(scalar)
    }

    /// Whether `scalar` changes the direction of the text after it:
    /// the bidirectional embeddings, overrides and isolates (U+202A...
    /// U+202E, U+2066...U+2069) and the marks (U+200E, U+200F, U+061C).
    /// In a title one reverses the fields a terminal shows after it.
    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// `text` with every control character but the tab, and every
    /// bidirectional control, written as an escape a reader can see:
    /// `\u{1B}`, `\r`, `\n`, `\u{202E}`.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (isControl($0) && $0 != "\t") || isBidiControl($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": result += "\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where isControl(scalar) || isBidiControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` for one cell or field of a view: `visible`, and a tab as
    /// `\t`, which would move the rest of the line to another column.
    package static func inline(_ text: String) -> String {
        let shown = visible(text)
        return shown.contains("\t") ? shown.replacingOccurrences(of: "\t", with: "\\t") : shown
    }

    /// `text` with every control character but the tab replaced by U+FFFD,
    /// one for one, so columns counted in scalars still line up (a quoted
    /// source line and its caret).
    package static func sameWidth(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (isControl($0) && $0 != "\t") || isBidiControl($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append((isControl(scalar) && scalar != "\t") || isBidiControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return result
    }
}
