import Foundation

/// What `remindc notify` keeps between runs, under
/// `$XDG_STATE_HOME/remindc/` (default `~/.local/state/remindc/`): the UIDs
/// of the reminders a `stops: true` action stopped, one per line in
/// `stopped`, and `notify.log`, a line per delivery that failed.
struct DesktopState {
    let folder: URL

    init(environment: [String: String]) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        folder = URL(fileURLWithPath: base).appendingPathComponent("remindc")
    }

    var stoppedFile: URL { folder.appendingPathComponent("stopped") }
    var logFile: URL { folder.appendingPathComponent("notify.log") }

    /// The UIDs stopped, in the order they were.
    func stopped() -> [String] {
        guard let text = try? String(contentsOf: stoppedFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    func isStopped(_ uid: String) -> Bool { stopped().contains(uid) }

    /// Records `uid` as stopped (`true`) or resumed (`false`); replaces the
    /// file whole, so a reader never sees half of it.
    func setStopped(_ uid: String, _ stopped: Bool) throws {
        var uids = self.stopped().filter { $0 != uid }
        if stopped { uids.append(uid) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AtomicFile.write(to: stoppedFile.path) { sink in sink(Array(uids.map { $0 + "\n" }.joined().utf8)) }
    }

    /// Appends a dated line to `notify.log`; a log that cannot be written
    /// changes nothing (the message went to standard error too).
    func log(_ line: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = "\(Date().ISO8601Format()) \(line)\n"
        if let handle = try? FileHandle(forWritingTo: logFile) {
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try? handle.close()
        } else {
            try? Data(text.utf8).write(to: logFile)
        }
    }
}
