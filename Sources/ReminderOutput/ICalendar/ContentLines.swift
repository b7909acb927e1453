/// iCalendar's encoding, in one place (RFC 5545 §3.1, §3.3.11; RFC 6868):
/// content lines end in CRLF and fold at 75 octets, never inside a UTF-8
/// sequence; TEXT values escape backslash, semicolon, comma and line breaks;
/// parameter values are quoted when they hold `:`, `;` or `,` and carry
/// quotes and line breaks as RFC 6868's `^'` and `^n`. No control character
/// is ever written raw, so no text of a reminder can start a line of its own.
///
/// Escaping works on UTF-8 bytes: every character it changes is ASCII, or
/// one of the few non-ASCII line breaks and C1 controls, recognised by
/// their encodings.
struct ContentLines {
    private(set) var bytes: [UInt8] = []
    /// The logical line being built, reused from line to line.
    private var line: [UInt8] = []
    /// Recording, the components open now, innermost last; nil when
    /// writing text.
    private var open: [ContentComponent]?
    /// Recording, the outermost components closed so far.
    private(set) var recorded: [ContentComponent] = []

    /// Lines written as text (`bytes`), or, `recording`, kept as
    /// components of logical lines (`recorded`), unfolded.
    init(recording: Bool = false) {
        if recording { open = [] }
    }

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
        startLine(name, parameters)
        line.append(contentsOf: value.utf8)
        fold()
    }

    /// `NAME;PARAM=value:VALUE` with a TEXT value, escaped.
    mutating func addText(_ name: String, _ parameters: [Parameter] = [], _ value: String) {
        startLine(name, parameters)
        Self.appendText(value, to: &line)
        fold()
    }

    /// `BEGIN:NAME` / `END:NAME`.
    mutating func begin(_ component: String) {
        guard open != nil else { return add("BEGIN", [], component) }
        open!.append(ContentComponent(name: component))
    }

    mutating func end(_ component: String) {
        guard open != nil else { return add("END", [], component) }
        let done = open!.removeLast()
        if open!.isEmpty { recorded.append(done) } else { open![open!.count - 1].components.append(done) }
    }

    /// A logical line as it is, already escaped (a `ContentComponent`'s).
    mutating func add(logical: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: logical.utf8)
        fold()
    }

    /// `component`, its properties and components, each line folded.
    mutating func add(_ component: ContentComponent) {
        begin(component.name)
        for property in component.properties { add(logical: property) }
        for inner in component.components { add(inner) }
        end(component.name)
    }

    /// Hands the bytes written so far to `sink` and forgets them.
    mutating func drain(into sink: ([UInt8]) -> Void) {
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func startLine(_ name: String, _ parameters: [Parameter]) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: name.utf8)
        for parameter in parameters {
            line.append(UInt8(ascii: ";"))
            line.append(contentsOf: parameter.name.utf8)
            line.append(UInt8(ascii: "="))
            for (index, value) in parameter.values.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                Self.appendParameterValue(value, to: &line)
            }
        }
        line.append(UInt8(ascii: ":"))
    }

    /// Writes the logical line: at most 75 octets per physical line, each
    /// continuation starting with a space, cut only before a UTF-8 lead byte.
    private mutating func fold() {
        if open != nil {
            open![open!.count - 1].properties.append(String(decoding: line, as: UTF8.self))
            return
        }
        var start = 0
        var limit = Self.lineLimit
        while line.count - start > limit {
            var cut = start + limit
            // Back up over continuation bytes (10xxxxxx) to a character's start.
            while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.append(contentsOf: line[start..<cut])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            limit = Self.lineLimit - 1
        }
        bytes.append(contentsOf: line[start...])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    // MARK: Escaping

    /// What a byte sequence at a position is, for escaping.
    private enum Special {
        case none
        /// A line break of `length` bytes: LF, CR, CRLF, NEL, U+2028, U+2029.
        case lineBreak(length: Int)
        /// A control character of `length` bytes (C0 but tab, DEL, C1).
        case control(length: Int)
    }

    private static func special(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Special {
        let byte = utf8[index]
        switch byte {
        case 0x0A: return .lineBreak(length: 1)
        case 0x0D: return .lineBreak(length: index + 1 < utf8.count && utf8[index + 1] == 0x0A ? 2 : 1)
        case 0x09: return .none
        case 0x00..<0x20, 0x7F: return .control(length: 1)
        case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
            return utf8[index + 1] == 0x85 ? .lineBreak(length: 2) : .control(length: 2)
        case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
            return .lineBreak(length: 3)
        default: return .none
        }
    }

    /// A TEXT value: `\\`, `\;`, `\,`, and `\n` for every line break (LF,
    /// CR, CRLF, NEL, U+2028, U+2029, since iCalendar has one); other
    /// control characters, which TEXT cannot hold, become U+FFFD.
    static func appendText(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                    output.append(UInt8(ascii: "\\"))
                    output.append(byte)
                    index += 1
                    continue
                default:
                    break
                }
                switch special(utf8, at: index) {
                case .none:
                    output.append(byte)
                    index += 1
                case .lineBreak(let length):
                    output.append(UInt8(ascii: "\\"))
                    output.append(UInt8(ascii: "n"))
                    index += length
                case .control(let length):
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += length
                }
            }
        }
    }

    /// `appendText` as a string.
    static func text(_ value: String) -> String {
        var output: [UInt8] = []
        appendText(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A parameter value: RFC 6868 escapes (`^^`, `^'` for a quote, `^n` for
    /// a line break), control characters dropped, and quotes around it when
    /// it holds `:`, `;` or `,`, starts or ends with a space or tab (which
    /// readers strip from a bare value), or is empty.
    static func appendParameterValue(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            let blank = { (byte: UInt8?) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            let needsQuotes =
                utf8.isEmpty || blank(utf8.first) || blank(utf8.last)
                || utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }
            if needsQuotes { output.append(UInt8(ascii: "\"")) }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte == UInt8(ascii: "^") {
                    output.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "^")])
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    output.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "'")])
                    index += 1
                    continue
                }
                switch special(utf8, at: index) {
                case .none:
                    output.append(byte)
                    index += 1
                case .lineBreak(let length):
                    output.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")])
                    index += length
                case .control(let length):
                    index += length
                }
            }
            if needsQuotes { output.append(UInt8(ascii: "\"")) }
        }
    }
}
