import Foundation

/// Work on every core for large inputs: the checker's schedules and the
/// writers' components.
package enum Concurrently {
    /// `transform(0)`, `transform(1)`, ... `transform(count - 1)`, in order.
    /// With at least two cores and `count` of two `chunk`s or more, the
    /// indices are split in one run per core, done at once.
    package static func map<T>(_ count: Int, chunk: Int = 1, _ transform: @Sendable (Int) -> T) -> [T] {
        let runs = min(ProcessInfo.processInfo.activeProcessorCount, count / max(chunk, 1))
        guard runs > 1 else { return (0..<count).map(transform) }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each run initializes its own slots, and no slot is read until
            // every run is done.
            nonisolated(unsafe) let slots = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                for index in (count * run / runs)..<(count * (run + 1) / runs) {
                    (slots + index).initialize(to: transform(index))
                }
            }
            initialized = count
        }
    }
}

extension Concurrently {
    /// `map`, for a transform that makes two values: the two arrays.
    package static func map<A, B>(_ count: Int, chunk: Int = 1, _ transform: @Sendable (Int) -> (A, B)) -> ([A], [B]) {
        let runs = min(ProcessInfo.processInfo.activeProcessorCount, count / max(chunk, 1))
        guard runs > 1 else {
            var first: [A] = [], second: [B] = []
            first.reserveCapacity(count)
            second.reserveCapacity(count)
            for index in 0..<count {
                let (a, b) = transform(index)
                first.append(a)
                second.append(b)
            }
            return (first, second)
        }
        var second: [B] = []
        let first = Array<A>(unsafeUninitializedCapacity: count) { firstBuffer, firstInitialized in
            second = Array(unsafeUninitializedCapacity: count) { secondBuffer, secondInitialized in
                // As in `map`: each run initializes its own slots of both.
                nonisolated(unsafe) let firstSlots = firstBuffer.baseAddress!, secondSlots = secondBuffer.baseAddress!
                DispatchQueue.concurrentPerform(iterations: runs) { run in
                    for index in (count * run / runs)..<(count * (run + 1) / runs) {
                        let (a, b) = transform(index)
                        (firstSlots + index).initialize(to: a)
                        (secondSlots + index).initialize(to: b)
                    }
                }
                secondInitialized = count
            }
            firstInitialized = count
        }
        return (first, second)
    }
}
