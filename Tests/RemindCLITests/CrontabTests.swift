import Foundation
import RepositoryFiles
import Testing

/// `remindc crontab` through the built binary: goldens for every example,
/// what Debian's `crontab -n` says of every generated crontab, text that
/// tries to break out of its line (`--install` is in CrontabInstallTests).
@Suite struct CrontabTests {
    typealias Case = EndToEndTests.Case
    static let pinned = ["--now", "2026-11-29T12:00:00Z", "--zone", "America/New_York"]

    @Test(arguments: [
        Case(golden: "help-crontab.txt", arguments: ["help", "crontab"], status: 0),
        Case(golden: "crontab-remindme.txt", arguments: ["crontab", "examples/remindme.yaml"] + pinned, status: 0),
        Case(golden: "crontab-repeating.txt", arguments: ["crontab", "examples/repeating.yaml"] + pinned, status: 0),
        Case(golden: "crontab-alerts.txt", arguments: ["crontab", "\(EndToEndTests.fixtures)/expand/alerts.yaml"] + pinned, status: 0),
        Case(
            golden: "crontab-repeating-inexact.txt", arguments: ["crontab", "--allow-inexact", "examples/repeating.yaml"] + pinned,
            status: 0),
        Case(golden: "crontab-my-minutes.txt", arguments: ["crontab", "examples/my-minutes.yaml"] + pinned, status: 0),
        Case(
            golden: "crontab-fixed-instants.txt",
            arguments: [
                "crontab", "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml", "--now", "2026-10-01T12:00:00Z", "--zone", "Europe/Berlin",
            ], status: 0),
        Case(golden: "crontab-notifications-demo.txt", arguments: ["crontab", "examples/notifications-demo.yaml"] + pinned, status: 0),
        Case(golden: "crontab-hostile.txt", arguments: ["crontab", "\(EndToEndTests.fixtures)/ics/hostile.yaml"] + pinned, status: 1),
        Case(
            golden: "crontab-hostile-inexact.txt",
            arguments: ["crontab", "--allow-inexact", "\(EndToEndTests.fixtures)/ics/hostile.yaml"] + pinned, status: 0),
        // A one-off alert in a repeated hour of the machine's clock: the
        // guard picks the pass by the alert's instant, in seconds.
        Case(
            golden: "crontab-repeated-hour.txt", arguments: ["crontab", "\(EndToEndTests.fixtures)/crontab/repeated-hour.yaml"] + pinned,
            status: 0),
        // An `alert-time` is a time on the day's clock, in cron as in
        // expand: a change that day is noted only where they differ.
        Case(
            golden: "crontab-alert-time.txt", arguments: ["crontab", "\(EndToEndTests.fixtures)/crontab/alert-time.yaml"] + pinned,
            status: 0),
        // Each inexact entry is reported at the part of the reminder that
        // makes it so: `position`, BYSETPOS, `before`, the seconds of `at`.
        Case(
            golden: "crontab-inexact-causes.txt", arguments: ["crontab", "\(EndToEndTests.fixtures)/crontab/inexact.yaml"] + pinned,
            status: 1),
        Case(golden: "crontab-bad-template.txt", arguments: ["crontab", "--command", "notify-send {title} # done", "examples"], status: 2),
        Case(golden: "crontab-install-and-output.txt", arguments: ["crontab", "--install", "-o", "x", "examples"], status: 2),
        Case(
            golden: "crontab-misspelt-placeholder.txt", arguments: ["crontab", "--command", "notify-send {titel}", "examples"], status: 2),
        Case(golden: "crontab-open-quote.txt", arguments: ["crontab", "--command", "notify-send '{title}", "examples"], status: 2),
        Case(
            golden: "crontab-template-syntax.txt", arguments: ["crontab", "--command", "notify-send {title} && && true", "examples"],
            status: 2),
        Case(golden: "crontab-uninstall-without-name.txt", arguments: ["crontab", "--uninstall"], status: 2),
    ])
    func transcript(_ c: Case) throws {
        let run = try EndToEndTests.runInProcess(c.arguments, environment: ["NO_COLOR": "1", "TZ": "UTC"])
        #expect(run.status == c.status)
        Golden().check(Self.withoutCheckoutPath(run.transcript), c.golden)
    }

    /// `{sound}` is an absolute path, base64-encoded: the golden files show
    /// it under `/checkout` wherever the tests run.
    static func withoutCheckoutPath(_ text: String) -> String {
        var text = text
        for sound in ["examples/sounds/goal.wav", "Tests/RemindCLITests/Fixtures/ics/sounds/a b;c,d.wav"] {
            let actual = Data((EndToEndTests.root.path + "/" + sound).utf8).base64EncodedString()
            let stable = Data(("/checkout/" + sound).utf8).base64EncodedString()
            text = text.replacingOccurrences(of: actual, with: stable)
        }
        return text
    }

    static let crontabAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab")

    /// Debian's `crontab -n` (syntax check) accepts every crontab remindc writes.
    @Test(.enabled(if: crontabAvailable, "Debian's cron is not installed"))
    func debiansCrontabAcceptsEveryOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-crontab-n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("generated.yaml")
        try Data(CrontabOracleTests.generatedFile(count: 200).utf8).write(to: generated)
        let inputs = [
            "examples", "\(EndToEndTests.fixtures)/ics/hostile.yaml", "\(EndToEndTests.fixtures)/expand/clocks.yaml", generated.path,
        ]
        for (index, input) in inputs.enumerated() {
            for zone in ["America/New_York", "Europe/Berlin"] {
                let output = folder.appendingPathComponent("crontab-\(index)-\(zone.replacingOccurrences(of: "/", with: "-"))")
                let written = try EndToEndTests.run([
                    "crontab", "--allow-inexact", input, "--zone", zone, "--now", "2026-11-29T12:00:00Z", "-o", output.path,
                ])
                try #require(written.status == 0, "\(input): \(written.stderr)")
                let check = Process()
                check.executableURL = URL(fileURLWithPath: "/usr/bin/crontab")
                check.arguments = ["-n", output.path]
                let errors = Pipe()
                check.standardError = errors
                check.standardOutput = FileHandle.nullDevice
                try check.run()
                let message = String(decoding: errors.drained(), as: UTF8.self)
                check.waitUntilExit()
                #expect(check.terminationStatus == 0, "\(input) in \(zone): \(message)")
                let text = try String(contentsOf: output, encoding: .utf8)
                // Debian's cron reads at most 998 bytes of command after the five fields.
                let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                    $0.split(separator: " ", maxSplits: 5).last ?? ""
                }
                #expect(commands.allSatisfy { $0.utf8.count <= 998 }, "\(input): a command of more than 998 bytes")
            }
        }
    }

    /// Titles and notes that try every daemon's special characters reach
    /// the command exactly, as separate arguments, under Debian's rules
    /// (`\%` to `%`) and busybox's (none) alike.
    /// Every entry's command is shell `/bin/sh` can parse, whatever moves
    /// the alert to another day: a whole number of weeks once left an empty
    /// command (`; ;`) in the guard, and cron ran nothing.
    @Test func everyGuardIsShellSyntax() throws {
        var yaml = "timezone: Europe/Berlin\nreminders:\n"
        let repeats = [
            "yearly", "every 10 years", "{every: month, days: [15, -1]}", "{every: week, on: [mon, thu]}", "{every: month, on: [last fri]}",
            "{every: year, months: [feb], days: [15]}", "{every: 2 weeks, on: [tue]}",
        ]
        let befores = ["1w", "2w", "1d", "6d", "36h", "[1w, 1d, 15m]"]
        for (index, (rule, before)) in repeats.flatMap({ rule in befores.map { (rule, $0) } }).enumerated() {
            yaml += "  - {id: r\(index), title: R, at: 2027-02-15\(index % 2 == 0 ? "" : " 09:30"), repeat: \(rule), before: \(before)}\n"
            if index % 2 == 0 {
                yaml += "  - {id: t\(index), title: T, at: 2027-02-15, repeat: \(rule), before: \(before), alert-time: '18:00'}\n"
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-guards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("guards.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        for zone in ["Europe/Berlin", "America/New_York"] {
            let run = try EndToEndTests.run([
                "crontab", file.path, "--zone", zone, "--now", "2026-11-29T12:00:00Z", "--command", "echo FIRED",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let commands = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
                .map { $0.split(separator: " ", maxSplits: 5).last.map(String.init) ?? "" }
            #expect(commands.count > repeats.count * befores.count)
            let script = folder.appendingPathComponent("commands.sh")
            try commands.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let syntax = try Tools.run("/bin/sh", ["-n", script.path])
            #expect(syntax.status == 0, "\(zone): \(syntax.output)")
            #expect(!run.stdout.contains("; ;"))
        }
    }

    @Test func textCannotBreakOutOfItsArgument() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-inject-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let titles = [
            "100% done \\% and %%", "back\\slash \\\\ twice", "hash # comment", "new\nline", "quote \" and ' both",
            "$(touch \(folder.path)/pwned)", "`touch \(folder.path)/pwned2`", "semi; colon && and || or", "-n", "",
        ]
        var yaml = "timezone: UTC\nreminders:\n"
        for (index, title) in titles.enumerated() {
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            yaml += "  - {id: t\(index), title: \"\(escaped)x\", note: \"\(escaped)\", at: 2027-01-0\(index % 9 + 1) 09:00}\n"
        }
        let file = folder.appendingPathComponent("hostile.yaml")
        try Data(yaml.utf8).write(to: file)
        let recorder = folder.appendingPathComponent("record")
        try Data("#!/bin/sh\nfor argument; do printf '%s' \"$argument\" | base64 -w0; echo; done >> \(folder.path)/log\n".utf8).write(
            to: recorder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)
        let run = try EndToEndTests.run([
            "crontab", file.path, "--zone", "UTC", "--now", "2026-11-29T12:00:00Z",
            "--command", "\(recorder.path) {id} {title} {note}",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains(recorder.path) }
        #expect(lines.count == titles.count)
        for daemon in ["debian", "busybox"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("log"))
            for (index, line) in lines.enumerated() {
                var command = String(line.split(separator: " ", maxSplits: 5)[5])
                if daemon == "debian" { command = command.replacingOccurrences(of: "\\%", with: "%") }
                #expect(!command.contains("#"), "busybox would cut the line")
                // The clock of the reminder's first occurrence, 2027-01-0N 09:00 UTC.
                let day = index % 9 + 1
                let shim = "date() { echo '2027 01 0\(day) 09 00 \(day == 3 ? 7 : (day + 4) % 7 + 1)'; }\n"
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", shim + command]
                try shell.run()
                shell.waitUntilExit()
            }
            let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
            let received = log.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                String(decoding: Data(base64Encoded: String($0)) ?? Data(), as: UTF8.self)
            }
            let expected = titles.enumerated().flatMap { index, title in ["t\(index)", title + "x", title] }
            #expect(received == expected, "\(daemon)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned2").path))
        }
    }

    /// A placeholder works bare, in single quotes and in double quotes, next
    /// to `%` and the template's own `;`, `||` and `&`, and every part of the
    /// command runs only when the guard holds.
    @Test func placeholdersWorkInAndOutOfQuotesAndEveryPartStaysBehindTheGuard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-quotes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("q.yaml")
        try Data(
            "timezone: UTC\nreminders:\n  - {id: q, title: \"it's 100% \\\"done\\\" $(x)\", note: 'a; b', at: 2027-01-05 09:00}\n".utf8
        ).write(to: file)
        let log = folder.appendingPathComponent("log").path
        let template =
            "printf '%s|' '{title}' \"{note} is {id}\" {id} >> \(log); echo 50% >> \(log) || echo no >> \(log); echo end >> \(log) &"
        let run = try EndToEndTests.run(["crontab", file.path, "--zone", "UTC", "--now", "2026-11-29T12:00:00Z", "--command", template])
        try #require(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty })
        let command = String(line.split(separator: " ", maxSplits: 5)[5]).replacingOccurrences(of: "\\%", with: "%")
        for year in ["2026", "2027"] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "date() { echo '\(year) 01 05 09 00 2 1800000000'; }\n" + command]
            try shell.run()
            shell.waitUntilExit()
        }
        // The template's last part ran in the background: wait for it (the
        // shell's own `wait` needs SIGCHLD, which a test's child may have blocked).
        for _ in 0..<250 where !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").hasSuffix("end\n") { usleep(20_000) }
        // Only the run in 2027 passed the guard, all of its parts.
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text == "it's 100% \"done\" $(x)|a; b is q|q|50%\nend\n")
    }

    /// A placeholder inside a command substitution, `$(…)` or backquotes,
    /// within double quotes or not, comes out whole: the substitution is a
    /// shell of its own, where it is quoted again. One left open is refused.
    @Test(arguments: [
        #"printf '%s|' "$(printf %s {title})" >> LOG"#,
        #"printf '%s|' "$(printf %s "{title}")" >> LOG"#,
        #"printf '%s|' "`printf %s {title}`" >> LOG"#,
        #"printf '%s|' "$( (printf %s {title}) )" "{note}" >> LOG"#,
        #"printf '%s|' "$(echo "$(printf %s {title})")" >> LOG"#,
    ])
    func aPlaceholderInACommandSubstitutionIsQuotedThere(_ template: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A title the shell would split and glob: spaces, a star, a file it matches.
        try Data().write(to: folder.appendingPathComponent("matched"))
        let file = folder.appendingPathComponent("q.yaml")
        try Data("timezone: UTC\nreminders:\n  - {id: q, title: 'a  *  b', note: 'c  d', at: 2027-01-05 09:00}\n".utf8).write(to: file)
        let log = folder.appendingPathComponent("log").path
        let run = try EndToEndTests.run([
            "crontab", file.path, "--zone", "UTC", "--now", "2026-11-29T12:00:00Z", "--command",
            template.replacingOccurrences(of: "LOG", with: log),
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty })
        let command = String(line.split(separator: " ", maxSplits: 5)[5]).replacingOccurrences(of: "\\%", with: "%")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "date() { echo '2027 01 05 09 00 2 1800000000'; }\n" + command]
        shell.currentDirectoryURL = folder
        try shell.run()
        shell.waitUntilExit()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text == (template.contains("{note}") ? "a  *  b|c  d|" : "a  *  b|"))
    }

    @Test(arguments: [(#"echo $(printf %s {title}"#, "a '$(' is left open"), ("echo `date {title}", "a backquote is left open")])
    func aCommandSubstitutionLeftOpenIsRefused(_ template: String, _ message: String) throws {
        let run = try EndToEndTests.run(["crontab", "examples/remindme.yaml", "--command", template])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    struct Clock: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var environment: [String: String]
        /// The zone the header names.
        var header: String
        /// The ids whose entries are in the machine's clock: plain fields,
        /// no `TZ=` in their guard.
        var plain: Set<String>
        var testDescription: String { (arguments + environment.map { "\($0)=\($1)" }).joined(separator: " ") }
    }

    /// The header names the machine's zone as the user gave it (Foundation
    /// calls UTC "GMT"), and a reminder whose zone reads the machine's
    /// clock under another name (UTC and Etc/UTC; Asia/Kolkata and
    /// Asia/Calcutta) is written in plain fields, as the machine's own.
    @Test(arguments: [
        Clock(arguments: ["--zone", "UTC"], environment: [:], header: "UTC", plain: ["utc"]),
        Clock(arguments: ["--zone", "Etc/UTC"], environment: [:], header: "UTC", plain: ["utc"]),
        Clock(arguments: [], environment: ["TZ": "Etc/UTC"], header: "Etc/UTC", plain: ["utc"]),
        Clock(arguments: [], environment: ["TZ": ":UTC"], header: "UTC", plain: ["utc"]),
        Clock(arguments: ["--zone", "GMT"], environment: [:], header: "GMT", plain: ["utc"]),
        Clock(arguments: ["--zone", "Asia/Calcutta"], environment: [:], header: "Asia/Calcutta", plain: ["kolkata"]),
        Clock(arguments: ["--zone", "Europe/London"], environment: [:], header: "Europe/London", plain: []),
    ])
    func machineClock(_ c: Clock) throws {
        let run = try EndToEndTests.run(
            ["crontab", "\(EndToEndTests.fixtures)/crontab/same-clock.yaml", "--now", "2026-11-29T12:00:00Z"]
                + c.arguments, environment: c.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# Written by remindc ") == true)
        #expect(lines.first?.hasSuffix(" for a machine whose clock runs in \(c.header).") == true, "\(lines.first ?? "")")
        for id in ["utc", "kolkata"] {
            guard let comment = lines.firstIndex(of: "# id: \(id)"), comment + 2 < lines.count else {
                Issue.record("no entry for \(id) in \(run.stdout)")
                continue
            }
            let entry = lines[comment + 2]
            #expect(entry.hasPrefix("0 9 * * 1-5 ") == c.plain.contains(id), "\(entry)")
            #expect(entry.contains("TZ=") != c.plain.contains(id), "\(entry)")
        }
    }

    /// A file name cannot break the crontab's comment lines either.
    @Test func fileNamesStayInTheirComment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x%\n* * * * * touch pwned\n.yaml")
        try Data("reminders:\n  - {id: a, title: A, at: 2026-12-01 09:00}\n".utf8).write(to: file)
        let run = try EndToEndTests.run(["crontab", file.path, "--zone", "UTC", "--now", "2026-11-29T12:00:00Z"])
        #expect(run.status == 0)
        let entries = run.stdout.split(separator: "\n").filter {
            !$0.hasPrefix("#") && $0.split(separator: " ").first?.contains("=") == false
        }
        #expect(entries.count == 1, "\(run.stdout)")
        #expect(!run.stdout.contains("\n* * * * * touch"))
    }
}
