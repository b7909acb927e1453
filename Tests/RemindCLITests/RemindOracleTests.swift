import Foundation
import RepositoryFiles
import Testing

/// Days off against Remind (Debian's `remind`, 04.02), which has had them
/// for thirty years: a few hundred reminders written both as remindc YAML
/// and as Remind's `.rem` lines (`OMIT` for the holidays, `OMIT Sat Sun`
/// and `SKIP`, `BEFORE` or `AFTER` for `if-holiday:`, `REM 1 -N` for the
/// Nth working day from a month's end, `REM 1 ... AFTER` for its first),
/// and the days and times each fires on over two years compared:
/// `remind -s` against `remindc expand`. `nearest` has no Remind twin; the
/// engine's tables judge it by its definition.
@Suite struct RemindOracleTests {
    static let remind = ["/usr/bin/remind", "/usr/local/bin/remind"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Holidays over the two years, as single days and ranges.
    static let holidays: [(first: String, last: String, name: String)] = [
        ("2026-12-25", "2026-12-25", "Christmas Day"), ("2026-12-28", "2026-12-28", "Boxing Day (substitute day)"),
        ("2027-01-01", "2027-01-01", "New Year's Day"), ("2027-03-26", "2027-03-26", "Good Friday"),
        ("2027-03-29", "2027-03-29", "Easter Monday"), ("2027-05-03", "2027-05-03", "Early May bank holiday"),
        ("2027-05-31", "2027-05-31", "Spring bank holiday"), ("2027-08-30", "2027-08-30", "Summer bank holiday"),
        ("2027-12-24", "2028-01-03", "Office closed"), ("2028-04-14", "2028-04-14", "Good Friday"),
        ("2028-04-17", "2028-04-17", "Easter Monday"), ("2028-05-01", "2028-05-01", "Early May bank holiday"),
        ("2028-05-29", "2028-05-29", "Spring bank holiday"), ("2028-08-28", "2028-08-28", "Summer bank holiday"),
        ("2028-12-25", "2028-12-26", "Christmas"), ("2028-07-03", "2028-07-07", "Summer closure"),
    ]

    struct Pair {
        var yaml: String
        var rem: String
    }

    /// The reminders, each as YAML and as a Remind line.
    static func generated(count: Int) -> [Pair] {
        var state: UInt64 = 11
        func random(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        let remDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        // 2026-12-01 is a Tuesday.
        let firstOfDecember = 1
        var pairs: [Pair] = []
        for index in 0..<count {
            let id = "r\(index)"
            let (hour, minute) = (random(6...20), [0, 15, 30, 45][random(0...3)])
            let time = "\(two(hour)):\(two(minute))"
            let move = ["skip", "before", "after", "fire"][random(0...3)]
            let remMove = move == "fire" ? "" : " OMIT Sat Sun \(move.uppercased())"
            let yamlMove = move == "fire" ? "" : "    if-holiday: \(move)\n"
            let kind = random(0...6)
            var yaml = "  - id: \(id)\n    title: \(id)\n"
            var rem = ""
            switch kind {
            case 0:
                // Monthly on day N.
                let day = random(1...28)
                yaml += "    at: 2026-12-\(two(day)) \(time)\n    repeat: monthly\n" + yamlMove
                rem = "REM \(day)\(remMove) AT \(time) MSG \(id)"
            case 1:
                // Weekly on one or two weekdays.
                // (Skipped on every weekend day, a weekend repeat never
                // fires, and Remind cannot compute it.)
                let first = random(0...(move == "skip" ? 4 : 6)), second = random(0...6)
                let chosen = Set([first, second]).sorted()
                let startDay = 1 + ((chosen[0] - firstOfDecember) % 7 + 7) % 7
                yaml +=
                    "    at: 2026-12-\(two(startDay)) \(time)\n    repeat: {every: week, on: [\(chosen.map { days[$0] }.joined(separator: ", "))]}\n"
                    + yamlMove
                rem = "REM \(chosen.map { remDays[$0] }.joined(separator: " "))\(remMove) AT \(time) MSG \(id)"
            case 2:
                // Every day.
                yaml += "    at: 2026-12-01 \(time)\n    repeat: daily\n" + yamlMove
                rem = "REM\(remMove) AT \(time) MSG \(id)"
            case 3:
                // Yearly on a date.
                let month = random(1...12), day = random(1...28)
                let year = month == 12 ? 2026 : 2027
                yaml += "    at: \(year)-\(two(month))-\(two(day)) \(time)\n    repeat: yearly\n" + yamlMove
                rem = "REM \(day) \(months[month - 1])\(remMove) AT \(time) MSG \(id)"
            case 4:
                // The Nth working day from the end of each month.
                let n = random(1...3)
                yaml += "    at: 2026-12-01 \(time)\n    repeat: {every: month, working-day: -\(n)}\n"
                rem = "REM 1 -\(n) OMIT Sat Sun AT \(time) MSG \(id)"
            case 5:
                // The first working day of each month.
                yaml += "    at: 2026-12-01 \(time)\n    repeat: {every: month, working-day: 1}\n"
                rem = "REM 1 OMIT Sat Sun AFTER AT \(time) MSG \(id)"
            default:
                // Weekdays.
                yaml += "    at: 2026-12-01 \(time)\n    repeat: weekdays\n" + yamlMove
                rem = "REM Mon Tue Wed Thu Fri\(remMove) AT \(time) MSG \(id)"
            }
            pairs.append(Pair(yaml: yaml, rem: rem))
        }
        return pairs
    }

    /// The YAML of the first `count` generated reminders, with the holidays.
    static func file(count: Int) -> String {
        "timezone: UTC\nholidays:\n  dates:\n"
            + holidays.map { "    - \($0.first == $0.last ? $0.first : "\($0.first)..\($0.last)"): \($0.name)\n" }.joined()
            + "reminders:\n" + generated(count: count).map(\.yaml).joined()
    }

    /// The crontab of the reminders days off move lists their alerts one
    /// by one (cron knows no holiday), and Debian's and busybox's cron
    /// fire them when `expand` says, over the holidays.
    @Test(.enabled(if: CrontabOracleTests.python != nil, "cronsim is not installed"))
    func theirCrontabFiresWhenExpandSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-remind-cron-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("days-off.yaml")
        try Data(Self.file(count: 24).utf8).write(to: file)
        try CrontabOracleTests().check(file.path, zone: "UTC", windows: [("2026-12-01T00:00:00Z", "2027-06-01T00:00:00Z")])
    }

    /// `2027-03-26` as Remind writes a date: `26 Mar 2027`.
    static func remDate(_ text: String) -> String {
        let parts = text.split(separator: "-").map { Int($0)! }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts[2]) \(months[parts[1] - 1]) \(parts[0])"
    }

    @Test(.enabled(if: remind != nil, "needs remind (Debian's remind)"))
    func daysOffFireWhereRemindFiresThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-remind-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pairs = Self.generated(count: 300)
        let yaml = Self.file(count: 300)
        let rem =
            Self.holidays.map { "OMIT \(Self.remDate($0.first))" + ($0.first == $0.last ? "" : " THROUGH \(Self.remDate($0.last))") + "\n" }
            .joined() + pairs.map { $0.rem + "\n" }.joined()
        let yamlFile = folder.appendingPathComponent("days-off.yaml"), remFile = folder.appendingPathComponent("days-off.rem")
        try Data(yaml.utf8).write(to: yamlFile)
        try Data(rem.utf8).write(to: remFile)

        // Remind's simple calendar: `2026/12/01 * * * 420 7:00am r3`, 25
        // months from December 2026.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.remind!)
        process.arguments = ["-s25", "-b1", remFile.path, "2026-12-01"]
        process.environment = ["TZ": "UTC"]
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let output = String(decoding: out.drained(), as: UTF8.self)
        let errors = String(decoding: err.drained(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 && errors.isEmpty, "\(errors.prefix(2000))")
        var fired = Set<String>()
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 6)
            try #require(fields.count == 7, "Remind wrote \(line)")
            guard let minutes = Int(fields[4]) else { continue }
            let day = fields[0].replacingOccurrences(of: "/", with: "-")
            fired.insert(
                "\(fields[6]) \(day) \(minutes / 60 < 10 ? "0" : "")\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)")
        }
        let ours = try EndToEndTests.run(
            [
                "expand", yamlFile.path, "--from", "2026-12-01", "--to", "2029-01-01", "--zone", "UTC",
                "--format", "csv", "--limit", "1000000", "--now", "2026-11-01T00:00:00Z",
            ],
            environment: ["TZ": "UTC"])
        try #require(ours.status == 0, "\(ours.stderr.prefix(2000))")
        var expanded = Set<String>()
        for line in ours.stdout.split(separator: "\r\n").dropFirst() {
            let fields = line.split(separator: ",")
            expanded.insert("\(fields[0]) \(fields[1].prefix(10)) \(fields[1].dropFirst(11).prefix(5))")
        }
        // The edges of the span are left out: a move crosses them.
        func inside(_ entry: String) -> Bool {
            let day = entry.split(separator: " ")[1]
            return day >= "2026-12-10" && day < "2028-12-20"
        }
        let remindOnly = fired.filter(inside).subtracting(expanded).sorted()
        let remindcOnly = expanded.filter(inside).subtracting(fired).sorted()
        #expect(fired.filter(inside).count > 20_000)
        // Each difference's reminder as both wrote it.
        func written(_ entries: [String]) -> String {
            Set(entries.prefix(10).map { String($0.split(separator: " ")[0]) }).sorted().map { id in
                let pair = pairs[Int(id.dropFirst())!]
                return pair.yaml + pair.rem
            }.joined(separator: "\n")
        }
        #expect(remindOnly.prefix(10) == [], "\(remindOnly.count) only in Remind:\n\(written(remindOnly))")
        #expect(remindcOnly.prefix(10) == [], "\(remindcOnly.count) only in remindc:\n\(written(remindcOnly))")
    }
}
