import Glibc

/// Where to start a thread that should run beside this one at once.
///
/// A new thread starts on the CPU of the thread that made it, and the
/// kernel took 4 to 12 ms to move one of the two to an idle CPU, all that
/// time sharing one. The second parser of a split list is started on
/// another CPU than the first's (`pthread_attr_setaffinity_np`), then lets
/// itself be placed anywhere again (`restore`).
///
/// The calls are glibc's own extensions, not in Swift's Glibc module; they
/// are looked up at run time, as `mallopt` is, and where they are missing
/// a thread starts where the kernel puts it.
struct CPUPlacement {
    /// The CPUs this thread may run on.
    private var allowed: cpu_set_t
    /// Those less the one it runs on now.
    private var others: cpu_set_t
    /// The CPU left out.
    let excluded: Int

    /// Nil when this thread may run on no other CPU, or the C library does
    /// not say.
    static func elsewhere() -> CPUPlacement? {
        guard GlibcExtensions.setAttributeAffinity != nil, GlibcExtensions.setAffinity != nil,
              let allowed = allowedCPUs(), let current = currentCPU(), current < MemoryLayout<cpu_set_t>.size * 8 else { return nil }
        var others = allowed
        withUnsafeMutableBytes(of: &others) { bytes in bytes[current / 8] &= ~(UInt8(1) << (current % 8)) }
        guard withUnsafeBytes(of: others, { $0.contains { $0 != 0 } }) else { return nil }
        return CPUPlacement(allowed: allowed, others: others, excluded: current)
    }

    /// The CPU this thread runs on now.
    static func currentCPU() -> Int? {
        guard let currentCPU = GlibcExtensions.currentCPU else { return nil }
        let current = Int(currentCPU())
        return current >= 0 ? current : nil
    }

    /// The CPUs this thread may run on, as a set of bits.
    static func allowedCPUs() -> cpu_set_t? {
        var allowed = cpu_set_t()
        guard let getAffinity = GlibcExtensions.getAffinity, getAffinity(0, MemoryLayout<cpu_set_t>.size, &allowed) == 0 else { return nil }
        return allowed
    }

    /// Makes a thread started with `attributes` start on another CPU.
    mutating func apply(to attributes: inout pthread_attr_t) {
        _ = GlibcExtensions.setAttributeAffinity?(&attributes, MemoryLayout<cpu_set_t>.size, &others)
    }

    /// Called by the new thread once it runs: any allowed CPU again.
    mutating func restore() {
        _ = GlibcExtensions.setAffinity?(0, MemoryLayout<cpu_set_t>.size, &allowed)
    }
}

/// glibc functions declared only with `_GNU_SOURCE`, found at run time.
private enum GlibcExtensions {
    typealias CPUSetCall = @convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32
    typealias AttributeCall = @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafePointer<cpu_set_t>) -> Int32

    static let currentCPU = function("sched_getcpu", as: (@convention(c) () -> Int32).self)
    static let getAffinity = function("sched_getaffinity", as: CPUSetCall.self)
    static let setAffinity = function("sched_setaffinity", as: CPUSetCall.self)
    static let setAttributeAffinity = function("pthread_attr_setaffinity_np", as: AttributeCall.self)

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
