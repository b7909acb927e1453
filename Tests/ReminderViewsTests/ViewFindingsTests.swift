import Foundation
import Recurrence
import ReminderCheck
import ReminderModel
import ReminderViews
import RepositoryFiles
import Testing

/// The views show the checker's findings, not findings of their own: for
/// every example and fixture, and for each folder of files checked
/// together, the findings a plan holds are those `check` reports for the
/// same span (`--now` its start, `--horizon` its length), in its words.
@Suite struct ViewFindingsTests {
    /// The rules whose findings name an alert.
    static let alertRules: Set = ["same-time", "too-close", "quiet-hours", "too-many-per-hour"]

    /// Each valid file on its own, and each folder of `across` as one set.
    static let sets: [[String]] = {
        let across = "Tests/RemindCLITests/Fixtures/across"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.root.appendingPathComponent(across).path)) ?? []
        let groups = folders.sorted().map { folder in RepositoryFiles.validReminderFiles.filter { $0.hasPrefix("\(across)/\(folder)/") } }
        return RepositoryFiles.validReminderFiles.map { [$0] } + groups.filter { $0.count > 1 }
    }()

    /// A month from 2026-12-01 and one over the spring change of 2027, in
    /// a zone with daylight saving.
    static let spans = [(CivilDate(year: 2026, month: 12, day: 1), 31), (CivilDate(year: 2027, month: 3, day: 20), 14)]

    @Test(arguments: sets)
    func theViewsShowWhatCheckReports(_ paths: [String]) throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        for (first, days) in Self.spans {
            let last = first.adding(days: days - 1)
            let start = WallClock.instant(of: LocalDateTime(date: first, time: .midnight), in: zone)
            let end = WallClock.instant(of: LocalDateTime(date: last.adding(days: 1), time: .midnight), in: zone)
            var results: [LoadResult] = []
            for path in paths {
                let bytes = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(path))
                results.append(ReminderFile.load(Array(bytes), path: path))
            }
            let files = results.compactMap(\.file).map { ScheduledFile($0, floatingZone: zone) }
            let plan = DayPlan(files, first: first, last: last, zone: zone, now: start)
            let shown = plan.days.flatMap { day in
                day.entries.flatMap { entry in entry.findings.map { "\(entry.file) \($0.rule) \($0.message)" } }
            }

            let checker = Checker.Options(now: start, horizon: end.seconds(since: start), floatingZone: zone)
            let reported = CheckRun.check(results, options: .init(checker: checker, workingFolder: RepositoryFiles.root.path))
                .filter { Self.alertRules.contains($0.id) }.map { "\($0.file) \($0.id) \($0.message.text)" }
            #expect(shown.sorted() == reported.sorted(), "\(paths) from \(first)")
        }
    }

    /// The fixtures hold findings of every such rule, so that the test
    /// above compares something.
    @Test func theFilesHoldFindingsOfEveryAlertRule() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        var rules: Set<String> = []
        for paths in Self.sets {
            let files = paths.compactMap(RepositoryFiles.load).map { ScheduledFile($0, floatingZone: zone) }
            for (first, days) in Self.spans {
                let plan = DayPlan(
                    files, first: first, last: first.adding(days: days - 1), zone: zone,
                    now: WallClock.instant(of: LocalDateTime(date: first, time: .midnight), in: zone))
                for day in plan.days { for entry in day.entries { rules.formUnion(entry.findings.map(\.rule)) } }
            }
        }
        #expect(rules == Self.alertRules)
    }
}
