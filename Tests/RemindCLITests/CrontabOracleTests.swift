import Foundation
import RepositoryFiles
import Testing

/// remindc's crontab run by an independent simulation (Oracles/cron_oracle.py:
/// cronsim from PyPI for the fields, each command in /bin/sh with the clock
/// faked) fires exactly when `remindc expand` says, each alert `before:` its
/// occurrence, except on the daylight-saving dates the crontab itself names
/// in `# dst:` comments; for Debian's cron and cronie, and for busybox crond.
@Suite struct CrontabOracleTests {
    static let python = OracleVenv.python(importing: "cronsim")

    struct Oracle: Decodable {
        var fires: [String: [String]]
        var dst: [String: [String]]
        var problems: [String]
    }

    /// The alert instants `expand` implies: each occurrence minus `before`,
    /// its days and weeks nominal (the same wall-clock time that many days
    /// earlier in the reminder's zone, as RFC 5545 §3.3.6 counts them), its
    /// hours and minutes exact.
    /// The zone `expand` names: an IANA name, `UTC`, or a fixed offset such as `+05:30`.
    static func zone(named name: String) -> TimeZone? {
        guard let sign = name.first, sign == "+" || sign == "-" else { return TimeZone(identifier: name) }
        let parts = name.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (parts[0] * 3600 + parts[1] * 60))
    }

    static func expected(_ path: String, zone: String, windows: [(String, String)]) throws -> [String: [String]] {
        let formatter = ISO8601DateFormatter()
        // A reminder with one `before:` (and no `alert-time:`) has its alert
        // worked out here too, from the occurrence, to judge expand's.
        var befores: [String: (days: Int, seconds: Int)] = [:]
        var several: Set<String> = []
        let yaml = try String(contentsOf: URL(fileURLWithPath: path, relativeTo: EndToEndTests.root), encoding: .utf8)
        var current: String?
        for line in yaml.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- id: ") { current = trimmed.dropFirst(6).split(separator: " ").first.map(String.init) }
            guard let current else { continue }
            if trimmed.hasPrefix("alert-time:") || trimmed.hasPrefix("before: [") { several.insert(current) }
            if trimmed.hasPrefix("before: ") {
                let value = trimmed.dropFirst(8).split(separator: " ")[0]
                let number = Int(value.dropLast()) ?? 0
                switch value.last {
                case "w": befores[current] = (7 * number, 0)
                case "d": befores[current] = (number, 0)
                case "h": befores[current] = (0, 3600 * number)
                default: befores[current] = (0, 60 * number)
                }
            }
        }
        var result: [String: [String]] = [:]
        for window in windows {
            // Occurrences up to a week after the window, whose alerts may fall in it.
            let to = formatter.string(from: formatter.date(from: window.1)!.addingTimeInterval(8 * 86_400))
            let run = try EndToEndTests.run(["expand", "--format", "jsonl", path, "--zone", zone, "--from", window.0, "--to", to])
            for line in run.stdout.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let id = try #require(object["reminder"] as? String)
                let alerts = try #require(object["alerts"] as? [String])
                if !several.contains(id) {
                    let lead = befores[id] ?? (0, 0)
                    var calendar = Calendar(identifier: .gregorian)
                    let name = try #require(object["timezone"] as? String)
                    calendar.timeZone = Self.zone(named: name == "floating" ? zone : name)!
                    var alert = formatter.date(from: try #require(object["utc"] as? String))!
                    if lead.days > 0 {
                        alert = calendar.date(byAdding: .day, value: -lead.days, to: alert)!
                        // A wall-clock time that comes twice means the first (SPEC §1).
                        for earlier in [alert.addingTimeInterval(-3600), alert.addingTimeInterval(-1800)]
                        where calendar.dateComponents([.year, .month, .day, .hour, .minute], from: earlier)
                            == calendar.dateComponents([.year, .month, .day, .hour, .minute], from: alert)
                        {
                            alert = earlier
                        }
                    }
                    let text = formatter.string(from: alert.addingTimeInterval(-TimeInterval(lead.seconds)))
                    #expect(alerts == [text], "\(path) \(id): expand's alerts \(alerts), the occurrence less 'before' \(text)")
                }
                for text in alerts where text >= window.0 && text < window.1 { result[id, default: []].append(text) }
            }
        }
        return result
    }

    func check(
        _ path: String, zone: String, windows: [(String, String)], daemons: [String] = ["debian", "busybox"],
        command: String = "echo FIRED {id}"
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cron-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let crontab = folder.appendingPathComponent("crontab")
        let written = try EndToEndTests.run([
            "crontab", path, "--zone", zone, "--now", "2026-11-29T12:00:00Z", "--allow-inexact",
            "--command", command, "-o", crontab.path,
        ])
        try #require(written.status == 0, "\(written.stderr)")
        let expected = try Self.expected(path, zone: zone, windows: windows)
        for daemon in daemons {
            let process = Process()
            process.executableURL = Self.python
            process.arguments =
                [
                    EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/cron_oracle.py").path,
                    crontab.path, zone, daemon,
                ] + windows.flatMap { [$0.0, $0.1] }
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.drained()
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
                    Issue.record(
                        "\(path) \(daemon) \(id): expand has \(ours.count), cron fires \(theirs.count); only expand \(missing); only cron \(extra)"
                    )
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

    @Test(
        .enabled(if: python != nil, "cronsim is not installed"),
        arguments: [
            "examples/remindme.yaml", "examples/repeating.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml",
            "Tests/RemindCLITests/Fixtures/expand/alerts.yaml",
        ])
    func examplesFireWhenExpandSaysForAYear(_ path: String) throws {
        try check(path, zone: "America/New_York", windows: [("2026-12-01T05:00:00Z", "2027-12-01T05:00:00Z")], command: "echo FIRED")
    }

    /// Fixed instants at their own offsets (+05:00, -02:30, +05:45, Z): the
    /// guards read those clocks through POSIX TZ strings, across the
    /// machine's own daylight-saving changes.
    @Test(.enabled(if: python != nil, "cronsim is not installed"))
    func fixedOffsetsFireWhenExpandSays() throws {
        try check(
            "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml", zone: "Europe/Berlin",
            windows: [("2026-10-20T00:00:00Z", "2027-05-01T00:00:00Z")], command: "echo FIRED")
    }

    /// A seeded set of reminders of every repeat form: day-level shapes,
    /// intervals, positions (BYSETPOS), nth weekdays of a month and of a
    /// year, days from the end of a month, days of the year, week numbers,
    /// ends, exceptions, additions, one-offs, sub-daily repeats, alerts
    /// before (some across midnight), times near daylight-saving changes,
    /// in the machine's zone, floating and other zones.
    /// `sabreDAV`: only repeats SabreDAV 4 takes and expands, as `check
    /// --for caldav` tells them: none counted in minutes, and the 3rd
    /// Monday of May for the 20th Monday of the year.
    static func generatedFile(count: Int, otherZones: Bool = true, sabreDAV: Bool = false) -> String {
        let subDaily = !sabreDAV
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
            let zone =
                other ? pick(["America/New_York", "Europe/London", "UTC", "Australia/Lord_Howe"]) : pick(["Europe/Berlin", "floating"])
            let day = random(1...28)
            let month = pick([2, 3, 10])
            let hour = pick([0, 1, 2, 2, 3, 8, 9, 12, 18, 23])
            let minute = pick([0, 15, 30, 45])
            let at = "2027-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
            var repeats = [
                "daily", "weekdays", "weekly", "monthly", "yearly", "{every: 3 days}",
                "{every: 2 weeks, on: [\(pick(weekdays)), \(pick(weekdays))]}",
                "{every: month, days: [1, 15, -1]}", "{every: month, on: [last fri]}", "{every: month, on: [2nd tue, -2 wed]}",
                "{every: 2 months, days: [\(day)]}", "{every: week, on: [mon, fri], until: 2027-10-31}",
                "{every: day, times: [\"07:10\", \"19:40\"], count: 40}",
                "{every: day, except: [2027-03-28, 2027-10-31], also: [\"2027-11-01 12:00\"]}",
                "{every: month, days: [10, 20], on: [mon, tue, wed, thu, fri]}", "{every: year, months: [mar, oct], on: [last sun]}",
                "{every: month, on: [fri], position: [-1]}", "{every: month, on: [mon, tue, wed, thu, fri], position: [-1]}",
                "{every: month, on: [sat, sun], position: [1, -1]}",
                "{every: week, on: [mon, wed, fri], position: [2]}", "{every: 2 months, on: [sat, sun], position: [-2]}",
                sabreDAV ? "{every: year, months: [may], on: [3rd mon]}" : "{every: year, on: [20th mon]}", "{every: year, on: [-1 fri]}",
                "{every: month, days: [-1, -3]}",
                "{rrule: \"FREQ=YEARLY;BYYEARDAY=100,-1\"}", "{rrule: \"FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO,FR\"}",
                "{rrule: \"FREQ=YEARLY;BYWEEKNO=1,52;BYDAY=TU;WKST=SU\"}", "{rrule: \"FREQ=YEARLY;BYDAY=SU;BYSETPOS=-1,1\"}",
                "{rrule: \"FREQ=MONTHLY;BYMONTH=3,10;BYDAY=SA,SU;BYSETPOS=1\"}",
                "{every: month, days: [1, 2, 3, 4, 5, 6, 7], on: [tue, thu], times: [\"09:00\", \"17:00\"], position: [-1]}",
                "{every: week, on: [sat], except: [\"\(at)\"]}", "none",
            ]
            if subDaily {
                repeats += [
                    "{every: 90 minutes, count: 30}", "{every: 20 minutes, count: 50}", "{every: 2 hours, count: 40}",
                    "{every: 7 hours, count: 40}",
                    "{every: 15 minutes, count: 300}", "{every: 30 minutes, until: 2027-11-30}", "{every: 3 hours, on: [sat, sun]}",
                ]
            }
            let chosen = pick(repeats)
            yaml +=
                "  - id: g\(index)\n    title: Generated \(index)\n    at: \(at)\n    timezone: \(zone)\n"
                + (chosen == "none" ? "" : "    repeat: \(chosen)\n")
            // (A position among days of the month walks the month in a loop,
            // and another zone's positions count in the guard: neither leaves
            // room in Debian's 998 bytes for a lead's arithmetic too.)
            if random(1...3) == 1 && !chosen.contains("days: [1, 2") && !(other && chosen.contains("position")) {
                yaml += "    before: \(pick(["15m", "1h", "90m", "12h", "1d", "36h"]))\n"
            }
        }
        if subDaily {
            // The minutes an hourly repeat expands to, every hour and every
            // fifth (an interval that divides no day), here and elsewhere.
            for (index, zone) in ["Europe/Berlin", "Asia/Tokyo"].enumerated() {
                yaml += """
                      - {id: hourly-minutes-\(index), title: Hourly minutes, at: 2027-03-27 22:15, timezone: \(zone),
                         repeat: {rrule: "FREQ=HOURLY;BYMINUTE=15,45;COUNT=300"}}
                      - {id: fifth-hour-\(index), title: Fifth hour, at: 2027-03-20 01:00, timezone: \(zone),
                         repeat: {rrule: "FREQ=HOURLY;INTERVAL=5;BYMINUTE=0,30;COUNT=200"}}

                    """
            }
        }
        return yaml
    }

    @Test(.enabled(if: python != nil, "cronsim is not installed"))
    func aGeneratedSetFiresWhenExpandSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cron-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // REMINDC_KEEP_ORACLE_FILES=1 keeps the generated file, to look at a failure.
        defer {
            if ProcessInfo.processInfo.environment["REMINDC_KEEP_ORACLE_FILES"] != "1" { try? FileManager.default.removeItem(at: folder) }
        }
        let file = folder.appendingPathComponent("generated.yaml")
        try Data(Self.generatedFile(count: 320).utf8).write(to: file)
        let checked = try EndToEndTests.run(["check", file.path])
        try #require(checked.status == 0, "\(checked.stdout)")
        if ProcessInfo.processInfo.environment["REMINDC_ORACLE_GENERATE_ONLY"] == "1" { return }
        // Every reminder exact: nothing listed as inexact.
        let written = try EndToEndTests.run([
            "crontab", file.path, "--zone", "Europe/Berlin", "--now", "2026-11-29T12:00:00Z",
            "--command", "echo FIRED",
        ])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(!written.stderr.contains("cron-inexact"))
        try check(file.path, zone: "Europe/Berlin", windows: [("2026-12-01T00:00:00Z", "2027-12-01T00:00:00Z")], command: "echo FIRED")
    }

    /// Every 7 minutes through Berlin's spring-forward night: minutes since
    /// the start counted in the guard.
    @Test(.enabled(if: python != nil, "cronsim is not installed"))
    func anIntervalThatDividesNoDayIsCountedInTheGuard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cron-7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("seven.yaml")
        try Data(
            """
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
            """.utf8
        ).write(to: file)
        try check(file.path, zone: "Europe/Berlin", windows: [("2027-03-27T20:00:00Z", "2027-03-28T10:00:00Z")])
    }
}
