import Foundation
import Recurrence
import ReminderModel

/// A DATE or DATE-TIME value of an iCalendar property, in the form it was
/// written (RFC 5545 §3.3.4, §3.3.5).
enum CalendarTime: Hashable {
    case date(CivilDate)
    case floating(LocalDateTime)
    case utc(LocalDateTime)
    /// A local time with a TZID, as written (not yet mapped to a zone).
    case zoned(LocalDateTime, tzid: String)

    /// Reads `20261201`, `20261201T090000`, `20261201T090000Z`
    /// (`ICalendarValue.time`); `tzid` applies to a local time.
    static func parse(_ text: String, tzid: String?) -> CalendarTime? {
        switch ICalendarValue.time(text) {
        case .date(let date): .date(date)
        case .utc(let local): .utc(local)
        case .local(let local): tzid.map { .zoned(local, tzid: $0) } ?? .floating(local)
        case nil: nil
        }
    }

    var isDate: Bool {
        if case .date = self { return true }
        return false
    }
}

/// A DURATION value (RFC 5545 §3.3.6): `-PT15M`, `P1D`, `-P1DT12H`, `P2W`;
/// days nominal, the rest exact.
struct CalendarDuration: Hashable {
    var days: Int
    var seconds: Int

    /// Negative when before (`ICalendarValue.duration`).
    static func parse(_ text: String) -> CalendarDuration? {
        ICalendarValue.duration(text).map { CalendarDuration(days: $0.days, seconds: $0.seconds) }
    }

    var totalSeconds: Int { days * 86_400 + seconds }
}
