import Foundation
import Recurrence
import Testing
import YAMLSyntax
@testable import ReminderModel

@Suite struct DecodingTests {
    static let household = """
        remindc: 1
        name: Household
        uid-domain: example.org
        timezone: Europe/Berlin
        lint:
          quiet-hours: "22:00-07:00"
          min-gap: 5m
          max-per-hour: 12
          disable: [dst-gap]
        categories:
          task:
            actions:
              - id: done
                title: Done
                authentication-required: true
              - id: later
                title: Remind in 5 mins
                snooze: 5m
                destructive: true
              - id: add
                title: Add New Task
                activation: foreground
        reminders:
          - id: water-plants
            title: no
            note: Use the blue can
            action: Show me
            at: 2026-12-01 09:00
            timezone: floating
            repeat:
              every: 2 days
              until: 2027-03-01
              except: [2026-12-25]
              also: [2026-12-24 18:00]
            before: 1h30m
            sound: sounds/chime.wav
            badge: 1
            category: task
            data: {task: 7F3A, count: 0755}
            todo: false
            ignore: [same-time]
          - id: standup
            title: Stand-up
            at: 2026-12-01T09:45:00+01:00
            action: none
            sound: none
            repeat: weekdays
          - id: rent
            title: Rent
            at: 2026-12-31
            repeat: {every: month, days: [-1], count: 12}
          - id: meds
            title: Meds
            at: 2026-12-01 08:00
            repeat: {every: day, times: ["08:00", "20:30"], until: 2026-12-31}
          - id: board
            title: Board
            at: 2026-12-25 14:00
            repeat: {rrule: "FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;UNTIL=20271231T230000Z"}
        """

    /// The first occurrences of a schedule, as instants and wall clocks.
    static func firstOccurrences(_ schedule: Schedule, count: Int = 6) -> [String] {
        Array(schedule.occurrences().prefix(count)).map { "\($0.instant.secondsSince1970)@\($0.offset)" }
    }

    /// A reminder's schedule follows its start, zone and repeats as they
    /// are now; a zoned reminder's is the same whatever floating zone is
    /// asked for.
    @Test func aScheduleFollowsTheReminder() throws {
        let file = try #require(ReminderFile.load(Array(Self.household.utf8), path: "household.yaml").file)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        for reminder in file.reminders where reminder.timeZone != .floating {
            let expected = Self.firstOccurrences(reminder.schedule(floatingZone: tokyo))
            #expect(Self.firstOccurrences(reminder.schedule(floatingZone: ZoneCache.utc)) == expected, "\(reminder.id)")
        }
        var standup = try #require(file.reminders.first { $0.id == "standup" })
        let before = Self.firstOccurrences(standup.schedule(floatingZone: tokyo))
        standup.timeZone = .named("America/New_York")
        let moved = Self.firstOccurrences(standup.schedule(floatingZone: tokyo))
        #expect(moved.map { $0.prefix(10) } == before.map { $0.prefix(10) }, "a fixed instant starts where it did")
        #expect(moved.first == "1796114700@-18000" && before.first == "1796114700@3600")
        standup.start = .local(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 45)))
        #expect(Self.firstOccurrences(standup.schedule(floatingZone: tokyo)).first == "1796136300@-18000")
        var rent = try #require(file.reminders.first { $0.id == "rent" })
        rent.repeats = nil
        #expect(Self.firstOccurrences(rent.schedule(floatingZone: tokyo)).count == 1)
        // A file's schedules, made once, are its reminders' own.
        let scheduled = ScheduledFile(file, floatingZone: tokyo)
        #expect(
            scheduled.schedules.map { Self.firstOccurrences($0) }
                == file.reminders.map { Self.firstOccurrences($0.schedule(floatingZone: tokyo)) })
    }

    @Test func decodesEveryKey() throws {
        let result = ReminderFile.load(Array(Self.household.utf8), path: "home/household.yaml")
        #expect(result.diagnostics.isEmpty)
        let file = try #require(result.file)
        #expect(file.name == "Household")
        #expect(file.uidDomain == "example.org")
        #expect(file.timeZone == .named("Europe/Berlin"))
        #expect(file.lint.quietHours == ClockRange(start: CivilTime(hour: 22, minute: 0), end: CivilTime(hour: 7, minute: 0)))
        #expect(file.lint.minimumGap == NominalDuration(seconds: 300))
        #expect(file.lint.maximumPerHour == 12)
        #expect(file.lint.disabledRules == ["dst-gap"])

        let task = try #require(file.category("task"))
        #expect(task.actions.map(\.id) == ["done", "later", "add"])
        #expect(task.minimal == ["done", "later"])
        #expect(task.actions[0].authenticationRequired)
        #expect(task.actions[1].snooze == NominalDuration(seconds: 300) && task.actions[1].destructive)
        #expect(task.actions[2].activation == .foreground)

        let water = file.reminders[0]
        #expect(water.title == "no")
        #expect(water.action == .label("Show me"))
        #expect(water.timeZone == .floating)
        #expect(water.start == .local(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0))))
        #expect(water.before == [.time(NominalDuration(seconds: 5400))])
        #expect(water.sound == .file("sounds/chime.wav"))
        #expect(water.badge == 1)
        #expect(water.category == "task")
        #expect(water.data.map(\.key) == ["task", "count"])
        #expect(water.data.map(\.value) == ["7F3A", "0755"])
        #expect(water.ignoredRules == ["same-time"])
        let waterRepeat = try #require(water.repeats)
        #expect(waterRepeat.rule.text == "FREQ=DAILY;UNTIL=20270301T235959;INTERVAL=2")
        #expect(waterRepeat.except == [.date(CivilDate(year: 2026, month: 12, day: 25))])
        #expect(waterRepeat.also.count == 1)

        let standup = file.reminders[1]
        #expect(standup.action == .hidden)
        #expect(standup.sound == .silent)
        #expect(standup.timeZone == .named("Europe/Berlin"))
        #expect(
            standup.start
                == .instant(
                    LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 45)), utcOffset: 3600))
        #expect(standup.repeats?.rule.text == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")

        #expect(file.reminders[2].repeats?.rule.text == "FREQ=MONTHLY;COUNT=12;BYMONTHDAY=-1")
        let meds = try #require(file.reminders[3].repeats)
        // 08:00 and 20:30 are not a cross product of hours and minutes.
        #expect(meds.times == [CivilTime(hour: 8, minute: 0), CivilTime(hour: 20, minute: 30)])
        // Through the end of 2026-12-31 in Berlin: 22:59:59Z.
        #expect(meds.rule.text == "FREQ=DAILY;UNTIL=20261231T225959Z")
        #expect(file.reminders[4].repeats?.isRawRule == true)
    }

    /// The model and diagnostics (without positions, which the layouts
    /// move), in a form two loads can be compared by.
    private func summary(_ text: String) -> [String] {
        let result = ReminderFile.load(Array(text.utf8), path: "f.yaml")
        let reminders =
            result.file?.reminders.map { reminder in
                "\(reminder.id) \(reminder.timeZone) \(reminder.repeats?.rule.text ?? "-") \(reminder.category ?? "-")"
            } ?? ["no file"]
        return reminders + result.diagnostics.filter { $0.id != "unknown-key" }.map { "\($0.id) \($0.message.text)" }.sorted()
    }

    /// Reminders are decoded as they are read, against the zone and the
    /// categories written before `reminders:`; a file that writes them after
    /// it, or merges them in, must decode exactly as if it had not.
    @Test(arguments: [
        "categories: {task: {actions: [{id: done, title: Done}]}}\nREMINDERS\ntimezone: America/New_York\n",
        "timezone: America/New_York\nREMINDERS\ncategories: {task: {actions: [{id: done, title: Done}]}}\n",
        "base: &base\n  timezone: America/New_York\n  categories: {task: {actions: [{id: done, title: Done}]}}\n<<: *base\nREMINDERS\n",
    ])
    func fileKeysAfterTheRemindersDecodeTheSame(_ layout: String) {
        let valid = """
            reminders:
              - {id: a, title: A, at: 2026-12-01 09:00, repeat: {every: day, until: 2026-12-31}, category: task}
              - {id: b, title: B, at: 2026-12-01 09:00, timezone: UTC, repeat: {rrule: "FREQ=DAILY;UNTIL=20261231T000000Z"}}
            """
        let invalid = """
            reminders:
              - {id: a, title: A, at: 2026-12-01 09:00, repeat: {every: day, until: 2026-12-31}, category: tsak}
              - {id: a, title: C, at: 2026-12-01 09:00, repeat: {rrule: "FREQ=DAILY;UNTIL=20261231"}}
            """
        let usual = "timezone: America/New_York\ncategories: {task: {actions: [{id: done, title: Done}]}}\nREMINDERS\n"
        // A merged file has a key the format does not know (`base`): it decodes
        // to diagnostics only.
        for reminders in layout.contains("<<") ? [invalid] : [valid, invalid] {
            let expected = summary(usual.replacingOccurrences(of: "REMINDERS", with: reminders))
            #expect(summary(layout.replacingOccurrences(of: "REMINDERS", with: reminders)) == expected)
        }
        #expect(
            summary(usual.replacingOccurrences(of: "REMINDERS", with: valid)).first
                == "a America/New_York FREQ=DAILY;UNTIL=20270101T045959Z task")
        #expect(summary(usual.replacingOccurrences(of: "REMINDERS", with: invalid)).count == 4)
    }

    /// Reminders are read as the reader streams them and resolved once the
    /// file is read: `timezone:` and `categories:` written after
    /// `reminders:` give the same model and the same diagnostics (positions
    /// apart) as written before it, and so does a list the reader keeps in
    /// the tree (an anchored one is not streamed).
    @Test(arguments: [false, true])
    func whereTheFileSettingsAreWrittenDoesNotMatter(_ withErrors: Bool) {
        var items = ""
        for index in 0..<3_000 {
            // With errors: every 700th id repeats an earlier one, every 900th category is unknown.
            let id = withErrors && index % 700 == 699 ? "r\(index - 1)" : "r\(index)"
            let category = withErrors && index % 900 == 899 ? "tsak" : "task"
            items += "  - {id: \(id), title: Reminder \(index), at: 2026-12-01 09:\(index % 50 + 10), "
            items += "repeat: {every: \(index % 5 + 1) days, until: 2027-01-31}, category: \(category)}\n"
        }
        let settings = "timezone: Europe/Berlin\ncategories: {task: {actions: [{id: done, title: Done}]}}\n"
        let before = ReminderFile.load(Array((settings + "reminders:\n" + items).utf8), path: "f.yaml")
        let after = ReminderFile.load(Array(("reminders:\n" + items + settings).utf8), path: "f.yaml")
        let kept = ReminderFile.load(Array((settings + "reminders: &all\n" + items).utf8), path: "f.yaml")
        #expect(before.diagnostics.count == (withErrors ? 7 : 0))
        for other in [after, kept] {
            #expect(other.diagnostics.map { "\($0.id) \($0.message)" } == before.diagnostics.map { "\($0.id) \($0.message)" })
            #expect(other.file?.reminders.map(\.id) == before.file?.reminders.map(\.id))
            #expect(other.file?.reminders.map { $0.repeats?.rule.text } == before.file?.reminders.map { $0.repeats?.rule.text })
            #expect(other.file?.reminders.map(\.category) == before.file?.reminders.map(\.category))
        }
        #expect(withErrors || before.file?.reminders.count == 3_000)
        #expect(kept.diagnostics.map(\.span) == before.diagnostics.map(\.span))
    }

    /// A syntax error after many reminders were already decoded reports the
    /// syntax error alone, as when nothing was decoded.
    @Test func aSyntaxErrorLateInALargeFileIsTheOnlyDiagnostic() {
        var text = "timezone: Europe/Berlin\nreminders:\n"
        for index in 0..<2_000 {
            let at = index == 500 ? "2026-02-30 09:00" : "2026-12-01 09:00"
            text += "  - {id: r\(index), title: Reminder \(index), at: \(at)}\n"
        }
        text += "  - {id: broken, title: [unclosed\n"
        let result = ReminderFile.load(Array(text.utf8), path: "f.yaml")
        #expect(result.file == nil)
        #expect(result.diagnostics.map(\.id) == ["yaml-syntax"])
        #expect(result.diagnostics.first?.span.start.line == 2_004)
    }

    /// The default `uid-domain` is the file's name stem as a domain label.
    @Test(arguments: [
        ("dir/My List.yml", "my-list"), ("home/Household.yaml", "household"), ("Bins_2027.yaml", "bins-2027"),
        ("--My  Home--.yaml", "my-home"), ("café.yaml", "caf"), ("日本.yaml", "reminders"), (".hidden", "hidden"),
        ("a.b.c.yaml", "a-b-c"), (String(repeating: "x", count: 70) + ".yaml", String(repeating: "x", count: 63)),
    ])
    func uidDomainDefaultsToTheStemAsALabel(_ path: String, _ domain: String) throws {
        let result = ReminderFile.load(Array("reminders: []\n".utf8), path: path)
        #expect(try #require(result.file).uidDomain == domain)
    }

    struct DurationCase: Sendable {
        var text: String
        var duration: NominalDuration?
    }

    @Test(arguments: [
        DurationCase(text: "30s", duration: NominalDuration(seconds: 30)),
        DurationCase(text: "1h30m", duration: NominalDuration(seconds: 5400)),
        DurationCase(text: "2d", duration: NominalDuration(days: 2)),
        DurationCase(text: "1w", duration: NominalDuration(days: 7)),
        DurationCase(text: "1d12h", duration: NominalDuration(days: 1, seconds: 43_200)),
        DurationCase(text: "PT5M", duration: NominalDuration(seconds: 300)),
        DurationCase(text: "P1DT2H", duration: NominalDuration(days: 1, seconds: 7200)),
        DurationCase(text: "P2W", duration: NominalDuration(days: 14)),
        DurationCase(text: "5 parsecs", duration: nil),
        DurationCase(text: "30m1h", duration: nil),
        DurationCase(text: "P1M", duration: nil),
        DurationCase(text: "PT", duration: nil),
        DurationCase(text: "5", duration: nil),
    ])
    func durations(_ c: DurationCase) {
        #expect((try? Scalars.duration(c.text).get()) == c.duration)
    }

    @Test(arguments: [
        ("2026-12-01", ReminderTime.date(CivilDate(year: 2026, month: 12, day: 1))),
        (
            "2026-12-01T09:00:30",
            .local(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0, second: 30)))
        ),
        ("2026-12-01 9:05", .local(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 5)))),
        (
            "2026-12-01T09:00:00Z",
            .instant(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0)), utcOffset: 0)
        ),
        (
            "2026-12-01T09:00:00-05:30",
            .instant(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0)), utcOffset: -19_800)
        ),
        (
            "2026-12-01T09:00:00.5",
            .local(
                LocalDateTime(
                    date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0, second: 0, nanosecond: 500_000_000))
            )
        ),
    ])
    func times(_ text: String, _ expected: ReminderTime) {
        #expect((try? Scalars.time(text).get()) == expected)
    }

    @Test(arguments: [
        ("every 5 minutes", RecurrenceRule.Frequency.minutely, 5), ("quarterly", .monthly, 3), ("every 2 quarters", .monthly, 6),
        ("2 weeks", .weekly, 2), ("every hour", .hourly, 1), ("Yearly", .yearly, 1),
        // Leading zeros, however many, are read: the interval is the number.
        ("every 0000000000000000000005 days", .daily, 5),
    ])
    func repeatWords(_ text: String, _ frequency: RecurrenceRule.Frequency, _ interval: Int) throws {
        let read = try Scalars.repeatWord(text).get()
        #expect(read.frequency == frequency && read.interval == interval && read.days.isEmpty)
    }

    @Test(arguments: [("1st mon", 1, Weekday.monday), ("last fri", -1, .friday), ("-2 Friday", -2, .friday), ("2nd tue", 2, .tuesday)])
    func ordinalWeekdays(_ text: String, _ ordinal: Int, _ day: Weekday) throws {
        #expect(try Scalars.weekday(text, allowOrdinal: true).get() == .init(day, ordinal: ordinal))
    }
}

@Suite struct ZoneNameTests {
    @Test(arguments: ["Asia/Kolkata", "Europe/Kyiv", "Asia/Calcutta", "Europe/Berlin", "America/Argentina/Buenos_Aires"])
    func acceptsCurrentIANANames(_ name: String) {
        #expect((try? ZoneName.parse(name).get()) == .named(name))
    }

    @Test(arguments: ["Europe/Berlinn", "asia/kolkata", "Mars/Olympus", "GMT+5"])
    func rejectsOthers(_ name: String) {
        #expect((try? ZoneName.parse(name).get()) == nil)
    }
}

/// Paths written in a file are read against the file's folder, and a
/// relative file path against the working folder given: nothing reads the
/// process's own.
@Suite struct WrittenPathTests {
    @Test(arguments: [
        ("r.yaml", "a.wav", "/home/me/a.wav"),
        ("home/r.yaml", "sounds/a b.wav", "/home/me/home/sounds/a b.wav"),
        ("./home/../r.yaml", "../a.wav", "/home/a.wav"),
        ("/srv/r.yaml", "a.wav", "/srv/a.wav"),
        ("r.yaml", "/usr/share/sounds/./x.oga", "/usr/share/sounds/x.oga"),
    ])
    func absolutePaths(_ file: String, _ written: String, _ expected: String) throws {
        let model = try #require(ReminderFile.load(Array("reminders: []\n".utf8), path: file).file)
        #expect(model.absolutePath(written, workingFolder: "/home/me") == expected)
    }
}

/// A repeat is read without its zone and placed in one after: the same
/// reading gives each zone its UNTIL and its own verdict on fixed instants.
@Suite struct RepeatPlacingTests {
    static func read(_ yaml: String, start: ReminderTime) throws -> RepeatDecoder.Read {
        let node = try #require(YAMLReader.parse(Array(yaml.utf8)).root)
        var context = DecodingContext(path: "r.yaml")
        let read = try #require(RepeatDecoder.read(node, start: start, context: &context))
        #expect(context.diagnostics.isEmpty)
        return read
    }

    static let nine = ReminderTime.local(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0)))

    @Test func theZoneDecidesUntilsForm() throws {
        let read = try Self.read("{every: day, until: 2027-01-31}", start: Self.nine)
        var context = DecodingContext(path: "r.yaml")
        let berlin = RepeatDecoder.place(read, start: Self.nine, zone: .named("Europe/Berlin"), context: &context)
        let floating = RepeatDecoder.place(read, start: Self.nine, zone: .floating, context: &context)
        #expect(berlin?.rule.text == "FREQ=DAILY;UNTIL=20270131T225959Z")
        #expect(floating?.rule.text == "FREQ=DAILY;UNTIL=20270131T235959")
        #expect(context.diagnostics.isEmpty)
    }

    @Test func aFixedInstantIsAnErrorOnlyWhenFloating() throws {
        let read = try Self.read("{every: day, except: ['2026-12-05T08:00:00Z'], also: ['2026-12-24T08:00:00Z']}", start: Self.nine)
        var context = DecodingContext(path: "r.yaml")
        #expect(RepeatDecoder.place(read, start: Self.nine, zone: .utc, context: &context) != nil)
        #expect(context.diagnostics.isEmpty)
        #expect(RepeatDecoder.place(read, start: Self.nine, zone: .floating, context: &context) == nil)
        #expect(context.diagnostics.map { "\($0.id)@\($0.span.start.column)" } == ["invalid-repeat@23", "invalid-repeat@55"])
    }

    @Test func anRRuleUntilMustFitTheZone() throws {
        let read = try Self.read("{rrule: 'FREQ=DAILY;UNTIL=20270131T090000'}", start: Self.nine)
        var context = DecodingContext(path: "r.yaml")
        #expect(RepeatDecoder.place(read, start: Self.nine, zone: .floating, context: &context) != nil)
        #expect(RepeatDecoder.place(read, start: Self.nine, zone: .named("Europe/Berlin"), context: &context) == nil)
        #expect(context.diagnostics.map(\.id) == ["invalid-rrule"])
    }
}

/// `before:` as a list, one alert each, and an all-day reminder's
/// `alert-time:`, which the leads count from.
@Suite struct AlertTests {
    static func reminder(_ body: String) throws -> Reminder {
        let text = "timezone: Europe/Berlin\nreminders:\n  - id: r\n    title: T\n" + body
        let result = ReminderFile.load(Array(text.utf8), path: "alerts.yaml")
        return try #require(result.file?.reminders.first, "\(result.diagnostics)")
    }

    @Test(arguments: [
        ("    at: 2026-12-01 09:00\n", [0]),
        ("    at: 2026-12-01 09:00\n    before: 15m\n", [900]),
        ("    at: 2026-12-01 09:00\n    before: [1d, 15 minutes, 0s]\n", [86_400, 900, 0]),
        ("    at: 2026-12-01\n    alert-time: 09:00\n", [-32_400]),
        ("    at: 2026-12-01\n    alert-time: '18:00'\n    before: [1d, 0s]\n", [21_600, -64_800]),
    ])
    func leads(_ body: String, _ expected: [Int]) throws {
        let reminder = try Self.reminder(body)
        #expect(reminder.wallClockLeads == expected)
        let copies = reminder.eachAlert
        #expect(copies.count == expected.count)
        #expect(copies.map(\.wallClockLeads) == expected.map { [$0] })
        // Each copy keeps the time of day its alert is counted from.
        #expect(copies.allSatisfy { $0.alertTime == reminder.alertTime })
    }

    @Test(arguments: [
        (NominalDuration(days: 1, seconds: -64_800), "6h"), (NominalDuration(seconds: -32_400), "-9h"),
        (NominalDuration(days: 2, seconds: 3600), "2d1h"), (NominalDuration(), "0s"),
    ])
    func describedWithOneSign(_ lead: NominalDuration, _ text: String) {
        #expect(lead.description == text)
    }
}

/// `grace:`: a reminder's own, else its file's, else 4 hours; `0` (no unit
/// needed) shows alerts only on time.
@Suite struct GraceTests {
    @Test(arguments: [
        ("", "", 4 * 3600),
        ("grace: 1h\n", "", 3600),
        ("grace: 1h\n", "    grace: 30m\n", 1800),
        ("", "    grace: 0\n", 0),
        ("grace: 0\n", "", 0),
        ("", "    grace: 7d\n", 7 * 86400),
        ("", "    grace: PT2H\n", 7200),
    ])
    func graceOfAReminder(_ header: String, _ own: String, _ seconds: Int) throws {
        let yaml = header + "reminders:\n  - id: r\n    title: T\n    at: 2026-12-01 09:00\n" + own
        let loaded = ReminderFile.load(Array(yaml.utf8), path: "g.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message.text))")
        let file = try #require(loaded.file)
        #expect(file.grace(of: file.reminders[0]).nominalSeconds == seconds)
    }
}
