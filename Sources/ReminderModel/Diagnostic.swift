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

    /// A message of `rule`, with its severity unless `severity` says otherwise.
    public init(_ rule: SchemaRule, severity: Severity? = nil, text: String, hint: String? = nil) {
        self.init(id: rule.rawValue, severity: severity ?? rule.severity, text: text, hint: hint)
    }
}

/// A message placed at a span of a file, with notes pointing at related places.
public struct Diagnostic: Hashable, Sendable {
    /// A secondary remark, optionally at its own place in the same file.
    public struct Note: Hashable, Sendable {
        public var text: String
        public var span: SourceSpan?
        /// The file `span` is in, when it is not the diagnostic's own
        /// (a reminder of another file checked with it).
        public var file: String?

        public init(_ text: String, at span: SourceSpan? = nil, in file: String? = nil) {
            self.text = text
            self.span = span
            self.file = file
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

    /// File, then position, then severity, then id, then text: the order
    /// reporters print in. A list already in that order (as each file's
    /// loading and the checker return theirs) is returned as it is.
    public static func sortedForReport(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let inOrder = diagnostics.indices.dropFirst().allSatisfy { !comesBefore(diagnostics[$0], diagnostics[$0 - 1]) }
        return inOrder ? diagnostics : diagnostics.sorted(by: comesBefore)
    }

    /// `diagnostics` without repeats, in report order: the one place
    /// findings two checks both make (the rules with and without the
    /// reminders whose times had errors, a writer and the checker) are
    /// told once.
    public static func uniqueForReport(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        sortedForReport(Array(Set(diagnostics)))
    }

    /// `more` (found across files) merged into `diagnostics` (in report
    /// order, file by file in `fileOrder`): each among its own file's in
    /// report order, the files in input order. One already there, notes
    /// aside (a file's own finding the check across files makes again), is
    /// left out.
    public static func merging(_ more: [Diagnostic], into diagnostics: [Diagnostic], fileOrder: [String]) -> [Diagnostic] {
        func withoutNotes(_ diagnostic: Diagnostic) -> Diagnostic {
            Diagnostic(diagnostic.message, file: diagnostic.file, span: diagnostic.span)
        }
        guard !more.isEmpty else { return diagnostics }
        let reported = Set(diagnostics.map(withoutNotes))
        let more = more.filter { !reported.contains(withoutNotes($0)) }
        guard !more.isEmpty else { return diagnostics }
        let added = Dictionary(grouping: more, by: \.file)
        var runs: [(file: String, diagnostics: [Diagnostic])] = []
        for diagnostic in diagnostics {
            if runs.last?.file == diagnostic.file {
                runs[runs.count - 1].diagnostics.append(diagnostic)
            } else {
                runs.append((diagnostic.file, [diagnostic]))
            }
        }
        for file in added.keys.sorted() where !runs.contains(where: { $0.file == file }) {
            let position =
                fileOrder.firstIndex(of: file).map { position in
                    runs.firstIndex { run in (fileOrder.firstIndex(of: run.file) ?? Int.max) > position } ?? runs.count
                } ?? runs.count
            runs.insert((file, []), at: position)
        }
        return runs.flatMap { run in sortedForReport(run.diagnostics + (added[run.file] ?? [])) }
    }

    /// The report order, field by field: nothing is copied to compare.
    public static func comesBefore(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.span.start != rhs.span.start { return lhs.span.start < rhs.span.start }
        if lhs.message.severity != rhs.message.severity { return lhs.message.severity < rhs.message.severity }
        if lhs.message.id != rhs.message.id { return lhs.message.id < rhs.message.id }
        return lhs.message.text < rhs.message.text
    }
}

/// A `Message` can stand as the failure of a `Result` while a scalar is read.
extension Message: Error {}
