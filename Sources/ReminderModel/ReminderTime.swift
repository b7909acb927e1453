import Support
import Foundation
import Recurrence
import YAMLSyntax

/// When something happens, as the user wrote it (SPEC §1 Times).
public enum ReminderTime: Hashable, Sendable, CustomStringConvertible {
    /// A wall-clock time, read in the reminder's zone (or floating).
    case local(LocalDateTime)
    /// A fixed instant: a wall-clock time with its offset from UTC in seconds
    /// east (`Z` is 0).
    case instant(LocalDateTime, utcOffset: Int)
    /// A whole day: the reminder is all-day.
    case date(CivilDate)

    /// Whether it is a whole day (`.date`).
    package var isAllDay: Bool {
        if case .date = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .local(let local): return local.description
        case .date(let date): return date.description
        case .instant(let local, let offset):
            return "\(local)\(offset == 0 ? "Z" : ZoneName.offsetText(offset))"
        }
    }

    /// The instant of a fixed instant (`Z` or an offset); nil for a
    /// wall-clock time or a date, whose instant a zone decides.
    public var fixedInstant: Instant? {
        guard case .instant(let local, let offset) = self else { return nil }
        return WallTime(local).instant(offset: offset)
    }

    /// The calendar date part.
    public var date: CivilDate {
        switch self {
        case .local(let local), .instant(let local, _): local.date
        case .date(let date): date
        }
    }
}
