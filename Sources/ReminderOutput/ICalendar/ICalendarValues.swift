import Recurrence
import ReminderModel

/// iCalendar's value forms (RFC 5545 §3.3): dates, date-times, UTC offsets
/// and durations.
enum ICalendarValues {
    /// DATE: `20261201`.
    static func date(_ day: DayNumber) -> String {
        let date = day.date
        return zeroPadded(date.year, width: 4) + zeroPadded(date.month) + zeroPadded(date.day)
    }

    /// A floating or zone-local DATE-TIME: `20261201T090000`.
    static func localDateTime(_ reading: WallTime) -> String {
        let rest = reading.secondOfDay
        return date(reading.day) + "T" + zeroPadded(rest / 3600) + zeroPadded(rest % 3600 / 60) + zeroPadded(rest % 60)
    }

    /// A UTC DATE-TIME: `20261201T080000Z`.
    static func utcDateTime(_ instant: Instant) -> String {
        localDateTime(instant.wallTime(offset: 0)) + "Z"
    }

    /// UTC-OFFSET: `+0100`, `-0330`, `+005328` (seconds only when there are some).
    static func utcOffset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + zeroPadded(magnitude / 3600) + zeroPadded(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += zeroPadded(magnitude % 60) }
        return text
    }

    /// DURATION: `PT15M`, `-P1DT2H`, `-P1W`, `PT0S`.
    static func duration(_ duration: NominalDuration, negative: Bool) -> String {
        if duration.isZero { return "PT0S" }
        var text = negative ? "-P" : "P"
        if duration.seconds == 0 && duration.days % 7 == 0 {
            return text + "\(duration.days / 7)W"
        }
        if duration.days > 0 { text += "\(duration.days)D" }
        if duration.seconds > 0 {
            text += "T"
            let hours = duration.seconds / 3600, minutes = duration.seconds % 3600 / 60, seconds = duration.seconds % 60
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if seconds > 0 { text += "\(seconds)S" }
        }
        return text
    }

}
