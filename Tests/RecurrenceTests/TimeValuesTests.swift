import Testing
@testable import Recurrence

@Suite struct TimeValuesTests {
    /// Floor division and its remainder, across zero and at the ends of Int
    /// (a reader's "no time yet" is `Int.min` seconds, and describing it
    /// must not trap).
    @Test(arguments: [
        (7, 3, 2, 1), (6, 3, 2, 0), (0, 3, 0, 0), (-1, 3, -1, 2), (-3, 3, -1, 0), (-4, 3, -2, 2),
        (-1, 86_400, -1, 86_399), (86_399, 86_400, 0, 86_399),
        (Int.min, 86_400, -106_751_991_167_301, 30_592), (Int.max, 86_400, 106_751_991_167_300, 55_807),
    ])
    func floorDivision(_ value: Int, _ divisor: Int, _ quotient: Int, _ remainder: Int) {
        #expect(value.floorDivided(by: divisor) == quotient)
        #expect(value.floorModulo(divisor) == remainder)
    }

    /// A wall-clock reading's day, second of the day and date and time,
    /// before 1970 as after.
    @Test(arguments: [
        (0, "1970-01-01T00:00:00", 0, 0),
        (-1, "1969-12-31T23:59:59", -1, 86_399),
        (86_400 + 3_661, "1970-01-02T01:01:01", 1, 3_661),
        (-86_400, "1969-12-31T00:00:00", -1, 0),
        (1_795_856_400, "2026-11-28T09:00:00", 20_785, 32_400),
    ])
    func wallTimes(_ seconds: Int, _ text: String, _ day: Int, _ secondOfDay: Int) {
        let reading = WallTime(seconds: seconds)
        #expect(reading.day == DayNumber(day))
        #expect(reading.secondOfDay == secondOfDay)
        #expect(reading.local.description == text)
        #expect(WallTime(reading.local) == reading)
        #expect(reading.day.midnight.advanced(by: secondOfDay) == reading)
    }

    /// Day 0 was a Thursday; the weekday cycles the same way before it.
    @Test(arguments: [
        (0, Weekday.thursday), (1, .friday), (4, .monday), (-1, .wednesday), (-3, .monday), (-7, .thursday),
        (20_785, .saturday),
    ])
    func weekdays(_ day: Int, _ weekday: Weekday) {
        #expect(DayNumber(day).weekday == weekday)
        #expect(DayNumber(day).date.weekday == weekday)
        #expect(DayNumber(day).date.dayNumber == DayNumber(day))
    }

    /// The days back to the start of a week, for a week starting on each day.
    @Test(arguments: [
        (Weekday.monday, Weekday.monday, 0), (.monday, .sunday, 6), (.tuesday, .monday, 6),
        (.sunday, .monday, 1), (.wednesday, .thursday, 1), (.thursday, .sunday, 3),
    ])
    func daysAfterAWeekStart(_ start: Weekday, _ day: Weekday, _ days: Int) {
        // `day` is so many days after the last `start` (Weekday), and a day
        // number that is that weekday agrees (DayNumber).
        #expect(day.days(after: start) == days)
        let number = DayNumber((0..<7).first { DayNumber($0).weekday == day }!)
        #expect(number.days(sinceLast: start) == days)
        #expect(number.advanced(by: -days).weekday == start)
    }

    @Test(arguments: [(5, 2, "05"), (12, 2, "12"), (123, 2, "123"), (-5, 2, "-05"), (7, 4, "0007"), (0, 9, "000000000")])
    func padding(_ value: Int, _ width: Int, _ text: String) {
        #expect(zeroPadded(value, width: width) == text)
    }
}
