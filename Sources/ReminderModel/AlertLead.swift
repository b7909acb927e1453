import Recurrence

/// How long before its occurrence one alert fires: one item of `before:`.
public enum AlertLead: Hashable, Sendable, CustomStringConvertible {
    /// A length of time (`15m`, `1d`): days of the calendar, then seconds
    /// exact, as iCalendar's TRIGGER counts them.
    case time(NominalDuration)
    /// So many working days before the day the occurrence fires on, at its
    /// time of day (`2 working days`): the days off of the reminder
    /// (`weekend:`, `holidays:`) are not counted, so two working days
    /// before a Monday is the Thursday before.
    case workingDays(Int)

    /// No lead: the alert is the occurrence.
    public static let none = AlertLead.time(NominalDuration())

    public var isZero: Bool { self == .none }

    /// The lead as a length of time; nil for one in working days, whose
    /// length depends on the day.
    public var duration: NominalDuration? {
        if case .time(let duration) = self { return duration }
        return nil
    }

    /// As `before:` takes it back: `1h30m`, `2 working days`.
    public var description: String {
        switch self {
        case .time(let duration): duration.description
        case .workingDays(let count): count == 1 ? "1 working day" : "\(count) working days"
        }
    }
}
