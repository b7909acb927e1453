import Foundation
import Testing

/// remindc's crontab run by an independent simulation (Oracles/cron_oracle.py:
/// cronsim from PyPI for the fields, each command in /bin/sh with the clock
/// faked) fires exactly when `remindc expand` says, each alert `before:` its
/// occurrence, except on the daylight-saving dates the crontab itself names
/// in `# dst:` comments; for Debian's cron and cronie, and for busybox crond.
@Suite struct CrontabOracleTests {
    static let python: URL? = {
        let path = EndToEndTests.root.appendingPathComponent(".build/oracle-venv/bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: path)
        probe.arguments = ["-c", "import cronsim"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? probe.executableURL : nil
    }()

    struct Oracle: Decodable {
        var fires: [String: [String]]
        var dst: [String: [String]]
        var problems: [String]
    }

    /// The alert instants `expand` implies: each occurrence minus `before`.
    static func expected(_ path: String, zone: String, windows: [(String, String)]) throws -> [String: [String]] {
        let formatter = ISO8601DateFormatter()
        var befores: [String: Int] = [:]
        let yaml = try String(contentsOf: URL(fileURLWithPath: path, relativeTo: EndToEndTests.root), encoding: .utf8)
        var current: String?
        for line in yaml.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- id: ") { current = String(trimmed.dropFirst(6)) }
            if trimmed.hasPrefix("before: "), let current {
                let value = trimmed.dropFirst(8).split(separator: " ")[0]
                let number = Int(value.dropLast()) ?? 0
                befores[current] = number * (value.hasSuffix("h") ? 3600 : value.hasSuffix("d") ? 86_400 : 60)
            }
        }
        var result: [String: [String]] = [:]
        for window in windows {
            // Occurrences up to a day after the window, whose alerts may fall in it.
            let to = formatter.string(from: formatter.date(from: window.1)!.addingTimeInterval(2 * 86_400))
            let run = try EndToEndTests.run(["expand", "--format", "jsonl", path, "--zone", zone, "--from", window.0, "--to", to])
            for line in run.stdout.split(separator: "\n") {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: String]
                let id = object["reminder"]!
                let alert = formatter.date(from: object["utc"]!)!.addingTimeInterval(-TimeInterval(befores[id] ?? 0))
                let text = formatter.string(from: alert)
                if text >= window.0 && text < window.1 { result[id, default: []].append(text) }
            }
        }
        return result
    }

    func check(_ path: String, zone: String, windows: [(String, String)], daemons: [String] = ["debian", "busybox"]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cron-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let crontab = folder.appendingPathComponent("crontab")
        let written = try EndToEndTests.run(["crontab", path, "--zone", zone, "--now", "2026-11-29T12:00:00Z", "--allow-inexact",
                                             "--command", "echo FIRED {id}", "-o", crontab.path])
        try #require(written.status == 0, "\(written.stderr)")
        let expected = try Self.expected(path, zone: zone, windows: windows)
        for daemon in daemons {
            let process = Process()
            process.executableURL = Self.python
            process.arguments = [EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/cron_oracle.py").path,
                                 crontab.path, zone, daemon] + windows.flatMap { [$0.0, $0.1] }
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            let oracle = try JSONDecoder().decode(Oracle.self, from: data)
            #expect(oracle.problems.isEmpty, "\(daemon): \(oracle.problems)")
            for id in Set(expected.keys).union(oracle.fires.keys).sorted() {
                let excluded = Set((oracle.dst[id] ?? []).flatMap(Self.aroundDate))
                func keep(_ instant: String) -> Bool { !excluded.contains(String(instant.prefix(10))) }
                let ours = (expected[id] ?? []).filter(keep).sorted()
                let theirs = (oracle.fires[id] ?? []).filter(keep).sorted()
                if ours != theirs {
                    let missing = Set(ours).subtracting(theirs).sorted().prefix(4)
                    let extra = Set(theirs).subtracting(ours).sorted().prefix(4)
                    Issue.record("\(path) \(daemon) \(id): expand has \(ours.count), cron fires \(theirs.count); only expand \(missing); only cron \(extra)")
                }
            }
        }
    }

    /// A `# dst:` date and the UTC dates next to it.
    static func aroundDate(_ date: String) -> [String] {
        let formatter = ISO8601DateFormatter()
        guard let day = formatter.date(from: date + "T12:00:00Z") else { return [date] }
        return [-1, 0, 1].map { String(formatter.string(from: day.addingTimeInterval(Double($0) * 86_400)).prefix(10)) }
    }

    @Test(.enabled(if: python != nil, "cronsim is not installed"), arguments: [
        "examples/remindme.yaml", "examples/repeating.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml",
    ])
    func examplesFireWhenExpandSays(_ path: String) throws {
        try check(path, zone: "America/New_York", windows: [
            ("2026-12-01T05:00:00Z", "2026-12-02T05:00:00Z"), ("2026-12-25T05:00:00Z", "2026-12-26T05:00:00Z"),
            ("2027-03-14T04:00:00Z", "2027-03-14T16:00:00Z"), ("2027-03-28T00:00:00Z", "2027-03-28T12:00:00Z"),
            ("2027-11-07T04:00:00Z", "2027-11-07T16:00:00Z"),
        ])
    }

    /// A seeded set of reminders cron can fire exactly: every day-level
    /// shape, intervals, ends, exceptions, additions, alerts before, times
    /// near daylight-saving changes, in the machine's zone, floating and
    /// other zones.
    static func generatedFile(count: Int, otherZones: Bool = true, subDaily: Bool = true) -> String {
        var state: UInt64 = 5
        func random(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        func pick<T>(_ values: [T]) -> T { values[random(0...(values.count - 1))] }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        var yaml = "timezone: Europe/Berlin\nreminders:\n"
        for index in 0..<count {
            let other = otherZones && index % 8 == 7
            let zone = other ? pick(["America/New_York", "Europe/London", "UTC", "Australia/Lord_Howe"]) : pick(["Europe/Berlin", "floating"])
            let day = random(1...28)
            let month = pick([2, 3, 10])
            let hour = pick([1, 2, 2, 3, 8, 9, 12, 18, 23])
            let minute = pick([0, 15, 30, 45])
            let at = "2027-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
            var repeats = [
                "daily", "weekdays", "weekly", "monthly", "yearly", "{every: 3 days}", "{every: 2 weeks, on: [\(pick(weekdays)), \(pick(weekdays))]}",
                "{every: month, days: [1, 15, -1]}", "{every: month, on: [last fri]}", "{every: month, on: [2nd tue, -2 wed]}",
                "{every: 2 months, days: [\(day)]}", "{every: week, on: [mon, fri], until: 2027-10-31}",
                "{every: day, times: [\"07:10\", \"19:40\"], count: 40}", "{every: day, except: [2027-03-28, 2027-10-31], also: [\"2027-11-01 12:00\"]}",
                "{every: month, days: [10, 20], on: [mon, tue, wed, thu, fri]}", "{every: year, months: [mar, oct], on: [last sun]}",
            ]
            if !other && subDaily { repeats += ["{every: 90 minutes, count: 30}", "{every: 20 minutes, count: 50}", "{every: 2 hours, count: 40}", "{every: 7 hours, count: 40}"] }
            yaml += "  - id: g\(index)\n    title: Generated \(index)\n    at: \(at)\n    timezone: \(zone)\n    repeat: \(pick(repeats))\n"
            if random(1...4) == 1 { yaml += "    before: \(pick(["15m", "1h"]))\n" }
        }
        return yaml
    }

    @Test(.enabled(if: python != nil, "cronsim is not installed"))
    func aGeneratedSetFiresWhenExpandSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cron-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Day-level repeats in the machine's zone and floating over a whole
        // year; other zones (whose entries wake every hour) and sub-daily
        // repeats around the changes.
        let local = folder.appendingPathComponent("local.yaml")
        try Data(Self.generatedFile(count: 160, otherZones: false, subDaily: false).utf8).write(to: local)
        let mixed = folder.appendingPathComponent("mixed.yaml")
        try Data(Self.generatedFile(count: 96).utf8).write(to: mixed)
        for file in [local, mixed] {
            let checked = try EndToEndTests.run(["check", file.path])
            try #require(checked.status == 0, "\(checked.stdout)")
        }
        try check(local.path, zone: "Europe/Berlin", windows: [("2026-12-01T00:00:00Z", "2027-12-01T00:00:00Z")], daemons: ["debian"])
        try check(mixed.path, zone: "Europe/Berlin", windows: [
            ("2027-03-01T00:00:00Z", "2027-04-08T00:00:00Z"), ("2027-10-22T00:00:00Z", "2027-11-09T00:00:00Z"),
        ], daemons: ["debian"])
    }

    /// Every 7 minutes through Berlin's spring-forward night: minutes since
    /// the start counted in the guard.
    @Test(.enabled(if: python != nil, "cronsim is not installed"))
    func anIntervalThatDividesNoDayIsCountedInTheGuard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cron-7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("seven.yaml")
        try Data("""
            timezone: Europe/Berlin
            reminders:
              - id: seven
                title: Seven
                at: 2027-03-27 22:05
                repeat: {every: 7 minutes, count: 80}
              - id: elevenish
                title: Eleven
                at: 2027-03-28 00:01
                timezone: floating
                repeat: {every: 11 minutes, count: 40}
                before: 1m
            """.utf8).write(to: file)
        try check(file.path, zone: "Europe/Berlin", windows: [("2027-03-27T20:00:00Z", "2027-03-28T10:00:00Z")])
    }
}
