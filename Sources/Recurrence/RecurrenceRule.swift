import Support

/// A recurrence rule as RFC 5545 §3.3.10 defines it, with RFC 7529's RSCALE
/// and SKIP.
///
/// This is the rule's value only; `validate()` checks the RFC's constraints
/// between parts, and `RecurrenceRule(parsing:)` reads and writes the RRULE
/// text form. Lists keep the order the user gave.
@dynamicMemberLookup
public struct RecurrenceRule: Hashable, Sendable {
    public enum Frequency: String, CaseIterable, Hashable, Sendable, Comparable {
        case secondly = "SECONDLY"
        case minutely = "MINUTELY"
        case hourly = "HOURLY"
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"

        private var rank: Int { Self.allCases.firstIndex(of: self)! }

        /// Finer frequencies are smaller: `.secondly < .yearly`.
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rank < rhs.rank }
    }

    /// A weekday, optionally the nth of its kind in the month or year
    /// (`-1FR` is the last Friday; `ordinal` is nil for every Friday).
    public struct WeekdayOccurrence: Hashable, Sendable {
        public var ordinal: Int?
        public var weekday: Weekday

        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// A month of the rule's calendar; `isLeap` is RFC 7529's `L` suffix (the
    /// leap month after `number`, as in the Hebrew calendar's Adar I, `5L`).
    public struct Month: Hashable, Sendable {
        public var number: Int
        public var isLeap: Bool

        public init(_ number: Int, isLeap: Bool = false) {
            self.number = number
            self.isLeap = isLeap
        }
    }

    /// The last instance a rule may produce.
    public enum Until: Hashable, Sendable {
        /// A DATE: the last day (for all-day rules; through the end of that day).
        case date(CivilDate)
        /// A floating DATE-TIME, compared with floating starts.
        case local(LocalDateTime)
        /// A UTC DATE-TIME (`...Z`), required with zoned starts.
        case utc(LocalDateTime)
    }

    /// How a rule ends.
    public enum End: Hashable, Sendable {
        case never
        case count(Int)
        case until(Until)
    }

    /// RFC 7529's handling of an invalid date (February 30, a missing leap month).
    public enum Skip: String, CaseIterable, Hashable, Sendable {
        case omit = "OMIT"
        case backward = "BACKWARD"
        case forward = "FORWARD"
    }

    /// A rule's parts, as RFC 5545 and RFC 7529 name them; read and
    /// changed on the rule itself (`rule.byDay`).
    public struct Parts: Hashable, Sendable {
        public var frequency: Frequency
        /// Every `interval`-th period; at least 1.
        public var interval: Int = 1
        public var end: End = .never
        public var bySecond: [Int] = []
        public var byMinute: [Int] = []
        public var byHour: [Int] = []
        public var byDay: [WeekdayOccurrence] = []
        public var byMonthDay: [Int] = []
        public var byYearDay: [Int] = []
        public var byWeekNumber: [Int] = []
        public var byMonth: [Month] = []
        public var bySetPosition: [Int] = []
        /// The first day of the week, for WEEKLY intervals and BYWEEKNO; RFC 5545's default is Monday.
        public var weekStart: Weekday = .monday
        /// Whether WKST was written; it changes nothing but the RRULE text.
        public var weekStartIsExplicit: Bool = false
        /// RFC 7529's calendar scale (CLDR name, upper-cased in RRULE text); nil is Gregorian.
        public var calendar: String?
        /// RFC 7529's SKIP; only meaningful with `calendar`.
        public var skip: Skip?
    }

    /// The parts, one heap object shared by copies until one changes (copy
    /// on write): a rule is passed around and kept in every schedule made
    /// from it at the cost of one reference. (As plain stored properties,
    /// the crontab of 10,000 daily and hourly reminders took 0.77–0.84 s
    /// instead of 0.65–0.67 s.)
    @usableFromInline
    var parts: CopyOnWrite<Parts>

    public init(frequency: Frequency, interval: Int = 1, end: End = .never) {
        parts = CopyOnWrite(Parts(frequency: frequency, interval: interval, end: end))
    }

    /// A part, read in place (looking at a rule's BYDAY does not copy the
    /// list) and changed on this copy alone.
    @inlinable public subscript<Value>(dynamicMember part: WritableKeyPath<Parts, Value>) -> Value {
        _read { yield parts.value[keyPath: part] }
        _modify { yield &parts.value[keyPath: part] }
    }
}

extension RecurrenceRule {
    /// One part of an RRULE, as named in RFC 5545 and RFC 7529.
    public enum Part: String, CaseIterable, Hashable, Sendable {
        case frequency = "FREQ"
        case until = "UNTIL"
        case count = "COUNT"
        case interval = "INTERVAL"
        case bySecond = "BYSECOND"
        case byMinute = "BYMINUTE"
        case byHour = "BYHOUR"
        case byDay = "BYDAY"
        case byMonthDay = "BYMONTHDAY"
        case byYearDay = "BYYEARDAY"
        case byWeekNumber = "BYWEEKNO"
        case byMonth = "BYMONTH"
        case bySetPosition = "BYSETPOS"
        case weekStart = "WKST"
        case calendar = "RSCALE"
        case skip = "SKIP"
    }

    /// The CLDR calendar names RFC 7529 allows in RSCALE.
    public static let calendarNames: [String] = [
        "buddhist", "chinese", "coptic", "dangi", "ethioaa", "ethiopic", "gregorian", "hebrew",
        "indian", "islamic", "islamic-civil", "islamic-rgsa", "islamic-tbla", "islamic-umalqura",
        "iso8601", "japanese", "persian", "roc",
    ]
}

extension RecurrenceRule {
    /// True when every period of the rule holds an instance, so it always
    /// matches again after its start, whatever the start: a Gregorian rule
    /// with no BYxxx part, or plain weekdays (no ordinals) in a week, a month
    /// or a year, which every such period has (each weekday at least 4 times
    /// a month and 52 times a year), with BYSETPOS positions within those
    /// counts. The start's own day of the month recurs with the start's month
    /// (February 29 within 400 years), so an implied BYMONTHDAY always
    /// matches too. Any other rule has to be searched.
    public var matchesEveryPeriod: Bool {
        parts.value.matchesEveryPeriod
    }
}

extension RecurrenceRule.Parts {
    /// `RecurrenceRule.matchesEveryPeriod`, read in place: no part is copied.
    var matchesEveryPeriod: Bool {
        guard calendar == nil, bySecond.isEmpty, byMinute.isEmpty, byHour.isEmpty, byMonthDay.isEmpty, byYearDay.isEmpty,
            byWeekNumber.isEmpty, byMonth.isEmpty
        else { return false }
        if byDay.isEmpty { return bySetPosition.isEmpty }
        var weekdaySet = 0
        for day in byDay {
            guard day.ordinal == nil else { return false }
            weekdaySet |= 1 << day.weekday.rawValue
        }
        let weekdays = weekdaySet.nonzeroBitCount
        let perPeriod: Int
        switch frequency {
        case .weekly: perPeriod = weekdays
        case .monthly: perPeriod = 4 * weekdays
        case .yearly: perPeriod = 52 * weekdays
        default: return false
        }
        return bySetPosition.allSatisfy { $0 != 0 && abs($0) <= perPeriod }
    }
}
