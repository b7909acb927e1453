/// Something that keeps a file from being read as one well-formed YAML document.
///
/// The YAML layer reports problems as values; the model turns them into
/// diagnostics with stable ids and wording.
public struct YAMLProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// libyaml's scanner or parser rejected the text; `problem` is its wording.
        case syntax(problem: String, context: String?)
        /// The bytes are not UTF-8.
        case invalidUTF8(byte: UInt8)
        /// A character YAML does not allow in a file (a C0 control, for example).
        case disallowedCharacter(UInt32)
        /// Collections nest deeper than `Limits.maxDepth`.
        case tooDeep(limit: Int)
        /// Aliases would expand to more nodes than `Limits.maxAliasNodes`.
        case aliasBudgetExceeded(limit: Int)
        /// An alias names an anchor that has not been defined (or is not complete yet).
        case undefinedAlias(String)
        /// A key appears twice in one mapping; `first` is where it was first written.
        case duplicateKey(String, first: SourcePosition)
        /// A `<<` merge key whose value is not a mapping or a list of mappings.
        case invalidMerge
        /// A second document in the same stream.
        case multipleDocuments
    }

    public var kind: Kind
    /// Where the problem is.
    public var span: SourceSpan
    /// A second place the problem refers to, with what it is (libyaml's context).
    public var contextPosition: SourcePosition?

    public init(_ kind: Kind, span: SourceSpan, contextPosition: SourcePosition? = nil) {
        self.kind = kind
        self.span = span
        self.contextPosition = contextPosition
    }
}

/// Bounds that keep a hostile file from costing more than a few milliseconds.
public struct Limits: Sendable {
    /// How deep sequences and mappings may nest. libyaml has no bound of its
    /// own and spends quadratic time on deep flow nesting.
    public var maxDepth: Int
    /// How many nodes aliases may add to the document in all (each use of an
    /// alias adds as many nodes as its anchored node has). A "billion laughs"
    /// file reaches this after a few levels and is rejected unexpanded.
    public var maxAliasNodes: Int

    public init(maxDepth: Int = 64, maxAliasNodes: Int = 1_000_000) {
        self.maxDepth = maxDepth
        self.maxAliasNodes = maxAliasNodes
    }

    public static let standard = Limits()
}
