/// One node of a YAML document: a scalar, a sequence or a mapping, with the
/// span of source it was read from.
///
/// Scalars keep the exact text the user wrote: no YAML 1.1 implicit typing is
/// applied, so `no`, `9:00`, `0755` and `2026-12-01` are all text here. Aliases
/// are already resolved (an alias is a copy of its anchored node, positions and
/// all) and `<<` merge keys are already applied.
public struct Node: Sendable {
    public enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([Node])
        case mapping([Pair])
    }

    /// A key and its value in a mapping, in source order.
    public struct Pair: Sendable {
        public var key: Node
        public var value: Node

        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    public var content: Content
    public var span: SourceSpan

    public init(_ content: Content, span: SourceSpan) {
        self.content = content
        self.span = span
    }

    /// The text of a scalar node, or nil for a collection.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The style of a scalar node, or nil for a collection.
    public var scalarStyle: ScalarStyle? {
        if case .scalar(_, let style) = content { return style }
        return nil
    }

    /// The pairs of a mapping node, or nil for another kind.
    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items of a sequence node, or nil for another kind.
    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// True for `<<` written plain: a merge key.
    public var isMergeKey: Bool {
        if case .scalar("<<", .plain) = content { return true }
        return false
    }

    /// True for a plain scalar with no text (`key:` with nothing after it).
    public var isEmptyPlainScalar: Bool {
        if case .scalar(let text, .plain) = content { return text.isEmpty }
        return false
    }

    /// A word for the kind of node, for messages: "text", "a list", "a mapping".
    public var kindDescription: String {
        switch content {
        case .scalar(let text, .plain) where text.isEmpty: return "nothing"
        case .scalar: return "text"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The position of the scalar character at `offset` (in Unicode scalars)
    /// of this node's text, where the source shows the text verbatim on one
    /// line; otherwise the node's start.
    ///
    /// Used to point into a scalar, for example at the `BYSETPOS` part of
    /// `rrule: "FREQ=DAILY;BYSETPOS=1"`.
    public func position(ofScalarOffset offset: Int) -> SourcePosition {
        guard case .scalar(let text, let style) = content,
              span.start.line == span.end.line else { return span.start }
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
}

/// How a scalar was written.
public enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}
