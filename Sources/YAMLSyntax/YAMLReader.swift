internal import CLibYAML

/// Reads YAML text into a `Node` tree through libyaml's event API, on the
/// calling thread.
///
/// This is the only place that touches libyaml. Positions are converted here,
/// once: libyaml's marks are 0-based and count Unicode scalars; `SourcePosition`
/// is 1-based and counts the same scalars. Encoding errors, which libyaml
/// reports as a byte offset, are converted with `SourceLines`.
public enum YAMLReader {
    /// Parses `bytes` as a single YAML document.
    ///
    /// With `stream`, the items of that top-level sequence go to its consumer
    /// as they are read rather than into the storage.
    public static func parse(_ bytes: [UInt8], limits: Limits = .standard, stream: ItemStream? = nil) -> ParseResult {
        bytes.withUnsafeBufferPointer { parse($0, limits: limits, stream: stream) }
    }

    /// Parses the bytes `buffer` points at, which stay where they are until
    /// this returns (a file mapped into memory, say).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: Limits = .standard, stream: ItemStream? = nil) -> ParseResult {
        ParserSession(buffer).run(limits: limits, stream: stream)
    }
}

/// Owns one libyaml parser and frees it once. The parser lives at a fixed
/// address of its own, as libyaml expects.
private final class ParserSession {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading begins: after a byte-order mark, which is not text
    /// (read as text, libyaml would count it as a column of the first line
    /// and find every later line outdented).
    private let start: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        if let base = bytes.baseAddress {
            yaml_parser_set_input_string(parser, base + start, bytes.count - start)
        } else {
            var empty: UInt8 = 0
            yaml_parser_set_input_string(parser, &empty, 0)
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Reads the document into a tree, event by event.
    func run(limits: Limits, stream: ItemStream?) -> ParseResult {
        var builder = TreeBuilder(limits: limits, stream: stream)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                builder.fail(parserProblem())
                break
            }
            let done = event.type == YAML_STREAM_END_EVENT
            let keepGoing = builder.consume(&event)
            yaml_event_delete(&event)
            if done || !keepGoing { break }
        }
        // Items read before a problem that stops reading still go over.
        builder.handOver()
        return builder.result()
    }

    /// The problem libyaml reports after a failed `yaml_parser_parse`.
    private func parserProblem() -> YAMLProblem {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown error"
        if parser.pointee.error == YAML_READER_ERROR {
            var offset = min(parser.pointee.problem_offset + start, bytes.count)
            if problem.contains("trailing") {
                // libyaml points at the bad continuation byte; point at the
                // sequence's first byte, where the character starts.
                var first = offset
                while first > 0 && offset - first < 3 && bytes[first - 1] & 0xC0 == 0x80 { first -= 1 }
                if first > 0 && bytes[first - 1] >= 0xC0 { offset = first - 1 }
            }
            let span = SourceSpan(start: SourceLines.position(ofByteOffset: offset, in: bytes), length: 1)
            let value = parser.pointee.problem_value
            if problem.contains("control characters") || problem.contains("invalid Unicode character") {
                return YAMLProblem(.disallowedCharacter(UInt32(truncatingIfNeeded: value)), span: span)
            }
            let byte = offset < bytes.count ? bytes[offset] : UInt8(truncatingIfNeeded: value)
            return YAMLProblem(.invalidUTF8(byte: byte), span: span)
        }
        let context = parser.pointee.context.map { String(cString: $0) }
        return YAMLProblem(
            .syntax(problem: problem, context: context),
            span: SourceSpan(start: position(parser.pointee.problem_mark), length: 1),
            contextPosition: context == nil ? nil : position(parser.pointee.context_mark)
        )
    }
}

/// A libyaml mark as a position: libyaml counts lines and columns from 0.
@inline(__always)
private func position(_ mark: yaml_mark_t) -> SourcePosition {
    SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
}

/// Builds the node tree from events, resolving aliases and merge keys and
/// enforcing `Limits`; hands a streamed sequence's items to its consumer.
private struct TreeBuilder {
    /// An open collection.
    private struct Frame {
        var index: Int
        var isMapping: Bool
        var anchor: String?
        /// The nodes added so far (a mapping's keys and values).
        var children = 0
        /// True for the streamed sequence: its items go to the consumer.
        var streams = false
        /// The entry of the key this node is the value of, in a mapping.
        var keyIndex: Int?
        /// In a mapping, the entry of the key read last.
        var lastKeyIndex: Int?
    }

    private let limits: Limits
    private let stream: ItemStream?
    private var storage = TreeStorage()
    private var stack: [Frame] = []
    private var streamStarted = false
    /// Streamed items read and not yet handed over, by index, and where the
    /// first one's text starts: they go in groups (`handOver`), each group
    /// in one tree, so that an item costs no tree of its own.
    private var pendingItems: [Int] = []
    private var pendingText = 0
    private static let itemsPerTree = 256
    /// Each anchored node, in a tree of its own: an alias copies it.
    private var anchors: [String: TreeStorage] = [:]
    private var root: Int?
    private var implicitlyTyped: [YAML11.TypedScalar] = []
    private var problems: [YAMLProblem] = []
    private var documents = 0
    private var aliasNodes = 0
    private var failed = false

    init(limits: Limits, stream: ItemStream?) {
        self.limits = limits
        self.stream = stream
        storage.entries.reserveCapacity(256)
        storage.text.reserveCapacity(4_096)
    }

    mutating func fail(_ problem: YAMLProblem) {
        problems.append(problem)
        failed = true
    }

    func result() -> ParseResult {
        let node = failed ? nil : root.map { Node(NodeTree(storage), $0) }
        return ParseResult(root: node, problems: problems, implicitlyTyped: implicitlyTyped)
    }

    /// Takes one event; false when reading must stop.
    mutating func consume(_ event: inout yaml_event_t) -> Bool {
        let span = SourceSpan(start: position(event.start_mark), end: position(event.end_mark))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                fail(YAMLProblem(.multipleDocuments, span: span))
                return false
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            startNode()
            let index = storage.entries.count
            let textStart = storage.text.count
            let bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            storage.text.append(contentsOf: bytes)
            let style = style(scalar.style)
            storage.entries.append(
                TreeStorage.Entry(
                    kind: .scalar(style), span: span, textStart: Int32(textStart),
                    textLength: Int32(scalar.length)))
            let isValue = isValuePosition
            if style == .plain, scalar.length > 0, YAML11.mayRead(firstByte: bytes[0]), isValue {
                let text = String(decoding: bytes, as: UTF8.self)
                if let reading = YAML11.reading(of: text) {
                    implicitlyTyped.append(YAML11.TypedScalar(text: text, reading: reading, span: span, keys: keyPath))
                }
            }
            if !isValue { stack[stack.count - 1].lastKeyIndex = index }
            if let anchor = scalar.anchor { anchors[String(cString: anchor)] = storage.subtree(at: index) }
            added(index)
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let anchored = anchors[name] else {
                fail(YAMLProblem(.undefinedAlias(name), span: span))
                return false
            }
            aliasNodes += anchored.entries.count
            if aliasNodes > limits.maxAliasNodes {
                fail(YAMLProblem(.aliasBudgetExceeded(limit: limits.maxAliasNodes), span: span))
                return false
            }
            startNode()
            let index = storage.entries.count
            storage.append(subtreeAt: 0, of: anchored)
            added(index)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= limits.maxDepth {
                fail(YAMLProblem(.tooDeep(limit: limits.maxDepth), span: span))
                return false
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            startNode()
            var frame = Frame(index: storage.entries.count, isMapping: isMapping, anchor: anchor.map { String(cString: $0) })
            if let parent = stack.last, parent.isMapping { frame.keyIndex = parent.lastKeyIndex }
            frame.streams = !isMapping && frame.anchor == nil && startsStream()
            storage.entries.append(TreeStorage.Entry(kind: isMapping ? .mapping : .sequence, span: span))
            stack.append(frame)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if isAtStreamItem { handOver() }
            let frame = stack.removeLast()
            var children = frame.children
            if frame.isMapping { children = finishMapping(at: frame.index, pairs: children / 2) * 2 }
            storage.entries[frame.index].span.end = span.end
            storage.entries[frame.index].childCount = Int32(children)
            storage.entries[frame.index].size = Int32(storage.entries.count - frame.index)
            if let anchor = frame.anchor { anchors[anchor] = storage.subtree(at: frame.index) }
            added(frame.index)
        default:
            break
        }
        return true
    }

    /// True when the streamed sequence is the innermost open collection: the
    /// node starting now is one of its items.
    private var isAtStreamItem: Bool { stack.count == 2 && stack[1].streams }

    /// Notes where a group of streamed items' text starts, before the first
    /// node of its first item.
    private mutating func startNode() {
        if isAtStreamItem && pendingItems.isEmpty { pendingText = storage.text.count }
    }

    /// Hands the streamed items read so far to the consumer, in order, in
    /// one tree cut from this one: their place here is used again.
    mutating func handOver() {
        guard let first = pendingItems.first, let stream else { return }
        let tree = NodeTree(storage.cutTail(from: first, text: pendingText))
        for index in pendingItems { stream.consume(Node(tree, index - first)) }
        pendingItems.removeAll(keepingCapacity: true)
    }

    /// Counts the node at `index`, complete now, as a child of the innermost
    /// collection; hands it over if it is a streamed item.
    private mutating func added(_ index: Int) {
        guard !stack.isEmpty else {
            root = index
            return
        }
        guard isAtStreamItem, stream != nil else {
            stack[stack.count - 1].children += 1
            return
        }
        // The item gets a tree of its own, and its place here is used for
        // the next item.
        pendingItems.append(index)
        if pendingItems.count == Self.itemsPerTree { handOver() }
    }

    /// The keys of the mappings the next node is inside, from the root's
    /// down to its own (`["reminders", "data", "mode"]`; sequences add
    /// none). Read only for the rare scalar YAML 1.1 types.
    private var keyPath: [String] {
        var keys: [String] = []
        for frame in stack {
            if let key = frame.keyIndex { keys.append(storage.text(of: storage.entries[key])) }
        }
        if let last = stack.last, last.isMapping, let key = last.lastKeyIndex { keys.append(storage.text(of: storage.entries[key])) }
        return keys
    }

    /// True when the next node is a value: not a mapping's key.
    private var isValuePosition: Bool {
        guard let frame = stack.last, frame.isMapping else { return true }
        return frame.children % 2 == 1
    }

    /// True when a sequence starting now is the value of the stream's key
    /// at its first appearance in the root mapping.
    private mutating func startsStream() -> Bool {
        guard let stream, !streamStarted, stack.count == 1, stack[0].isMapping, isValuePosition else { return false }
        let key = storage.entries[storage.entries.count - 1]
        guard case .scalar = key.kind, storage.text(of: key) == stream.key else { return false }
        var index = stack[0].index + 1
        while index < storage.entries.count - 1 {
            if storage.sameText(storage.entries[index], key) { return false }
            index = storage.next(after: storage.next(after: index))
        }
        streamStarted = true
        return true
    }

    /// Reports keys written twice in the mapping at `index` (the last
    /// subtree of the tree), drops all but the first, and applies `<<` merge
    /// keys: the pairs of the merged mappings follow, where their key is not
    /// written yet. Most mappings need neither; then nothing moves. Returns
    /// the number of pairs.
    private mutating func finishMapping(at index: Int, pairs: Int) -> Int {
        guard !isPlain(mappingAt: index, pairs: pairs) else { return pairs }
        var keys = WrittenKeys()
        var kept: [Int] = []
        var merges: [Int] = []
        var changes = false
        var key = index + 1
        for _ in 0..<pairs {
            let value = storage.next(after: key)
            let entry = storage.entries[key]
            if storage.isMergeKey(entry) {
                merges.append(value)
                changes = true
            } else if case .scalar = entry.kind, let first = keys.insert(key, of: storage) {
                let text = storage.text(of: entry)
                problems.append(YAMLProblem(.duplicateKey(text, first: storage.entries[first].span.start), span: entry.span))
                changes = true
            } else {
                kept.append(key)
            }
            key = storage.next(after: value)
        }
        guard changes else { return pairs }  // a large mapping, plain after all

        var rewritten = [storage.entries[index]]
        func copyPair(at key: Int) {
            rewritten.append(contentsOf: storage.entries[key..<storage.next(after: storage.next(after: key))])
        }
        for key in kept { copyPair(at: key) }
        var count = kept.count
        for value in merges {
            // The merged mappings: the value, or each item of a list of mappings.
            let merged = storage.entries[value]
            var sources: [Int]?
            switch merged.kind {
            case .mapping:
                sources = [value]
            case .sequence:
                var items: [Int] = []
                var item = value + 1
                for _ in 0..<Int(merged.childCount) {
                    items.append(item)
                    item = storage.next(after: item)
                }
                sources = items.allSatisfy(isMapping) ? items : nil
            case .scalar:
                sources = nil
            }
            guard let sources else {
                problems.append(YAMLProblem(.invalidMerge, span: merged.span))
                continue
            }
            for source in sources {
                var key = source + 1
                for _ in 0..<Int(storage.entries[source].childCount) / 2 {
                    if case .scalar = storage.entries[key].kind, keys.insert(key, of: storage) == nil {
                        copyPair(at: key)
                        count += 1
                    }
                    key = storage.next(after: storage.next(after: key))
                }
            }
        }
        storage.entries.replaceSubrange(index..., with: rewritten)
        return count
    }

    /// True for a mapping of a few pairs with no merge key and no key
    /// written twice: what nearly every mapping is, found without keeping
    /// anything.
    private func isPlain(mappingAt index: Int, pairs: Int) -> Bool {
        guard pairs <= WrittenKeys.linearLimit else { return false }
        var key = index + 1
        for pair in 0..<pairs {
            let entry = storage.entries[key]
            if storage.isMergeKey(entry) { return false }
            if case .scalar = entry.kind {
                var earlier = index + 1
                for _ in 0..<pair {
                    let other = storage.entries[earlier]
                    if case .scalar = other.kind, storage.sameText(other, entry) { return false }
                    earlier = storage.next(after: storage.next(after: earlier))
                }
            }
            key = storage.next(after: storage.next(after: key))
        }
        return true
    }

    private func isMapping(_ index: Int) -> Bool {
        if case .mapping = storage.entries[index].kind { true } else { false }
    }

    private func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}

/// The scalar keys of one mapping seen so far, by text: compared one by one
/// in the small mappings of everyday files, through a table once a mapping
/// grows past a few keys.
private struct WrittenKeys {
    static let linearLimit = 12
    private var keys: [Int] = []
    private var table: [String: Int]?

    /// Records the key at `index` of `storage` and returns nil, or returns
    /// the index of the key with the same text seen before.
    mutating func insert(_ index: Int, of storage: TreeStorage) -> Int? {
        let entry = storage.entries[index]
        if table == nil && keys.count >= Self.linearLimit {
            var built: [String: Int] = [:]
            for key in keys { built[storage.text(of: storage.entries[key])] = key }
            table = built
        }
        if table != nil {
            let text = storage.text(of: entry)
            if let first = table![text] { return first }
            table![text] = index
            return nil
        }
        if let first = keys.first(where: { storage.sameText(storage.entries[$0], entry) }) { return first }
        keys.append(index)
        return nil
    }
}
