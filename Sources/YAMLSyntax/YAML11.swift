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

        public init(text: String, reading: String, span: SourceSpan) {
            self.text = text
            self.reading = reading
            self.span = span
        }
    }

    private static let words: Set<String> = ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON",
                                             "off", "Off", "OFF", "True", "TRUE", "False", "FALSE", "null", "Null", "NULL", "~"]

    /// What YAML 1.1 makes of the plain scalar `text`, or nil when it is text there too.
    public static func reading(of text: String) -> String? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        // Every word above starts with one of these bytes: y Y n N o O T F ~.
        if utf8.count <= 5, [0x79, 0x59, 0x6E, 0x4E, 0x6F, 0x4F, 0x54, 0x46, 0x7E].contains(first) {
            guard words.contains(text) else { return nil }
            return ["null", "Null", "NULL", "~"].contains(text) ? "null" : "a boolean"
        }
        // Every number form below is digits, ':', '_' and the 'b' of 0b.
        guard (0x30...0x39).contains(first),
              utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x3A || $0 == 0x5F || $0 == 0x62 }) else { return nil }
        let bytes = Array(utf8)
        func digits(_ slice: ArraySlice<UInt8>) -> Bool { !slice.isEmpty && slice.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x5F } }
        // Sexagesimal: 9:30 is 570, 1:30:00 is 5400.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 1, let lead = parts.first?.utf8.first, (0x31...0x39).contains(lead),
           digits(ArraySlice(parts[0].utf8)), parts.dropFirst().allSatisfy({ $0.count <= 2 && digits(ArraySlice($0.utf8)) && Int($0)! < 60 }) {
            var value = 0
            for part in parts { value = value * 60 + Int(String(part.filter { $0 != "_" }))! }
            return "the number \(value)"
        }
        if bytes.count > 1, bytes[0] == 0x30, bytes.dropFirst().allSatisfy({ (0x30...0x37).contains($0) || $0 == 0x5F }) {
            return "the octal number \(Int(String(text.filter { $0 != "_" }), radix: 8) ?? 0)"
        }
        if text.hasPrefix("0b") && bytes.count > 2 && bytes.dropFirst(2).allSatisfy({ $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }) { return "a binary number" }
        if bytes.contains(0x5F), digits(ArraySlice(bytes)) { return "the number \(String(text.filter { $0 != "_" }))" }
        return nil
    }
}
