import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Support

@Suite struct ReadMostlyTableTests {
    /// Many threads asking for a few keys at once: each value is made once,
    /// and every thread gets the value made for its key.
    @Test func eachValueIsMadeOnceWhateverTheThreads() {
        let table = ReadMostlyTable<Int, String>()
        let made = Mutex<[Int]>([])
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<2_000 {
                let key = (thread + round) % 5
                let value = table.value(for: key) { key in
                    made.withLock { $0.append(key) }
                    return "value \(key)"
                }
                if value != "value \(key)" { wrong.add(1, ordering: .relaxed) }
            }
        }
        #expect(made.withLock { $0.sorted() } == [0, 1, 2, 3, 4])
        #expect(wrong.load(ordering: .relaxed) == 0)
    }
}
