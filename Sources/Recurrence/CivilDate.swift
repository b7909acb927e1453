/// A date in the proleptic Gregorian calendar, with no time zone: what a wall
/// calendar shows.
///
/// Arithmetic goes through a day count from 1970-01-01 with integer formulas
/// (no `Calendar`, no `DateComponents`), so it is exact and cheap.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Stored in 8 bytes rather than 24: a reminder, its schedule and its
    // rule each hold dates, and a file may hold 100,000 reminders. Values
    // beyond the stored ranges are clamped; none that a reader makes (four
    // digits of year, two of month and day) or the engine reaches (years 1
    // to 9999) comes near them.
    @usableFromInline var storedYear: Int32
    @usableFromInline var storedMonth: Int16
    @usableFromInline var storedDay: Int16

    @inlinable public var year: Int {
        get { Int(storedYear) }
        set { storedYear = Int32(clamping: newValue) }
    }

    /// 1 through 12.
    @inlinable public var month: Int {
        get { Int(storedMonth) }
        set { storedMonth = Int16(clamping: newValue) }
    }

    /// 1 through the month's length.
    @inlinable public var day: Int {
        get { Int(storedDay) }
        set { storedDay = Int16(clamping: newValue) }
    }

    /// A date from its fields, not checked; see `isValid`.
    @inlinable public init(year: Int, month: Int, day: Int) {
        storedYear = Int32(clamping: year)
        storedMonth = Int16(clamping: month)
        storedDay = Int16(clamping: day)
    }

    /// The date `days` days after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        storedYear = Int32(clamping: yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        // Always 1 through 12 and 1 through 31 here.
        storedMonth = Int16(truncatingIfNeeded: month)
        storedDay = Int16(truncatingIfNeeded: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// Days from 1970-01-01 to this date (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// True when the month exists and the day exists in it (no February 30).
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysIn(month: month, year: year)
    }

    /// The day of the week.
    public var weekday: Weekday { dayNumber.weekday }

    /// The date `days` days later (earlier for a negative count).
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month: 28 to 31.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601: `2026-12-01`.
    public var description: String {
        "\(zeroPadded(year, width: 4))-\(zeroPadded(month))-\(zeroPadded(day))"
    }
}

/// A time of day on a wall clock, with no date and no zone.
public struct CivilTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Stored in 8 bytes rather than 32, as `CivilDate` is; readers make two
    // digits of each part, and nine of the fraction.
    @usableFromInline var storedHour: Int8
    @usableFromInline var storedMinute: Int8
    @usableFromInline var storedSecond: Int8
    @usableFromInline var storedNanosecond: Int32

    /// 0 through 23.
    @inlinable public var hour: Int {
        get { Int(storedHour) }
        set { storedHour = Int8(clamping: newValue) }
    }

    /// 0 through 59.
    @inlinable public var minute: Int {
        get { Int(storedMinute) }
        set { storedMinute = Int8(clamping: newValue) }
    }

    /// 0 through 59.
    @inlinable public var second: Int {
        get { Int(storedSecond) }
        set { storedSecond = Int8(clamping: newValue) }
    }

    /// A fraction of a second, 0 through 999,999,999. iCalendar and cron have
    /// no place for it; the writers report it.
    @inlinable public var nanosecond: Int {
        get { Int(storedNanosecond) }
        set { storedNanosecond = Int32(clamping: newValue) }
    }

    @inlinable public init(hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0) {
        storedHour = Int8(clamping: hour)
        storedMinute = Int8(clamping: minute)
        storedSecond = Int8(clamping: second)
        storedNanosecond = Int32(clamping: nanosecond)
    }

    public static let midnight = CivilTime(hour: 0, minute: 0)

    /// Seconds since midnight, ignoring the fraction.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public var isValid: Bool {
        (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
            && (0..<1_000_000_000).contains(nanosecond)
    }

    public static func < (lhs: CivilTime, rhs: CivilTime) -> Bool {
        (lhs.hour, lhs.minute, lhs.second, lhs.nanosecond) < (rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }

    /// `09:00:00`, with a fraction only when there is one (`09:00:00.5`).
    public var description: String {
        var text = "\(zeroPadded(hour)):\(zeroPadded(minute)):\(zeroPadded(second))"
        if nanosecond != 0 {
            var fraction = zeroPadded(nanosecond, width: 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}

/// A date and a time of day on a wall clock, with no zone.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var time: CivilTime

    public init(date: CivilDate, time: CivilTime) {
        self.date = date
        self.time = time
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }

    /// ISO 8601 with a `T`: `2026-12-01T09:00:00`.
    public var description: String { "\(date)T\(time)" }
}
