import Testing
import YAMLSyntax
@testable import ReminderModel

/// Every error kind of the front end, with its id and the line and column it
/// must point at.
@Suite struct DiagnosticsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        /// id, line, column of each expected diagnostic, in report order.
        var expected: [(String, Int, Int)]
        var testDescription: String { name }
    }

    static func reminder(_ body: String, header: String = "") -> String {
        header + "reminders:\n  - id: r\n    title: T\n" + body
    }

    static let cases: [Case] = [
        Case(name: "syntax", yaml: "reminders: [a, b\n", expected: [("yaml-syntax", 2, 1)]),
        Case(name: "tab indentation", yaml: "reminders:\n\t- id: r\n", expected: [("yaml-syntax", 2, 1)]),
        Case(
            name: "value with a colon", yaml: reminder("    note: Note: take pills\n    at: 2026-12-01\n"),
            expected: [("yaml-syntax", 4, 15)]),
        Case(
            name: "key under an empty parent", yaml: reminder("    at: 2026-12-01\n    repeat:\n    every: day\n"),
            expected: [("wrong-type", 5, 12), ("unknown-key", 6, 5)]),
        Case(name: "list item misaligned", yaml: reminder("    at: 2026-12-01\n   - id: s\n"), expected: [("yaml-syntax", 5, 4)]),
        Case(name: "key outdented", yaml: reminder("  at: 2026-12-01\n"), expected: [("yaml-syntax", 4, 3)]),
        Case(
            name: "alert-time on a timed reminder", yaml: reminder("    at: 2026-12-01 09:00\n    alert-time: 08:00\n"),
            expected: [("invalid-value", 5, 17)]),
        Case(
            name: "the same alert twice", yaml: reminder("    at: 2026-12-01 09:00\n    before: [15m, 15 minutes]\n"),
            expected: [("invalid-value", 5, 19)]),
        Case(
            name: "a bad alert in a list", yaml: reminder("    at: 2026-12-01 09:00\n    before: [15m, soon]\n"),
            expected: [("invalid-duration", 5, 19)]),
        Case(
            name: "a UID with spaces at its end", yaml: reminder("    at: 2026-12-01 09:00\n    uid: 'abc '\n"),
            expected: [("invalid-value", 5, 10)]),
        Case(
            name: "a UID on two lines", yaml: reminder("    at: 2026-12-01 09:00\n    uid: \"a\\nb\"\n"),
            expected: [("invalid-value", 5, 10)]),
        Case(name: "an empty UID", yaml: reminder("    at: 2026-12-01 09:00\n    uid: ''\n"), expected: [("wrong-type", 5, 10)]),
        Case(
            name: "no working days", yaml: reminder("    at: 2026-12-01 09:00\n    before: 0 working days\n"),
            expected: [("invalid-value", 5, 13)]),
        Case(
            name: "too many working days", yaml: reminder("    at: 2026-12-01 09:00\n    before: 2601 working days\n"),
            expected: [("invalid-value", 5, 13)]),
        Case(
            name: "working days without a number", yaml: reminder("    at: 2026-12-01 09:00\n    before: some working days\n"),
            expected: [("invalid-value", 5, 13)]),
        Case(
            name: "the same working days twice",
            yaml: reminder("    at: 2026-12-01 09:00\n    before: [2 working days, two working days]\n"),
            expected: [("invalid-value", 5, 30)]),
        Case(
            name: "working days with hours", yaml: reminder("    at: 2026-12-01 09:00\n    before: 2 working days 1h\n"),
            expected: [("invalid-duration", 5, 13)]),
        Case(
            name: "if-holiday not a move", yaml: reminder("    at: 2026-12-01 09:00\n    if-holiday: later\n"),
            expected: [("invalid-value", 5, 17)]),
        Case(
            name: "a weekend of every day", yaml: "weekend: [mon, tue, wed, thu, fri, sat, sun]\n" + reminder("    at: 2026-12-01\n"),
            expected: [("invalid-value", 1, 10)]),
        Case(
            name: "a weekend day misspelt", yaml: reminder("    at: 2026-12-01\n    weekend: [sat, sundy]\n"),
            expected: [("invalid-value", 5, 20)]),
        Case(
            name: "holidays as a list", yaml: "holidays: [2026-12-25]\n" + reminder("    at: 2026-12-01\n"),
            expected: [("wrong-type", 1, 11)]),
        Case(
            name: "a holiday not a date", yaml: "holidays: {dates: [2026-12-32]}\n" + reminder("    at: 2026-12-01\n"),
            expected: [("invalid-value", 1, 20)]),
        Case(
            name: "a holiday range backwards", yaml: "holidays:\n  dates: [2027-01-01..2026-12-24]\n" + reminder("    at: 2026-12-01\n"),
            expected: [("invalid-value", 2, 11)]),
        Case(
            name: "a holiday range past a year", yaml: "holidays:\n  dates: [2026-01-01..2027-06-01]\n" + reminder("    at: 2026-12-01\n"),
            expected: [("invalid-value", 2, 11)]),
        Case(
            name: "a named holiday without its name", yaml: "holidays:\n  dates:\n    - 2026-12-25:\n" + reminder("    at: 2026-12-01\n"),
            expected: [("wrong-type", 3, 18)]),
        Case(
            name: "a holiday key misspelt", yaml: "holidays: {date: [2026-12-25]}\n" + reminder("    at: 2026-12-01\n"),
            expected: [("unknown-key", 1, 12)]),
        Case(
            name: "a holiday region the table has not", yaml: "holidays: {region: GB-ENX}\n" + reminder("    at: 2026-12-01\n"),
            expected: [("invalid-value", 1, 20)]),
        Case(
            name: "a holiday calendar missing", yaml: "holidays: {files: [no-such-calendar.ics]}\n" + reminder("    at: 2026-12-01\n"),
            expected: [("invalid-value", 1, 20)]),
        Case(
            name: "working-day in a weekly repeat", yaml: reminder("    at: 2026-12-01 09:00\n    repeat: {every: week, working-day: 1}\n"),
            expected: [("invalid-repeat", 5, 40)]),
        Case(
            name: "working-day zero", yaml: reminder("    at: 2026-12-01 09:00\n    repeat: {every: month, working-day: 0}\n"),
            expected: [("invalid-value", 5, 41)]),
        Case(
            name: "working-day past a month's", yaml: reminder("    at: 2026-12-01 09:00\n    repeat: {every: month, working-day: 24}\n"),
            expected: [("invalid-value", 5, 41)]),
        Case(
            name: "working-day beside days",
            yaml: reminder("    at: 2026-12-01 09:00\n    repeat: {every: month, days: [1], working-day: 2}\n"),
            expected: [("invalid-repeat", 5, 28)]),
        Case(name: "grace past a week", yaml: reminder("    at: 2026-12-01 09:00\n    grace: 8d\n"), expected: [("invalid-value", 5, 12)]),
        Case(
            name: "grace not a duration", yaml: reminder("    at: 2026-12-01 09:00\n    grace: later\n"),
            expected: [("invalid-duration", 5, 12)]),
        Case(
            name: "a file's grace past a week", yaml: reminder("    at: 2026-12-01 09:00\n", header: "grace: 2w\n"),
            expected: [("invalid-value", 1, 8)]),
        Case(
            name: "alert-time not a time", yaml: reminder("    at: 2026-12-01\n    alert-time: noon\n"), expected: [("invalid-time", 5, 17)]
        ),
        Case(
            name: "a weekday of each month as a repeat word", yaml: reminder("    at: 2026-12-01 09:00\n    repeat: every 2nd tuesday\n"),
            expected: [("invalid-repeat", 5, 13)]),
        Case(
            name: "days in every: and on: both",
            yaml: reminder("    at: 2026-12-01 09:00\n    repeat: {every: other tuesday, on: [thu]}\n"),
            expected: [("invalid-repeat", 5, 40)]),
        Case(
            name: "times a day as a repeat word", yaml: reminder("    at: 2026-12-01 09:00\n    repeat: 3 times a day\n"),
            expected: [("invalid-repeat", 5, 13)]),
        Case(name: "a date written day first", yaml: reminder("    at: 1.12.2026\n"), expected: [("invalid-time", 4, 9)]),
        Case(name: "unclosed quote", yaml: reminder("    note: 'never closed\n    at: 2026-12-01\n"), expected: [("yaml-syntax", 4, 11)]),
        Case(name: "duplicate key", yaml: reminder("    at: 2026-12-01\n    title: U\n"), expected: [("duplicate-key", 5, 5)]),
        Case(name: "second document", yaml: "reminders: []\n---\nreminders: []\n", expected: [("multiple-documents", 2, 1)]),
        Case(name: "empty file", yaml: "", expected: [("empty-file", 1, 1)]),
        Case(name: "comments only", yaml: "# nothing\n", expected: [("empty-file", 1, 1)]),
        Case(name: "not a mapping", yaml: "- a\n- b\n", expected: [("wrong-type", 1, 1)]),
        Case(name: "unknown file key", yaml: "reminder: []\n", expected: [("missing-key", 1, 1), ("unknown-key", 1, 1)]),
        Case(name: "unknown reminder key", yaml: reminder("    at: 2026-12-01\n    titel: x\n"), expected: [("unknown-key", 5, 5)]),
        Case(
            name: "missing keys", yaml: "reminders:\n  - note: x\n",
            expected: [("missing-key", 2, 5), ("missing-key", 2, 5), ("missing-key", 2, 5)]),
        Case(
            name: "wrong types", yaml: reminder("    at: 2026-12-01\n    badge: [1]\n    todo: yes\n    note: {a: 1}\n"),
            expected: [("wrong-type", 5, 12), ("wrong-type", 6, 11), ("wrong-type", 7, 11)]),
        Case(name: "negative badge", yaml: reminder("    at: 2026-12-01\n    badge: -1\n"), expected: [("invalid-value", 5, 12)]),
        Case(name: "version", yaml: "remindc: 2\nreminders: []\n", expected: [("unsupported-version", 1, 10)]),
        Case(
            name: "bad id", yaml: "reminders:\n  - id: water plants\n    title: T\n    at: 2026-12-01\n", expected: [("invalid-id", 2, 9)]),
        Case(
            name: "duplicate id", yaml: reminder("    at: 2026-12-01\n  - id: r\n    title: U\n    at: 2026-12-01\n"),
            expected: [("duplicate-id", 5, 9)]),
        Case(name: "february 30", yaml: reminder("    at: 2026-02-30 09:00\n"), expected: [("invalid-time", 4, 9)]),
        Case(name: "hour 25", yaml: reminder("    at: 2026-12-01 25:00\n"), expected: [("invalid-time", 4, 9)]),
        Case(name: "time without date", yaml: reminder("    at: 09:00\n"), expected: [("invalid-time", 4, 9)]),
        Case(name: "bad offset", yaml: reminder("    at: 2026-12-01T09:00+25:00\n"), expected: [("invalid-time", 4, 9)]),
        Case(
            name: "fixed instant said to float", yaml: reminder("    at: 2026-12-01T09:00:00+01:00\n    timezone: floating\n"),
            expected: [("invalid-time", 4, 9)]),
        Case(
            name: "unknown zone", yaml: reminder("    at: 2026-12-01\n    timezone: Europe/Berlinn\n"),
            expected: [("unknown-time-zone", 5, 15)]),
        Case(name: "bad duration", yaml: reminder("    at: 2026-12-01\n    before: 5 parsecs\n"), expected: [("invalid-duration", 5, 13)]),
        Case(name: "every 0 days", yaml: reminder("    at: 2026-12-01\n    repeat: every 0 days\n"), expected: [("invalid-repeat", 5, 13)]),
        Case(
            name: "unknown repeat word", yaml: reminder("    at: 2026-12-01\n    repeat: twice-weekly\n"),
            expected: [("invalid-repeat", 5, 13)]),
        Case(
            name: "ambiguous repeat word", yaml: reminder("    at: 2026-12-01\n    repeat: biweekly\n"),
            expected: [("invalid-repeat", 5, 13)]),
        Case(name: "legacy zone", yaml: reminder("    at: 2026-12-01\n    timezone: EST\n"), expected: [("unknown-time-zone", 5, 15)]),
        Case(name: "YAML 1.1 boolean word", yaml: reminder("    at: 2026-12-01\n    todo: yes\n"), expected: [("wrong-type", 5, 11)]),
        Case(
            name: "empty data value", yaml: reminder("    at: 2026-12-01\n    data: {a: x, b: \"\"}\n"), expected: [("wrong-type", 5, 21)]),
        Case(
            name: "interval past 16 bits", yaml: reminder("    at: 2026-12-01\n    repeat: every 32768 minutes\n"),
            expected: [("invalid-repeat", 5, 13)]),
        Case(
            name: "count past 32 bits", yaml: reminder("    at: 2026-12-01\n    repeat: {every: day, count: 2147483648}\n"),
            expected: [("invalid-repeat", 5, 33)]),
        Case(name: "a year past 2582", yaml: reminder("    at: 2583-01-01\n"), expected: [("invalid-time", 4, 9)]),
        Case(
            name: "ordinal in weekly map", yaml: reminder("    at: 2026-12-01\n    repeat:\n      every: week\n      on: [last fri]\n"),
            expected: [("invalid-repeat", 7, 11)]),
        Case(
            name: "bad weekday", yaml: reminder("    at: 2026-12-01\n    repeat:\n      every: week\n      on: [mon, fryday]\n"),
            expected: [("invalid-repeat", 7, 17)]),
        Case(
            name: "count and until",
            yaml: reminder("    at: 2026-12-01\n    repeat:\n      every: day\n      count: 3\n      until: 2027-01-01\n"),
            expected: [("invalid-repeat", 8, 14)]),
        Case(
            name: "map without every", yaml: reminder("    at: 2026-12-01\n    repeat:\n      count: 3\n"),
            expected: [("missing-key", 6, 7)]),
        Case(
            name: "times with minutely",
            yaml: reminder("    at: 2026-12-01\n    repeat:\n      every: 5 minutes\n      times: [\"08:00\"]\n"),
            expected: [("invalid-repeat", 7, 14)]),
        Case(
            name: "all-day reminder repeating hourly", yaml: reminder("    at: 2026-12-01\n    repeat: hourly\n"),
            expected: [("invalid-repeat", 5, 13)]),
        Case(
            name: "all-day reminder with times",
            yaml: reminder("    at: 2026-12-01\n    repeat:\n      every: day\n      times: [\"08:00\", \"20:30\"]\n"),
            expected: [("invalid-repeat", 7, 14)]),
        Case(
            name: "all-day reminder excepting a time",
            yaml: reminder("    at: 2026-12-01\n    repeat: {every: day, except: [\"2026-12-25 09:00\"]}\n"),
            expected: [("invalid-repeat", 5, 35)]),
        Case(
            name: "floating reminder adding an instant",
            yaml: reminder("    at: 2026-12-01 09:00\n    timezone: floating\n    repeat: {every: day, also: [2026-12-24T18:00:00Z]}\n"),
            expected: [("invalid-repeat", 6, 33)]),
        Case(
            name: "all-day reminder with BYHOUR", yaml: reminder("    at: 2026-12-01\n    repeat: {rrule: \"FREQ=DAILY;BYHOUR=9\"}\n"),
            expected: [("invalid-repeat", 5, 21)]),
        Case(
            name: "rrule with other keys", yaml: reminder("    at: 2026-12-01\n    repeat:\n      rrule: FREQ=DAILY\n      count: 2\n"),
            expected: [("invalid-repeat", 7, 7)]),
        Case(
            name: "BYWEEKNO outside YEARLY", yaml: reminder("    at: 2026-12-01\n    repeat:\n      rrule: \"FREQ=MONTHLY;BYWEEKNO=2\"\n"),
            expected: [("invalid-rrule", 6, 28)]),
        Case(
            name: "BYSETPOS alone", yaml: reminder("    at: 2026-12-01\n    repeat: {rrule: \"FREQ=DAILY;BYSETPOS=1\"}\n"),
            expected: [("invalid-rrule", 5, 33)]),
        Case(
            name: "UNTIL and COUNT", yaml: reminder("    at: 2026-12-01\n    repeat: {rrule: FREQ=DAILY;COUNT=2;UNTIL=20270101}\n"),
            expected: [("invalid-rrule", 5, 40)]),
        Case(
            name: "BYDAY ordinal in WEEKLY", yaml: reminder("    at: 2026-12-01\n    repeat: {rrule: 'FREQ=WEEKLY;BYDAY=-1FR'}\n"),
            expected: [("invalid-rrule", 5, 34)]),
        Case(
            name: "UNTIL form for a zoned start",
            yaml: reminder("    at: 2026-12-01 09:00\n    timezone: UTC\n    repeat: {rrule: FREQ=DAILY;UNTIL=20270101T000000}\n"),
            expected: [("invalid-rrule", 6, 32)]),
        Case(
            name: "unknown category",
            yaml: reminder(
                "    at: 2026-12-01\n    category: tsk\n", header: "categories:\n  task:\n    actions: [{id: done, title: Done}]\n"),
            expected: [("unknown-category", 8, 15)]),
        Case(
            name: "category limits",
            yaml: """
                categories:
                  c:
                    actions:
                      - {id: a, title: A}
                      - {id: b, title: B}
                      - {id: a, title: C}
                      - {id: d, title: D}
                      - {id: e, title: E}
                      - {id: f, title: F, snooze: 0m, activation: sometimes}
                    minimal: [a, b, x]
                reminders: []
                """,
            expected: [("duplicate-id", 6, 14), ("invalid-duration", 9, 35), ("invalid-value", 9, 51), ("unknown-action", 10, 21)]),
        Case(
            name: "quiet hours", yaml: "lint:\n  quiet-hours: 22:00\n  max-per-hour: 0\nreminders: []\n",
            expected: [("invalid-value", 2, 16), ("invalid-value", 3, 17)]),
        Case(name: "undefined alias", yaml: "reminders: *none\n", expected: [("undefined-alias", 1, 12)]),
        Case(name: "control character", yaml: "reminders: []\nname: \"a\u{07}\"\n", expected: [("control-character", 2, 9)]),
        Case(
            name: "several problems at once", yaml: reminder("    at: 2026-13-01\n    sound: \n    badge: x\n"),
            expected: [("invalid-time", 4, 9), ("wrong-type", 5, 11), ("wrong-type", 6, 12)]),
    ]

    @Test(arguments: cases)
    func reportsAtTheRightPlace(_ c: Case) {
        let result = ReminderFile.load(Array(c.yaml.utf8), path: "case.yaml")
        let found = result.diagnostics.map { "\($0.id)@\($0.span.start.line):\($0.span.start.column)" }
        let expected = c.expected.map { "\($0.0)@\($0.1):\($0.2)" }
        #expect(found == expected)
        #expect(result.file == nil)
    }

    @Test(arguments: [
        ("    at: 2026-12-01 09:00\n    repeat: {rrule: \"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\"}\n", 5, 13),
        ("    at: 2026-12-01 09:00\n    repeat:\n      every: month\n      days: [31]\n      months: [apr, jun]\n", 6, 7),
        ("    at: 2026-12-01\n    repeat: {every: week, on: [tue], position: [2]}\n", 5, 13),
    ])
    func aRepeatThatNeverHappens(_ body: String, line: Int, column: Int) throws {
        let result = ReminderFile.load(Array(Self.reminder(body).utf8), path: "case.yaml")
        #expect(result.diagnostics.isEmpty)
        let file = try #require(result.file)
        let found = ScheduledFile(file, floatingZone: ZoneCache.utc).scheduleDiagnostics().map {
            "\($0.id)@\($0.span.start.line):\($0.span.start.column)"
        }
        #expect(found == ["never-fires@\(line):\(column)"])
    }

    @Test func aRepeatThatHappensHasNoScheduleDiagnostic() throws {
        let body = "    at: 2026-12-01 09:00\n    repeat: {rrule: \"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\"}\n"
        let file = try #require(ReminderFile.load(Array(Self.reminder(body).utf8), path: "case.yaml").file)
        #expect(ScheduledFile(file, floatingZone: ZoneCache.utc).scheduleDiagnostics().isEmpty)
    }

    /// An interval is reported with its number as written, however long,
    /// and in the unit the file wrote: quarters, not the months the rule
    /// holds. A number too long for an Int is out of range, not "not a
    /// repeat"; an RRULE's says how long a number may be.
    @Test(arguments: [
        ("every 5000 quarters", 13, "invalid-repeat", "'every' value 5000 quarters is out of range", "allowed: 1 to 2732 quarters"),
        (
            "every 999999999999999999 quarters", 13, "invalid-repeat", "'every' value 999999999999999999 quarters is out of range",
            "allowed: 1 to 2732 quarters"
        ),
        (
            "every 4000000000000000000 quarters", 13, "invalid-repeat", "'every' value 4000000000000000000 quarters is out of range",
            "allowed: 1 to 2732 quarters"
        ),
        ("every 9000 months", 13, "invalid-repeat", "'every' value 9000 is out of range", "allowed: 1 to 8196"),
        (
            "every 99999999999999999999 days", 13, "invalid-repeat", "'every' value 99999999999999999999 is out of range",
            "allowed: 1 to 249461"
        ),
        (
            "{every: 99999999999999999999 minutes}", 21, "invalid-repeat", "'every' value 99999999999999999999 is out of range",
            "allowed: 1 to 359223840"
        ),
        (
            "{rrule: 'FREQ=DAILY;INTERVAL=99999999999999999999'}", 33, "invalid-rrule",
            "'99999999999999999999' is not a valid INTERVAL", "expected a whole number of at most 18 digits"
        ),
        (
            "{rrule: 'FREQ=DAILY;COUNT=99999999999999999999'}", 33, "invalid-rrule",
            "'99999999999999999999' is not a valid COUNT", "expected a whole number of at most 18 digits"
        ),
    ])
    func anIntervalIsOutOfRangeAsItWasWritten(_ written: String, _ column: Int, _ id: String, _ text: String, _ hint: String) throws {
        let yaml = Self.reminder("    at: 2026-12-01 09:00\n    repeat: \(written)\n")
        let result = ReminderFile.load(Array(yaml.utf8), path: "case.yaml")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.id == id)
        #expect(diagnostic.span.start == SourcePosition(line: 5, column: column))
        #expect(diagnostic.message.text == text)
        #expect(diagnostic.message.hint == hint)
    }

    @Test func invalidUTF8() {
        let bytes = Array("reminders: []\nname: ab".utf8) + [0xFE] + Array("\n".utf8)
        let result = ReminderFile.load(bytes, path: "case.yaml")
        #expect(result.diagnostics.map(\.id) == ["invalid-utf8"])
        #expect(result.diagnostics.first?.span.start == SourcePosition(line: 2, column: 9))
        #expect(result.diagnostics.first?.message.text == "the file is not valid UTF-8 (byte 0xFE)")
    }

    @Test func aliasBombIsOneDiagnostic() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...12 {
            yaml +=
                "\(Character(UnicodeScalar(97 + level)!)): &\(Character(UnicodeScalar(97 + level)!)) ["
                + Array(repeating: "*\(Character(UnicodeScalar(96 + level)!))", count: 10).joined(separator: ",") + "]\n"
        }
        let result = ReminderFile.load(Array(yaml.utf8), path: "bomb.yaml")
        #expect(result.diagnostics.map(\.id) == ["alias-limit"])
    }

    @Test func suggestionsAndNotes() throws {
        let yaml = Self.reminder(
            "    at: 2026-12-01\n    titel: x\n    timezone: europe/berlin\n  - id: r\n    title: U\n    at: 2026-12-01\n")
        let result = ReminderFile.load(Array(yaml.utf8), path: "case.yaml")
        let byID = Dictionary(grouping: result.diagnostics, by: \.id)
        #expect(byID["unknown-key"]?.first?.message.hint == "did you mean 'title'?")
        #expect(byID["unknown-time-zone"]?.first?.message.hint == "did you mean 'Europe/Berlin'?")
        let duplicate = try #require(byID["duplicate-id"]?.first)
        #expect(
            duplicate.notes == [Diagnostic.Note("first defined here", at: SourceSpan(start: SourcePosition(line: 2, column: 9), length: 1))]
        )
    }

    @Test func aliasedMistakeIsReportedOnce() {
        let yaml = """
            defaults: &d {sound: default, badje: 1}
            reminders:
              - {<<: *d, id: a, title: A, at: 2026-12-01}
              - {<<: *d, id: b, title: B, at: 2026-12-01}
            """
        let result = ReminderFile.load(Array(yaml.utf8), path: "case.yaml")
        // The file key `defaults` is unknown too; the aliased 'badje' is one diagnostic, not two.
        #expect(result.diagnostics.map(\.id) == ["unknown-key", "unknown-key"])
        #expect(result.diagnostics.map(\.span.start.line) == [1, 1])
    }

    /// The report order: file, position, severity, id, text; a list in that
    /// order already comes back as it is, any other sorted into it.
    @Test func reportOrder() {
        func diagnostic(_ file: String, _ line: Int, _ column: Int, _ severity: Severity, _ id: String, _ text: String) -> Diagnostic {
            Diagnostic(
                Message(id: id, severity: severity, text: text), file: file,
                span: SourceSpan(start: SourcePosition(line: line, column: column), length: 1))
        }
        let ordered = [
            diagnostic("a.yaml", 1, 5, .error, "x", "t"),
            diagnostic("a.yaml", 2, 1, .error, "x", "t"),
            diagnostic("a.yaml", 2, 1, .warning, "a", "t"),
            diagnostic("a.yaml", 2, 1, .warning, "b", "a"),
            diagnostic("a.yaml", 2, 1, .warning, "b", "b"),
            diagnostic("a.yaml", 2, 3, .info, "a", "a"),
            diagnostic("b.yaml", 1, 1, .info, "a", "a"),
        ]
        #expect(Diagnostic.sortedForReport(ordered) == ordered)
        #expect(Diagnostic.sortedForReport(ordered.reversed()) == ordered)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            #expect(Diagnostic.sortedForReport(ordered.shuffled(using: &generator)) == ordered)
        }
        #expect(Diagnostic.sortedForReport([]) == [])
    }
}
