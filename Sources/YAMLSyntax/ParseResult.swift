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
