import Foundation

/// How remindc asks the C allocator to keep its resident memory near what it
/// uses: a large file's bytes, node batches and the checker's buffers are
/// big, short-lived blocks that glibc's defaults would keep resident.
///
/// glibc's `mallopt` is looked up at run time: it is not in Swift's Glibc
/// module, and other C libraries have none (there this is a no-op).
public enum Memory {
    /// Fixes the size from which blocks are mapped on their own at 128 KiB.
    /// glibc raises that threshold each time such a block is freed (up to
    /// 32 MiB), after which the large arrays of the next file or phase come
    /// from the heap and stay resident when freed. Call once, at start-up.
    public static func returnLargeBlocksPromptly() {
        #if canImport(Glibc)
        typealias SetOption = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            _ = unsafeBitCast(symbol, to: SetOption.self)(mmapThreshold, 128 * 1024)
        }
        #endif
    }
}
