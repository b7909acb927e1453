import Foundation
import Recurrence
@testable import RemindCLI
import RepositoryFiles
import Support
import Testing

/// The commands `remindc agenda` and `remindc calendar` (what they show is
/// ReminderViewsTests'): their usage errors, colour on a terminal, the
/// months they take, and what each day shows against `expand` grouped by
/// day on the same clock (across a year end, a change of clocks, an alert
/// the day before).
@Suite struct ViewsTests {
    typealias Case = EndToEndTests.Case
    static let fixture = "\(EndToEndTests.fixtures)/views/views.yaml"
    static let now = ["--now", "2026-12-20T08:00:00Z"]
    /// No terminal width from the environment the tests run in.
    static let plain = ["NO_COLOR": "1", "COLUMNS": ""]

    @Test(arguments: [
        Case(golden: "agenda-bad-days.txt", arguments: ["agenda", fixture, "--days", "0"] + now, status: 2),
        Case(golden: "calendar-bad-month.txt", arguments: ["calendar", fixture, "--month", "2026-13"] + now, status: 2),
        Case(golden: "calendar-bad-months.txt", arguments: ["calendar", fixture, "--months", "25"] + now, status: 2),
        Case(golden: "agenda-bad-from.txt", arguments: ["agenda", fixture, "--from", "someday"] + now, status: 2),
        Case(
            golden: "expand-by-day.txt",
            arguments: ["expand", fixture, "--zone", "Europe/Berlin", "--from", "2026-12-21", "--to", "+3d", "--by-day"] + now, status: 0),
        Case(golden: "expand-by-day-jsonl.txt", arguments: ["expand", fixture, "--by-day", "--format", "jsonl"] + now, status: 2),
    ])
    func transcript(_ c: Case) throws {
        var environment = Self.plain
        if c.arguments[0] == "calendar" { environment["COLUMNS"] = "120" }
        let run = try EndToEndTests.runInProcess(c.arguments, environment: environment)
        #expect(run.status == c.status, "\(run.stderr)")
        Golden().check(run.transcript, c.golden)
    }

    /// Colour on a terminal, as `check` paints: bold headings, findings in
    /// yellow; none with NO_COLOR, and none in a pipe.
    @Test func colourOnATerminalOnly() throws {
        let arguments = ["agenda", Self.fixture, "--zone", "Europe/Berlin", "--days", "2"] + Self.now
        let root = EndToEndTests.root.path
        let terminal = Remindc.run(
            Invocation(arguments: arguments, environment: [:], stdoutIsTerminal: true, terminalColumns: 100, workingFolder: root))
        #expect(terminal.status == 0)
        #expect(terminal.stdout.contains("\u{1B}[1mMonday 2026-12-21\u{1B}[0m"))
        #expect(terminal.stdout.contains("\u{1B}[1;33m[! same-time"))
        // Fitted to the terminal's 100 columns.
        #expect(terminal.stdout.split(separator: "\n").allSatisfy { DisplayWidth.of($0.replacing(/\x{1B}\[[0-9;]*m/, with: "")) <= 100 })
        for (environment, isTerminal) in [(["NO_COLOR": "1"], true), ([:], false), (["TERM": "dumb"], true)] {
            let plain = Remindc.run(
                Invocation(arguments: arguments, environment: environment, stdoutIsTerminal: isTerminal, workingFolder: root))
            #expect(!plain.stdout.contains("\u{1B}"), "\(environment)")
        }
        // NO_COLOR set but empty is not set (no-color.org).
        let empty = Remindc.run(
            Invocation(arguments: arguments, environment: ["NO_COLOR": ""], stdoutIsTerminal: true, workingFolder: root))
        #expect(empty.stdout.contains("\u{1B}"))
    }

    // MARK: The same occurrences as expand

    /// An occurrence as `expand --format jsonl` gives it: its reminder, its
    /// instant, its alerts' instants, and the day it falls on in `zone`.
    struct Fired: Hashable, Comparable {
        var reminder: String
        var utc: String
        var alerts: [String]

        static func < (a: Fired, b: Fired) -> Bool { (a.utc, a.reminder) < (b.utc, b.reminder) }
    }

    static func expanded(_ path: String, zone: String, from: String, days: Int) throws -> [String: [Fired]] {
        let run = try EndToEndTests.runInProcess(
            [
                "expand", path, "--zone", zone, "--from", from, "--to", Self.dayAfter(from, days),
                "--format", "jsonl",
            ] + now)
        try #require(run.status == 0, "\(run.stderr)")
        let clock = try #require(TimeZone(identifier: zone))
        var byDay: [String: [Fired]] = [:]
        for line in run.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let start = try #require(object["start"] as? String), utc = try #require(object["utc"] as? String)
            let date: String
            if start.count == 10 {
                date = start
            } else {
                let instant = try #require(ISO8601DateFormatter().date(from: utc))
                let formatter = DateFormatter()
                formatter.timeZone = clock
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.dateFormat = "yyyy-MM-dd"
                date = formatter.string(from: instant)
            }
            byDay[date, default: []].append(
                Fired(reminder: object["reminder"] as! String, utc: utc, alerts: object["alerts"] as? [String] ?? []))
        }
        return byDay.mapValues { $0.sorted() }
    }

    static func dayAfter(_ date: String, _ days: Int) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        return CivilDate(year: parts[0], month: parts[1], day: parts[2]).adding(days: days).description
    }

    /// The page's occurrences by day, from its `data-` attributes, less
    /// those a day off skips (which `expand --format jsonl` leaves out).
    static func pageDays(_ html: String) throws -> [String: [Fired]] {
        var byDay: [String: [Fired]] = [:]
        for cell in html.matches(of: /<td class="[^"]*" data-date="([0-9-]+)">(.*?)<\/td>/) {
            var fired: [Fired] = []
            for item in String(cell.2).matches(
                of: /<li [^>]*data-reminder="([^"]*)"[^>]*data-utc="([^"]*)" data-alerts="([^"]*)"(?: data-skipped="([^"]*)")?/)
            {
                let instants = item.2.split(separator: " ").map(String.init)
                let skipped = Set((item.4 ?? "").split(separator: " ").map(String.init))
                let alerts = item.3.split(separator: " ").map(String.init)
                // A run's alerts are its occurrences', one each here.
                let per = instants.count == 0 ? 0 : alerts.count / max(1, instants.count - skipped.count)
                var remaining = alerts[...]
                for instant in instants where !skipped.contains(instant) {
                    fired.append(Fired(reminder: String(item.1), utc: instant, alerts: Array(remaining.prefix(per))))
                    remaining = remaining.dropFirst(per)
                }
            }
            if !fired.isEmpty { byDay[String(cell.1)] = fired.sorted() }
        }
        return byDay
    }

    @Test(arguments: [
        // A year end, an alert the evening before, a floating alarm.
        (fixture, "Europe/Berlin", "2026-12-28", 7),
        (fixture, "America/New_York", "2026-12-28", 7),
        // The night the clocks skip 02:00-03:00 in Berlin.
        (fixture, "Europe/Berlin", "2027-03-25", 5),
        ("examples", "Europe/London", "2026-12-20", 14),
        ("examples", "Asia/Tokyo", "2026-12-20", 14),
    ])
    func theViewsShowWhatExpandLists(_ path: String, _ zone: String, _ from: String, _ days: Int) throws {
        let expected = try Self.expanded(path, zone: zone, from: from, days: days)
        #expect(expected.values.joined().count > 10)
        // The page, whole months, restricted to the days expand looked at.
        let page = try EndToEndTests.runInProcess(
            [
                "calendar", path, "--zone", zone, "--month", String(from.prefix(7)), "--months", "2",
                "--format", "html",
            ] + Self.now, environment: Self.plain)
        #expect(page.status == 0, "\(page.stderr)")
        let shown = try Self.pageDays(page.stdout).filter {
            expected.keys.contains($0.key) || ($0.key >= from && $0.key < Self.dayAfter(from, days))
        }
        let differing = expected.keys.sorted().filter { shown[$0] != expected[$0] }.prefix(3)
        #expect(shown == expected, "\(zone): days differing \(Set(shown.keys).symmetricDifference(expected.keys).sorted()) \(differing)")

        // The agenda: each day's times and titles.
        let agenda = try EndToEndTests.runInProcess(
            ["agenda", path, "--zone", zone, "--from", from, "--days", "\(days)"] + Self.now,
            environment: Self.plain)
        #expect(agenda.status == 0, "\(agenda.stderr)")
        var day = ""
        var listed: [String: Int] = [:]
        for line in agenda.stdout.split(separator: "\n") where !line.isEmpty {
            if !line.hasPrefix(" ") {
                day = String(line.split(separator: " ")[1])
                continue
            }
            guard !line.contains("[skipped:"), line != "  nothing" else { continue }
            listed[day, default: 0] += 1
        }
        #expect(listed == expected.mapValues(\.count), "\(zone)")
    }

    /// The months `calendar` shows are those of SupportedSpan, to the
    /// last: 2582-12 shows (the days after it blank), 2583-01 and a run
    /// of months past the span are refused, and 1899-12.
    @Test(arguments: [
        (["--month", "2582-03"], 0), (["--month", "2582-12"], 0), (["--month", "1900-01"], 0),
        (["--month", "2583-01"], 2), (["--month", "2582-11", "--months", "3"], 2), (["--month", "1899-12"], 2),
    ])
    func monthsOfTheSpan(_ arguments: [String], _ status: Int) throws {
        let run = try EndToEndTests.runInProcess(["calendar", Self.fixture] + arguments + Self.now, environment: ["NO_COLOR": "1"])
        #expect(Int(run.status) == status, "\(arguments): \(run.stderr)")
        if status != 0 {
            #expect(run.stderr.contains("is outside the years remindc works in, 1900-01 to 2582-12"), "\(run.stderr)")
        }
    }
}
