import Foundation

/// Writes `-o FILE` so that readers see the old contents or the new, never
/// a part: a temporary file beside it, flushed, then renamed over it.
///
/// - The new file keeps the old one's permissions (a private 0600 file
///   stays private) and, where the system permits, its owner and group; a
///   file that did not exist gets 0666 less the umask, as `cp` gives.
/// - A symbolic link is written through: the file it points to is replaced
///   the same way, and the link stays.
/// - Anything else that is not a regular file (`/dev/stdout`, a FIFO, a
///   device) is written to directly, as `cp` does; there is no old content
///   to keep whole.
/// - Killed while writing (SIGTERM, SIGINT, SIGHUP, SIGXFSZ), it removes the
///   temporary file before it ends.
enum AtomicFile {
    struct Failure: Error, LocalizedError {
        var errorDescription: String?
    }

    /// Writes what `produce` hands its sink to `path`.
    static func write(to path: String, _ produce: (([UInt8]) -> Void) -> Void) throws {
        var target = URL(fileURLWithPath: path)
        var status = stat()
        var existing: stat?
        if lstat(target.path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFLNK {
                // Through the link, to what it names (or would name).
                target = target.resolvingSymlinksInPath()
                if stat(target.path, &status) == 0 { existing = status }
            } else {
                existing = status
            }
        }
        if let existing, existing.st_mode & S_IFMT != S_IFREG {
            return try writeThrough(to: target.path, produce)
        }

        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).remindc-\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, existing.map { $0.st_mode & 0o7777 } ?? 0o666)
        guard descriptor >= 0 else { throw Failure(errorDescription: String(cString: strerror(errno))) }
        Cleanup.removeOnSignal(temporary.path)
        defer { Cleanup.removeOnSignal(nil) }
        var failure: String?
        if let existing {
            // The umask does not apply to the old file's mode; an owner we
            // may not give is left as ours.
            fchmod(descriptor, existing.st_mode & 0o7777)
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 { _ = fchown(descriptor, getuid(), existing.st_gid) }
        }
        produce { bytes in
            guard failure == nil else { return }
            if let error = OutputChannel.writeAll(bytes, to: descriptor) { failure = String(cString: strerror(error)) }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil && rename(temporary.path, target.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw Failure(errorDescription: failure)
        }
    }

    /// Writes straight into what is not a regular file.
    private static func writeThrough(to path: String, _ produce: (([UInt8]) -> Void) -> Void) throws {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw Failure(errorDescription: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var failure: String?
        produce { bytes in
            guard failure == nil else { return }
            if let error = OutputChannel.writeAll(bytes, to: descriptor) { failure = String(cString: strerror(error)) }
        }
        if let failure { throw Failure(errorDescription: failure) }
    }
}

/// The one temporary file a signal must not leave behind. The handler may
/// only call async-signal-safe functions, so the path waits as a C string.
private enum Cleanup {
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var installed = false
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGXFSZ]

    /// Removes `path` (nil: nothing) if one of `signals` arrives.
    static func removeOnSignal(_ newPath: String?) {
        let old = path
        path = newPath.map { strdup($0) }
        free(old)
        guard !installed else { return }
        installed = true
        for number in signals {
            signal(number) { number in
                // errno as the interrupted code left it, for the moment
                // before the signal ends the process.
                let saved = errno
                if let path = Cleanup.path { unlink(path) }
                signal(number, SIG_DFL)
                errno = saved
                raise(number)
            }
        }
    }
}
