import Foundation
import Recurrence
import ReminderModel
import Testing
@testable import ReminderOutput

@Suite struct ICalendarWriterTests {
    /// A large file's components are written a piece at a time on every
    /// core: each reminder's component comes once, in file order, and the
    /// calendar is the one a file of one reminder at a time gives.
    @Test func aLargeFileIsWrittenInOrder() throws {
        var text = "timezone: Europe/Berlin\nreminders:\n"
        let count = ICalendarWriter.piece * ICalendarWriter.piecesPerRound + 300
        for index in 0..<count {
            text += "  - {id: r\(index), title: Reminder \(index), at: 2026-12-01 09:\(10 + index % 50), repeat: daily}\n"
        }
        let file = try #require(ReminderFile.load(Array(text.utf8), path: "large.yaml").file)
        let writer = ICalendarWriter(options: .init(now: Instant(secondsSince1970: 1_796_040_000), workingFolder: "/home/me"))
        let calendar = String(decoding: writer.write([file]), as: UTF8.self)
        let ids = calendar.split(separator: "\r\n").filter { $0.hasPrefix("X-REMINDC-ID:") }.map { $0.dropFirst(13) }
        #expect(ids == (0..<count).map { "r\($0)"[...] })

        // Each component as a file of its own reminder writes it.
        var single = file
        single.reminders = [file.reminders[count - 1]]
        let alone = String(decoding: writer.write([single]), as: UTF8.self)
        let component = { (text: String) in text.components(separatedBy: "BEGIN:VEVENT").last!.components(separatedBy: "END:VEVENT")[0] }
        #expect(component(calendar) == component(alone))
    }

    /// The lines of the components of a file of one or more reminders,
    /// unfolded, without DTSTAMP and alarms.
    static func componentLines(_ yaml: String, window: (from: Instant, to: Instant)? = nil, uids: Bool = false) throws -> [String] {
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "/reminders/test.yaml").file)
        let writer = ICalendarWriter(
            options: .init(now: Instant(secondsSince1970: 1_796_040_000), window: window, workingFolder: "/home/me"))
        let text = String(decoding: writer.write([file]), as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        var inside = false
        var alarm = false
        var lines: [String] = []
        for line in text.components(separatedBy: "\r\n") {
            if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" { inside = true }
            if line == "BEGIN:VALARM" { alarm = true }
            if inside && !alarm && !line.hasPrefix("DTSTAMP") && (uids || !line.hasPrefix("UID")) && !line.hasPrefix("X-REMINDC-ID")
                && !line.hasPrefix("X-REMINDC-REMINDER")
                && !line.hasPrefix("SUMMARY") && !line.hasPrefix("BEGIN") && !line.hasPrefix("END")
            {
                lines.append(line)
            }
            if line == "END:VALARM" { alarm = false }
            if line == "END:VEVENT" || line == "END:VTODO" { inside = false; lines.append("--") }
        }
        return lines
    }

    /// An input (a repeat, or a whole reminder) and the component lines it gives.
    struct LinesCase: CustomTestStringConvertible, Sendable {
        var input: String
        var lines: [String]
        var testDescription: String { input }
    }

    /// DTSTART is always an instance of the rule (RFC 5545 §3.8.5.3) and no
    /// RDATE comes before it: a start the rule does not select (a Tuesday
    /// for Monday, Wednesday and Friday) is a component of its own, first,
    /// and COUNT no longer counts it.
    @Test(arguments: [
        LinesCase(
            input: "{every: week, on: [mon, wed, fri]}",
            lines: [
                "DTSTART;TZID=Europe/London:20261201T184500", "--",
                "DTSTART;TZID=Europe/London:20261202T184500", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "--",
            ]),
        LinesCase(
            input: "{every: week, on: [mon, wed, fri], count: 5}",
            lines: [
                "DTSTART;TZID=Europe/London:20261201T184500", "--",
                "DTSTART;TZID=Europe/London:20261202T184500", "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO,WE,FR", "--",
            ]),
        // The week of the start stays the first of the interval.
        LinesCase(
            input: "{every: 2 weeks, on: [mon]}",
            lines: [
                "DTSTART;TZID=Europe/London:20261201T184500", "--",
                "DTSTART;TZID=Europe/London:20261214T184500", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "--",
            ]),
        // An excluded start is no component, and needs no EXDATE.
        LinesCase(
            input: "{every: week, on: [mon, wed], except: [2026-12-01]}",
            lines: ["DTSTART;TZID=Europe/London:20261202T184500", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "--"]),
        // No instance of its own before UNTIL: the start and the additions.
        LinesCase(
            input: "{every: year, months: [feb], days: [29], until: 2027-06-01, also: [\"2027-01-05 10:00\"]}",
            lines: ["DTSTART;TZID=Europe/London:20261201T184500", "RDATE;TZID=Europe/London:20270105T100000", "--"]),
        LinesCase(
            input: "{every: week, on: [mon], count: 1}",
            lines: ["DTSTART;TZID=Europe/London:20261201T184500", "--"]),
        // A start the rule selects is left as it is.
        LinesCase(
            input: "{every: week, on: [tue, thu], count: 3}",
            lines: ["DTSTART;TZID=Europe/London:20261201T184500", "RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=TU,TH", "--"]),
    ])
    func dtstartIsAnInstanceOfTheRule(_ c: LinesCase) throws {
        let yaml = "timezone: Europe/London\nreminders:\n  - {id: a, title: A, at: 2026-12-01 18:45, repeat: \(c.input)}\n"
        #expect(try Self.componentLines(yaml) == c.lines)
    }

    /// What the rule does not give (a start it does not select, `also`
    /// times) is one component without a rule, `<id>-extra`: never an RDATE
    /// before a DTSTART, nor an RDATE beside an RRULE (sabre/vobject reads
    /// the RDATEs instead of the rule). An addition the rule gives anyway is
    /// no RDATE, and an exception removes an addition.
    @Test(arguments: [
        LinesCase(
            input: "{every: week, on: [wed], also: [\"2026-11-20 09:00\", \"2026-12-05 09:00\"]}",
            lines: [
                "UID:a-extra@test", "DTSTART;TZID=Europe/London:20261120T090000",
                "RDATE;TZID=Europe/London:20261201T184500,20261205T090000", "--",
                "UID:a@test", "DTSTART;TZID=Europe/London:20261202T184500", "RRULE:FREQ=WEEKLY;BYDAY=WE", "--",
            ]),
        // The start selected: the additions alone, one of them the rule's.
        LinesCase(
            input: "{every: week, on: [tue], also: [\"2026-11-20 09:00\", \"2026-12-08 18:45\"]}",
            lines: [
                "UID:a-extra@test", "DTSTART;TZID=Europe/London:20261120T090000", "--",
                "UID:a@test", "DTSTART;TZID=Europe/London:20261201T184500", "RRULE:FREQ=WEEKLY;BYDAY=TU", "--",
            ]),
        // An excluded start leaves the additions alone.
        LinesCase(
            input: "{every: week, on: [wed], except: [2026-12-01], also: [\"2026-11-30 09:00\"]}",
            lines: [
                "UID:a-extra@test", "DTSTART;TZID=Europe/London:20261130T090000", "--",
                "UID:a@test", "DTSTART;TZID=Europe/London:20261202T184500", "RRULE:FREQ=WEEKLY;BYDAY=WE", "--",
            ]),
        LinesCase(
            input: "{every: week, on: [wed], except: [\"2026-11-30 09:00\"], also: [\"2026-11-30 09:00\"]}",
            lines: [
                "UID:a-extra@test", "DTSTART;TZID=Europe/London:20261201T184500", "--",
                "UID:a@test", "DTSTART;TZID=Europe/London:20261202T184500", "RRULE:FREQ=WEEKLY;BYDAY=WE", "--",
            ]),
        // Times of day: the start beside both pieces.
        LinesCase(
            input: "{every: week, on: [wed], times: ['08:00', '20:30'], count: 4}",
            lines: [
                "UID:a-extra@test", "DTSTART;TZID=Europe/London:20261201T184500", "--",
                "UID:a-0800@test", "DTSTART;TZID=Europe/London:20261202T080000",
                "RRULE:FREQ=WEEKLY;UNTIL=20261209T080000Z;BYDAY=WE", "--",
                "UID:a-2030@test", "DTSTART;TZID=Europe/London:20261202T203000",
                "RRULE:FREQ=WEEKLY;UNTIL=20261209T080000Z;BYDAY=WE", "--",
            ]),
        // No rule: the earliest is DTSTART, whichever it is.
        LinesCase(
            input: "{every: week, on: [wed], count: 1, also: [\"2026-11-30 09:00\"]}",
            lines: ["UID:a@test", "DTSTART;TZID=Europe/London:20261130T090000", "RDATE;TZID=Europe/London:20261201T184500", "--"]),
    ])
    func nothingComesBeforeDTSTART(_ c: LinesCase) throws {
        let yaml =
            "timezone: Europe/London\nuid-domain: test\nreminders:\n  - {id: a, title: A, at: 2026-12-01 18:45, repeat: \(c.input)}\n"
        #expect(try Self.componentLines(yaml, uids: true) == c.lines)
    }

    /// `calendar: gregorian` with `skip` is written without RSCALE, which
    /// Radicale and SabreDAV refuse and recurring-ical-events and khal fail
    /// on: as one plain rule where one says it, else the rule without SKIP
    /// and a yearly rule for the days short months move to. Other calendars
    /// keep RSCALE.
    @Test(arguments: [
        LinesCase(
            input: "{id: a, title: A, at: 2027-01-31 09:00, repeat: {every: month, calendar: gregorian, skip: backward}}",
            lines: ["UID:a@test", "DTSTART:20270131T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2028-02-29, repeat: {every: year, calendar: gregorian, skip: backward}}",
            lines: ["UID:a@test", "DTSTART;VALUE=DATE:20280229", "RRULE:FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2028-02-29, repeat: {every: year, calendar: gregorian, skip: forward, count: 3}}",
            lines: ["UID:a@test", "DTSTART;VALUE=DATE:20280229", "RRULE:FREQ=YEARLY;COUNT=3;BYYEARDAY=60", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2027-01-31 09:00, repeat: {every: month, calendar: gregorian, skip: forward, count: 4}}",
            lines: [
                "UID:a@test", "DTSTART:20270131T090000", "RRULE:FREQ=MONTHLY;UNTIL=20270331T090000;BYMONTHDAY=31", "--",
                "UID:a-skip1@test", "DTSTART:20270301T090000",
                "RRULE:FREQ=YEARLY;UNTIL=20270501T090000;BYMONTHDAY=1;BYMONTH=3,5,7,10,12", "--",
            ]),
        // The 30th, else the month's last day: February's last day apart.
        LinesCase(
            input: "{id: a, title: A, at: 2027-01-30 09:00, repeat: {every: month, calendar: gregorian, skip: backward}}",
            lines: [
                "UID:a@test", "DTSTART:20270130T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=30", "--",
                "UID:a-skip1@test", "DTSTART:20270228T090000", "RRULE:FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2", "--",
            ]),
        // The 29th backward: February leaves the plain rule, a yearly one.
        LinesCase(
            input: "{id: a, title: A, at: 2027-01-29 09:00, repeat: {every: month, calendar: gregorian, skip: backward}}",
            lines: [
                "UID:a@test", "DTSTART:20270129T090000", "RRULE:FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=1,3,4,5,6,7,8,9,10,11,12", "--",
                "UID:a-skip1@test", "DTSTART:20270228T090000", "RRULE:FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2", "--",
            ]),
        // Every two months, the 31st or the last day: the last day.
        LinesCase(
            input: "{id: a, title: A, at: 2027-01-31 09:00, repeat: {every: 2 months, calendar: gregorian, skip: backward}}",
            lines: ["UID:a@test", "DTSTART:20270131T090000", "RRULE:FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1", "--"]),
        // Every two months from March (the 30th, which the rule does not
        // select, apart), the 31st forward: 1 October and 1 December.
        LinesCase(
            input: "{id: a, title: A, at: 2027-03-30 09:00, repeat: {every: 2 months, days: [31], calendar: gregorian, skip: forward}}",
            lines: [
                "UID:a-extra@test", "DTSTART:20270330T090000", "--",
                "UID:a@test", "DTSTART:20270331T090000", "RRULE:FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31", "--",
                "UID:a-skip1@test", "DTSTART:20271001T090000", "RRULE:FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=10,12", "--",
            ]),
        // Days every month has: RSCALE and SKIP say nothing.
        LinesCase(
            input: "{id: a, title: A, at: 2027-01-15 09:00, repeat: {every: month, calendar: gregorian, skip: forward}}",
            lines: ["UID:a@test", "DTSTART:20270115T090000", "RRULE:FREQ=MONTHLY", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-05 18:00, repeat: {every: year, calendar: hebrew}}",
            lines: ["UID:a@test", "DTSTART:20261205T180000", "RRULE:RSCALE=HEBREW;FREQ=YEARLY", "--"]),
    ])
    func gregorianSkipIsWrittenWithoutRSCALE(_ c: LinesCase) throws {
        let yaml = "uid-domain: test\nreminders:\n  - \(c.input)\n"
        #expect(try Self.componentLines(yaml, uids: true) == c.lines)
    }

    /// INTERVAL is any step inside the span (RFC 5545 bounds none). libical
    /// holds it in 16 bits: a wider one over at most 1,000 occurrences is
    /// written as their dates, a longer series as the rule.
    @Test(arguments: [
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-01 09:00, repeat: {rrule: 'FREQ=SECONDLY;COUNT=3;INTERVAL=90061'}}",
            lines: ["UID:a@test", "DTSTART:20261201T090000Z", "RDATE:20261202T100101Z,20261203T110202Z", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-01 09:00, repeat: {rrule: 'FREQ=MINUTELY;INTERVAL=40000'}}",
            lines: ["UID:a@test", "DTSTART:20261201T090000Z", "RRULE:FREQ=MINUTELY;INTERVAL=40000", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-01 09:00, repeat: {rrule: 'FREQ=MINUTELY;INTERVAL=32767;COUNT=2'}}",
            lines: ["UID:a@test", "DTSTART:20261201T090000Z", "RRULE:FREQ=MINUTELY;COUNT=2;INTERVAL=32767", "--"]),
    ])
    func wideIntervals(_ c: LinesCase) throws {
        let yaml = "uid-domain: test\ntimezone: UTC\nreminders:\n  - \(c.input)\n"
        #expect(try Self.componentLines(yaml, uids: true) == c.lines)
    }

    /// The rule parts sabre/vobject 4.5 (Nextcloud, Baïkal) leaves out of
    /// its expansion, as its RRuleIterator reads them: each was seen to
    /// give other occurrences there; a part DTSTART says anyway is none.
    @Test(
        arguments: [
            ("FREQ=DAILY;BYMONTH=12", "BYMONTH"), ("FREQ=DAILY;BYMONTH=12;BYDAY=MO", nil),
            ("FREQ=HOURLY;BYHOUR=9,10", "BYHOUR"), ("FREQ=HOURLY", nil), ("FREQ=HOURLY;BYDAY=MO", "BYDAY"),
            ("FREQ=MONTHLY;BYMONTHDAY=30;BYHOUR=9,17", "BYHOUR"), ("FREQ=MONTHLY;BYMONTHDAY=30;BYHOUR=9", nil),
            ("FREQ=DAILY;BYMINUTE=0,10", "BYMINUTE"), ("FREQ=DAILY;BYMINUTE=0", nil), ("FREQ=DAILY;BYSECOND=0,30", "BYSECOND"),
            ("FREQ=WEEKLY;BYMONTH=1,2", "BYMONTH"), ("FREQ=MONTHLY;BYMONTH=1,2;BYMONTHDAY=1", "BYMONTH"),
            ("FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=1", nil), ("FREQ=DAILY;BYMONTHDAY=1,15", "BYMONTHDAY"),
            ("FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=1", "BYSETPOS"), ("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1", nil),
        ] as [(String, String?)])
    func partsSabreLeavesOut(_ rule: String, _ part: String?) throws {
        let parsed = try #require(RecurrenceRule.parse(rule).rule)
        let start = LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0, second: 0))
        #expect(ICalendarWriter.sabreIgnores(parsed, start: start) == part)
    }

    /// sabre/vobject 4.5 refuses a weekday counted past the fifth, which
    /// only a yearly rule can count (up to the 53rd).
    @Test(
        arguments: [
            ("FREQ=YEARLY;BYDAY=20MO", "20MO"), ("FREQ=YEARLY;BYDAY=-1FR,-6SU", "-6SU"), ("FREQ=YEARLY;BYDAY=+53TH", "53TH"),
            ("FREQ=MONTHLY;BYDAY=5MO,-5FR", nil), ("FREQ=WEEKLY;BYDAY=MO,TU", nil), ("FREQ=DAILY", nil),
        ] as [(String, String?)])
    func weekdaysSabreRefuses(_ rule: String, _ day: String?) throws {
        let parsed = try #require(RecurrenceRule.parse(rule).rule)
        #expect(ICalendarWriter.sabreRefusedWeekday(parsed) == day)
    }

    /// A component's UID that another reminder of the file has too
    /// (`x-extra`, and the `-extra` component of `x`) is an error at the
    /// later reminder, whichever comes first: a calendar keeps one event
    /// per UID.
    @Test(arguments: [
        (
            "  - {id: x, title: X, at: 2026-12-01 09:00, repeat: {every: week, on: [wed]}}\n  - {id: x-extra, title: Y, at: 2026-12-02 10:00}\n",
            ["5:10 'x-extra' and 'x' are both written with the UID 'x-extra@test'"]
        ),
        (
            "  - {id: x-extra, title: Y, at: 2026-12-02 10:00}\n  - {id: x, title: X, at: 2026-12-01 09:00, repeat: {every: week, on: [wed]}}\n",
            ["5:10 'x' and 'x-extra' are both written with the UID 'x-extra@test'"]
        ),
        (
            "  - {id: x, title: X, at: 2026-12-01 08:00, repeat: {every: day, times: ['08:00', '20:30']}}\n  - {id: x-0800, title: Y, at: 2026-12-02 10:00}\n",
            ["5:10 'x-0800' and 'x' are both written with the UID 'x-0800@test'"]
        ),
        (
            "  - {id: x, title: X, at: 2026-12-01 09:00, repeat: {every: week, on: [tue]}}\n  - {id: x-extra, title: Y, at: 2026-12-02 10:00}\n",
            []
        ),
        // Kept UIDs (`uid:`): two the same, and one a kept UID's extra component has.
        (
            "  - {id: a, uid: ABC-1, title: A, at: 2026-12-01 09:00}\n  - {id: b, uid: ABC-1, title: B, at: 2026-12-02 10:00}\n",
            ["5:10 'b' and 'a' are both written with the UID 'ABC-1'"]
        ),
        (
            "  - {id: a, uid: 'k@h', title: A, at: 2026-12-01 09:00, repeat: {every: week, on: [wed]}}\n"
                + "  - {id: b, uid: 'k-extra@h', title: B, at: 2026-12-02 10:00}\n",
            ["5:10 'b' and 'a' are both written with the UID 'k-extra@h'"]
        ),
        ("  - {id: a, uid: ABC-1, title: A, at: 2026-12-01 09:00}\n  - {id: ABC-1, title: B, at: 2026-12-02 10:00}\n", []),
    ])
    func aComponentUIDAnotherReminderHasIsAnError(_ reminders: String, _ expected: [String]) throws {
        let yaml = "uid-domain: test\ntimezone: UTC\nreminders:\n" + reminders
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "/reminders/test.yaml").file)
        let found = ICalendarWriter.uidClashes(in: ScheduledFile(file, floatingZone: TimeZone(identifier: "UTC")!))
        #expect(found.map { "\($0.span.start.line):\($0.span.start.column) \($0.message.text)" } == expected)
        #expect(found.allSatisfy { $0.id == "duplicate-uid" && $0.severity == .error })
    }

    /// libical cannot iterate a rule from a DTSTART past 2582, nor one
    /// whose next instance lies past 2582 (it refused these three). Such a
    /// rule adds nothing inside the span: it is left off, and what it
    /// selects in 2582 is an RDATE.
    @Test(arguments: [
        // A start the rule selects, the next instance in 2583.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-31 09:00, repeat: {every: month, days: [31, -1], position: [-1]}}",
            lines: ["DTSTART;TZID=Europe/London:25821231T090000", "--"]),
        // The first instance in 2582, the one after it in 2583.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-30 09:00, repeat: {every: month, days: [31, -1], position: [-1]}}",
            lines: ["DTSTART;TZID=Europe/London:25821230T090000", "RDATE;TZID=Europe/London:25821231T090000", "--"]),
        // The first instance in 2583: nothing but the start.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-16 09:00, repeat: {every: month, days: [1, 15]}}",
            lines: ["DTSTART;TZID=Europe/London:25821216T090000", "--"]),
        // An excluded first instance is neither an RDATE nor an EXDATE.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-30 09:00, repeat: {every: month, days: [31], except: [2582-12-31]}}",
            lines: ["DTSTART;TZID=Europe/London:25821230T090000", "--"]),
        // Rules that go on in the span are written as ever.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-15 09:00, repeat: {every: day, count: 5}}",
            lines: ["DTSTART;TZID=Europe/London:25821215T090000", "RRULE:FREQ=DAILY;COUNT=5", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2582-11-30 09:00, repeat: {every: month, days: [1, 30]}}",
            lines: ["DTSTART;TZID=Europe/London:25821130T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=1,30", "--"]),
        // One component per time of day, each with its next instance in
        // 2583, and the start before them its own.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-31 07:00, repeat: {every: day, times: ['08:15', '10:45']}}",
            lines: [
                "DTSTART;TZID=Europe/London:25821231T070000", "--", "DTSTART;TZID=Europe/London:25821231T081500", "--",
                "DTSTART;TZID=Europe/London:25821231T104500", "--",
            ]),
        // An excluded one is no component at all.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-31 07:00, repeat: {every: day, times: ['08:15', '10:45'], except: ['2582-12-31 08:15']}}",
            lines: ["DTSTART;TZID=Europe/London:25821231T070000", "--", "DTSTART;TZID=Europe/London:25821231T104500", "--"]),
        // A day earlier, each goes on in the span.
        LinesCase(
            input: "{id: a, title: A, at: 2582-12-30 07:00, repeat: {every: day, times: ['08:15', '10:45']}}",
            lines: [
                "DTSTART;TZID=Europe/London:25821230T070000", "--", "DTSTART;TZID=Europe/London:25821230T081500", "RRULE:FREQ=DAILY", "--",
                "DTSTART;TZID=Europe/London:25821230T104500", "RRULE:FREQ=DAILY", "--",
            ]),
    ])
    func aRuleThatEndsWithTheSpanIsLeftOff(_ c: LinesCase) throws {
        let yaml = "timezone: Europe/London\nreminders:\n  - \(c.input)\n"
        #expect(try Self.componentLines(yaml) == c.lines)
    }

    /// A one-off to-do has DUE alone; a repeating one a DTSTART its rule
    /// gives and a DUE a second (or a day) later (RFC 5545 §3.8.2.3). An
    /// event has no DTEND: it ends at its start (§3.6.1).
    @Test(arguments: [
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-01 18:45, todo: true}",
            lines: ["DUE;TZID=Europe/London:20261201T184500", "STATUS:NEEDS-ACTION", "PRIORITY:0", "--"]),
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-01 18:45, todo: true, repeat: daily}",
            lines: [
                "DTSTART;TZID=Europe/London:20261201T184500", "DUE;TZID=Europe/London:20261201T184501",
                "RRULE:FREQ=DAILY", "STATUS:NEEDS-ACTION", "PRIORITY:0", "--",
            ]),
        LinesCase(
            input: "{id: a, title: A, at: 2026-12-01, todo: true, repeat: weekly}",
            lines: [
                "DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261202", "RRULE:FREQ=WEEKLY",
                "STATUS:NEEDS-ACTION", "PRIORITY:0", "X-REMINDC-TIMEZONE:Europe/London", "--",
            ]),
        LinesCase(input: "{id: a, title: A, at: 2026-12-01 18:45}", lines: ["DTSTART;TZID=Europe/London:20261201T184500", "--"]),
    ])
    func todosDueAfterTheirStart(_ c: LinesCase) throws {
        #expect(try Self.componentLines("timezone: Europe/London\nreminders:\n  - \(c.input)\n") == c.lines)
    }

    /// A to-do's alarm is related to DUE only when it has no DTSTART.
    @Test func todoAlarmsFollowTheirStart() throws {
        let file = try #require(
            ReminderFile.load(
                Array(
                    """
                    timezone: UTC
                    reminders:
                      - {id: once, title: Once, at: 2026-12-01 18:45, todo: true, before: 1h}
                      - {id: daily, title: Daily, at: 2026-12-01 18:45, todo: true, before: 1h, repeat: daily}
                    """.utf8), path: "t.yaml"
            ).file)
        let text = String(
            decoding: ICalendarWriter(options: .init(now: Instant(secondsSince1970: 0), workingFolder: "/home/me")).write([file]),
            as: UTF8.self)
        let triggers = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("TRIGGER") }
        #expect(triggers == ["TRIGGER;RELATED=END:-PT1H", "TRIGGER:-PT1H"])
    }

    /// No METHOD and no ORGANIZER (RFC 4791 §4.1, RFC 5545 §3.8.4.3);
    /// the minimal actions are one TEXT with escaped commas; ATTACH is an
    /// absolute URI.
    @Test func writesACalendarNotASchedulingMessage() throws {
        let file = try #require(
            ReminderFile.load(
                Array(
                    """
                    timezone: UTC
                    categories:
                      task:
                        actions:
                          - {id: done, title: Done}
                          - {id: later, title: Later, snooze: 5m}
                    reminders:
                      - {id: a, title: A, at: 2026-12-01 18:45, category: task, sound: sounds/a b.wav}
                    """.utf8), path: "/home/me/reminders/r.yaml"
            ).file)
        let text = String(
            decoding: ICalendarWriter(options: .init(now: Instant(secondsSince1970: 0), workingFolder: "/home/me")).write([file]),
            as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        #expect(!lines.contains { $0.hasPrefix("METHOD") || $0.hasPrefix("ORGANIZER") })
        #expect(lines.contains("X-REMINDC-CATEGORY-MINIMAL:done\\,later"))
        #expect(lines.contains("ATTACH;FMTTYPE=audio/wav:file:///home/me/reminders/sounds/a%20b.wav"))
        #expect(lines.contains("X-REMINDC-SOUND:sounds/a b.wav"))
        let based = String(
            decoding: ICalendarWriter(
                options: .init(now: Instant(secondsSince1970: 0), soundBase: "https://example.com/s/", workingFolder: "/home/me")
            )
            .write([file]), as: UTF8.self)
        #expect(based.contains("ATTACH;FMTTYPE=audio/wav:https://example.com/s/sounds/a%20b.wav\r\n"))
    }

    /// In `--expand` output a local time the zone skips or repeats is
    /// written in UTC, so no client picks the other instant.
    @Test func expandedTimesThatAreNotClearAreInUTC() throws {
        let yaml = """
            timezone: Europe/Berlin
            reminders:
              - {id: back, title: Back, at: 2027-10-30 02:30, repeat: {every: day, count: 3}}
              - {id: gap, title: Gap, at: 2027-03-27 02:30, repeat: {every: day, count: 3}}
            """
        let lines = try Self.componentLines(
            yaml, window: (from: Instant(secondsSince1970: 1_800_000_000), to: Instant(secondsSince1970: 1_830_000_000))
        ).filter { $0.hasPrefix("DTSTART") }
        #expect(
            lines == [
                "DTSTART;TZID=Europe/Berlin:20271030T023000", "DTSTART:20271031T003000Z", "DTSTART;TZID=Europe/Berlin:20271101T023000",
                "DTSTART;TZID=Europe/Berlin:20270327T023000", "DTSTART:20270328T013000Z", "DTSTART;TZID=Europe/Berlin:20270329T023000",
            ])
    }

    /// The reminder itself (`X-REMINDC-REMINDER`) rides on its first
    /// component alone (here the `-extra` one of a start the rule does
    /// not select), never with a window, and not for a fixed offset,
    /// which no mapping says alone.
    @Test func theReminderIsCarriedOnce() throws {
        let yaml = """
            reminders:
              - {id: a, title: A, at: 2026-12-02 09:00, timezone: Europe/London, repeat: {every: week, on: [tue]}, if-holiday: skip}
              - {id: k, title: K, at: 2026-10-26T09:30:00+05:00, repeat: daily}

            """
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "/reminders/test.yaml").file)
        func carried(window: (from: Instant, to: Instant)?) -> [String] {
            let writer = ICalendarWriter(
                options: .init(
                    now: Instant(secondsSince1970: 1_796_040_000), window: window,
                    workingFolder: "/home/me"))
            let text = String(decoding: writer.write([file]), as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            var uid = ""
            return text.components(separatedBy: "\r\n").compactMap { line in
                if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
                return line.hasPrefix("X-REMINDC-REMINDER:") ? uid + " " + line.dropFirst(19) : nil
            }
        }
        #expect(
            carried(window: nil) == [
                #"a-extra@test {id: a\, title: "A"\, at: 2026-12-02 09:00\, timezone: Europe/London\, repeat: {every: week\, on: [tue]}\, "#
                    + #"if-holiday: skip\, weekend: [sat\, sun]\, holidays: {}}"#
            ])
        #expect(carried(window: (Instant(secondsSince1970: 1_796_000_000), Instant(secondsSince1970: 1_797_000_000))) == [])
    }
}

extension ICalendarWriter {
    /// The calendar for files whose floating reminders are placed in `floatingZone`.
    func write(_ files: [ReminderFile], floatingZone: TimeZone = TimeZone(identifier: "UTC")!) -> [UInt8] {
        write(files.map { ScheduledFile($0, floatingZone: floatingZone) })
    }
}
