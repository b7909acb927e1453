import Support
import Foundation

/// Everything that decides when something happens: a start, an optional
/// recurrence rule with extra times of day, exceptions and additions, and
/// where its wall clock hangs. `occurrences()` expands it lazily.
///
/// This is RFC 5545's recurrence set (§3.8.5): DTSTART, RRULE, EXDATE and
/// RDATE. The start is always the first instance (even with an UNTIL before
/// it) and counts towards COUNT;
/// additions and exceptions apply after the rule (an exception also removes
/// an addition); an instant that comes up twice is one occurrence.
public struct Schedule: Sendable {
    /// Where wall-clock times become instants.
    public enum Placement: Sendable {
        /// At a fixed offset from UTC, seconds east (UTC is 0).
        case fixed(Int)
        /// In a zone with its daylight-saving changes.
        case zone(TimeZone)

        /// The offset from UTC at `instant`, seconds east.
        public func offset(at instant: Instant) -> Int {
            switch self {
            case .fixed(let offset): offset
            case .zone(let zone): WallClock.offset(of: zone, at: instant)
            }
        }

        var transitions: ZoneTransitions? {
            guard case .zone(let zone) = self else { return nil }
            return ZoneTransitions.shared(for: zone)
        }
    }

    /// A placement with its zone's table of changes found, for making many
    /// schedules in one zone: finding the table (shared by every thread)
    /// was most of the cost of making a schedule.
    public struct PlacedZone: Sendable {
        public let placement: Placement
        let transitions: ZoneTransitions?

        public init(_ placement: Placement) {
            self.placement = placement
            transitions = placement.transitions
        }

        /// The instant at which the clocks show `local`, by `WallClock`'s
        /// rules (a skipped time with the offset before the change, a
        /// repeated one the first time), read through the zone's table of
        /// changes rather than asking Foundation about each one.
        public func instant(of local: LocalDateTime) -> Instant {
            let wallClock = WallTime(local)
            switch placement {
            case .fixed(let offset):
                return wallClock.instant(offset: offset)
            case .zone(let zone):
                var offsets = ZoneOffsets(
                    zone: zone, table: transitions ?? ZoneTransitions.shared(for: zone),
                    from: wallClock.instant(offset: secondsPerDay))
                return offsets.read(wallClock).instant
            }
        }
    }

    /// A date or time to leave out (EXDATE).
    public enum Exception: Hashable, Sendable {
        /// Every occurrence whose wall-clock time falls on this date.
        case date(CivilDate)
        /// The occurrence at this wall-clock time.
        case wallClock(LocalDateTime)
        /// The occurrence at this instant.
        case instant(Instant)
    }

    /// An extra occurrence (RDATE).
    public enum Addition: Hashable, Sendable {
        /// On this date, at the start's time of day (all-day: that day).
        case date(CivilDate)
        case wallClock(LocalDateTime)
        case instant(Instant)
    }

    /// The first occurrence's wall-clock time (midnight for all-day).
    public var start: LocalDateTime
    public var isAllDay: Bool
    public var rule: RecurrenceRule?
    /// Times of day that replace the rule's (DAILY and coarser).
    public var timesOfDay: [CivilTime]
    public var exceptions: [Exception]
    public var additions: [Addition]
    /// Days off and what an occurrence on one does; nil: none.
    public var dayOff: DayOffRule?

    public var placement: Placement {
        didSet { transitions = placement.transitions }
    }

    /// The zone's shared table of transitions, looked up once when the
    /// placement is set rather than at every reading.
    @usableFromInline var transitions: ZoneTransitions?

    public init(
        start: LocalDateTime, isAllDay: Bool = false, rule: RecurrenceRule? = nil, timesOfDay: [CivilTime] = [],
        exceptions: [Exception] = [], additions: [Addition] = [], placement: Placement
    ) {
        self.init(
            start: start, isAllDay: isAllDay, rule: rule, timesOfDay: timesOfDay, exceptions: exceptions, additions: additions,
            in: PlacedZone(placement))
    }

    /// A schedule in a zone whose table is already found.
    public init(
        start: LocalDateTime, isAllDay: Bool = false, rule: RecurrenceRule? = nil, timesOfDay: [CivilTime] = [],
        exceptions: [Exception] = [], additions: [Addition] = [], in zone: PlacedZone
    ) {
        self.start = start
        self.isAllDay = isAllDay
        self.rule = rule
        self.timesOfDay = timesOfDay
        self.exceptions = exceptions
        self.additions = additions
        self.placement = zone.placement
        self.transitions = zone.transitions
    }

    /// The occurrences in time order, lazily: an endless rule costs only
    /// what is consumed.
    public func occurrences() -> Occurrences {
        Occurrences(self)
    }

    /// False when the rule can never select a time after the start (yearly
    /// on February 30): its search ran a full cycle of the calendar without
    /// an instance. A schedule without a rule always can.
    public func ruleCanMatch() -> Bool {
        guard let rule else { return true }
        if rule.matchesEveryPeriod { return true }
        var expansion = makeExpansion(rule, end: RuleExpansion.endOfSearch)
        return expansion.next() != nil || !expansion.searchExhausted
    }

    /// The first occurrence: the start, read in the schedule's zone. Cheaper
    /// than `occurrences().first`, which sets up the whole expansion.
    public var firstOccurrence: Occurrence {
        // Days off may move or leave out the start: the first is read.
        if dayOff != nil {
            var occurrences = occurrences()
            if let first = occurrences.next() { return first }
        }
        let wallClock = WallTime(start)
        let reading = reading(wallClock)
        return Occurrence(instant: reading.instant, offset: reading.offset, wallClock: wallClock)
    }

    /// An instant no occurrence comes before. Wall-clock times only grow
    /// from the start's, but a later one can be read earlier by as much as
    /// the zone's offset ever changes (a skipped 02:30 is read before the
    /// 03:00 after it); for a start outside the zone's table of 1900 to
    /// 2600, by up to two days. An addition may come before the start.
    public var earliestInstant: Instant {
        let wallClock = WallTime(start)
        var earliest = reading(wallClock).instant
        if case .zone(let zone) = placement {
            let table = transitions(of: zone)
            let inTable = wallClock.seconds >= table.lowestWallClock && wallClock.seconds < table.highestWallClock
            earliest = earliest.advanced(by: -(inTable ? table.spread : 2 * secondsPerDay))
        }
        if !additions.isEmpty, let first = additionOccurrences().first { earliest = min(earliest, first.instant) }
        // A move off days off goes back at most their longest run.
        if let dayOff { earliest = earliest.advanced(by: -(dayOff.daysOff.longestRun + 2) * secondsPerDay) }
        return earliest
    }

    /// The additions (RDATE) as occurrences, in time order. A date adds
    /// that day at the start's time of day.
    public func additionOccurrences() -> [Occurrence] {
        let startTime = isAllDay ? 0 : start.time.secondsSinceMidnight
        return additions.map { addition in
            switch addition {
            case .date(let date):
                let wallClock = date.dayNumber.midnight.advanced(by: startTime)
                let reading = reading(wallClock)
                return Occurrence(instant: reading.instant, offset: reading.offset, wallClock: wallClock)
            case .wallClock(let local):
                let wallClock = WallTime(local)
                let reading = reading(wallClock)
                return Occurrence(instant: reading.instant, offset: reading.offset, wallClock: wallClock)
            case .instant(let instant):
                let offset = placement.offset(at: instant)
                return Occurrence(instant: instant, offset: offset, wallClock: instant.wallTime(offset: offset))
            }
        }.sorted { ($0.instant, $0.wallClock) < ($1.instant, $1.wallClock) }
    }

    /// The occurrences the exceptions remove: what the schedule would have
    /// without them, at the dates, wall-clock times or instants they name.
    /// An exception that matches nothing removes nothing.
    public func excludedOccurrences() -> [Occurrence] {
        guard !exceptions.isEmpty else { return [] }
        var unexcepted = self
        unexcepted.exceptions = []
        var days = Set<DayNumber>()
        var instants = Set<Instant>()
        for exception in exceptions {
            switch exception {
            case .date(let date):
                days.insert(date.dayNumber)
            case .wallClock(let local):
                instants.insert(reading(WallTime(local)).instant)
            case .instant(let instant):
                instants.insert(instant)
            }
        }
        // The days the exceptions name, in order: the occurrences are read
        // near each, with the periods between passed over, so an exception
        // in 2582 costs what that day holds. An instant's day is its UTC
        // day; its wall clock anywhere is within a day of it.
        var targets = days.sorted()
        targets += instants.map { $0.wallTime(offset: 0).day }
        targets.sort()
        var excluded: [Occurrence] = []
        var occurrences = unexcepted.occurrences()
        var pending = occurrences.next()
        for target in targets {
            let from = target.advanced(by: -2).midnight
            occurrences.skip(toWallClock: from)
            if let occurrence = pending, occurrence.wallClock < from { pending = occurrences.next() }
            while let occurrence = pending {
                let day = occurrence.wallClock.day
                if day > target.advanced(by: 1) && occurrence.instant.wallTime(offset: 0).day > target.advanced(by: 1) { break }
                if days.contains(day) || instants.contains(occurrence.instant), excluded.last != occurrence {
                    excluded.append(occurrence)
                }
                pending = occurrences.next()
            }
        }
        return excluded
    }

    /// The last occurrence, or nil when there is no last (an endless rule).
    /// An UNTIL rule is read only near its end; a COUNT rule, which counts
    /// from the start, is passed over by counting to near where it runs out.
    public func lastOccurrence() -> Occurrence? {
        var occurrences = occurrences()
        switch rule?.end {
        case .never: return nil
        case .until(let until):
            let wallClock =
                switch until {
                case .date(let date): date.dayNumber.advanced(by: 1).midnight
                case .local(let local), .utc(let local): WallTime(local)
                }
            // Read from ever further back until a stretch before the end
            // holds an occurrence: a dense rule is read over days, a
            // monthly one whose last instance is weeks before UNTIL over
            // months, and the start is the last only when nothing follows.
            let first = occurrences.next()
            for days in [3, 40, 400, 4_000, 40_000, 400_000] {
                var tail = occurrences
                tail.skip(toWallClock: wallClock.advanced(by: -days * secondsPerDay))
                var last: Occurrence?
                while let next = tail.next() { last = next }
                if let last { return last }
            }
            return first
        case .count, nil:
            // Of the last instances, each exception may leave one out, and
            // one later by the wall clock may be read earlier by as much as
            // the zone's offset ever changes (under a day).
            occurrences.skipTowardTheEnd(keeping: exceptions.count + 1, margin: 2 * secondsPerDay)
            return occurrences.reduce(nil) { _, next in next }
        }
    }

    /// Whether the rule itself selects the start (RFC 5545 wants DTSTART to
    /// be "synchronized" with the rule; remindc keeps the start either way).
    public func ruleSelectsStart() -> Bool {
        guard let rule else { return false }
        var expansion = makeExpansion(rule)
        _ = expansion.next()
        return expansion.startSelected
    }

    func makeExpansion(_ rule: RecurrenceRule, end: Int = RuleExpansion.endOfSpan) -> RuleExpansion {
        RuleExpansion(
            rule: rule, start: WallTime(start).seconds,
            timesOfDay: timesOfDay.map(\.secondsSinceMidnight), allDay: isAllDay, end: end
        )
    }

    /// The instant of a wall-clock time under `placement`, by SPEC §1's
    /// rules for skipped and repeated times: through the zone's shared table
    /// of transitions, as the occurrences are read.
    func reading(_ wallClock: WallTime) -> ZoneOffsets.Reading {
        // Read through the zone's table in place where it can be: a reader
        // holds the zone and its table, and every schedule of a zone shares
        // them, so making one per reading had threads counting references
        // to the same objects.
        if let reading = transitions?.reading(wallClock) { return reading }
        switch placement {
        case .fixed(let offset):
            return ZoneOffsets.Reading(instant: wallClock.instant(offset: offset), offset: offset, moved: false)
        case .zone(let zone):
            // No offset is a day or more: the instant is after this anchor.
            var offsets = zoneOffsets(zone, from: wallClock.instant(offset: secondsPerDay))
            return offsets.read(wallClock)
        }
    }

    /// A reader of `zone` (the placement's) from the instant `anchor` on.
    func zoneOffsets(_ zone: TimeZone, from anchor: Instant) -> ZoneOffsets {
        ZoneOffsets(zone: zone, table: transitions(of: zone), from: anchor)
    }

    /// The table of `zone`, the placement's: the one found when it was set.
    private func transitions(of zone: TimeZone) -> ZoneTransitions {
        transitions ?? ZoneTransitions.shared(for: zone)
    }
}

/// One occurrence of a schedule.
///
/// Kept to three words (millions pass through a window): the offset, never
/// a day, as 32 bits, and what days off did to it as 32 more.
public struct Occurrence: Hashable, Sendable {
    public var instant: Instant
    /// The wall-clock time the rule selected. It differs from what clocks
    /// show (`shown`) only when a daylight-saving change skipped it: a
    /// rule's 02:30 on 2026-03-29 in Europe/Berlin happens when clocks show
    /// 03:30.
    public var wallClock: WallTime
    private var storedOffset: Int32
    /// 0 for an occurrence as its rule gave it; `skippedMark` for one a day
    /// off left out; otherwise the days a day off moved it by.
    private var mark: Int32 = 0
    private static let skippedMark = Int32.min

    /// The zone's offset from UTC at `instant`, seconds east.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Int32(truncatingIfNeeded: newValue) }
    }

    /// The day the rule chose, when a day off moved the occurrence
    /// (`if-holiday:`) to `wallClock`'s.
    public var movedFrom: DayNumber? {
        get { mark == 0 || mark == Self.skippedMark ? nil : wallClock.day.advanced(by: -Int(mark)) }
        set { mark = newValue.map { Int32($0.distance(to: wallClock.day)) } ?? 0 }
    }

    /// An occurrence a day off left out (`if-holiday: skip`), given only
    /// by `Occurrences.includeSkipped()`: it does not fire.
    public var isSkipped: Bool {
        get { mark == Self.skippedMark }
        set { mark = newValue ? Self.skippedMark : 0 }
    }

    public init(instant: Instant, offset: Int, wallClock: WallTime, movedFrom: DayNumber? = nil) {
        self.instant = instant
        self.wallClock = wallClock
        // An offset is under a day, well inside 32 bits.
        storedOffset = Int32(truncatingIfNeeded: offset)
        if let movedFrom { self.movedFrom = movedFrom }
    }

    /// What clocks in the zone show at the occurrence.
    public var shown: WallTime { instant.wallTime(offset: offset) }

    /// What clocks in the zone show at the occurrence, as a date and a time.
    public var local: LocalDateTime { shown.local }

    /// The date the rule selected.
    public var date: CivilDate { wallClock.day.date }
}

/// The occurrences of a schedule's recurrence set, in time order; see
/// `Schedule`. `Occurrences` moves them off days off.
struct SetOccurrences: Sequence, IteratorProtocol {
    private var expansion: RuleExpansion?
    private var zone: ZoneOffsets
    private let startWallClock: WallTime
    private var startPending = true
    private var remaining: Int?
    private let untilWallClock: WallTime?
    private let untilInstant: Instant?
    private var ruleDone = false
    /// Occurrences a daylight-saving gap moved, held until no later rule
    /// instance can come before them; sorted by instant.
    private var held: [Occurrence] = []
    private var heldIndex = 0
    private var releaseAfter = WallTime(seconds: .min)
    private var draining = false
    private var nextFromRule: Occurrence?
    private let additions: [Occurrence]
    private var additionIndex = 0
    private let exceptInstants: Set<Instant>
    private let exceptDays: Set<DayNumber>
    private var lastInstant: Instant?

    init(_ schedule: Schedule) {
        let start = WallTime(schedule.start)
        startWallClock = start
        expansion = schedule.rule.map { schedule.makeExpansion($0) }
        switch schedule.placement {
        case .fixed(let offset): zone = ZoneOffsets(fixedOffset: offset)
        case .zone(let timeZone): zone = schedule.zoneOffsets(timeZone, from: start.instant(offset: 3 * secondsPerDay))
        }
        var untilWallClock: WallTime?
        var untilInstant: Instant?
        switch schedule.rule?.end {
        case .count(let count): remaining = count
        case .until(.date(let date)): untilWallClock = date.dayNumber.advanced(by: 1).midnight.advanced(by: -1)
        case .until(.local(let local)): untilWallClock = WallTime(local)
        case .until(.utc(let utc)): untilInstant = WallTime(utc).instant(offset: 0)
        case .never, nil: break
        }
        self.untilWallClock = untilWallClock
        self.untilInstant = untilInstant

        additions = schedule.additionOccurrences()

        var exceptInstants = Set<Instant>()
        var exceptDays = Set<DayNumber>()
        for exception in schedule.exceptions {
            switch exception {
            case .date(let date): exceptDays.insert(date.dayNumber)
            case .wallClock(let local): exceptInstants.insert(schedule.reading(WallTime(local)).instant)
            case .instant(let instant): exceptInstants.insert(instant)
            }
        }
        self.exceptInstants = exceptInstants
        self.exceptDays = exceptDays
    }

    /// Leaves out, where it can without expanding them, the occurrences
    /// whose wall-clock time is before `target`: the start and
    /// whole periods of the rule. Every occurrence at or after `target` still
    /// comes, in order; some before it may too, so a caller still checks. A
    /// COUNT rule, which counts from its start, is passed over by counting
    /// what it leaves out; additions are left as they are.
    mutating func skip(toWallClock target: WallTime) {
        if remaining != nil {
            skipCounting(toWallClock: target.seconds, keeping: 0)
            return
        }
        guard !ruleDone, !draining, heldIndex >= held.count else { return }
        if let peeked = nextFromRule {
            guard peeked.wallClock < target else { return }
            nextFromRule = nil
        }
        if startPending {
            guard startWallClock < target else { return }
            startPending = false
        }
        expansion?.skip(toward: target.seconds)
    }

    /// `skip(toWallClock:)` for a COUNT rule, which counts from its start:
    /// the rule passes over its instances by counting them
    /// (`RuleExpansion.skipCounting`), leaving at least `keeping` of those
    /// the count allows. A rule it cannot count so is walked.
    private mutating func skipCounting(toWallClock target: Int, keeping: Int) {
        guard let left = remaining, !ruleDone, !draining, heldIndex >= held.count, expansion != nil else { return }
        var count = left
        if let peeked = nextFromRule {
            // Counted when it was read.
            guard peeked.wallClock.seconds < target, count > keeping else { return }
            nextFromRule = nil
        }
        if startPending {
            guard startWallClock.seconds < target, count > keeping else { return }
            startPending = false
            count -= 1
        }
        count -= expansion!.skipCounting(toward: target, atMost: count - keeping)
        remaining = count
    }

    /// For a COUNT rule, passes over all but the instances near its end:
    /// the last `instances`, and all in the last `margin` seconds of wall
    /// clock, so the last occurrence is found without walking the count.
    /// A copy finds where the count runs out (or the rule, at the end of
    /// the span); the walk then skips to `margin` before it.
    mutating func skipTowardTheEnd(keeping instances: Int, margin: Int) {
        guard remaining != nil, let expansion else { return }
        var probe = self
        probe.skipCounting(toWallClock: .max, keeping: instances)
        let stop = probe.next()?.wallClock.seconds ?? expansion.lastWallClock
        skipCounting(toWallClock: stop - margin, keeping: instances)
    }

    // Inlined into `Occurrences.next()`, its one caller for a schedule
    // without days off: a call less per occurrence.
    @inline(__always)
    mutating func next() -> Occurrence? {
        while true {
            if nextFromRule == nil { nextFromRule = nextRuleInstance() }
            let candidate: Occurrence
            if additionIndex < additions.count, nextFromRule.map({ additions[additionIndex].instant < $0.instant }) ?? true {
                candidate = additions[additionIndex]
                additionIndex += 1
            } else if let fromRule = nextFromRule {
                candidate = fromRule
                nextFromRule = nil
            } else {
                return nil
            }
            if candidate.instant == lastInstant { continue }
            if !exceptInstants.isEmpty && exceptInstants.contains(candidate.instant) { continue }
            if !exceptDays.isEmpty && exceptDays.contains(candidate.wallClock.day) { continue }
            lastInstant = candidate.instant
            return candidate
        }
    }

    /// The rule's next instance in time order, with COUNT and UNTIL applied.
    private mutating func nextRuleInstance() -> Occurrence? {
        while true {
            if draining || (ruleDone && heldIndex < held.count) {
                if heldIndex < held.count {
                    defer { heldIndex += 1 }
                    return held[heldIndex]
                }
                draining = false
                held.removeAll(keepingCapacity: true)
                heldIndex = 0
            }
            if ruleDone { return nil }

            let wallClock: WallTime
            let isStart = startPending
            if startPending {
                startPending = false
                wallClock = startWallClock
            } else if let value = expansion?.next() {
                // The expansion counts in wall-clock seconds.
                if value == startWallClock.seconds { continue }
                wallClock = WallTime(seconds: value)
            } else {
                ruleDone = true
                continue
            }
            if let count = remaining {
                guard count > 0 else {
                    ruleDone = true
                    continue
                }
                remaining = count - 1
            }
            // The start is always the first occurrence, even after UNTIL.
            if let untilWallClock, wallClock > untilWallClock, !isStart {
                ruleDone = true
                continue
            }
            let reading = zone.read(wallClock)
            if let untilInstant, reading.instant > untilInstant, !isStart {
                if reading.moved { continue }
                ruleDone = true
                continue
            }
            let occurrence = Occurrence(instant: reading.instant, offset: reading.offset, wallClock: wallClock)
            guard reading.moved || !held.isEmpty else { return occurrence }
            hold(occurrence)
            if reading.moved {
                // Clocks skipped `gap` seconds here; until the rule passes the
                // wall clock this occurrence now shows, a later instance may
                // come earlier (or at the same instant).
                let gap = reading.offset - wallClock.seconds(since: reading.instant.wallTime(offset: 0))
                releaseAfter = Swift.max(releaseAfter, wallClock.advanced(by: gap))
            } else if wallClock > releaseAfter {
                draining = true
            }
        }
    }

    /// Inserts into `held` by instant, once per instant.
    private mutating func hold(_ occurrence: Occurrence) {
        var index = held.count
        while index > heldIndex && held[index - 1].instant > occurrence.instant { index -= 1 }
        if index > heldIndex && held[index - 1].instant == occurrence.instant { return }
        held.insert(occurrence, at: index)
    }
}

extension RecurrenceRule {
    /// The rule with what it leaves open taken from `start` the way the
    /// engine takes it (RFC 5545 §3.3.10): a monthly rule without days gets
    /// the start's day of the month, a weekly one the start's weekday, and so
    /// on. Writers that spell a rule out in another syntax start from this.
    public func resolved(start: LocalDateTime) -> RecurrenceRule {
        var scale = self.calendar.flatMap(CalendarScale.init(rscale:)) ?? .gregorian
        var rule = self
        RuleExpansion.fillFromStart(&rule, facts: scale.facts(start.date.daysSinceEpoch))
        return rule
    }
}
