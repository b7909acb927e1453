import YAMLSyntax

/// How serious a diagnostic is.
public enum Severity: String, CaseIterable, Hashable, Sendable, Comparable {
    case error
    case warning
    case info

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    /// Errors sort first.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// What a diagnostic says, before it is placed in a file: its stable id, its
/// severity, its wording, an optional fix hint and notes. Every `Message`
/// comes from the catalogue (`Message+Catalogue.swift`), so ids and wording
/// live in one place.
public struct Message: Hashable, Sendable {
    /// The stable id, fixed forever: tests, docs and `ignore:` lists name it.
    public var id: String
    public var severity: Severity
    public var text: String
    /// How to fix it, when there is a clear way.
    public var hint: String?

    public init(id: String, severity: Severity = .error, text: String, hint: String? = nil) {
        self.id = id
        self.severity = severity
        self.text = text
        self.hint = hint
    }
}

/// A message placed at a span of a file, with notes pointing at related places.
public struct Diagnostic: Hashable, Sendable {
    /// A secondary remark, optionally at its own place in the same file.
    public struct Note: Hashable, Sendable {
        public var text: String
        public var span: SourceSpan?

        public init(_ text: String, at span: SourceSpan? = nil) {
            self.text = text
            self.span = span
        }
    }

    public var message: Message
    /// The file's path as the user gave it.
    public var file: String
    public var span: SourceSpan
    public var notes: [Note]

    public init(_ message: Message, file: String, span: SourceSpan, notes: [Note] = []) {
        self.message = message
        self.file = file
        self.span = span
        self.notes = notes
    }

    public var id: String { message.id }
    public var severity: Severity { message.severity }

    /// File, then position, then severity, then id: the order reporters print in.
    public static func sortedForReport(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted {
            ($0.file, $0.span.start, $0.severity, $0.id, $0.message.text)
                < ($1.file, $1.span.start, $1.severity, $1.id, $1.message.text)
        }
    }
}

/// Comparing tuples of five elements.
private func < (
    lhs: (String, SourcePosition, Severity, String, String),
    rhs: (String, SourcePosition, Severity, String, String)
) -> Bool {
    if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
    if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
    if lhs.2 != rhs.2 { return lhs.2 < rhs.2 }
    if lhs.3 != rhs.3 { return lhs.3 < rhs.3 }
    return lhs.4 < rhs.4
}

/// A `Message` can stand as the failure of a `Result` while a scalar is read.
extension Message: Error {}
