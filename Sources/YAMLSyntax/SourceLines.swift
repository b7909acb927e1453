/// Line arithmetic over the raw bytes of a file, with the same line breaks
/// libyaml uses: LF, CR LF, lone CR, NEL (U+0085), LS (U+2028) and PS (U+2029).
public enum SourceLines {
    /// The 1-based line and column of the byte at `offset`, with the column in
    /// Unicode scalars (a UTF-8 continuation byte does not start a new column).
    ///
    /// libyaml reports encoding errors as a byte offset only; this turns one
    /// into the position every other diagnostic uses.
    public static func position(ofByteOffset offset: Int, in bytes: some Collection<UInt8>) -> SourcePosition {
        var line = 1
        var column = 1
        var index = 0
        var iterator = bytes.makeIterator()
        var previous: UInt8 = 0
        var skipBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        while index < offset, let byte = iterator.next() {
            defer { index += 1; previous = byte }
            if skipBOM {
                if index == 2 { skipBOM = false }
                continue
            }
            switch byte {
            case 0x0A:
                if previous != 0x0D { line += 1 }
                column = 1
            case 0x0D:
                line += 1
                column = 1
            case 0x80...0xBF:
                // A continuation byte; NEL, LS and PS end in one.
                if isWideBreakEnd(previous: previous, byte: byte, index: index, bytes: bytes) {
                    line += 1
                    column = 1
                }
            default:
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    private static func isWideBreakEnd(previous: UInt8, byte: UInt8, index: Int, bytes: some Collection<UInt8>) -> Bool {
        // NEL is C2 85; LS and PS are E2 80 A8 and E2 80 A9.
        if previous == 0xC2 && byte == 0x85 { return true }
        if byte == 0xA8 || byte == 0xA9, index >= 2 {
            let start = bytes.index(bytes.startIndex, offsetBy: index - 2)
            return bytes[start] == 0xE2 && previous == 0x80
        }
        return false
    }

    /// The text of 1-based line `number`, without its line break, or nil past
    /// the end. Invalid UTF-8 is shown with replacement characters. For many
    /// lines of one file, make a `LineIndex` once instead.
    public static func line(_ number: Int, in bytes: [UInt8]) -> String? {
        LineIndex(bytes).line(number)
    }

    /// Where each line of a file starts, found in one pass: any line's text
    /// in constant time after that.
    public struct LineIndex: Sendable {
        private let bytes: [UInt8]
        /// Byte offsets: line `n` runs from `starts[n - 1]` to the line break
        /// that begins at `ends[n - 1]`.
        private var starts: [Int] = []
        private var ends: [Int] = []

        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var index = start
            while index < bytes.count {
                let width = SourceLines.breakWidth(at: index, in: bytes)
                if width > 0 {
                    starts.append(start)
                    ends.append(index)
                    index += width
                    start = index
                } else {
                    index += 1
                }
            }
            starts.append(start)
            ends.append(bytes.count)
        }

        /// The text of 1-based line `number`, without its line break, or nil
        /// past the end.
        public func line(_ number: Int) -> String? {
            guard number >= 1 && number <= starts.count else { return nil }
            return String(decoding: bytes[starts[number - 1]..<ends[number - 1]], as: UTF8.self)
        }
    }

    /// The number of bytes of the line break at `index`, or 0 if none starts there.
    fileprivate static func breakWidth(at index: Int, in bytes: [UInt8]) -> Int {
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return 0 }
            return bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }
}
