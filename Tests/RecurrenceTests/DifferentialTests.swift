import Foundation
import Testing
@testable import Recurrence

/// Seeded random rules checked against independent implementations:
/// Foundation's `Calendar.RecurrenceRule` on the shapes where it follows
/// RFC 5545, and python-dateutil (when a Python with it is found; `.ci/run`
/// installs one) on nearly every shape.
@Suite struct DifferentialTests {
    /// SplitMix64: small, seeded, the same sequence on every machine.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }

        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

        /// Between one and `most` distinct values from `range`, sorted.
        mutating func some(_ range: ClosedRange<Int>, most: Int) -> [Int] {
            Array(Set((0..<int(1...most)).map { _ in int(range) })).sorted()
        }
    }

    // MARK: Foundation

    /// A rule both engines read the same way, and its start in Berlin.
    struct FoundationCase {
        var rule: RecurrenceRule
        var foundation: Calendar.RecurrenceRule
        var start: LocalDateTime
    }

    static func foundationCase(_ random: inout Random, calendar: Calendar) -> FoundationCase {
        let frequencies: [RecurrenceRule.Frequency] = [.minutely, .hourly, .daily, .weekly, .monthly, .yearly]
        let frequency = frequencies[random.int(0...5)]
        let interval = random.int(1...4)
        var rule = RecurrenceRule(frequency: frequency, interval: interval)
        let foundationFrequency: Calendar.RecurrenceRule.Frequency =
            switch frequency {
            case .minutely: .minutely
            case .hourly: .hourly
            case .daily: .daily
            case .weekly: .weekly
            case .monthly: .monthly
            default: .yearly
            }
        var foundation = Calendar.RecurrenceRule(calendar: calendar, frequency: foundationFrequency, interval: interval)
        // Hours that no daylight-saving change in Berlin touches.
        if frequency >= .daily && random.chance(40) {
            rule.byHour = random.some(5...22, most: 3)
            foundation.hours = rule.byHour
        }
        switch frequency {
        case .weekly:
            let days = random.some(0...6, most: 4).map { Weekday.allCases[$0] }
            rule.byDay = days.map { .init($0) }
            foundation.weekdays = days.map { .every(Self.foundationWeekday($0)) }
        case .monthly:
            rule.byMonthDay = random.some(1...28, most: 3)
            foundation.daysOfTheMonth = rule.byMonthDay
        case .yearly:
            rule.byMonth = random.some(1...12, most: 3).map { .init($0) }
            rule.byMonthDay = random.some(1...28, most: 2)
            foundation.months = rule.byMonth.map { Calendar.RecurrenceRule.Month($0.number) }
            foundation.daysOfTheMonth = rule.byMonthDay
        default:
            break
        }
        let date = CivilDate(year: random.int(2020...2030), month: random.int(1...12), day: random.int(1...28))
        let start = LocalDateTime(date: date, time: CivilTime(hour: random.int(5...22), minute: [0, 15, 30, 45][random.int(0...3)]))
        return FoundationCase(rule: rule, foundation: foundation, start: start)
    }

    static func foundationWeekday(_ day: Weekday) -> Locale.Weekday {
        [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday][day.rawValue - 1]
    }

    @Test func agreesWithFoundationWhereItFollowsTheRFC() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2  // RFC 5545's default WKST=MO
        var random = Random(state: 2026)
        for _ in 0..<150 {
            let example = Self.foundationCase(&random, calendar: calendar)
            let startInstant = WallClock.instant(of: example.start, in: zone)
            let startDate = Date(timeIntervalSince1970: TimeInterval(startInstant.secondsSince1970))
            let end = startDate.addingTimeInterval(example.rule.frequency >= .daily ? 3 * 365 * 86_400 : 3 * 86_400)
            let theirs = example.foundation.recurrences(of: startDate, in: startDate.addingTimeInterval(1)..<end)
                .map { Instant(secondsSince1970: Int($0.timeIntervalSince1970)) }
            let schedule = Schedule(start: example.start, rule: example.rule, placement: .zone(zone))
            let ours = schedule.occurrences().lazy.map(\.instant).filter { $0 > startInstant }.prefix {
                $0.secondsSince1970 < Int(end.timeIntervalSince1970)
            }
            #expect(Array(ours) == Array(theirs), "\(example.rule.text) from \(example.start)")
        }
    }

    // MARK: python-dateutil

    /// A random rule that RFC 5545 allows, avoiding python-dateutil's known
    /// deviations from it:
    /// - YEARLY with BYMONTHDAY and no BYMONTH: dateutil repeats the day in
    ///   every month; the RFC takes the month from DTSTART, as remindc does.
    /// - BYWEEKNO without BYDAY: dateutil gives every day of the week; the
    ///   RFC takes the weekday from DTSTART, as remindc does.
    /// - A start the rule does not select: dateutil leaves it out, the RFC
    ///   keeps it as the first instance (so only later instances are compared).
    static func dateutilRule(_ random: inout Random) -> RecurrenceRule {
        let frequency = RecurrenceRule.Frequency.allCases[random.int(0...6)]
        var rule = RecurrenceRule(frequency: frequency, interval: random.chance(50) ? 1 : random.int(2...5))
        let fine = frequency < .daily
        if random.chance(fine ? 20 : 30) { rule.byMonth = random.some(1...12, most: 4).map { .init($0) } }
        if frequency != .weekly && random.chance(30) {
            rule.byMonthDay = random.some(1...31, most: 3).map { random.chance(25) ? -$0 : $0 }
        }
        if (frequency == .yearly || fine) && random.chance(20) {
            rule.byYearDay = random.some(1...366, most: 3).map { random.chance(30) ? -$0 : $0 }
        }
        if frequency == .yearly && random.chance(25) {
            rule.byWeekNumber = random.some(1...53, most: 2).map { random.chance(25) ? -$0 : $0 }
        }
        if random.chance(45) || !rule.byWeekNumber.isEmpty {
            let ordinals = (frequency == .monthly || frequency == .yearly) && rule.byWeekNumber.isEmpty && random.chance(40)
            rule.byDay = random.some(0...6, most: 3).map { index in
                .init(Weekday.allCases[index], ordinal: ordinals ? [1, 2, 3, -1, -2][random.int(0...4)] : nil)
            }
        }
        if frequency == .yearly && !rule.byMonthDay.isEmpty && rule.byMonth.isEmpty {
            rule.byMonth = [.init(random.int(1...12))]
        }
        if frequency >= .daily || random.chance(30) {
            if random.chance(30) { rule.byHour = random.some(0...23, most: 3) }
            if random.chance(25) { rule.byMinute = random.some(0...59, most: 2) }
            if random.chance(15) { rule.bySecond = random.some(0...59, most: 2) }
        }
        if rule.hasSelectionParts && random.chance(25) {
            rule.bySetPosition = random.some(1...4, most: 2).map { random.chance(50) ? -$0 : $0 }
        }
        if random.chance(30) {
            rule.weekStart = Weekday.allCases[random.int(0...6)]
            rule.weekStartIsExplicit = true
        }
        return rule
    }

    static func pythonWithDateutil() -> URL? {
        var candidates: [String] = []
        if let configured = ProcessInfo.processInfo.environment["REMINDC_PYTHON"] { candidates.append(configured) }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/oracle-venv/bin/python3").path)
        candidates.append("/usr/bin/python3")
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: path)
            probe.arguments = ["-c", "import dateutil.rrule"]
            probe.standardError = FileHandle.nullDevice
            if (try? probe.run()) != nil {
                probe.waitUntilExit()
                if probe.terminationStatus == 0 { return probe.executableURL }
            }
        }
        return nil
    }

    static let python = pythonWithDateutil()

    @Test(.enabled(if: python != nil, "python-dateutil is not installed"))
    func agreesWithDateutil() throws {
        var random = Random(state: 5545)
        var cases: [(rule: RecurrenceRule, start: LocalDateTime, ours: [String])] = []
        var input = ""
        while cases.count < 400 {
            let rule = Self.dateutilRule(&random)
            guard rule.validate().isEmpty else { continue }
            let date = CivilDate(year: random.int(1995...2030), month: random.int(1...12), day: random.int(1...28))
            let start = LocalDateTime(
                date: date, time: CivilTime(hour: random.int(0...23), minute: random.int(0...59), second: random.int(0...59)))
            let schedule = Schedule(start: start, rule: rule, placement: .fixed(0))
            let startReading = WallTime(start)
            let limit = CivilDate(year: 2300, month: 1, day: 1).dayNumber.midnight
            let later = schedule.occurrences().lazy.map(\.wallClock).filter { $0 > startReading }.prefix { $0 < limit }
            let ours: [String] = later.prefix(15).map { Self.compact($0.local) }
            // Rules that select almost nothing would make dateutil search for
            // centuries; they are covered by ScheduleTests instead.
            guard ours.count == 15 else { continue }
            cases.append((rule, start, ours))
            input += "{\"rule\":\"\(rule.text)\",\"start\":\"\(Self.compact(start))\",\"count\":15}\n"
        }
        let output = try Self.run(Self.python!, input: input)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= cases.count)
        guard lines.count >= cases.count else { return }
        for (index, example) in cases.enumerated() {
            let theirs = lines[index].split(separator: ",").map(String.init)
            #expect(example.ours == theirs, "RRULE:\(example.rule.text) from \(Self.compact(example.start))")
        }
    }

    static func compact(_ local: LocalDateTime) -> String {
        local.description.filter { $0 != "-" && $0 != ":" }
    }

    static func run(_ python: URL, input: String) throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracles/dateutil_rrule.py")
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Seeded random rules of every shape, in every calendar and several zones:
/// the engine never crashes or hangs, and what it yields is in strictly
/// increasing time order, after the start, with the start first. The time
/// limits catch a hang, not slowness: the suite runs beside every other,
/// the CalDAV servers of the publish tests included, on two cores.
@Suite struct EngineInvariantTests {
    @Test(.timeLimit(.minutes(5)))
    func randomRulesStayInOrder() throws {
        var random = DifferentialTests.Random(state: 9074)
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata"].compactMap(
            TimeZone.init(identifier:))
        let calendars = [nil, "gregorian", "hebrew", "chinese", "islamic-civil", "persian"]
        var checked = 0
        while checked < 300 {
            var rule = DifferentialTests.dateutilRule(&random)
            if random.chance(25) {
                rule.calendar = calendars[random.int(0...(calendars.count - 1))]
                if rule.calendar != nil && random.chance(50) { rule.skip = [.omit, .backward, .forward][random.int(0...2)] }
            }
            if random.chance(30) {
                rule.end =
                    random.chance(50)
                    ? .count(random.int(1...40))
                    : .until(.utc(LocalDateTime(date: CivilDate(year: 2031, month: 1, day: 1), time: .midnight)))
            }
            guard rule.validate().isEmpty else { continue }
            checked += 1
            let start = LocalDateTime(
                date: CivilDate(year: random.int(2000...2035), month: random.int(1...12), day: random.int(1...28)),
                time: CivilTime(hour: random.int(0...23), minute: random.int(0...59)))
            let zone = zones[random.int(0...(zones.count - 1))]
            let schedule = Schedule(start: start, rule: rule, placement: .zone(zone))
            let occurrences = Array(schedule.occurrences().prefix(60))
            #expect(occurrences.first?.wallClock == WallTime(start), "\(rule.text)")
            #expect(zip(occurrences, occurrences.dropFirst()).allSatisfy { $0.instant < $1.instant }, "\(rule.text) from \(start)")
            if case .count(let count) = rule.end { #expect(occurrences.count <= count, "\(rule.text)") }
            // The shortcut of `ruleCanMatch` never says yes where the search says no.
            if rule.matchesEveryPeriod {
                var unbounded = rule
                unbounded.end = .never
                var search = Schedule(start: start, rule: unbounded, placement: .zone(zone)).occurrences()
                _ = search.next()
                #expect(search.next() != nil, "\(rule.text) from \(start)")
            }
        }
    }

    /// `Occurrences.skip(toWallClock:)` leaves out only occurrences before
    /// its target: from there on, a skipped walk and a full one agree, for
    /// random rules in every calendar and several zones, targets up to two
    /// months after the start.
    @Test(.timeLimit(.minutes(5)))
    func skippingLeavesOutOnlyWhatComesBefore() throws {
        var random = DifferentialTests.Random(state: 7529)
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "UTC"].compactMap(
            TimeZone.init(identifier:))
        let calendars = [nil, "gregorian", "hebrew", "chinese", "islamic-civil"]
        var checked = 0, shortened = 0
        while checked < 120 {
            var rule = DifferentialTests.dateutilRule(&random)
            if random.chance(20) {
                rule.calendar = calendars[random.int(0...(calendars.count - 1))]
                if rule.calendar != nil && random.chance(50) { rule.skip = [.omit, .backward, .forward][random.int(0...2)] }
            }
            if random.chance(20) {
                rule.end =
                    random.chance(50)
                    ? .count(random.int(1...400))
                    : .until(.utc(LocalDateTime(date: CivilDate(year: 2040, month: 1, day: 1), time: .midnight)))
            }
            guard rule.validate().isEmpty else { continue }
            let start = LocalDateTime(
                date: CivilDate(year: random.int(2000...2030), month: random.int(1...12), day: random.int(1...28)),
                time: CivilTime(hour: random.int(0...23), minute: random.int(0...59)))
            let schedule = Schedule(start: start, rule: rule, placement: .zone(zones[random.int(0...(zones.count - 1))]))
            let target = WallTime(start).advanced(by: random.int(0...(random.chance(50) ? 3 : 60)) * secondsPerDay + random.int(0...86_399))
            let limit = target.advanced(by: 40 * 366 * secondsPerDay)
            let full = schedule.occurrences().lazy.filter { $0.wallClock >= target }.prefix { $0.wallClock < limit }.prefix(20)
            var skipping = schedule.occurrences()
            skipping.skip(toWallClock: target)
            let skipped = skipping.lazy.filter { $0.wallClock >= target }.prefix { $0.wallClock < limit }.prefix(20)
            let (skippedList, fullList) = (Array(skipped), Array(full))
            #expect(
                skippedList == fullList,
                "\(rule.text) from \(start) to \(target): \(skippedList.map(\.wallClock.seconds)) \(fullList.map(\.wallClock.seconds))")
            // Whether fewer came before the target than in the full walk.
            var again = schedule.occurrences()
            again.skip(toWallClock: target)
            let early = { (walk: Occurrences) in walk.prefix { $0.wallClock < target }.prefix(100).count }
            if early(again) < early(schedule.occurrences()) { shortened += 1 }
            checked += 1
        }
        // Most walks do skip: not only COUNT rules, additions and SKIP.
        #expect(shortened > 50)
    }
}
