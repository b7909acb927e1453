/// One node of a YAML document: a scalar, a sequence or a mapping, with the
/// span of source it was read from.
///
/// Scalars keep the exact text the user wrote: no YAML 1.1 implicit typing is
/// applied, so `no`, `9:00`, `0755` and `2026-12-01` are all text here. Aliases
/// are already resolved (an alias is a copy of its anchored node, positions and
/// all) and `<<` merge keys are already applied.
///
/// A node is a place in its document's `NodeTree`: the tree holds every node
/// in one array and every scalar's text in one run of bytes, so reading a
/// file makes no object per node. A node keeps its tree alive.
public struct Node: Sendable {
    let tree: NodeTree
    let index: Int

    init(_ tree: NodeTree, _ index: Int) {
        self.tree = tree
        self.index = index
    }

    var entry: TreeStorage.Entry {
        @inline(__always) get { tree.storage.entries[index] }
    }

    /// What kind of node this is.
    public enum Kind: Sendable, Hashable {
        case scalar(ScalarStyle)
        case sequence
        case mapping
    }

    public var kind: Kind {
        switch entry.kind {
        case .sequence: .sequence
        case .mapping: .mapping
        case .scalar(let style): .scalar(style)
        }
    }

    public var span: SourceSpan { entry.span }

    /// The text of a scalar node, or nil for a collection.
    public var scalar: String? {
        guard case .scalar = entry.kind else { return nil }
        return tree.text(of: entry)
    }

    /// Calls `body` with the bytes of a scalar node's text (UTF-8), without
    /// making a string of them; nil for a collection.
    public func withScalarBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let entry = entry
        guard case .scalar = entry.kind else { return nil }
        return tree.storage.text.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(entry.textStart)..<Int(entry.textStart + entry.textLength)]))
        }
    }

    /// The style of a scalar node, or nil for a collection.
    public var scalarStyle: ScalarStyle? {
        if case .scalar(let style) = entry.kind { return style }
        return nil
    }

    /// The pairs of a mapping node, or nil for another kind.
    public var mapping: Pairs? {
        guard case .mapping = entry.kind else { return nil }
        return Pairs(tree: tree, parent: index, count: Int(entry.childCount) / 2)
    }

    /// The items of a sequence node, or nil for another kind.
    public var sequence: Items? {
        guard case .sequence = entry.kind else { return nil }
        return Items(tree: tree, parent: index, count: Int(entry.childCount))
    }

    /// True for `<<` written plain: a merge key.
    public var isMergeKey: Bool { tree.isMergeKey(entry) }

    /// True for a plain scalar with no text (`key:` with nothing after it).
    public var isEmptyPlainScalar: Bool {
        if case .scalar(.plain) = entry.kind { return entry.textLength == 0 }
        return false
    }

    /// A word for the kind of node, for messages: "text", "a list", "a mapping".
    public var kindDescription: String {
        switch entry.kind {
        case .scalar: isEmptyPlainScalar ? "nothing" : "text"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The position of the scalar character at `offset` (in Unicode scalars)
    /// of this node's text, where the source shows the text verbatim on one
    /// line; otherwise the node's start.
    ///
    /// Used to point into a scalar, for example at the `BYSETPOS` part of
    /// `rrule: "FREQ=DAILY;BYSETPOS=1"`.
    public func position(ofScalarOffset offset: Int) -> SourcePosition {
        guard case .scalar(let style) = entry.kind, let text = scalar, span.start.line == span.end.line else { return span.start }
        let quote: Int
        switch style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        case .literal, .folded: return span.start
        }
        let width = Int(span.end.column - span.start.column) - 2 * quote
        guard width == text.unicodeScalars.count else { return span.start }
        return span.start.advanced(by: quote + offset)
    }

    /// A key and its value in a mapping, in source order.
    public struct Pair: Sendable {
        public var key: Node
        public var value: Node
    }

    /// The pairs of a mapping, in source order.
    public struct Pairs: Collection, Sendable {
        let tree: NodeTree
        let parent: Int
        public let count: Int

        /// A pair's place: the index of its key in the tree.
        public struct Index: Comparable, Sendable {
            let key: Int
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.key < rhs.key }
        }

        public var startIndex: Index { Index(key: parent + 1) }
        public var endIndex: Index { Index(key: parent + Int(tree.storage.entries[parent].size)) }
        public var isEmpty: Bool { count == 0 }

        public func index(after index: Index) -> Index {
            let value = tree.next(after: index.key)
            return Index(key: tree.next(after: value))
        }

        public subscript(index: Index) -> Pair {
            Pair(key: Node(tree, index.key), value: Node(tree, tree.next(after: index.key)))
        }
    }

    /// The items of a sequence, in source order.
    public struct Items: Collection, Sendable {
        let tree: NodeTree
        let parent: Int
        public let count: Int

        /// An item's place: its index in the tree.
        public struct Index: Comparable, Sendable {
            let node: Int
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.node < rhs.node }
        }

        public var startIndex: Index { Index(node: parent + 1) }
        public var endIndex: Index { Index(node: parent + Int(tree.storage.entries[parent].size)) }
        public var isEmpty: Bool { count == 0 }

        public func index(after index: Index) -> Index { Index(node: tree.next(after: index.node)) }

        public subscript(index: Index) -> Node { Node(tree, index.node) }
    }
}

/// How a scalar was written.
public enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// The nodes of one document (or of one streamed item) in source order,
/// each collection followed by its children, and the text of its scalars.
/// Nodes share it; it never changes.
final class NodeTree: Sendable {
    let storage: TreeStorage

    init(_ storage: TreeStorage) {
        self.storage = storage
    }

    @inline(__always)
    func next(after index: Int) -> Int { storage.next(after: index) }

    func text(of entry: TreeStorage.Entry) -> String { storage.text(of: entry) }

    func isMergeKey(_ entry: TreeStorage.Entry) -> Bool { storage.isMergeKey(entry) }
}

/// What a `NodeTree` holds, as the reader fills it: the entries in source
/// order and the scalars' text, end to end.
struct TreeStorage: Sendable {
    struct Entry: Sendable {
        enum Kind: Sendable {
            case scalar(ScalarStyle)
            case sequence
            case mapping
        }

        var kind: Kind
        var span: SourceSpan
        /// A scalar's text: where it starts in `text`, and its length in bytes.
        var textStart: Int32 = 0
        var textLength: Int32 = 0
        /// A collection's children (a mapping's keys and values), and the
        /// entries its subtree takes, itself included; 1 for a scalar.
        var childCount: Int32 = 0
        var size: Int32 = 1
    }

    var entries: [Entry] = []
    var text: [UInt8] = []

    /// The index of the node after the subtree at `index`: its next sibling.
    @inline(__always)
    func next(after index: Int) -> Int { index + Int(entries[index].size) }

    func text(of entry: Entry) -> String {
        text.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.textStart)..<Int(entry.textStart + entry.textLength)]),
                as: UTF8.self)
        }
    }

    /// True when the scalar entries `a` and `b` have the same text.
    func sameText(_ a: Entry, _ b: Entry) -> Bool {
        guard a.textLength == b.textLength else { return false }
        return text.withUnsafeBufferPointer {
            $0[Int(a.textStart)..<Int(a.textStart + a.textLength)].elementsEqual($0[Int(b.textStart)..<Int(b.textStart + b.textLength)])
        }
    }

    func isMergeKey(_ entry: Entry) -> Bool {
        guard case .scalar(.plain) = entry.kind, entry.textLength == 2 else { return false }
        return text[Int(entry.textStart)] == UInt8(ascii: "<") && text[Int(entry.textStart) + 1] == UInt8(ascii: "<")
    }

    /// The subtree at `index`, with its text, as a storage of its own.
    func subtree(at index: Int) -> TreeStorage {
        var copy = TreeStorage()
        copy.append(subtreeAt: index, of: self)
        return copy
    }

    /// Removes the entries from `index` on, which use the text from
    /// `textStart` on and no text before it, and returns them, with that
    /// text, as a storage of their own.
    mutating func cutTail(from index: Int, text textStart: Int) -> TreeStorage {
        var cut = TreeStorage(entries: Array(entries[index...]), text: Array(text[textStart...]))
        let shift = Int32(textStart)
        for position in cut.entries.indices {
            if case .scalar = cut.entries[position].kind { cut.entries[position].textStart -= shift }
        }
        entries.removeSubrange(index...)
        text.removeSubrange(textStart...)
        return cut
    }

    /// Appends the subtree at `index` of `other`, its text with it.
    mutating func append(subtreeAt index: Int, of other: TreeStorage) {
        let range = index..<other.next(after: index)
        entries.reserveCapacity(entries.count + range.count)
        for var entry in other.entries[range] {
            if case .scalar = entry.kind {
                let start = Int(entry.textStart)
                entry.textStart = Int32(text.count)
                text.append(contentsOf: other.text[start..<start + Int(entry.textLength)])
            }
            entries.append(entry)
        }
    }
}
