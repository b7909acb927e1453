/// The date parts of a rule as one test of a day: BYMONTH, BYWEEKNO,
/// BYYEARDAY, BYMONTHDAY and BYDAY (with its ordinals).
struct DayFilter {
    /// Bit n: month n allowed; `leapMonths` likewise for RFC 7529's `nL`.
    private var months: UInt32 = 0
    private var leapMonths: UInt32 = 0
    private var monthDaysFromStart: UInt32 = 0
    private var monthDaysFromEnd: UInt32 = 0
    private var yearDaysFromStart: Set<Int> = []
    private var yearDaysFromEnd: Set<Int> = []
    private var weeksFromStart: UInt64 = 0
    private var weeksFromEnd: UInt64 = 0
    /// Bit i: weekday index i (0 Monday) on any date.
    private var weekdays: UInt8 = 0
    private var ordinalWeekdays: [(ordinal: Int, weekdayIndex: Int)] = []
    private var ordinalsInMonth: Bool
    private let hasMonths, hasMonthDays, hasYearDays, hasWeeks, hasDays: Bool
    let weekStart: Weekday

    init(rule: RecurrenceRule) {
        hasMonths = !rule.byMonth.isEmpty
        hasMonthDays = !rule.byMonthDay.isEmpty
        hasYearDays = !rule.byYearDay.isEmpty
        hasWeeks = !rule.byWeekNumber.isEmpty
        hasDays = !rule.byDay.isEmpty
        weekStart = rule.weekStart
        ordinalsInMonth = rule.frequency == .monthly || (rule.frequency == .yearly && !rule.byMonth.isEmpty)
        for month in rule.byMonth {
            if month.isLeap { leapMonths |= 1 << UInt32(month.number) } else { months |= 1 << UInt32(month.number) }
        }
        for day in rule.byMonthDay {
            if day > 0 { monthDaysFromStart |= 1 << UInt32(day) } else { monthDaysFromEnd |= 1 << UInt32(-day) }
        }
        for day in rule.byYearDay {
            if day > 0 { yearDaysFromStart.insert(day) } else { yearDaysFromEnd.insert(-day) }
        }
        for week in rule.byWeekNumber {
            if week > 0 { weeksFromStart |= 1 << UInt64(week) } else { weeksFromEnd |= 1 << UInt64(-week) }
        }
        for day in rule.byDay {
            let index = day.weekday.rawValue - 1
            if let ordinal = day.ordinal {
                ordinalWeekdays.append((ordinal, index))
            } else {
                weekdays |= 1 << UInt8(index)
            }
        }
    }

    /// True when the rule has no date parts: every day passes.
    var isEmpty: Bool { !(hasMonths || hasMonthDays || hasYearDays || hasWeeks || hasDays) }

    func monthMatches(_ facts: DayFacts) -> Bool {
        guard hasMonths else { return true }
        let bit = UInt32(1) << UInt32(facts.month)
        return (facts.isLeapMonth ? leapMonths : months) & bit != 0
    }

    /// The leap months BYMONTH names (`5L` is bit 5).
    var leapMonthMask: UInt32 { leapMonths }

    /// Whether `facts` passes every date part; `substituteMonths` (bit n:
    /// month n) also pass BYMONTH, standing in for missing leap months.
    func matches(_ facts: DayFacts, substituteMonths: UInt32 = 0) -> Bool {
        if hasMonths && !monthMatches(facts) && (facts.isLeapMonth || substituteMonths & (1 << UInt32(facts.month)) == 0) {
            return false
        }
        if hasMonthDays {
            let fromEnd = facts.monthLength - facts.dayOfMonth + 1
            guard monthDaysFromStart & (1 << UInt32(facts.dayOfMonth)) != 0 || monthDaysFromEnd & (1 << UInt32(fromEnd)) != 0 else {
                return false
            }
        }
        if hasYearDays {
            let fromEnd = facts.yearLength - facts.dayOfYear + 1
            guard yearDaysFromStart.contains(facts.dayOfYear) || yearDaysFromEnd.contains(fromEnd) else { return false }
        }
        if hasWeeks {
            let (week, weeksInYear) = WeekNumbering.week(of: facts.day, weekStart: weekStart)
            guard weeksFromStart & (1 << UInt64(week)) != 0 || weeksFromEnd & (1 << UInt64(weeksInYear - week + 1)) != 0 else {
                return false
            }
        }
        if hasDays {
            if weekdays & (1 << UInt8(facts.weekdayIndex)) != 0 { return true }
            let (position, length) = ordinalsInMonth ? (facts.dayOfMonth, facts.monthLength) : (facts.dayOfYear, facts.yearLength)
            let nth = (position - 1) / 7 + 1
            let nthFromEnd = -((length - position) / 7 + 1)
            return ordinalWeekdays.contains { $0.weekdayIndex == facts.weekdayIndex && ($0.ordinal == nth || $0.ordinal == nthFromEnd) }
        }
        return true
    }
}

/// RFC 5545's week numbers: week 1 is the first week, starting on the week
/// start day (WKST), with at least four days in the year; a year has 52 or
/// 53 weeks, and its first days may belong to the previous year's last week.
/// With WKST=MO these are ISO 8601 weeks: 2026-12-31 is in week 53 of 2026,
/// 2027-01-03 too, 2027-01-04 starts week 1 of 2027.
enum WeekNumbering {
    /// The week of `day` (days since 1970) and the number of weeks in the
    /// year it belongs to (which may be the year before or after).
    static func week(of day: Int, weekStart: Weekday) -> (week: Int, weeksInYear: Int) {
        let year = CivilDate(daysSinceEpoch: day).year
        var weekYear = year
        if day < firstWeek(of: year, weekStart: weekStart) {
            weekYear = year - 1
        } else if day >= firstWeek(of: year + 1, weekStart: weekStart) {
            weekYear = year + 1
        }
        let first = firstWeek(of: weekYear, weekStart: weekStart)
        let weeks = (firstWeek(of: weekYear + 1, weekStart: weekStart) - first) / 7
        return ((day - first) / 7 + 1, weeks)
    }

    /// The first day of week 1 of `year`: the week start on or before January 4th.
    static func firstWeek(of year: Int, weekStart: Weekday) -> Int {
        let fourth = CivilDate(year: year, month: 1, day: 4).dayNumber
        return fourth.value - fourth.days(sinceLast: weekStart)
    }
}
