import Foundation
import RepositoryFiles
import Testing
@testable import RemindCLI

/// A command that writes an output says what `check --for` says of that
/// output: for every example and fixture, the diagnostics `ics`, `publish
/// --dry-run`, `crontab` and `systemd -o` print are among those of `check
/// --for` their output, and every one that `--for` adds to `check` is among
/// them (a file with an error stops a writer at its errors).
@Suite struct WriterWarningsTests {
    static let now = ["--now", "2026-12-01T08:00:00Z", "--zone", "Europe/Berlin"]

    /// A diagnostic's first line, `file:line:col: severity: message [id]`,
    /// or the line that counts a rule's findings not shown one by one.
    static func headers(_ text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").map(String.init).filter { line in
                line.range(of: #"^\S.*:\d+:\d+: (error|warning|info): .* \[[a-z0-9-]+\]$"#, options: .regularExpression) != nil
                    || line.range(of: #"^\.\.\. and \d+ more"#, options: .regularExpression) != nil
            })
    }

    static func run(_ arguments: [String], environment: [String: String]) -> (text: String, status: Int32) {
        let outcome = Remindc.run(Invocation(arguments: arguments, environment: environment, workingFolder: RepositoryFiles.root.path))
        return (outcome.stdout + outcome.stderr, outcome.status)
    }

    /// Each output, and the command line that writes it into `folder`.
    static func writer(_ target: String, path: String, folder: URL) -> [String] {
        switch target {
        case "ics": ["ics", "-o", folder.appendingPathComponent("out.ics").path, path] + now
        case "caldav": ["publish", "--dry-run", "http://127.0.0.1:9/calendar/", path] + now
        case "crontab": ["crontab", "-o", folder.appendingPathComponent("out.cron").path, path] + now
        default: ["systemd", "-o", folder.appendingPathComponent("units").path, path, "--now", now[1]]
        }
    }

    /// The times of `check`: the writer's. `systemd` places floating
    /// reminders on the machine's clock, having no `--zone`.
    static func times(_ target: String) -> [String] {
        target == "systemd" ? ["--now", now[1], "--zone", TimeZone.current.identifier] : now
    }

    @Test(arguments: ["ics", "caldav", "crontab", "systemd"])
    func aWriterSaysWhatCheckForSays(_ target: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-writer-warnings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // No login or state of the machine's user is read.
        let environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
        var compared = 0
        for path in RepositoryFiles.reminderFiles {
            let plain = Self.run(["check"] + Self.times(target) + [path], environment: environment)
            let checked = Self.run(["check", "--for", target] + Self.times(target) + [path], environment: environment)
            let written = Self.run(Self.writer(target, path: path, folder: folder), environment: environment)
            let (said, reported, added) = (
                Self.headers(written.text), Self.headers(checked.text), Self.headers(checked.text).subtracting(Self.headers(plain.text))
            )
            #expect(said.isSubset(of: reported), "\(target) \(path): said, not by check --for: \(said.subtracting(reported).sorted())")
            if !plain.text.contains(": error: ") {
                #expect(added.isSubset(of: said), "\(target) \(path): not said: \(added.subtracting(said).sorted())")
            }
            compared += added.isEmpty ? 0 : 1
        }
        // Some files have something to say of each output.
        #expect(compared > 0)
    }
}
