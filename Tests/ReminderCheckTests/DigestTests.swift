import Foundation
import Recurrence
import Testing
@testable import ReminderCheck
import ReminderModel

/// The rules decide from each reminder's digest when they can, and look at
/// the schedule only near a boundary; these compare what they report with
/// what the schedule itself says, at and around every boundary.
@Suite struct DigestTests {
    static let now = RuleExampleTests.now

    /// Reminders starting around a daylight-saving change and around midnight,
    /// in zones far east and west, each with an `until` of every form at
    /// hours around the start.
    static func untilFile(zone: String) -> String {
        var yaml = "timezone: \(zone)\nreminders:\n"
        var index = 0
        for start in ["2026-03-29 02:30", "2026-10-25 02:30", "2026-12-01 00:15", "2026-12-01 23:45", "2026-12-01"] {
            for shift in [-50, -25, -2, -1, 0, 1, 2, 25, 50] {
                let base = start.count == 10 ? start + " 00:00" : start
                let until = Self.shifted(base, hours: shift)
                for form in [until.date, until.local, until.utc] where !(start.count == 10 && form != until.date) {
                    yaml += "  - {id: r\(index), title: R, at: \(start), repeat: {every: day, until: \"\(form)\"}}\n"
                    index += 1
                }
            }
        }
        return yaml
    }

    /// `local` (`YYYY-MM-DD HH:MM`) moved by `hours`, as a date, a wall
    /// clock and a UTC instant written with a Z.
    static func shifted(_ local: String, hours: Int) -> (date: String, local: String, utc: String) {
        let parts = local.split(separator: " ")
        let date = parts[0].split(separator: "-").map { Int($0)! }, time = parts[1].split(separator: ":").map { Int($0)! }
        let start = LocalDateTime(
            date: CivilDate(year: date[0], month: date[1], day: date[2]), time: CivilTime(hour: time[0], minute: time[1]))
        let moved = WallTime(start).advanced(by: hours * 3600).local
        let text = "\(moved.date) \(moved.time.description.prefix(5))"
        return ("\(moved.date)", text, "\(moved.date)T\(moved.time.description.prefix(5)):00Z")
    }

    @Test(arguments: ["Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Santiago", "UTC"])
    func untilBeforeStartDecidesAsTheSchedule(_ zone: String) throws {
        let result = ReminderFile.load(Array(Self.untilFile(zone: zone).utf8), path: "until.yaml")
        let file = try #require(result.file, "\(result.diagnostics.map(\.message.text))")
        let context = CheckContext(file: file, now: Self.now, horizon: 86_400, floatingZone: TimeZone(identifier: "UTC")!)
        let found = Set(UntilBeforeStartRule.check(context).compactMap(\.reminder))
        var expected = Set<Int>()
        for (index, schedule) in context.schedules.enumerated() {
            guard case .until(let until)? = schedule.rule?.end else { continue }
            let start = schedule.firstOccurrence
            let before =
                switch until {
                case .date(let date): date < start.date
                case .local(let local): WallTime(local) < start.wallClock
                case .utc(let utc): WallTime(utc).instant(offset: 0) < start.instant
                }
            if before { expected.insert(index) }
        }
        #expect(found == expected)
        #expect(!expected.isEmpty && expected.count < context.schedules.count)
    }

    /// Reminders that end within two days either side of now, read in zones
    /// far east and west: in-the-past reports those whose every occurrence
    /// is before now, as walking the schedule finds.
    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"])
    func inThePastDecidesAsTheSchedule(_ zone: String) throws {
        var yaml = "timezone: \(zone)\nreminders:\n"
        for hours in stride(from: -60, through: 60, by: 3) {
            let start = Self.shifted("2026-11-29 12:00", hours: hours).local
            yaml += "  - {id: a\(hours + 60), title: A, at: \(start)}\n"
            yaml += "  - {id: b\(hours + 60), title: B, at: \(start), repeat: {every: hour, count: 3}}\n"
        }
        let result = ReminderFile.load(Array(yaml.utf8), path: "past.yaml")
        let file = try #require(result.file, "\(result.diagnostics.map(\.message.text))")
        let context = CheckContext(file: file, now: Self.now, horizon: 86_400, floatingZone: TimeZone(identifier: "UTC")!)
        let found = Set(InThePastRule.check(context).compactMap(\.reminder))
        let expected = Set(
            context.schedules.indices.filter { index in
                context.schedules[index].occurrences().allSatisfy { $0.instant < Self.now }
            })
        #expect(found == expected)
        #expect(!expected.isEmpty && expected.count < context.schedules.count)
    }
}
