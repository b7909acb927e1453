import Recurrence
import YAMLSyntax

/// Collects diagnostics while typed values are read from nodes.
///
/// Every reader reports what is wrong and returns nil; none stops decoding, so
/// one pass finds every problem. Values are typed by the schema alone: a
/// scalar is text until a reader asks for a number, a flag or a time.
struct DecodingContext {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []
    /// What `rrule:` and repeat words read as, by their text: a file repeats
    /// the same few, and reading one costs more than looking it up.
    private var readRules: [String: ParsedRule] = [:]
    private var readWords: [String: Result<RepeatWords, Message>] = [:]
    /// How many texts of each kind are remembered.
    private static let remembered = 256
    /// The zone last placed (`placedZone`): most reminders of a file are in
    /// the same one.
    private var lastPlacedZone: (name: ZoneName, zone: Schedule.PlacedZone)?

    init(path: String) {
        self.path = path
    }

    /// How many of the diagnostics are errors: a reader compares it before
    /// and after a value to learn whether that value was wrong.
    private(set) var errorCount = 0

    var hasErrors: Bool { errorCount > 0 }

    /// Where reminders in `zone` are placed, with its table of changes
    /// found; a floating reminder in UTC. Found once for a run of reminders
    /// in one zone: the tables are shared by every thread, and looking one
    /// up from two at once cost more than the rest of making a schedule.
    mutating func placedZone(_ zone: ZoneName) -> Schedule.PlacedZone {
        if let lastPlacedZone, lastPlacedZone.name == zone { return lastPlacedZone.zone }
        let placed = ZoneCache.placedZone(for: zone, floatingZone: .fixed(0))
        lastPlacedZone = (zone, placed)
        return placed
    }

    /// Takes over diagnostics another context collected.
    mutating func append(_ other: [Diagnostic]) {
        diagnostics += other
        errorCount += other.count { $0.severity == .error }
    }

    mutating func report(_ message: Message, at span: SourceSpan, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(message, file: path, span: span, notes: notes))
        if message.severity == .error { errorCount += 1 }
    }

    /// What a node is, for "must be X, not Y" messages.
    private func found(_ node: Node) -> String {
        if let text = node.scalar, !node.isEmptyPlainScalar {
            return "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        }
        return node.kindDescription
    }

    // MARK: Shapes

    /// A mapping's pairs, or nil (reported) for anything else.
    mutating func mapping(_ node: Node, key: String) -> Node.Pairs? {
        if let pairs = node.mapping { return pairs }
        report(.wrongType(key, expected: "a mapping", found: found(node)), at: node.span)
        return nil
    }

    /// A list's items, or nil (reported). A single scalar stands for a list of
    /// one when `allowSingle` is set (`on: mon` for `on: [mon]`).
    mutating func list(_ node: Node, key: String, allowSingle: Bool = true) -> [Node]? {
        switch node.kind {
        case .sequence: return Array(node.sequence!)
        case .scalar where allowSingle && !node.isEmptyPlainScalar: return [node]
        default:
            report(.wrongType(key, expected: "a list", found: found(node)), at: node.span)
            return nil
        }
    }

    /// The text of a mapping key, or nil (reported) for a key that is not a scalar.
    mutating func keyName(_ key: Node, in context: String) -> String? {
        if let text = key.scalar { return text }
        report(.wrongType("a key in \(context)", expected: "text", found: key.kindDescription), at: key.span)
        return nil
    }

    // MARK: Scalars

    /// A scalar's text; an empty plain scalar (`key:` alone) is reported.
    mutating func text(_ node: Node, key: String) -> String? {
        if let text = node.scalar, !node.isEmptyPlainScalar { return text }
        report(.wrongType(key, expected: "text", found: found(node)), at: node.span)
        return nil
    }

    /// Text that must not be empty or blank (titles, labels).
    mutating func nonEmptyText(_ node: Node, key: String) -> String? {
        guard let text = text(node, key: key) else { return nil }
        // A visible ASCII character settles it without reading characters.
        if !text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) && text.allSatisfy(\.isWhitespace) {
            report(.wrongType(key, expected: "non-empty text", found: "empty text"), at: node.span)
            return nil
        }
        return text
    }

    /// A whole decimal number: `5`, `-3`, `+2`. No octal, hex or YAML 1.1 forms.
    mutating func integer(_ node: Node, key: String) -> Int? {
        if let text = node.scalar, let value = Self.decimal(text) { return value }
        if let text = node.scalar, Self.isLongDecimal(text) {
            report(.invalidValue(key, text, expected: "a number of at most 18 digits"), at: node.span)
            return nil
        }
        report(.wrongType(key, expected: "a whole number", found: found(node)), at: node.span)
        return nil
    }

    /// A whole number that must not be negative.
    mutating func count(_ node: Node, key: String, minimum: Int = 0) -> Int? {
        guard let value = integer(node, key: key) else { return nil }
        guard value >= minimum else {
            report(
                minimum == 0 ? .negativeNumber(key) : .invalidValue(key, String(value), expected: "a number of at least \(minimum)"),
                at: node.span)
            return nil
        }
        return value
    }

    /// `true` or `false` (also `True`, `TRUE`, `False`, `FALSE`); never `yes`, `no`, `on`, `off`.
    /// The words YAML 1.1 reads as booleans that remindc does not.
    static let yamlTrue: Set<String> = ["yes", "Yes", "YES", "on", "On", "ON", "y", "Y"]
    static let yamlFalse: Set<String> = ["no", "No", "NO", "off", "Off", "OFF", "n", "N"]

    mutating func flag(_ node: Node, key: String) -> Bool? {
        switch node.scalar {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        case let word? where node.scalarStyle == .plain && Self.yamlTrue.contains(word):
            report(.yamlBooleanWord(key, word, meaning: true), at: node.span)
            return nil
        case let word? where node.scalarStyle == .plain && Self.yamlFalse.contains(word):
            report(.yamlBooleanWord(key, word, meaning: false), at: node.span)
            return nil
        default:
            report(.wrongType(key, expected: "true or false", found: found(node)), at: node.span)
            return nil
        }
    }

    /// An identifier: letters, digits, '.', '_' and '-', starting with a letter or digit.
    mutating func identifier(_ node: Node, key: String, what: String) -> String? {
        guard let text = text(node, key: key) else { return nil }
        guard Self.isIdentifier(text) else {
            report(.invalidIdentifier(text, what: what), at: node.span)
            return nil
        }
        return text
    }

    /// Reads a scalar with one of `Scalars`' readers.
    mutating func parse<T>(_ node: Node, key: String, _ reader: (String) -> Result<T, Message>) -> T? {
        guard let text = text(node, key: key) else { return nil }
        switch reader(text) {
        case .success(let value): return value
        case .failure(let message):
            report(message, at: node.span)
            return nil
        }
    }

    /// Reads every item of a list (or a single scalar) with `read`, keeping those that read.
    mutating func items<T>(_ node: Node, key: String, _ read: (inout DecodingContext, Node) -> T?) -> [T]? {
        guard let items = list(node, key: key) else { return nil }
        var values: [T] = []
        values.reserveCapacity(items.count)
        var failed = false
        for item in items {
            if let value = read(&self, item) { values.append(value) } else { failed = true }
        }
        return failed ? nil : values
    }

    /// `RecurrenceRule.parse(text)`, remembered.
    mutating func parsedRule(_ text: String) -> ParsedRule {
        if let known = readRules[text] { return known }
        let parsed = RecurrenceRule.parse(text)
        if readRules.count < Self.remembered { readRules[text] = parsed }
        return parsed
    }

    /// `Scalars.repeatWord(text)`, remembered.
    mutating func repeatWord(_ text: String) -> Result<RepeatWords, Message> {
        if let known = readWords[text] { return known }
        let read = Scalars.repeatWord(text)
        if readWords.count < Self.remembered { readWords[text] = read }
        return read
    }

    static func decimal(_ text: String) -> Int? {
        var digits = Substring(text)
        var sign = 1
        if digits.first == "-" || digits.first == "+" {
            sign = digits.first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(digits)
        else { return nil }
        return sign * value
    }

    /// Digits, with a sign or not, more than `decimal` reads.
    static func isLongDecimal(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? Substring(text).dropFirst() : Substring(text)
        return digits.utf8.count > 18 && digits.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func isIdentifier(_ text: String) -> Bool {
        withBytes(of: text) { bytes in
            guard let first = bytes.first, isAlphanumeric(first) else { return false }
            return bytes.allSatisfy { isAlphanumeric($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
