import Foundation
import Testing

/// `remindc notify` and `remindc resume` through a real session bus
/// (`dbus-daemon --session`, started here) and a notification server on it
/// that records every `Notify` call and picks actions as a person would
/// (Oracles/notification_server.py --invoke). The state folder is a
/// temporary `XDG_STATE_HOME`; sound players are recorders on PATH.
@Suite(.serialized) struct NotifyTests {
    static let available = CrontabDeliveryTests.available

    /// A session bus and a notification server that picks `invoke` in turn.
    final class Session {
        let folder: URL
        let log: URL
        var environment: [String: String]
        private let daemon = Process(), server = Process()

        init(invoke: [String]?, sound: Bool = false, actions: Bool = true) throws {
            folder = URL(fileURLWithPath: "/tmp/remindc-notify-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            log = folder.appendingPathComponent("notifications.jsonl")
            let address = "unix:path=\(folder.path)/bus"
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--nofork", "--address=\(address)"]
            daemon.standardError = FileHandle.nullDevice
            try daemon.run()
            for _ in 0..<100 where !FileManager.default.fileExists(atPath: folder.path + "/bus") { usleep(20_000) }
            server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            server.arguments =
                [EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/notification_server.py").path, log.path]
                + (invoke.map { ["--invoke", $0.joined(separator: ",")] } ?? []) + (sound ? ["--sound"] : [])
                + (actions ? [] : ["--no-actions"])
            server.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
            let ready = Pipe()
            server.standardOutput = ready
            try server.run()
            _ = ready.fileHandleForReading.availableData
            let bin = folder.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            for player in ["paplay", "canberra-gtk-play"] {
                let recorder = bin.appendingPathComponent(player)
                try Data("#!/bin/sh\necho \(player) \"$@\" >> \(folder.path)/played\n".utf8).write(to: recorder)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)
            }
            environment = [
                "DBUS_SESSION_BUS_ADDRESS": address, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "HOME": folder.path, "PATH": "\(bin.path):/usr/bin:/bin",
            ]
        }

        deinit {
            // SIGKILL: a child of the test process may have SIGTERM blocked.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        /// The Notify calls so far.
        var received: [[String: Any]] {
            guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        }

        func write(_ yaml: String) throws -> String {
            let file = folder.appendingPathComponent("reminders.yaml")
            try Data(yaml.utf8).write(to: file)
            return file.path
        }

        func remindc(_ arguments: [String]) throws -> EndToEndTests.Run {
            try EndToEndTests.run(arguments, environment: environment, replacing: true)
        }
    }

    static let hostile = "Pay 100% of the rent; don't \"forget\" $(touch pwned) `touch pwned2`"

    static func yaml(title: String = "Water the plants", sound: String? = nil) -> String {
        """
        timezone: UTC
        categories:
          nag:
            actions:
              - {id: later, title: Later, snooze: 1s}
              - {id: stop, title: Stop, stops: true}
              - {id: open, title: Open, activation: foreground, run: "printf '%s|%s' {title} {id} > ran; printf x >> count"}
        reminders:
          - id: water
            title: '\(title.replacingOccurrences(of: "'", with: "''"))'
            note: The ferns first
            action: Look
            at: 2026-12-01 09:00
            repeat: hourly
            category: nag
        \(sound.map { "    sound: \($0)" } ?? "")
        """
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func showsTitleBodyAndTheCategorysActions() throws {
        let session = try Session(invoke: ["-"])
        let path = try session.write(Self.yaml(title: Self.hostile, sound: "default"))
        let run = try session.remindc(["notify", path, "--id", "water"])
        #expect(run.status == 0, "\(run.stderr)")
        let received = session.received
        try #require(received.count == 1)
        #expect(received[0]["app_name"] as? String == "remindc")
        #expect(received[0]["summary"] as? String == Self.hostile)
        #expect(received[0]["body"] as? String == "The ferns first")
        #expect(received[0]["actions"] as? [String] == ["default", "Look", "later", "Later", "stop", "Stop", "open", "Open"])
        // The server plays no sounds: the desktop's message sound is played after.
        #expect(
            try String(contentsOf: session.folder.appendingPathComponent("played"), encoding: .utf8)
                == "canberra-gtk-play -i message-new-instant\n")
    }

    /// An alert on screen when its unit is stopped (an uninstall, the end
    /// of the session): notify-send ends by SIGTERM, and notify says
    /// nothing and logs nothing, for that is no failure to show it.
    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func anAlertStoppedOnScreenIsNoFailure() throws {
        let session = try Session(invoke: nil)
        let stopped = session.folder.appendingPathComponent("bin/notify-send")
        try Data("#!/bin/sh\nkill -TERM $$\n".utf8).write(to: stopped)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stopped.path)
        let path = try session.write(Self.yaml())
        let run = try session.remindc(["notify", path, "--id", "water"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: session.folder.appendingPathComponent("state/remindc/notify.log").path))
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func minimalOffersTheCategorysMinimalActions() throws {
        let session = try Session(invoke: ["stop"])
        let path = try session.write(
            Self.yaml().replacingOccurrences(of: "  nag:\n    actions:", with: "  nag:\n    minimal: [stop]\n    actions:"))
        let run = try session.remindc(["notify", path, "--id", "water", "--minimal"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(session.received.first?["actions"] as? [String] == ["default", "Look", "stop", "Stop"])
        #expect(run.stderr == "remindc: 'water' is stopped until 'remindc resume --id water'\n", "the minimal button acts")
        // Without `minimal:`, the first two actions.
        let plain = try Session(invoke: ["-"])
        let defaultMinimal = try plain.write(Self.yaml())
        #expect(try plain.remindc(["notify", defaultMinimal, "--id", "water", "--minimal"]).status == 0)
        #expect(plain.received.first?["actions"] as? [String] == ["default", "Look", "later", "Later", "stop", "Stop"])
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func aServerWithoutButtonsGetsTheAlertWithoutActionsAndIsNotWaitedFor() throws {
        // No --invoke: the server never closes the notification, so only an
        // alert that waits for no choice ends.
        let session = try Session(invoke: nil, actions: false)
        let path = try session.write(Self.yaml())
        let run = try session.remindc(["notify", path, "--id", "water"])
        #expect(run.status == 0, "\(run.stderr)")
        try #require(session.received.count == 1)
        #expect(session.received[0]["actions"] as? [String] == [])
        #expect(session.received[0]["summary"] as? String == "Water the plants")
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func aServerThatPlaysSoundsGetsTheSoundAsAHint() throws {
        let session = try Session(invoke: ["-"], sound: true)
        let path = try session.write(Self.yaml(sound: "chime.wav"))
        let run = try session.remindc(["notify", path, "--id", "water"])
        #expect(run.status == 0, "\(run.stderr)")
        let hints = try #require(session.received.first?["hints"] as? [String: Any])
        #expect(hints["sound-file"] as? String == session.folder.appendingPathComponent("chime.wav").path)
        #expect(!FileManager.default.fileExists(atPath: session.folder.appendingPathComponent("played").path))
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func snoozeShowsTheAlertAgainAfterTheSnooze() throws {
        let session = try Session(invoke: ["later", "-"])
        let path = try session.write(Self.yaml())
        let run = try session.remindc(["notify", path, "--id", "water"])
        #expect(run.status == 0, "\(run.stderr)")
        let received = session.received
        try #require(received.count == 2)
        let gap = (received[1]["time"] as! Double) - (received[0]["time"] as! Double)
        #expect(gap >= 1.0, "shown again after \(gap) s")
        #expect(received[1]["summary"] as? String == "Water the plants")
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func stopSilencesLaterAlertsUntilResumed() throws {
        let session = try Session(invoke: ["stop", "-"])
        let path = try session.write(Self.yaml())
        let stopped = try session.remindc(["notify", path, "--id", "water"])
        #expect(stopped.status == 0)
        #expect(stopped.stderr == "remindc: 'water' is stopped until 'remindc resume --id water'\n")
        #expect(
            try String(contentsOf: session.folder.appendingPathComponent("state/remindc/stopped"), encoding: .utf8) == "water@reminders\n")
        let silent = try session.remindc(["notify", path, "--id", "water"])
        #expect(silent.status == 0)
        #expect(session.received.count == 1, "a stopped reminder is not shown")
        let resumed = try session.remindc(["resume", path, "--id", "water"])
        #expect(resumed.status == 0)
        #expect(resumed.stderr == "remindc: 'water' alerts again\n")
        let again = try session.remindc(["notify", path, "--id", "water"])
        #expect(again.status == 0)
        #expect(session.received.count == 2)
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func aForegroundActionRunsItsCommandOnceWithTheTextQuoted() throws {
        let session = try Session(invoke: ["open"])
        let path = try session.write(Self.yaml(title: Self.hostile))
        let process = try session.remindcIn(session.folder, ["notify", path, "--id", "water"])
        #expect(process.status == 0, "\(process.stderr)")
        #expect(try String(contentsOf: session.folder.appendingPathComponent("ran"), encoding: .utf8) == "\(Self.hostile)|water")
        #expect(try String(contentsOf: session.folder.appendingPathComponent("count"), encoding: .utf8) == "x")
        for name in ["pwned", "pwned2"] {
            #expect(!FileManager.default.fileExists(atPath: session.folder.appendingPathComponent(name).path))
            #expect(!FileManager.default.fileExists(atPath: EndToEndTests.root.appendingPathComponent(name).path))
        }
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func withoutASessionBusItFailsClearlyAndLogs() throws {
        let session = try Session(invoke: nil)
        let path = try session.write(Self.yaml())
        var environment = session.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = session.folder.appendingPathComponent("no-runtime").path
        let run = try EndToEndTests.run(["notify", path, "--id", "water"], environment: environment, replacing: true)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: no session bus: DBUS_SESSION_BUS_ADDRESS is not set"), "\(run.stderr)")
        let logged = try String(contentsOf: session.folder.appendingPathComponent("state/remindc/notify.log"), encoding: .utf8)
        #expect(logged.contains(" water: no session bus"), "\(logged)")
        // A bus that cannot be reached: the server is asked first (notify-send
        // waiting for a choice there would wait for ever).
        let noServer = try Session(invoke: nil)
        var bare = noServer.environment
        bare["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(noServer.folder.path)/missing-bus"
        let failed = try EndToEndTests.run(["notify", path, "--id", "water"], environment: bare, replacing: true)
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("Error: no notification server answers on the session bus"), "\(failed.stderr)")
    }

    @Test func anUnknownIdIsAUsageErrorWithASuggestion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.yaml().utf8).write(to: file)
        let run = try EndToEndTests.run(["notify", file.path, "--id", "watr"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: no reminder 'watr' in \(file.path); did you mean 'water'?"), "\(run.stderr)")
        let missing = try EndToEndTests.run(["notify", file.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("Error: Missing expected option '--id <id>'"), "\(missing.stderr)")
    }
}

extension NotifyTests.Session {
    /// `remindc` run in `folder`, where the action's command writes.
    func remindcIn(_ folder: URL, _ arguments: [String]) throws -> EndToEndTests.Run {
        try EndToEndTests.run(arguments, environment: environment, replacing: true, workingFolder: folder)
    }
}
