/// Scalars as the importer writes them into a reminder file: text always
/// double-quoted (YAML 1.1 and 1.2 read it the same, whatever it holds:
/// `no`, `0755`, `: `, a line break), with escapes for what a line cannot
/// show.
enum YAMLText {
    static func quoted(_ text: String) -> String {
        // Printable ASCII without a quote or a backslash is written as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16, uppercase: true)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A comment line's text: one line, no control characters.
    static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
            || $0.value == 0x2028 || $0.value == 0x2029 ? " " : $0 }))
    }
}
