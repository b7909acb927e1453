import Foundation
import RepositoryFiles
import Testing

/// `remindc ics` through the built binary: golden .ics files for every
/// example and the fixtures, bad input, determinism and atomic output.
@Suite struct IcsEndToEndTests {
    typealias Case = EndToEndTests.Case
    static let now = ["--now", "2026-11-29T12:00:00Z"]
    static let fixtures = EndToEndTests.fixtures

    @Test(arguments: [
        Case(golden: "help-ics.txt", arguments: ["help", "ics"], status: 0),
        Case(golden: "ics-remindme.txt", arguments: ["ics", "examples/remindme.yaml"] + now, status: 0),
        Case(golden: "ics-repeating.txt", arguments: ["ics", "examples/repeating.yaml"] + now, status: 0),
        Case(golden: "ics-alerts.txt", arguments: ["ics", "\(EndToEndTests.fixtures)/expand/alerts.yaml"] + now, status: 0),
        Case(golden: "ics-my-minutes.txt", arguments: ["ics", "examples/my-minutes.yaml"] + now, status: 0),
        Case(golden: "ics-notifications-demo.txt", arguments: ["ics", "examples/notifications-demo.yaml"] + now, status: 0),
        Case(golden: "ics-fixed-instants.txt", arguments: ["ics", "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml"] + now, status: 0),
        Case(golden: "ics-hostile.txt", arguments: ["ics", "\(fixtures)/ics/hostile.yaml"] + now, status: 0),
        Case(golden: "ics-clocks.txt", arguments: ["ics", "\(fixtures)/expand/clocks.yaml"] + now, status: 0),
        Case(
            golden: "ics-clocks-expanded.txt",
            arguments: [
                "ics", "--expand", "\(fixtures)/expand/clocks.yaml", "--from", "2027-03-27", "--to", "2027-03-30", "--zone",
                "Europe/Berlin",
            ] + now,
            status: 0),
        Case(golden: "ics-working-day-alerts.txt", arguments: ["ics", "\(fixtures)/ics/working-day-alerts.yaml"] + now, status: 0),
        Case(
            golden: "ics-working-day-alerts-expanded.txt",
            arguments: ["ics", "--expand", "\(fixtures)/ics/working-day-alerts.yaml", "--from", "2026-12-25", "--to", "2027-01-12"] + now,
            status: 0),
        Case(golden: "ics-not-representable.txt", arguments: ["ics", "\(fixtures)/ics/fraction.yaml"] + now, status: 1),
        Case(golden: "ics-never.txt", arguments: ["ics", "\(fixtures)/expand/never.yaml"] + now, status: 1),
        Case(golden: "ics-from-without-expand.txt", arguments: ["ics", "--from", "2027-01-01", "examples"] + now, status: 2),
    ])
    func transcript(_ c: Case) throws {
        let run = try EndToEndTests.runInProcess(c.arguments, environment: ["NO_COLOR": "1", "TZ": "UTC"])
        #expect(run.status == c.status)
        Golden().check(Self.withoutCheckout(run.transcript), c.golden)
    }

    /// `text` with the checkout's folder in ATTACH's `file:` URIs written
    /// `<checkout>`, and those lines unfolded, so the golden files do not
    /// depend on where the project lies.
    static func withoutCheckout(_ text: String) -> String {
        let root =
            "file://"
            + (EndToEndTests.root.standardizedFileURL.path
                .addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? EndToEndTests.root.path)
        var lines: [String] = []
        for line in text.components(separatedBy: "\r\n") {
            if line.hasPrefix(" "), let last = lines.last, last.hasPrefix("ATTACH") {
                lines[lines.count - 1] = last + line.dropFirst()
            } else {
                lines.append(line)
            }
        }
        return lines.map { $0.hasPrefix("ATTACH") ? $0.replacingOccurrences(of: root, with: "file://<checkout>") : $0 }
            .joined(separator: "\r\n")
    }

    /// `--sound-base` must be an absolute URL: a path or text a content
    /// line would have to escape is a usage error, and nothing is written.
    /// `--expand` writes at most `--limit` components per reminder (1,000
    /// unless given), the first ones, and names the reminders it cut: a
    /// reminder every 5 seconds no longer writes 6.3 million.
    @Test(arguments: [(nil, 364), ("3", 3), ("400", 364)] as [(String?, Int)])
    func anExpansionIsBounded(_ limit: String?, _ daily: Int) throws {
        let run = try EndToEndTests.runInProcess(
            ["ics", "--expand", "\(Self.fixtures)/ics/sub-minute.yaml"] + (limit.map { ["--limit", $0] } ?? []) + Self.now)
        #expect(run.status == 0)
        let uids = run.stdout.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }
        let cap = Int(limit ?? "1000")!
        #expect(uids.filter { $0.hasPrefix("UID:fast-") }.count == cap)
        #expect(uids.filter { $0.hasPrefix("UID:daily-") }.count == daily)
        let named = cap < 364 ? "'fast', 'daily' have" : "'fast' has"
        #expect(
            run.stderr == "warning: \(Self.fixtures)/ics/sub-minute.yaml: \(named) more than \(cap) occurrences from 2026-11-29T12:00:00Z "
                + "to 2027-11-29T12:00:00Z; only the first \(cap) of each are written (a larger --limit, or an earlier --to)\n",
            "\(run.stderr)")
    }

    /// `check` of the same file: the sweep stops within its budget, says
    /// where, and the rest of the check is whole; --strict fails on it.
    @Test func checkOfTheSameFileStopsItsSweepAndSaysWhere() throws {
        let path = "\(Self.fixtures)/ics/sub-minute.yaml"
        let run = try EndToEndTests.runInProcess(["check", path, "--format", "json"] + Self.now)
        #expect(run.status == 0)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let cut = try #require(found.first { $0["rule"] as? String == "horizon-cut" })
        #expect(cut["severity"] as? String == "warning")
        #expect(cut["line"] as? Int == 3 && cut["column"] as? Int == 73, "\(cut)")
        #expect((cut["message"] as? String)?.hasPrefix("the rules over alerts looked only before 2027-07-2") == true, "\(cut)")
        #expect(found.contains { $0["rule"] as? String == "same-time" }, "the sweep's findings before the cut are kept")
        let strict = try EndToEndTests.runInProcess(["check", path, "--strict", "--quiet"] + Self.now)
        #expect(strict.status == 1)
    }

    @Test(arguments: [
        (["--limit", "3"], "Error: --limit needs --expand\n"),
        (["--expand", "--limit", "0"], "Error: --limit must be a whole number of at least 1, not '0'\n"),
    ])
    func aLimitIsRefusedWhereItMeansNothing(_ arguments: [String], _ message: String) throws {
        let run = try EndToEndTests.runInProcess(["ics", "examples/remindme.yaml"] + arguments + Self.now)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

    @Test(arguments: ["sounds/", "https://example.com/a b/", "://x", ""])
    func aSoundBaseThatIsNoURLIsAUsageError(_ base: String) throws {
        let run = try EndToEndTests.runInProcess(["ics", "--sound-base", base, "examples/my-minutes.yaml"] + Self.now)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix("Error: --sound-base needs an absolute URL such as https://example.com/sounds/, not '\(base)'\n"),
            "\(run.stderr)")
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let first = try EndToEndTests.runInProcess(["ics", "examples"], environment: ["SOURCE_DATE_EPOCH": "1796000000"])
        let second = try EndToEndTests.runInProcess(["ics", "examples"], environment: ["SOURCE_DATE_EPOCH": "1796000000"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("DTSTAMP:20261130T005320Z\r\n"))
    }

    /// A file without `uid-domain` gives UIDs in a domain label made of its
    /// name: `My Home.yaml` writes `UID:bins@my-home`, and so does
    /// `my home.yaml`.
    @Test(arguments: ["My Home.yaml", "my home.yaml", "MY_HOME.yml"])
    func theDefaultUIDDomainIsALabelOfTheFileName(_ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-uid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data("timezone: Europe/Berlin\nreminders:\n  - {id: bins, title: Bins out, at: 2026-12-01 19:00, repeat: weekly}\n".utf8)
            .write(to: file)
        let run = try EndToEndTests.runInProcess(["ics", file.path] + Self.now)
        #expect(run.status == 0)
        #expect(run.stdout.contains("\r\nUID:bins@my-home\r\n"))
        // The name as written is in no line: every identifier has the label.
        let stem = String(name[..<name.lastIndex(of: ".")!])
        #expect(!run.stdout.contains(stem))
    }

    @Test func writesTheOutputFileAtomicallyAndNothingOnFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-ics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("calendar.ics")

        let written = try EndToEndTests.runInProcess(["ics", "-o", target.path, "examples/remindme.yaml"] + Self.now)
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        let bytes = try Data(contentsOf: target)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("END:VCALENDAR\r\n"))

        // A failing run leaves the old file as it was, and no temporary file.
        let failed = try EndToEndTests.runInProcess(["ics", "--output", target.path, "\(Self.fixtures)/ics/fraction.yaml"] + Self.now)
        #expect(failed.status == 1)
        #expect(try Data(contentsOf: target) == bytes)
        let fresh = folder.appendingPathComponent("fresh.ics")
        _ = try EndToEndTests.runInProcess(["ics", "-o", fresh.path, "\(Self.fixtures)/bad"] + Self.now)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["calendar.ics"])

        let unwritable = try EndToEndTests.run(
            ["ics", "-o", folder.appendingPathComponent("no/such/dir.ics").path, "examples/remindme.yaml"] + Self.now)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("Error: cannot write"))
    }

    @Test func everyLineIsFoldedAndEndsInCRLF() throws {
        let run = try EndToEndTests.runInProcess(["ics", "\(Self.fixtures)/ics/hostile.yaml"] + Self.now)
        let bytes = Array(run.stdout.utf8)
        var line: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A, "CR only before LF")
                #expect(line.count <= 75)
                #expect(String(validating: line, as: UTF8.self) != nil)
                line = []
                index += 2
                continue
            }
            #expect(bytes[index] != 0x0A, "LF only after CR")
            line.append(bytes[index])
            index += 1
        }
        #expect(line.isEmpty)
    }
}
