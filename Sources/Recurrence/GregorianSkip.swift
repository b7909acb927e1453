/// RFC 7529's SKIP in the Gregorian calendar, said without RSCALE.
///
/// `calendar: gregorian` with `skip: backward` or `forward` is the natural
/// way to write a birthday on 29 February or rent on the 31st, but many
/// readers refuse RSCALE (Radicale, SabreDAV) or fail on it
/// (recurring-ical-events, khal). In the Gregorian calendar SKIP needs none:
/// a month day a month lacks moves to its last day or to the next month's
/// first, and both are plain rule parts.
///
/// - "The 31st, else the month's last day" is `BYMONTHDAY=-1`, and
///   "29 February, else the 28th" is `BYMONTH=2;BYMONTHDAY=-1`: a day at
///   least as late as the month can be is its last.
/// - "29 February, else 1 March" is `BYYEARDAY=60`.
/// - Otherwise the rule without SKIP gives every day that exists, and the
///   moved days of each short month of the year are a yearly rule of their
///   own (`BYMONTH=2,4,6,9,11;BYMONTHDAY=-1`, or the 1st of the month after):
///   several components, each a plain rule.
///
/// Every candidate is expanded against the rule it replaces, instance for
/// instance through the span remindc works in (or its first 20,000); one
/// that differs anywhere is not used, and the rule keeps RSCALE.
extension Schedule {
    /// This schedule's rule (RSCALE=GREGORIAN) as plain rules with the same
    /// instances together (the start among them when the rule selects it),
    /// none given twice, or nil when no such rules were found. Each piece is
    /// a schedule with its own start (the schedule's, or a later wall clock
    /// its rule is expanded from), its rule without an end, and no
    /// exceptions or additions: the writer puts the end back, as it is for
    /// one piece (whose start is the schedule's) and as an UNTIL for
    /// several. A rule in another calendar, none, or `times:` is nil too.
    public func gregorianPieces() -> [Schedule]? {
        guard let rule, rule.calendar?.lowercased() == "gregorian", timesOfDay.isEmpty else { return nil }
        var plain = rule
        plain.calendar = nil
        plain.skip = nil
        plain.end = .never
        var endless = self
        endless.rule = rule
        endless.rule?.end = .never
        endless.exceptions = []
        endless.additions = []
        for candidate in candidates(plain, skip: rule.skip ?? .omit) {
            let pieces = candidate.map { piece -> Schedule in
                var schedule = endless
                schedule.start = piece.start
                schedule.rule = piece.rule
                return schedule
            }
            if Self.sameInstances(endless, pieces) { return pieces }
        }
        return nil
    }

    /// A piece of a candidate: a plain rule and the wall clock it starts at.
    private struct Piece {
        var rule: RecurrenceRule
        var start: LocalDateTime
    }

    /// The encodings to try, simplest first.
    private func candidates(_ plain: RecurrenceRule, skip: RecurrenceRule.Skip) -> [[Piece]] {
        let unchanged = [Piece(rule: plain, start: start)]
        guard skip != .omit, plain.frequency == .monthly || plain.frequency == .yearly else { return [unchanged] }
        var scale = CalendarScale.gregorian
        var filled = plain
        RuleExpansion.fillFromStart(&filled, facts: scale.facts(WallTime(start).seconds.floorDivided(by: secondsPerDay)))
        let long = filled.byMonthDay.filter { abs($0) >= 29 }
        // Every month has every day asked for: SKIP changes nothing.
        guard !long.isEmpty else { return [unchanged] }
        guard long.allSatisfy({ $0 > 0 }), filled.bySetPosition.isEmpty, filled.byYearDay.isEmpty, filled.byWeekNumber.isEmpty,
            filled.byMonth.allSatisfy({ !$0.isLeap })
        else { return [] }
        // Without SKIP the same days may come anyway (the 28th and 29th:
        // February's 29th moves back onto a 28th it has).
        var found = [unchanged]
        if let single = singleRule(filled, long: long, skip: skip) { found.append([Piece(rule: single, start: start)]) }
        if let union = union(filled, long: long, skip: skip) { found.append(union) }
        return found
    }

    /// The months of the year the rule can select.
    private static func months(of filled: RecurrenceRule) -> [Int] {
        filled.byMonth.isEmpty ? Array(1...12) : Set(filled.byMonth.map(\.number)).sorted()
    }

    /// The most and fewest days month `month` can have.
    private static func longest(_ month: Int) -> Int { month == 2 ? 29 : CivilDate.daysIn(month: month, year: 2001) }
    private static func shortest(_ month: Int) -> Int { CivilDate.daysIn(month: month, year: 2001) }

    /// One rule: each day at least as late as every month the rule selects
    /// can be becomes -1 (backward); 29 February forward is day 60.
    private func singleRule(_ filled: RecurrenceRule, long: [Int], skip: RecurrenceRule.Skip) -> RecurrenceRule? {
        guard filled.byDay.isEmpty else { return nil }
        let months = Self.months(of: filled)
        var rule = filled
        switch skip {
        case .backward:
            let latest = months.map(Self.longest).max() ?? 31
            var days = filled.byMonthDay.map { $0 >= latest ? -1 : $0 }
            days = days.enumerated().filter { !days[..<$0.offset].contains($0.element) }.map(\.element)
            // The 29th or 30th is a BYSETPOS over the days from the 28th,
            // which calcurse ignores and sabre/vobject misreads beside
            // BYHOUR: the union below says it with plain parts.
            guard !days.contains(where: { $0 >= 29 }) else { return nil }
            rule.byMonthDay = days
            return rule
        case .forward:
            guard filled.frequency == .yearly, months == [2], filled.byMonthDay == [29] else { return nil }
            rule.byMonth = []
            rule.byMonthDay = []
            rule.byYearDay = [60]
            return rule
        case .omit:
            return nil
        }
    }

    /// The rule without SKIP, for every day that exists, and a yearly rule
    /// per month of the year a day asked for can be missing from, for the
    /// day it moves to.
    private func union(_ filled: RecurrenceRule, long: [Int], skip: RecurrenceRule.Skip) -> [Piece]? {
        let months = Self.months(of: filled)
        let startDate = start.date
        var pieces: [Piece] = []
        // 29 February exists in leap years: where the rule for February
        // gives it then (the last day backward; day 60 forward, when the
        // 29th is the only day that moves), the plain rule leaves February
        // out for the 29th. Forward with a later day too, February's days
        // move to 1 March whatever the year, and the plain rule gives the 29th.
        let februaryTakesThe29th = long.contains(29) && months.contains(2) && (skip == .backward || long == [29])
        if februaryTakesThe29th {
            let short = filled.byMonthDay.filter { $0 < 29 }
            if !short.isEmpty {
                var rule = filled
                rule.byMonthDay = short
                pieces.append(Piece(rule: rule, start: start))
            }
            // As a yearly rule over the other months the rule selects:
            // sabre/vobject ignores BYMONTH in a monthly rule.
            guard filled.frequency == .yearly || 12 % filled.interval == 0 else { return nil }
            var rule = filled
            rule.byMonthDay = long
            if filled.frequency == .monthly {
                rule.frequency = .yearly
                rule.interval = 1
                rule.byMonth = months.filter { (($0 - start.date.month) % filled.interval + filled.interval) % filled.interval == 0 }
                    .map { RecurrenceRule.Month($0) }
            }
            rule.byMonth = rule.byMonth.filter { $0.number != 2 }
            guard !rule.byMonth.isEmpty else { return nil }
            pieces.append(Piece(rule: rule, start: start))
        } else {
            pieces.append(Piece(rule: filled, start: start))
        }

        // The moved days, per month of the year that can lack one.
        var moved: [(months: [Int], days: [Int], yearDays: [Int], start: LocalDateTime)] = []
        for month in months where long.contains(where: { $0 > Self.shortest(month) }) {
            // A yearly rule's first period is the start's whole year; a
            // moved day before the start is left out below.
            let from = filled.frequency == .yearly ? 1 - start.date.month : 0
            guard let first = firstSelected(month, of: filled, from: from) else { continue }
            let year = first.year
            switch skip {
            case .backward:
                moved.append(([month], [-1], [], LocalDateTime(date: CivilDate(year: year, month: month, day: 1), time: start.time)))
            case .forward:
                if month == 2 && long == [29] {
                    moved.append(([], [], [60], LocalDateTime(date: CivilDate(year: year, month: 1, day: 1), time: start.time)))
                } else {
                    let next = month == 12 ? (year + 1, 1) : (year, month + 1)
                    moved.append(([next.1], [1], [], LocalDateTime(date: CivilDate(year: next.0, month: next.1, day: 1), time: start.time)))
                }
            case .omit:
                return nil
            }
        }
        // Months moved to the same day in the same years are one rule.
        let yearly = yearlyInterval(of: filled)
        var merged: [(months: [Int], days: [Int], yearDays: [Int], start: LocalDateTime)] = []
        for entry in moved {
            if let index = merged.firstIndex(where: {
                $0.days == entry.days && $0.yearDays == entry.yearDays && $0.start.date.year == entry.start.date.year
            }) {
                merged[index].months += entry.months
                merged[index].start = min(merged[index].start, entry.start)
            } else {
                merged.append(entry)
            }
        }
        for entry in merged {
            var rule = RecurrenceRule(frequency: .yearly, interval: yearly)
            rule.byMonth = entry.months.sorted().map { RecurrenceRule.Month($0) }
            rule.byMonthDay = entry.days
            rule.byYearDay = entry.yearDays
            rule.byHour = filled.byHour
            rule.byMinute = filled.byMinute
            rule.bySecond = filled.bySecond
            rule.weekStart = filled.weekStart
            rule.weekStartIsExplicit = filled.weekStartIsExplicit
            // Never before the start: a moved day of the start's own month
            // is on or after it.
            pieces.append(Piece(rule: rule, start: max(entry.start, LocalDateTime(date: startDate, time: start.time))))
        }
        return pieces
    }

    /// Every how many years the rule selects a month of the year it selects
    /// at all: its INTERVAL for a yearly rule; for a monthly one, as many
    /// years as its INTERVAL takes to come round to the same month.
    private func yearlyInterval(of filled: RecurrenceRule) -> Int {
        guard filled.frequency == .monthly else { return filled.interval }
        var a = filled.interval, b = 12
        while b != 0 { (a, b) = (b, a % b) }
        return filled.interval / a
    }

    /// The first month `month` the rule selects from `offset` months after
    /// the start's on, as its first day.
    private func firstSelected(_ month: Int, of filled: RecurrenceRule, from offset: Int) -> CivilDate? {
        let startMonth = start.date.year * 12 + start.date.month - 1
        for year in (start.date.year - 1)...(start.date.year + 12 * max(1, filled.interval)) {
            let index = year * 12 + month - 1
            guard index >= startMonth + offset else { continue }
            let selected =
                filled.frequency == .monthly
                ? (index - startMonth) % max(1, filled.interval) == 0
                : (year - start.date.year) % max(1, filled.interval) == 0
            if selected { return CivilDate(year: year, month: month, day: 1) }
        }
        return nil
    }

    /// Whether `pieces` together give exactly the instances of `original`
    /// (the start counted when its rule selects it), through the span or
    /// the original's first 20,000.
    static func sameInstances(_ original: Schedule, _ pieces: [Schedule]) -> Bool {
        let limit = 20_000
        let theirs = Self.instances(of: original, limit: limit)
        guard let last = theirs.last else { return false }
        let bound = theirs.count == limit ? last : Int.max
        var ours: [Int] = []
        for piece in pieces {
            let own = Self.instances(of: piece, limit: limit + 1, through: bound)
            if own.count > limit { return false }
            ours += own
        }
        return ours.sorted() == theirs
    }

    /// The rule's instances as wall-clock seconds, in order: the start when
    /// the rule selects it, then the rest, up to `limit` of them or `bound`.
    private static func instances(of schedule: Schedule, limit: Int, through bound: Int = Int.max) -> [Int] {
        guard let rule = schedule.rule else { return [] }
        var expansion = schedule.makeExpansion(rule)
        var found: [Int] = []
        let first = expansion.next()
        if expansion.startSelected { found.append(WallTime(schedule.start).seconds) }
        var next = first
        while let value = next, value <= bound, found.count < limit {
            found.append(value)
            next = expansion.next()
        }
        return found
    }
}
