/// The occurrences of several schedules inside a window, in time order,
/// merged as they come: each schedule's sequence is read lazily and a small
/// heap picks the earliest, so nothing is collected and sorted, and memory
/// stays flat however many occurrences pass.
///
/// Occurrences at the same instant come in the order the schedules were
/// given (file order), so the output is the same on every run.
public struct Timeline: Sequence, IteratorProtocol {
    public typealias Element = (source: Int, occurrence: Occurrence)

    private var sources: [Occurrences]
    private var taken: [Int]
    private let end: Instant
    private let limit: Int?
    /// A binary min-heap of each source's next occurrence, by (instant, source).
    private var heap: [(instant: Instant, source: Int, occurrence: Occurrence)] = []

    /// The occurrences of `schedules` in `[start, end)`, at most `limit` of
    /// each schedule.
    /// `includingSkipped`: the occurrences days off leave out too, marked
    /// (`Occurrence.isSkipped`), which `limit` does not count.
    public init(_ schedules: [Schedule], from start: Instant, to end: Instant, limit: Int? = nil, includingSkipped: Bool = false) {
        sources = schedules.map { schedule in
            var occurrences = schedule.occurrences()
            if includingSkipped { occurrences.includeSkipped() }
            return occurrences
        }
        taken = Array(repeating: 0, count: schedules.count)
        self.end = end
        self.limit = limit
        if let limit, limit < 1 { return }
        for index in sources.indices {
            // Whole periods before the window are passed over, not walked:
            // a start in 1900 repeating every second costs what the window
            // holds. No offset is two days, so nothing at or after `start`
            // has a wall clock before this.
            sources[index].skip(toWallClock: start.wallTime(offset: -2 * secondsPerDay))
            while let occurrence = sources[index].next() {
                if occurrence.instant >= end { break }
                if occurrence.instant >= start {
                    push((occurrence.instant, index, occurrence))
                    break
                }
            }
        }
    }

    /// Passes over the occurrences of `source` before `instant` (whose wall
    /// clock in the source's zone is `wallClock`), but for the one already
    /// waiting: a view that shows a dozen of a reminder's occurrences a day
    /// skips the rest of a repeat every second, not walks it.
    public mutating func pass(_ source: Int, until instant: Instant, wallClock: LocalDateTime) {
        if passing.isEmpty { passing = Array(repeating: nil, count: sources.count) }
        passing[source] = (instant, wallClock)
    }

    /// Per source, what `pass` asked to pass over.
    private var passing: [(instant: Instant, wallClock: LocalDateTime)?] = []

    /// The next occurrence of `source`, past what `pass` asked to pass over.
    private mutating func following(_ source: Int) -> Occurrence? {
        guard !passing.isEmpty, let until = passing[source] else { return sources[source].next() }
        passing[source] = nil
        sources[source].skip(toWallClock: WallTime(until.wallClock))
        while let next = sources[source].next() {
            if next.instant >= until.instant || next.instant >= end { return next }
        }
        return nil
    }

    public mutating func next() -> Element? {
        guard let first = heap.first else { return nil }
        let source = first.source
        if !first.occurrence.isSkipped { taken[source] += 1 }
        if limit.map({ taken[source] < $0 }) ?? true, let following = following(source), following.instant < end {
            heap[0] = (following.instant, source, following)
            siftDown(0)
        } else {
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
        }
        return (source, first.occurrence)
    }

    private static func before(
        _ a: (instant: Instant, source: Int, occurrence: Occurrence),
        _ b: (instant: Instant, source: Int, occurrence: Occurrence)
    ) -> Bool {
        a.instant < b.instant || (a.instant == b.instant && a.source < b.source)
    }

    private mutating func push(_ entry: (instant: Instant, source: Int, occurrence: Occurrence)) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && Self.before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && Self.before(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
