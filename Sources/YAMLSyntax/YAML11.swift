/// What YAML 1.1's implicit typing would make of a plain scalar.
///
/// remindc reads every scalar as text (YAML 1.2's core schema, typed by the
/// reminder format alone), but PyYAML and other YAML 1.1 readers of the same
/// file turn `no` into false, `9:30` into 570 and `0755` into 493. The reader
/// records each plain value that such a tool would read differently, so the
/// checker can warn without keeping the node tree.
public enum YAML11 {
    /// A plain value scalar that YAML 1.1 reads as something other than text.
    public struct TypedScalar: Sendable, Equatable {
        /// The text as written.
        public var text: String
        /// What YAML 1.1 makes of it: "a boolean", "null", "the number 570".
        public var reading: String
        public var span: SourceSpan
        /// The keys of the mappings it is inside, from the root's down to
        /// its own: `["reminders", "data", "mode"]` (sequences add none).
        public var keys: [String]

        public init(text: String, reading: String, span: SourceSpan, keys: [String] = []) {
            self.text = text
            self.reading = reading
            self.span = span
            self.keys = keys
        }
    }

    private static let words: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON",
        "off", "Off", "OFF", "True", "TRUE", "False", "FALSE", "null", "Null", "NULL", "~",
    ]

    /// False when no text starting with `firstByte` reads as anything but
    /// text in YAML 1.1: the reader asks before it asks `reading(of:)`.
    @inline(__always)
    static func mayRead(firstByte: UInt8) -> Bool {
        switch firstByte {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "o"), UInt8(ascii: "O"),
            UInt8(ascii: "T"), UInt8(ascii: "F"), UInt8(ascii: "~"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    /// What YAML 1.1 makes of the plain scalar `text`, or nil when it is text there too.
    public static func reading(of text: String) -> String? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "o"), UInt8(ascii: "O"),
            UInt8(ascii: "T"), UInt8(ascii: "F"), UInt8(ascii: "~"):
            // The first bytes of the words above.
            guard utf8.count <= 5, words.contains(text) else { return nil }
            return ["null", "Null", "NULL", "~"].contains(text) ? "null" : "a boolean"
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            // Most text (a title, a word) is ruled out by its first byte.
            return nil
        }
        // Every number form below is digits, ':', '_' and the 'b' of 0b;
        // plain digits not led by 0 (a badge, a count) read as the same
        // number in YAML 1.1 and need no more looking at.
        var onlyDigits = true
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): continue
            case UInt8(ascii: ":"), UInt8(ascii: "_"), UInt8(ascii: "b"): onlyDigits = false
            default: return nil
            }
        }
        if onlyDigits && (first != UInt8(ascii: "0") || utf8.count == 1) { return nil }
        let bytes = Array(utf8)
        func digits(_ slice: ArraySlice<UInt8>) -> Bool { !slice.isEmpty && slice.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x5F } }
        // Sexagesimal: 9:30 is 570, 1:30:00 is 5400.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 1, let lead = parts.first?.utf8.first, (0x31...0x39).contains(lead),
            digits(ArraySlice(parts[0].utf8)),
            parts.dropFirst().allSatisfy({ $0.count <= 2 && digits(ArraySlice($0.utf8)) && Int($0)! < 60 })
        {
            var value = 0
            for part in parts { value = value * 60 + Int(String(part.filter { $0 != "_" }))! }
            return "the number \(value)"
        }
        if bytes.count > 1, bytes[0] == 0x30, bytes.dropFirst().allSatisfy({ (0x30...0x37).contains($0) || $0 == 0x5F }) {
            return "the octal number \(Int(String(text.filter { $0 != "_" }), radix: 8) ?? 0)"
        }
        if text.hasPrefix("0b") && bytes.count > 2 && bytes.dropFirst(2).allSatisfy({ $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }) {
            return "a binary number"
        }
        if bytes.contains(0x5F), digits(ArraySlice(bytes)) { return "the number \(String(text.filter { $0 != "_" }))" }
        return nil
    }
}
