/// iCalendar's encoding, in one place (RFC 5545 §3.1, §3.3.11; RFC 6868):
/// content lines end in CRLF and fold at 75 octets, never inside a UTF-8
/// sequence; TEXT values escape backslash, semicolon, comma and line breaks;
/// parameter values are quoted when they hold `:`, `;` or `,` and carry
/// quotes and line breaks as RFC 6868's `^'` and `^n`. No control character
/// is ever written raw, so no text of a reminder can start a line of its own.
struct ContentLines {
    private(set) var bytes: [UInt8] = []

    /// Octets per physical line, before CRLF (RFC 5545 §3.1).
    static let lineLimit = 75

    /// A parameter: its name and one or more values.
    struct Parameter {
        var name: String
        var values: [String]

        init(_ name: String, _ values: String...) {
            self.name = name
            self.values = values
        }

        init(_ name: String, list: [String]) {
            self.name = name
            self.values = list
        }
    }

    /// `NAME;PARAM=value:VALUE` with `value` written as given: the caller
    /// escapes it for its type (`text(_:)` for TEXT).
    mutating func add(_ name: String, _ parameters: [Parameter] = [], _ value: String) {
        var line = Array(name.utf8)
        for parameter in parameters {
            line.append(UInt8(ascii: ";"))
            line += Array(parameter.name.utf8)
            line.append(UInt8(ascii: "="))
            line += Array(parameter.values.map(Self.parameterValue).joined(separator: ",").utf8)
        }
        line.append(UInt8(ascii: ":"))
        line += Array(value.utf8)
        fold(line)
    }

    /// `BEGIN:NAME` / `END:NAME`.
    mutating func begin(_ component: String) { add("BEGIN", [], component) }
    mutating func end(_ component: String) { add("END", [], component) }

    /// Writes one logical line: at most 75 octets per physical line, each
    /// continuation starting with a space, cut only before a UTF-8 lead byte.
    private mutating func fold(_ line: [UInt8]) {
        var start = 0
        var limit = Self.lineLimit
        while line.count - start > limit {
            var cut = start + limit
            // Back up over continuation bytes (10xxxxxx) to a character's start.
            while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes += line[start..<cut]
            bytes += [0x0D, 0x0A, 0x20]
            start = cut
            limit = Self.lineLimit - 1
        }
        bytes += line[start...]
        bytes += [0x0D, 0x0A]
    }

    /// A TEXT value: `\\`, `\;`, `\,`, and `\n` for every line break (LF,
    /// CR, CRLF, NEL, U+2028, U+2029, since iCalendar has one); other
    /// control characters, which TEXT cannot hold, become U+FFFD.
    static func text(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n":
                if !previousWasCR { result += "\\n" }
            case "\r", "\u{85}", "\u{2028}", "\u{2029}": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A parameter value: RFC 6868 escapes (`^^`, `^'` for a quote, `^n` for
    /// a line break), control characters dropped, and quotes around it when
    /// it holds `:`, `;` or `,` (or is empty).
    static func parameterValue(_ value: String) -> String {
        var escaped = ""
        var needsQuotes = value.isEmpty
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "^": escaped += "^^"
            case "\"": escaped += "^'"
            case "\n":
                if !previousWasCR { escaped += "^n" }
            case "\r", "\u{85}", "\u{2028}", "\u{2029}": escaped += "^n"
            case ":", ";", ",":
                needsQuotes = true
                escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return needsQuotes ? "\"\(escaped)\"" : escaped
    }
}
