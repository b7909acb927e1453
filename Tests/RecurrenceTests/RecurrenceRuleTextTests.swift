import Testing
@testable import Recurrence

@Suite struct RecurrenceRuleTextTests {
    @Test(arguments: [
        "FREQ=DAILY",
        "FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1",
        "FREQ=YEARLY;UNTIL=20270301T080000Z;BYMONTHDAY=-1;BYMONTH=1,7",
        "FREQ=WEEKLY;COUNT=10;INTERVAL=2;BYDAY=MO,TH;WKST=SU",
        "FREQ=MINUTELY;INTERVAL=5;BYHOUR=9,10,11",
        "RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=8;BYMONTH=5L;SKIP=FORWARD",
        "FREQ=YEARLY;BYDAY=MO;BYWEEKNO=-1",
        "FREQ=DAILY;UNTIL=20261224",
        "FREQ=HOURLY;UNTIL=20261224T170000;BYSECOND=0,30",
    ])
    func roundTrips(_ text: String) throws {
        let parsed = RecurrenceRule.parse(text)
        #expect(parsed.errors.isEmpty)
        let rule = try #require(parsed.rule)
        #expect(rule.validate().isEmpty)
        #expect(rule.text == text)
    }

    @Test func writesPartsInOneOrder() throws {
        let rule = try #require(RecurrenceRule.parse("BYMONTHDAY=-1;BYMONTH=1,7;FREQ=YEARLY").rule)
        #expect(rule.text == "FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=1,7")
    }

    @Test func readsLowerCaseAndAPrefix() throws {
        let rule = try #require(RecurrenceRule.parse("RRULE:freq=monthly;byday=-1fr").rule)
        #expect(rule.frequency == .monthly)
        #expect(rule.byDay == [.init(.friday, ordinal: -1)])
    }

    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        var text: String
        var kind: RuleSyntaxError.Kind
        var range: Range<Int>
        var testDescription: String { text }
    }

    @Test(arguments: [
        SyntaxCase(text: "FREQ=DAILY;FOO=2", kind: .unknownPart("FOO", suggestion: nil), range: 11..<16),
        SyntaxCase(text: "FREQ=DAILY;INTERVALL=2", kind: .unknownPart("INTERVALL", suggestion: "INTERVAL"), range: 11..<22),
        SyntaxCase(text: "FREQ=DAILY;COUNT=3;COUNT=4", kind: .duplicatePart(.count), range: 19..<26),
        SyntaxCase(text: "FREQ=DAILY;BYHOUR=", kind: .missingValue(.byHour), range: 11..<18),
        SyntaxCase(
            text: "FREQ=FORTNIGHTLY",
            kind: .invalidValue(
                .frequency, value: "FORTNIGHTLY",
                expected: "one of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY"), range: 0..<16),
        SyntaxCase(
            text: "FREQ=DAILY;UNTIL=20260230",
            kind: .invalidValue(
                .until, value: "20260230",
                expected: "a date (20261224) or a date-time (20261224T090000Z)"), range: 11..<25),
        SyntaxCase(
            text: "FREQ=DAILY;BYDAY=XX",
            kind: .invalidValue(
                .byDay, value: "XX",
                expected: "weekdays (MO, TU, WE, TH, FR, SA, SU), each with an optional ordinal (-1FR, 2TU)"), range: 11..<19),
        SyntaxCase(text: "BYDAY=MO", kind: .missingFrequency, range: 0..<8),
        SyntaxCase(text: "FREQ=DAILY;UNTIL=20261224;COUNT=3", kind: .untilAndCount, range: 11..<25),
        SyntaxCase(text: "FREQ=DAILY;;COUNT=3", kind: .malformedPart(""), range: 11..<12),
        SyntaxCase(text: "FREQ=DAILY;COUNT", kind: .malformedPart("COUNT"), range: 11..<16),
    ])
    func syntaxErrors(_ c: SyntaxCase) {
        let parsed = RecurrenceRule.parse(c.text)
        #expect(parsed.rule == nil)
        #expect(parsed.errors == [RuleSyntaxError(kind: c.kind, range: c.range)])
    }

    struct ProblemCase: Sendable, CustomTestStringConvertible {
        var text: String
        var problems: [RuleProblem]
        var testDescription: String { text }
    }

    @Test(arguments: [
        ProblemCase(text: "FREQ=MONTHLY;BYWEEKNO=20", problems: [.partNotAllowed(.byWeekNumber, .monthly)]),
        ProblemCase(text: "FREQ=DAILY;BYSETPOS=1", problems: [.setPositionAlone]),
        ProblemCase(text: "FREQ=WEEKLY;BYDAY=-1FR", problems: [.ordinalNotAllowed(.weekly, withWeekNumber: false)]),
        ProblemCase(text: "FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO", problems: [.ordinalNotAllowed(.yearly, withWeekNumber: true)]),
        ProblemCase(text: "FREQ=WEEKLY;BYMONTHDAY=1", problems: [.partNotAllowed(.byMonthDay, .weekly)]),
        ProblemCase(text: "FREQ=MONTHLY;BYYEARDAY=100", problems: [.partNotAllowed(.byYearDay, .monthly)]),
        ProblemCase(text: "FREQ=DAILY;BYHOUR=24", problems: [.outOfRange(.byHour, value: 24, allowed: 0...23)]),
        ProblemCase(text: "FREQ=MONTHLY;BYMONTHDAY=0", problems: [.zero(.byMonthDay)]),
        ProblemCase(text: "FREQ=MONTHLY;BYMONTHDAY=-32", problems: [.outOfRange(.byMonthDay, value: -32, allowed: -31...31)]),
        ProblemCase(text: "FREQ=DAILY;INTERVAL=0", problems: [.zero(.interval)]),
        ProblemCase(text: "FREQ=DAILY;COUNT=0", problems: [.zero(.count)]),
        ProblemCase(text: "FREQ=YEARLY;BYMONTH=13", problems: [.outOfRange(.byMonth, value: 13, allowed: 1...12)]),
        ProblemCase(text: "FREQ=YEARLY;BYMONTH=5L", problems: [.leapMonthWithoutCalendar]),
        ProblemCase(text: "FREQ=YEARLY;SKIP=FORWARD", problems: [.skipWithoutCalendar]),
        ProblemCase(text: "RSCALE=HEBROW;FREQ=YEARLY", problems: [.unknownCalendar("hebrow", suggestion: "hebrew")]),
    ])
    func constraintViolations(_ c: ProblemCase) throws {
        let rule = try #require(RecurrenceRule.parse(c.text).rule)
        #expect(rule.validate() == c.problems)
    }

    @Test func closestSuggestions() {
        #expect(closest(to: "Europe/Berlinn", in: ["Europe/Berlin", "Europe/Bern"]) == "Europe/Berlin")
        #expect(closest(to: "xyz", in: ["title", "note"]) == nil)
        #expect(closest(to: "TITEL", in: ["title"]) == "title")
    }
}
