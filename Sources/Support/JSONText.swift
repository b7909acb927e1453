/// JSON string literals, written one way for every JSON remindc prints
/// (diagnostics, SARIF, JSON lines, the schema).
public enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control
    /// characters (C0, DEL, C1) escaped, and U+2028 and U+2029, which end a line for
    /// JavaScript readers.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if ControlCharacter.breaksText(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
