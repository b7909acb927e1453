import Foundation
import Testing

/// `working-day:` against workalendar (PyPI), given the same days off: for
/// four calendars (a Friday and Saturday weekend among them), each month's
/// first, second, fifth, last and third-last working days over two years,
/// as `remindc expand` fires them and as workalendar's add_working_days
/// and sub_working_days count them (Oracles/working_days.py).
@Suite struct WorkingDayOracleTests {
    static let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/working_days.py").path
    static let python = OracleVenv.python(importing: "workalendar")

    static let counts = [1, 2, 5, -1, -3]

    @Test(.enabled(if: python != nil, "needs workalendar in .build/oracle-venv"),
          arguments: ["europe.UnitedKingdom", "europe.Bavaria", "usa.NewYork", "asia.Israel"])
    func workingDaysAreWorkalendars(_ calendar: String) throws {
        let run = try CrontabDeliveryTests.run(Self.python!.path, [Self.script, calendar, "2027", "2028"] + Self.counts.map(String.init))
        try #require(run.status == 0, "\(run.output.prefix(2000))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let weekend = try #require(json["weekend"] as? [String])
        let holidays = try #require(json["holidays"] as? [[String]])
        let expected = try #require(json["expected"] as? [String: [String]])

        // Two holidays on one day are one day off.
        var named: [String: String] = [:]
        for holiday in holidays { named[holiday[0]] = named[holiday[0]].map { $0 + "; " + holiday[1] } ?? holiday[1] }
        let yaml = "timezone: UTC\nweekend: [\(weekend.joined(separator: ", "))]\nholidays:\n  dates:\n"
            + named.keys.sorted().map { "    - \($0): \(Self.quoted(named[$0]!))\n" }.joined()
            + "reminders:\n"
            + Self.counts.map { "  - {id: \"n\($0)\", title: Day \($0), at: 2027-01-01 09:00, repeat: {every: month, working-day: \($0)}}\n" }.joined()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-workalendar-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("working-days.yaml")
        try Data(yaml.utf8).write(to: file)
        let expanded = try EndToEndTests.run(["expand", file.path, "--from", "2027-01-01", "--to", "2029-01-01", "--zone", "UTC",
                                              "--format", "csv", "--now", "2026-12-01T00:00:00Z"], environment: ["TZ": "UTC"])
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
    }

    /// `text` as a double-quoted YAML scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
