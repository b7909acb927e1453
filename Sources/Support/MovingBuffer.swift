/// A list whose elements are moved out of it, in order, rather than copied:
/// the tree builder's open collections (each closing one's nodes moved
/// into their own array), and each half of a long list of reminders (moved
/// into the file's one array when the halves are joined).
///
/// An `Array` cannot end before elements moved out of it without
/// destroying what it held there, and copying an element counts a
/// reference to each of its parts up, then destroying the original counts
/// them down again; here the buffer simply ends where the moved elements
/// began.
package final class MovingBuffer<Element> {
    // One thread at a time uses a buffer, and no access to these overlaps
    // another: the run-time exclusivity check on every access (which
    // inlined code from other modules would make) is left out.
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
    @usableFromInline @exclusivity(unchecked) var capacity: Int
    @usableFromInline @exclusivity(unchecked) private(set) var storedCount = 0

    package init(capacity: Int = 64) {
        base = .allocate(capacity: max(capacity, 1))
        self.capacity = max(capacity, 1)
    }

    deinit {
        base.deinitialize(count: storedCount)
        base.deallocate()
    }

    @inlinable package var count: Int { storedCount }
    @inlinable package var isEmpty: Bool { storedCount == 0 }

    /// The element at `index`, copied.
    @inlinable package subscript(index: Int) -> Element {
        precondition(index >= 0 && index < storedCount, "MovingBuffer index out of range")
        return base[index]
    }

    @inlinable package var last: Element? { storedCount > 0 ? base[storedCount - 1] : nil }

    @inlinable package func append(_ element: consuming Element) {
        if storedCount == capacity { grow() }
        (base + storedCount).initialize(to: element)
        storedCount += 1
    }

    /// Moves the elements from `first` on out, in order, each to `take`;
    /// the buffer then ends at `first`.
    @inlinable package func removeAll(from first: Int, _ take: (consuming Element) -> Void) {
        precondition(first >= 0 && first <= storedCount, "MovingBuffer index out of range")
        let end = storedCount
        // Ended first: an element moved out must never be seen again.
        storedCount = first
        for index in first..<end { take((base + index).move()) }
    }

    /// The elements of `buffers`, in order, moved into one array; the
    /// buffers are left empty.
    package static func joined(_ buffers: [MovingBuffer<Element>]) -> [Element] {
        let total = buffers.reduce(0) { $0 + $1.storedCount }
        return Array(unsafeUninitializedCapacity: total) { slots, initialized in
            var offset = 0
            for buffer in buffers {
                (slots.baseAddress! + offset).moveInitialize(from: buffer.base, count: buffer.storedCount)
                offset += buffer.storedCount
                buffer.storedCount = 0
            }
            initialized = total
        }
    }

    @usableFromInline func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: storedCount)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
