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
        #expect(read.0 == frequency && read.1 == interval)
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
        let text = "reminders:\n  - {id: a, title: A, at: 2026-12-01 09:00, todo: \(word)}\n  - {id: b, title: B, at: 2026-12-01 09:00, todo: \"\(word)\"}\n"
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
        ("    at: 2026-12-01 09:00\n    repeat: every monday\n", "write repeat: {every: week, on: [mon]}"),
        ("    at: 2026-12-01 09:00\n    repeat: Mondays and Thursdays\n", "write repeat: {every: week, on: [mon, thu]}"),
        ("    at: 2026-12-01 09:00\n    repeat: twice a day\n", #"list them: repeat: {every: day, times: ["09:00", "21:00"]}"#),
        ("    at: 2026-12-01 09:00\n    repeat: three times a day\n", #"list them: repeat: {every: day, times: ["09:00", "13:00", "21:00"]}"#),
        ("    at: 12/01/2026 09:00\n", "write 2026-01-12 09:00 or 2026-12-01 09:00, whichever is meant"),
        ("    at: 31/12/2026\n", "write 2026-12-31"),
    ])
    func answers(_ body: String, _ expected: String) {
        #expect(Self.hint(body) == expected)
    }
}

/// The map form's messages speak the map's words, not the RRULE's.
@Test func anOrdinalInAWeeklyMapSaysItInTheMapsWords() {
    let text = "timezone: UTC\nreminders:\n  - {id: r, title: T, at: 2026-12-01 09:00, repeat: {every: week, on: [2nd mon]}}\n"
    let message = ReminderFile.load(Array(text.utf8), path: "map.yaml").diagnostics.first?.message
    #expect(message?.text == "'on' ordinals such as '2nd mon' need a monthly or yearly repeat, not weekly")
}
