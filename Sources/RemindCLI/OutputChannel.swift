import Delivery
import FileSystem
import Foundation

/// Where a command streams large output: standard output, written in
/// chunks as it is produced. Without one (in tests), output is collected
/// into `Outcome.stdout`.
///
/// A failed write is remembered and the rest of the output dropped, so the
/// process can end with exit 2 and say why (`failure`). A write to a pipe
/// whose reader has gone (`remindc expand | head -1`) ends the process by
/// SIGPIPE, quietly, as other command-line tools do.
package final class OutputChannel: @unchecked Sendable {
    private let descriptor: Int32
    /// The `errno` of the first write that failed.
    package private(set) var failure: Int32?

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package func write(_ bytes: [UInt8]) {
        guard failure == nil, !bytes.isEmpty else { return }
        failure = FileDescriptor.writeAll(bytes, to: descriptor)
    }

    /// The message for `failure`, for standard error.
    package var failureMessage: String? {
        failure.map { "Error: cannot write to standard output: \(String(cString: strerror($0)))\n" }
    }
}

/// Bytes on their way out: sent to the channel chunk by chunk, or kept.
struct OutputBuffer {
    private(set) var bytes: [UInt8] = []
    let channel: OutputChannel?

    init(channel: OutputChannel?) {
        self.channel = channel
    }

    /// Sends a chunk on, or keeps it when there is no channel.
    mutating func append(_ chunk: [UInt8]) {
        if let channel {
            channel.write(chunk)
        } else {
            bytes += chunk
        }
    }

    /// Writes what is left; returns what was kept for `Outcome.stdout`.
    mutating func finish() -> String {
        guard let channel else { return String(decoding: bytes, as: UTF8.self) }
        channel.write(bytes)
        bytes.removeAll()
        return ""
    }
}
