import Dispatch
import Glibc
import Testing
@testable import YAMLSyntax

@Suite struct CPUPlacementTests {
    /// What a thread saw of where it ran.
    final class Seen: @unchecked Sendable {
        var placement: CPUPlacement
        var startedOn: Int?
        var allowedAfterRestore: cpu_set_t?
        let done = DispatchSemaphore(value: 0)

        init(_ placement: CPUPlacement) {
            self.placement = placement
        }
    }

    /// A thread started with the placement runs first on another CPU than
    /// the one its maker ran on, then may run on every CPU its maker may.
    @Test func aThreadStartsOnAnotherCPUThenAnywhere() throws {
        let allowed = try #require(CPUPlacement.allowedCPUs())
        let count = withUnsafeBytes(of: allowed) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
        guard let placement = CPUPlacement.elsewhere() else {
            #expect(count == 1, "no other CPU, though this thread may run on \(count)")
            return
        }
        let seen = Seen(placement)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        seen.placement.apply(to: &attributes)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            let seen = Unmanaged<Seen>.fromOpaque(context!).takeRetainedValue()
            seen.startedOn = CPUPlacement.currentCPU()
            seen.placement.restore()
            seen.allowedAfterRestore = CPUPlacement.allowedCPUs()
            seen.done.signal()
            return nil
        }, Unmanaged.passRetained(seen).toOpaque())
        try #require(started == 0)
        pthread_detach(thread)
        seen.done.wait()
        #expect(seen.startedOn != nil && seen.startedOn != placement.excluded)
        let after = try #require(seen.allowedAfterRestore)
        #expect(withUnsafeBytes(of: after) { Array($0) } == withUnsafeBytes(of: allowed) { Array($0) })
    }
}
