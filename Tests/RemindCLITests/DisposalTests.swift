import Foundation
import Testing
@testable import RemindCLI

@Suite struct DisposalTests {
    final class Probe: Sendable {}

    /// Let go in the background, a value is freed soon after; left to the
    /// process's end, never.
    @Test func backgroundFreesAndExitKeeps() async throws {
        weak var freed: Probe?
        weak var kept: Probe?
        do {
            let first = Probe(), second = Probe()
            freed = first
            kept = second
            Disposal.inBackground.dispose([first])
            Disposal.leftToExit.dispose([second])
        }
        for _ in 0..<200 where freed != nil { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(freed == nil)
        #expect(kept != nil)
    }
}
