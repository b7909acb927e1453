import Foundation

/// How remindc keeps files under `$XDG_STATE_HOME` (`UserFolders`):
/// folders 0700, files 0600, none followed through a link, changes of runs
/// at once made one after another.
package enum StateFolder {
    /// Makes `folder` and the folders above it that are missing, 0700.
    package static func make(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Runs `body` holding an exclusive lock on the file `path` (made
    /// 0600), so that changes of runs at once are made one after another.
    package static func locked<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileFailure(errorDescription: "cannot lock \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileFailure(errorDescription: "cannot lock \(path): \(String(cString: strerror(errno)))") }
        }
        return try body()
    }
}
