/// A place in a source file: a 1-based line and a 1-based column.
///
/// Columns count Unicode scalars, as libyaml does, not bytes or grapheme
/// clusters: in `title: "café" x` the `x` is at column 15 although `é` takes
/// two bytes. A UTF-8 byte-order mark at the start of a file is not counted.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, counted from 1.
    public var line: Int32
    /// The column in Unicode scalars, counted from 1.
    public var column: Int32

    public init(line: Int, column: Int) {
        self.line = Int32(clamping: line)
        self.column = Int32(clamping: column)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The position `count` scalars further along the same line.
    public func advanced(by count: Int) -> SourcePosition {
        SourcePosition(line: Int(line), column: Int(column) + count)
    }

    public var description: String { "\(line):\(column)" }
}

/// The stretch of source a node was read from: `start` inclusive, `end` exclusive.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A span covering `length` scalars from `start`, on one line.
    public init(start: SourcePosition, length: Int) {
        self.init(start: start, end: start.advanced(by: max(length, 0)))
    }

    public var description: String { "\(start)-\(end)" }
}
