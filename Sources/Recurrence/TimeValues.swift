/// The three kinds of time the engine counts in, each its own type: an
/// instant (`Instant`), what a wall clock reads (`WallTime`) and a day
/// (`DayNumber`). All count from 1970-01-01, in whole seconds or days; the
/// arithmetic between them (a day's seconds, floor division, the weekday,
/// two-digit padding) is defined here once.

/// The seconds of a civil day: of a UTC day, and of a day as a wall clock
/// counts it (a daylight-saving change makes some local days longer or
/// shorter as instants, never as wall-clock readings).
public let secondsPerDay = 86_400

/// A moment, the same in every zone: whole seconds since
/// 1970-01-01T00:00:00Z.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSince1970: Int

    public init(secondsSince1970: Int) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The instant `seconds` later (earlier for a negative count).
    public func advanced(by seconds: Int) -> Instant {
        Instant(secondsSince1970: secondsSince1970 + seconds)
    }

    /// The seconds from `other` to this instant.
    public func seconds(since other: Instant) -> Int {
        secondsSince1970 - other.secondsSince1970
    }

    /// What a clock `offset` seconds east of UTC reads at this instant.
    public func wallTime(offset: Int) -> WallTime {
        WallTime(seconds: secondsSince1970 + offset)
    }

    /// The instant's date and time in UTC.
    public var utc: LocalDateTime { wallTime(offset: 0).local }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    public var description: String { "\(utc)Z" }
}

/// What a wall clock reads, in no zone: the seconds from
/// 1970-01-01T00:00:00 to the reading, counted as if the clock were UTC.
/// Two readings in different zones compare as readings, not as moments.
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var seconds: Int

    public init(seconds: Int) {
        self.seconds = seconds
    }

    /// The reading `local`.
    public init(_ local: LocalDateTime) {
        seconds = local.date.dayNumber.value * secondsPerDay + local.time.secondsSinceMidnight
    }

    /// The reading `seconds` later (earlier for a negative count).
    public func advanced(by seconds: Int) -> WallTime {
        WallTime(seconds: self.seconds + seconds)
    }

    /// The seconds from `other` to this reading.
    public func seconds(since other: WallTime) -> Int {
        seconds - other.seconds
    }

    /// The instant at which a clock `offset` seconds east of UTC reads this.
    public func instant(offset: Int) -> Instant {
        Instant(secondsSince1970: seconds - offset)
    }

    /// The day of the reading.
    public var day: DayNumber { DayNumber(seconds.floorDivided(by: secondsPerDay)) }

    /// The seconds since the reading's midnight, 0 to 86,399.
    public var secondOfDay: Int { seconds.floorModulo(secondsPerDay) }

    /// The reading as a date and a time.
    public var local: LocalDateTime {
        let second = secondOfDay
        return LocalDateTime(date: day.date, time: CivilTime(hour: second / 3600, minute: second % 3600 / 60, second: second % 60))
    }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.seconds < rhs.seconds }

    public var description: String { local.description }
}

/// A day: the days since 1970-01-01, which was a Thursday.
public struct DayNumber: Hashable, Comparable, Strideable, Sendable, CustomStringConvertible {
    public var value: Int

    public init(_ value: Int) {
        self.value = value
    }

    /// The date of the day.
    public var date: CivilDate { CivilDate(daysSinceEpoch: value) }

    /// The day of the week.
    public var weekday: Weekday { Weekday.allCases[weekdayIndex] }

    /// The weekday as a count from Monday (0) to Sunday (6).
    public var weekdayIndex: Int { (value + 3).floorModulo(7) }

    /// The days from the last `weekStart` on or before this day to this day, 0 to 6.
    public func days(sinceLast weekStart: Weekday) -> Int {
        weekday.days(after: weekStart)
    }

    /// The day's midnight, as a wall clock reads it.
    public var midnight: WallTime { WallTime(seconds: value * secondsPerDay) }

    public func advanced(by days: Int) -> DayNumber { DayNumber(value + days) }

    public func distance(to other: DayNumber) -> Int { other.value - value }

    public static func < (lhs: DayNumber, rhs: DayNumber) -> Bool { lhs.value < rhs.value }

    public var description: String { date.description }
}

extension Weekday {
    /// The days from `start` forward to this weekday, 0 to 6: Monday is 0
    /// days after Monday and 6 after Tuesday.
    public func days(after start: Weekday) -> Int {
        (rawValue - start.rawValue).floorModulo(7)
    }
}

extension CivilDate {
    /// The date's day number.
    public var dayNumber: DayNumber { DayNumber(daysSinceEpoch) }
}

extension Int {
    /// The quotient rounded toward negative infinity: `-1.floorDivided(by: 60)`
    /// is -1, where `/` gives 0. `divisor` must be positive.
    /// Defined for every Int, `Int.min` included.
    public func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }

    /// The remainder that goes with `floorDivided`: from 0 to `divisor - 1`.
    public func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

/// `value` in decimal, zero-padded to `width` digits; a negative number
/// keeps its sign in front.
public func zeroPadded(_ value: Int, width: Int = 2) -> String {
    let digits = String(value.magnitude)
    let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    return value < 0 ? "-" + padded : padded
}
