/// A YAML value to write, and its text: what remindc writes YAML with
/// (`import`'s reminder files, the reminder an .ics carries), so that
/// every scalar is quoted by one rule.
///
/// Text is written plain only when YAML reads it back as the same text
/// in a block and in a flow collection alike (`2026-12-01 09:00`, `2 working
/// days`, `-1`); anything else is double-quoted, with escapes for what a
/// line cannot show. The reader types scalars by the schema, never by
/// YAML's implicit typing, so `09:00` plain and `"09:00"` are the same
/// time; where the style itself means something (`sound: default` against
/// a file named "default"), `.text` is always quoted and `.plain` never
/// is unless it must be.
public indirect enum YAMLValue: Sendable, Hashable {
    /// Written plain where that reads back the same, else quoted.
    case plain(String)
    /// Always double-quoted.
    case text(String)
    case sequence([YAMLValue])
    case mapping([Pair])

    public struct Pair: Sendable, Hashable {
        public var key: String
        public var value: YAMLValue

        public init(_ key: String, _ value: YAMLValue) {
            self.key = key
            self.value = value
        }
    }

    /// A scalar's text, plain or quoted; nil for a collection.
    public var scalarText: String? {
        switch self {
        case .plain(let text), .text(let text): text
        case .sequence, .mapping: nil
        }
    }

    /// The value of `key` in a mapping; nil otherwise.
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The mapping with `key` set to `value` (in place when it is there,
    /// else after the others), or without it for nil.
    public func setting(_ key: String, _ value: YAMLValue?) -> YAMLValue {
        guard case .mapping(var pairs) = self else { return self }
        if let index = pairs.firstIndex(where: { $0.key == key }) {
            if let value { pairs[index].value = value } else { pairs.remove(at: index) }
        } else if let value {
            pairs.append(Pair(key, value))
        }
        return .mapping(pairs)
    }

    // MARK: Text

    /// On one line: `{id: rent, repeat: {every: month, working-day: -1}}`.
    public var flow: String {
        var text = ""
        writeFlow(into: &text)
        return text
    }

    private func writeFlow(into text: inout String) {
        switch self {
        case .plain(let scalar): text += Self.plainOrQuoted(scalar)
        case .text(let scalar): text += Self.quoted(scalar)
        case .sequence(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                item.writeFlow(into: &text)
            }
            text += "]"
        case .mapping(let pairs):
            text += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { text += ", " }
                text += Self.key(pair.key) + ": "
                pair.value.writeFlow(into: &text)
            }
            text += "}"
        }
    }

    /// The lines of a block mapping's pairs or a block sequence's items,
    /// each indented by `indent` spaces; a collection of scalars alone, or
    /// an empty one, in the flow form on its key's line. A scalar has no
    /// block form of its own: it is its flow text.
    public func blockLines(indent: Int = 0) -> [String] {
        var lines: [String] = []
        writeBlock(into: &lines, indent: indent, first: nil)
        return lines
    }

    /// Appends the block lines; `first`, when given, begins the first line
    /// instead of its indentation (`- ` of the item it is).
    private func writeBlock(into lines: inout [String], indent: Int, first: String?) {
        let margin = String(repeating: " ", count: indent)
        var lead = first
        func begin() -> String {
            defer { lead = nil }
            return lead ?? margin
        }
        switch self {
        case .plain, .text:
            lines.append(begin() + flow)
        case .sequence(let items):
            for item in items {
                let dash = (lead ?? margin) + "- "
                lead = nil
                if item.isBlock {
                    item.writeBlock(into: &lines, indent: indent + 2, first: dash)
                } else {
                    lines.append(dash + item.flow)
                }
            }
        case .mapping(let pairs):
            for pair in pairs {
                var line = begin()
                line += Self.key(pair.key)
                line += ":"
                if pair.value.isBlock {
                    lines.append(line)
                    pair.value.writeBlock(into: &lines, indent: indent + 2, first: nil)
                } else {
                    line += " "
                    line += pair.value.flow
                    lines.append(line)
                }
            }
        }
    }

    /// Whether the value is written as a block under its key: a non-empty
    /// collection that holds a collection.
    private var isBlock: Bool {
        switch self {
        case .plain, .text: false
        case .sequence(let items): items.contains { if case .plain = $0 { false } else if case .text = $0 { false } else { true } }
        case .mapping(let pairs): !pairs.isEmpty
        }
    }

    // MARK: Scalars

    /// A key: plain where a scalar would be (every key of the format, a
    /// date), else quoted.
    static func key(_ text: String) -> String {
        // `on:` is the format's key, though YAML 1.1 reads `on` as true.
        text == "on" ? text : plainOrQuoted(text)
    }

    /// `scalar` plain when YAML reads it back as the same text: letters,
    /// digits, single spaces, `.`, `+`, `-`, `/`, `_` and `:` not before a
    /// space (libyaml 0.2 reads `[09:00]` as one scalar, as YAML 1.2 says),
    /// starting with a letter, a digit or a `-`/`+` before a digit, ending
    /// with neither a space nor a `:`; quoted otherwise.
    public static func plainOrQuoted(_ scalar: String) -> String {
        isPlain(scalar) ? scalar : quoted(scalar)
    }

    private static func isPlain(_ scalar: String) -> Bool {
        let bytes = scalar.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var index = bytes.startIndex
        let second = bytes.index(after: index) < bytes.endIndex ? bytes[bytes.index(after: index)] : nil
        guard isLetter(first) || isDigit(first) || ((first == 0x2D || first == 0x2B) && second.map(isDigit) == true),
            last != 0x20, last != 0x3A
        else { return false }
        var previous: UInt8 = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            // Letters, digits, and ` .:+-/_`.
            guard
                isLetter(byte) || isDigit(byte) || byte == 0x20 || byte == 0x2E || byte == 0x3A || byte == 0x2B || byte == 0x2D
                    || byte == 0x2F || byte == 0x5F
            else { return false }
            // `: ` and two spaces.
            if byte == 0x20, previous == 0x3A || previous == 0x20 { return false }
            previous = byte
            index = bytes.index(after: index)
        }
        // The words YAML 1.1 reads as booleans or null, which the format
        // refuses plain (it takes `true` and `false`), and YAML 1.2 reads
        // as text: quoted, so that no reader wonders.
        if bytes.count <= 4, ["y", "n", "yes", "no", "on", "off", "null"].contains(scalar.lowercased()) { return false }
        return true
    }

    /// Text double-quoted (YAML 1.1 and 1.2 read it the same, whatever it
    /// holds: `no`, `0755`, `: `, a line break), with escapes for what a
    /// line cannot show.
    public static func quoted(_ text: String) -> String {
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
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A comment's text: one line, no control characters.
    public static func comment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
                        || $0.value == 0x2028 || $0.value == 0x2029 ? " " : $0
                }))
    }
}

extension YAMLValue {
    /// The value `text` holds, a YAML document of one flow or block value,
    /// as remindc would write it: plain scalars stay plain, others are
    /// text; nil when it is not YAML, when it nests deeper than `depth`,
    /// or when it has a merge key or a key that is not text.
    public init?(parsing text: String, depth: Int = 8) {
        let parsed = YAMLReader.parse(Array(text.utf8))
        guard parsed.problems.isEmpty, let root = parsed.root else { return nil }
        self.init(root, depth: depth)
    }

    /// `node` as a value; nil as `init(parsing:depth:)` says.
    public init?(_ node: Node, depth: Int) {
        guard depth > 0 else { return nil }
        switch node.kind {
        case .scalar(let style):
            guard let scalar = node.scalar else { return nil }
            self = style == .plain ? .plain(scalar) : .text(scalar)
        case .sequence:
            var items: [YAMLValue] = []
            for item in node.sequence! {
                guard let value = YAMLValue(item, depth: depth - 1) else { return nil }
                items.append(value)
            }
            self = .sequence(items)
        case .mapping:
            var pairs: [Pair] = []
            for pair in node.mapping! {
                guard !pair.key.isMergeKey, let key = pair.key.scalar, let value = YAMLValue(pair.value, depth: depth - 1) else {
                    return nil
                }
                pairs.append(Pair(key, value))
            }
            self = .mapping(pairs)
        }
    }

    /// Whether a key named `key` is anywhere in the value.
    public func hasKey(_ key: String) -> Bool {
        switch self {
        case .plain, .text: false
        case .sequence(let items): items.contains { $0.hasKey(key) }
        case .mapping(let pairs): pairs.contains { $0.key == key || $0.value.hasKey(key) }
        }
    }
}
