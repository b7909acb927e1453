import Foundation

/// What a recurrence rule may ask of one day, in the rule's calendar.
///
/// Days are counted from 1970-01-01 (day 0) whatever the calendar; months are
/// numbered as RFC 7529 numbers them (the Hebrew Adar I is `5L`: month 5,
/// `isLeapMonth`).
struct DayFacts {
    var day: Int
    var month: Int
    var isLeapMonth: Bool
    /// 1-based day of the month.
    var dayOfMonth: Int
    var monthLength: Int
    /// 1-based day of the year.
    var dayOfYear: Int
    var yearLength: Int
    /// 0 is Monday, 6 is Sunday.
    var weekdayIndex: Int
}

/// The calendar a rule counts months and years in: Gregorian by integer
/// arithmetic, or any RFC 7529 RSCALE through Foundation's `Calendar`.
struct CalendarScale {
    private let calendar: Calendar?
    /// Hebrew months come from Foundation as 1...13 with 6 the leap Adar I;
    /// RFC 7529 calls Adar I `5L` and numbers the rest 1...12.
    private let isHebrew: Bool
    /// The last month and year looked up, since rules walk days in order.
    private var monthCache: (start: Int, length: Int, month: Int, isLeap: Bool)?
    private var yearCache: (start: Int, length: Int)?

    static let gregorian = CalendarScale(calendar: nil, isHebrew: false)

    private init(calendar: Calendar?, isHebrew: Bool) {
        self.calendar = calendar
        self.isHebrew = isHebrew
    }

    /// The scale for an RSCALE name (lower case), or nil for one Foundation
    /// does not know. `gregorian` gives the integer scale.
    init?(rscale name: String) {
        guard name != "gregorian" else {
            self = .gregorian
            return
        }
        guard let identifier = Self.identifiers[name] else { return nil }
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        self.init(calendar: calendar, isHebrew: identifier == .hebrew)
    }

    var isGregorian: Bool { calendar == nil }

    private static let identifiers: [String: Calendar.Identifier] = [
        "buddhist": .buddhist, "chinese": .chinese, "coptic": .coptic, "dangi": .dangi,
        "ethioaa": .ethiopicAmeteAlem, "ethiopic": .ethiopicAmeteMihret, "hebrew": .hebrew,
        "indian": .indian, "islamic": .islamic, "islamic-civil": .islamicCivil, "islamic-rgsa": .islamic,
        "islamic-tbla": .islamicTabular, "islamic-umalqura": .islamicUmmAlQura, "iso8601": .iso8601,
        "japanese": .japanese, "persian": .persian, "roc": .republicOfChina,
    ]

    /// Everything a rule may ask of `day`.
    mutating func facts(_ day: Int) -> DayFacts {
        let weekdayIndex = DayNumber(day).weekdayIndex
        guard calendar != nil else {
            let date = CivilDate(daysSinceEpoch: day)
            let yearStart = CivilDate(year: date.year, month: 1, day: 1).daysSinceEpoch
            return DayFacts(
                day: day, month: date.month, isLeapMonth: false, dayOfMonth: date.day,
                monthLength: CivilDate.daysIn(month: date.month, year: date.year),
                dayOfYear: day - yearStart + 1, yearLength: CivilDate.isLeapYear(date.year) ? 366 : 365,
                weekdayIndex: weekdayIndex
            )
        }
        let month = monthContaining(day)
        let year = yearContaining(day)
        return DayFacts(
            day: day, month: month.month, isLeapMonth: month.isLeap, dayOfMonth: day - month.start + 1,
            monthLength: month.length, dayOfYear: day - year.start + 1, yearLength: year.length,
            weekdayIndex: weekdayIndex
        )
    }

    /// The first day of the month containing `day`, and the month's length.
    mutating func month(containing day: Int) -> (start: Int, length: Int) {
        guard calendar != nil else {
            let date = CivilDate(daysSinceEpoch: day)
            return (day - date.day + 1, CivilDate.daysIn(month: date.month, year: date.year))
        }
        let month = monthContaining(day)
        return (month.start, month.length)
    }

    /// The first day of the year containing `day`, and the year's length.
    mutating func year(containing day: Int) -> (start: Int, length: Int) {
        guard calendar != nil else {
            let year = CivilDate(daysSinceEpoch: day).year
            return (CivilDate(year: year, month: 1, day: 1).daysSinceEpoch, CivilDate.isLeapYear(year) ? 366 : 365)
        }
        return yearContaining(day)
    }

    private mutating func monthContaining(_ day: Int) -> (start: Int, length: Int, month: Int, isLeap: Bool) {
        if let cached = monthCache, day >= cached.start, day < cached.start + cached.length { return cached }
        let calendar = calendar!
        let date = Self.date(day)
        let parts = calendar.dateComponents([.month, .day, .isLeapMonth], from: date)
        // The month's days from its interval: `range(of: .day, in: .month)`
        // comes back empty for some Chinese months (2057's eighth, say).
        var length = calendar.dateInterval(of: .month, for: date).map { Int(($0.duration / TimeInterval(secondsPerDay)).rounded()) } ?? 0
        if length < 1 { length = calendar.range(of: .day, in: .month, for: date)?.count ?? 0 }
        if length < 1 {
            // Count the days that still belong to the month.
            length = parts.day ?? 1
            while calendar.component(.day, from: Self.date(day - (parts.day ?? 1) + 1 + length)) != 1 && length < 40 { length += 1 }
        }
        var month = parts.month ?? 1
        var isLeap = parts.isLeapMonth ?? false
        if isHebrew {
            if month == 6 {
                (month, isLeap) = (5, true)
            } else if month > 6 {
                month -= 1
            }
        }
        let found = (start: day - (parts.day ?? 1) + 1, length: length, month: month, isLeap: isLeap)
        monthCache = found
        return found
    }

    private mutating func yearContaining(_ day: Int) -> (start: Int, length: Int) {
        if let cached = yearCache, day >= cached.start, day < cached.start + cached.length { return cached }
        let calendar = calendar!
        let date = Self.date(day)
        let interval = calendar.dateInterval(of: .year, for: date)
        let start = interval.map { Int(($0.start.timeIntervalSince1970 / TimeInterval(secondsPerDay)).rounded(.down)) } ?? day
        let length = interval.map { Int(($0.duration / TimeInterval(secondsPerDay)).rounded()) } ?? 365
        yearCache = (start, length)
        return (start, length)
    }

    private static func date(_ day: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day * secondsPerDay) + 43_200)
    }
}
