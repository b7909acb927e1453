import Recurrence

/// Where the occurrence's day is, seen from the clock of its alert.
enum DayShift: Equatable {
    /// The alert is on the occurrence's day.
    case none
    /// The occurrence is this many days after the alert's day (`before: 1d`,
    /// or `before: 12h` on a 07:00 reminder).
    case days(Int)
    /// The occurrence is this many minutes after the alert: a lead that
    /// crosses midnight at some times of day and not at others.
    case minutes(Int)
}

/// Which date parts a rule's entry may say with cron's own fields.
enum DayFields: Equatable {
    /// Month, day of the month and weekday: the guard reads the machine's
    /// clock and the alert is on the occurrence's day.
    case all
    /// Only the weekday, moved back by the shift: the alert is this many
    /// days before the occurrence.
    case weekdaysBefore(Int)
    /// None: the guard reads another zone's clock.
    case none
}

/// The days a DAILY-or-coarser rule selects, as cron fields where cron can
/// say them and as a guard over the occurrence's day where it cannot.
///
/// The guard computes the occurrence's year `y`, month `m`, day `d`, ISO
/// weekday `w` and Julian day number `j` (from the alert's clock and the
/// shift), then what the rule's parts need: the month's length `l`, the
/// day of the year `t` and the year's length `s`, the week number `k`. Each
/// part of the rule is one arithmetic test over them (RFC 5545 §3.3.10):
///
/// | part | test |
/// | --- | --- |
/// | BYMONTH=1,7 | `m==1\|\|m==7` |
/// | BYMONTHDAY=1,-1 | `d==1\|\|l-d+1==1` |
/// | BYDAY=FR | `w==5` |
/// | BYDAY=2TU (in a month) | `w==2&&(d-1)/7+1==2` |
/// | BYDAY=-1FR (in a year) | `w==5&&(s-t)/7+1==1` |
/// | BYYEARDAY=100,-1 | `t==100\|\|s-t+1==1` |
/// | BYWEEKNO=20 | `k==20` |
/// | INTERVAL=2 (weekly) | weeks between the weeks' first days, modulo 2 |
///
/// BYSETPOS counts the matching days of the occurrence's period (its week,
/// month or year) before and after it in a loop over the period's days, the
/// same tests in a shell function `f` of a Julian day number; with several
/// times of day, each entry carries one time and its index among them.
struct DayTest {
    /// The rule with what it leaves open taken from the start.
    let rule: RecurrenceRule
    /// The start's day (days since 1970).
    let startDay: Int
    /// The number of times of day of each selected day, for BYSETPOS.
    let timesPerDay: Int

    /// The values the guard computes, in the order it must compute them.
    private struct Needs {
        var monthLength = false
        var yearDay = false
        var weekNumber = false
    }

    /// What the guard of one entry tests, gathered part by part.
    private struct Parts {
        /// The tests only the guard can make.
        var tests: [String] = []
        /// The tests cron's fields stand for: a loop over a period's days
        /// needs them too.
        var fieldTests: [String] = []
        var needs = Needs()

        /// The guard's own tests, joined.
        var test: String { tests.map { tests.count == 1 ? $0 : "(\($0))" }.joined(separator: "&&") }

        /// Every test, for a loop over a period's days.
        var loopTest: String {
            let all = tests + fieldTests
            return all.isEmpty ? "1" : all.map { all.count == 1 ? $0 : "(\($0))" }.joined(separator: "&&")
        }
    }

    /// Adds the fields and conditions for the rule's days to `entry`, whose
    /// times of day are the `timeIndex`th of the day's (for BYSETPOS).
    /// False when the entry can never fire (a position no day of its time has).
    @discardableResult
    func apply(to entry: inout CronEntry, shift: DayShift, fields: DayFields, timeIndex: Int = 0) throws(CrontabWriter.Inexact) -> Bool {
        guard let rule = positionsAsWeekdays(timeIndex: timeIndex) else { return false }
        let setPosition = !rule.bySetPosition.isEmpty && rule.frequency >= .weekly
        var parts = try Self.parts(of: rule, setPosition: setPosition, fields: fields, entry: &entry)
        let interval = try intervalTest(rule, start: CivilDate(daysSinceEpoch: startDay), entry: &entry, useFields: fields == .all)
        guard !parts.tests.isEmpty || interval != nil || setPosition else { return true }

        // The occurrence's day from the alert's clock.
        let needsJulian = interval != nil || parts.needs.weekNumber || (setPosition && rule.frequency == .weekly)
        Self.assignDay(to: &entry, shift: shift, julian: needsJulian)
        // The derived values, the day's own tests and the interval: every
        // form below starts with them.
        var derived = Self.derived(rule, needs: parts.needs, setPosition: setPosition)
        func addDayTests() {
            derived.forEach { entry.assign($0) }
            if !parts.tests.isEmpty { entry.conditions.append("[ $((\(parts.test))) -eq 1 ]") }
            if let interval { entry.conditions.append("[ $(\(interval)) -eq 0 ]") }
        }
        guard setPosition else {
            addDayTests()
            return true
        }
        let positions = rule.bySetPosition.map {
            $0 > 0 ? "o*\(timesPerDay)+\(timeIndex + 1)==\($0)" : "u*\(timesPerDay)+\(timesPerDay - timeIndex)==\(-$0)"
        }.joined(separator: "||")
        // Positions among a month's or a year's weekdays are counted in
        // closed form, which leaves cron's fields free; others in a loop.
        // (A yearly rule's set is the year's, across its months.)
        let inYear = rule.frequency == .yearly && rule.byMonth.isEmpty
        if Self.onlyWeekdays(rule) && (rule.frequency == .monthly || inYear) {
            Self.countWeekdays(rule, inYear: inYear, parts: &parts, derived: &derived)
            addDayTests()
            Self.addCountedPositions(rule, inYear: inYear, positions: positions, to: &entry)
        } else if rule.frequency == .weekly {
            Self.addPositionsInWeek(rule, loopTest: parts.loopTest, derived: derived, interval: interval, positions: positions, to: &entry)
        } else {
            addDayTests()
            Self.addPositionsInLoop(rule, loopTest: parts.loopTest, positions: positions, to: &entry)
        }
        return true
    }

    /// Whether the rule's days are plain weekdays (BYDAY without ordinals)
    /// and nothing else of a day.
    private static func onlyWeekdays(_ rule: RecurrenceRule) -> Bool {
        !rule.byDay.isEmpty && rule.byDay.allSatisfy { $0.ordinal == nil } && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty
            && rule.byWeekNumber.isEmpty
    }

    /// The rule, with a weekly rule's positions among plain weekdays turned
    /// into the weekdays they pick for the `timeIndex`th time of day (every
    /// week holds the same days); nil when they pick none.
    private func positionsAsWeekdays(timeIndex: Int) -> RecurrenceRule? {
        var rule = self.rule
        guard !rule.bySetPosition.isEmpty && rule.frequency == .weekly && Self.onlyWeekdays(rule) && rule.byMonth.isEmpty else {
            return rule
        }
        let order = rule.byDay.map(\.weekday).sorted { $0.days(after: rule.weekStart) < $1.days(after: rule.weekStart) }
        let count = order.count * timesPerDay
        let picked = Set(rule.bySetPosition.compactMap { $0 > 0 ? ($0 <= count ? $0 - 1 : nil) : (-$0 <= count ? count + $0 : nil) })
        let kept = order.enumerated().filter { picked.contains($0.offset * timesPerDay + timeIndex) }.map(\.element)
        guard !kept.isEmpty else { return nil }
        rule.byDay = kept.map { RecurrenceRule.WeekdayOccurrence($0) }
        rule.bySetPosition = []
        return rule
    }

    /// The tests of the rule's parts, each put in cron's fields where
    /// `fields` allows and cron can say it.
    private static func parts(
        of rule: RecurrenceRule, setPosition: Bool, fields: DayFields, entry: inout CronEntry
    ) throws(CrontabWriter.Inexact) -> Parts {
        var parts = Parts()
        let useFields = fields == .all
        let months = rule.byMonth.map(\.number)
        if !months.isEmpty {
            let test = months.map { "m==\($0)" }.joined(separator: "||")
            if useFields { entry.months = months; parts.fieldTests.append(test) } else { parts.tests.append(test) }
        }
        if !rule.byWeekNumber.isEmpty {
            guard rule.byWeekNumber.allSatisfy({ $0 > 0 }) else {
                throw CrontabWriter.Inexact(reason: "cron cannot count week numbers from the end of a year")
            }
            guard rule.interval == 1, !setPosition else {
                throw CrontabWriter.Inexact(reason: "cron cannot combine week numbers with an interval or a position")
            }
            parts.tests.append(rule.byWeekNumber.map { "k==\($0)" }.joined(separator: "||"))
            parts.needs.yearDay = true
            parts.needs.weekNumber = true
        }
        if !rule.byYearDay.isEmpty {
            parts.tests.append(rule.byYearDay.map { $0 > 0 ? "t==\($0)" : "s-t+1==\(-$0)" }.joined(separator: "||"))
            parts.needs.yearDay = true
        }
        let monthDays = rule.byMonthDay
        if !monthDays.isEmpty {
            if useFields && monthDays.allSatisfy({ $0 > 0 }) && rule.byDay.isEmpty {
                entry.daysOfMonth = monthDays
                parts.fieldTests.append(monthDays.map { "d==\($0)" }.joined(separator: "||"))
            } else {
                parts.tests.append(monthDays.map { $0 > 0 ? "d==\($0)" : "l-d+1==\(-$0)" }.joined(separator: "||"))
                if monthDays.contains(where: { $0 < 0 }) { parts.needs.monthLength = true }
            }
        }
        if !rule.byDay.isEmpty {
            let plain = rule.byDay.allSatisfy { $0.ordinal == nil }
            switch fields {
            case .all where plain && monthDays.isEmpty:
                entry.weekdays = rule.byDay.map { $0.weekday.rawValue % 7 }
                parts.fieldTests.append(rule.byDay.map { "w==\($0.weekday.rawValue)" }.joined(separator: "||"))
            case .weekdaysBefore(let days) where plain && monthDays.isEmpty:
                entry.weekdays = rule.byDay.map { ($0.weekday.rawValue - days).floorModulo(7) }
                parts.fieldTests.append(rule.byDay.map { "w==\($0.weekday.rawValue)" }.joined(separator: "||"))
            default:
                parts.tests.append(Self.weekdayTest(rule, needs: &parts.needs))
            }
        }
        // Days from the end of a month and nth weekdays of a month fall on
        // a few days of it: cron need not wake on the others.
        if useFields && entry.daysOfMonth == nil && entry.weekdays == nil && !(rule.frequency == .yearly && rule.byMonth.isEmpty) {
            entry.daysOfMonth = Self.candidateDays(rule) ?? entry.daysOfMonth
        }
        return parts
    }

    /// Assigns the occurrence's date (y, m, d, w), and its Julian day
    /// number j when `julian`, from the alert's clock and the shift.
    private static func assignDay(to entry: inout CronEntry, shift: DayShift, julian: Bool) {
        entry.assign(CronShell.dateNumbers)
        if case .minutes = shift { entry.assign(CronShell.clockNumbers) }
        switch shift {
        case .none:
            if julian { entry.assign(CronShell.julianDay) }
        case .days(let days) where days < 28:
            if julian { entry.assign(CronShell.julianDay + "; j=$((j+\(days)))") }
            entry.assign(CronShell.later(days: days))
        case .days(let days):
            entry.assign(CronShell.julianDay + "; j=$((j+\(days))); " + CronShell.civilDate)
        case .minutes(let minutes):
            entry.assign(CronShell.julianDay + "; j=$(((j*1440+h*60+n+\(minutes))/1440)); " + CronShell.civilDate)
        }
    }

    /// The values the tests read beyond the date, in the order they are
    /// computed: after a move (which computes the first month's), the new
    /// month's length; the day of the year; the week number.
    private static func derived(_ rule: RecurrenceRule, needs: Needs, setPosition: Bool) -> [String] {
        var derived: [String] = []
        if needs.monthLength || (setPosition && rule.frequency == .monthly) { derived.append(CronShell.monthLength) }
        if needs.yearDay || (setPosition && rule.frequency == .yearly) { derived.append(CronShell.yearDay) }
        if needs.weekNumber { derived.append(CronShell.weekNumber(weekStart: rule.weekStart)) }
        return derived
    }

    /// What counting a month's or a year's weekdays in closed form reads:
    /// the month's length or the day of the year.
    private static func countWeekdays(_ rule: RecurrenceRule, inYear: Bool, parts: inout Parts, derived: inout [String]) {
        if inYear { parts.needs.yearDay = true } else { parts.needs.monthLength = true }
        if parts.needs.monthLength && !derived.contains(CronShell.monthLength) { derived.append(CronShell.monthLength) }
        if parts.needs.yearDay && !derived.contains(CronShell.yearDay) { derived.append(CronShell.yearDay) }
    }

    /// BYSETPOS among a month's (or year's) plain weekdays: the matching
    /// days before the day (o) and after it (u), counted per weekday: the
    /// last one before the day is 1 to 7 days back, the first one after it
    /// 1 to 7 days on. Only the count a position needs: o from the start,
    /// u from the end.
    private static func addCountedPositions(_ rule: RecurrenceRule, inYear: Bool, positions: String, to entry: inout CronEntry) {
        let (day, length) = inYear ? ("t", "s") : ("d", "l")
        var before: [String] = [], after: [String] = []
        for weekday in Set(rule.byDay.map(\.weekday.rawValue)).sorted() {
            before.append("(\(day)-\(CronShell.modulo("w-\(weekday)+6", 7))+5)/7")
            after.append("(\(length)-\(day)-\(CronShell.modulo("\(weekday)-w+6", 7))+6)/7")
        }
        if rule.bySetPosition.contains(where: { $0 > 0 }) { entry.assign("o=$((\(before.joined(separator: "+"))))") }
        if rule.bySetPosition.contains(where: { $0 < 0 }) { entry.assign("u=$((\(after.joined(separator: "+"))))") }
        entry.conditions.append("[ $((\(positions))) -eq 1 ]")
    }

    /// BYSETPOS in a month or a year: a loop walks its days through the
    /// same tests, counting the matching days before (o) and after (u) the
    /// day. In a month each day has its weekday; in a year the walk starts
    /// on 1 January and moves month and day on one at a time.
    private static func addPositionsInLoop(_ rule: RecurrenceRule, loopTest: String, positions: String, to entry: inout CronEntry) {
        if rule.frequency == .monthly {
            entry.conditions.append(
                "{ D=$d; W=$w; o=0; u=0; i=1; while [ $i -le $l ]; do d=$i; w=$(((W+i-D+34)-(W+i-D+34)/7*7+1)); "
                    + "[ $i -ne $D ] && [ $((\(loopTest))) -eq 1 ] && { [ $i -lt $D ] && o=$((o+1)) || u=$((u+1)); }; i=$((i+1)); done; "
                    + "d=$D; w=$W; [ $((\(positions))) -eq 1 ]; }")
        } else {
            entry.conditions.append(
                "{ T=$t; W=$w; o=0; u=0; m=1; d=1; l=31; i=1; while [ $i -le $s ]; do t=$i; w=$(((W+i-T+370)-(W+i-T+370)/7*7+1)); "
                    + "[ $i -ne $T ] && [ $((\(loopTest))) -eq 1 ] && { [ $i -lt $T ] && o=$((o+1)) || u=$((u+1)); }; "
                    + "d=$((d+1)); [ $d -gt $l ] && { d=1; m=$((m+1)); \(CronShell.monthLength); }; i=$((i+1)); done; "
                    + "[ $((\(positions))) -eq 1 ]; }")
        }
    }

    /// BYSETPOS in a week: `f J` tells whether day J matches the other
    /// parts (and leaves its date in y, m, d, w, l, t, s); the loop counts
    /// the matching days of the week before (o) and after (u) the day.
    private static func addPositionsInWeek(
        _ rule: RecurrenceRule, loopTest: String, derived: [String], interval: String?, positions: String, to entry: inout CronEntry
    ) {
        let function = (["j=$1", CronShell.civilDate] + derived + ["return $((!(\(loopTest)))); }"]).joined(separator: "; ")
        entry.assign("f() { " + function)
        entry.assign("J=$j")
        entry.conditions.append("f $J")
        if let interval { entry.conditions.append("[ $(\(interval)) -eq 0 ]") }
        let period = "p=$((J-(w-\(rule.weekStart.rawValue)+7)+(w-\(rule.weekStart.rawValue)+7)/7*7)); e=$((p+6))"
        entry.conditions.append(
            "{ \(period); o=0; u=0; i=$p; while [ $i -le $e ]; do [ $i -ne $J ] && f $i && "
                + "{ [ $i -lt $J ] && o=$((o+1)) || u=$((u+1)); }; i=$((i+1)); done; [ $((\(positions))) -eq 1 ]; }")
    }

    /// The test of a rule's BYDAY with ordinals: an ordinal counts within
    /// the month, or within the year when a yearly rule names no months
    /// (RFC 5545 §3.3.10). What it reads is added to `needs`.
    private static func weekdayTest(_ rule: RecurrenceRule, needs: inout Needs) -> String {
        let inYear = rule.frequency == .yearly && rule.byMonth.isEmpty
        var alternatives: [String] = []
        for day in rule.byDay {
            let weekday = "w==\(day.weekday.rawValue)"
            guard let ordinal = day.ordinal else {
                alternatives.append(weekday)
                continue
            }
            let position: String
            switch (inYear, ordinal > 0) {
            case (false, true): position = "(d-1)/7+1==\(ordinal)"
            case (false, false): position = "(l-d)/7+1==\(-ordinal)"; needs.monthLength = true
            case (true, true): position = "(t-1)/7+1==\(ordinal)"; needs.yearDay = true
            case (true, false): position = "(s-t)/7+1==\(-ordinal)"; needs.yearDay = true
            }
            alternatives.append("(\(weekday)&&\(position))")
        }
        return alternatives.joined(separator: "||")
    }

    /// The days of the month a rule's days from the end of a month and nth
    /// weekdays can fall on; nil when any day can.
    private static func candidateDays(_ rule: RecurrenceRule) -> [Int]? {
        let monthDays = rule.byMonthDay
        var candidates: Set<Int>? = []
        for day in monthDays where candidates != nil {
            if day > 0 { candidates!.insert(day) } else { candidates!.formUnion((29 + day)...(32 + day)) }
        }
        for day in rule.byDay where candidates != nil && monthDays.isEmpty {
            guard let ordinal = day.ordinal else { candidates = nil; break }
            if ordinal > 0 {
                candidates!.formUnion(((ordinal - 1) * 7 + 1)...(ordinal * 7))
            } else {
                candidates!.formUnion((29 + 7 * ordinal)...(31 + 7 * (ordinal + 1)))
            }
        }
        guard let candidates, !candidates.isEmpty, !rule.byDay.isEmpty || !monthDays.isEmpty else { return nil }
        return candidates.filter { (1...31).contains($0) }.sorted()
    }

    /// The test of a rule's INTERVAL: periods since the start's, modulo the
    /// interval; nil for none, or where `entry`'s months say it (every 2,
    /// 3, 4 or 6 months).
    private func intervalTest(
        _ rule: RecurrenceRule, start: CivilDate, entry: inout CronEntry,
        useFields: Bool
    ) throws(CrontabWriter.Inexact) -> String? {
        guard rule.interval > 1 else { return nil }
        switch rule.frequency {
        case .daily:
            return CronShell.modulo("j-\(CronShell.julianDay(of: startDay))", rule.interval)
        case .weekly:
            let weekStart = startDay - DayNumber(startDay).days(sinceLast: rule.weekStart)
            let shift = "(w-\(rule.weekStart.rawValue)+7)"
            return CronShell.modulo("(j-\(shift)+\(shift)/7*7-\(CronShell.julianDay(of: weekStart)))/7", rule.interval)
        case .monthly where useFields && 12 % rule.interval == 0 && entry.months == nil:
            entry.months = (1...12).filter { ($0 - start.month + 12) % rule.interval == 0 }
            return nil
        case .monthly:
            return CronShell.modulo("y*12+m-\(start.year * 12 + start.month)", rule.interval)
        case .yearly:
            guard rule.byWeekNumber.isEmpty else {
                throw CrontabWriter.Inexact(reason: "cron cannot combine week numbers with an interval")
            }
            return CronShell.modulo("y-\(start.year)", rule.interval)
        default:
            return nil
        }
    }
}
