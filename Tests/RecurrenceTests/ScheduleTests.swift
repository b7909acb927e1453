import Foundation
import Testing
@testable import Recurrence

@Suite struct ScheduleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var rule: String?
        var start: String
        var zone: String
        /// Each occurrence as clocks showed it, with the offset.
        var expected: [String]
        var testDescription: String { name }
    }

    static let daylightSaving: [Case] = [
        Case(
            name: "Berlin 02:30 daily across spring-forward", rule: "FREQ=DAILY", start: "20260328T023000", zone: "Europe/Berlin",
            expected: ["2026-03-28T02:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00"]),
        Case(
            name: "Berlin 02:30 daily across fall-back is the first", rule: "FREQ=DAILY", start: "20261024T023000", zone: "Europe/Berlin",
            expected: ["2026-10-24T02:30:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"]),
        Case(
            name: "New York 02:30 daily across spring-forward", rule: "FREQ=DAILY", start: "20260307T023000", zone: "America/New_York",
            expected: ["2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00"]),
        Case(
            name: "New York 01:30 daily across fall-back is the first", rule: "FREQ=DAILY", start: "20261031T013000",
            zone: "America/New_York",
            expected: ["2026-10-31T01:30:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"]),
        Case(
            name: "Lord Howe's half-hour gap", rule: "FREQ=DAILY", start: "20261003T021500", zone: "Australia/Lord_Howe",
            expected: ["2026-10-03T02:15:00+10:30", "2026-10-04T02:45:00+11:00", "2026-10-05T02:15:00+11:00"]),
        Case(
            name: "Lord Howe's half-hour fold", rule: "FREQ=DAILY", start: "20260404T014500", zone: "Australia/Lord_Howe",
            expected: ["2026-04-04T01:45:00+11:00", "2026-04-05T01:45:00+11:00", "2026-04-06T01:45:00+10:30"]),
        // Samoa skipped 2011-12-30: its 09:00 moves to 2011-12-31 09:00,
        // which the rule also selects; the two are one occurrence.
        Case(
            name: "Apia's skipped day", rule: "FREQ=DAILY", start: "20111228T090000", zone: "Pacific/Apia",
            expected: ["2011-12-28T09:00:00-10:00", "2011-12-29T09:00:00-10:00", "2011-12-31T09:00:00+14:00", "2012-01-01T09:00:00+14:00"]),
        Case(
            name: "hourly across spring-forward", rule: "FREQ=HOURLY", start: "20260329T003000", zone: "Europe/Berlin",
            expected: ["2026-03-29T00:30:00+01:00", "2026-03-29T01:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-29T04:30:00+02:00"]),
        Case(
            name: "hourly across fall-back once per wall-clock time", rule: "FREQ=HOURLY", start: "20261025T003000", zone: "Europe/Berlin",
            expected: ["2026-10-25T00:30:00+02:00", "2026-10-25T01:30:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-25T03:30:00+01:00"]),
        Case(
            name: "every 5 minutes across spring-forward", rule: "FREQ=MINUTELY;INTERVAL=5", start: "20260329T015000",
            zone: "Europe/Berlin",
            expected: ["2026-03-29T01:50:00+01:00", "2026-03-29T01:55:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T03:05:00+02:00"]),
        Case(
            name: "every 5 minutes across fall-back", rule: "FREQ=MINUTELY;INTERVAL=5", start: "20261025T025000", zone: "Europe/Berlin",
            expected: ["2026-10-25T02:50:00+02:00", "2026-10-25T02:55:00+02:00", "2026-10-25T03:00:00+01:00", "2026-10-25T03:05:00+01:00"]),
        Case(
            name: "New York hourly across fall-back", rule: "FREQ=HOURLY", start: "20261101T000000", zone: "America/New_York",
            expected: ["2026-11-01T00:00:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T02:00:00-05:00", "2026-11-01T03:00:00-05:00"]),
    ]

    @Test(arguments: daylightSaving)
    func readsWallClockTimesAcrossDaylightSaving(_ example: Case) {
        let schedule = Fixture.schedule(example.rule, start: example.start, zone: example.zone)
        let shown = schedule.occurrences().prefix(example.expected.count).map { Fixture.shown($0) }
        #expect(shown == example.expected)
    }

    @Test func occurrencesAcrossAGapStayInTimeOrderOncePerInstant() {
        // Every minute through Berlin's spring-forward: 02:00-02:59 move onto
        // 03:00-03:59, which the rule also selects.
        let schedule = Fixture.schedule("FREQ=MINUTELY", start: "20260329T013000", zone: "Europe/Berlin")
        let instants = schedule.occurrences().prefix(200).map(\.instant)
        #expect(zip(instants, instants.dropFirst()).allSatisfy { $0 < $1 })
        #expect(instants.count == 200)
        #expect(instants.last!.seconds(since: instants.first!) == 199 * 60)
    }

    static let calendarEdges: [Case] = [
        Case(
            name: "Feb 29 yearly skips common years", rule: "FREQ=YEARLY", start: "20240229T090000", zone: "UTC",
            expected: ["2024-02-29T09:00:00+00:00", "2028-02-29T09:00:00+00:00", "2032-02-29T09:00:00+00:00"]),
        Case(
            name: "Feb 29 yearly across 2100", rule: "FREQ=YEARLY", start: "20960229T090000", zone: "UTC",
            expected: ["2096-02-29T09:00:00+00:00", "2104-02-29T09:00:00+00:00"]),
        Case(
            name: "monthly on the 31st skips short months", rule: "FREQ=MONTHLY", start: "20260131T090000", zone: "UTC",
            expected: [
                "2026-01-31T09:00:00+00:00", "2026-03-31T09:00:00+00:00", "2026-05-31T09:00:00+00:00",
                "2026-07-31T09:00:00+00:00", "2026-08-31T09:00:00+00:00", "2026-10-31T09:00:00+00:00",
            ]),
        Case(
            name: "last weekday of the month", rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", start: "20260130T090000", zone: "UTC",
            expected: ["2026-01-30T09:00:00+00:00", "2026-02-27T09:00:00+00:00", "2026-03-31T09:00:00+00:00", "2026-04-30T09:00:00+00:00"]),
        Case(
            name: "last Friday", rule: "FREQ=MONTHLY;BYDAY=-1FR", start: "20261127T090000", zone: "UTC",
            expected: ["2026-11-27T09:00:00+00:00", "2026-12-25T09:00:00+00:00", "2027-01-29T09:00:00+00:00"]),
        Case(
            name: "ISO week 53 crosses the year", rule: "FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO,SU", start: "20261228T090000", zone: "UTC",
            expected: ["2026-12-28T09:00:00+00:00", "2027-01-03T09:00:00+00:00", "2032-12-27T09:00:00+00:00", "2033-01-02T09:00:00+00:00"]),
        Case(
            name: "week 1 with WKST=SU", rule: "FREQ=YEARLY;BYWEEKNO=1;BYDAY=SU;WKST=SU", start: "20260104T090000", zone: "UTC",
            expected: ["2026-01-04T09:00:00+00:00", "2027-01-03T09:00:00+00:00", "2028-01-02T09:00:00+00:00"]),
        Case(
            name: "week 20 without BYDAY keeps the start's weekday", rule: "FREQ=YEARLY;BYWEEKNO=20", start: "20260514T090000", zone: "UTC",
            expected: ["2026-05-14T09:00:00+00:00", "2027-05-20T09:00:00+00:00"]),
        Case(
            name: "negative BYYEARDAY", rule: "FREQ=YEARLY;BYYEARDAY=-1,-366", start: "20261231T090000", zone: "UTC",
            expected: ["2026-12-31T09:00:00+00:00", "2027-12-31T09:00:00+00:00", "2028-01-01T09:00:00+00:00", "2028-12-31T09:00:00+00:00"]),
        Case(
            name: "yearly BYMONTHDAY keeps the start's month", rule: "FREQ=YEARLY;BYMONTHDAY=15", start: "20261215T090000", zone: "UTC",
            expected: ["2026-12-15T09:00:00+00:00", "2027-12-15T09:00:00+00:00"]),
        Case(
            name: "INTERVAL with BYHOUR", rule: "FREQ=DAILY;INTERVAL=2;BYHOUR=8,20", start: "20261201T080000", zone: "UTC",
            expected: ["2026-12-01T08:00:00+00:00", "2026-12-01T20:00:00+00:00", "2026-12-03T08:00:00+00:00", "2026-12-03T20:00:00+00:00"]),
        Case(
            name: "HOURLY INTERVAL=5 limited by BYHOUR", rule: "FREQ=HOURLY;INTERVAL=5;BYHOUR=9,14", start: "20261201T090000", zone: "UTC",
            expected: ["2026-12-01T09:00:00+00:00", "2026-12-01T14:00:00+00:00", "2026-12-06T09:00:00+00:00", "2026-12-06T14:00:00+00:00"]),
        Case(
            name: "weekdays", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", start: "20261204T090000", zone: "UTC",
            expected: ["2026-12-04T09:00:00+00:00", "2026-12-07T09:00:00+00:00", "2026-12-08T09:00:00+00:00"]),
        Case(
            name: "quarterly from the 31st", rule: "FREQ=MONTHLY;INTERVAL=3", start: "20260131T090000", zone: "UTC",
            expected: ["2026-01-31T09:00:00+00:00", "2026-07-31T09:00:00+00:00", "2026-10-31T09:00:00+00:00", "2027-01-31T09:00:00+00:00"]),
        Case(
            name: "an unsynchronised start still comes first", rule: "FREQ=WEEKLY;BYDAY=MO", start: "20261203T090000", zone: "UTC",
            expected: ["2026-12-03T09:00:00+00:00", "2026-12-07T09:00:00+00:00"]),
        Case(
            name: "BYSECOND in a MINUTELY rule", rule: "FREQ=MINUTELY;INTERVAL=2;BYSECOND=0,30", start: "20261201T090000", zone: "UTC",
            expected: ["2026-12-01T09:00:00+00:00", "2026-12-01T09:00:30+00:00", "2026-12-01T09:02:00+00:00", "2026-12-01T09:02:30+00:00"]),
        Case(
            name: "RSCALE=GREGORIAN;SKIP=BACKWARD moves the 31st back", rule: "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD",
            start: "20260131T090000", zone: "UTC",
            expected: ["2026-01-31T09:00:00+00:00", "2026-02-28T09:00:00+00:00", "2026-03-31T09:00:00+00:00", "2026-04-30T09:00:00+00:00"]),
        Case(
            name: "RSCALE=GREGORIAN;SKIP=FORWARD moves the 31st on", rule: "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD",
            start: "20260131T090000", zone: "UTC",
            expected: ["2026-01-31T09:00:00+00:00", "2026-03-01T09:00:00+00:00", "2026-03-31T09:00:00+00:00", "2026-05-01T09:00:00+00:00"]),
        Case(
            name: "Feb 29 yearly with SKIP=BACKWARD", rule: "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD", start: "20240229T090000",
            zone: "UTC",
            expected: [
                "2024-02-29T09:00:00+00:00", "2025-02-28T09:00:00+00:00", "2026-02-28T09:00:00+00:00", "2027-02-28T09:00:00+00:00",
                "2028-02-29T09:00:00+00:00",
            ]),
        // Hanukkah starts on 25 Kislev (month 3 of the Hebrew year).
        Case(
            name: "Hebrew yearly", rule: "RSCALE=HEBREW;FREQ=YEARLY", start: "20261205T180000", zone: "UTC",
            expected: ["2026-12-05T18:00:00+00:00", "2027-12-25T18:00:00+00:00", "2028-12-13T18:00:00+00:00"]),
        // The Chinese New Year: the first day of the first month.
        Case(
            name: "Chinese New Year", rule: "RSCALE=CHINESE;FREQ=YEARLY", start: "20260217T090000", zone: "UTC",
            expected: ["2026-02-17T09:00:00+00:00", "2027-02-06T09:00:00+00:00", "2028-01-26T09:00:00+00:00"]),
        Case(
            name: "Islamic monthly on the first", rule: "RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;BYMONTHDAY=1", start: "20260218T090000",
            zone: "UTC",
            expected: ["2026-02-18T09:00:00+00:00", "2026-03-20T09:00:00+00:00", "2026-04-18T09:00:00+00:00"]),
    ]

    @Test(arguments: calendarEdges)
    func followsTheCalendar(_ example: Case) {
        let schedule = Fixture.schedule(example.rule, start: example.start, zone: example.zone)
        let shown = schedule.occurrences().prefix(example.expected.count).map { Fixture.shown($0) }
        #expect(shown == example.expected)
    }

    /// 8 Adar I (`5L`) in leap years; in other years Adar (ICU month 7)
    /// with SKIP=FORWARD, Shevat (ICU month 5) with SKIP=BACKWARD, nothing
    /// with OMIT. Foundation supplies the Hebrew dates; the SKIP logic is the
    /// engine's.
    @Test(arguments: [("FORWARD", 7), ("BACKWARD", 5), ("OMIT", 0)])
    func aMissingLeapMonthFollowsSkip(_ skip: String, substitute: Int) throws {
        var hebrew = Calendar(identifier: .hebrew)
        hebrew.timeZone = TimeZone(secondsFromGMT: 0)!
        func day(_ year: Int, _ month: Int) throws -> String {
            let date = try #require(hebrew.date(from: DateComponents(year: year, month: month, day: 8, hour: 12)))
            return CivilDate(daysSinceEpoch: Int(date.timeIntervalSince1970) / 86_400).description
        }
        // 5784 and 5787 are leap years; 5785 and 5786 are not.
        var expected = [try day(5784, 6)]
        if substitute != 0 { expected += [try day(5785, substitute), try day(5786, substitute)] }
        expected.append(try day(5787, 6))
        let rule = "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=\(skip)"
        let schedule = Fixture.schedule(rule, start: expected[0].replacingOccurrences(of: "-", with: "") + "T090000", zone: "UTC")
        #expect(schedule.occurrences().prefix(expected.count).map { $0.date.description } == expected)
    }

    @Test(arguments: [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6,9,11",
        "FREQ=DAILY;INTERVAL=7;BYDAY=TU",
        "FREQ=SECONDLY;INTERVAL=2;BYSECOND=1",
        "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=HOURLY;INTERVAL=48;BYHOUR=10",
        "FREQ=SECONDLY;BYDAY=TH;BYSETPOS=2,-3",
    ])
    func aRuleThatNeverMatchesEnds(_ rule: String) {
        // The start is Monday 2026-11-30 at 09:00:00: every 7 days stays on
        // Mondays, every 48 hours at 09:00, every 2 seconds on even seconds.
        let schedule = Fixture.schedule(rule, start: "20261130T090000", zone: "UTC")
        #expect(!schedule.ruleCanMatch())
        var occurrences = schedule.occurrences()
        #expect(occurrences.next()?.local.description == "2026-11-30T09:00:00")
        // Ended by the search or by the end of the span, whichever is first.
        #expect(occurrences.next() == nil)
    }

    /// Rules `ruleCanMatch` answers without a search: each must really
    /// have a later instance, from the most awkward starts.
    @Test(arguments: [
        ("FREQ=YEARLY", "20280229T090000", "2032-02-29"),
        ("FREQ=YEARLY;INTERVAL=100", "20000229T090000", "2400-02-29"),
        ("FREQ=MONTHLY;INTERVAL=2", "20270131T090000", "2027-03-31"),
        ("FREQ=MONTHLY;INTERVAL=12;COUNT=2", "20280229T090000", "2032-02-29"),
        ("FREQ=WEEKLY;INTERVAL=3;BYDAY=SU,MO", "20261130T090000", "2026-12-06"),
        ("FREQ=MINUTELY;INTERVAL=7", "20261130T235900", "2026-12-01"),
        ("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1", "20261130T090000", "2026-12-25"),
        ("FREQ=MONTHLY;INTERVAL=5;BYDAY=SA,SU;BYSETPOS=8", "20270131T090000", "2027-06-27"),
        ("FREQ=YEARLY;BYDAY=MO;BYSETPOS=-52", "20261231T090000", "2027-01-04"),
        ("FREQ=WEEKLY;BYDAY=MO,WE;BYSETPOS=2", "20261130T090000", "2026-12-02"),
    ])
    func aRuleWithoutLimitsMatchesWithoutASearch(_ rule: String, _ start: String, _ next: String) {
        let schedule = Fixture.schedule(rule, start: start, zone: "UTC")
        #expect(schedule.rule?.matchesEveryPeriod == true)
        #expect(schedule.ruleCanMatch())
        #expect(Array(schedule.occurrences().prefix(2)).last?.date.description == next)
    }

    /// The first occurrence is read through the zone's table of
    /// transitions; it must agree with Foundation, by SPEC §1's rules, in
    /// gaps, folds, a skipped day, and before and after the table.
    @Test(arguments: [
        ("Europe/Berlin", "2026-03-29T02:30"), ("Europe/Berlin", "2026-10-25T02:30"), ("Europe/Berlin", "2026-10-25T03:00"),
        ("America/New_York", "2007-03-11T02:00"), ("Australia/Lord_Howe", "2026-10-04T02:15"), ("Pacific/Apia", "2011-12-30T09:00"),
        ("Asia/Kolkata", "1890-06-01T12:00"), ("Europe/Berlin", "2700-07-01T12:00"), ("America/Sao_Paulo", "2019-11-03T00:30"),
    ])
    func firstOccurrenceAgreesWithFoundation(_ zoneName: String, _ local: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let start = Fixture.local(local)
        let first = Schedule(start: start, placement: .zone(zone)).firstOccurrence
        let instant = WallClock.instant(of: start, in: zone)
        #expect(first.instant == instant)
        #expect(first.offset == WallClock.offset(of: zone, at: instant))
        #expect(first.wallClock == WallTime(start))
    }

    /// Rules that look alike but must be searched (and may never match).
    @Test(arguments: [
        "FREQ=DAILY;INTERVAL=7;BYDAY=TU", "FREQ=MONTHLY;BYDAY=FR;BYSETPOS=5", "FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2",
        "FREQ=MONTHLY;BYDAY=1FR", "FREQ=YEARLY;BYDAY=MO;BYSETPOS=53", "RSCALE=HEBREW;FREQ=MONTHLY",
    ])
    func aRuleWithLimitsIsSearched(_ rule: String) {
        #expect(RecurrenceRule.parse(rule).rule?.matchesEveryPeriod == false)
    }

    /// No occurrence comes before `earliestInstant`, however the zone's
    /// changes read the wall-clock times after the start: starts in and
    /// around gaps, folds, Apia's lost day and Lord Howe's half hour.
    /// The margin is the zone's widest change of offset ever: hours in most
    /// zones, a day and more in Apia (-11:00 to +14:00).
    @Test(arguments: [
        ("Europe/Berlin", "20260329T023000", 4), ("Europe/Berlin", "20260329T015900", 4), ("Europe/Berlin", "20261025T023000", 4),
        ("America/New_York", "20260308T021500", 4), ("Pacific/Apia", "20111229T230000", 27), ("Australia/Lord_Howe", "20261004T015000", 4),
        ("UTC", "20261201T090000", 0),
    ])
    func noOccurrenceComesBeforeTheEarliestInstant(_ zone: String, _ start: String, _ marginHours: Int) {
        for rule in ["FREQ=MINUTELY;INTERVAL=10", "FREQ=HOURLY", "FREQ=DAILY", "FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=0,30"] {
            let schedule = Fixture.schedule(rule, start: start, zone: zone)
            let earliest = schedule.occurrences().prefix(500).map(\.instant).min()!
            #expect(schedule.earliestInstant <= earliest, "\(rule) from \(start) in \(zone)")
            #expect(
                schedule.earliestInstant >= schedule.firstOccurrence.instant.advanced(by: -marginHours * 3_600),
                "no looser than the zone needs")
        }
        let epoch = Instant(secondsSince1970: 0)
        let added = Fixture.schedule("FREQ=DAILY", start: start, zone: zone, also: [.instant(epoch)])
        #expect(added.earliestInstant == epoch)
    }

    @Test func aRuleThatMatchesRarelyIsFound() {
        let schedule = Fixture.schedule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO", start: "20261130T090000", zone: "UTC")
        #expect(schedule.ruleCanMatch())
        let dates = schedule.occurrences().prefix(3).map { $0.date.description }
        #expect(dates == ["2026-11-30", "2044-02-29", "2072-02-29"])
    }

    @Test func countCountsTheStartAndUntilIsInclusive() {
        let counted = Fixture.schedule("FREQ=DAILY;COUNT=3", start: "20261201T090000", zone: "Europe/Berlin")
        #expect(counted.occurrences().map { $0.date.description } == ["2026-12-01", "2026-12-02", "2026-12-03"])
        let until = Fixture.schedule("FREQ=DAILY;UNTIL=20261203T080000Z", start: "20261201T090000", zone: "Europe/Berlin")
        #expect(until.occurrences().map { $0.date.description } == ["2026-12-01", "2026-12-02", "2026-12-03"])
        let floating = Fixture.schedule("FREQ=DAILY;UNTIL=20261203T085959", start: "20261201T090000", zone: "floating")
        #expect(floating.occurrences().map { $0.date.description } == ["2026-12-01", "2026-12-02"])
        let allDay = Fixture.schedule("FREQ=WEEKLY;UNTIL=20261215", start: "20261201", zone: "floating")
        #expect(allDay.occurrences().map { $0.date.description } == ["2026-12-01", "2026-12-08", "2026-12-15"])
    }

    @Test func exceptionsAndAdditionsApplyAfterTheRule() {
        let schedule = Fixture.schedule(
            "FREQ=DAILY;COUNT=5", start: "20261222T090000", zone: "Europe/Berlin",
            except: [
                .date(CivilDate(year: 2026, month: 12, day: 25)), .wallClock(Fixture.local("20261223T090000")),
                .wallClock(Fixture.local("20261224T180000")),
            ],
            also: [
                .wallClock(Fixture.local("20261224T180000")), .date(CivilDate(year: 2026, month: 12, day: 31)),
                .wallClock(Fixture.local("20261222T090000")), .instant(WallTime(Fixture.local("20261220T120000")).instant(offset: 0)),
            ]
        )
        let shown = schedule.occurrences().map { Fixture.shown($0) }
        // COUNT=5 covers the 22nd to the 26th; the 23rd and 25th are removed,
        // so is the added 18:00 on the 24th; the 22nd is added twice but
        // happens once.
        #expect(
            shown == [
                "2026-12-20T13:00:00+01:00", "2026-12-22T09:00:00+01:00", "2026-12-24T09:00:00+01:00",
                "2026-12-26T09:00:00+01:00", "2026-12-31T09:00:00+01:00",
            ])
    }

    @Test func timesOfDayReplaceTheStartsTime() {
        let schedule = Fixture.schedule(
            "FREQ=DAILY;COUNT=4", start: "20261201T080000", zone: "UTC",
            times: [CivilTime(hour: 20, minute: 30), CivilTime(hour: 8, minute: 0)])
        #expect(
            schedule.occurrences().map { $0.local.description } == [
                "2026-12-01T08:00:00", "2026-12-01T20:30:00", "2026-12-02T08:00:00", "2026-12-02T20:30:00",
            ])
    }

    @Test func aScheduleWithoutARuleIsItsStart() {
        let schedule = Fixture.schedule(
            nil, start: "20261201T080000", zone: "Europe/Berlin",
            also: [.wallClock(Fixture.local("20261130T080000"))])
        #expect(schedule.occurrences().map { Fixture.instantText($0.instant) } == ["2026-11-30T07:00:00Z", "2026-12-01T07:00:00Z"])
    }

    @Test func anEndlessRuleCostsOnlyWhatIsConsumed() {
        var occurrences = Fixture.schedule("FREQ=SECONDLY", start: "20261201T080000", zone: "Europe/Berlin").occurrences()
        for _ in 0..<1000 { _ = occurrences.next() }
        #expect(occurrences.next()?.local.description == "2026-12-01T08:16:40")
    }

    /// No rule runs past the span remindc works in (and a day more, for
    /// zones' offsets), so a COUNT of a billion walks only to 2583; whether a
    /// rule can match at all is still searched beyond.
    @Test func stopsAtTheEndOfTheSpan() {
        let schedule = Fixture.schedule("FREQ=YEARLY;COUNT=999999999", start: "25810102T000000", zone: "UTC")
        #expect(schedule.occurrences().map { $0.date.description } == ["2581-01-02", "2582-01-02"])
        #expect(schedule.lastOccurrence()?.date.description == "2582-01-02")
        let leapDay = Fixture.schedule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", start: "25820301T090000", zone: "UTC")
        #expect(leapDay.occurrences().map { $0.date.description } == ["2582-03-01"])
        #expect(leapDay.ruleCanMatch())
    }

    struct CountedCase: Sendable, CustomTestStringConvertible {
        var rule: String
        var start: String
        var zone: String
        var except: [String] = []
        var times: [CivilTime] = []
        var testDescription: String { "\(rule) from \(start) in \(zone)" }
    }

    /// A COUNT rule is passed over by counting, not walked: by arithmetic
    /// when it steps at a fixed distance, else period by period (day by day
    /// for HOURLY and finer). Its last occurrence and what comes after a
    /// skip are those of the full walk, across daylight-saving changes, a
    /// skipped day, BYSETPOS in a clock period, times of day and exceptions
    /// at the end.
    @Test(arguments: [
        CountedCase(rule: "FREQ=SECONDLY;INTERVAL=7;COUNT=3000000", start: "20260301T013000", zone: "Europe/Berlin"),
        CountedCase(rule: "FREQ=MINUTELY;INTERVAL=13;COUNT=40000", start: "20260101T000500", zone: "Australia/Lord_Howe"),
        CountedCase(rule: "FREQ=HOURLY;COUNT=20000", start: "20111201T090000", zone: "Pacific/Apia"),
        CountedCase(rule: "FREQ=DAILY;COUNT=1000", start: "20260101T023000", zone: "America/New_York"),
        CountedCase(rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=300", start: "20260105T023000", zone: "Europe/Berlin"),
        CountedCase(
            rule: "FREQ=HOURLY;COUNT=5000", start: "20260101T000000", zone: "Europe/Berlin",
            except: ["20260728T070000", "20260728T060000"]),
        CountedCase(
            rule: "FREQ=MINUTELY;COUNT=100", start: "20261025T020000", zone: "Europe/Berlin",
            except: ["20261025T033900"]),
        CountedCase(rule: "FREQ=SECONDLY;BYHOUR=2,9;BYMINUTE=0,31;COUNT=200000", start: "20260320T090000", zone: "Europe/Berlin"),
        CountedCase(rule: "FREQ=MINUTELY;INTERVAL=7;BYDAY=MO,TH;COUNT=30000", start: "20260101T100300", zone: "Australia/Lord_Howe"),
        CountedCase(rule: "FREQ=HOURLY;INTERVAL=5;BYMINUTE=10,40;BYSETPOS=-1;COUNT=5000", start: "20260101T000000", zone: "Europe/Berlin"),
        CountedCase(rule: "FREQ=HOURLY;BYMINUTE=0,30;COUNT=3000", start: "20111225T001500", zone: "Pacific/Apia"),
        CountedCase(
            rule: "FREQ=DAILY;BYHOUR=2,20;BYMINUTE=0,30;COUNT=20000", start: "20260101T200000", zone: "America/New_York",
            except: ["20390824T203000"]),
        CountedCase(rule: "FREQ=MONTHLY;BYDAY=MO,FR;BYMONTH=2,3;COUNT=500", start: "20260202T083000", zone: "Europe/Berlin"),
        CountedCase(
            rule: "FREQ=YEARLY;BYMONTH=3,10;BYMONTHDAY=-1,-2;BYHOUR=2;BYMINUTE=30;COUNT=300", start: "20260330T023000",
            zone: "Europe/Berlin"),
        CountedCase(rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1,2;COUNT=3000", start: "20260115T090000", zone: "Europe/Berlin"),
        CountedCase(
            rule: "FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=0,30;BYSETPOS=2,-1;COUNT=30000", start: "20260101T020000",
            zone: "Europe/Berlin"),
        // Counts that outlast the span: the rule ends with it.
        CountedCase(rule: "FREQ=SECONDLY;BYHOUR=9;COUNT=2147483647", start: "25820601T090000", zone: "Europe/Berlin"),
        CountedCase(rule: "FREQ=MINUTELY;COUNT=2147483647", start: "25820901T000000", zone: "Pacific/Kiritimati"),
        CountedCase(rule: "FREQ=DAILY;BYHOUR=8,20;COUNT=2147483647", start: "25700101T080000", zone: "America/New_York"),
        CountedCase(
            rule: "FREQ=DAILY;INTERVAL=3;COUNT=2000", start: "20260101T080000", zone: "Europe/Berlin",
            times: [CivilTime(hour: 8, minute: 0, second: 0), CivilTime(hour: 20, minute: 30, second: 0)]),
    ])
    func aCountRuleIsPassedOverByCounting(_ test: CountedCase) {
        let exceptions = test.except.map { Schedule.Exception.wallClock(Fixture.local($0)) }
        let schedule = Fixture.schedule(test.rule, start: test.start, zone: test.zone, except: exceptions, times: test.times)
        let walked = Array(schedule.occurrences())
        #expect(schedule.lastOccurrence() == walked.last)
        for fraction in [0.0, 0.3, 0.999, 1.5] {
            let index = min(Int(Double(walked.count) * fraction), walked.count - 1)
            let target = fraction > 1 ? walked.last!.wallClock.advanced(by: 1) : walked[index].wallClock
            var skipping = schedule.occurrences()
            skipping.skip(toWallClock: target)
            let early = skipping
            let after = Array(skipping.filter { $0.wallClock >= target })
            #expect(after == walked.filter { $0.wallClock >= target }, "to \(target)")
            // It was passed over, not walked: at most a day or a period is left before the target.
            let before = walked.prefix { $0.wallClock < target }.count
            if before >= 1_000 { #expect(early.prefix { $0.wallClock < target }.count < before / 2, "to \(target)") }
        }
    }

    /// Foundation reports no days for some Chinese months (2057's eighth);
    /// the walk must go on through them, one first day per month.
    @Test func chineseMonthsWithoutALengthDoNotStall() throws {
        var chinese = Calendar(identifier: .chinese)
        chinese.timeZone = TimeZone(secondsFromGMT: 0)!
        let schedule = Fixture.schedule("RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=1", start: "20570404T090000", zone: "UTC")
        let dates = schedule.occurrences().prefix(14).map { Date(timeIntervalSince1970: TimeInterval($0.instant.secondsSince1970)) }
        #expect(dates.count == 14)
        #expect(dates.allSatisfy { chinese.component(.day, from: $0) == 1 })
        #expect(
            zip(dates, dates.dropFirst()).allSatisfy { $1.timeIntervalSince($0) > 27 * 86_400 && $1.timeIntervalSince($0) < 31 * 86_400 })
    }

    /// The start is the first occurrence even when UNTIL comes before it.
    @Test func theStartComesEvenAfterUntil() {
        let schedule = Fixture.schedule("FREQ=DAILY;UNTIL=20251231T000000Z", start: "20261201T090000", zone: "UTC")
        #expect(schedule.occurrences().map { $0.local.description } == ["2026-12-01T09:00:00"])
    }
}
