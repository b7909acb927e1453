import Support
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
    /// A consumer for the items from a later point of the list on, which
    /// another thread feeds while this one takes the items before that
    /// point; nil keeps every item here. Asked at most once, after `begin`
    /// and before the first item, when the stream asks for a split.
    func makeTail() -> (any ItemConsumer)?
    /// Takes over what `tail` (made by `makeTail`) consumed: its items come
    /// after this consumer's own. Not called when the split is abandoned;
    /// this consumer then takes those items itself.
    func adopt(_ tail: any ItemConsumer)
}

extension ItemConsumer {
    public func makeTail() -> (any ItemConsumer)? { nil }
    public func adopt(_ tail: any ItemConsumer) {}
}

/// Which top-level sequence to stream, and to whom.
public struct ItemStream {
    public var key: String
    public var consumer: any ItemConsumer
    /// A byte offset from which to look for a point to split a block
    /// sequence at: the items from there on are read by a second libyaml
    /// parser on another thread (see `TailRead`). Nil reads on one thread.
    public var splitFrom: Int?

    public init(key: String, consumer: any ItemConsumer, splitFrom: Int? = nil) {
        self.key = key
        self.consumer = consumer
        self.splitFrom = splitFrom
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
        bytes.withUnsafeBufferPointer { parse($0, limits: limits, stream: stream) }
    }

    /// Parses the bytes `buffer` points at, which stay where they are until
    /// this returns (a file mapped into memory, say).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: Limits = .standard, stream: ItemStream? = nil) -> ParseResult {
        ParserSession(limits: limits, stream: stream, source: Source(whole: buffer)).run()
    }
}

/// What one libyaml parser reads: the whole file, or (for the second half of
/// a split list, `TailRead`) a line of text standing for the file before a
/// byte offset, then the file from there.
struct Source {
    /// The file's bytes; reader errors are located in them.
    var whole: UnsafeBufferPointer<UInt8>
    /// Where in `whole` this parser's reading begins: after a byte-order
    /// mark, which is not text (read as text, libyaml would count it as a
    /// column of the first line and find every later line outdented).
    var start = 0
    /// Text read before `whole[start...]`.
    var prefix: [UInt8] = []
    /// Turns this parser's marks into positions in the file.
    var marks = MarkConverter()

    init(whole: UnsafeBufferPointer<UInt8>) {
        self.whole = whole
        start = whole.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    init(whole: UnsafeBufferPointer<UInt8>, start: Int, prefix: [UInt8], marks: MarkConverter) {
        self.whole = whole
        self.start = start
        self.prefix = prefix
        self.marks = marks
    }

    /// The offset in `whole` of this parser's byte `offset`.
    func fileOffset(_ offset: Int) -> Int {
        min(max(offset - prefix.count, 0) + start, whole.count)
    }
}

/// Owns one libyaml parser and the event it is looking at; frees both, each
/// exactly once. The parser lives at a fixed address of its own, as libyaml
/// expects, and is reached through a pointer rather than a stored property
/// (no exclusivity check per event).
final class ParserSession {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let limits: Limits
    private let stream: ItemStream?
    private let source: Source
    private var tailInput: TailInput?

    init(limits: Limits, stream: ItemStream?, source: Source) {
        self.limits = limits
        self.stream = stream
        self.source = source
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        if source.prefix.isEmpty {
            if let base = source.whole.baseAddress {
                yaml_parser_set_input_string(parser, base + source.start, source.whole.count - source.start)
            } else {
                var empty: UInt8 = 0
                yaml_parser_set_input_string(parser, &empty, 0)
            }
        } else {
            let input = TailInput(prefix: source.prefix, rest: UnsafeBufferPointer(rebasing: source.whole[source.start...]))
            tailInput = input
            yaml_parser_set_input(parser, readTailInput, Unmanaged.passUnretained(input).toOpaque())
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Reads the whole document. When the stream asks for a split and a
    /// point is found, the items from that point on are read on another
    /// thread; this parser stops there if the other one read them as it
    /// would have, and reads on itself otherwise.
    func run() -> ParseResult {
        var builder = TreeBuilder(limits: limits, marks: source.marks, stream: stream)
        var tail: TailRead?
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                builder.fail(parserProblem())
                break
            }
            if let pending = tail, builder.isAtStreamItem, startsNode(event) {
                let start = source.marks.position(event.start_mark)
                if start.line >= pending.line {
                    tail = nil
                    if start.line > pending.line {
                        // Past the split point without meeting an item there.
                        pending.abandon()
                    } else if let (outcome, consumer) = pending.finish(headIndex: Int(event.start_mark.index),
                                                                       headAliasNodes: builder.aliasNodes) {
                        builder.adopt(outcome)
                        stream?.consumer.adopt(consumer)
                        yaml_event_delete(&event)
                        break
                    }
                }
            }
            let done = event.type == YAML_STREAM_END_EVENT
            let keepGoing = builder.consume(&event)
            yaml_event_delete(&event)
            if done || !keepGoing { break }
            if let pending = tail, !builder.isInStream {
                // The list ended before the split point.
                pending.abandon()
                tail = nil
            }
            if let start = builder.takeStreamStart(), let stream, let from = stream.splitFrom {
                tail = TailRead.start(source.whole, after: source.start, from: from, key: stream.key, at: start,
                                      consumer: stream.consumer, limits: limits)
            }
        }
        tail?.abandon()
        return builder.result()
    }

    /// Reads the second half of a split list (`TailRead`): the prefix names
    /// the list; the items go to the stream's consumer. Stops early once
    /// `cancelled` says so.
    func runTail(cancelled: () -> Bool, streamStart: SourcePosition, rootStart: SourcePosition) -> TailOutcome {
        var builder = TreeBuilder(limits: limits, marks: source.marks, stream: stream, isTail: true)
        var firstItemIndex: Int?
        var event = yaml_event_t()
        while !cancelled() {
            guard yaml_parser_parse(parser, &event) == 1 else {
                var problem = parserProblem()
                // A context in the line standing for the file before the
                // split is the root mapping; one at the list's first
                // indicator here is the list's own.
                let context = parser.pointee.context_mark
                if problem.contextPosition != nil && context.line == 0 {
                    problem.contextPosition = rootStart
                } else if problem.contextPosition != nil && context.line == 1 && builder.streamColumn == Int(context.column) {
                    problem.contextPosition = streamStart
                }
                builder.fail(problem)
                break
            }
            if firstItemIndex == nil, builder.isAtStreamItem, startsNode(event) {
                firstItemIndex = Int(event.start_mark.index)
            }
            let done = event.type == YAML_STREAM_END_EVENT
            let keepGoing = builder.consume(&event)
            yaml_event_delete(&event)
            if done || !keepGoing { break }
        }
        return builder.tailOutcome(firstItemIndex: firstItemIndex)
    }

    private func startsNode(_ event: yaml_event_t) -> Bool {
        switch event.type {
        case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: true
        default: false
        }
    }

    /// The problem libyaml reports after a failed `yaml_parser_parse`.
    private func parserProblem() -> YAMLProblem {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown error"
        let buffer = source.whole
        if parser.pointee.error == YAML_READER_ERROR {
            var offset = source.fileOffset(parser.pointee.problem_offset)
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
        let start = source.marks.position(parser.pointee.problem_mark)
        return YAMLProblem(
            .syntax(problem: problem, context: context),
            span: SourceSpan(start: start, length: 1),
            contextPosition: context == nil ? nil : source.marks.position(parser.pointee.context_mark)
        )
    }
}

/// Turns libyaml's marks into `SourcePosition`s: libyaml counts lines and
/// columns from 0; positions count from 1. A parser that starts inside the
/// file (`TailRead`) counts its lines from there: `lineShift` lines later.
struct MarkConverter {
    var lineShift = 0

    @inline(__always)
    func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1 + lineShift, column: Int(mark.column) + 1)
    }
}

/// Builds the node tree from events, resolving aliases and merge keys and
/// enforcing `Limits`; hands a streamed sequence's items to its consumer.
struct TreeBuilder {
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
    /// True for the parser of a split list's second half (`TailRead`): its
    /// consumer has begun already, and its root mapping is handed back as
    /// raw items rather than made.
    private let isTail: Bool
    private var streamStarted = false
    /// Set when a streamed block sequence starts in a block root mapping at
    /// column 1 (a list that can be split), until taken.
    private var streamStart: StreamStart?
    /// The 0-based column of the streamed block sequence's first `-`.
    private(set) var streamColumn: Int?
    private var rootIsSplittable = false
    /// The root mapping's raw items and end, in a tail.
    private var tailRootItems: [Node]?
    private var tailRootEnd: SourcePosition?
    private var stack: [Frame] = []
    /// The items of every open collection, the innermost last: one buffer
    /// for all, so a collection's items are moved out once, when it closes,
    /// rather than grown in an array of its own.
    private let items = MovingBuffer<Node>()
    private var implicitlyTyped: [YAML11.TypedScalar] = []
    private var anchors: [String: Node] = [:]
    private var root: Node?
    private var problems: [YAMLProblem] = []
    private var documents = 0
    private(set) var aliasNodes = 0
    private var failed = false

    init(limits: Limits, marks: MarkConverter, stream: ItemStream?, isTail: Bool = false) {
        self.limits = limits
        self.marks = marks
        self.stream = stream
        self.isTail = isTail
    }

    /// True inside the streamed sequence, at any depth.
    var isInStream: Bool { stack.count >= 2 && stack[1].streams }

    /// True where the next node is an item of the streamed sequence.
    var isAtStreamItem: Bool { stack.count == 2 && stack[1].streams }

    /// Where a splittable streamed list started, once.
    mutating func takeStreamStart() -> StreamStart? {
        defer { streamStart = nil }
        return streamStart
    }

    /// Takes over a split list's second half from `TailRead`: closes the
    /// list where the tail's closed, adds the root mapping's pairs after it,
    /// and makes the root mapping as one parser would have.
    mutating func adopt(_ tail: TailOutcome) {
        let list = stack.removeLast()
        problems += tail.problems
        implicitlyTyped += tail.implicitlyTyped
        aliasNodes += tail.aliasNodes
        if tail.failed { failed = true }
        // The tail's root items: the key standing for the list's, the list,
        // then the pairs written after it.
        guard let rest = tail.rootItems, let end = tail.rootEnd, rest.count >= 2 else { return }
        items.append(Node(.sequence([]), span: SourceSpan(start: list.start, end: rest[1].span.end)))
        for node in rest.dropFirst(2) { items.append(node) }
        let frame = stack.removeLast()
        root = Node(.mapping(makeMapping(from: frame.firstItem)), span: SourceSpan(start: frame.start, end: end))
    }

    /// What a tail read, for `adopt`.
    func tailOutcome(firstItemIndex: Int?) -> TailOutcome {
        TailOutcome(rootItems: tailRootItems, rootEnd: tailRootEnd, problems: problems, implicitlyTyped: implicitlyTyped,
                    aliasNodes: aliasNodes, failed: failed, firstItemIndex: firstItemIndex)
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
            if scalar.style == YAML_PLAIN_SCALAR_STYLE, scalar.length > 0, YAML11.mayRead(firstByte: scalar.value[0]), isValuePosition,
               let reading = YAML11.reading(of: text) {
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
            if isMapping && stack.isEmpty {
                let mapping = event.data.mapping_start
                rootIsSplittable = mapping.style == YAML_BLOCK_MAPPING_STYLE && mapping.anchor == nil && mapping.tag == nil
                    && start.column == 1
            }
            if frame.streams {
                let sequence = event.data.sequence_start
                if sequence.style == YAML_BLOCK_SEQUENCE_STYLE && sequence.tag == nil {
                    streamColumn = Int(event.start_mark.column)
                    if rootIsSplittable && !isTail {
                        streamStart = StreamStart(column: Int(event.start_mark.column), list: start, root: stack[0].start)
                    }
                }
            }
            stack.append(frame)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            if isTail && stack.isEmpty {
                tailRootItems = takeItems(from: frame.firstItem)
                tailRootEnd = end
                return true
            }
            let span = SourceSpan(start: frame.start, end: end)
            let node = frame.isMapping
                ? Node(.mapping(makeMapping(from: frame.firstItem)), span: span)
                : Node(.sequence(takeItems(from: frame.firstItem)), span: span)
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
        let first = stack[0].firstItem
        guard items.count > first, items.last?.scalar == stream.key else { return false }
        if isTail {
            // The consumer began with the first half's reader.
            streamStarted = true
            return true
        }
        var pairs: [Node.Pair] = []
        pairs.reserveCapacity((items.count - first) / 2)
        for index in stride(from: first, to: items.count - 1, by: 2) {
            if items[index].scalar == stream.key { return false }
            pairs.append(Node.Pair(key: items[index], value: items[index + 1]))
        }
        streamStarted = true
        return stream.consumer.begin(after: pairs)
    }

    /// Takes the node over (`consuming`): appending it moves it into the
    /// buffer rather than copying it.
    private mutating func add(_ node: consuming Node) -> Bool {
        if stack.count == 2 && stack[1].streams, let stream {
            stream.consumer.consume(node)
        } else if stack.isEmpty {
            root = node
        } else {
            items.append(node)
        }
        return true
    }

    /// The items of the collection that starts at `first`, in order, moved
    /// out of the buffer into an array of their own: no node is copied.
    private mutating func takeItems(from first: Int) -> [Node] {
        // Reserved and appended: `reserveCapacity` finds the array's type
        // once per call site, where an array made with
        // `unsafeUninitializedCapacity` looked it up in the runtime's table
        // every time.
        var taken: [Node] = []
        taken.reserveCapacity(items.count - first)
        items.removeAll(from: first) { taken.append($0) }
        return taken
    }

    /// The pairs of the mapping whose keys and values start at `first`,
    /// moved out of the buffer; then duplicate keys reported and `<<` merge
    /// keys applied, which most mappings do not need.
    private mutating func makeMapping(from first: Int) -> [Node.Pair] {
        let count = (items.count - first) / 2
        var written: [Node.Pair] = []  // as in `takeItems`
        written.reserveCapacity(count)
        // Keys and values are moved out in order and paired as they come
        // (a key left without a value, which libyaml never sends, is dropped).
        var key: Node?
        items.removeAll(from: first) { node in
            if let pending = key.take() {
                written.append(Node.Pair(key: pending, value: node))
            } else {
                key = node
            }
        }
        if !written.contains(where: { $0.key.isMergeKey }) && !Self.repeatsAKey(written) { return written }
        var pairs: [Node.Pair] = []
        pairs.reserveCapacity(count)
        var keys = KeyIndex()
        var merges: [Node] = []
        for pair in written {
            if pair.key.isMergeKey {
                merges.append(pair.value)
                continue
            }
            if let text = pair.key.scalar {
                if let first = keys.position(of: text, in: pairs) {
                    problems.append(YAMLProblem(.duplicateKey(text, first: pairs[first].key.span.start), span: pair.key.span))
                    continue
                }
                keys.insert(text, before: pairs)
            }
            pairs.append(pair)
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

    /// Whether two of `pairs` have the same text as key: compared pair by
    /// pair in the small mappings of everyday files, lengths first (most
    /// keys of a mapping differ in length, and comparing two different
    /// strings takes Swift's slow path); through a set in larger ones.
    private static func repeatsAKey(_ pairs: [Node.Pair]) -> Bool {
        if pairs.count <= 12 {
            for index in pairs.indices {
                guard let text = pairs[index].key.scalar else { continue }
                let length = text.utf8.count
                for earlier in 0..<index {
                    if let other = pairs[earlier].key.scalar, other.utf8.count == length, other == text { return true }
                }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: pairs.count)
        return pairs.contains { pair in pair.key.scalar.map { !seen.insert($0).inserted } ?? false }
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
