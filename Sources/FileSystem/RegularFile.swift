import Foundation

/// Reading a file remindc did not write and must not be fooled by: a
/// state file, `~/.netrc`. Only a regular file is read, never waited on
/// (a FIFO) or, where asked, reached through a symbolic link.
package enum RegularFile {
    /// The most read: a state file or a `.netrc` is far smaller.
    package static let limit = 16 << 20

    /// The bytes of the regular file at `path`; nil when nothing is there.
    /// Anything else is refused by name, as is a file past `limit`.
    package static func read(_ path: String, followingLinks: Bool) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT { return nil }
            if error == ELOOP && !followingLinks { throw FileFailure(errorDescription: "\(path) is a symbolic link; remove it") }
            throw FileFailure(errorDescription: "\(path): \(String(cString: strerror(error)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileFailure(errorDescription: "\(path) is not a regular file; remove it")
        }
        guard status.st_size <= limit else { throw FileFailure(errorDescription: "\(path) is larger than 16 MiB") }
        guard let bytes = FileDescriptor.readAll(descriptor), bytes.count <= limit else {
            throw FileFailure(errorDescription: "\(path): \(String(cString: strerror(errno)))")
        }
        return bytes
    }
}
