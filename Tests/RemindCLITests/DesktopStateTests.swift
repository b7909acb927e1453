import Foundation
import Testing

/// The desktop state (`stopped`, `notify.log`) under commands run at once
/// as processes, and what the commands say of a state they cannot read: no
/// stop is lost, nothing is followed or waited on, and every file is the
/// user's alone. (The state itself, in process, is DeliveryTests'.)
@Suite(.serialized) struct DesktopStateTests {
    /// Twenty reminders of a category with a Stop button.
    static let twenty = """
        timezone: UTC
        categories:
          nag:
            actions:
              - {id: stop, title: Stop, stops: true}
        reminders:

        """ + (0..<20).map { "  - {id: r\($0), title: Reminder \($0), at: 2026-12-01 09:00, repeat: hourly, category: nag}\n" }.joined()

    static func stopped(_ session: NotifyTests.Session) -> [String] {
        let text = (try? String(contentsOf: session.folder.appendingPathComponent("state/remindc/stopped"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).sorted()
    }

    /// Runs `remindc` with each argument list at once; their results.
    static func together(_ session: NotifyTests.Session, _ runs: [[String]]) -> [EndToEndTests.Run?] {
        let results = Results(count: runs.count)
        let environment = session.environment
        let group = DispatchGroup()
        // A thread each, so that every run is under way at once (Dispatch
        // would run as many as there are cores).
        for (index, arguments) in runs.enumerated() {
            group.enter()
            Thread {
                results.set(index, try? EndToEndTests.run(arguments, environment: environment, replacing: true))
                group.leave()
            }.start()
        }
        group.wait()
        return results.values
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [EndToEndTests.Run?]
        init(count: Int) { stored = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ run: EndToEndTests.Run?) {
            lock.lock()
            stored[index] = run
            lock.unlock()
        }
        var values: [EndToEndTests.Run?] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    /// Twenty people's Stop at once, three times over: every stop is kept.
    @Test(.enabled(if: NotifyTests.available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func stopsAtOnceAreAllKept() throws {
        for _ in 0..<3 {
            let session = try NotifyTests.Session(invoke: Array(repeating: "stop", count: 20))
            let path = try session.write(Self.twenty)
            let stops = Self.together(session, (0..<20).map { ["notify", path, "--id", "r\($0)"] })
            #expect(stops.allSatisfy { $0?.status == 0 }, "\(stops.compactMap { $0?.stderr })")
            #expect(Self.stopped(session) == (0..<20).map { "r\($0)@reminders" }.sorted())
        }
    }

    /// A resume among fourteen stops at once, three times over: the
    /// resume and every stop are kept.
    @Test(.enabled(if: NotifyTests.available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func aResumeAmongStopsIsKept() throws {
        for _ in 0..<3 {
            let session = try NotifyTests.Session(invoke: Array(repeating: "stop", count: 15))
            let path = try session.write(Self.twenty)
            #expect(try session.remindc(["notify", path, "--id", "r0"]).status == 0)
            let runs = Self.together(session, [["resume", path, "--id", "r0"]] + (1...14).map { ["notify", path, "--id", "r\($0)"] })
            #expect(runs.allSatisfy { $0?.status == 0 }, "\(runs.compactMap { $0?.stderr })")
            #expect(Self.stopped(session) == (1...14).map { "r\($0)@reminders" }.sorted())
        }
    }

    /// Twenty failed deliveries at once (no session bus): twenty lines in
    /// the log, none mixed with another.
    @Test(.enabled(if: NotifyTests.available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func failuresAtOnceAreAllLogged() throws {
        for _ in 0..<3 {
            let session = try NotifyTests.Session(invoke: nil)
            let path = try session.write(Self.twenty)
            session.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
            session.environment["XDG_RUNTIME_DIR"] = session.folder.appendingPathComponent("no-runtime").path
            let runs = Self.together(session, (0..<20).map { ["notify", path, "--id", "r\($0)"] })
            #expect(runs.allSatisfy { $0?.status == 1 })
            let log = try String(contentsOf: session.folder.appendingPathComponent("state/remindc/notify.log"), encoding: .utf8)
            let lines = log.split(separator: "\n")
            #expect(lines.count == 20, "\(log)")
            #expect(Set(lines.map { $0.split(separator: " ")[1] }) == Set((0..<20).map { "r\($0):" }), "\(log)")
        }
    }

    struct Odd: Sendable, CustomTestStringConvertible {
        var name: String
        /// Makes `stopped` in the state folder.
        var make: @Sendable (URL) throws -> Void
        /// What `due` says on standard error, and whether it answers 1
        /// (stopped) at an alert.
        var dueStderr: String
        var dueStopped: Bool
        /// What `resume --id tea` says, and its status.
        var resumeStderr: String
        var resumeStatus: Int32
        var testDescription: String { name }
    }

    static let file = """
        timezone: UTC
        uid-domain: home
        reminders:
          - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
          - {id: bins, title: Bins, at: 2026-12-01 16:00, repeat: daily}

        """

    /// What `due` and `resume` say of a state they cannot read (each kind
    /// of state file is DeliveryTests'): `due` lets the alert through with
    /// a warning rather than lose it, `resume` fails and says why.
    @Test(arguments: [
        Odd(
            name: "CRLF line ends", make: { try Data("bins@home\r\ntea@home\r\n".utf8).write(to: $0) },
            dueStderr: "", dueStopped: true, resumeStderr: "remindc: 'tea' alerts again\n", resumeStatus: 0),
        Odd(
            name: "a symbolic link",
            make: { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/etc/passwd") },
            dueStderr: "warning: cannot read the stopped reminders: STOPPED is a symbolic link; remove it\n", dueStopped: false,
            resumeStderr: "Error: cannot read the stopped reminders: STOPPED is a symbolic link; remove it\n", resumeStatus: 1),
    ])
    func anOddStateFile(_ c: Odd) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-state-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state/remindc")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let stopped = state.appendingPathComponent("stopped")
        try c.make(stopped)
        let path = folder.appendingPathComponent("r.yaml")
        try Data(Self.file.utf8).write(to: path)
        let environment = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path, "HOME": folder.path]
        let due = try EndToEndTests.run(["due", path.path, "--id", "tea", "--now", "2026-12-03T16:00:00Z"], environment: environment)
        #expect(due.stderr == c.dueStderr.replacingOccurrences(of: "STOPPED", with: stopped.path))
        #expect(due.status == (c.dueStopped ? 1 : 0))
        let resume = try EndToEndTests.run(["resume", path.path, "--id", "tea"], environment: environment)
        #expect(resume.stderr == c.resumeStderr.replacingOccurrences(of: "STOPPED", with: stopped.path))
        #expect(resume.status == c.resumeStatus)
        if c.resumeStatus == 0 {
            // The other stop is kept, and the bad line with it gone.
            #expect(try String(contentsOf: stopped, encoding: .utf8) == "bins@home\n")
        } else {
            // Left as it was: the link not followed.
            var status = stat()
            #expect(lstat(stopped.path, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFLNK)
        }
    }

    /// What remindc makes in the state folder is the user's alone:
    /// folders 0700, files 0600.
    @Test(.enabled(if: NotifyTests.available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func theStateIsPrivate() throws {
        let session = try NotifyTests.Session(invoke: ["stop"])
        let path = try session.write(Self.twenty)
        #expect(try session.remindc(["notify", path, "--id", "r0"]).status == 0)
        var bare = session.environment
        bare["DBUS_SESSION_BUS_ADDRESS"] = nil
        bare["XDG_RUNTIME_DIR"] = session.folder.appendingPathComponent("no-runtime").path
        #expect(try EndToEndTests.run(["notify", path, "--id", "r1"], environment: bare, replacing: true).status == 1)
        let state = session.folder.appendingPathComponent("state")
        func mode(_ url: URL) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(state) == 0o700)
        #expect(try mode(state.appendingPathComponent("remindc")) == 0o700)
        for name in ["stopped", "notify.log", ".lock"] {
            #expect(try mode(state.appendingPathComponent("remindc/\(name)")) == 0o600, "\(name)")
        }
    }
}

extension DesktopStateTests {
    /// `publish`'s password is never handed to a program remindc runs: a
    /// `run:` action's command sees no REMINDC_PASSWORD.
    @Test(.enabled(if: NotifyTests.available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func theCommandsRemindcRunsAreNotGivenThePassword() throws {
        let session = try NotifyTests.Session(invoke: ["env"])
        let path = try session.write(
            """
            timezone: UTC
            categories:
              nag:
                actions:
                  - {id: env, title: Env, activation: foreground, run: "env > seen"}
            reminders:
              - {id: water, title: Water, at: 2026-12-01 09:00, repeat: hourly, category: nag}

            """)
        var environment = session.environment
        environment["REMINDC_PASSWORD"] = "hunter2-s3cret"
        let run = try EndToEndTests.run(
            ["notify", path, "--id", "water"], environment: environment, replacing: true,
            workingFolder: session.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let seen = try String(contentsOf: session.folder.appendingPathComponent("seen"), encoding: .utf8)
        #expect(seen.contains("DBUS_SESSION_BUS_ADDRESS="), "the command ran with the session's environment")
        #expect(!seen.contains("REMINDC_PASSWORD") && !seen.contains("hunter2"))
    }
}
