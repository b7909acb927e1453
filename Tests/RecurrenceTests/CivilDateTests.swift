import Foundation
import Testing
@testable import Recurrence

@Suite struct CivilDateTests {
    @Test(arguments: [
        (CivilDate(year: 1970, month: 1, day: 1), 0, Weekday.thursday),
        (CivilDate(year: 2000, month: 2, day: 29), 11_016, .tuesday),
        (CivilDate(year: 2026, month: 12, day: 1), 20_788, .tuesday),
        (CivilDate(year: 1969, month: 12, day: 31), -1, .wednesday),
        (CivilDate(year: 1600, month: 3, day: 1), -135_080, .wednesday),
    ])
    func dayCountsAndWeekdays(_ date: CivilDate, _ days: Int, _ weekday: Weekday) {
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.weekday == weekday)
    }

    @Test func roundTripsEveryDayOverFourCenturies() {
        var expected = CivilDate(year: 1800, month: 1, day: 1)
        for days in expected.daysSinceEpoch..<(expected.daysSinceEpoch + 146_097) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date == expected)
            #expect(date.isValid)
            expected.day += 1
            if expected.day > CivilDate.daysIn(month: expected.month, year: expected.year) {
                expected.day = 1
                expected.month += 1
                if expected.month > 12 { expected.month = 1; expected.year += 1 }
            }
        }
    }

    @Test(arguments: [
        (2026, 2, 29, false), (2028, 2, 29, true), (1900, 2, 29, false), (2000, 2, 29, true),
        (2026, 4, 31, false), (2026, 13, 1, false), (2026, 12, 31, true), (2026, 1, 0, false),
    ])
    func validity(_ year: Int, _ month: Int, _ day: Int, _ valid: Bool) {
        #expect(CivilDate(year: year, month: month, day: day).isValid == valid)
    }

    @Test func descriptions() {
        #expect(CivilDate(year: 2026, month: 3, day: 9).description == "2026-03-09")
        #expect(CivilTime(hour: 9, minute: 5, second: 0, nanosecond: 250_000_000).description == "09:05:00.25")
        #expect(
            LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0)).description
                == "2026-12-01T09:00:00")
    }
}

@Suite struct WallClockTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")!

    static func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> LocalDateTime {
        LocalDateTime(date: CivilDate(year: y, month: mo, day: d), time: CivilTime(hour: h, minute: mi))
    }

    static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> Instant {
        WallTime(local(y, mo, d, h, mi)).instant(offset: 0)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var zone: TimeZone
        var local: LocalDateTime
        var instant: Instant
        var testDescription: String { "\(local) \(zone.identifier)" }
    }

    @Test(arguments: [
        // An ordinary winter time: UTC+1.
        Case(zone: berlin, local: local(2026, 12, 1, 9, 0), instant: utc(2026, 12, 1, 8, 0)),
        // Skipped (02:00 → 03:00 on 2026-03-29): read with the offset before, so 03:30 CEST.
        Case(zone: berlin, local: local(2026, 3, 29, 2, 30), instant: utc(2026, 3, 29, 1, 30)),
        // Repeated (03:00 → 02:00 on 2026-10-25): the first, still CEST.
        Case(zone: berlin, local: local(2026, 10, 25, 2, 30), instant: utc(2026, 10, 25, 0, 30)),
        // New York: skipped 02:30 on 2026-03-08 is 03:30 EDT; repeated 01:30 on 2026-11-01 is EDT.
        Case(zone: newYork, local: local(2026, 3, 8, 2, 30), instant: utc(2026, 3, 8, 7, 30)),
        Case(zone: newYork, local: local(2026, 11, 1, 1, 30), instant: utc(2026, 11, 1, 5, 30)),
        // Lord Howe moves by 30 minutes: 02:00 → 02:30 on 2026-10-04; 02:15 is skipped.
        Case(zone: lordHowe, local: local(2026, 10, 4, 2, 15), instant: utc(2026, 10, 3, 15, 45)),
    ])
    func instantOfLocal(_ c: Case) {
        #expect(WallClock.instant(of: c.local, in: c.zone) == c.instant)
        #expect(Schedule.PlacedZone(.zone(c.zone)).instant(of: c.local) == c.instant)
    }

    /// A placement reads wall-clock times through its zone's table as
    /// `WallClock` does through Foundation: every quarter hour of two days
    /// around each change of 2026, and noon of far years.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata"])
    func placementReadsAsWallClock(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        let placement = Schedule.PlacedZone(.zone(zone))
        let year = Self.utc(2026, 1, 1, 0, 0)
        var wallClocks = [1850, 1901, 1970, 2038, 2599, 2700].map { WallTime(Self.local($0, 6, 1, 12, 0)) }
        for change in WallClock.changes(of: zone, from: year, to: year.advanced(by: 366 * secondsPerDay)) {
            let around = change.readingAfter
            wallClocks += stride(from: -secondsPerDay, through: secondsPerDay, by: 900).map { around.advanced(by: $0) }
        }
        for wallClock in wallClocks {
            let local = wallClock.local
            #expect(placement.instant(of: local) == WallClock.instant(of: local, in: zone), "\(local)")
        }
        #expect(Schedule.PlacedZone(.fixed(3600)).instant(of: Self.local(2026, 12, 1, 9, 0)) == Self.utc(2026, 12, 1, 8, 0))
    }

    /// Dates and times are stored compactly: values beyond the stored ranges
    /// are clamped, never trapped on, and stay invalid.
    @Test func valuesBeyondTheStoredRangesAreClamped() {
        let far = CivilDate(year: Int.max, month: 99, day: -5)
        #expect(far.year == Int(Int32.max) && far.month == 99 && far.day == -5 && !far.isValid)
        #expect(CivilDate(year: 2026, month: 1, day: 100_000).day == Int(Int16.max))
        _ = CivilDate(daysSinceEpoch: Int.max / 4)
        _ = CivilDate(daysSinceEpoch: -(Int.max / 4))
        let late = CivilTime(hour: 500, minute: -1, second: 61, nanosecond: Int.max)
        #expect(late.hour == 127 && late.minute == -1 && late.second == 61 && late.nanosecond == Int(Int32.max) && !late.isValid)
        var date = CivilDate(year: 2026, month: 12, day: 31)
        date.year += 1
        date.day = 1
        #expect(
            date == CivilDate(year: 2027, month: 12, day: 1)
                && date.daysSinceEpoch == CivilDate(year: 2027, month: 12, day: 1).daysSinceEpoch)
    }

    @Test func localOfInstant() {
        #expect(WallClock.local(at: Self.utc(2026, 3, 29, 1, 30), in: Self.berlin) == Self.local(2026, 3, 29, 3, 30))
        #expect(WallTime(seconds: -1).local == Self.local(1969, 12, 31, 23, 59).with(second: 59))
    }
}

private extension LocalDateTime {
    func with(second: Int) -> LocalDateTime {
        var copy = self
        copy.time.second = second
        return copy
    }
}

@Suite struct OffsetChangeTests {
    /// Berlin's two changes of 2026, each once, with the offsets around it;
    /// a zone without changes has none.
    @Test func changesOfAYear() throws {
        let start = CivilDate(year: 2026, month: 1, day: 1).dayNumber.midnight.instant(offset: 0)
        let end = CivilDate(year: 2027, month: 1, day: 1).dayNumber.midnight.instant(offset: 0)
        let berlin = WallClock.changes(of: try #require(TimeZone(identifier: "Europe/Berlin")), from: start, to: end)
        #expect(
            berlin == [
                // 2026-03-29T01:00:00Z and 2026-10-25T01:00:00Z.
                WallClock.OffsetChange(instant: Instant(secondsSince1970: 1_774_746_000), before: 3_600, after: 7_200),
                WallClock.OffsetChange(instant: Instant(secondsSince1970: 1_792_890_000), before: 7_200, after: 3_600),
            ])
        #expect(WallClock.changes(of: try #require(TimeZone(identifier: "Asia/Kolkata")), from: start, to: end).isEmpty)
    }
}
