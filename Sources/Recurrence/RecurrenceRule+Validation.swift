/// A way a recurrence rule breaks RFC 5545 §3.3.10 or RFC 7529.
///
/// Each problem names the part it is about so a front end can point at it;
/// the wording belongs to the front end's diagnostics catalogue.
public enum RuleProblem: Hashable, Sendable {
    /// A number outside what the part allows (BYHOUR=24, BYMONTHDAY=32).
    case outOfRange(RecurrenceRule.Part, value: Int, allowed: ClosedRange<Int>)
    /// Zero where the part needs a non-zero number (BYMONTHDAY=0, INTERVAL=0).
    case zero(RecurrenceRule.Part)
    /// A part the frequency does not allow (BYWEEKNO outside YEARLY).
    case partNotAllowed(RecurrenceRule.Part, RecurrenceRule.Frequency)
    /// A BYDAY ordinal (`-1FR`) with a frequency other than MONTHLY or YEARLY,
    /// or with YEARLY and BYWEEKNO.
    case ordinalNotAllowed(RecurrenceRule.Frequency, withWeekNumber: Bool)
    /// BYSETPOS without another BY part to select from.
    case setPositionAlone
    /// SKIP without RSCALE.
    case skipWithoutCalendar
    /// A leap month (`5L`) or month 13 without RSCALE.
    case leapMonthWithoutCalendar
    /// An RSCALE that is not a CLDR calendar name.
    case unknownCalendar(String, suggestion: String?)

    /// The part the problem is about.
    public var part: RecurrenceRule.Part {
        switch self {
        case .outOfRange(let part, _, _), .zero(let part), .partNotAllowed(let part, _): part
        case .ordinalNotAllowed: .byDay
        case .setPositionAlone: .bySetPosition
        case .skipWithoutCalendar: .skip
        case .leapMonthWithoutCalendar: .byMonth
        case .unknownCalendar: .calendar
        }
    }
}

extension RecurrenceRule {
    /// The largest INTERVAL libical (behind Evolution and several CalDAV
    /// servers) holds as written, in a `short`: the iCalendar writer says
    /// a larger one another way or reports it (`check --for ics`).
    public static let largestReadableInterval = Int(Int16.max)
    /// The largest COUNT calendar readers hold as written (libical's `int`).
    public static let largestCount = Int(Int32.max)

    /// The largest INTERVAL of `frequency`: one step no longer than the span
    /// remindc works in. A longer one could never repeat inside it, and
    /// walking it would take as long.
    public static func largestInterval(_ frequency: Frequency) -> Int {
        let span = SupportedSpan.seconds
        return switch frequency {
        case .yearly: SupportedSpan.lastYear + 1 - SupportedSpan.firstYear
        case .monthly: (SupportedSpan.lastYear + 1 - SupportedSpan.firstYear) * 12
        case .weekly: span / (7 * secondsPerDay)
        case .daily: span / secondsPerDay
        case .hourly: span / 3600
        case .minutely: span / 60
        case .secondly: span
        }
    }

    /// Every way this rule breaks the RFCs' constraints, or the limits above, in part order.
    ///
    /// UNTIL and COUNT together cannot be represented (`end` is one or the
    /// other), so the text parser reports that case itself.
    public func validate() -> [RuleProblem] {
        var problems: [RuleProblem] = []
        func check(_ values: [Int], _ part: Part, _ allowed: ClosedRange<Int>, signed: Bool) {
            for value in values {
                if signed && value == 0 {
                    problems.append(.zero(part))
                } else if !allowed.contains(signed ? abs(value) : value) {
                    problems.append(.outOfRange(part, value: value, allowed: signed ? -allowed.upperBound...allowed.upperBound : allowed))
                }
            }
        }
        if self.interval < 1 { problems.append(.zero(.interval)) }
        // RFC 5545 sets no upper bound: any step inside the span is kept.
        let longest = Self.largestInterval(self.frequency)
        if self.interval > longest { problems.append(.outOfRange(.interval, value: self.interval, allowed: 1...longest)) }
        if case .count(let count) = self.end {
            if count < 1 {
                problems.append(.zero(.count))
            } else if count > Self.largestCount {
                problems.append(.outOfRange(.count, value: count, allowed: 1...Self.largestCount))
            }
        }
        check(self.bySecond, .bySecond, 0...60, signed: false)
        check(self.byMinute, .byMinute, 0...59, signed: false)
        check(self.byHour, .byHour, 0...23, signed: false)
        check(self.byDay.compactMap(\.ordinal), .byDay, 1...53, signed: true)
        if self.byDay.contains(where: { $0.ordinal != nil }) {
            let withWeekNumber = self.frequency == .yearly && !self.byWeekNumber.isEmpty
            if !(self.frequency == .monthly || self.frequency == .yearly) || withWeekNumber {
                problems.append(.ordinalNotAllowed(self.frequency, withWeekNumber: withWeekNumber))
            }
        }
        check(self.byMonthDay, .byMonthDay, 1...31, signed: true)
        if !self.byMonthDay.isEmpty && self.frequency == .weekly {
            problems.append(.partNotAllowed(.byMonthDay, self.frequency))
        }
        check(self.byYearDay, .byYearDay, 1...366, signed: true)
        if !self.byYearDay.isEmpty && [.daily, .weekly, .monthly].contains(self.frequency) {
            problems.append(.partNotAllowed(.byYearDay, self.frequency))
        }
        check(self.byWeekNumber, .byWeekNumber, 1...53, signed: true)
        if !self.byWeekNumber.isEmpty && self.frequency != .yearly {
            problems.append(.partNotAllowed(.byWeekNumber, self.frequency))
        }
        check(self.byMonth.map(\.number), .byMonth, self.calendar == nil ? 1...12 : 1...13, signed: false)
        if self.calendar == nil && self.byMonth.contains(where: \.isLeap) {
            problems.append(.leapMonthWithoutCalendar)
        }
        check(self.bySetPosition, .bySetPosition, 1...366, signed: true)
        if !self.bySetPosition.isEmpty && !hasSelectionParts {
            problems.append(.setPositionAlone)
        }
        if let calendar = self.calendar, !Self.calendarNames.contains(calendar.lowercased()) {
            problems.append(.unknownCalendar(calendar, suggestion: closest(to: calendar.lowercased(), in: Self.calendarNames)))
        }
        if self.skip != nil && self.calendar == nil { problems.append(.skipWithoutCalendar) }
        return problems
    }

    /// True when some BYxxx part other than BYSETPOS is present.
    var hasSelectionParts: Bool {
        !(self.bySecond.isEmpty && self.byMinute.isEmpty && self.byHour.isEmpty && self.byDay.isEmpty && self.byMonthDay.isEmpty
            && self.byYearDay.isEmpty && self.byWeekNumber.isEmpty && self.byMonth.isEmpty)
    }
}
