internal import CFileSystem
import Foundation
import Support

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
/// - `writeAll` does the same for a set of files (the units of `remindc
///   systemd`): every temporary is written before the first rename, so a
///   failure to write one leaves all as they were.
package enum AtomicFile {
    /// Writes what `produce` hands its sink to `path`; a new file gets
    /// `mode` less the umask, a replaced one keeps its mode, unless
    /// `exactMode` is given: then the file has that mode whatever it had (a
    /// private state file an older version left readable by others).
    package static func write(
        to path: String, mode: mode_t = 0o666, exactMode: mode_t? = nil,
        _ produce: (([UInt8]) -> Void) -> Void
    ) throws {
        switch try stage(path, produce, mode: exactMode ?? mode, exactMode: exactMode) {
        case .written: return
        case .staged(let staged): try commit([staged])
        }
    }

    /// Writes several files so that a failure leaves every one as it was:
    /// all are written beside their targets first, and only then renamed
    /// over them. Every target must be a regular file or absent.
    package static func writeAll(_ files: [(path: String, bytes: [UInt8])]) throws {
        var staged: [Staged] = []
        do {
            for file in files {
                switch try stage(file.path, { sink in sink(file.bytes) }, throughOthers: false, syncs: false) {
                case .written: break
                case .staged(let one): staged.append(one)
                }
            }
            // One flush of the file system for all of them (a thousand
            // units are a thousand fsyncs otherwise), before any rename.
            try flush(staged)
        } catch {
            discard(staged)
            throw error
        }
        try commit(staged)
    }

    /// A new file's content, flushed to a temporary beside its target.
    private struct Staged {
        let temporary: String
        let target: String
        /// Its slot in the table of temporaries a signal removes.
        let slot: Int?
    }

    /// Flushes the temporaries of `staged` to disk: the file system they
    /// are on at once (syncfs), else each one.
    private static func flush(_ staged: [Staged]) throws {
        guard let first = staged.first else { return }
        let folder = open(URL(fileURLWithPath: first.temporary).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            defer { close(folder) }
            let sameFolder = staged.allSatisfy {
                URL(fileURLWithPath: $0.temporary).deletingLastPathComponent()
                    == URL(fileURLWithPath: first.temporary).deletingLastPathComponent()
            }
            if sameFolder && remindc_syncfs(folder) == 0 { return }
        }
        for file in staged {
            let descriptor = open(file.temporary, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileFailure(errorDescription: String(cString: strerror(errno))) }
            let synced = fsync(descriptor) == 0
            let error = errno
            close(descriptor)
            if !synced { throw FileFailure(errorDescription: String(cString: strerror(error))) }
        }
    }

    private enum Staging {
        case staged(Staged)
        /// Written straight into a target that is not a regular file.
        case written
    }

    private static func stage(
        _ path: String, _ produce: (([UInt8]) -> Void) -> Void, throughOthers: Bool = true,
        mode: mode_t = 0o666, exactMode: mode_t? = nil, syncs: Bool = true
    ) throws -> Staging {
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
            guard throughOthers else { throw FileFailure(errorDescription: "\(target.path) is not a regular file") }
            try writeThrough(to: target.path, produce)
            return .written
        }

        let temporary = target.deletingLastPathComponent().appendingPathComponent(temporaryName(for: target.lastPathComponent))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, existing.map { $0.st_mode & 0o7777 } ?? mode)
        guard descriptor >= 0 else { throw FileFailure(errorDescription: String(cString: strerror(errno))) }
        let slot = Cleanup.removeOnSignal(temporary.path)
        var failure: String?
        if let existing {
            // The umask does not apply to the old file's mode; an owner we
            // may not give is left as ours.
            fchmod(descriptor, existing.st_mode & 0o7777)
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 { _ = fchown(descriptor, getuid(), existing.st_gid) }
        }
        if let exactMode { fchmod(descriptor, exactMode) }
        produce { bytes in
            guard failure == nil else { return }
            if let error = FileDescriptor.writeAll(bytes, to: descriptor) { failure = String(cString: strerror(error)) }
        }
        if failure == nil && syncs && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        let staged = Staged(temporary: temporary.path, target: target.path, slot: slot)
        if let failure {
            discard([staged])
            throw FileFailure(errorDescription: failure)
        }
        return .staged(staged)
    }

    /// The temporary beside a file named `name`: `.NAME.remindc-PID.tmp`,
    /// within the 255 bytes a file name may have. Past them the name is
    /// cut, and 8 digits of its SHA-256 keep apart two names cut alike.
    static func temporaryName(for name: String) -> String {
        BoundedName.fit(["."] + name.map(String.init), ending: ".remindc-\(getpid()).tmp", limit: 255, digits: 8, key: name)
    }

    /// Renames each staged file over its target; the temporaries of any
    /// that fail are removed.
    private static func commit(_ staged: [Staged]) throws {
        var failure: String?
        for file in staged where failure == nil {
            if rename(file.temporary, file.target) != 0 { failure = String(cString: strerror(errno)) }
            Cleanup.keep(file.slot)
        }
        if let failure {
            discard(staged)
            throw FileFailure(errorDescription: failure)
        }
    }

    private static func discard(_ staged: [Staged]) {
        for file in staged {
            unlink(file.temporary)
            Cleanup.keep(file.slot)
        }
    }

    /// Writes straight into what is not a regular file.
    private static func writeThrough(to path: String, _ produce: (([UInt8]) -> Void) -> Void) throws {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw FileFailure(errorDescription: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var failure: String?
        produce { bytes in
            guard failure == nil else { return }
            if let error = FileDescriptor.writeAll(bytes, to: descriptor) { failure = String(cString: strerror(error)) }
        }
        if let failure { throw FileFailure(errorDescription: failure) }
    }
}

/// The temporary files a signal must not leave behind. The handler may
/// only call async-signal-safe functions, so the paths wait as C strings in
/// a fixed table.
private enum Cleanup {
    static let capacity = 4096
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    nonisolated(unsafe) static var installed = false
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGXFSZ]

    /// Slots taken, and where the search for a free one starts.
    nonisolated(unsafe) static var taken = 0
    nonisolated(unsafe) static var nextFree = 0

    /// Removes `path` if one of `signals` arrives before `keep` of the
    /// slot it returns. Past the table's capacity a path is not tracked
    /// (nil), and finding that out costs nothing.
    static func removeOnSignal(_ path: String) -> Int? {
        install()
        guard taken < capacity else { return nil }
        for step in 0..<capacity {
            let slot = (nextFree + step) % capacity
            guard paths[slot] == nil else { continue }
            paths[slot] = strdup(path)
            taken += 1
            nextFree = (slot + 1) % capacity
            return slot
        }
        return nil
    }

    /// Stops tracking the path in `slot`: it was renamed into place or removed.
    static func keep(_ slot: Int?) {
        guard let slot, let tracked = paths[slot] else { return }
        paths[slot] = nil
        free(tracked)
        taken -= 1
    }

    private static func install() {
        guard !installed else { return }
        installed = true
        for number in signals {
            signal(number) { number in
                // errno as the interrupted code left it, for the moment
                // before the signal ends the process.
                let saved = errno
                for slot in 0..<Cleanup.capacity {
                    if let path = Cleanup.paths[slot] { unlink(path) }
                }
                signal(number, SIG_DFL)
                errno = saved
                raise(number)
            }
        }
    }
}
