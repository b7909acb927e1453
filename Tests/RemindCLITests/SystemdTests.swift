import Delivery
import Foundation
import RepositoryFiles
import Testing
@testable import RemindCLI
import Recurrence
import ReminderModel

/// `remindc systemd`: every generated unit passes `systemd-analyze verify`,
/// and each timer's `OnCalendar=` elapses, as systemd's own calendar logic
/// (`systemd-analyze calendar`) lists them, filtered by the service's
/// `ExecCondition=` guard (`remindc due`) at each elapse, are exactly the
/// alerts `remindc expand` lists less `before`. `--install` and
/// `--uninstall` go into a temporary `$HOME` through a stand-in systemctl.
@Suite struct SystemdTests {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")
    static let zone = "Europe/Berlin"

    /// The UTC instants (`2026-12-01T08:00:00Z`) at which the OnCalendar
    /// values elapse from `from` until `to`. systemd-analyze lists a given
    /// number of elapses; it is asked for a few, then from the last one on
    /// for four times as many, until the list passes `to` (an expression
    /// in a zone costs it a zone lookup per elapse).
    static func elapses(_ expressions: [String], from: String, to: String) throws -> [String] {
        var found: [String] = []
        for expression in expressions {
            var base = from, iterations = 16, last = ""
            while last < to {
                let run = try Tools.run(
                    "/usr/bin/systemd-analyze",
                    [
                        "calendar", "--iterations=\(iterations)",
                        "--base-time=\(base.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC"))",
                        expression,
                    ],
                    environment: ["TZ": zone, "PATH": "/usr/bin:/bin"])
                try #require(run.status == 0, "\(expression): \(run.output)")
                let listed = run.output.split(separator: "\n").filter { $0.contains("(in UTC):") }.map { line in
                    // "(in UTC): Tue 2026-12-01 08:00:00 UTC"
                    let parts = line.split(separator: " ")
                    return "\(parts[parts.count - 3])T\(parts[parts.count - 2])Z"
                }
                found += listed.filter { $0 >= from && $0 < to && $0 > last }
                // Fewer than asked: the expression elapses no more.
                guard listed.count == iterations, let next = listed.last else { break }
                (base, last, iterations) = (next, next, iterations * 4)
            }
        }
        return found
    }

    @Test(.enabled(if: available, "systemd-analyze is not installed"))
    func timersAndTheirGuardFireExactlyWhenExpandSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-systemd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("generated.yaml")
        try Data(CrontabOracleTests.generatedFile(count: 400).utf8).write(to: generated)
        // Six weeks without a daylight-saving change in any zone used, and
        // sub-daily reminders over their first day of it; the DST fixture
        // over the spring and autumn changes.
        let calm = (long: ("2026-12-01T00:00:00Z", "2027-01-16T00:00:00Z"), short: ("2026-12-01T00:00:00Z", "2026-12-02T00:00:00Z"))
        // The generated reminders start in February, March and October
        // 2027: five weeks before any zone they use changes its clocks.
        let spring = (long: ("2027-02-01T00:00:00Z", "2027-03-08T00:00:00Z"), short: ("2027-02-10T00:00:00Z", "2027-02-13T00:00:00Z"))
        let dst = "\(EndToEndTests.fixtures)/systemd/dst.yaml"
        // Reminders days off move, over the Christmas holidays.
        let daysOff = folder.appendingPathComponent("days-off.yaml")
        try Data(RemindOracleTests.file(count: 60).utf8).write(to: daysOff)
        let paths = [
            "examples/remindme.yaml", "examples/repeating.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml",
            "examples/working-days.yaml", daysOff.path, "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml", generated.path, dst, dst,
        ]
        var compared = 0
        // Per file: the timers' elapses and the alerts among them.
        var counts: [String: (elapses: Int, alerts: Int)] = [:]
        for (position, path) in paths.enumerated() {
            let (long, short) =
                path == generated.path
                ? spring
                : path != dst
                    ? calm
                    : position == paths.count - 1
                        ? (("2027-10-24T00:00:00Z", "2027-11-04T00:00:00Z"), ("2027-10-30T12:00:00Z", "2027-10-31T12:00:00Z"))
                        : (("2027-03-09T00:00:00Z", "2027-04-05T00:00:00Z"), ("2027-03-27T12:00:00Z", "2027-03-28T12:00:00Z"))
            let units = folder.appendingPathComponent("units-\(compared)")
            // Written at the window's start: the alerts one by one from then.
            let written = try EndToEndTests.run(["systemd", "-o", units.path, path, "--now", long.0], environment: ["TZ": Self.zone])
            try #require(written.status == 0, "\(path): \(written.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: units.path).sorted()
            let verify = try Tools.run(
                "/usr/bin/systemd-analyze",
                ["--user", "verify", "--recursive-errors=yes"]
                    + names.map { units.appendingPathComponent($0).path },
                environment: ["XDG_RUNTIME_DIR": folder.path, "PATH": "/usr/bin:/bin", "HOME": folder.path])
            #expect(verify.status == 0, "\(path): \(verify.output)")

            let absolute = URL(fileURLWithPath: path, relativeTo: EndToEndTests.root).standardizedFileURL.path
            // The guard's own test of each elapse (`remindc due` is this and a load of the file).
            let model = try #require(ReminderFile.load(Array(try Data(contentsOf: URL(fileURLWithPath: absolute))), path: absolute).file)
            let byID = Dictionary(model.reminders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let machine = TimeZone(identifier: Self.zone)!
            let formatter = ISO8601DateFormatter()
            let expectedLong = try CrontabOracleTests.expected(path, zone: Self.zone, windows: [long])
            let expectedShort = try CrontabOracleTests.expected(path, zone: Self.zone, windows: [short])
            for name in names where name.hasSuffix(".timer") {
                let text = try String(contentsOf: units.appendingPathComponent(name), encoding: .utf8)
                let calendars = text.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst(11)) }
                let service = try String(
                    contentsOf: units.appendingPathComponent(name.replacingOccurrences(of: ".timer", with: ".service")),
                    encoding: .utf8)
                let words = service.split(whereSeparator: \.isWhitespace)
                let id = try #require(words.firstIndex(of: "--id").map { String(words[$0 + 1]) })
                let subDaily = calendars.contains { $0.contains("*:") }
                let window = subDaily ? short : long
                var fired: [String] = []
                let reminder = try #require(byID[id])
                let elapses = Set(try Self.elapses(calendars, from: window.0, to: window.1))
                for instant in elapses {
                    let now = Instant(secondsSince1970: Int(formatter.date(from: instant)!.timeIntervalSince1970))
                    if DesktopReminder.pendingAlert(reminder, at: now, floatingZone: machine, grace: .init(), shownUntil: nil) != nil {
                        fired.append(instant)
                    }
                }
                let expected = ((subDaily ? expectedShort : expectedLong)[id] ?? []).sorted()
                counts[path, default: (0, 0)].elapses += elapses.count
                counts[path, default: (0, 0)].alerts += expected.count
                if Set(fired) != Set(expected) {
                    let onlyTimer = Array(Set(fired).subtracting(expected).sorted().prefix(3))
                    let onlyExpand = Array(Set(expected).subtracting(fired).sorted().prefix(3))
                    Issue.record(
                        "\(path) \(id) \(calendars): the timer fires \(fired.count), expand has \(expected.count); only the timer \(onlyTimer); only expand \(onlyExpand)"
                    )
                }
                compared += 1
            }
        }
        #expect(compared > 430)
        // Timers elapse little more often than their alerts: each elapse
        // that is not an alert wakes the guard for nothing.
        for (path, count) in counts.sorted(by: { $0.key < $1.key }) {
            print(
                "timer elapses per alert: \(path.split(separator: "/").last!): \(count.elapses) / \(count.alerts) = "
                    + String(format: "%.3f", Double(count.elapses) / Double(max(count.alerts, 1))))
        }
        let examples = counts.filter { $0.key.hasPrefix("examples/") }.values
        let ratio = Double(examples.map(\.elapses).reduce(0, +)) / Double(examples.map(\.alerts).reduce(0, +))
        #expect(ratio <= 1.2, "the examples' timers elapse \(ratio) times per alert")
    }

    @Test func installReplacesItsOwnUnitsAndUninstallRemovesThem() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-systemd-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // A stand-in systemctl that records its arguments and says a user manager runs.
        let systemctl = home.appendingPathComponent("systemctl")
        try Data(
            """
            #!/bin/sh
            echo "$@" >> \(home.path)/systemctl.log
            [ "$2" = is-system-running ] && echo running
            exit 0

            """.utf8
        ).write(to: systemctl)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: systemctl.path)
        let units = home.appendingPathComponent(".config/systemd/user")
        try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
        try Data("[Unit]\n".utf8).write(to: units.appendingPathComponent("someone-else.timer"))
        let file = home.appendingPathComponent("home.yaml")
        try Data(
            """
            uid-domain: home.example
            timezone: UTC
            reminders:
              - {id: bins, title: Bins, at: 2026-12-01 19:00, repeat: weekly}
              - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}

            """.utf8
        ).write(to: file)
        let environment = ["HOME": home.path, "REMINDC_SYSTEMCTL": systemctl.path, "XDG_CONFIG_HOME": ""]
        let installed = try EndToEndTests.run(["systemd", "--install", "--name", "home", file.path], environment: environment)
        #expect(installed.status == 0, "\(installed.stderr)")
        // The tests' remindc is a build folder's: the person is told to install one on PATH.
        #expect(
            installed.stderr.contains("a build folder's remindc, which the next build replaces; install a release build on PATH"),
            "\(installed.stderr)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: units.path)) == [
                "someone-else.timer", "remindc-home.units",
                "remindc-home.example-bins.timer", "remindc-home.example-bins.service",
                "remindc-home.example-tea.timer", "remindc-home.example-tea.service",
            ])
        // Tea is gone: its units go, the others stay, nobody else's are touched.
        try Data(
            "uid-domain: home.example\ntimezone: UTC\nreminders:\n  - {id: bins, title: Bins, at: 2026-12-01 19:00, repeat: weekly}\n".utf8
        )
        .write(to: file)
        let again = try EndToEndTests.run(["systemd", "--install", "--name", "home", file.path], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: units.path)) == [
                "someone-else.timer", "remindc-home.units", "remindc-home.example-bins.timer", "remindc-home.example-bins.service",
            ])
        let removed = try EndToEndTests.run(["systemd", "--uninstall", "home"], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path) == ["someone-else.timer"])
        let log = try String(contentsOf: home.appendingPathComponent("systemctl.log"), encoding: .utf8).split(separator: "\n")
        #expect(log.contains("--user enable --now remindc-home.example-bins.timer remindc-home.example-tea.timer"))
        // What a removed reminder runs is stopped with it: its service and
        // the units its alerts are shown in (left open, or waiting out a
        // snooze).
        #expect(log.contains("--user disable --now remindc-home.example-tea.timer"))
        let stopTea = "--user stop remindc-home.example-tea.service remindc-home.example-tea:*.service"
        let stopBins = "--user stop remindc-home.example-bins.service remindc-home.example-bins:*.service"
        #expect(log.contains(Substring(stopTea)))
        #expect(log.contains("--user disable --now remindc-home.example-bins.timer"))
        #expect(log.filter { $0 == stopBins }.count == 1, "the reinstall that kept bins left its units alone; the uninstall stopped them")
        #expect(log.filter { $0 == "--user daemon-reload" }.count == 3)
    }
}

extension SystemdTests {
    /// The guard as a timer runs it, through the binary: 0 at an alert,
    /// 1 between alerts and when the reminder is stopped.
    @Test func theGuardPassesOnlyAnAlertAndNotAStoppedReminder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-due-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(
            "timezone: Europe/Berlin\nreminders:\n  - {id: tea, title: Tea, at: 2026-12-01 16:00, before: 10m, repeat: {every: 2 days}}\n"
                .utf8
        )
        .write(to: file)
        let environment = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path]
        let at = try EndToEndTests.run(["due", file.path, "--id", "tea", "--now", "2026-12-03T14:50:00Z"], environment: environment)
        #expect(at.status == 0, "\(at.stderr)")
        let offDay = try EndToEndTests.run(["due", file.path, "--id", "tea", "--now", "2026-12-02T14:50:00Z"], environment: environment)
        #expect(offDay.status == 1)
        let early = try EndToEndTests.run(["due", file.path, "--id", "tea", "--now", "2026-12-03T14:49:00Z"], environment: environment)
        #expect(early.status == 1)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("state/remindc"), withIntermediateDirectories: true)
        try Data("tea@r\n".utf8).write(to: folder.appendingPathComponent("state/remindc/stopped"))
        let stopped = try EndToEndTests.run(["due", file.path, "--id", "tea", "--now", "2026-12-03T14:50:00Z"], environment: environment)
        #expect(stopped.status == 1)
        #expect(stopped.stderr.isEmpty, "a stopped reminder's guard says nothing at each elapse")
    }
}

extension SystemdTests {
    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Every way `systemd`, `due` and `resume` refuse what they are given:
    /// the message and the exit status; nothing is written.
    @Test(arguments: [
        UsageCase(arguments: ["systemd", "examples"], status: 2, stderr: "Error: give one of -o, --install and --uninstall\n"),
        UsageCase(
            arguments: ["systemd", "--install", "-o", "units", "examples"], status: 2,
            stderr: "Error: give one of -o, --install and --uninstall\n"),
        UsageCase(
            arguments: ["systemd", "--install", "--name", "my home", "examples"], status: 2,
            stderr: "Error: --name must be letters, digits, '.', '_' and '-'\n"),
        UsageCase(arguments: ["systemd", "--install"], status: 2, stderr: "Error: Missing expected argument '<path> ...'\n"),
        UsageCase(
            arguments: ["systemd", "--install", "--name", String(repeating: "n", count: 242), "examples"], status: 2,
            stderr: "Error: --name must be at most 241 characters\n"),
        UsageCase(arguments: ["systemd", "--uninstall", "a", "b"], status: 2, stderr: "Error: --uninstall takes one name\n"),
        UsageCase(
            arguments: ["systemd", "--uninstall", "--name", "a", "b"], status: 2,
            stderr: "Error: --uninstall takes the name once: 'remindc systemd --uninstall NAME'\n"),
        UsageCase(arguments: ["systemd", "--uninstall", "nothing-here"], status: 1, stderr: "Error: no install named 'nothing-here' in "),
        UsageCase(arguments: ["due", "examples/repeating.yaml"], status: 2, stderr: "Error: Missing expected option '--id <id>'\n"),
        UsageCase(arguments: ["due", "--id", "stretch"], status: 2, stderr: "Error: Missing expected argument '<path> ...'\n"),
        UsageCase(
            arguments: ["due", "\(EndToEndTests.fixtures)/across/uid", "--id", "bins"], status: 2,
            stderr: "Error: 'bins' is a reminder of 2 files: give the one file\n"),
        UsageCase(
            arguments: ["resume", "examples/repeating.yaml", "--id", "journal"], status: 0, stderr: "remindc: 'journal' was not stopped\n"),
        UsageCase(
            arguments: ["due", "\(EndToEndTests.fixtures)/bad/schema.yaml", "--id", "a"], status: 1,
            stderr: "Tests/RemindCLITests/Fixtures/bad/schema.yaml:"),
        UsageCase(
            arguments: ["notify", "examples/repeating.yaml", "--id", "journal", "--missed", "0"], status: 2,
            stderr: "Error: --missed must be a whole number of at least 1, not '0'\n"),
        UsageCase(
            arguments: ["notify", "examples/repeating.yaml", "--id", "journal", "--missed-at", "2026-12-05 09:00"], status: 2,
            stderr: "Error: --missed-at goes with --missed\n"),
        UsageCase(
            arguments: ["notify", "examples/repeating.yaml", "--id", "journal", "--missed", "2", "--missed-at", "soon"], status: 2,
            stderr: "Error: Invalid value for --missed-at: "),
        UsageCase(
            arguments: ["notify", "examples/repeating.yaml", "--id", "journal", "--from-timer", "--missed", "2"], status: 2,
            stderr: "Error: --from-timer finds the missed alerts itself: give it no --missed\n"),
        UsageCase(
            arguments: ["notify", "examples/repeating.yaml", "--id", "journal", "--server-wait", "-1"], status: 2,
            stderr: "Error: --server-wait must be whole seconds from 0 to 3600, not '-1'\n"),
    ])
    func refusals(_ c: UsageCase) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try EndToEndTests.run(
            c.arguments, environment: ["HOME": home.path, "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "", "NO_COLOR": "1"])
        #expect(run.status == c.status)
        #expect(run.stderr.hasPrefix(c.stderr), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "nothing is written")
    }
}

extension SystemdTests {
    /// `-o DIR` writes every unit or none: a unit that cannot be written
    /// (its name is taken by a folder) leaves the folder as it was, the
    /// units before it included.
    @Test func aFailedWriteLeavesTheFolderAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(
            """
            uid-domain: home.example
            timezone: UTC
            reminders:
              - {id: bins, title: Bins, at: 2026-12-01 19:00, repeat: weekly}
              - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}

            """.utf8
        ).write(to: file)
        let units = folder.appendingPathComponent("units")
        try FileManager.default.createDirectory(
            at: units.appendingPathComponent("remindc-home.example-tea.timer"),
            withIntermediateDirectories: true)
        let run = try EndToEndTests.run(["systemd", "-o", units.path, file.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("remindc-home.example-tea.timer is not a regular file"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path) == ["remindc-home.example-tea.timer"])

        // Once it can, every unit is written, and --minimal reaches the alerts.
        try FileManager.default.removeItem(at: units.appendingPathComponent("remindc-home.example-tea.timer"))
        let written = try EndToEndTests.run(["systemd", "-o", units.path, "--minimal", file.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: units.path).sorted() == [
                "remindc-home.example-bins.service", "remindc-home.example-bins.timer",
                "remindc-home.example-tea.service", "remindc-home.example-tea.timer",
            ])
        let service = try String(contentsOf: units.appendingPathComponent("remindc-home.example-tea.service"), encoding: .utf8)
        #expect(service.contains(" notify \"\(file.path)\" --id tea --from-timer --minimal\n"), "\(service)")
    }
}

extension SystemdTests {
    /// systemd's calendar events name the years 1970 to 2199, and systemd
    /// drops a whole `OnCalendar=` line that names another. An alert
    /// before 1970 is long past: it gets no event, and a reminder with no
    /// other alert gets no units. The last minutes of 2199 are written, and
    /// systemd reads every event.
    @Test func alertsBefore1970GetNoEventAndTheLastOf2199AreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-years-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try EndToEndTests.run([
            "systemd", "-o", folder.path, "\(EndToEndTests.fixtures)/systemd/years.yaml", "--now", "2026-12-01T00:00:00Z",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        var calendars: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".timer") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            calendars[String(name.dropFirst("remindc-years.example.org-".count).dropLast(".timer".count))] =
                text.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst(11)) }
        }
        #expect(
            calendars == [
                "daily-since-1900": ["*-*-* 09:00:00 UTC"],
                "weekly-also-1950": ["2026-12-07 10:00:00 UTC", "Mon *-*-* 10:00:00 UTC"],
                "last-minutes": ["2199-12-31 23:30:00 UTC"],
            ])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("remindc-years.example.org-long-past.service").path))
        if Self.available {
            let parsed = try Tools.run("/usr/bin/systemd-analyze", ["calendar"] + calendars.values.flatMap { $0 })
            #expect(parsed.status == 0, "\(parsed.output)")
        }
    }

    /// An alert after 2199 is refused at its place (the start, or the
    /// repeat whose `also` holds it), once a place whatever the number of
    /// alerts, by `systemd` (nothing written) and by `check --for systemd`
    /// alike.
    @Test func anAlertAfter2199IsRefusedAtItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-years-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "\(EndToEndTests.fixtures)/systemd/past-2199.yaml"
        let refused = try EndToEndTests.run(["systemd", "-o", folder.path, file], environment: ["NO_COLOR": "1"])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing is written")
        Golden().check(refused.transcript, "systemd-past-2199.txt")
        let checked = try EndToEndTests.run(
            ["check", "--for", "systemd", file, "--now", "2026-11-29T12:00:00Z"], environment: ["NO_COLOR": "1"])
        #expect(checked.status == 1)
        #expect(checked.stdout == refused.stderr)
    }
}

extension SystemdTests {
    /// A unit name is at most 255 bytes, for systemd and the file system:
    /// a longer id's units keep the name's start and end in 16 digits of
    /// its SHA-256; systemd reads them, and their guard passes the alert.
    @Test func aLongIdGetsUnitsSystemdReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let id = String(repeating: "a", count: 300)
        let file = folder.appendingPathComponent("r.yaml")
        try Data(
            """
            uid-domain: home.example
            timezone: UTC
            reminders:
              - {id: \(id), title: Bins, at: 2026-12-01 19:00, repeat: weekly}
              - {id: \(id)b, title: Tea, at: 2026-12-01 16:00, repeat: daily}

            """.utf8
        ).write(to: file)
        let units = folder.appendingPathComponent("units")
        let run = try EndToEndTests.run(["systemd", "-o", units.path, file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: units.path).sorted()
        #expect(names.count == 4, "\(names)")
        for name in names {
            #expect(name.utf8.count <= 255)
            #expect(name.hasPrefix("remindc-home.example-aaaa"))
            #expect(name.wholeMatch(of: /remindc-home\.example-a+-[0-9a-f]{16}\.(service|timer)/) != nil, "\(name)")
        }
        #expect(Set(names.map { $0.split(separator: ".").dropLast().joined(separator: ".") }).count == 2, "one name per reminder")
        if Self.available {
            let verified = try Tools.run(
                "/usr/bin/systemd-analyze",
                ["--user", "verify", "--recursive-errors=no"] + names.map { units.appendingPathComponent($0).path },
                environment: ["XDG_RUNTIME_DIR": folder.path, "HOME": folder.path, "PATH": "/usr/bin:/bin"])
            #expect(verified.status == 0 && verified.output.isEmpty, "\(verified.output)")
        }
        let due = try EndToEndTests.run(["due", file.path, "--id", id, "--now", "2026-12-08T19:00:00Z"])
        #expect(due.status == 0, "\(due.stderr)")
    }

    /// `-o` names a folder: a file there is refused and kept, and the
    /// folders a failed write made are removed again.
    @Test func aFailedWriteLeavesNoFolderItMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-made-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let taken = folder.appendingPathComponent("taken")
        try Data("mine\n".utf8).write(to: taken)
        let onFile = try EndToEndTests.run(["systemd", "-o", taken.path, "examples/repeating.yaml"])
        #expect(onFile.status == 2)
        #expect(onFile.stderr == "Error: cannot write into '\(taken.path)': it is not a folder\n")
        #expect(try String(contentsOf: taken, encoding: .utf8) == "mine\n")

        // A name past 255 bytes fails once its parent folder is made.
        let deep = folder.appendingPathComponent("new/" + String(repeating: "x", count: 300))
        let failed = try EndToEndTests.run(["systemd", "-o", deep.path, "examples/repeating.yaml"])
        #expect(failed.status == 2)
        #expect(failed.stderr.hasPrefix("Error: cannot write into '\(deep.path)': "), "\(failed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }
}
