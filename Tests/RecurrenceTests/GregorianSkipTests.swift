import Foundation
import Testing
@testable import Recurrence

/// RFC 7529's SKIP in the Gregorian calendar said as plain rules
/// (`Schedule.gregorianPieces()`): for every month day that can be
/// missing, back and forward, every interval and start, the pieces are
/// found, carry no RSCALE, and together list exactly the occurrences the
/// rule does, read through the schedule's own expansion over sixty years.
@Suite struct GregorianSkipTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var start: String
        var testDescription: String { "\(rule) from \(start)" }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for skip in ["BACKWARD", "FORWARD"] {
            for day in [29, 30, 31] {
                for interval in [1, 2, 5] {
                    for start in ["20270131T0900", "2027\(day == 29 ? "0129" : "0130")T0900", "20280229T0900", "20270915T0715"] {
                        cases.append(
                            Case(rule: "FREQ=MONTHLY;INTERVAL=\(interval);BYMONTHDAY=\(day);RSCALE=GREGORIAN;SKIP=\(skip)", start: start))
                    }
                }
                cases.append(Case(rule: "FREQ=YEARLY;BYMONTH=2,4;BYMONTHDAY=\(day);RSCALE=GREGORIAN;SKIP=\(skip)", start: "20270101T0800"))
                cases.append(Case(rule: "FREQ=MONTHLY;BYMONTHDAY=10,\(day);COUNT=40;RSCALE=GREGORIAN;SKIP=\(skip)", start: "20270110T0800"))
            }
            cases.append(Case(rule: "FREQ=YEARLY;RSCALE=GREGORIAN;SKIP=\(skip)", start: "20280229"))
            cases.append(Case(rule: "FREQ=YEARLY;INTERVAL=3;RSCALE=GREGORIAN;SKIP=\(skip)", start: "20280229T1200"))
            cases.append(Case(rule: "FREQ=MONTHLY;BYMONTHDAY=31;BYHOUR=9,17;RSCALE=GREGORIAN;SKIP=\(skip)", start: "20270131T0900"))
        }
        return cases
    }()

    /// Every case but one kind: the 29th every fifth month, where February
    /// must leave the plain rule and the other months would be eleven
    /// yearly rules, keeps RSCALE (and `check --for ics` says so).
    static func mustFind(_ c: Case) -> Bool { !c.rule.contains("INTERVAL=5;BYMONTHDAY=29;") }

    @Test(arguments: cases)
    func piecesListTheSameOccurrences(_ c: Case) throws {
        let schedule = Fixture.schedule(c.rule, start: c.start, zone: "Europe/Berlin")
        guard let pieces = schedule.gregorianPieces() else {
            #expect(!Self.mustFind(c), "no plain rules found")
            return
        }
        #expect(pieces.allSatisfy { $0.rule?.calendar == nil && $0.rule?.skip == nil })
        let end = Instant(secondsSince1970: 3_786_912_000)  // 2090
        func listed(_ schedule: Schedule, dropUnselectedStart: Bool) -> [Instant] {
            var occurrences = schedule.occurrences()
            var found: [Instant] = []
            if dropUnselectedStart && !schedule.ruleSelectsStart() { _ = occurrences.next() }
            while let next = occurrences.next(), next.instant < end { found.append(next.instant) }
            return found
        }
        let theirs = listed(schedule, dropUnselectedStart: true)
        // The pieces have no end of their own: the writer gives them the rule's.
        let last = schedule.rule?.end == .never ? end : theirs.last!
        let ours = pieces.flatMap { listed($0, dropUnselectedStart: true) }.filter { $0 <= last }.sorted()
        let differences = Set(ours).symmetricDifference(theirs).sorted().prefix(4)
        #expect(
            ours == theirs, "\(pieces.map { $0.rule!.text }): \(ours.count) for \(theirs.count), first differences \(Array(differences))")
        #expect(theirs.count > 10)
    }

    /// A rule without SKIP, or in another calendar, is not a Gregorian
    /// SKIP: RSCALE=GREGORIAN alone is dropped, Hebrew is kept.
    @Test func otherRulesAreLeftAlone() throws {
        let plain = Fixture.schedule("FREQ=MONTHLY;RSCALE=GREGORIAN", start: "20270131T0900")
        #expect(try #require(plain.gregorianPieces()).map { $0.rule!.text } == ["FREQ=MONTHLY"])
        #expect(Fixture.schedule("FREQ=YEARLY;RSCALE=HEBREW;SKIP=FORWARD", start: "20261205T1800").gregorianPieces() == nil)
        #expect(Fixture.schedule("FREQ=MONTHLY", start: "20270131T0900").gregorianPieces() == nil)
    }

    /// A daily or weekly BYMONTHDAY only limits: SKIP moves no day of it
    /// (RFC 7529 §3.1.2; such a rule once listed 28 February daily, and
    /// counted it against COUNT 28 times).
    @Test func aLimitingMonthDayDoesNotMove() {
        let schedule = Fixture.schedule(
            "FREQ=DAILY;BYMONTHDAY=31;COUNT=4;RSCALE=GREGORIAN;SKIP=BACKWARD", start: "20270131T0900", zone: "UTC")
        #expect(
            schedule.occurrences().map { Fixture.shown($0, withOffset: false) }
                == ["2027-01-31T09:00:00", "2027-03-31T09:00:00", "2027-05-31T09:00:00", "2027-07-31T09:00:00"])
    }

    /// The last occurrence of an UNTIL rule whose last instance lies weeks
    /// before UNTIL (it was read as the start).
    @Test func theLastOccurrenceWeeksBeforeUntil() {
        let schedule = Fixture.schedule("FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20290601T000000Z", start: "20270115T0900", zone: "UTC")
        #expect(schedule.lastOccurrence().map { Fixture.shown($0, withOffset: false) } == "2029-05-15T09:00:00")
        let yearly = Fixture.schedule("FREQ=YEARLY;UNTIL=20600101T000000Z", start: "20270301T0900", zone: "UTC")
        #expect(yearly.lastOccurrence().map { Fixture.shown($0, withOffset: false) } == "2059-03-01T09:00:00")
    }
}
