import Foundation

/// How remindc sets up the C allocator for one short run over files that
/// may be large: a large file's bytes, node batches and the checker's
/// buffers are big, short-lived blocks, and every page the heap takes from
/// the kernel afresh costs a page fault.
///
/// glibc's `mallopt` is looked up at run time: it is not in Swift's Glibc
/// module, and other C libraries have none (there this is a no-op).
package enum Memory {
    /// Call once, at start-up.
    ///
    /// - Blocks of 128 KiB and more are mapped on their own and unmapped when
    ///   freed. glibc would raise that threshold each time such a block is
    ///   freed (up to 32 MiB), after which the large arrays of the next file
    ///   or phase come from the heap and stay resident when freed.
    /// - The heap grows 64 MiB at a time and is not given back while less
    ///   than 256 MiB of it is free: with glibc's 128 KiB steps, the heap of
    ///   a 100,000-reminder check shrank and grew again all through the run,
    ///   and its 56,000 page faults were 30,000 with these (the check
    ///   0.51–0.78 s before, 0.43–0.70 s after, twelve runs each). Untouched
    ///   pages of a step cost nothing, so the peak resident memory is the same.
    package static func configureAllocator() {
        #if canImport(Glibc)
        typealias SetOption = @convention(c) (Int32, Int32) -> Int32
        // The option numbers of <malloc.h>.
        let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let setOption = unsafeBitCast(symbol, to: SetOption.self)
        _ = setOption(mmapThreshold, 128 << 10)
        _ = setOption(topPad, 64 << 20)
        _ = setOption(trimThreshold, 256 << 20)
        #endif
    }
}
