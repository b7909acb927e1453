import Foundation
import RepositoryFiles
import Testing

/// `remindc crontab --install` and `--uninstall`, as a person runs them:
/// through a stand-in `crontab` (REMINDC_CRONTAB) that keeps its table in a
/// temporary folder, and once through Debian's real `crontab` as a
/// throwaway user the test creates and removes. No test touches the crontab
/// of whoever runs them.
@Suite struct CrontabInstallTests {
    static let standIn = EndToEndTests.root.appendingPathComponent("\(EndToEndTests.fixtures)/crontab/stand-in-crontab").path
    static let pinned = ["--zone", "UTC", "--now", "2026-11-29T12:00:00Z"]
    /// A user's own lines, with a MAILTO of their own, before and after the block.
    static let before = "# my own jobs\tkept exactly   \nMAILTO=me@example.org\n17 3 * * * /usr/local/bin/backup --quiet\n"
    static let after = "PATH=/opt/bin:/usr/bin:/bin\n*/10 * * * * poll-mail 2>&1 | logger\n"

    struct Table {
        let folder: URL
        var path: URL { folder.appendingPathComponent("table") }
        var text: String { (try? String(contentsOf: path, encoding: .utf8)) ?? "" }
        var environment: [String: String] { ["REMINDC_CRONTAB": CrontabInstallTests.standIn, "CRONTAB_DIR": folder.path, "NO_COLOR": "1"] }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-table-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func write(_ text: String) throws { try Data(text.utf8).write(to: path) }
        func remove() { try? FileManager.default.removeItem(at: folder) }

        func remindc(_ arguments: [String]) throws -> EndToEndTests.Run {
            try EndToEndTests.run(["crontab"] + arguments, environment: environment)
        }
    }

    /// The block `remindc crontab PATH` writes, as `--install` wraps it.
    static func block(name: String, files: [String], _ arguments: [String]) throws -> String {
        let written = try EndToEndTests.run(["crontab"] + arguments)
        // The header names the command that installs it again.
        let text = written.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("# Regenerate it")
                ? "# Regenerate it rather than editing it: remindc crontab --install --zone UTC \(name)" : String(line)
        }.joined(separator: "\n")
        let marks = files.map { "# file: " + EndToEndTests.root.appendingPathComponent($0).standardizedFileURL.path + "\n" }.sorted()
            .joined()
        return "# BEGIN remindc \(name)\n" + marks + text + "# END remindc \(name)\n"
    }

    @Test func installReplacesItsBlockUnderAnySpellingAndUninstallRestoresTheRest() throws {
        let table = try Table()
        defer { table.remove() }
        try table.write(Self.before)
        let name = EndToEndTests.root.appendingPathComponent("examples").path
        let files = [
            "examples/imported.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml", "examples/other-calendars.yaml",
            "examples/remindme.yaml", "examples/repeating.yaml", "examples/working-days.yaml",
        ]
        // other-calendars.yaml counts in calendars cron has not, and
        // working-days.yaml in days off it cannot know: their coming
        // occurrences, one by one.
        let pinned = Self.pinned + ["--allow-inexact"]

        let first = try table.remindc(["--install", "examples/"] + pinned)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.hasSuffix(
                "Installed the block '\(name)' in your crontab: 33 reminders added (6E1B5A3C-2F4D-4C1A-9B7E-0D8F2A6C4E1B, B2C3D4E5-F6A7-4B8C-9D0E-1F2A3B4C5D6E, backup, bins, birthday, board-meeting, boiler, book-club, call-mum, eye-drops, family-call, haircut, holiday-lights, journal, loan, pay-rent, payday, payroll, plants, practice-goal, quarter, reading-goal, renew-passport, rent, shop-stock, smoke-alarms, standup, tax-return, timesheet, vitamins, water, weekly-review, yahrzeit).\n"
            ))
        let expected = try Self.block(name: name, files: files, ["examples"] + pinned)
        #expect(table.text == Self.before + expected)

        // The user adds lines after the block; the same folder spelled
        // another way replaces the block in place.
        try table.write(table.text + Self.after)
        for spelling in ["./examples", name + "/", "examples/../examples"] {
            let again = try table.remindc(["--install", spelling] + pinned)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stderr.hasSuffix("Replaced the block '\(name)' in your crontab: 33 unchanged.\n"), "\(spelling): \(again.stderr)")
            #expect(table.text == Self.before + expected + Self.after, "\(spelling)")
        }

        // The block sets no variable: nothing in it changes how the lines after it run.
        let inside = try #require(
            table.text.components(separatedBy: "# BEGIN remindc").last?.components(separatedBy: "# END remindc").first)
        for line in inside.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(!(line.split(separator: " ").first ?? "").contains("="), "\(line)")
        }

        let removed = try table.remindc(["--uninstall", "examples"])
        #expect(removed.status == 0)
        #expect(removed.stderr.hasPrefix("Removed the block '\(name)' from your crontab: 33 reminders removed"))
        #expect(table.text == Self.before + Self.after)

        let absent = try table.remindc(["--uninstall", "--name", "nothing-here"])
        #expect(absent.status == 1)
        #expect(absent.stderr == "Error: your crontab has no remindc block 'nothing-here'\n")
    }

    @Test func installSaysWhatChangedAndWarnsOfAnotherBlockWithTheSameFile() throws {
        let table = try Table()
        defer { table.remove() }
        let folder = table.folder.appendingPathComponent("reminders")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("home.yaml")
        func reminders(_ items: [(String, String)]) throws {
            let yaml =
                "timezone: UTC\nreminders:\n"
                + items.map { "  - {id: \($0.0), title: \($0.1), at: 2027-01-04 09:00, repeat: daily}\n" }.joined()
            try Data(yaml.utf8).write(to: file)
        }
        try reminders([("a", "A"), ("b", "B"), ("c", "C")])
        #expect(try table.remindc(["--install", "--name", "home", folder.path] + Self.pinned).status == 0)
        try reminders([("a", "A"), ("b", "Bee"), ("d", "D")])
        let changed = try table.remindc(["--install", "--name", "home", folder.path] + Self.pinned)
        #expect(
            changed.stderr
                == "Replaced the block 'home' in your crontab: 1 reminder added (d), 1 reminder changed (b), 1 reminder removed (c), 1 unchanged.\n"
        )
        #expect(CrontabInstallTests.names(table.text) == ["home"])

        // The file alone, under the name its path gives, would fire twice.
        let twice = try table.remindc(["--install", file.path] + Self.pinned)
        #expect(twice.status == 0)
        #expect(
            twice.stderr.contains(
                "warning: the block 'home' also holds the reminders of \(file.resolvingSymlinksInPath().path), which would fire twice; remove it with: remindc crontab --uninstall --name 'home'\n"
            ))
        #expect(CrontabInstallTests.names(table.text) == ["home", file.resolvingSymlinksInPath().path])
    }

    @Test func aFailedInstallLeavesTheCrontabAndWarnsOfAnotherZone() throws {
        let table = try Table()
        defer { table.remove() }
        try table.write(Self.before)
        try Data().write(to: table.folder.appendingPathComponent("fail"))
        let failed = try table.remindc(["--install", "examples/remindme.yaml"] + Self.pinned)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("Error: crontab - failed; the old crontab stays:\ncrontab: cannot write\n"))
        #expect(table.text == Self.before)
        try FileManager.default.removeItem(at: table.folder.appendingPathComponent("fail"))

        // This machine's clock runs in UTC (the tests' TZ is not cron's).
        if CrontabInstallTests.systemZoneIsUTC {
            let other = try table.remindc([
                "--install", "examples/remindme.yaml", "--zone", "Europe/Berlin", "--now", "2026-11-29T12:00:00Z",
            ])
            #expect(other.status == 0)
            #expect(
                other.stderr.contains("warning: the crontab is written for a clock in Europe/Berlin, but this machine's clock runs in "))
            let same = try table.remindc(["--install", "examples/remindme.yaml"] + Self.pinned)
            #expect(!same.stderr.contains("warning: the crontab is written for a clock"))
        }
    }

    static var systemZoneIsUTC: Bool {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")) ?? ""
        return target.hasSuffix("/UTC") || target.hasSuffix("/Etc/UTC") || target.hasSuffix("/UCT")
    }

    static func names(_ crontab: String) -> [String] {
        crontab.split(separator: "\n").filter { $0.hasPrefix("# BEGIN remindc ") }.map { String($0.dropFirst(16)) }
    }

    // MARK: Debian's real crontab, as a throwaway user

    static let canCreateUsers =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/useradd")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab")
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")

    static func shell(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        // From /: the throwaway user may not enter the checkout's folder
        // (a clone in a 0700 temporary folder), and the child starts there.
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let out = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: out.drained(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.enabled(if: canCreateUsers, "needs root, useradd and Debian's cron"))
    func debiansCrontabAsAThrowawayUser() throws {
        let user = "remindc\(UInt32.random(in: 10_000...99_999))"
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(user)")
        try #require(
            try Self.shell(["/usr/sbin/useradd", "--create-home", "--home-dir", home.path, "--shell", "/bin/sh", user]).status == 0)
        defer {
            _ = try? Self.shell(["/usr/bin/crontab", "-u", user, "-r"])
            _ = try? Self.shell(["/usr/sbin/userdel", "--remove", user])
            try? FileManager.default.removeItem(at: home)
        }
        // The user's copy of a reminder file and of remindc.
        let file = home.appendingPathComponent("remindme.yaml")
        try FileManager.default.copyItem(at: EndToEndTests.root.appendingPathComponent("examples/remindme.yaml"), to: file)
        let binary = home.appendingPathComponent("remindc")
        try FileManager.default.copyItem(at: EndToEndTests.binary, to: binary)
        _ = try Self.shell(["/bin/chown", "-R", "\(user):\(user)", home.path])
        try #require(try Self.shell(["/usr/sbin/runuser", "-u", user, "--", "/usr/bin/crontab", "-"], input: Self.before).status == 0)

        func asUser(_ arguments: [String]) throws -> (status: Int32, output: String) {
            try Self.shell(
                [
                    "/usr/sbin/runuser", "-u", user, "--", "/usr/bin/env", "-u", "REMINDC_CRONTAB", "HOME=\(home.path)",
                    binary.path, "crontab",
                ] + arguments)
        }
        let installed = try asUser(["--install", file.path] + Self.pinned)
        #expect(installed.status == 0, "\(installed.output)")
        #expect(installed.output.hasSuffix("Installed the block '\(file.path)' in your crontab: 1 reminder added (call-mum).\n"))
        let listed = try Self.shell(["/usr/bin/crontab", "-u", user, "-l"]).output
        #expect(listed.hasPrefix(Self.before + "# BEGIN remindc \(file.path)\n# file: \(file.path)\n"))
        #expect(listed.hasSuffix("# END remindc \(file.path)\n"))

        let again = try asUser(["--install", home.path + "/./remindme.yaml"] + Self.pinned)
        #expect(again.output.hasSuffix("1 unchanged.\n"), "\(again.output)")
        #expect(try Self.shell(["/usr/bin/crontab", "-u", user, "-l"]).output == listed)

        let removed = try asUser(["--uninstall", file.path])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(try Self.shell(["/usr/bin/crontab", "-u", user, "-l"]).output == Self.before)
    }
}
