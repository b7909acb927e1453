import Recurrence
import ReminderModel

/// iCalendar's value forms (RFC 5545 §3.3): dates, date-times, UTC offsets
/// and durations.
enum ICalendarValues {
    /// DATE: `20261201`, from days since 1970.
    static func date(_ day: Int) -> String {
        let date = CivilDate(daysSinceEpoch: day)
        return digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2)
    }

    /// A floating or zone-local DATE-TIME: `20261201T090000`, from naive seconds.
    static func localDateTime(_ seconds: Int) -> String {
        let day = seconds.floorDivided(by: 86_400)
        let rest = seconds - day * 86_400
        return date(day) + "T" + digits(rest / 3600, 2) + digits(rest % 3600 / 60, 2) + digits(rest % 60, 2)
    }

    /// A UTC DATE-TIME: `20261201T080000Z`, from an instant.
    static func utcDateTime(_ instant: Int) -> String {
        localDateTime(instant) + "Z"
    }

    /// UTC-OFFSET: `+0100`, `-0330`, `+005328` (seconds only when there are some).
    static func utcOffset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + digits(magnitude / 3600, 2) + digits(magnitude % 3600 / 60, 2)
        if magnitude % 60 != 0 { text += digits(magnitude % 60, 2) }
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

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
