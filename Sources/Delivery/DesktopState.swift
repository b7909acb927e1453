import Foundation

/// What `remindc notify` keeps between runs, under
/// `$XDG_STATE_HOME/remindc/` (default `~/.local/state/remindc/`): the UIDs
/// of the reminders a `stops: true` action stopped, one per line in
/// `stopped`, and `notify.log`, a line per delivery that failed.
///
/// Made for many runs at once (a timer per reminder, a person pressing
/// Stop on several alerts): a change to `stopped` is read, made and
/// renamed into place under an exclusive lock on `.lock`, so none is lost,
/// and readers see the old file or the new one whole. A line that is not
/// UTF-8 is skipped and the others kept; CR before LF is dropped. The
/// folder is made 0700 and its files 0600. A `stopped` that is not a
/// regular file (a symbolic link, a FIFO, a folder) is refused by name:
/// never followed, and never waited on.
public struct DesktopState: Sendable {
    public let folder: URL

    public init(folders: UserFolders) {
        folder = folders.remindcState
    }

    public var stoppedFile: URL { folder.appendingPathComponent("stopped") }
    public var logFile: URL { folder.appendingPathComponent("notify.log") }
    public var lockFile: URL { folder.appendingPathComponent(".lock") }

    /// The UIDs stopped, in the order they were; none when there is no file.
    public func stopped() throws -> [String] {
        guard let bytes = try RegularFile.read(stoppedFile.path, followingLinks: false) else { return [] }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            guard !line.isEmpty else { return nil }
            return String(validating: line, as: UTF8.self)
        }
    }

    /// Whether `uid` is stopped. A state that cannot be read stops
    /// nothing (an extra alert is better than a lost one), and says why in
    /// `warning`.
    public func isStopped(_ uid: String) -> (stopped: Bool, warning: String?) {
        do {
            return (try stopped().contains(uid), nil)
        } catch {
            return (false, "warning: cannot read the stopped reminders: \(error.localizedDescription)\n")
        }
    }

    /// Records `uid` as stopped (`true`) or resumed (`false`).
    public func setStopped(_ uid: String, _ stopped: Bool) throws {
        try StateFolder.make(folder)
        try StateFolder.locked(lockFile.path) {
            var uids = try self.stopped().filter { $0 != uid }
            if stopped { uids.append(uid) }
            try AtomicFile.write(to: stoppedFile.path, mode: 0o600) { sink in sink(Array(uids.map { $0 + "\n" }.joined().utf8)) }
        }
    }

    /// Appends a dated line to `notify.log` in one write, so lines of runs
    /// at once never mix; a log that cannot be written changes nothing (the
    /// message went to standard error too).
    public func log(_ line: String) {
        guard (try? StateFolder.make(folder)) != nil else { return }
        let text = "\(Date().ISO8601Format()) \(line.replacingOccurrences(of: "\n", with: " "))\n"
        let descriptor = open(logFile.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        _ = FileDescriptor.writeAll(Array(text.utf8), to: descriptor)
    }
}
