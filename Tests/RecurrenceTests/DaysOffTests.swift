import Testing
@testable import Recurrence

/// Days off and the occurrences they move: tables around the end of 2026,
/// where Christmas (Friday the 25th), a weekend, a substitute Boxing Day
/// (Monday the 28th) and New Year's Day (Friday) make a block of four
/// days off and another of three.
struct DaysOffTests {
    static func day(_ text: String) -> DayNumber { Fixture.local(text).date.dayNumber }

    static let winter = DaysOff(holidays: [
        day("2026-12-25"): "Christmas Day", day("2026-12-28"): "Boxing Day (substitute day)",
        day("2027-01-01"): "New Year's Day", day("2027-01-06"): "Epiphany",
    ])

    @Test(
        arguments: [
            ("2026-12-24", DayOffMove.before, "2026-12-24"), ("2026-12-25", .fire, "2026-12-25"), ("2026-12-25", .skip, nil),
            ("2026-12-25", .before, "2026-12-24"), ("2026-12-25", .after, "2026-12-29"), ("2026-12-28", .before, "2026-12-24"),
            // A holiday on a weekday: the nearer working day, the later on a tie.
            ("2026-12-25", .nearest, "2026-12-24"), ("2026-12-28", .nearest, "2026-12-29"), ("2027-01-06", .nearest, "2027-01-07"),
            // Saturday toward Friday and Sunday toward Monday, on over days off.
            ("2026-12-26", .nearest, "2026-12-24"), ("2026-12-27", .nearest, "2026-12-29"), ("2027-01-02", .nearest, "2026-12-31"),
            ("2027-01-03", .nearest, "2027-01-04"),
        ] as [(String, DayOffMove, String?)])
    func destinations(_ from: String, _ move: DayOffMove, _ to: String?) {
        #expect(Self.winter.destination(of: Self.day(from), move)?.date.description == to)
    }

    /// A Friday and Saturday weekend: Friday goes to Thursday, Saturday to
    /// Sunday; a one-day weekend goes to the day after.
    @Test func otherWeekends() {
        let gulf = DaysOff(weekend: [.friday, .saturday])
        #expect(gulf.destination(of: Self.day("2026-12-04"), .nearest)?.date.description == "2026-12-03")
        #expect(gulf.destination(of: Self.day("2026-12-05"), .nearest)?.date.description == "2026-12-06")
        let sundays = DaysOff(weekend: [.sunday])
        #expect(sundays.destination(of: Self.day("2026-12-06"), .nearest)?.date.description == "2026-12-07")
        #expect(DaysOff(weekend: []).isOff(Self.day("2026-12-06")) == false)
    }

    @Test func longestRunsAndReasons() {
        #expect(Self.winter.longestRun == 4)
        #expect(DaysOff().longestRun == 2)
        #expect(DaysOff(weekend: [.sunday]).longestRun == 1)
        #expect(Self.winter.reason(Self.day("2026-12-26")) == "Saturday")
        #expect(Self.winter.reason(Self.day("2026-12-25")) == "Christmas Day")
        #expect(Self.winter.reason(Self.day("2026-12-24")) == nil)
    }

    @Test(
        arguments: [
            (1, "2026-12-01", "2026-12-31", "2026-12-01"), (-1, "2026-12-01", "2026-12-31", "2026-12-31"),
            (1, "2027-01-01", "2027-01-31", "2027-01-04"), (3, "2027-01-01", "2027-01-31", "2027-01-07"),
            (-2, "2026-12-01", "2026-12-31", "2026-12-30"), (22, "2026-12-01", "2026-12-31", nil),
            (21, "2026-12-01", "2026-12-31", "2026-12-31"),
        ] as [(Int, String, String, String?)])
    func workingDaysOfAPeriod(_ n: Int, _ first: String, _ last: String, _ expected: String?) {
        #expect(Self.winter.workingDay(n, from: Self.day(first), through: Self.day(last))?.date.description == expected)
    }

    @Test func workingDaysCounted() {
        #expect(Self.winter.working(-2, from: Self.day("2026-12-29")).date.description == "2026-12-23")
        #expect(Self.winter.working(1, from: Self.day("2026-12-24")).date.description == "2026-12-29")
        #expect(Self.winter.working(0, from: Self.day("2026-12-25")).date.description == "2026-12-25")
    }

    /// A schedule with `winter`'s days off, in UTC.
    static func schedule(_ rrule: String, start: String, _ move: DayOffMove, workingDay: Int? = nil) -> Schedule {
        var schedule = Fixture.schedule(rrule, start: start, zone: "UTC")
        schedule.dayOff = Schedule.DayOffRule(daysOff: winter, move: move, workingDay: workingDay)
        return schedule
    }

    /// The occurrences up to `through`, as `date` or `date<-from` when moved.
    static func dates(_ schedule: Schedule, through: String = "2027-03-01") -> [String] {
        let end = Fixture.local(through).date.dayNumber
        return schedule.occurrences().prefix { $0.wallClock.day <= end }.map { occurrence in
            String(occurrence.date.description.dropFirst(5)) + (occurrence.movedFrom.map { "<-" + $0.date.description.dropFirst(5) } ?? "")
        }
    }

    @Test(arguments: [
        // Onto a day that has one already: once.
        (
            "FREQ=DAILY;UNTIL=20261231", "20261221T090000", DayOffMove.before, nil as Int?,
            ["12-21", "12-22", "12-23", "12-24", "12-29", "12-30", "12-31"]
        ),
        ("FREQ=DAILY;UNTIL=20261231", "20261221T090000", .skip, nil, ["12-21", "12-22", "12-23", "12-24", "12-29", "12-30", "12-31"]),
        (
            "FREQ=DAILY;UNTIL=20261231", "20261221T090000", .fire, nil,
            ["12-21", "12-22", "12-23", "12-24", "12-25", "12-26", "12-27", "12-28", "12-29", "12-30", "12-31"]
        ),
        // Weekly on Friday: Christmas and New Year move, and are marked.
        ("FREQ=WEEKLY;COUNT=3", "20261218T090000", .after, nil, ["12-18", "12-29<-12-25", "01-04<-01-01"]),
        ("FREQ=WEEKLY;COUNT=3", "20261218T090000", .before, nil, ["12-18", "12-24<-12-25", "12-31<-01-01"]),
        ("FREQ=WEEKLY;COUNT=3", "20261218T090000", .nearest, nil, ["12-18", "12-24<-12-25", "12-31<-01-01"]),
        // COUNT counts before moving: a skipped one counts.
        ("FREQ=WEEKLY;COUNT=3", "20261218T090000", .skip, nil, ["12-18"]),
        ("FREQ=DAILY;COUNT=7", "20261221T090000", .skip, nil, ["12-21", "12-22", "12-23", "12-24"]),
        // UNTIL selects by the day it fires on: Monday the 28th moves back
        // before the 27th; moved past UNTIL, it is gone.
        ("FREQ=WEEKLY;UNTIL=20261227", "20261221T090000", .before, nil, ["12-21", "12-24<-12-28"]),
        ("FREQ=WEEKLY;UNTIL=20261228", "20261225T090000", .after, nil, []),
        // The last and the first working days of each month; a first
        // period whose working day is before the start has none.
        ("FREQ=MONTHLY;COUNT=3", "20261201T090000", .fire, -1, ["12-31", "01-29", "02-26"]),
        ("FREQ=MONTHLY", "20261215T090000", .fire, 1, ["01-04", "02-01", "03-01"]),
        ("FREQ=MONTHLY;INTERVAL=2", "20261201T090000", .fire, 3, ["12-03", "02-03"]),
        ("FREQ=YEARLY;COUNT=2", "20260601T090000", .fire, -1, ["12-31"]),
    ])
    func movedOccurrences(_ rule: String, _ start: String, _ move: DayOffMove, _ workingDay: Int?, _ expected: [String]) {
        #expect(Self.dates(Self.schedule(rule, start: start, move, workingDay: workingDay)) == expected)
    }

    /// A moved occurrence keeps its time of day in its zone, across a
    /// daylight-saving change, and the skipped ones can be read.
    @Test func movedAcrossAChangeOfOffsetAndSkipped() {
        var schedule = Fixture.schedule("FREQ=WEEKLY;COUNT=2", start: "20270322T090000", zone: "Europe/Berlin")
        schedule.dayOff = Schedule.DayOffRule(daysOff: DaysOff(holidays: [Self.day("2027-03-29"): "Easter Monday"]), move: .before)
        let moved = Array(schedule.occurrences())
        #expect(moved.map { Fixture.shown($0) } == ["2027-03-22T09:00:00+01:00", "2027-03-26T09:00:00+01:00"])
        schedule.dayOff?.move = .after
        #expect(Array(schedule.occurrences()).map { Fixture.shown($0) } == ["2027-03-22T09:00:00+01:00", "2027-03-30T09:00:00+02:00"])
        schedule.dayOff?.move = .skip
        #expect(Array(schedule.occurrences()).map { Fixture.shown($0) } == ["2027-03-22T09:00:00+01:00"])
        var occurrences = schedule.occurrences()
        occurrences.includeSkipped()
        #expect(
            Array(occurrences).map { Fixture.shown($0) + ($0.isSkipped ? " skipped" : "") }
                == ["2027-03-22T09:00:00+01:00", "2027-03-29T09:00:00+02:00 skipped"])
        #expect(schedule.firstOccurrence.date.description == "2027-03-22")
    }

    /// A repeat whose every occurrence falls on a day off gives none, and
    /// ends rather than searching forever.
    @Test func aRepeatOnDaysOffAloneEnds() {
        #expect(Array(Self.schedule("FREQ=WEEKLY;BYDAY=SA,SU", start: "20261205T090000", .skip).occurrences()) == [])
        #expect(
            Array(Self.schedule("FREQ=WEEKLY;BYDAY=SA", start: "20261205T090000", .before).occurrences().prefix(2))
                .map(\.date.description) == ["2026-12-04", "2026-12-11"])
    }

    /// Skipping ahead lands where walking does, moves included, and a
    /// working-day repeat's period that began before the target too.
    @Test(arguments: [("FREQ=DAILY", DayOffMove.before, nil as Int?), ("FREQ=MONTHLY", .fire, -1), ("FREQ=YEARLY", .fire, -3)])
    func skippingAheadKeepsTheMoves(_ rule: String, _ move: DayOffMove, _ workingDay: Int?) {
        let schedule = Self.schedule(rule, start: "20261201T090000", move, workingDay: workingDay)
        let walked = schedule.occurrences()
        var skipped = schedule.occurrences()
        let target = WallTime(Fixture.local("20261229T000000"))
        skipped.skip(toWallClock: target)
        let fromWalk = Array(walked.lazy.drop { $0.wallClock < target }.prefix(3))
        let fromSkip = Array(skipped.lazy.drop { $0.wallClock < target }.prefix(3))
        #expect(fromSkip == fromWalk)
        #expect(fromWalk.first?.date.description == (workingDay == -3 ? "2026-12-29" : rule == "FREQ=DAILY" ? "2026-12-29" : "2026-12-31"))
    }
}
