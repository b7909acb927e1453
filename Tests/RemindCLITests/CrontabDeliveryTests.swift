import Foundation
import RepositoryFiles
import Testing

/// The default command of `remindc crontab` delivers a notification
/// through a real session bus, started by the test (`dbus-daemon
/// --session`), to a small notification server on it
/// (Oracles/notification_server.py), run as cron runs it: by /bin/sh, with
/// no DBUS_SESSION_BUS_ADDRESS. The sound program is a recorder on PATH.
@Suite struct CrontabDeliveryTests {
    static let available =
        Tools.available("/usr/bin/dbus-daemon", "/usr/bin/notify-send", "gdbus", "/usr/bin/python3")
        && CrontabDeliveryTests.systemPythonHasDBus

    static var systemPythonHasDBus: Bool {
        guard let status = try? Tools.run("/usr/bin/python3", ["-c", "import dbus, gi.repository.GLib"]).status else { return false }
        return status == 0
    }

    /// The command of the first entry of `remindc crontab` of `yaml`.
    static func command(of yaml: String, in folder: URL, template: [String] = []) throws -> String {
        let file = folder.appendingPathComponent("reminders.yaml")
        try Data(yaml.utf8).write(to: file)
        let written = try EndToEndTests.run(["crontab", file.path, "--zone", "UTC"] + template)
        try #require(written.status == 0, "\(written.stderr)")
        let line = try #require(written.stdout.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty })
        // What Debian's cron hands the shell: the line after its five fields, `\%` as `%`.
        return String(line.split(separator: " ", maxSplits: 5)[5]).replacingOccurrences(of: "\\%", with: "%")
    }

    @Test(.enabled(if: available, "needs dbus-daemon, notify-send, gdbus and python3-dbus"))
    func theDefaultCommandReachesTheSessionBusThatCronDoesNotPass() throws {
        let folder = URL(fileURLWithPath: "/tmp/remindc-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // The session bus at $XDG_RUNTIME_DIR/bus, where a desktop session has it.
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--address=unix:path=\(folder.path)/bus"]
        try daemon.run()
        // SIGKILL: a child of the test process may have SIGTERM blocked.
        defer { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() }
        let address = "unix:path=\(folder.path)/bus"
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: folder.path + "/bus") { usleep(20_000) }

        let log = folder.appendingPathComponent("notifications.jsonl")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/notification_server.py").path, log.path,
        ]
        server.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let ready = Pipe()
        server.standardOutput = ready
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let first = ready.fileHandleForReading.availableData
        try #require(String(decoding: first, as: UTF8.self).hasPrefix("ready"))

        // A recorder for the sound, where the desktop's player would be.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let recorder = bin.appendingPathComponent("canberra-gtk-play")
        try Data("#!/bin/sh\necho \"$@\" >> \(folder.path)/sound\n".utf8).write(to: recorder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)

        let title = "Pay 100% of the rent; don't \"forget\" $(touch pwned)"
        let yaml = """
            timezone: UTC
            reminders:
              - id: rent
                title: '\(title.replacingOccurrences(of: "'", with: "''"))'
                note: Transfer it before noon
                at: 2026-01-01 09:00
                repeat: daily
                sound: default
            """
        let command = try Self.command(of: yaml, in: folder)
        // As cron runs it: /bin/sh, HOME, LOGNAME and a short PATH; no session variables.
        let environment = ["HOME": folder.path, "LOGNAME": "root", "PATH": "\(bin.path):/usr/bin:/bin", "XDG_RUNTIME_DIR": folder.path]
        let ran = try Tools.run("/bin/sh", ["-c", command], environment: environment)
        #expect(ran.status == 0, "\(ran.output)")
        let received = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        try #require(received.count == 1)
        let notification = try JSONSerialization.jsonObject(with: Data(received[0].utf8)) as! [String: Any]
        #expect(notification["app_name"] as? String == "remindc")
        #expect(notification["summary"] as? String == title)
        #expect(notification["body"] as? String == "Transfer it before noon")
        #expect(try String(contentsOf: folder.appendingPathComponent("sound"), encoding: .utf8) == "-i message-new-instant\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: EndToEndTests.root.appendingPathComponent("pwned").path))
    }

    @Test(.enabled(if: available, "needs dbus-daemon and notify-send"))
    func aFailedDeliveryLeavesALogLine() throws {
        let folder = URL(fileURLWithPath: "/tmp/remindc-nobus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = "timezone: UTC\nreminders:\n  - {id: rent, title: Pay the rent, at: 2026-01-01 09:00, repeat: daily}\n"
        let command = try Self.command(of: yaml, in: folder)
        // No bus at all: notify-send fails, and the log says so.
        let environment = ["HOME": folder.path, "LOGNAME": "root", "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": folder.path]
        let ran = try Tools.run("/bin/sh", ["-c", command], environment: environment)
        #expect(ran.status == 0)
        let logged = try String(contentsOf: folder.appendingPathComponent(".local/state/remindc/cron.log"), encoding: .utf8)
        #expect(logged.hasSuffix(" rent failed: 1\n"), "\(logged)")

        // XDG_STATE_HOME is honoured, and with nothing set the bus is the user's at /run/user/UID.
        let state = folder.appendingPathComponent("state")
        let echoed = try Self.command(of: yaml, in: folder, template: ["--command", "echo $DBUS_SESSION_BUS_ADDRESS; false"])
        let bare = try Tools.run(
            "/bin/sh", ["-c", echoed], environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": state.path])
        #expect(bare.output == "unix:path=/run/user/\(getuid())/bus\n")
        #expect(try String(contentsOf: state.appendingPathComponent("remindc/cron.log"), encoding: .utf8).hasSuffix(" rent failed: 1\n"))
    }
}
