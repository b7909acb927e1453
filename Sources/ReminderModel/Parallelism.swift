import Foundation

/// How many threads a library call may work on. The command decides
/// (`remindc` uses every core); the libraries work on the calling thread
/// unless told otherwise.
public struct Parallelism: Sendable, Hashable {
    /// At least one.
    public var threads: Int

    public init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// On the calling thread alone.
    public static let sequential = Parallelism(threads: 1)

    /// One thread per core this process may use.
    public static var allCores: Parallelism { Parallelism(threads: ProcessInfo.processInfo.activeProcessorCount) }
}
