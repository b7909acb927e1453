import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// The `OnCalendar=` values of a reminder's timer, chosen so that the timer
/// elapses at every alert to come and as seldom as it can otherwise:
///
/// - a rule systemd's calendar syntax can say (weekday lists, days of the
///   month, months, times of day, steps that divide an hour or a day) is
///   said exactly, once per set of times that share their minute and
///   second, with the daylight-saving gaps' late times besides;
/// - a rule it cannot say (every 2 weeks, the last Friday, BYSETPOS,
///   another calendar scale) has its alerts of the coming months written
///   one by one (at most `oneByOne`, whole months, at most
///   `monthsOneByOne`), then the smallest superset it can say, from the
///   month after; `remindc systemd --install` again renews them;
/// - a rule that ends (count, until) with at most `oneByOne` alerts to
///   come is written one by one, so the timer has nothing left to elapse
///   at after the last; one with more is bounded by its last alert's year;
/// - a rule that begins more than a week later elapses from its first day;
/// - a reminder with no alert to come has no events, and no timer.
///
/// One-by-one alerts are written in UTC, or, for a floating reminder, in
/// the machine's clock (systemd's own), which is what floating means.
extension SystemdWriter {
    /// At most this many alerts are written one by one.
    static let oneByOne = 200
    /// Alerts are written one by one at most this many months ahead.
    static let monthsOneByOne = 13

    /// The events of one alert of `reminder` (the writer passes one
    /// `before` at a time) that elapse at each of its alerts after `now`.
    func calendarEvents(_ reminder: Reminder, timing: Timing, gaps zoneGaps: [String: [Gap]]) -> [String] {
        let (suffix, shift) = Self.clock(of: reminder)
        let clock = WritingClock(reminder: reminder, floatingZone: timing.floatingZone)
        let upcoming = Self.alerts(of: reminder, timing: timing, after: options.now)
        // The first alerts, one more than are written one by one.
        var soon: [Instant] = []
        while soon.count <= Self.oneByOne, let alert = upcoming.next() { soon.append(alert) }
        guard let repeats = reminder.repeats, soon.count > Self.oneByOne else {
            // None to come, or an end within `oneByOne`: each written, nothing after.
            return soon.compactMap(clock.oneOff)
        }
        var pattern = Pattern(rule: repeats.rule, times: repeats.times, start: Self.startTime(of: reminder), shift: shift)
        if case .named(let name) = reminder.timeZone, let gaps = zoneGaps[name] { pattern.addLateTimes(gaps) }
        if let dayOff = reminder.dayOff {
            // Days off leave alerts out, or move them to days the rule does
            // not name: the coming ones one by one, then the rule's days
            // (or, where they move, every day) at its times, of which the
            // guard (`remindc due`) lets the alerts through.
            pattern.isExact = false
            if dayOff.move != .skip || dayOff.workingDay != nil { pattern.elapseEveryDay() }
        }
        if reminder.writtenLeads[0].duration == nil {
            // An alert working days before comes a number of days before
            // that the days off decide: every day at its times, likewise.
            pattern.isExact = false
            pattern.elapseEveryDay()
        }

        // The start and each `also` are occurrences whether or not the rule
        // selects them (RFC 5545 §3.8.5.3): events of their own, when to come.
        let now = clock.patternReading(options.now)
        var events = Self.exactAlerts(reminder).map(\.time).filter { Self.calendarYears.contains($0.date.year) && now < $0 }
            .map { "\($0.date) \($0.time)\(suffix)" }
        let firstMonth = clock.month(of: soon[0])
        // A rule that begins more than a week later elapses from its first
        // alert's day on (sooner, the few elapses saved are not worth the
        // longer timer).
        var from: Pattern.Day?
        if let begins = Self.alerts(of: reminder, timing: timing, after: nil).next(),
            begins > options.now.advanced(by: 7 * secondsPerDay)
        {
            let day = clock.patternReading(begins).date
            from = (day.year, day.month, day.day)
        }
        if !pattern.isExact {
            // The coming months' alerts one by one, whole months on the
            // events' clock, then the pattern from the next month.
            var cut = firstMonth + Self.monthsOneByOne
            var written: [Instant] = []
            var pending = soon.makeIterator()
            while let alert = pending.next() ?? upcoming.next() {
                let month = clock.month(of: alert)
                if month >= cut { break }
                if written.count == Self.oneByOne {
                    cut = month
                    break
                }
                written.append(alert)
            }
            if cut > firstMonth {
                events += written.filter { clock.month(of: $0) < cut }.compactMap(clock.oneOff)
                from = (cut / 12, cut % 12 + 1, 1)
            }
        }
        let through = Self.lastDay(of: reminder, timing: timing, clock: clock)
        // Each event once, in order: a set beside the list, since a repeat
        // every second lists thousands.
        var seen = Set(events)
        for event in pattern.events(from: from, through: through, today: (now.date.year, now.date.month, now.date.day), suffix: suffix)
        where seen.insert(event).inserted {
            events.append(event)
        }
        return events
    }

    /// The alerts of `reminder` (one `before`) after `now` (all when nil), in order.
    static func alerts(of reminder: Reminder, timing: Timing, after now: Instant?) -> AnyIterator<Instant> {
        let zone = reminder.timeZone == .floating ? timing.floatingZone : reminder.timeZone.foundationZone
        var occurrences = timing.schedule.occurrences()
        if let now { occurrences.skip(toWallClock: now.wallTime(offset: reminder.wallClockLeads[0] - 2 * secondsPerDay)) }
        return AnyIterator {
            while let occurrence = occurrences.next() {
                let alert = reminder.alertInstants(of: occurrence, in: zone, clock: .wallClock)[0]
                if now.map({ alert > $0 }) ?? true { return alert }
            }
            return nil
        }
    }

    /// The day of the last alert of a rule that ends, on the clock its
    /// events are written in; nil for one that does not, or that has more
    /// than 100,000 alerts.
    static func lastDay(of reminder: Reminder, timing: Timing, clock: WritingClock) -> Pattern.Day? {
        guard let rule = reminder.repeats?.rule, rule.end != .never else { return nil }
        var last: Instant?
        var count = 0
        for alert in alerts(of: reminder, timing: timing, after: nil) {
            last = alert
            count += 1
            if count > 100_000 { return nil }
        }
        return last.map { instant in
            let date = clock.patternReading(instant).date
            return (date.year, date.month, date.day)
        }
    }

    /// The clocks of a reminder's events: the one its rule's events are
    /// written in (its zone; UTC for a fixed offset; the machine's for a
    /// floating one), and the one its alerts written one by one are (UTC,
    /// or the machine's for a floating reminder).
    struct WritingClock {
        var patternZone: TimeZone
        /// The machine's zone for a floating reminder; nil: UTC.
        var floatingZone: TimeZone?

        init(reminder: Reminder, floatingZone: TimeZone) {
            switch reminder.timeZone {
            case .floating:
                patternZone = floatingZone
                self.floatingZone = floatingZone
            case .named:
                patternZone = reminder.timeZone.foundationZone
            case .utc, .offset:
                patternZone = TimeZone(identifier: "UTC")!
            }
        }

        static func reading(_ instant: Instant, in zone: TimeZone) -> LocalDateTime {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970)))
            return instant.wallTime(offset: offset).local
        }

        func patternReading(_ instant: Instant) -> LocalDateTime {
            Self.reading(instant, in: patternZone)
        }

        /// Months since year 0 on the pattern's clock: `year * 12 + month - 1`.
        func month(of instant: Instant) -> Int {
            let date = patternReading(instant).date
            return date.year * 12 + date.month - 1
        }

        /// `2026-12-05 08:00:00 UTC`, or the machine's reading for a
        /// floating reminder; nil past the years systemd can name.
        func oneOff(_ instant: Instant) -> String? {
            let local = floatingZone.map { Self.reading(instant, in: $0) } ?? instant.utc
            guard SystemdWriter.calendarYears.contains(local.date.year) else { return nil }
            return "\(local.date) \(local.time)" + (floatingZone == nil ? " UTC" : "")
        }
    }

    /// What systemd's calendar syntax says of a rule: a date part and the
    /// times of day, and whether that is the rule exactly.
    struct Pattern {
        var weekdaySet = Set<Weekday>()
        var weekdays: String { Self.names(weekdaySet) }
        var months: [Int]?
        var monthDays: [Int]?
        /// The times of day, as seconds since midnight on the writing clock.
        var times: Set<Int> = []
        /// The times of day of a step that does not divide the day: a
        /// superset (`*:*:05`), instead of `times`.
        var superset: String?
        /// The times a daylight-saving gap moves an alert to (past
        /// midnight when it ends after it), and the gap.
        var late: [(second: Int, gap: Gap)] = []
        var isExact = true

        init(rule: RecurrenceRule, times extraTimes: [CivilTime], start: LocalDateTime, shift: Int) {
            let (hour, minute, second) = (start.time.hour, start.time.minute, start.time.second)
            let seconds = rule.bySecond.isEmpty ? [second] : rule.bySecond
            let minutes = rule.byMinute.isEmpty ? [minute] : rule.byMinute
            var written: [Int] = []
            // RFC 5545's table: for a step under a day, BYHOUR limits, and
            // BYMINUTE and BYSECOND limit a step under them and expand one
            // over them.
            switch rule.frequency {
            case .secondly where secondsPerDay % rule.interval == 0:
                let first = (hour * 3600 + minute * 60 + second) % rule.interval
                written = stride(from: first, to: secondsPerDay, by: rule.interval).filter { of in
                    (rule.byHour.isEmpty || rule.byHour.contains(of / 3600))
                        && (rule.byMinute.isEmpty || rule.byMinute.contains(of / 60 % 60))
                        && (rule.bySecond.isEmpty || rule.bySecond.contains(of % 60))
                }
            case .minutely where 1440 % rule.interval == 0:
                let first = (hour * 60 + minute) % rule.interval
                for of in stride(from: first, to: 1440, by: rule.interval)
                where (rule.byHour.isEmpty || rule.byHour.contains(of / 60)) && (rule.byMinute.isEmpty || rule.byMinute.contains(of % 60)) {
                    written += seconds.map { of * 60 + $0 }
                }
            case .hourly where 24 % rule.interval == 0:
                for of in stride(from: hour % rule.interval, to: 24, by: rule.interval)
                where rule.byHour.isEmpty || rule.byHour.contains(of) {
                    written += minutes.flatMap { minute in seconds.map { of * 3600 + minute * 60 + $0 } }
                }
            case .secondly, .minutely, .hourly:
                // A step that does not divide the day: its times are not the
                // same each day. Every second; each minute at the seconds it
                // alerts at; each hour at its minutes and seconds.
                isExact = false
                switch rule.frequency {
                case .secondly:
                    superset = "*:*:*"
                case .minutely:
                    superset = "*:*:" + Self.list(Set(seconds.map { ($0 - shift).floorModulo(60) }).sorted())
                default:
                    let ofHour = Set(minutes.flatMap { minute in seconds.map { (minute * 60 + $0 - shift).floorModulo(3600) } })
                    superset =
                        "*:" + Self.list(Set(ofHour.map { $0 / 60 }).sorted()) + ":" + Self.list(Set(ofHour.map { $0 % 60 }).sorted())
                }
                setDays(rule, start: start, dayMoves: [0, 1, -1])
                return
            case .daily, .weekly, .monthly, .yearly:
                if rule.interval != 1 { isExact = false }
                let hours = rule.byHour.isEmpty ? [hour] : rule.byHour
                written = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
            }
            written += extraTimes.map { $0.hour * 3600 + $0.minute * 60 + $0.second }
            var dayMoves = Set<Int>()
            for second in written {
                times.insert((second - shift).floorModulo(secondsPerDay))
                dayMoves.insert((second - shift).floorDivided(by: secondsPerDay))
            }
            setDays(rule, start: start, dayMoves: dayMoves)
        }

        /// Every day, at the times of day.
        mutating func elapseEveryDay() {
            weekdaySet = []
            months = nil
            monthDays = nil
        }

        /// The date part: the rule's weekdays, months and days of the month
        /// (their defaults from the start for WEEKLY, MONTHLY and YEARLY),
        /// on the alerts' own day or, when `before` moves every alert by
        /// the same days, weekdays moved with them; every day otherwise.
        mutating func setDays(_ rule: RecurrenceRule, start: LocalDateTime, dayMoves: Set<Int>) {
            let gregorian = rule.calendar == nil || rule.calendar == "gregorian"
            guard gregorian, rule.bySetPosition.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty,
                rule.byDay.allSatisfy({ $0.ordinal == nil }), rule.byMonthDay.allSatisfy({ $0 > 0 }),
                rule.byMonth.allSatisfy({ !$0.isLeap })
            else {
                isExact = false
                return
            }
            var weekdays = Set<Weekday>()
            if !rule.byDay.isEmpty {
                weekdays = Set(rule.byDay.map(\.weekday))
            } else if rule.frequency == .weekly {
                weekdays = [start.date.weekday]
            }
            let noDayParts = rule.byDay.isEmpty && rule.byMonthDay.isEmpty
            if !rule.byMonth.isEmpty {
                months = Set(rule.byMonth.map(\.number)).sorted()
            } else if rule.frequency == .yearly && noDayParts {
                months = [start.date.month]
            }
            if !rule.byMonthDay.isEmpty {
                monthDays = Set(rule.byMonthDay).sorted()
            } else if (rule.frequency == .monthly || rule.frequency == .yearly) && noDayParts {
                monthDays = [start.date.day]
            }
            guard dayMoves != [0] else {
                weekdaySet = weekdays
                return
            }
            // `before` moves alerts to other days: weekdays move along when
            // all move alike; months and days of the month cannot.
            if dayMoves.count == 1, let move = dayMoves.first, months == nil, monthDays == nil {
                weekdaySet = Set(weekdays.map { Weekday(rawValue: ($0.rawValue - 1 + move).floorModulo(7) + 1)! })
                return
            }
            if !weekdays.isEmpty || months != nil || monthDays != nil { isExact = false }
            months = nil
            monthDays = nil
            weekdaySet = []
        }

        static func names(_ weekdays: Set<Weekday>) -> String {
            guard !weekdays.isEmpty else { return "" }
            let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            return Weekday.allCases.filter(weekdays.contains).map { names[$0.days(after: .monday)] }.joined(separator: ",") + " "
        }

        /// systemd skips a time of day a daylight-saving change skips; the
        /// alert comes as late as the gap is long (RFC 5545 §3.3.5), so that
        /// later time elapses too, on the days the zone has such a gap.
        mutating func addLateTimes(_ gaps: [Gap]) {
            for second in times {
                for gap in gaps where gap.start <= second && second < gap.start + gap.length {
                    late.append((second + gap.length, gap))
                }
            }
        }

        /// A day on the events' clock.
        typealias Day = (year: Int, month: Int, day: Int)

        /// The events, for the days from `from` (every day when nil; from
        /// `today` on when `through` is said) through `through` (or the end
        /// of 2199).
        func events(from: Day?, through: Day?, today: Day, suffix: String) -> [String] {
            let clock = superset.map { [$0] } ?? Self.clockTimes(times)
            let spans: [Span]
            if from == nil && through == nil {
                spans = [("*", months, monthDays)]
            } else {
                spans = self.spans(from: from ?? today, through: through ?? (SystemdWriter.calendarYears.upperBound, 12, 31))
            }
            var events = spans.flatMap { span in
                clock.map {
                    "\(weekdays)\(span.years)-\(span.months.map { Self.list($0) } ?? "*")-\(span.days.map { Self.list($0) } ?? "*") \($0)\(suffix)"
                }
            }
            for (second, gap) in late {
                let time = "\(zeroPadded(second / 3600 % 24)):\(zeroPadded(second / 60 % 60)):\(zeroPadded(second % 60))"
                guard second < secondsPerDay else {
                    // Moved past midnight: to the next day, which the date part cannot say.
                    events += spans.map { "\($0.years)-*-* \(time)\(suffix)" }
                    continue
                }
                // Only the days such a gap falls on, of the rule's own.
                let lateWeekdays = weekdaySet.isEmpty ? gap.weekdays : weekdaySet.intersection(gap.weekdays)
                for span in spans {
                    let lateDays = (span.days.map(Set.init) ?? gap.monthDays).intersection(gap.monthDays).sorted()
                    let lateMonths = Set(span.months ?? Array(1...12)).intersection(gap.months).sorted()
                    guard !lateDays.isEmpty, !lateMonths.isEmpty, !lateWeekdays.isEmpty else { continue }
                    events.append(
                        "\(Self.names(lateWeekdays))\(span.years)-\(Self.list(lateMonths))-\(Self.list(lateDays)) \(time)\(suffix)")
                }
            }
            return events
        }

        /// Years, months (nil: the rule's), days of the month (nil: the rule's).
        typealias Span = (years: String, months: [Int]?, days: [Int]?)

        /// The rule's dates from `first` through `last`, as few date parts
        /// as say them: the rest of the first month, the rest of its year,
        /// whole years, the last year's months, the last month's days.
        func spans(from first: Day, through last: Day) -> [Span] {
            guard (first.year, first.month, first.day) <= (last.year, last.month, last.day) else { return [] }
            func days(_ range: ClosedRange<Int>) -> [Int]? {
                range == 1...31 ? monthDays : (monthDays ?? Array(1...31)).filter(range.contains)
            }
            func monthsOf(_ range: ClosedRange<Int>) -> [Int]? {
                range == 1...12 ? months : (months ?? Array(1...12)).filter(range.contains)
            }
            var spans: [Span] = []
            func add(_ years: String, _ months: [Int]?, _ days: [Int]?) {
                if months?.isEmpty == true || days?.isEmpty == true { return }
                spans.append((years, months, days))
            }
            if first.year == last.year && first.month == last.month {
                add("\(first.year)", monthsOf(first.month...first.month), days(first.day...last.day))
                return spans
            }
            // The first month from its day, then the first year's other months.
            var year = first.year, month = first.month
            if first.day > 1 {
                add("\(year)", monthsOf(month...month), days(first.day...31))
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
            // The last month through its day, and the last year's months before it.
            var endYear = last.year, endMonth = last.month
            var tail: [Span] = []
            if last.day < 31 {
                let kept = days(1...last.day), lastMonth = monthsOf(endMonth...endMonth)
                if kept?.isEmpty != true && lastMonth?.isEmpty != true { tail.append(("\(endYear)", lastMonth, kept)) }
                (endYear, endMonth) = endMonth == 1 ? (endYear - 1, 12) : (endYear, endMonth - 1)
            }
            if (year, month) <= (endYear, endMonth) {
                if year == endYear {
                    add("\(year)", monthsOf(month...endMonth), monthDays)
                } else {
                    if month > 1 {
                        add("\(year)", monthsOf(month...12), monthDays)
                        year += 1
                    }
                    if endMonth < 12 {
                        if year <= endYear - 1 { add(Self.years(year, endYear - 1), months, monthDays) }
                        add("\(endYear)", monthsOf(1...endMonth), monthDays)
                    } else if year <= endYear {
                        add(Self.years(year, endYear), months, monthDays)
                    }
                }
            }
            return spans + tail
        }

        static func years(_ first: Int, _ last: Int) -> String {
            first == last ? "\(first)" : "\(first)..\(last)"
        }

        /// `01,15`; a run of three or more as a range, `20..31`.
        static func list(_ values: [Int]) -> String {
            var parts: [String] = []
            var index = values.startIndex
            while index < values.endIndex {
                var end = index
                while end + 1 < values.endIndex && values[end + 1] == values[end] + 1 { end += 1 }
                parts +=
                    end - index >= 2
                    ? ["\(zeroPadded(values[index]))..\(zeroPadded(values[end]))"] : values[index...end].map { zeroPadded($0) }
                index = end + 1
            }
            return parts.joined(separator: ",")
        }

        /// The times of day as few `H:M:S` values as say them exactly: all
        /// in one when they are every combination of their hours, minutes
        /// and seconds, else one per minute and second with its hours.
        static func clockTimes(_ times: Set<Int>) -> [String] {
            func part(_ values: Set<Int>, of count: Int) -> String {
                values.count == count ? "*" : list(values.sorted())
            }
            let hours = Set(times.map { $0 / 3600 }), minutes = Set(times.map { $0 / 60 % 60 }), seconds = Set(times.map { $0 % 60 })
            if hours.count * minutes.count * seconds.count == times.count {
                return ["\(part(hours, of: 24)):\(part(minutes, of: 60)):\(part(seconds, of: 60))"]
            }
            let byMinute = Dictionary(grouping: times) { $0 % 3600 }
            return byMinute.keys.sorted { byMinute[$0]!.min()! < byMinute[$1]!.min()! }.map { key in
                let hoursOfIt = Set(byMinute[key]!.map { $0 / 3600 })
                return "\(part(hoursOfIt, of: 24)):\(zeroPadded(key / 60)):\(zeroPadded(key % 60))"
            }
        }
    }

    /// The years a calendar event may name (systemd.time(7)): systemd
    /// refuses a whole `OnCalendar=` line that names another.
    static let calendarYears = 1970...2199

    /// The clock one alert of the reminder (the writer passes one at a
    /// time) is written in, as the suffix of its events, and how many
    /// seconds before the occurrence on that clock the alert falls: zoned
    /// reminders in their zone; fixed offsets in UTC; floating ones in the
    /// machine's clock, which is systemd's own.
    static func clock(of reminder: Reminder) -> (suffix: String, shift: Int) {
        let lead = reminder.wallClockLeads[0]
        switch reminder.timeZone {
        case .named(let name): return (" " + name, lead)
        case .utc: return (" UTC", lead)
        case .offset(let seconds): return (" UTC", lead + seconds)
        case .floating: return ("", lead)
        }
    }

    /// The start as a wall-clock reading; an all-day start at midnight.
    static func startTime(of reminder: Reminder) -> LocalDateTime {
        switch reminder.start {
        case .local(let local), .instant(let local, _): local
        case .date(let date): LocalDateTime(date: date, time: .midnight)
        }
    }

    /// When one alert of the reminder falls for its start and for each
    /// `also`, on the clock its events are written in, each with the span
    /// of the key it comes from.
    static func exactAlerts(_ reminder: Reminder) -> [(time: LocalDateTime, span: SourceSpan)] {
        let shift = clock(of: reminder).shift
        let start = startTime(of: reminder)
        // A lead in working days is read at the occurrence's day; `shift`
        // is the most it can be, and the clock's offset.
        let lead = reminder.writtenLeads[0]
        func alert(_ local: LocalDateTime) -> LocalDateTime {
            guard lead.duration == nil else { return WallTime(local).advanced(by: -shift).local }
            return reminder.alertWallClock(at: WallTime(local), lead: lead).advanced(by: reminder.wallClockLeads[0] - shift).local
        }
        var alerts = [(alert(start), reminder.spans.start)]
        guard let repeats = reminder.repeats else { return alerts }
        for addition in repeats.also {
            switch addition {
            case .local(let local), .instant(let local, _): alerts.append((alert(local), repeats.span))
            case .date(let date): alerts.append((alert(LocalDateTime(date: date, time: start.time)), repeats.span))
            }
        }
        return alerts
    }

    /// The spans of the day a zone's clocks skip from `now` to 2100: the
    /// second of the day a gap starts at, its length, and the months, days
    /// of the month and weekdays it falls on.
    static func gaps(of zone: TimeZone, from now: Instant) -> [Gap] {
        var found: [Gap] = []
        for change in WallClock.changes(of: zone, from: now, to: Instant(secondsSince1970: 4_102_444_800))
        where change.after > change.before {
            let reading = change.readingBefore.local
            let (start, length) = (reading.time.secondsSinceMidnight, change.after - change.before)
            if let index = found.firstIndex(where: { $0.start == start && $0.length == length }) {
                found[index].months.insert(reading.date.month)
                found[index].monthDays.insert(reading.date.day)
                found[index].weekdays.insert(reading.date.weekday)
            } else {
                found.append(
                    Gap(
                        start: start, length: length, months: [reading.date.month], monthDays: [reading.date.day],
                        weekdays: [reading.date.weekday]))
            }
        }
        return found
    }

    struct Gap {
        var start: Int
        var length: Int
        var months: Set<Int>
        var monthDays: Set<Int>
        var weekdays: Set<Weekday>
    }
}
