internal import CLibYAML

/// What reading a file produced: the document's root node, if there is one,
/// and every problem found. A file with problems may still have a root (for
/// example one with a duplicate key); a syntax error leaves none.
public struct ParseResult: Sendable {
    public var root: Node?
    public var problems: [YAMLProblem]
    /// Plain values that YAML 1.1 tools read as something other than text,
    /// in source order.
    public var implicitlyTyped: [YAML11.TypedScalar] = []
}

/// Takes the items of one top-level sequence as they are read, instead of
/// the tree keeping them: a file of a hundred thousand reminders is never
/// held as nodes all at once.
///
/// The reader streams the value of the root mapping's first `key` when it
/// is a sequence without an anchor; that sequence stays in the tree, empty,
/// with its span. The items come complete, aliases resolved and merge keys
/// applied, in source order.
public protocol ItemConsumer: AnyObject {
    /// Called when the sequence starts, with the root mapping's pairs written
    /// before it (not checked for duplicates or merged). False keeps the
    /// items in the tree instead.
    func begin(after pairs: [Node.Pair]) -> Bool
    /// Takes one item of the sequence.
    func consume(_ item: Node)
}

/// Which top-level sequence to stream, and to whom.
public struct ItemStream {
    public var key: String
    public var consumer: any ItemConsumer

    public init(key: String, consumer: any ItemConsumer) {
        self.key = key
        self.consumer = consumer
    }
}

/// Reads YAML text into a `Node` tree through libyaml's event API.
///
/// This is the only place that touches libyaml. Positions are converted here,
/// once: libyaml's marks are 0-based and count Unicode scalars; `SourcePosition`
/// is 1-based and counts the same scalars. Encoding errors, which libyaml
/// reports as a byte offset, are converted with `SourceLines`.
public enum YAMLReader {
    /// Parses `bytes` as a single YAML document.
    ///
    /// With `stream`, the items of that top-level sequence go to its consumer
    /// as they are read rather than into the tree.
    public static func parse(_ bytes: [UInt8], limits: Limits = .standard, stream: ItemStream? = nil) -> ParseResult {
        let session = ParserSession(limits: limits, stream: stream)
        return bytes.withUnsafeBufferPointer { buffer in
            session.run(buffer)
        }
    }
}

/// Owns one libyaml parser and the event it is looking at; frees both, each
/// exactly once. The parser lives at a fixed address of its own, as libyaml
/// expects, and is reached through a pointer rather than a stored property
/// (no exclusivity check per event).
private final class ParserSession {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let limits: Limits
    private let stream: ItemStream?
    private var marks = MarkConverter(startsWithBOM: false)

    init(limits: Limits, stream: ItemStream?) {
        self.limits = limits
        self.stream = stream
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    func run(_ buffer: UnsafeBufferPointer<UInt8>) -> ParseResult {
        marks = MarkConverter(startsWithBOM: buffer.starts(with: [0xEF, 0xBB, 0xBF]))
        var builder = TreeBuilder(limits: limits, marks: marks, stream: stream)
        if let base = buffer.baseAddress {
            yaml_parser_set_input_string(parser, base, buffer.count)
        } else {
            var empty: UInt8 = 0
            yaml_parser_set_input_string(parser, &empty, 0)
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                builder.fail(parserProblem(buffer))
                break
            }
            let done = event.type == YAML_STREAM_END_EVENT
            let keepGoing = builder.consume(&event)
            yaml_event_delete(&event)
            if done || !keepGoing { break }
        }
        return builder.result()
    }

    /// The problem libyaml reports after a failed `yaml_parser_parse`.
    private func parserProblem(_ buffer: UnsafeBufferPointer<UInt8>) -> YAMLProblem {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown error"
        if parser.pointee.error == YAML_READER_ERROR {
            var offset = min(parser.pointee.problem_offset, buffer.count)
            if problem.contains("trailing") {
                // libyaml points at the bad continuation byte; point at the
                // sequence's first byte, where the character starts.
                var start = offset
                while start > 0 && offset - start < 3 && buffer[start - 1] & 0xC0 == 0x80 { start -= 1 }
                if start > 0 && buffer[start - 1] >= 0xC0 { offset = start - 1 }
            }
            let position = SourceLines.position(ofByteOffset: offset, in: buffer)
            let span = SourceSpan(start: position, length: 1)
            let value = parser.pointee.problem_value
            if problem.contains("control characters") || problem.contains("invalid Unicode character") {
                return YAMLProblem(.disallowedCharacter(UInt32(truncatingIfNeeded: value)), span: span)
            }
            let byte = offset < buffer.count ? buffer[offset] : UInt8(truncatingIfNeeded: value)
            return YAMLProblem(.invalidUTF8(byte: byte), span: span)
        }
        let context = parser.pointee.context.map { String(cString: $0) }
        let start = marks.position(parser.pointee.problem_mark)
        return YAMLProblem(
            .syntax(problem: problem, context: context),
            span: SourceSpan(start: start, length: 1),
            contextPosition: context == nil ? nil : marks.position(parser.pointee.context_mark)
        )
    }
}

/// Turns libyaml's marks into `SourcePosition`s: libyaml counts lines and
/// columns from 0, and counts a byte-order mark as a column of line 1 (its
/// scanner skips the BOM like any character); positions count from 1 and
/// leave the BOM out, as editors do.
private struct MarkConverter {
    var startsWithBOM: Bool

    func position(_ mark: yaml_mark_t) -> SourcePosition {
        let bomColumn = startsWithBOM && mark.line == 0 && mark.column > 0 ? 1 : 0
        return SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1 - bomColumn)
    }
}

/// Builds the node tree from events, resolving aliases and merge keys and
/// enforcing `Limits`; hands a streamed sequence's items to its consumer.
private struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var start: SourcePosition
        var anchor: String?
        /// Where the collection's items begin in `items`.
        var firstItem: Int
        /// True for the streamed sequence: its items go to the consumer.
        var streams = false
    }

    private let limits: Limits
    private let marks: MarkConverter
    private let stream: ItemStream?
    private var streamStarted = false
    private var stack: [Frame] = []
    /// The items of every open collection, the innermost last: one buffer
    /// for all, so a collection's items are copied out once, when it closes,
    /// rather than grown in an array of its own.
    private var items: [Node] = []
    private var implicitlyTyped: [YAML11.TypedScalar] = []
    private var anchors: [String: Node] = [:]
    private var root: Node?
    private var problems: [YAMLProblem] = []
    private var documents = 0
    private var aliasNodes = 0
    private var failed = false

    init(limits: Limits, marks: MarkConverter, stream: ItemStream?) {
        self.limits = limits
        self.marks = marks
        self.stream = stream
    }

    mutating func fail(_ problem: YAMLProblem) {
        problems.append(problem)
        failed = true
    }

    func result() -> ParseResult {
        ParseResult(root: failed ? nil : root, problems: problems, implicitlyTyped: implicitlyTyped)
    }

    /// Takes one event; false when reading must stop.
    mutating func consume(_ event: inout yaml_event_t) -> Bool {
        let start = marks.position(event.start_mark)
        let end = marks.position(event.end_mark)
        let span = SourceSpan(start: start, end: end)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                fail(YAMLProblem(.multipleDocuments, span: span))
                return false
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length),
                as: UTF8.self
            )
            let node = Node(.scalar(text, style(scalar.style)), span: span)
            if scalar.style == YAML_PLAIN_SCALAR_STYLE, isValuePosition, let reading = YAML11.reading(of: text) {
                implicitlyTyped.append(YAML11.TypedScalar(text: text, reading: reading, span: span))
            }
            remember(node, anchor: scalar.anchor)
            return add(node)
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let node = anchors[name] else {
                fail(YAMLProblem(.undefinedAlias(name), span: span))
                return false
            }
            aliasNodes += node.count(upTo: limits.maxAliasNodes - aliasNodes + 1)
            if aliasNodes > limits.maxAliasNodes {
                fail(YAMLProblem(.aliasBudgetExceeded(limit: limits.maxAliasNodes), span: span))
                return false
            }
            return add(node)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= limits.maxDepth {
                fail(YAMLProblem(.tooDeep(limit: limits.maxDepth), span: span))
                return false
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            var frame = Frame(isMapping: isMapping, start: start, anchor: anchor.map { String(cString: $0) }, firstItem: items.count)
            frame.streams = !isMapping && frame.anchor == nil && startsStream()
            stack.append(frame)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let span = SourceSpan(start: frame.start, end: end)
            let node = frame.isMapping
                ? Node(.mapping(makeMapping(items[frame.firstItem...])), span: span)
                : Node(.sequence(Array(items[frame.firstItem...])), span: span)
            items.removeSubrange(frame.firstItem...)
            if let anchor = frame.anchor { anchors[anchor] = node }
            return add(node)
        default:
            break
        }
        return true
    }

    private mutating func remember(_ node: Node, anchor: UnsafeMutablePointer<yaml_char_t>?) {
        if let anchor { anchors[String(cString: anchor)] = node }
    }

    /// True when the next node is a value: not a mapping's key.
    private var isValuePosition: Bool {
        guard let frame = stack.last, frame.isMapping else { return true }
        return (items.count - frame.firstItem) % 2 == 1
    }

    /// True when a sequence starting now is the value of the stream's key:
    /// its first appearance in the root mapping. Asks the consumer.
    private mutating func startsStream() -> Bool {
        guard let stream, !streamStarted, stack.count == 1, stack[0].isMapping, isValuePosition else { return false }
        let items = self.items[stack[0].firstItem...]
        guard items.last?.scalar == stream.key else { return false }
        var pairs: [Node.Pair] = []
        pairs.reserveCapacity(items.count / 2)
        for index in stride(from: items.startIndex, to: items.endIndex - 1, by: 2) {
            if items[index].scalar == stream.key { return false }
            pairs.append(Node.Pair(key: items[index], value: items[index + 1]))
        }
        streamStarted = true
        return stream.consumer.begin(after: pairs)
    }

    private mutating func add(_ node: Node) -> Bool {
        if stack.count == 2 && stack[1].streams, let stream {
            stream.consumer.consume(node)
        } else if stack.isEmpty {
            root = node
        } else {
            items.append(node)
        }
        return true
    }

    /// Pairs up a mapping's keys and values, reports duplicate keys, and applies
    /// `<<` merge keys: merged pairs come after the explicit ones and never
    /// override them; of several merged mappings the earlier one wins.
    private mutating func makeMapping(_ items: ArraySlice<Node>) -> [Node.Pair] {
        var pairs: [Node.Pair] = []
        pairs.reserveCapacity(items.count / 2)
        var keys = KeyIndex()
        var merges: [Node] = []
        var index = items.startIndex
        while index + 1 < items.endIndex {
            let key = items[index]
            let value = items[index + 1]
            index += 2
            if case .scalar("<<", .plain) = key.content {
                merges.append(value)
                continue
            }
            if let text = key.scalar {
                if let first = keys.position(of: text, in: pairs) {
                    problems.append(YAMLProblem(.duplicateKey(text, first: pairs[first].key.span.start), span: key.span))
                    continue
                }
                keys.insert(text, before: pairs)
            }
            pairs.append(Node.Pair(key: key, value: value))
        }
        for merge in merges {
            let sources: [Node]
            switch merge.content {
            case .mapping: sources = [merge]
            case .sequence(let items) where items.allSatisfy({ $0.mapping != nil }): sources = items
            default:
                problems.append(YAMLProblem(.invalidMerge, span: merge.span))
                continue
            }
            for source in sources {
                for pair in source.mapping ?? [] {
                    guard let text = pair.key.scalar, keys.position(of: text, in: pairs) == nil else { continue }
                    keys.insert(text, before: pairs)
                    pairs.append(pair)
                }
            }
        }
        return pairs
    }

    private func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

/// Finds a key among a mapping's pairs: a linear scan for the small mappings
/// of everyday files, a hash table once a mapping grows past a few keys.
private struct KeyIndex {
    private static let linearLimit = 12
    private var table: [String: Int]?

    func position(of key: String, in pairs: [Node.Pair]) -> Int? {
        if let table { return table[key] }
        return pairs.firstIndex { $0.key.scalar == key }
    }

    /// Records that `key` is about to be appended to `pairs`.
    mutating func insert(_ key: String, before pairs: [Node.Pair]) {
        if table != nil {
            table![key] = pairs.count
        } else if pairs.count >= Self.linearLimit {
            var built: [String: Int] = [key: pairs.count]
            for (index, pair) in pairs.enumerated() {
                if let text = pair.key.scalar, built[text] == nil { built[text] = index }
            }
            table = built
        }
    }
}

extension Node {
    /// The number of nodes in this subtree, counting stops once it passes `limit`.
    func count(upTo limit: Int) -> Int {
        var total = 0
        var pending: [Node] = [self]
        while let node = pending.popLast() {
            total += 1
            if total > limit { return total }
            switch node.content {
            case .scalar: break
            case .sequence(let items): pending.append(contentsOf: items)
            case .mapping(let pairs):
                for pair in pairs {
                    pending.append(pair.key)
                    pending.append(pair.value)
                }
            }
        }
        return total
    }
}
