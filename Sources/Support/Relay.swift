import Foundation

/// Takes values in the order they are sent, with `take`: on the sending
/// thread for the first few, and once `inlineLimit` values have come, on a
/// thread of its own, in batches, while the sender goes on making more.
///
/// A short list costs no thread; a long one is taken beside the work that
/// makes it. `take` runs on one thread at a time, in order, whichever that
/// is: the state it changes is its own until `finish` returns.
package final class Relay<Value: Sendable>: @unchecked Sendable {
    private let take: (Value) -> Void
    private let inlineLimit: Int
    private let batchSize: Int
    /// Batches waiting for the taking thread; the sender waits while
    /// `capacity` are, so memory stays bounded.
    private let capacity = 8
    private let condition = NSCondition()
    private var waiting: [[Value]] = []
    private var closed = false
    private var sent = 0
    private var batch: [Value] = []
    private var started = false
    private let done = DispatchSemaphore(value: 0)

    /// How many values are taken on the sending thread before one of its own starts.
    package static var standardInlineLimit: Int { 2_048 }

    package init(inlineLimit: Int = standardInlineLimit, batchSize: Int = 256, take: @escaping (Value) -> Void) {
        self.take = take
        self.inlineLimit = inlineLimit
        self.batchSize = batchSize
    }

    package func send(_ value: Value) {
        sent += 1
        guard sent > inlineLimit else {
            take(value)
            return
        }
        if !started { start() }
        batch.append(value)
        if batch.count == batchSize {
            push(batch)
            batch = []
            batch.reserveCapacity(batchSize)
        }
    }

    /// Waits until every value sent is taken.
    package func finish() {
        guard started else { return }
        push(batch)
        batch = []
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        done.wait()
        started = false
    }

    private func start() {
        started = true
        let thread = Thread { [self] in
            while let values = pop() {
                for value in values { take(value) }
            }
            done.signal()
        }
        thread.start()
    }

    private func push(_ values: [Value]) {
        condition.lock()
        while waiting.count >= capacity { condition.wait() }
        waiting.append(values)
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, or nil once the relay is closed and every batch taken.
    private func pop() -> [Value]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }
}
