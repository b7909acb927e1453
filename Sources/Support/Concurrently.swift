import Foundation

/// Work on several threads for large inputs: the checker's schedules and
/// the writers' components. How many is the caller's to say (`threads`,
/// from the command's `Parallelism`); one runs on the calling thread.
package enum Concurrently {
    /// `transform(0)`, `transform(1)`, ... `transform(count - 1)`, in order.
    /// With `threads` of two or more and `count` of two `chunk`s or more,
    /// the indices are split in one run per thread, done at once.
    package static func map<T>(_ count: Int, chunk: Int = 1, threads: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        let runs = min(threads, count / max(chunk, 1))
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
