import Support
import YAMLSyntax

/// The outcome of loading one file: the model when the file has no errors,
/// and every diagnostic found, sorted and without repeats.
public struct LoadResult: Sendable {
    /// The file as far as it decoded, whatever its errors: every reminder
    /// that has an id, a title and an `at`. Nil when the file has no root
    /// mapping. The checker reads this; no writer may.
    public var decoded: ReminderFile?
    /// The indices in `decoded.reminders` of the reminders whose times
    /// (`at`, `timezone`, `before`, `repeat`, or the file's `timezone`
    /// they inherit) had an error: they are not what their author meant,
    /// and rules that read times leave them out. Empty without errors.
    public var wrongTimes: [Int] = []
    public var diagnostics: [Diagnostic]
    /// The model when the file has no errors: what every command writes from.
    public var file: ReminderFile? { hasErrors ? nil : decoded }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// Plain values YAML 1.1 tools would read as something other than text,
    /// for the checker (the node tree itself is not kept).
    public var implicitlyTyped: [YAML11.TypedScalar] = []
}

extension ReminderFile {
    /// Reads, decodes and validates a reminder file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the path as the user gave it; diagnostics carry it, the
    ///     default `uid-domain` is its name stem as a domain label, and the
    ///     holiday calendars its `holidays: {files: [...]}` name are read
    ///     from its folder (the only files loading reads).
    ///   - limits: the YAML reader's bounds.
    ///   - parallelism: with two threads or more, a long list of reminders
    ///     is decoded on a thread of its own beside the reader.
    public static func load(
        _ bytes: [UInt8], path: String, limits: Limits = .standard, parallelism: Parallelism = .sequential
    ) -> LoadResult {
        bytes.withUnsafeBufferPointer { load($0, path: path, limits: limits, parallelism: parallelism) }
    }

    /// `load` of the bytes `bytes` points at, which stay where they are
    /// until it returns (a file mapped into memory, say).
    ///
    /// Reminders are read as the reader streams them, each as its own
    /// mapping says (`ReminderDecoder.read`), and resolved in the file's
    /// zone and against its categories once the whole file is read, wherever
    /// `timezone:` and `categories:` are written. A long list is read beside
    /// the reader (`Relay`).
    public static func load(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, limits: Limits = .standard,
        parallelism: Parallelism = .sequential
    ) -> LoadResult {
        var decoder = ReminderDecoder()
        var streamed = DecodingContext(path: path)
        var read: [(Reminder, ReminderDecoder.Unresolved)] = []
        var didStream = false
        let relay = Relay<Node>(inlineLimit: parallelism.threads > 1 ? Relay<Node>.standardInlineLimit : Int.max) { item in
            if let reminder = decoder.read(item, context: &streamed) { read.append(reminder) }
        }
        let parsed = YAMLReader.parse(
            bytes, limits: limits,
            stream: ItemStream(key: "reminders") { item in
                didStream = true
                relay.send(item)
            })
        relay.finish()
        decoder.reportRepeatedIDs(context: &streamed)
        var context = DecodingContext(path: path)
        for problem in parsed.problems {
            context.report(problem, source: bytes)
        }
        var file: ReminderFile?
        var wrongTimes: [Int] = []
        if let root = parsed.root {
            file = FileDecoder.decode(
                root, path: path,
                streamed: {
                    // Moved out, so that the file decoder's array alone holds the
                    // reminders and changes each where it is.
                    defer { read = [] }
                    return didStream ? (decoder, read) : nil
                }, wrongTimes: &wrongTimes, context: &context)
            // A file with a syntax error has no root: the error is its only
            // diagnostic, whatever the items read before it had.
            context.append(streamed.diagnostics)
        } else if parsed.problems.isEmpty {
            context.report(.emptyFile, at: SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0))
        }
        let diagnostics = Diagnostic.sortedForReport(Array(Set(context.diagnostics)))
        return LoadResult(decoded: file, wrongTimes: wrongTimes, diagnostics: diagnostics, implicitlyTyped: parsed.implicitlyTyped)
    }
}

extension DecodingContext {
    /// Reports a problem of the YAML layer with its catalogue message.
    /// A syntax error is explained in plain words where `SyntaxExplanation`
    /// recognises it in `source`, the file's bytes.
    mutating func report(_ problem: YAMLProblem, source: UnsafeBufferPointer<UInt8>) {
        switch problem.kind {
        case .syntax(let text, let context):
            if let explained = SyntaxExplanation(
                problem: text, at: problem.span.start, contextPosition: problem.contextPosition, in: source)
            {
                report(
                    .yamlSyntax(explained.text, hint: explained.hint),
                    at: explained.position.map { SourceSpan(start: $0, length: 1) } ?? problem.span,
                    notes: explained.note.map { [$0] } ?? [])
                return
            }
            let notes = zip([context].compactMap { $0 }, [problem.contextPosition].compactMap { $0 }).map {
                Diagnostic.Note("\($0.0) here", at: SourceSpan(start: $0.1, length: 1))
            }
            report(.yamlSyntax(text), at: problem.span, notes: notes)
        case .invalidUTF8(let byte):
            report(.invalidUTF8(byte: byte), at: problem.span)
        case .disallowedCharacter(let value):
            report(.controlCharacter(value), at: problem.span)
        case .tooDeep(let limit):
            report(.tooDeep(limit: limit), at: problem.span)
        case .aliasBudgetExceeded(let limit):
            report(.aliasLimit(limit: limit), at: problem.span)
        case .undefinedAlias(let name):
            report(.undefinedAlias(name), at: problem.span)
        case .duplicateKey(let key, let first):
            report(
                .duplicateKey(key), at: problem.span,
                notes: [Diagnostic.Note("'\(key)' first defined here", at: SourceSpan(start: first, length: key.unicodeScalars.count))])
        case .invalidMerge:
            report(.invalidMerge, at: problem.span)
        case .multipleDocuments:
            report(.multipleDocuments, at: problem.span)
        }
    }
}
