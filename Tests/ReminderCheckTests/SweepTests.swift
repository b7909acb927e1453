import Recurrence
import Foundation
import Testing
@testable import ReminderCheck
import ReminderModel

/// The sweep skips reminders that start too late to alert in the horizon;
/// an alert `before` an occurrence can still fall inside it.
@Suite struct SweepTests {
    /// 2026-11-29T12:00:00Z; the horizon is one day.
    static let now = Instant(secondsSince1970: 1_795_953_600)

    static func sweep(_ yaml: String) throws -> Sweep {
        let result = ReminderFile.load(Array(yaml.utf8), path: "sweep.yaml")
        let file = try #require(result.file, "\(result.diagnostics)")
        return CheckContext(file: file, now: now, horizon: 86_400, floatingZone: TimeZone(identifier: "UTC")!).sweep
    }

    @Test func alertsBeforeALateStartAreSwept() throws {
        let sweep = try Self.sweep(
            """
            timezone: UTC
            reminders:
              - {id: early, title: Early, at: 2026-12-03 09:00, before: 3d12h}
              - {id: also, title: Also, at: 2026-11-29 21:00}
              - {id: late, title: Late, at: 2026-12-05 21:00, repeat: daily}
              - {id: later, title: Later, at: 2026-12-05 21:00, repeat: daily}
            """)
        // 2026-11-29T21:00Z, inside [now, now + 1 day).
        #expect(sweep.counts == [1, 1, 0, 0])
        #expect(sweep.firstAlerts[0] == [Instant(secondsSince1970: 1_795_986_000)])
        #expect(sweep.sameTime[1]?.other == 0)
        #expect(sweep.sameTime[3] == nil)
    }

    /// `before: [1h, 15m]` is two streams of one reminder: each alert is
    /// counted and meets the other reminders, never the reminder itself.
    @Test func everyAlertOfAReminderIsSwept() throws {
        let sweep = try Self.sweep(
            """
            timezone: UTC
            reminders:
              - {id: two, title: Two, at: 2026-11-29 21:15, before: [1h, 15m]}
              - {id: one, title: One, at: 2026-11-29 21:00}
              - {id: both, title: Both, at: 2026-11-30 09:00, repeat: hourly, before: [1h, 0s]}
            """)
        // 'two' alerts at 20:15 and 21:00, the second with 'one'; 'both'
        // alerts every hour twice (09:00 less an hour is the 08:00's own
        // time) without meeting itself.
        #expect(sweep.counts[0] == 2)
        #expect(sweep.firstAlerts[0] == [Instant(secondsSince1970: 1_795_983_300), Instant(secondsSince1970: 1_795_986_000)])
        #expect(sweep.sameTime[1]?.other == 0)
        #expect(sweep.sameTime[2] == nil)
        // Before the horizon's end (2026-11-30 12:00): 09:00 to 11:00 at
        // their time, and 08:00 to 11:00 an hour before 09:00 to 12:00.
        #expect(sweep.counts[2] == 3 + 4)
    }

    @Test func anAdditionBeforeTheStartIsSwept() throws {
        let sweep = try Self.sweep(
            """
            timezone: Europe/Berlin
            reminders:
              - {id: water, title: Water, at: 2027-01-10 09:00, repeat: {every: week, also: [2026-11-30 08:00]}}
            """)
        #expect(sweep.counts == [1])
    }

    /// Busy days are sorted by counting and quiet ones by comparing; both
    /// must give the same facts. 40 reminders every 2 or 3 minutes make
    /// about 24,000 alerts a day.
    @Test func bothSortsGiveTheSameSweep() throws {
        var yaml = "timezone: Europe/Berlin\nlint: {min-gap: 2m, max-per-hour: 700, quiet-hours: \"23:00-06:00\"}\nreminders:\n"
        for index in 0..<40 {
            yaml += "  - {id: r\(index), title: R\(index), at: 2026-11-29 12:\(10 + index), repeat: every \(2 + index % 2) minutes}\n"
        }
        let result = ReminderFile.load(Array(yaml.utf8), path: "busy.yaml")
        let file = try #require(result.file, "\(result.diagnostics)")
        let context = CheckContext(file: file, now: Self.now, horizon: 3 * 86_400, floatingZone: TimeZone(identifier: "UTC")!)
        func facts(_ sweep: Sweep) -> [String] {
            [
                sweep.sameTime.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.other)@\($0.value.instant)" }.joined(separator: " "),
                sweep.tooClose.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.other)@\($0.value.instant)" }.joined(separator: " "),
                sweep.quiet.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.shown)" }.joined(separator: " "),
                sweep.overLimit.map { "\($0.reminder)@\($0.instant):\($0.count)" } ?? "-",
                "\(sweep.counts)", "\(sweep.firstAlerts)",
            ]
        }
        let counting = Sweep(context, countingFrom: 0)
        let comparing = Sweep(context, countingFrom: .max)
        #expect(facts(counting) == facts(comparing))
        #expect(counting.counts.reduce(0, +) > 3 * 20_000)
        #expect(!counting.sameTime.isEmpty && counting.overLimit != nil)
    }

    /// A large file's schedules are made on every core; each lands in its
    /// reminder's place.
    @Test func schedulesOfALargeFileAreInPlace() throws {
        var yaml = "timezone: Europe/Berlin\nreminders:\n"
        let zones = ["UTC", "America/New_York", "Asia/Kolkata", "floating"]
        for index in 0..<9_000 {
            yaml += "  - {id: r\(index), title: R, at: 2026-12-\(10 + index % 18) \(10 + index % 12):\(10 + index % 50), "
            yaml += "timezone: \(zones[index % 4]), repeat: every \(1 + index % 9) days}\n"
        }
        let result = ReminderFile.load(Array(yaml.utf8), path: "large.yaml")
        let file = try #require(result.file)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let context = CheckContext(file: file, now: Self.now, horizon: 86_400, floatingZone: zone)
        let expected = file.reminders.map { $0.schedule(floatingZone: zone) }
        #expect(context.schedules.map(\.firstOccurrence) == expected.map(\.firstOccurrence))
        #expect(context.schedules.map { $0.rule?.interval } == expected.map { $0.rule?.interval })
    }
}

/// A sweep stops at the end of the day its alerts pass the budget, every
/// fact of the same shorter horizon, and check says where it stopped.
@Suite struct SweepBudgetTests {
    static let now = SweepTests.now

    static let file = """
        timezone: UTC
        reminders:
          - {id: slow, title: Slow, at: 2026-11-29 09:00, repeat: daily}
          - {id: busy, title: Busy, at: 2026-11-29 09:00, repeat: every minute}

        """

    static func context(horizon: Int) throws -> CheckContext {
        let result = ReminderFile.load(Array(file.utf8), path: "budget.yaml")
        let loaded = try #require(result.file, "\(result.diagnostics)")
        return CheckContext(file: loaded, now: now, horizon: horizon, floatingZone: TimeZone(identifier: "UTC")!)
    }

    @Test func theSweepStopsAtTheEndOfTheDayItPassesTheBudget() throws {
        let context = try Self.context(horizon: 30 * secondsPerDay)
        // 1,441 alerts a day: past 10,000 after the 7th day.
        let sweep = Sweep(context, budget: 10_000)
        let cut = try #require(sweep.cut)
        #expect(cut.at == Self.now.advanced(by: 7 * secondsPerDay))
        #expect(cut.alerts == 7 * 1_441)
        #expect(cut.busiest == 1)
        #expect(sweep.counts == [7, 7 * 1_440])
        // Within the budget, no cut and the whole horizon.
        let whole = Sweep(context, budget: 50_000)
        #expect(whole.cut == nil)
        #expect(whole.counts == [30, 30 * 1_440])
    }

    @Test func theCutIsSaidAtTheBusiestRepeat() throws {
        let context = try Self.context(horizon: 30 * secondsPerDay)
        let sweep = Sweep(context, budget: 10_000)
        let diagnostic = Checker.horizonCut(
            sweep.cut!, sweep: sweep, reminders: context.file.reminders, path: "budget.yaml", context: context)
        #expect(diagnostic.id == "horizon-cut")
        #expect(diagnostic.severity == .warning)
        #expect(
            diagnostic.message.text == "the rules over alerts looked only before 2026-12-06 12:00: the reminders alert "
                + "10,087 times by then, 'busy' alone 10,080 of them")
        #expect(diagnostic.message.hint == "check a shorter --horizon to look at every alert, or repeat 'busy' less often")
        #expect("\(diagnostic.span.start.line):\(diagnostic.span.start.column)" == "4:59")
    }
}

/// A slice that would hold more alerts than the cap is gathered again,
/// shorter: what the sweep finds is the same whatever the cap.
@Suite struct SweepSliceTests {
    @Test func theFindingsDoNotDependOnTheSliceCap() throws {
        let result = ReminderFile.load(
            Array(
                """
                timezone: Europe/Berlin
                lint: {min-gap: 10m, quiet-hours: "22:00-07:00", max-per-hour: 4000}
                reminders:
                  - {id: a, title: A, at: 2026-11-29 13:00:00, repeat: every 1 second}
                  - {id: b, title: B, at: 2026-11-29 13:00:01, repeat: every 3 seconds}
                  - {id: c, title: C, at: 2026-11-30 02:00, repeat: hourly}
                  - {id: d, title: D, at: 2026-11-30 02:00:30, repeat: daily}
                  - {id: e, title: E, at: 2026-11-30 02:00, repeat: hourly}

                """.utf8), path: "slices.yaml")
        let file = try #require(result.file, "\(result.diagnostics)")
        let context = CheckContext(file: file, now: SweepTests.now, horizon: 2 * secondsPerDay, floatingZone: TimeZone(identifier: "UTC")!)
        let whole = Sweep(context)
        for cap in [50_000, 4_000, 100] {
            let sliced = Sweep(context, sliceCap: cap)
            #expect(sliced.counts == whole.counts, "cap \(cap)")
            #expect(sliced.firstAlerts == whole.firstAlerts, "cap \(cap)")
            #expect(sliced.sameTime.mapValues(\.other) == whole.sameTime.mapValues(\.other), "cap \(cap)")
            #expect(sliced.sameTime.mapValues(\.instant) == whole.sameTime.mapValues(\.instant), "cap \(cap)")
            #expect(sliced.tooClose.mapValues(\.instant) == whole.tooClose.mapValues(\.instant), "cap \(cap)")
            #expect(sliced.quiet.mapValues(\.instant) == whole.quiet.mapValues(\.instant), "cap \(cap)")
            #expect(sliced.overLimit?.instant == whole.overLimit?.instant, "cap \(cap)")
            #expect(sliced.cut == nil)
        }
        #expect(whole.counts[0] > 100_000)
        #expect(whole.sameTime[4] != nil)
        #expect(whole.overLimit != nil)
    }
}
