internal import CLibYAML
import Dispatch
import Synchronization
import Glibc

// A long streamed list is read by two libyaml parsers at once: the first
// reads the file from its start; the second, on another thread, reads from
// an item near the middle, given a line that stands for everything before
// it. libyaml's scanner keeps no state across an item of a block list at the
// top level but the indentation of the mapping and the list, which that line
// recreates, so from that item on both parsers produce the same events.
//
// Nothing is taken on trust. The first parser reads on until it meets the
// item the second started at, and checks that it starts at that very
// character; it then stops and takes over what the second read. If the item
// is not where it should be (the chosen line was inside a quoted scalar, say)
// or the second half needs what the first defined (an alias of an anchor
// before the split, or the alias budget), the second half is thrown away and
// the first parser reads on alone, as if there had been no split.

/// Where a streamed list that could be split started, from the first parser.
struct StreamStart {
    /// The 0-based column of the list's `-` indicators.
    var column: Int
    /// The positions of the list and of the root mapping.
    var list: SourcePosition
    var root: SourcePosition
}

/// What the second parser read: the root mapping's items from the list on
/// (nil when it never closed), the problems it found, and where its first
/// item started (libyaml's character index, counted from its own start).
struct TailOutcome {
    var rootItems: [Node]?
    var rootEnd: SourcePosition?
    var problems: [YAMLProblem]
    var implicitlyTyped: [YAML11.TypedScalar]
    var aliasNodes: Int
    var failed: Bool
    var firstItemIndex: Int?
}

/// The second parser's input: the stand-in line, then the file from the split.
final class TailInput {
    let prefix: [UInt8]
    let rest: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(prefix: [UInt8], rest: UnsafeBufferPointer<UInt8>) {
        self.prefix = prefix
        self.rest = rest
    }

    /// Copies up to `size` bytes into `buffer`; the count copied.
    func read(into buffer: UnsafeMutablePointer<UInt8>, size: Int) -> Int {
        var copied = 0
        while copied < size && offset < prefix.count + rest.count {
            if offset < prefix.count {
                let count = min(size - copied, prefix.count - offset)
                prefix.withUnsafeBufferPointer { (buffer + copied).update(from: $0.baseAddress! + offset, count: count) }
                copied += count
                offset += count
            } else {
                let count = min(size - copied, prefix.count + rest.count - offset)
                (buffer + copied).update(from: rest.baseAddress! + (offset - prefix.count), count: count)
                copied += count
                offset += count
            }
        }
        return copied
    }
}

/// libyaml's read handler for a `TailInput`.
func readTailInput(_ data: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int,
                   _ sizeRead: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let data, let buffer, let sizeRead else { return 0 }
    sizeRead.pointee = Unmanaged<TailInput>.fromOpaque(data).takeUnretainedValue().read(into: buffer, size: size)
    return 1
}

/// The second half of a split list, read on another thread.
final class TailRead: @unchecked Sendable {
    /// The 1-based line of the item the second parser starts at.
    let line: Int32
    /// Characters before the split point, as libyaml counts them.
    private let charactersBefore: Int
    private let prefixCount: Int
    private let consumer: any ItemConsumer
    private let limits: Limits
    private let cancelled = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    /// Written by the second thread before it signals `done`.
    private var outcome: TailOutcome?
    /// What the second thread runs; set before it starts.
    private var work: (() -> Void)?
    /// Where the second thread starts: on another CPU than the first's.
    private var placement: CPUPlacement?

    private init(line: Int32, charactersBefore: Int, prefixCount: Int, consumer: any ItemConsumer, limits: Limits) {
        self.line = line
        self.charactersBefore = charactersBefore
        self.prefixCount = prefixCount
        self.consumer = consumer
        self.limits = limits
    }

    /// Looks for a split point from byte `from` on and starts the second
    /// parser there; nil when there is none, or `consumer` takes no tail.
    /// The first parser reads `whole` from byte `first` on; `whole` must
    /// stay valid until `finish` or `abandon` returns.
    static func start(_ whole: UnsafeBufferPointer<UInt8>, after first: Int, from: Int, key: String, at start: StreamStart,
                      consumer: any ItemConsumer, limits: Limits) -> TailRead? {
        guard key.utf8.allSatisfy({ isPlainKeyByte($0) }), !key.isEmpty,
              let split = SplitPoint.find(in: whole, after: first, from: from, column: start.column),
              let tailConsumer = consumer.makeTail() else { return nil }
        let prefix = Array((key + ":\n").utf8)
        // The second parser's line 1 (0-based) is the split's line.
        let marks = MarkConverter(lineShift: split.line - 1)
        let read = TailRead(line: Int32(split.line + 1), charactersBefore: split.characters, prefixCount: prefix.count,
                            consumer: tailConsumer, limits: limits)
        // The source points into the caller's buffer, and the consumer is the
        // second thread's alone until `finish` or `abandon` has waited for it.
        let source = Source(whole: whole, start: split.offset, prefix: prefix, marks: marks)
        // The closure holds `read` until the thread lets it go.
        read.work = {
            let session = ParserSession(limits: limits, stream: ItemStream(key: key, consumer: tailConsumer), source: source)
            read.outcome = session.runTail(cancelled: { read.cancelled.load(ordering: .relaxed) },
                                           streamStart: start.list, rootStart: start.root)
        }
        // A thread of its own, not a worker of a shared pool: the first
        // parser waits for this one, and a pool busy with other waiters
        // might never run it.
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        read.placement = CPUPlacement.elsewhere()
        read.placement?.apply(to: &attributes)
        let started = pthread_create(&thread, &attributes, { context in
            let read = Unmanaged<TailRead>.fromOpaque(context!).takeRetainedValue()
            read.placement?.restore()
            read.work?()
            read.work = nil
            read.done.signal()
            return nil
        }, Unmanaged.passRetained(read).toOpaque())
        guard started == 0 else {
            read.work = nil
            Unmanaged.passUnretained(read).release()
            return nil
        }
        pthread_detach(thread)
        return read
    }

    /// Waits for the second parser. Its outcome and consumer when the first
    /// parser, at an item starting at character `headIndex` on `line`, may
    /// stop and take them: the second parser started at that very item and
    /// needed nothing from before it. Nil otherwise.
    func finish(headIndex: Int, headAliasNodes: Int) -> (TailOutcome, any ItemConsumer)? {
        done.wait()
        guard let outcome, let first = outcome.firstItemIndex,
              first - prefixCount + charactersBefore == headIndex,
              headAliasNodes + outcome.aliasNodes <= limits.maxAliasNodes,
              !outcome.problems.contains(where: { problem in
                  switch problem.kind {
                  // libyaml's reader checks the text some kilobytes ahead, so
                  // where a bad character stops reading depends on where
                  // reading began: the first parser reads up to it itself.
                  case .undefinedAlias, .aliasBudgetExceeded, .invalidUTF8, .disallowedCharacter: true
                  default: false
                  }
              }) else { return nil }
        return (outcome, consumer)
    }

    /// Stops the second parser and waits for it; its work is dropped.
    func abandon() {
        cancelled.store(true, ordering: .relaxed)
        done.wait()
    }

    private static func isPlainKeyByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
    }
}

/// Where to split a list: the start of a line holding an item of it.
struct SplitPoint {
    /// The byte offset of the line's start.
    var offset: Int
    /// The 0-based line, and the characters from the first parser's start
    /// to `offset`, as libyaml counts them.
    var line: Int
    var characters: Int

    /// The first line at or after byte `from` that is `column` spaces, `- `
    /// and then something on the same line (not a comment): what an item of
    /// a list at that column looks like. Nil when there is none nearby, or
    /// when the text before it has a line break other than `\n` (libyaml
    /// also counts `\r`, U+0085, U+2028 and U+2029), which would make the
    /// line count here differ from libyaml's.
    static func find(in bytes: UnsafeBufferPointer<UInt8>, after first: Int = 0, from: Int, column: Int) -> SplitPoint? {
        let window = 1 << 20
        var index = max(from, first + 1)
        let limit = min(bytes.count, index + window)
        var found: Int?
        while index < limit {
            if bytes[index - 1] == 0x0A && looksLikeItem(bytes, at: index, column: column) {
                found = index
                break
            }
            index += 1
        }
        guard let offset = found else { return nil }
        let before = UnsafeBufferPointer(rebasing: bytes[first..<offset])
        let counts = ByteCounts(before)
        if counts.mayHaveOtherLineBreaks && hasOtherLineBreaks(before) { return nil }
        return SplitPoint(offset: offset, line: counts.lineFeeds, characters: counts.characters)
    }

    private static func looksLikeItem(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, column: Int) -> Bool {
        let dash = start + column
        guard dash + 2 < bytes.count else { return false }
        for index in start..<dash where bytes[index] != 0x20 { return false }
        let next = bytes[dash + 2]
        return bytes[dash] == 0x2D && bytes[dash + 1] == 0x20 && next != 0x20 && next != 0x09 && next != 0x0A && next != 0x0D
            && next != 0x23
    }

    private static func hasOtherLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0D: return true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return true
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return true
            default: index += 1
            }
        }
        return false
    }
}

/// What `SplitPoint` needs to know of the text before the point: its `\n`
/// bytes, its characters (bytes that do not continue a UTF-8 sequence), and
/// whether it has a byte that may begin another line break (`\r`, or the
/// lead byte of U+0085, U+2028 or U+2029).
///
/// Counted eight bytes at a time in a 64-bit word, each byte's test turned
/// into a 1 in its own byte of a running sum, which is added up every 255
/// words, before a byte could overflow: half the file is counted before the
/// second parser can start, and a byte at a time took about 4 ms for 7 MiB
/// (this, under 1 ms).
struct ByteCounts {
    var lineFeeds = 0
    var characters = 0
    var mayHaveOtherLineBreaks = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let words = bytes.count / 8
        var continuations = 0
        var suspicious: UInt64 = 0
        if let base = bytes.baseAddress, words > 0 {
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index < words {
                let end = min(index + 255, words)
                var feedLanes: UInt64 = 0, continuationLanes: UInt64 = 0
                while index < end {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
                    feedLanes &+= Self.equal(word, 0x0A) >> 7
                    suspicious |= Self.equal(word, 0x0D) | Self.equal(word, 0xC2) | Self.equal(word, 0xE2)
                    // A continuation byte is 10xxxxxx: top bit set, the next clear.
                    continuationLanes &+= (word & ~(word << 1) & Self.highBits) >> 7
                    index &+= 1
                }
                lineFeeds &+= Self.sumOfLanes(feedLanes)
                continuations &+= Self.sumOfLanes(continuationLanes)
            }
        }
        mayHaveOtherLineBreaks = suspicious != 0
        for byte in UnsafeBufferPointer(rebasing: bytes[(words * 8)...]) {
            lineFeeds += byte == 0x0A ? 1 : 0
            continuations += byte & 0xC0 == 0x80 ? 1 : 0
            mayHaveOtherLineBreaks = mayHaveOtherLineBreaks || byte == 0x0D || byte == 0xC2 || byte == 0xE2
        }
        characters = bytes.count - continuations
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowSevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The top bit of each of the word's bytes that is `byte`: each such
    /// byte becomes zero, and a zero byte is the only one whose top bit
    /// stays clear after adding 0x7F to its low seven bits (no carry crosses
    /// a byte).
    @inline(__always)
    private static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        let nonzero = ((x & lowSevenBits) &+ lowSevenBits) | x
        return ~nonzero & highBits
    }

    /// The sum of the word's eight bytes: pairs added into 16-bit lanes,
    /// then the lanes into the top one by a multiplication.
    @inline(__always)
    private static func sumOfLanes(_ lanes: UInt64) -> Int {
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}
