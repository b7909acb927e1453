import Testing
@testable import Recurrence

/// Every RRULE example of RFC 5545 §3.8.5.3, with the instances the RFC
/// lists (all in America/New_York at 09:00 unless the example says
/// otherwise). For the examples that run forever, the instances listed.
@Suite struct RFC5545ExampleTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var rule: String
        var start: String
        var expected: String
        var time = "09:00"
        var except: [String] = []
        var testDescription: String { rule }
    }

    static let examples: [Example] = [
        Example(rule: "FREQ=DAILY;COUNT=10", start: "19970902T090000", expected: "1997-09 2-11"),
        Example(
            rule: "FREQ=DAILY;UNTIL=19971224T000000Z", start: "19970902T090000",
            expected: "1997-09 2-30 | 1997-10 1-31 | 1997-11 1-30 | 1997-12 1-23"),
        Example(
            rule: "FREQ=DAILY;INTERVAL=2", start: "19970902T090000",
            expected: "1997-09 2,4,6,8,10,12,14,16,18,20,22,24,26,28,30 | 1997-10 2,4,6,8,10,12,14,16,18,20,22,24,26,28,30 | 1997-11 1,3,5"),
        Example(rule: "FREQ=DAILY;INTERVAL=10;COUNT=5", start: "19970902T090000", expected: "1997-09 2,12,22 | 1997-10 2,12"),
        Example(
            rule: "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", start: "19980101T090000",
            expected: "1998-01 1-31 | 1999-01 1-31 | 2000-01 1-31"),
        Example(
            rule: "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", start: "19980101T090000",
            expected: "1998-01 1-31 | 1999-01 1-31 | 2000-01 1-31"),
        Example(rule: "FREQ=WEEKLY;COUNT=10", start: "19970902T090000", expected: "1997-09 2,9,16,23,30 | 1997-10 7,14,21,28 | 1997-11 4"),
        Example(
            rule: "FREQ=WEEKLY;UNTIL=19971224T000000Z", start: "19970902T090000",
            expected: "1997-09 2,9,16,23,30 | 1997-10 7,14,21,28 | 1997-11 4,11,18,25 | 1997-12 2,9,16,23"),
        Example(
            rule: "FREQ=WEEKLY;INTERVAL=2;WKST=SU", start: "19970902T090000",
            expected: "1997-09 2,16,30 | 1997-10 14,28 | 1997-11 11,25 | 1997-12 9,23 | 1998-01 6,20 | 1998-02 3,17"),
        Example(
            rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", start: "19970902T090000",
            expected: "1997-09 2,4,9,11,16,18,23,25,30 | 1997-10 2"),
        Example(
            rule: "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", start: "19970902T090000",
            expected: "1997-09 2,4,9,11,16,18,23,25,30 | 1997-10 2"),
        Example(
            rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", start: "19970901T090000",
            expected: "1997-09 1,3,5,15,17,19,29 | 1997-10 1,3,13,15,17,27,29,31 | 1997-11 10,12,14,24,26,28 | 1997-12 8,10,12,22"),
        Example(
            rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", start: "19970902T090000",
            expected: "1997-09 2,4,16,18,30 | 1997-10 2,14,16"),
        Example(
            rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", start: "19970905T090000",
            expected:
                "1997-09 5 | 1997-10 3 | 1997-11 7 | 1997-12 5 | 1998-01 2 | 1998-02 6 | 1998-03 6 | 1998-04 3 | 1998-05 1 | 1998-06 5"),
        Example(
            rule: "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", start: "19970905T090000",
            expected: "1997-09 5 | 1997-10 3 | 1997-11 7 | 1997-12 5"),
        Example(
            rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", start: "19970907T090000",
            expected: "1997-09 7,28 | 1997-11 2,30 | 1998-01 4,25 | 1998-03 1,29 | 1998-05 3,31"),
        Example(
            rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", start: "19970922T090000",
            expected: "1997-09 22 | 1997-10 20 | 1997-11 17 | 1997-12 22 | 1998-01 19 | 1998-02 16"),
        Example(
            rule: "FREQ=MONTHLY;BYMONTHDAY=-3", start: "19970928T090000",
            expected: "1997-09 28 | 1997-10 29 | 1997-11 28 | 1997-12 29 | 1998-01 29 | 1998-02 26"),
        Example(
            rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", start: "19970902T090000",
            expected: "1997-09 2,15 | 1997-10 2,15 | 1997-11 2,15 | 1997-12 2,15 | 1998-01 2,15"),
        Example(
            rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", start: "19970930T090000",
            expected: "1997-09 30 | 1997-10 1,31 | 1997-11 1,30 | 1997-12 1,31 | 1998-01 1,31 | 1998-02 1"),
        Example(
            rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15", start: "19970910T090000",
            expected: "1997-09 10-15 | 1999-03 10-13"),
        Example(
            rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", start: "19970902T090000",
            expected: "1997-09 2,9,16,23,30 | 1997-11 4,11,18,25 | 1998-01 6,13,20,27 | 1998-03 3,10,17,24,31"),
        Example(
            rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", start: "19970610T090000",
            expected:
                "1997-06 10 | 1997-07 10 | 1998-06 10 | 1998-07 10 | 1999-06 10 | 1999-07 10 | 2000-06 10 | 2000-07 10 | 2001-06 10 | 2001-07 10"
        ),
        Example(
            rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", start: "19970310T090000",
            expected:
                "1997-03 10 | 1999-01 10 | 1999-02 10 | 1999-03 10 | 2001-01 10 | 2001-02 10 | 2001-03 10 | 2003-01 10 | 2003-02 10 | 2003-03 10"
        ),
        Example(
            rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", start: "19970101T090000",
            expected:
                "1997-01 1 | 1997-04 10 | 1997-07 19 | 2000-01 1 | 2000-04 9 | 2000-07 18 | 2003-01 1 | 2003-04 10 | 2003-07 19 | 2006-01 1"
        ),
        Example(rule: "FREQ=YEARLY;BYDAY=20MO", start: "19970519T090000", expected: "1997-05 19 | 1998-05 18 | 1999-05 17"),
        Example(rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", start: "19970512T090000", expected: "1997-05 12 | 1998-05 11 | 1999-05 17"),
        Example(
            rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", start: "19970313T090000",
            expected: "1997-03 13,20,27 | 1998-03 5,12,19,26 | 1999-03 4,11,18,25"),
        Example(
            rule: "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", start: "19970605T090000",
            expected:
                "1997-06 5,12,19,26 | 1997-07 3,10,17,24,31 | 1997-08 7,14,21,28 | 1998-06 4,11,18,25 | 1998-07 2,9,16,23,30 | 1998-08 6,13,20,27 | 1999-06 3,10,17,24 | 1999-07 1,8,15,22,29 | 1999-08 5,12,19,26"
        ),
        // DTSTART is not a Friday the 13th; the RFC removes it with EXDATE.
        Example(
            rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", start: "19970902T090000",
            expected: "1998-02 13 | 1998-03 13 | 1998-11 13 | 1999-08 13 | 2000-10 13", except: ["19970902T090000"]),
        Example(
            rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", start: "19970913T090000",
            expected:
                "1997-09 13 | 1997-10 11 | 1997-11 8 | 1997-12 13 | 1998-01 10 | 1998-02 7 | 1998-03 7 | 1998-04 11 | 1998-05 9 | 1998-06 13"
        ),
        Example(
            rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", start: "19961105T090000",
            expected: "1996-11 5 | 2000-11 7 | 2004-11 2"),
        Example(
            rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", start: "19970904T090000",
            expected: "1997-09 4 | 1997-10 7 | 1997-11 6"),
        Example(
            rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", start: "19970929T090000",
            expected: "1997-09 29 | 1997-10 30 | 1997-11 27 | 1997-12 30 | 1998-01 29 | 1998-02 26 | 1998-03 30"),
        // The RFC lists 09:00, 12:00 and 15:00, but UNTIL=17:00Z is 13:00
        // EDT, so 15:00 is past it: a known erratum of the example.
        Example(
            rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", start: "19970902T090000",
            expected: "1997-09-02 09:00 12:00"),
        Example(
            rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6", start: "19970902T090000",
            expected: "1997-09-02 09:00 09:15 09:30 09:45 10:00 10:15"),
        Example(
            rule: "FREQ=MINUTELY;INTERVAL=90;COUNT=4", start: "19970902T090000",
            expected: "1997-09-02 09:00 10:30 12:00 13:30"),
        Example(
            rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", start: "19970902T090000",
            expected: Self.everyTwentyMinutes),
        Example(
            rule: "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16", start: "19970902T090000",
            expected: Self.everyTwentyMinutes),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", start: "19970805T090000", expected: "1997-08 5,10,19,24"),
        Example(rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", start: "19970805T090000", expected: "1997-08 5,17,19,31"),
        Example(
            rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", start: "20070115T090000", expected: "2007-01 15,30 | 2007-02 15 | 2007-03 15,30"),
    ]

    /// 09:00 to 16:40 every 20 minutes on two days.
    static let everyTwentyMinutes: String = ["1997-09-02", "1997-09-03"].map { day in
        day + " "
            + (9...16).flatMap { hour in [0, 20, 40].map { "\(hour < 10 ? "0" : "")\(hour):\($0 == 0 ? "00" : "\($0)")" } }.joined(
                separator: " ")
    }.joined(separator: " | ")

    @Test(arguments: examples)
    func listsTheRFCsInstances(_ example: Example) {
        let expected = Fixture.expected(example.expected, time: example.time)
        let schedule = Fixture.schedule(example.rule, start: example.start, except: example.except.map { .wallClock(Fixture.local($0)) })
        let produced = Fixture.firstLocals(schedule, expected.count + 1)
        if example.rule.contains("COUNT") || example.rule.contains("UNTIL") {
            #expect(produced == expected)
        } else {
            #expect(Array(produced.prefix(expected.count)) == expected)
        }
    }

    @Test func daysInNewYorkChangeOffsetWithTheClocks() {
        let schedule = Fixture.schedule("FREQ=WEEKLY;COUNT=10", start: "19970902T090000")
        let shown = schedule.occurrences().map { Fixture.shown($0) }
        #expect(shown[7] == "1997-10-21T09:00:00-04:00")
        #expect(shown[8] == "1997-10-28T09:00:00-05:00")
        #expect(Fixture.instantText(Array(schedule.occurrences())[8].instant) == "1997-10-28T14:00:00Z")
    }
}
