/// The days a reminder's place rests: its weekend and its holidays, each
/// with a name. What `if-holiday:` moves an occurrence off, and what a
/// working day is counted past.
public struct DaysOff: Sendable, Hashable {
    /// The weekdays off every week (Saturday and Sunday in most places;
    /// Friday and Saturday in some). Never all seven.
    public let weekend: Set<Weekday>
    /// The holidays, by day: their names, joined with "; " where two fall
    /// on one day.
    public let holidays: [DayNumber: String]
    /// The most days off in a row: no move goes further.
    public let longestRun: Int

    /// `weekend` must leave a working day in the week.
    public init(weekend: Set<Weekday> = [.saturday, .sunday], holidays: [DayNumber: String] = [:]) {
        precondition(weekend.count < 7, "a week needs a working day")
        self.weekend = weekend
        self.holidays = holidays
        let weekendMask = Weekday.allCases.map { weekend.contains($0) }
        func off(_ day: DayNumber) -> Bool { weekendMask[day.weekdayIndex] || holidays[day] != nil }
        // The longest run is a weekend's, or passes through a holiday.
        var longest = 0
        var run = 0
        for index in 0..<14 {
            run = weekendMask[index % 7] ? run + 1 : 0
            longest = max(longest, run)
        }
        for day in holidays.keys where !off(day.advanced(by: -1)) {
            var length = 0
            while off(day.advanced(by: length)) { length += 1 }
            longest = max(longest, length)
        }
        longestRun = longest
    }

    /// Whether `day` is a weekend day or a holiday.
    public func isOff(_ day: DayNumber) -> Bool {
        weekend.contains(day.weekday) || holidays[day] != nil
    }

    /// Why `day` is off: its holiday's name, or the weekday's ("Saturday");
    /// nil on a working day.
    public func reason(_ day: DayNumber) -> String? {
        if let name = holidays[day] { return name }
        return weekend.contains(day.weekday) ? day.weekday.name.capitalized : nil
    }

    /// The first working day from `day` on, going `forward` or back.
    public func workingDay(from day: DayNumber, forward: Bool) -> DayNumber {
        var day = day
        while isOff(day) { day = day.advanced(by: forward ? 1 : -1) }
        return day
    }

    /// The `n`th working day of the days `first` through `last` (a month,
    /// a year): from the first when `n` is positive, from the last when
    /// negative (-1 is the last); nil when there are fewer.
    public func workingDay(_ n: Int, from first: DayNumber, through last: DayNumber) -> DayNumber? {
        precondition(n != 0)
        var left = abs(n)
        var day = n > 0 ? first : last
        let step = n > 0 ? 1 : -1
        while day >= first && day <= last {
            if !isOff(day) {
                left -= 1
                if left == 0 { return day }
            }
            day = day.advanced(by: step)
        }
        return nil
    }

    /// The day `count` working days before (negative) or after `day`.
    public func working(_ count: Int, from day: DayNumber) -> DayNumber {
        var left = abs(count)
        var day = day
        while left > 0 {
            day = day.advanced(by: count < 0 ? -1 : 1)
            if !isOff(day) { left -= 1 }
        }
        return day
    }

    /// Where an occurrence on `day` goes under `move`: the same day when it
    /// is a working day or `move` is `fire`; nil when it is skipped.
    public func destination(of day: DayNumber, _ move: DayOffMove) -> DayNumber? {
        guard isOff(day) else { return day }
        switch move {
        case .fire: return day
        case .skip: return nil
        case .before: return workingDay(from: day, forward: false)
        case .after: return workingDay(from: day, forward: true)
        case .nearest:
            if weekend.contains(day.weekday) {
                // Toward the nearer end of its weekend, as observed holidays
                // go (Saturday to Friday, Sunday to Monday), the later on a
                // tie; on over any days off that way.
                var before = 0, after = 0
                while before < 7, weekend.contains(day.advanced(by: -before - 1).weekday) { before += 1 }
                while after < 7, weekend.contains(day.advanced(by: after + 1).weekday) { after += 1 }
                return workingDay(from: day, forward: after <= before)
            }
            // A holiday on a working weekday: the nearer working day, the
            // later on a tie.
            let earlier = workingDay(from: day, forward: false), later = workingDay(from: day, forward: true)
            return day.distance(to: later) <= earlier.distance(to: day) ? later : earlier
        }
    }
}

/// What a reminder does when an occurrence falls on a day off.
public enum DayOffMove: String, Sendable, Hashable, CaseIterable {
    /// Fires as if the day were a working day: a holiday changes nothing.
    case fire
    /// Leaves the occurrence out.
    case skip
    /// Moves it to the working day before, over every day off between.
    case before
    /// Moves it to the working day after.
    case after
    /// Moves it to the nearer working day: a weekend day toward the nearer
    /// end of its weekend (Saturday to Friday, Sunday to Monday), a holiday
    /// to the nearer working day; the later one on a tie.
    case nearest
}
