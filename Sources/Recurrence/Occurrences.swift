extension Schedule {
    /// What days off do to a schedule: `if-holiday:`, and a repeat counted
    /// in working days.
    public struct DayOffRule: Sendable, Hashable {
        public var daysOff: DaysOff
        /// What an occurrence on a day off does.
        public var move: DayOffMove
        /// The rule's occurrences are periods (months or years, from the
        /// start's), each firing on its `workingDay`th working day (from
        /// the end when negative), at the start's time of day; none before
        /// the start.
        public var workingDay: Int?

        public init(daysOff: DaysOff, move: DayOffMove = .fire, workingDay: Int? = nil) {
            self.daysOff = daysOff
            self.move = move
            self.workingDay = workingDay
        }
    }
}

/// A schedule's occurrences in time order, lazily: its recurrence set,
/// then, where it has a `DayOffRule`, each moved off days off or left out,
/// or put on its period's working day.
///
/// - `count:` counts the rule's occurrences before they move (a skipped
///   one counts); in a working-day repeat, the occurrences it gives.
/// - UNTIL selects by the day an occurrence fires on after moving.
/// - Two that land at one instant are one occurrence.
public struct Occurrences: Sequence, IteratorProtocol {
    private var set: SetOccurrences
    /// The moves' state, when the schedule has days off: none or one, kept
    /// out of line so the iterator of a schedule without them stays small.
    fileprivate var adjusting: [Adjusting]

    /// The state of the moves: occurrences moved but not yet given, in
    /// time order, until no later one of the set can land before them.
    fileprivate struct Adjusting {
        let rule: Schedule.DayOffRule
        /// The schedule, to read a moved wall-clock time in its zone.
        let schedule: Schedule
        let start: WallTime
        let untilWallClock: WallTime?
        let untilInstant: Instant?
        /// The last day a set occurrence can be on and still land by UNTIL.
        let lastDay: DayNumber?
        /// How far before an occurrence's day the set occurrence it came
        /// from can be: the longest run of days off, or in a working-day
        /// repeat a whole period.
        let reachBack: Int
        var remaining: Int?
        var pending: [Occurrence] = []
        var lastDayRead = DayNumber(Int.min / 2)
        var setDone = false
        var lastInstant: Instant?
        var includesSkipped = false
        /// The day of the first of the set's occurrences left out since the
        /// last that landed.
        var leftOutSince: DayNumber?
    }

    /// The most days of a repeat's occurrences left out in a row before it
    /// is taken to have ended: ten years.
    static let longestLeftOut = 3_653

    init(_ schedule: Schedule) {
        guard let rule = schedule.dayOff else {
            set = SetOccurrences(schedule)
            adjusting = []
            return
        }
        var plain = schedule
        plain.dayOff = nil
        var untilWallClock: WallTime?, untilInstant: Instant?, remaining: Int?
        if let end = plain.rule?.end {
            switch end {
            case .until(.date(let date)): untilWallClock = date.dayNumber.advanced(by: 1).midnight.advanced(by: -1)
            case .until(.local(let local)): untilWallClock = WallTime(local)
            case .until(.utc(let utc)): untilInstant = WallTime(utc).instant(offset: 0)
            case .count(let count) where rule.workingDay != nil: remaining = count
            case .count, .never: break
            }
            // UNTIL applies after the moves (and a working-day repeat's
            // count to its working days).
            if untilWallClock != nil || untilInstant != nil || remaining != nil { plain.rule!.end = .never }
        }
        let start = WallTime(schedule.start)
        if rule.workingDay != nil {
            // The periods from the start's: the first of its month (or year).
            let date = schedule.start.date
            let first =
                plain.rule?.frequency == .yearly
                ? CivilDate(year: date.year, month: 1, day: 1)
                : CivilDate(year: date.year, month: date.month, day: 1)
            plain.start = LocalDateTime(date: first, time: schedule.start.time)
        }
        let margin = rule.daysOff.longestRun + 2
        let lastDay =
            untilWallClock.map { $0.day.advanced(by: margin) }
            ?? untilInstant.map { $0.wallTime(offset: 0).day.advanced(by: margin + 1) }
        set = SetOccurrences(plain)
        let period = rule.workingDay == nil ? 0 : (plain.rule?.frequency == .yearly ? 366 : 31) * (plain.rule?.interval ?? 1)
        adjusting = [
            Adjusting(
                rule: rule, schedule: plain, start: start, untilWallClock: untilWallClock, untilInstant: untilInstant,
                lastDay: lastDay, reachBack: (period + margin) * secondsPerDay, remaining: remaining)
        ]
    }

    /// Gives, from here on, the occurrences a day off leaves out
    /// (`if-holiday: skip`) too, in their place, marked `isSkipped`.
    public mutating func includeSkipped() {
        if !adjusting.isEmpty { adjusting[0].includesSkipped = true }
    }

    /// Leaves out, where it can without expanding them, occurrences whose
    /// wall-clock time is before `target`; see `SetOccurrences`. A move
    /// may bring a later one back before `target`, so the set is skipped
    /// to as far before it as a move reaches.
    public mutating func skip(toWallClock target: WallTime) {
        guard let adjusting = adjusting.first else { return set.skip(toWallClock: target) }
        guard adjusting.pending.isEmpty, adjusting.remaining == nil else { return }
        set.skip(toWallClock: target.advanced(by: -adjusting.reachBack))
    }

    /// For a COUNT rule, passes over all but the occurrences near its end;
    /// see `SetOccurrences`.
    public mutating func skipTowardTheEnd(keeping instances: Int, margin: Int) {
        guard let adjusting = adjusting.first else { return set.skipTowardTheEnd(keeping: instances, margin: margin) }
        guard adjusting.pending.isEmpty, adjusting.remaining == nil else { return }
        set.skipTowardTheEnd(keeping: instances, margin: margin + adjusting.reachBack)
    }

    public mutating func next() -> Occurrence? {
        guard !adjusting.isEmpty else { return set.next() }
        return nextAdjusted()
    }

    private mutating func nextAdjusted() -> Occurrence? {
        let reach = adjusting[0].rule.daysOff.longestRun + 2
        while true {
            // The first pending occurrence goes once nothing read later can
            // land before it.
            if let first = adjusting[0].pending.first,
                adjusting[0].setDone || first.wallClock.day < adjusting[0].lastDayRead.advanced(by: -reach)
            {
                adjusting[0].pending.removeFirst()
                if first.isSkipped { return first }
                if first.instant == adjusting[0].lastInstant { continue }
                if let remaining = adjusting[0].remaining {
                    if remaining == 0 { return nil }
                    adjusting[0].remaining = remaining - 1
                }
                adjusting[0].lastInstant = first.instant
                return first
            }
            if adjusting[0].setDone { return nil }
            guard let occurrence = set.next() else {
                adjusting[0].setDone = true
                continue
            }
            let day = occurrence.wallClock.day
            adjusting[0].lastDayRead = day
            if let lastDay = adjusting[0].lastDay, day > lastDay {
                adjusting[0].setDone = true
                continue
            }
            guard let landed = adjusting[0].land(occurrence) else {
                // A repeat whose every occurrence falls on a day off (weekly
                // on Saturday, skipped) gives none: after ten years of them
                // left out in a row, it has ended.
                if let first = adjusting[0].leftOutSince {
                    if first.distance(to: day) > Self.longestLeftOut { adjusting[0].setDone = true }
                } else {
                    adjusting[0].leftOutSince = day
                }
                continue
            }
            adjusting[0].leftOutSince = nil
            adjusting[0].hold(landed)
        }
    }
}

extension Occurrences.Adjusting {
    /// Where a set occurrence lands: moved off a day off, on its period's
    /// working day, or nil when it is left out (skipped, before the start,
    /// after UNTIL, or a period with too few working days).
    mutating func land(_ occurrence: Occurrence) -> Occurrence? {
        let day = occurrence.wallClock.day
        let target: DayNumber
        if let n = rule.workingDay {
            let date = day.date
            let yearly = schedule.rule?.frequency == .yearly
            let first = CivilDate(year: date.year, month: yearly ? 1 : date.month, day: 1).dayNumber
            let last =
                yearly
                ? CivilDate(year: date.year, month: 12, day: 31).dayNumber
                : CivilDate(year: date.year, month: date.month, day: CivilDate.daysIn(month: date.month, year: date.year)).dayNumber
            guard let working = rule.daysOff.workingDay(n, from: first, through: last) else { return nil }
            target = working
        } else {
            guard let destination = rule.daysOff.destination(of: day, rule.move) else {
                if includesSkipped, untilWallClock.map({ occurrence.wallClock <= $0 }) ?? true,
                    untilInstant.map({ occurrence.instant <= $0 }) ?? true
                {
                    var skipped = occurrence
                    skipped.isSkipped = true
                    hold(skipped)
                }
                return nil
            }
            target = destination
        }
        var landed = occurrence
        if target != day {
            let wallClock = target.midnight.advanced(by: occurrence.wallClock.seconds(since: day.midnight))
            let reading = schedule.reading(wallClock)
            landed = Occurrence(instant: reading.instant, offset: reading.offset, wallClock: wallClock, movedFrom: day)
        }
        if rule.workingDay != nil {
            landed.movedFrom = nil
            if landed.wallClock < start { return nil }
        }
        if let untilWallClock, landed.wallClock > untilWallClock { return nil }
        if let untilInstant, landed.instant > untilInstant { return nil }
        return landed
    }

    /// Puts a landed occurrence among the pending ones, by instant.
    mutating func hold(_ occurrence: Occurrence) {
        var index = pending.count
        while index > 0 && pending[index - 1].instant > occurrence.instant { index -= 1 }
        pending.insert(occurrence, at: index)
    }
}
