/// The wall-clock times a recurrence rule selects after its start, in order:
/// RFC 5545 §3.3.10 with RFC 7529's calendars, lazily, one period at a time.
///
/// Times are wall-clock seconds (`WallTime.seconds`), and days day numbers
/// (`DayNumber.value`), as plain integers inside this one type, whose loops
/// are the engine's hottest: the rule works on the wall clock, and
/// `Occurrences` turns each time into a `WallTime` and an instant.
///
/// How each BYxxx part acts depends on FREQ, as RFC 5545's table says
/// (expand: the part adds instances within the period; limit: it removes
/// them; N/A: not allowed, which `RecurrenceRule.validate()` reports):
///
/// ```
///             SECONDLY MINUTELY HOURLY DAILY  WEEKLY MONTHLY YEARLY
/// BYMONTH     limit    limit    limit  limit  limit  limit   expand
/// BYWEEKNO    n/a      n/a      n/a    n/a    n/a    n/a     expand
/// BYYEARDAY   limit    limit    limit  n/a    n/a    n/a     expand
/// BYMONTHDAY  limit    limit    limit  limit  n/a    expand  expand
/// BYDAY       limit    limit    limit  limit  expand note 1  note 2
/// BYHOUR      limit    limit    limit  expand expand expand  expand
/// BYMINUTE    limit    limit    expand expand expand expand  expand
/// BYSECOND    limit    expand   expand expand expand expand  expand
/// BYSETPOS    limit    limit    limit  limit  limit  limit   limit
/// ```
/// Note 1: limit when BYMONTHDAY is present, else expand to the weekdays
/// of the month. Note 2: limit when BYYEARDAY or BYMONTHDAY is present; else
/// the weekdays of the weeks BYWEEKNO names, or of the months BYMONTH names,
/// or of the year.
///
/// Every period (a year, month, week, day, hour, minute or second) is
/// expanded the same way: the days of the period that pass every date part
/// (so an expanding part and a limiting part are one filter on the days the
/// period holds), times the times of day, sorted, then BYSETPOS. An ordinal
/// BYDAY (`-1FR`) counts within the month for MONTHLY rules and for YEARLY
/// rules with BYMONTH, else within the year. What the rule leaves open comes
/// from the start (RFC 5545 §3.3.10, "derived from DTSTART"):
///
/// - YEARLY with no day or month part: the start's month and day;
///   with BYMONTH only: the start's day of the month; with BYMONTHDAY and no
///   BYMONTH, BYWEEKNO or BYYEARDAY: the start's month (2026-12-01 with
///   BYMONTHDAY=15 gives every December 15th); with BYWEEKNO and no day
///   part: the start's weekday.
/// - MONTHLY with neither BYMONTHDAY nor BYDAY: the start's day of the month,
///   so the 31st skips short months (2027-01-31, 2027-03-31, ...), never
///   moving into the next month.
/// - WEEKLY without BYDAY: the start's weekday.
/// - BYHOUR, BYMINUTE, BYSECOND: the start's hour, minute and second where
///   they expand and are absent.
///
/// Invalid dates are never made (February 30 is not a day a period holds);
/// with RSCALE and SKIP=BACKWARD or FORWARD they move to the month's last
/// day or the next month's first (RFC 7529 §3.1.2). A rule that matches no
/// day at all, such as yearly on February 30, ends once a full cycle of the
/// calendar (400 years times INTERVAL; a century for other calendars) passes
/// without an instance, and sets `searchExhausted`. No rule runs past the
/// end of the span remindc works in (a day past it, for the zones' offsets),
/// so no walk or count of a COUNT rule of a billion goes past it;
/// `Schedule.ruleCanMatch()` alone searches on to the end of year 9999.
struct RuleExpansion {
    private let frequency: RecurrenceRule.Frequency
    private let interval: Int
    private let filter: DayFilter
    /// Seconds of the day at which a selected day fires (DAILY and coarser).
    private let times: [Int]
    private let allowedHours: UInt32
    private let allowedMinutes: UInt64
    private let allowedSeconds: UInt64
    /// Minutes and seconds an HOURLY or MINUTELY period expands to.
    private let minutes: [Int]
    private let seconds: [Int]
    private let setPositions: [Int]
    private let skip: RecurrenceRule.Skip
    private let skipMonthDays: [Int]
    private var scale: CalendarScale

    private let start: Int
    /// The last wall-clock time this expansion reaches.
    private let end: Int
    var lastWallClock: Int { end }
    /// The last wall-clock time of the span remindc works in, and a day more:
    /// an instant of the span's last day is that late on some zone's clocks.
    static let endOfSpan = CivilDate(year: SupportedSpan.lastYear + 1, month: 1, day: 2).daysSinceEpoch * secondsPerDay - 1
    /// The last wall-clock time a search for whether a rule matches at all
    /// reaches: 9999-12-31T23:59:59.
    static let endOfSearch = CivilDate(year: 10_000, month: 1, day: 1).daysSinceEpoch * secondsPerDay - 1

    private enum Walk {
        /// One instance per period at a fixed distance: `start + k * step`.
        case stride(step: Int, next: Int)
        /// DAILY and coarser: `firstDay` is the current period's first day.
        case days(firstDay: Int)
        /// HOURLY and finer: `period` is the current period's first second,
        /// `origin` the first period's, `step` the distance between periods.
        case clock(period: Int, origin: Int, step: Int)
    }

    private var walk: Walk
    private var buffer: [Int] = []
    private var bufferIndex = 0
    private var finished = false
    /// The day of the last instance (or the start), for the search bound.
    private var lastHitDay: Int
    private let searchDays: Int
    /// For the clock walk: whether `checkedDay` passed the date filter.
    private var checkedDay = Int.min
    private var checkedDayPasses = false

    /// True once the rule's first period showed that it selects the start
    /// itself (read after the first `next()`).
    private(set) var startSelected = false

    /// True when the rule ended because no instance turned up within a full
    /// cycle of the calendar: it can never match again (or never did).
    private(set) var searchExhausted = false

    /// A rule starting at `start` (wall-clock seconds, the start's wall clock).
    /// `timesOfDay` (seconds since midnight, sorted) replaces the times of
    /// day for DAILY and coarser rules; `allDay` fixes every time at midnight.
    /// No instance comes after the wall clock `end`.
    init(rule: RecurrenceRule, start: Int, timesOfDay: [Int] = [], allDay: Bool = false, end: Int = RuleExpansion.endOfSpan) {
        self.start = start
        self.end = end
        frequency = rule.frequency
        interval = max(rule.interval, 1)
        skip = rule.calendar == nil ? .omit : (rule.skip ?? .omit)
        scale = rule.calendar.flatMap(CalendarScale.init(rscale:)) ?? .gregorian

        let startDay = start.floorDivided(by: secondsPerDay)
        let startSecond = start - startDay * secondsPerDay
        let startFacts = scale.facts(startDay)
        let (hour, minute, second) = (startSecond / 3600, startSecond % 3600 / 60, startSecond % 60)

        var rule = rule
        Self.fillFromStart(&rule, facts: startFacts)
        filter = DayFilter(rule: rule)
        // Only a period that holds months makes a month day that does not
        // exist (RFC 7529 §3.1.2); a daily or weekly BYMONTHDAY only limits.
        skipMonthDays = skip == .omit || !(frequency == .monthly || frequency == .yearly) ? [] : rule.byMonthDay

        let hours = rule.byHour.isEmpty ? [hour] : rule.byHour
        let ruleMinutes = rule.byMinute.isEmpty ? [minute] : rule.byMinute
        let ruleSeconds = (rule.bySecond.isEmpty ? [second] : rule.bySecond).filter { $0 < 60 }
        if allDay {
            times = [0]
        } else if !timesOfDay.isEmpty {
            times = Self.sortedUnique(timesOfDay)
        } else {
            times = Self.sortedUnique(hours.flatMap { h in ruleMinutes.flatMap { m in ruleSeconds.map { h * 3600 + m * 60 + $0 } } })
        }
        allowedHours = rule.byHour.isEmpty ? ~0 : rule.byHour.reduce(0) { $0 | 1 << UInt32($1) }
        allowedMinutes = rule.byMinute.isEmpty ? ~0 : rule.byMinute.reduce(0) { $0 | 1 << UInt64($1) }
        allowedSeconds = rule.bySecond.isEmpty ? ~0 : rule.bySecond.reduce(0) { $0 | (($1 < 60) ? 1 << UInt64($1) : 0) }
        minutes = Self.sortedUnique(ruleMinutes)
        seconds = Self.sortedUnique(ruleSeconds)
        setPositions = rule.bySetPosition

        lastHitDay = startDay
        // The Gregorian calendar repeats every 400 years; other calendars come
        // from Foundation's astronomy and are slow to search, so a rule that
        // finds nothing in them for a century is taken to find nothing.
        searchDays = scale.isGregorian ? 146_097 * interval : 36_525
        walk = .days(firstDay: startDay)
        walk = firstWalk(rule: rule, startDay: startDay, startSecond: startSecond, startFacts: startFacts)
        if !clockCanMatch() || !positionsCanMatch() { finish(exhausted: true) }
    }

    /// The next instance after the start, or nil when the rule has no more.
    mutating func next() -> Int? {
        if case .stride(let step, let next) = walk {
            startSelected = true
            guard next <= end else { return finish(exhausted: false) }
            walk = .stride(step: step, next: next + step)
            return next
        }
        while true {
            if bufferIndex < buffer.count {
                let value = buffer[bufferIndex]
                bufferIndex += 1
                if value > start { return value }
                if value == start { startSelected = true }
                continue
            }
            if finished { return nil }
            fillNextPeriod()
        }
    }

    /// Moves the walk on to the period that holds the wall-clock time
    /// `target` (wall-clock seconds), when it is behind it. Every instance left
    /// out is before `target`; the rest come as they would have. Periods
    /// are skipped whole: the instances of the period `target` falls in,
    /// and of one already filled, still come.
    mutating func skip(toward target: Int) {
        // SKIP=FORWARD moves a missing month day to the next month, past
        // its period: such rules are walked in full.
        guard !finished, skipMonthDays.isEmpty else { return }
        switch walk {
        case .stride(let step, let next):
            guard next < target else { return }
            walk = .stride(step: step, next: next + (target - next) / step * step)
        case .clock(let period, let origin, let step):
            let holding = origin + (target - origin).floorDivided(by: step) * step
            guard holding > period else { return }
            walk = .clock(period: holding, origin: origin, step: step)
            // No search for an instance has failed in what was skipped.
            lastHitDay = max(lastHitDay, holding.floorDivided(by: secondsPerDay))
        case .days(let firstDay):
            let targetDay = target.floorDivided(by: secondsPerDay)
            var day = firstDay
            switch frequency {
            case .daily, .weekly:
                // Period k runs over `length` days from `day + k * span`.
                let length = frequency == .weekly ? 7 : 1
                let span = length * interval
                let gap = targetDay - length - day
                if gap >= 0 { day += (gap / span + 1) * span }
            default:
                while true {
                    let length = frequency == .yearly ? scale.year(containing: day).length : scale.month(containing: day).length
                    guard day + length <= targetDay else { break }
                    var next = day
                    for _ in 0..<interval {
                        next += frequency == .yearly ? scale.year(containing: next).length : scale.month(containing: next).length
                    }
                    day = max(next, day + 1)
                }
            }
            guard day > firstDay else { return }
            walk = .days(firstDay: day)
            lastHitDay = max(lastHitDay, day - 1)
        }
    }

    // MARK: Setting up

    /// Fills what RFC 5545 derives from DTSTART; see the type's comment.
    static func fillFromStart(_ rule: inout RecurrenceRule, facts: DayFacts) {
        let month = RecurrenceRule.Month(facts.month, isLeap: facts.isLeapMonth)
        let weekday = RecurrenceRule.WeekdayOccurrence(Weekday.allCases[facts.weekdayIndex])
        switch rule.frequency {
        case .yearly:
            let noDayParts = rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
            if noDayParts {
                if rule.byMonth.isEmpty { rule.byMonth = [month] }
                rule.byMonthDay = [facts.dayOfMonth]
            } else if !rule.byMonthDay.isEmpty && rule.byMonth.isEmpty && rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty {
                rule.byMonth = [month]
            }
            if !rule.byWeekNumber.isEmpty && rule.byDay.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty {
                rule.byDay = [weekday]
            }
        case .monthly:
            if rule.byMonthDay.isEmpty && rule.byDay.isEmpty { rule.byMonthDay = [facts.dayOfMonth] }
        case .weekly:
            if rule.byDay.isEmpty { rule.byDay = [weekday] }
        default:
            break
        }
    }

    private func firstWalk(rule: RecurrenceRule, startDay: Int, startSecond: Int, startFacts: DayFacts) -> Walk {
        let noDateParts = rule.byMonth.isEmpty && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty
        let oneTime = times.count == 1 && times[0] == startSecond
        let plainStart = rule.bySetPosition.isEmpty && noDateParts
        switch frequency {
        case .yearly:
            return .days(firstDay: startDay - startFacts.dayOfYear + 1)
        case .monthly:
            return .days(firstDay: startDay - startFacts.dayOfMonth + 1)
        case .weekly:
            let weekOffset = Weekday.allCases[startFacts.weekdayIndex].days(after: rule.weekStart)
            let startWeekdayOnly = rule.byDay == [RecurrenceRule.WeekdayOccurrence(Weekday.allCases[startFacts.weekdayIndex])]
            if plainStart && oneTime && startWeekdayOnly && scale.isGregorian {
                return .stride(step: 7 * secondsPerDay * interval, next: start + 7 * secondsPerDay * interval)
            }
            return .days(firstDay: startDay - weekOffset)
        case .daily:
            if plainStart && oneTime && rule.byDay.isEmpty {
                return .stride(step: secondsPerDay * interval, next: start + secondsPerDay * interval)
            }
            return .days(firstDay: startDay)
        case .hourly, .minutely, .secondly:
            let unit = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
            let origin = start.floorDivided(by: unit) * unit
            let step = unit * interval
            if plainStart && rule.byDay.isEmpty && rule.byHour.isEmpty && rule.byMinute.isEmpty && rule.bySecond.isEmpty {
                return .stride(step: step, next: start + step)
            }
            return .clock(period: origin, origin: origin, step: step)
        }
    }

    /// For HOURLY and finer: false when no period start the interval reaches
    /// has a time of day BYHOUR, BYMINUTE and BYSECOND allow (every 2 seconds
    /// from an even second, on odd seconds), which no search would find.
    private func clockCanMatch() -> Bool {
        guard case .clock(_, let origin, let step) = walk else { return true }
        let unit = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
        let modulus = Self.gcd(step, secondsPerDay)
        let originSecond = origin - origin.floorDivided(by: secondsPerDay) * secondsPerDay
        var time = 0
        while time < secondsPerDay {
            if (time - originSecond) % modulus == 0 && clockAllows(time) { return true }
            time += unit
        }
        return false
    }

    /// For HOURLY and finer, every period that passes the limits holds the
    /// same number of instances; false when BYSETPOS picks none of them
    /// (SECONDLY with BYSETPOS=2).
    private func positionsCanMatch() -> Bool {
        guard case .clock = walk, !setPositions.isEmpty else { return true }
        let count =
            switch frequency {
            case .hourly: minutes.count * seconds.count
            case .minutely: seconds.count
            default: 1
            }
        return setPositions.contains { (1...count).contains($0) || (-count...(-1)).contains($0) }
    }

    /// Whether a period starting at `secondOfDay` passes the clock limits.
    private func clockAllows(_ secondOfDay: Int) -> Bool {
        let hour = secondOfDay / 3600, minute = secondOfDay % 3600 / 60, second = secondOfDay % 60
        guard allowedHours & (1 << UInt32(hour)) != 0 else { return false }
        if frequency <= .minutely && allowedMinutes & (1 << UInt64(minute)) == 0 { return false }
        if frequency == .secondly && allowedSeconds & (1 << UInt64(second)) == 0 { return false }
        return true
    }

    // MARK: Counted skipping

    /// Passes over instances below the wall clock `target`, at most `limit`
    /// of them, without making them, and says how many, so that a COUNT
    /// rule, which counts from its start, can be skipped too: a rule that
    /// steps at a fixed distance by arithmetic, others period by period
    /// (day by day for HOURLY and finer), each period's instances counted
    /// from its days and times. A rule with RFC 7529's SKIP=BACKWARD or
    /// FORWARD, whose invalid days move between periods, is left as it is
    /// (0). Every instance at or after `target` still comes, and some
    /// before it may.
    mutating func skipCounting(toward target: Int, atMost limit: Int) -> Int {
        guard !finished, limit > 0 else { return 0 }
        // No instance past the end exists to be counted.
        let reach = min(target, end + 1)
        switch walk {
        case .stride(let step, let next):
            guard next < reach else { return 0 }
            let passed = min((reach - next) / step, limit)
            walk = .stride(step: step, next: next + passed * step)
            return passed
        case .clock(let period, let origin, let step):
            return skipClockDays(from: period, toward: reach, atMost: limit, origin: origin, step: step)
        case .days(let firstDay):
            guard skipMonthDays.isEmpty, skip == .omit else { return 0 }
            return skipDayPeriods(from: firstDay, toward: reach, atMost: limit)
        }
    }

    /// HOURLY and finer: the rest of the current day through a copy of the
    /// walk, then whole days. A day that passes the day limits holds the
    /// periods whose time of day the clock limits allow, each with the same
    /// number of instances; which periods a day holds repeats with the
    /// period's first second of the day.
    private mutating func skipClockDays(from period: Int, toward reach: Int, atMost limit: Int, origin: Int, step: Int) -> Int {
        var day = period.floorDivided(by: secondsPerDay) + 1
        guard (day + 1) * secondsPerDay <= reach else { return 0 }
        var probe = self
        var passed = 0
        while true {
            guard let value = probe.next() else {
                // The rule ends within the day.
                self = probe
                return passed
            }
            if value >= day * secondsPerDay { break }
            passed += 1
            if passed > limit { return 0 }
        }
        let perPeriod = instancesPerClockPeriod()
        var periodsByFirstSecond: [Int: Int] = [:]
        func firstPeriod(of day: Int) -> Int {
            origin + Self.ceilingDivide(day * secondsPerDay - origin, step) * step
        }
        while (day + 1) * secondsPerDay <= reach {
            var count = 0
            if filter.isEmpty || filter.matches(scale.facts(day)) {
                let first = firstPeriod(of: day) - day * secondsPerDay
                let periods = periodsByFirstSecond[first] ?? stride(from: first, to: secondsPerDay, by: step).lazy.filter(clockAllows).count
                periodsByFirstSecond[first] = periods
                count = periods * perPeriod
                if count > 0 { lastHitDay = day }
            } else if day - lastHitDay > searchDays {
                finish(exhausted: true)
                return passed
            }
            guard passed + count <= limit else { break }
            passed += count
            day += 1
        }
        walk = .clock(period: firstPeriod(of: day), origin: origin, step: step)
        buffer.removeAll(keepingCapacity: true)
        bufferIndex = 0
        return passed
    }

    /// The instances of one HOURLY, MINUTELY or SECONDLY period the clock
    /// limits allow, after BYSETPOS.
    private func instancesPerClockPeriod() -> Int {
        let made =
            switch frequency {
            case .hourly: minutes.count * seconds.count
            case .minutely: seconds.count
            default: 1
            }
        return selected(of: made)
    }

    /// How many of a period's `made` instances BYSETPOS keeps.
    private func selected(of made: Int) -> Int {
        guard !setPositions.isEmpty else { return made }
        return Set(
            setPositions.compactMap { position -> Int? in
                let index = position > 0 ? position - 1 : made + position
                return index >= 0 && index < made ? index : nil
            }
        ).count
    }

    /// DAILY and coarser: what a filled period still holds, then whole
    /// periods, each its matching days times the times of day (only those
    /// after the start, in the start's period), of which BYSETPOS keeps
    /// some: the start's period is then filled, as which it keeps depends
    /// on the start.
    private mutating func skipDayPeriods(from firstDay: Int, toward reach: Int, atMost limit: Int) -> Int {
        let pending = buffer[bufferIndex...]
        if let last = pending.last, last >= reach { return 0 }
        let start = start
        var passed = pending.reduce(0) { $1 > start ? $0 + 1 : $0 }
        guard passed <= limit else { return 0 }
        var firstDay = firstDay
        while true {
            let (length, nextFirstDay) = periodBounds(from: firstDay)
            guard (firstDay + length) * secondsPerDay <= reach else { break }
            if !setPositions.isEmpty && firstDay * secondsPerDay <= start {
                // Filled, and counted as a filled period; what was pending is passed.
                buffer.removeAll(keepingCapacity: true)
                bufferIndex = 0
                fillDays(from: firstDay)
                let count = buffer.reduce(0) { $1 > start ? $0 + 1 : $0 }
                guard !finished, case .days(let next) = walk, passed + count <= limit else { return passed }
                passed += count
                bufferIndex = buffer.count
                firstDay = next
                continue
            }
            var count = 0
            for day in firstDay..<(firstDay + length) where filter.matches(scale.facts(day), substituteMonths: 0) {
                let midnight = day * secondsPerDay
                count += midnight > start ? times.count : times.reduce(0) { midnight + $1 > start ? $0 + 1 : $0 }
            }
            count = selected(of: count)
            guard passed + count <= limit else { break }
            passed += count
            if count > 0 {
                lastHitDay = firstDay
            } else if firstDay - lastHitDay > searchDays {
                finish(exhausted: true)
                return passed
            }
            firstDay = max(nextFirstDay, firstDay + 1)
        }
        bufferIndex = buffer.count
        walk = .days(firstDay: firstDay)
        return passed
    }

    // MARK: Periods

    private mutating func fillNextPeriod() {
        buffer.removeAll(keepingCapacity: true)
        bufferIndex = 0
        switch walk {
        case .stride:
            return
        case .days(let firstDay):
            fillDays(from: firstDay)
        case .clock(let period, let origin, let step):
            fillClock(period: period, origin: origin, step: step)
        }
    }

    /// The days of the DAILY, WEEKLY, MONTHLY or YEARLY period from
    /// `firstDay`, and the first day of the next one the interval reaches.
    private mutating func periodBounds(from firstDay: Int) -> (length: Int, nextFirstDay: Int) {
        switch frequency {
        case .yearly:
            var next = firstDay
            for _ in 0..<interval { next += scale.year(containing: next).length }
            return (scale.year(containing: firstDay).length, next)
        case .monthly:
            var next = firstDay
            for _ in 0..<interval { next += scale.month(containing: next).length }
            return (scale.month(containing: firstDay).length, next)
        case .weekly:
            return (7, firstDay + 7 * interval)
        default:
            return (1, firstDay + interval)
        }
    }

    /// One DAILY, WEEKLY, MONTHLY or YEARLY period.
    private mutating func fillDays(from firstDay: Int) {
        let (length, nextFirstDay) = periodBounds(from: firstDay)
        // A calendar that reports an empty month must not stall the walk.
        walk = .days(firstDay: max(nextFirstDay, firstDay + 1))
        guard firstDay * secondsPerDay <= end else {
            finish(exhausted: false)
            return
        }

        let substitutes = frequency == .yearly && skip != .omit ? substituteMonths(from: firstDay, length: length) : 0
        for day in firstDay..<(firstDay + length) {
            let facts = scale.facts(day)
            if filter.matches(facts, substituteMonths: substitutes) {
                for time in times { buffer.append(day * secondsPerDay + time) }
            }
        }
        if !skipMonthDays.isEmpty { addSkippedDays(from: firstDay, length: length) }
        selectPositions()
        if buffer.isEmpty {
            if firstDay - lastHitDay > searchDays { finish(exhausted: true) }
        } else {
            lastHitDay = firstDay
        }
        if let last = buffer.last, last > end {
            buffer.removeAll { $0 > end }
            finished = true
        }
    }

    /// One HOURLY, MINUTELY or SECONDLY period, skipping whole days, hours
    /// and minutes the limits rule out.
    private mutating func fillClock(period: Int, origin: Int, step: Int) {
        var period = period
        func aligned(atOrAfter target: Int) -> Int {
            origin + Self.ceilingDivide(target - origin, step) * step
        }
        while true {
            guard period <= end else {
                finish(exhausted: false)
                return
            }
            let day = period.floorDivided(by: secondsPerDay)
            if day != checkedDay {
                checkedDay = day
                checkedDayPasses = filter.isEmpty || filter.matches(scale.facts(day))
            }
            if !checkedDayPasses {
                if day - lastHitDay > searchDays {
                    finish(exhausted: true)
                    return
                }
                period = aligned(atOrAfter: (day + 1) * secondsPerDay)
                continue
            }
            let secondOfDay = period - day * secondsPerDay
            let hour = secondOfDay / 3600
            if allowedHours & (1 << UInt32(hour)) == 0 {
                period = frequency == .hourly ? period + step : aligned(atOrAfter: day * secondsPerDay + (hour + 1) * 3600)
                continue
            }
            let minute = secondOfDay % 3600 / 60
            if frequency <= .minutely && allowedMinutes & (1 << UInt64(minute)) == 0 {
                period = frequency == .minutely ? period + step : aligned(atOrAfter: period - secondOfDay % 60 + 60)
                continue
            }
            if frequency == .secondly && allowedSeconds & (1 << UInt64(secondOfDay % 60)) == 0 {
                period += step
                continue
            }
            switch frequency {
            case .hourly:
                for minute in minutes { for second in seconds { buffer.append(period + minute * 60 + second) } }
            case .minutely:
                for second in seconds { buffer.append(period + second) }
            default:
                buffer.append(period)
            }
            selectPositions()
            lastHitDay = day
            walk = .clock(period: period + step, origin: origin, step: step)
            return
        }
    }

    /// RFC 7529 SKIP=BACKWARD/FORWARD for leap months: a BYMONTH leap month
    /// (`5L`) this year does not have is replaced by the month before it
    /// (5) or after it (6). Returns a mask of the replacement month numbers.
    private mutating func substituteMonths(from firstDay: Int, length: Int) -> UInt32 {
        guard filter.leapMonthMask != 0 else { return 0 }
        var present: UInt32 = 0
        var monthStart = firstDay
        while monthStart < firstDay + length {
            let facts = scale.facts(monthStart)
            if facts.isLeapMonth { present |= 1 << UInt32(facts.month) }
            monthStart += facts.monthLength
        }
        var substitutes: UInt32 = 0
        for number in 1...13 where filter.leapMonthMask & (1 << UInt32(number)) != 0 && present & (1 << UInt32(number)) == 0 {
            substitutes |= 1 << UInt32(skip == .backward ? number : number + 1)
        }
        return substitutes
    }

    /// RFC 7529 SKIP=BACKWARD/FORWARD: BYMONTHDAY values a month of the
    /// period does not have move to its last day or the next month's first.
    private mutating func addSkippedDays(from firstDay: Int, length: Int) {
        var monthStart = firstDay
        var added = false
        while monthStart < firstDay + length {
            let month = scale.month(containing: monthStart)
            let facts = scale.facts(monthStart)
            defer { monthStart = month.start + month.length }
            guard filter.monthMatches(facts) else { continue }
            for value in skipMonthDays where abs(value) > month.length {
                let day: Int =
                    switch (skip, value > 0) {
                    case (.backward, true): month.start + month.length - 1
                    case (.forward, true): month.start + month.length
                    case (.backward, false): month.start - 1
                    default: month.start
                    }
                for time in times { buffer.append(day * secondsPerDay + time) }
                added = true
            }
        }
        if added { buffer = Self.sortedUnique(buffer) }
    }

    /// BYSETPOS over the period's sorted instances.
    private mutating func selectPositions() {
        guard !setPositions.isEmpty, !buffer.isEmpty else { return }
        let count = buffer.count
        var picked: [Int] = []
        for position in setPositions {
            let index = position > 0 ? position - 1 : count + position
            if index >= 0 && index < count { picked.append(buffer[index]) }
        }
        buffer = Self.sortedUnique(picked)
    }

    @discardableResult
    private mutating func finish(exhausted: Bool) -> Int? {
        finished = true
        if exhausted { searchExhausted = true }
        walk = .days(firstDay: Int.max / secondsPerDay)
        return nil
    }

    // MARK: Arithmetic

    static func ceilingDivide(_ value: Int, _ divisor: Int) -> Int {
        -(-value).floorDivided(by: divisor)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }

    static func sortedUnique(_ values: [Int]) -> [Int] {
        var sorted = values.sorted()
        var write = 0
        for index in sorted.indices where index == 0 || sorted[index] != sorted[write - 1] {
            sorted[write] = sorted[index]
            write += 1
        }
        sorted.removeLast(sorted.count - write)
        return sorted
    }
}
