import FileSystem
import Foundation
import Synchronization
import Recurrence

/// What `remindc notify` keeps between runs, under
/// `$XDG_STATE_HOME/remindc/` (default `~/.local/state/remindc/`): the UIDs
/// of the reminders a `stops: true` action stopped, one per line in
/// `stopped`; in `shown`, a line `UID<TAB>seconds since 1970` per reminder
/// a timer delivers: the latest alert of it shown (or, from an install,
/// the time the install started its timer), before which nothing is shown
/// again, missed or not; and `notify.log`, a line per delivery that failed.
///
/// Made for many runs at once (a timer per reminder, a person pressing
/// Stop on several alerts): a change to `stopped` or `shown` is read, made
/// and renamed into place under an exclusive lock on `.lock`, so none is
/// lost, and readers see the old file or the new one whole. A line that is
/// not UTF-8 (or in `shown` not a UID, a tab and a number) is skipped and
/// the others kept; CR before LF is dropped. The folder is made 0700 and
/// its files 0600. A state file that is not a regular file (a symbolic
/// link, a FIFO, a folder) is refused by name: never followed, and never
/// waited on.
package struct DesktopState: Sendable {
    package let folder: URL

    package init(folders: UserFolders) {
        folder = folders.remindcState
    }

    package var stoppedFile: URL { folder.appendingPathComponent("stopped") }
    package var shownFile: URL { folder.appendingPathComponent("shown") }
    package var logFile: URL { folder.appendingPathComponent("notify.log") }
    package var lockFile: URL { folder.appendingPathComponent(".lock") }

    /// The UIDs stopped, in the order they were; none when there is no file.
    package func stopped() throws -> [String] {
        try lines(of: stoppedFile)
    }

    /// The lines of the state file `file` that are UTF-8 and not empty;
    /// none when there is no file.
    func lines(of file: URL) throws -> [String] {
        guard let bytes = try RegularFile.read(file.path, followingLinks: false) else { return [] }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            guard !line.isEmpty else { return nil }
            return String(validating: line, as: UTF8.self)
        }
    }

    /// Replaces the lines of `file` by what `change` makes of them, under
    /// the lock, all at once.
    func rewrite<T>(_ file: URL, _ change: (inout [String]) throws -> T) throws -> T {
        try StateFolder.make(folder)
        return try StateFolder.locked(lockFile.path) {
            var lines = try self.lines(of: file)
            let result = try change(&lines)
            // 0600 whatever an older version left.
            try AtomicFile.write(to: file.path, exactMode: 0o600) { sink in sink(Array(lines.map { $0 + "\n" }.joined().utf8)) }
            return result
        }
    }

    /// Whether `uid` is stopped. A state that cannot be read stops
    /// nothing (an extra alert is better than a lost one), and says why in
    /// `warning`.
    package func isStopped(_ uid: String) -> (stopped: Bool, warning: String?) {
        do {
            return (try stopped().contains(uid), nil)
        } catch {
            return (false, "warning: cannot read the stopped reminders: \(error.localizedDescription)\n")
        }
    }

    /// Records `uid` as stopped (`true`) or resumed (`false`).
    package func setStopped(_ uid: String, _ stopped: Bool) throws {
        try rewrite(stoppedFile) { uids in
            uids.removeAll { $0 == uid }
            if stopped { uids.append(uid) }
        }
    }

    /// Until when each UID's alerts are dealt with (`shown`). A line whose
    /// time lies outside the span remindc works in (a corrupted
    /// `9223372036854775807`, a far future that would silence the reminder
    /// for good) is skipped like any bad line, and logged once a run.
    package func shown() throws -> [String: Instant] {
        let lines = try lines(of: shownFile)
        let outside = lines.filter { Self.shownEntry($0) == nil && Self.isNumberedLine($0) }
        if let first = outside.first,
            Self.loggedOutside.withLock({ logged in
                defer { logged = true }; return !logged
            })
        {
            log(
                "shown: \(outside.count) line\(outside.count == 1 ? "" : "s") with a time outside \(SupportedSpan.description) skipped, the first '\(first.prefix(120))'"
            )
        }
        return Dictionary(lines.compactMap(Self.shownEntry), uniquingKeysWith: max)
    }

    /// Whether a process logged lines of `shown` outside the span.
    private static let loggedOutside = Mutex(false)

    /// A UID, a tab and an integer: a line of `shown` in its form.
    static func isNumberedLine(_ line: String) -> Bool {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        return fields.count == 2 && !fields[0].isEmpty && !fields[1].isEmpty
            && fields[1].drop { $0 == "-" }.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Until when `uid`'s alerts are dealt with: nil when a timer never
    /// delivered it, or the state cannot be read.
    package func shownUntil(_ uid: String) -> Instant? {
        (try? shown())?[uid]
    }

    /// Records that `uid`'s alerts up to `alert` are dealt with, unless a
    /// later one already is: false then (another run showed it first).
    /// Lines that do not read are dropped.
    package func claim(_ uid: String, through alert: Instant) throws -> Bool {
        try rewrite(shownFile) { lines in
            if let entry = lines.lazy.compactMap(Self.shownEntry).first(where: { $0.uid == uid }), entry.until >= alert { return false }
            // Its own line goes, and every line that does not read.
            lines.removeAll { Self.shownEntry($0).map { $0.uid == uid } ?? true }
            lines.append("\(uid)\t\(alert.secondsSince1970)")
            return true
        }
    }

    /// Records that the alerts of `uids` up to `now` are dealt with: what
    /// an install does, so that no alert from before it counts as missed.
    /// Lines that do not read are dropped.
    package func start(_ uids: [String], at now: Instant) throws {
        var starting = Set<String>()
        let once = uids.filter { starting.insert($0).inserted }
        try rewrite(shownFile) { lines in
            lines = lines.filter { line in Self.shownEntry(line).map { !starting.contains($0.uid) } ?? false }
            lines += once.map { "\($0)\t\(now.secondsSince1970)" }
        }
    }

    static func shownEntry(_ line: String) -> (uid: String, until: Instant)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 2, !fields[0].isEmpty, let seconds = Int(fields[1]),
            seconds >= SupportedSpan.instants.lowerBound.secondsSince1970,
            seconds < SupportedSpan.instants.upperBound.secondsSince1970
        else { return nil }
        return (String(fields[0]), Instant(secondsSince1970: seconds))
    }

    /// Appends a dated line to `notify.log` in one write, so lines of runs
    /// at once never mix; a log that cannot be written changes nothing (the
    /// message went to standard error too).
    package func log(_ line: String) {
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
