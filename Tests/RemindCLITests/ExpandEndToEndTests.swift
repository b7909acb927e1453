import Foundation
import RepositoryFiles
import Testing

/// `remindc expand` through the built binary: each format against a golden
/// file, pinned in time and zone so the bytes never change.
@Suite struct ExpandEndToEndTests {
    typealias Case = EndToEndTests.Case

    static let clocks = "\(EndToEndTests.fixtures)/expand/clocks.yaml"
    static let window = ["--from", "2027-03-01", "--to", "2027-12-01", "--zone", "Europe/Berlin"]

    @Test(arguments: [
        Case(golden: "help-expand.txt", arguments: ["help", "expand"], status: 0),
        Case(
            golden: "expand-examples.txt",
            arguments: ["expand", "examples", "--now", "2026-11-29T12:00:00Z", "--zone", "Europe/Berlin", "--limit", "3"], status: 0),
        Case(
            golden: "expand-examples.jsonl.txt",
            arguments: ["expand", "--format", "jsonl", "examples", "--now", "2026-11-29T12:00:00Z", "--zone", "UTC", "--to", "2027-01-01"],
            status: 0),
        Case(golden: "expand-clocks.txt", arguments: ["expand", clocks] + window, status: 0),
        Case(
            golden: "expand-alerts.jsonl.txt",
            arguments: [
                "expand", "--format", "jsonl", "\(EndToEndTests.fixtures)/expand/alerts.yaml",
                "--from", "2027-03-20T00:00:00Z", "--to", "2027-04-05T00:00:00Z",
            ], status: 0),
        Case(
            golden: "expand-clocks.jsonl.txt",
            arguments: ["expand", clocks, "--format=jsonl", "--zone", "America/New_York", "--from", "2027-03-01", "--to", "2027-12-01"],
            status: 0),
        Case(golden: "expand-clocks.csv.txt", arguments: ["expand", clocks, "--format", "csv"] + window, status: 0),
        // Fixed instants in a file with no zone: each at its own offset, in every format.
        Case(
            golden: "expand-fixed-instants.txt",
            arguments: [
                "expand", "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml", "--from", "2026-10-26", "--to", "2026-11-04", "--zone",
                "America/New_York",
            ], status: 0),
        Case(
            golden: "expand-fixed-instants.jsonl.txt",
            arguments: [
                "expand", "--format", "jsonl", "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml", "--from", "2026-11-28", "--to",
                "2026-12-06", "--zone", "Asia/Tokyo",
            ], status: 0),
        Case(
            golden: "expand-never.txt",
            arguments: ["expand", "\(EndToEndTests.fixtures)/expand/never.yaml", "--now", "2026-11-29T12:00:00Z"], status: 1),
        Case(
            golden: "expand-bad-file.txt",
            arguments: ["expand", "\(EndToEndTests.fixtures)/bad/rrule.yaml", "--now", "2026-11-29T12:00:00Z"], status: 1),
        Case(golden: "expand-bad-zone.txt", arguments: ["expand", "--zone", "Europe/Berlinn", "examples"], status: 2),
        Case(golden: "expand-floating-zone.txt", arguments: ["expand", "--zone", "floating", "examples"], status: 2),
        Case(golden: "expand-bad-from.txt", arguments: ["expand", "--from", "the week after", "examples"], status: 2),
        Case(golden: "expand-bad-limit.txt", arguments: ["expand", "--limit", "-3", "examples"], status: 2),
        Case(golden: "expand-bad-epoch.txt", arguments: ["expand", "examples"], status: 2),
    ])
    func transcript(_ c: Case) throws {
        var environment = ["NO_COLOR": "1", "TZ": "UTC"]
        if c.golden == "expand-bad-epoch.txt" { environment["SOURCE_DATE_EPOCH"] = "yesterday" }
        let run = try EndToEndTests.runInProcess(c.arguments, environment: environment)
        #expect(run.status == c.status)
        Golden().check(run.transcript, c.golden)
    }

    @Test func sourceDateEpochPinsNowAndTheDefaultWindowIsAYear() throws {
        let pinned = try EndToEndTests.run(
            ["expand", "--format", "jsonl", Self.clocks, "--zone", "Europe/Berlin"],
            environment: ["SOURCE_DATE_EPOCH": "1798761600"])  // 2027-01-01T00:00:00Z
        let explicit = try EndToEndTests.run([
            "expand", "--format", "jsonl", Self.clocks, "--zone", "Europe/Berlin",
            "--now", "2027-01-01T00:00:00Z", "--to", "2028-01-01T00:00:00Z",
        ])
        #expect(pinned.status == 0)
        #expect(pinned.stdout == explicit.stdout)
        #expect(!pinned.stdout.isEmpty)
    }

    @Test func aLongExpansionStreamsEveryLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("minutes.yaml")
        try Data(
            """
            reminders:
              - {id: tick, title: Tick, at: 2027-01-01T00:00:00Z, timezone: UTC, repeat: minutely}
            """.utf8
        ).write(to: file)
        let run = try EndToEndTests.run([
            "expand", "--format", "jsonl", file.path, "--from", "2027-01-01T00:00:00Z", "--to", "2027-01-08T00:00:00Z",
        ])
        let lines = run.stdout.split(separator: "\n")
        #expect(run.status == 0)
        #expect(lines.count == 7 * 1440)
        #expect(
            lines.last
                == #"{"reminder":"tick","start":"2027-01-07T23:59:00+00:00","utc":"2027-01-07T23:59:00Z","timezone":"UTC","title":"Tick","alerts":["2027-01-07T23:59:00Z"]}"#
        )
    }
}
