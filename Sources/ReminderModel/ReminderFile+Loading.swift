import Support
import Foundation
import YAMLSyntax

/// The outcome of loading one file: the model when the file has no errors,
/// and every diagnostic found, sorted and without repeats.
public struct LoadResult: Sendable {
    public var file: ReminderFile?
    public var diagnostics: [Diagnostic]
    /// Plain values YAML 1.1 tools would read as something other than text,
    /// for the checker (the node tree itself is not kept).
    public var implicitlyTyped: [YAML11.TypedScalar] = []
}

extension ReminderFile {
    /// Reads, decodes and validates a reminder file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the path as the user gave it; diagnostics carry it, and the
    ///     default `uid-domain` is its name stem.
    ///   - limits: the YAML reader's bounds.
    public static func load(_ bytes: [UInt8], path: String, limits: Limits = .standard) -> LoadResult {
        bytes.withUnsafeBufferPointer { load($0, path: path, limits: limits) }
    }

    /// `load` of the bytes `bytes` points at, which stay where they are
    /// until it returns (a file mapped into memory, say).
    public static func load(_ bytes: UnsafeBufferPointer<UInt8>, path: String, limits: Limits = .standard) -> LoadResult {
        let large = bytes.count >= concurrentDecodingSize
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // The split is looked for a little after the middle: the second
        // thread starts only once the first has read what comes before the
        // list and found the point, so it gets a little less to read.
        return load(bytes, path: path, limits: limits, decodeBeside: large && cores > 1,
                    splitFrom: large && cores > 1 ? bytes.count / 100 * 52 : nil)
    }

    /// From this size on, a file's reminders are read on two threads: the
    /// list is split in two halves, each read and decoded on its own thread,
    /// or, when it cannot be split, decoded on a second thread while the
    /// reader reads on. Smaller files are not worth starting one.
    static let concurrentDecodingSize = 256 * 1024

    /// `load`, with the choices of decoding beside the reader and of where
    /// to split the list made by the caller.
    static func load(_ bytes: [UInt8], path: String, limits: Limits = .standard, decodeBeside: Bool,
                     splitFrom: Int? = nil) -> LoadResult {
        bytes.withUnsafeBufferPointer { load($0, path: path, limits: limits, decodeBeside: decodeBeside, splitFrom: splitFrom) }
    }

    static func load(_ bytes: UnsafeBufferPointer<UInt8>, path: String, limits: Limits = .standard, decodeBeside: Bool,
                     splitFrom: Int? = nil) -> LoadResult {
        // Reminders are read as the reader streams them, and resolved in the
        // file's zone and against its categories once the whole file is read.
        let stream = ReminderStream(path: path, concurrent: decodeBeside)
        let parsed = YAMLReader.parse(bytes, limits: limits, stream: ItemStream(key: "reminders", consumer: stream, splitFrom: splitFrom))
        stream.finish()
        var context = DecodingContext(path: path)
        for problem in parsed.problems {
            context.report(problem)
        }
        var file: ReminderFile?
        if let root = parsed.root {
            file = FileDecoder.decode(root, path: path, streamed: { stream.takeRead() }, context: &context)
            // A file with a syntax error has no root: the error is its only
            // diagnostic, whatever the items read before it had.
            context.append(stream.diagnostics)
        } else if parsed.problems.isEmpty {
            context.report(.emptyFile, at: SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0))
        }
        let diagnostics = Diagnostic.sortedForReport(Array(Set(context.diagnostics)))
        return LoadResult(file: context.hasErrors ? nil : file, diagnostics: diagnostics, implicitlyTyped: parsed.implicitlyTyped)
    }
}

/// Reads the items of `reminders:` one by one as the reader hands them
/// over, so the tree never holds them: the front end's memory stays near the
/// size of the model.
///
/// With `concurrent`, the items go in batches to a second thread that decodes
/// them in order while the reader reads on; the decoder's state belongs to
/// that thread from the first item until `finish` has waited for it. When
/// the reader splits the list instead (`makeTail`), each half is decoded
/// in line by the thread that reads it.
private final class ReminderStream: ItemConsumer, @unchecked Sendable {
    /// The decoder and what it has made so far.
    struct Decoding {
        var decoder: ReminderDecoder
        var context: DecodingContext
        /// The reminders read, with what each leaves to resolve, a buffer per
        /// half of a split list, moved into one array at the end.
        var decoded = [MovingBuffer<(Reminder, ReminderDecoder.Unresolved)>(capacity: 1_024)]

        mutating func decode(_ item: Node) {
            if let read = decoder.read(item, context: &context) { decoded[0].append(read) }
        }

        /// Takes over the reminders, ids and diagnostics of the items after these.
        mutating func append(_ later: Decoding) {
            decoded += later.decoded
            decoder.append(idsOf: later.decoder)
            context.append(later.context.diagnostics)
        }
    }

    let path: String
    private var concurrent: Bool
    /// Set by `begin`; the decoder thread's own while it runs.
    private(set) var decoding: Decoding?
    private var batch: [Node] = []
    private var handOff: BatchQueue?
    private let decoded = DispatchSemaphore(value: 0)

    init(path: String, concurrent: Bool) {
        self.path = path
        self.concurrent = concurrent
    }

    /// The decoder and what it read, in order, when the list was streamed;
    /// taken once (the buffers are emptied).
    func takeRead() -> (ReminderDecoder, [(Reminder, ReminderDecoder.Unresolved)])? {
        decoding.map { ($0.decoder, MovingBuffer.joined($0.decoded)) }
    }
    var diagnostics: [Diagnostic] { decoding?.context.diagnostics ?? [] }

    func begin(after pairs: [Node.Pair]) -> Bool {
        decoding = Decoding(decoder: ReminderDecoder(), context: DecodingContext(path: path))
        return true
    }

    func makeTail() -> (any ItemConsumer)? {
        guard decoding != nil, handOff == nil else { return nil }
        // Both threads read; neither hands its items to a third.
        concurrent = false
        let tail = ReminderStream(path: path, concurrent: false)
        tail.decoding = Decoding(decoder: ReminderDecoder(), context: DecodingContext(path: path))
        return tail
    }

    func adopt(_ tail: any ItemConsumer) {
        guard let tail = tail as? ReminderStream, let later = tail.decoding else { return }
        decoding?.append(later)
    }

    func consume(_ item: Node) {
        guard concurrent else {
            decoding?.decode(item)
            return
        }
        if handOff == nil { startDecoding() }
        batch.append(item)
        if batch.count == 256 {
            handOff!.push(batch)
            batch = []
        }
    }

    private func startDecoding() {
        let queue = BatchQueue(capacity: 8)
        handOff = queue
        let worker = Thread { [self] in
            // A local copy, written back once: no access to this object per item.
            var work = decoding!
            while let items = queue.pop() {
                for item in items { work.decode(item) }
            }
            decoding = work
            decoded.signal()
        }
        worker.start()
    }

    /// Hands over the last items, waits until every one is decoded, and
    /// reports repeated ids.
    func finish() {
        if let handOff {
            handOff.push(batch)
            batch = []
            handOff.close()
            decoded.wait()
            self.handOff = nil
        }
        guard var work = decoding else { return }
        work.decoder.reportRepeatedIDs(context: &work.context)
        decoding = work
    }
}

/// Batches of nodes passed from the reader's thread to the decoder's; the
/// reader waits when `capacity` batches are waiting, so memory stays bounded.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[Node]] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func push(_ batch: [Node]) {
        condition.lock()
        while batches.count >= capacity { condition.wait() }
        batches.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, or nil once the queue is closed and empty.
    func pop() -> [Node]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !closed { condition.wait() }
        guard !batches.isEmpty else { return nil }
        condition.broadcast()
        return batches.removeFirst()
    }
}

extension DecodingContext {
    /// Reports a problem of the YAML layer with its catalogue message.
    mutating func report(_ problem: YAMLProblem) {
        switch problem.kind {
        case .syntax(let text, let context):
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
            report(.duplicateKey(key), at: problem.span,
                   notes: [Diagnostic.Note("'\(key)' first defined here", at: SourceSpan(start: first, length: key.unicodeScalars.count))])
        case .invalidMerge:
            report(.invalidMerge, at: problem.span)
        case .multipleDocuments:
            report(.multipleDocuments, at: problem.span)
        }
    }
}
