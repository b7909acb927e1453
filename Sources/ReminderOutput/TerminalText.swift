import Support
/// Text for a terminal or a CI log, which act on control characters: ESC
/// starts sequences that retitle the window or clear the screen, BEL rings,
/// CR overwrites the line. Whatever a file holds (a key, a value, its own
/// name) reaches such output only through these.
public enum TerminalText {
    /// Whether a terminal may act on `scalar`: C0 and C1 controls, DEL, and
    /// the Unicode line and paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacter.breaksText(scalar)
    }

    /// `text` with every control character but the tab written as an
    /// escape a reader can see: `\u{1B}`, `\r`, `\n`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\t" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": result += "\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with every control character but the tab replaced by U+FFFD,
    /// one for one, so columns counted in scalars still line up (a quoted
    /// source line and its caret).
    public static func sameWidth(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\t" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append(isControl(scalar) && scalar != "\t" ? "\u{FFFD}" : scalar)
        }
        return result
    }
}
