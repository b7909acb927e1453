import Foundation
import Testing
@testable import Support

@Suite struct RelayTests {
    /// Every value is taken once, in the order sent, whether the relay
    /// takes them all on the sending thread (few values) or goes on on a
    /// thread of its own (many); `finish` returns once the last is taken.
    @Test(arguments: [0, 1, 5, 6, 100, 10_000])
    func takesEveryValueInOrder(_ count: Int) {
        var taken: [Int] = []
        var threads: Set<String> = []
        let relay = Relay<Int>(inlineLimit: 5, batchSize: 7) { value in
            taken.append(value)
            threads.insert("\(pthread_self())")
        }
        for value in 0..<count { relay.send(value) }
        relay.finish()
        #expect(taken == Array(0..<count))
        // Up to the limit, on the sender's thread alone; after it, on one more.
        #expect(threads.count == (count > 5 ? 2 : count == 0 ? 0 : 1))
    }

    /// A sender that runs ahead waits for the taker: at most a few batches
    /// wait at once, however many values are sent.
    @Test func aFastSenderWaitsForASlowTaker() {
        nonisolated(unsafe) var inFlight = 0, most = 0
        let lock = NSLock()
        let relay = Relay<Int>(inlineLimit: 0, batchSize: 10) { _ in
            lock.withLock { inFlight -= 1 }
            usleep(20)
        }
        for value in 0..<2_000 {
            lock.withLock {
                inFlight += 1
                most = max(most, inFlight)
            }
            relay.send(value)
        }
        relay.finish()
        #expect(inFlight == 0)
        // Eight batches waiting, one being taken, one being filled.
        #expect(most <= 10 * 10)
    }
}
