import Delivery
import FileSystem
import Foundation
import Recurrence
import Testing

/// The desktop state (`DesktopState`) in process: bad bytes and odd line
/// ends cost only their lines, a state file that is not a regular file is
/// refused by name and left as it was, changes from many threads at once
/// are all kept, and what it makes is the user's alone.
@Suite struct DesktopStateTests {
    /// A state under a temporary `XDG_STATE_HOME`, removed after `body`.
    static func withState<T>(_ body: (DesktopState) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-state-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let folders = UserFolders(environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        return try body(DesktopState(folders: folders))
    }

    struct Odd: Sendable, CustomTestStringConvertible {
        var name: String
        /// Makes `stopped` at the path given.
        var make: @Sendable (URL) throws -> Void
        /// The stops read, or the reason it is refused (STOPPED its path).
        var stopped: [String]
        var refusal: String?
        var testDescription: String { name }
    }

    @Test(arguments: [
        Odd(
            name: "an invalid UTF-8 line", make: { try Data([0xFF, 0xFE, 0x0A] + Array("tea@home\nbins@home\n".utf8)).write(to: $0) },
            stopped: ["tea@home", "bins@home"]),
        Odd(
            name: "CRLF line ends", make: { try Data("bins@home\r\ntea@home\r\n".utf8).write(to: $0) }, stopped: ["bins@home", "tea@home"]),
        Odd(name: "empty lines", make: { try Data("\n\ntea@home\n\n".utf8).write(to: $0) }, stopped: ["tea@home"]),
        Odd(
            name: "a symbolic link",
            make: { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/etc/passwd") },
            stopped: [], refusal: "STOPPED is a symbolic link; remove it"),
        Odd(
            name: "a FIFO", make: { #expect(mkfifo($0.path, 0o600) == 0) }, stopped: [], refusal: "STOPPED is not a regular file; remove it"
        ),
        Odd(
            name: "a folder", make: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }, stopped: [],
            refusal: "STOPPED is not a regular file; remove it"),
    ])
    func anOddStoppedFile(_ c: Odd) throws {
        try Self.withState { (state: DesktopState) throws in
            try FileManager.default.createDirectory(at: state.folder, withIntermediateDirectories: true)
            try c.make(state.stoppedFile)
            let said = c.refusal?.replacingOccurrences(of: "STOPPED", with: state.stoppedFile.path)
            do {
                #expect(try state.stopped() == c.stopped)
                #expect(said == nil)
            } catch {
                #expect(error.localizedDescription == said)
            }
            // A state that cannot be read stops nothing, and says why.
            let asked = state.isStopped("tea@home")
            #expect(asked.stopped == c.stopped.contains("tea@home"))
            #expect(asked.warning == said.map { "warning: cannot read the stopped reminders: \($0)\n" })
            do {
                try state.setStopped("tea@home", false)
                // The other stops kept, the bad lines gone.
                #expect(said == nil)
                #expect(try state.stopped() == c.stopped.filter { $0 != "tea@home" })
            } catch {
                #expect(error.localizedDescription == said)
                // Left as it was: the link not followed, nothing replaced.
                var status = stat()
                #expect(lstat(state.stoppedFile.path, &status) == 0)
                #expect(status.st_mode & S_IFMT != S_IFREG)
            }
        }
    }

    /// Stops and claims from threads at once, each opening the lock on
    /// its own: every one is kept, and each alert claimed by one thread.
    @Test func changesAtOnceAreAllKept() throws {
        try Self.withState { (state: DesktopState) throws in
            let uids = (0..<24).map { "r\($0)@home" }
            let alert = Instant(secondsSince1970: 1_796_000_000)
            let claims = Claims()
            DispatchQueue.concurrentPerform(iterations: uids.count * 2) { index in
                let uid = uids[index % uids.count]
                if index < uids.count {
                    #expect((try? state.setStopped(uid, true)) != nil)
                } else if (try? state.claim(uid, through: alert)) == true {
                    claims.add(uid)
                }
                // A second claim of the same alert: another run showed it.
                if index >= uids.count { #expect((try? state.claim(uid, through: alert)) == false) }
            }
            #expect(try Set(state.stopped()) == Set(uids))
            #expect(try state.shown() == Dictionary(uniqueKeysWithValues: uids.map { ($0, alert) }))
            #expect(claims.sorted == uids.sorted())
        }
    }

    final class Claims: @unchecked Sendable {
        private let lock = NSLock()
        private var uids: [String] = []
        func add(_ uid: String) { lock.withLock { uids.append(uid) } }
        var sorted: [String] { lock.withLock { uids.sorted() } }
    }

    /// What remindc makes in the state folder is the user's alone:
    /// folders 0700, files 0600, whatever the umask.
    @Test func theStateIsPrivate() throws {
        try Self.withState { (state: DesktopState) throws in
            let old = umask(0o002)
            defer { umask(old) }
            try state.setStopped("tea@home", true)
            #expect(try state.claim("tea@home", through: Instant(secondsSince1970: 1_796_000_000)))
            state.log("a delivery failed")
            func mode(_ url: URL) throws -> Int {
                try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
            }
            #expect(try mode(state.folder.deletingLastPathComponent()) == 0o700)
            #expect(try mode(state.folder) == 0o700)
            for file in [state.stoppedFile, state.shownFile, state.logFile, state.lockFile] {
                #expect(try mode(file) == 0o600, "\(file.lastPathComponent)")
            }
        }
    }

    /// A line of `shown` outside the years remindc works in is skipped
    /// like any bad line and logged once; the others are kept.
    @Test func aShownTimeOutsideTheSpanIsSkipped() throws {
        try Self.withState { (state: DesktopState) throws in
            try FileManager.default.createDirectory(at: state.folder, withIntermediateDirectories: true)
            try Data("tea@home\t9223372036854775807\nbins@home\t1796000000\nnot a line\n".utf8).write(to: state.shownFile)
            #expect(try state.shown() == ["bins@home": Instant(secondsSince1970: 1_796_000_000)])
            #expect(state.shownUntil("tea@home") == nil)
            // A claim drops what does not read.
            #expect(try state.claim("tea@home", through: Instant(secondsSince1970: 1_796_000_060)))
            #expect(try String(contentsOf: state.shownFile, encoding: .utf8) == "bins@home\t1796000000\ntea@home\t1796000060\n")
        }
    }
}
