import Recurrence
import Testing
@testable import ReminderModel

/// What people write for repeats, durations, zones and sounds, and what
/// remindc makes of it: accepted where the meaning is one, refused with the
/// right suggestion where it is not.
struct SpellingTests {
    @Test(arguments: [
        ("fortnightly", RecurrenceRule.Frequency.weekly, 2),
        ("every other week", .weekly, 2),
        ("every two weeks", .weekly, 2),
        ("every other day", .daily, 2),
        ("every three months", .monthly, 3),
        ("Every Two Hours", .hourly, 2),
        ("every 2 weeks", .weekly, 2),
    ])
    func repeatsPeopleWrite(_ text: String, _ frequency: RecurrenceRule.Frequency, _ interval: Int) throws {
        let read = try Scalars.repeatWord(text).get()
        #expect(read.frequency == frequency && read.interval == interval)
    }

    @Test(arguments: ["biweekly", "bi-weekly", "bimonthly", "biannually", "semimonthly"])
    func ambiguousRepeatsAreRefusedWithBothMeanings(_ text: String) {
        guard case .failure(let message) = Scalars.repeatWord(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(message.text.contains("to some and twice a"), "\(message.text)")
        #expect(message.hint?.hasPrefix("write 'every 2 ") == true, "\(message.hint ?? "")")
    }

    @Test(arguments: [
        ("15 minutes", 0, 900), ("5 minutes", 0, 300), ("1 hour 30 minutes", 0, 5_400), ("1 hour, 30 minutes", 0, 5_400),
        ("2 days", 2, 0), ("1 week", 7, 0), ("90 seconds", 0, 90), ("2 hours and 5 mins", 0, 7_500), ("ten minutes", 0, 600),
        ("15m", 0, 900), ("PT15M", 0, 900),
    ])
    func durationsInWords(_ text: String, _ days: Int, _ seconds: Int) throws {
        let read = try Scalars.duration(text).get()
        #expect(read.days == days && read.seconds == seconds)
    }

    @Test(arguments: ["15 fortnights", "minutes", "15", "other minutes", "1 hour 30", "a minute"])
    func notDurations(_ text: String) {
        #expect((try? Scalars.duration(text).get()) == nil)
    }

    @Test(arguments: [("CET", "Europe/Berlin"), ("EST", "America/New_York"), ("pst8pdt", "America/Los_Angeles"), ("BST", "Europe/London")])
    func legacyZonesGetThePlace(_ name: String, _ place: String) {
        guard case .failure(let message) = Scalars.zone(name) else {
            Issue.record("'\(name)' was accepted")
            return
        }
        #expect(message.text.contains("legacy zone name"))
        #expect(message.hint == "write the IANA name of the place, such as '\(place)'")
    }

    @Test func soundWordsInAnyCaseAreTheWordsAndQuotedTheyAreFiles() throws {
        let text = """
            timezone: UTC
            reminders:
              - {id: a, title: A, at: 2026-12-01 09:00, sound: Default}
              - {id: b, title: B, at: 2026-12-01 09:00, sound: NONE}
              - {id: c, title: C, at: 2026-12-01 09:00, sound: "default"}

            """
        let file = try #require(ReminderFile.load(Array(text.utf8), path: "s.yaml").file)
        #expect(file.reminders.map(\.sound) == [.default, .silent, .file("default")])
    }
}

extension SpellingTests {
    /// A YAML 1.1 boolean word where remindc takes true or false: the error
    /// says which to write and why; quoted, it is only the wrong type.
    @Test(arguments: [("yes", "true"), ("off", "false"), ("Y", "true"), ("NO", "false")])
    func yamlBooleanWordsGetAdvice(_ word: String, _ meaning: String) throws {
        let text =
            "reminders:\n  - {id: a, title: A, at: 2026-12-01 09:00, todo: \(word)}\n  - {id: b, title: B, at: 2026-12-01 09:00, todo: \"\(word)\"}\n"
        let result = ReminderFile.load(Array(text.utf8), path: "b.yaml")
        let messages = result.diagnostics.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.hint?.hasPrefix("write \(meaning): YAML 1.1 tools read '\(word)' as a boolean") == true)
        #expect(messages.last?.hint == nil, "quoted, it is text: only the wrong type")
        let upper = "reminders:\n  - {id: a, title: A, at: 2026-12-01 09:00, todo: TRUE}\n"
        #expect(ReminderFile.load(Array(upper.utf8), path: "t.yaml").file?.reminders.first?.isTodo == true)
    }
}

/// What a repeat or a date written as people say it is answered with.
@Suite struct NewcomerHintTests {
    static func hint(_ body: String) -> String? {
        let text = "timezone: UTC\nreminders:\n  - id: r\n    title: T\n" + body
        return ReminderFile.load(Array(text.utf8), path: "hints.yaml").diagnostics.first?.message.hint
    }

    @Test(arguments: [
        ("    at: 2026-12-01 08:00\n    repeat: twice a day\n", #"list them: repeat: {every: day, times: ["08:00", "20:00"]}"#),
        ("    at: 2026-12-01 07:30\n    repeat: 3 times a day\n", #"list them: repeat: {every: day, times: ["07:30", "11:30", "19:30"]}"#),
        ("    at: 8am\n", "write the date of the first occurrence and the 24-hour time, as in 2026-12-01 08:00"),
        ("    at: 2026-12-19 8:30pm\n", "write 2026-12-19 20:30"),
        ("    at: 2026-12-19 12am\n", "write 2026-12-19 00:00"),
        (
            "    at: 2026-12-10 09:00 Europe/Paris\n",
            "write 2026-12-10 09:00 here, and timezone: Europe/Paris in the reminder (or the file, for all of them)"
        ),
        (
            "    at: 2026-12-10 09:00 CET\n",
            "write 2026-12-10 09:00 here, and timezone: Europe/Berlin in the reminder (or the file, for all of them)"
        ),
        ("    at: 2026-12-01 09:00\n    repeat: every 1.5 hours\n", "write repeat: every 90 minutes"),
        ("    at: 2026-12-01 09:00\n    repeat: every 2.5 days\n", "write repeat: every 60 hours"),
        ("    at: 2026-12-01 09:00\n    repeat: every 1.5 years\n", "write repeat: every 18 months"),
        ("    at: 2026-12-01 09:00\n    repeat: FREQ=WEEKLY;BYDAY=TU\n", #"write repeat: {rrule: "FREQ=WEEKLY;BYDAY=TU"}"#),
        ("    at: 2026-12-01 09:00\n    repeat: RRULE:FREQ=DAILY\n", #"write repeat: {rrule: "FREQ=DAILY"}"#),
        ("    at: 2026-12-01 09:00\n    repeat: {every: week, on: monday, wednesday}\n", "write on: [mon, wed]"),
        ("    at: 2026-12-01 09:00\n    repeat: {every: week, on: 'monday, wednesday'}\n", "write [mon, wed]"),
        ("    at: 2026-12-01 09:00\n    repeat: {every: week, on: mon and thu}\n", "write [mon, thu]"),
        (
            "    at: 2026-12-01 09:00\n    repeat: {every: month, on: first weekday}\n",
            "write on: [mon, tue, wed, thu, fri] with position: [1], or working-day: 1 (that also skips holidays) in place of 'on:'"
        ),
        ("    at: 2026-12-01 09:00\n    repeat: {every: week, on: weekdays}\n", "write on: [mon, tue, wed, thu, fri], or repeat: weekdays"),
        ("    at: 2026-12-01 09:00\n    repeat: weekly\n    until: 2027-03-01\n", "write repeat: {every: weekly, until: 2027-03-01}"),
        ("    at: 2026-12-01 09:00\n    repeat: every 2 weeks\n    count: 5\n", "write repeat: {every: 2 weeks, count: 5}"),
        (
            "    at: 2026-12-01 09:00\n    repeat:\n      every: week\n    until: 2027-03-01\n",
            "indent 'until: 2027-03-01' under 'repeat:', beside its 'every:'"
        ),
        (
            "    at: 2026-12-01 09:00\n    until: 2027-03-01\n",
            "write it in a repeat: repeat: {every: week, until: 2027-03-01} (with the period meant)"
        ),
        (
            "    at: 2026-12-01 09:00\n    repeat: {every: other tuesday, on: [thu]}\n",
            "write 'every:' as a period (week, 2 weeks) with the days in 'on'"
        ),
        (
            "    at: 2026-12-01 09:00\n    repeat: {every: month, skip: forward}\n",
            "add calendar: gregorian (or the calendar meant) beside it"
        ),
        (
            "    at: 2026-12-01 09:00\n    repeat: every 2nd tuesday\n",
            "write repeat: {every: month, on: [2nd tue]} for the second of each month, or repeat: every other tue for every other week"
        ),
        ("    at: 2026-12-01 09:00\n    repeat: last friday of the month\n", "write repeat: {every: month, on: [last fri]}"),
        ("    at: 2026-12-01 09:00\n    repeat: every first monday\n", "write repeat: {every: month, on: [1st mon]}"),
        ("    at: 2026-12-01 09:00\n    repeat: twice a day\n", #"list them: repeat: {every: day, times: ["09:00", "21:00"]}"#),
        (
            "    at: 2026-12-01 09:00\n    repeat: three times a day\n",
            #"list them: repeat: {every: day, times: ["09:00", "13:00", "21:00"]}"#
        ),
        ("    at: 12/01/2026 09:00\n", "write 2026-01-12 09:00 or 2026-12-01 09:00, whichever is meant"),
        ("    at: 31/12/2026\n", "write 2026-12-31"),
    ])
    func answers(_ body: String, _ expected: String) {
        #expect(Self.hint(body) == expected)
    }

    /// Spellings with one meaning are read as it.
    @Test(arguments: [
        ("every weekday", 1, [Weekday.monday, .tuesday, .wednesday, .thursday, .friday]),
        ("every monday", 1, [.monday]), ("every other tuesday", 2, [.tuesday]), ("Every Other Tues", 2, [.tuesday]),
        ("every 2 weeks on tuesday", 2, [.tuesday]), ("every 2 weeks on tue and thu", 2, [.tuesday, .thursday]),
        ("every week on weds", 1, [.wednesday]), ("mondays and thursdays", 1, [.monday, .thursday]),
        ("every three weeks on sat, sun", 3, [.saturday, .sunday]), ("tuesday", 1, [.tuesday]),
    ])
    func weekdayPhrases(_ text: String, _ interval: Int, _ days: [Weekday]) throws {
        #expect(try Scalars.repeatWord(text).get() == RepeatWords(frequency: .weekly, interval: interval, days: days))
    }

    @Test(arguments: [
        ("tues", Weekday.tuesday), ("thurs", .thursday), ("Thur", .thursday), ("weds", .wednesday), ("su", .sunday),
        ("SATURDAY", .saturday),
    ])
    func weekdaySpellings(_ text: String, _ day: Weekday) throws {
        #expect(try Scalars.weekday(text, allowOrdinal: false).get() == .init(day))
    }

    /// Words that are no weekday stay refused: the weekday words are not
    /// read loosely.
    @Test(arguments: ["t", "tuesdy", "weekend", "every 2 months on tuesday", "every tuesday at 9"])
    func notWeekdays(_ text: String) {
        #expect((try? Scalars.repeatWord(text).get()) == nil)
    }
}

/// The map form's messages speak the map's words, not the RRULE's.
@Test func anOrdinalInAWeeklyMapSaysItInTheMapsWords() {
    let text = "timezone: UTC\nreminders:\n  - {id: r, title: T, at: 2026-12-01 09:00, repeat: {every: week, on: [2nd mon]}}\n"
    let message = ReminderFile.load(Array(text.utf8), path: "map.yaml").diagnostics.first?.message
    #expect(message?.text == "'on' ordinals such as '2nd mon' need a monthly or yearly repeat, not weekly")
}

/// The six reminders a newcomer writes first, as they say them: each is
/// read, or answered with one message whose help is the text to write; put
/// in its place, the file reads clean.
@Suite struct FirstRemindersTests {
    static let asWritten = """
        timezone: Europe/London
        reminders:
          - id: pills
            title: Take pills
            at: 2026-12-07 08:00
            repeat: twice a day
          - id: bins
            title: Bins out
            at: 2026-12-08 19:00
            repeat: every other tuesday
          - id: rent
            title: Pay rent
            at: 2027-01-01 09:00
            repeat: monthly
            before: 2 days
          - id: standup
            title: Stand-up
            at: 2026-12-07 09:30
            repeat: every weekday
          - id: birthday
            title: Sam's birthday
            at: 2027-03-14
            repeat: yearly
            before: 1 day
            alert-time: "19:00"
          - id: water
            title: Drink water
            at: 2026-12-07 09:00
            repeat: every 1.5 hours

        """

    @Test func eachIsReadOrAnsweredWithTheTextToWrite() throws {
        let first = ReminderFile.load(Array(Self.asWritten.utf8), path: "first.yaml")
        let lines = Self.asWritten.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // At most one message a reminder, each on its own line.
        #expect(first.diagnostics.count == 2, "\(first.diagnostics.map(\.message.text))")
        #expect(Set(first.diagnostics.map(\.span.start.line)).count == first.diagnostics.count)
        var fixed = lines
        for diagnostic in first.diagnostics {
            let hint = try #require(diagnostic.message.hint)
            let replacement = try #require(hint.range(of: "repeat: ").map { String(hint[$0.upperBound...]) })
            let index = Int(diagnostic.span.start.line) - 1
            let key = try #require(lines[index].range(of: "repeat: "))
            fixed[index] = String(lines[index][..<key.upperBound]) + replacement
        }
        let second = ReminderFile.load(Array(fixed.joined(separator: "\n").utf8), path: "first.yaml")
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics.map(\.message.text))")
        let reminders = try #require(second.file?.reminders)
        #expect(reminders.map(\.id) == ["pills", "bins", "rent", "standup", "birthday", "water"])
        #expect(reminders[0].repeats?.rule.byHour == [8, 20])
        #expect(reminders[1].repeats?.rule.interval == 2 && reminders[1].repeats?.rule.byDay == [.init(.tuesday)])
        #expect(reminders[5].repeats?.rule.frequency == .minutely && reminders[5].repeats?.rule.interval == 90)
    }
}
