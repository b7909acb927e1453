import Foundation
import RepositoryFiles
import Testing

/// `working-day:` and `before: N working days` against workalendar (PyPI),
/// given the same days off: for four calendars (a Friday and Saturday
/// weekend among them), each month's first, second, fifth, last and
/// third-last working days over two years, as `remindc expand` fires them
/// and as workalendar's add_working_days and sub_working_days count them;
/// and the alerts of a daily reminder 1, 2, 3 and 10 working days before
/// each day, as `expand` lists them and as sub_working_days counts back
/// (Oracles/working_days.py).
@Suite struct WorkingDayOracleTests {
    static let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/working_days.py").path
    static let python = OracleVenv.python(importing: "workalendar")

    static let counts = [1, 2, 5, -1, -3]
    static let leads = [1, 2, 3, 10]

    @Test(
        .enabled(if: python != nil, "needs workalendar in .build/oracle-venv"),
        arguments: ["europe.UnitedKingdom", "europe.Bavaria", "usa.NewYork", "asia.Israel"])
    func workingDaysAreWorkalendars(_ calendar: String) throws {
        let run = try Tools.run(
            Self.python!.path,
            [Self.script, calendar, "2027", "2028"] + Self.counts.map(String.init)
                + ["--leads"] + Self.leads.map(String.init))
        try #require(run.status == 0, "\(run.output.prefix(2000))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let weekend = try #require(json["weekend"] as? [String])
        let holidays = try #require(json["holidays"] as? [[String]])
        let expected = try #require(json["expected"] as? [String: [String]])
        let before = try #require(json["leads"] as? [String: [[String]]])

        // Two holidays on one day are one day off.
        var named: [String: String] = [:]
        for holiday in holidays { named[holiday[0]] = named[holiday[0]].map { $0 + "; " + holiday[1] } ?? holiday[1] }
        let yaml =
            "timezone: UTC\nweekend: [\(weekend.joined(separator: ", "))]\nholidays:\n  dates:\n"
            + named.keys.sorted().map { "    - \($0): \(Self.quoted(named[$0]!))\n" }.joined()
            + "reminders:\n"
            + Self.counts.map {
                "  - {id: \"n\($0)\", title: Day \($0), at: 2027-01-01 09:00, repeat: {every: month, working-day: \($0)}}\n"
            }.joined()
            + Self.leads.map {
                "  - {id: \"lead\($0)\", title: Lead \($0), at: 2027-01-01 09:00, repeat: daily, before: \($0) working days}\n"
            }.joined()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-workalendar-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("working-days.yaml")
        try Data(yaml.utf8).write(to: file)
        let expanded = try EndToEndTests.run(
            [
                "expand", file.path, "--from", "2027-01-01", "--to", "2029-01-01", "--zone", "UTC",
                "--format", "csv", "--now", "2026-12-01T00:00:00Z",
            ], environment: ["TZ": "UTC"])
        try #require(expanded.status == 0, "\(expanded.stderr.prefix(2000))")
        var fired: [String: [String]] = [:]
        for line in expanded.stdout.split(separator: "\r\n").dropFirst() {
            let fields = line.split(separator: ",")
            fired[String(fields[0].dropFirst()), default: []].append(String(fields[1].prefix(10)))
        }
        for n in Self.counts {
            #expect(fired["\(n)"] ?? [] == expected["\(n)"] ?? [], "working-day: \(n) in \(calendar)")
            #expect((fired["\(n)"] ?? []).count >= 23)
        }

        // Each day's alert, on the day workalendar counts back to.
        let alerts = try EndToEndTests.run(
            [
                "expand", file.path, "--from", "2027-01-01", "--to", "2029-01-01", "--zone", "UTC",
                "--format", "jsonl", "--now", "2026-12-01T00:00:00Z",
            ], environment: ["TZ": "UTC"])
        try #require(alerts.status == 0, "\(alerts.stderr.prefix(2000))")
        var counted: [String: [[String]]] = [:]
        for line in alerts.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["reminder"] as? String)
            guard id.hasPrefix("lead"), let start = object["utc"] as? String, let alert = (object["alerts"] as? [String])?.first else {
                continue
            }
            #expect(alert.dropFirst(10) == start.dropFirst(10), "\(id) at \(start): the occurrence's time of day")
            counted[String(id.dropFirst(4)), default: []].append([String(start.prefix(10)), String(alert.prefix(10))])
        }
        for lead in Self.leads {
            #expect(counted["\(lead)"] ?? [] == before["\(lead)"] ?? [], "before: \(lead) working days in \(calendar)")
            #expect((counted["\(lead)"] ?? []).count == 731)
        }
    }

    /// `text` as a double-quoted YAML scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
