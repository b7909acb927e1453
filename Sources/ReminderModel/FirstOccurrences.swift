/// Finds, for each text of a list, the first earlier place with the same
/// text, byte for byte (reminder ids are ASCII; `é` and `e` with a combining
/// accent, equal as Swift strings, are two texts here).
///
/// An open-addressing table of 64-bit slots, each a position in the list
/// and the top half of its text's hash (FNV-1a over the UTF-8 bytes), so
/// that a probe reads one slot and compares text only when the halves
/// agree. The hashes are made beforehand (`hash`), as each reminder is
/// decoded beside the parser: for 100,000 ids the table is 2 MiB, and its
/// reads, one per id, are what is left of the work once every reminder is
/// read.
struct FirstOccurrences {
    private var slots: [UInt64]
    private let mask: Int

    /// A table for up to `count` distinct texts.
    init(count: Int) {
        var capacity = 16
        while capacity < 2 * count { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The position of the first text before `position` equal to `text`,
    /// whose hash is `hash`, or nil when there is none; then remembers
    /// `position` as that text's first place if it is the first. `texts`
    /// gives the text at an earlier position.
    mutating func earlier(_ text: String, hash: UInt64, at position: Int, in texts: (Int) -> String) -> Int? {
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            // A slot holds the position plus one, so that zero is empty.
            if entry >> 32 == tag, texts(Int(entry & 0xFFFF_FFFF) - 1).utf8.elementsEqual(text.utf8) {
                return Int(entry & 0xFFFF_FFFF) - 1
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag << 32 | UInt64(position + 1)
        return nil
    }

    /// `earlier`, hashing `text` here.
    mutating func earlier(_ text: String, at position: Int, in texts: (Int) -> String) -> Int? {
        earlier(text, hash: Self.hash(text), at: position, in: texts)
    }

    static func hash(_ text: String) -> UInt64 {
        let hash = withBytes(of: text) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
        // FNV's low bits mix poorly; fold the high ones in.
        return hash ^ (hash >> 29)
    }
}
