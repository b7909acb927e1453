import Foundation

/// Reading and writing whole through a file descriptor: the one place
/// remindc retries after a signal and grows a buffer for a file that grows.
package enum FileDescriptor {
    /// Writes every byte to `descriptor`, retrying after signals; returns
    /// the `errno` of a failure, or nil.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// What is left to read of `descriptor`, or nil when it cannot be read:
    /// one buffer of the file's size, filled by `read(2)` (a large file is
    /// not gathered in chunks and copied again).
    package static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // One byte more than fstat's size, so the read that reaches the end
        // finds room; a file still growing (or one reporting no size) grows
        // the buffer in steps.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 65_536)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// The bytes of the file at `path`, as `readAll` reads them; nil when
    /// it cannot be opened or read.
    package static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(descriptor)
    }
}

/// Why a file could not be read or written, for a message.
package struct FileFailure: Error, LocalizedError {
    package var errorDescription: String?

    package init(errorDescription: String?) {
        self.errorDescription = errorDescription
    }
}
