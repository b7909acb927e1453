import Support
import Foundation
import Recurrence
import YAMLSyntax

/// A length of time: whole days (nominal, as iCalendar's `P1D`, 23 or 25
/// hours across a daylight-saving change) and seconds (exact).
public struct NominalDuration: Hashable, Sendable, CustomStringConvertible {
    public var days: Int
    public var seconds: Int

    public init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    public var isZero: Bool { days == 0 && seconds == 0 }

    /// The length in seconds, counting a day as 86,400.
    public var nominalSeconds: Int { days * secondsPerDay + seconds }

    /// The same length with days and seconds of one sign, as iCalendar
    /// and ISO 8601 write a duration: `1d` less 18 hours is 6 hours.
    public var normalized: NominalDuration {
        guard (days > 0 && seconds < 0) || (days < 0 && seconds > 0) else { return self }
        return NominalDuration(days: 0, seconds: nominalSeconds)
    }

    /// Compact form: `1d2h30m`, `45s`, `0s`.
    public var description: String {
        if isZero { return "0s" }
        let same = normalized
        if same.days < 0 || same.seconds < 0 { return "-" + NominalDuration(days: -same.days, seconds: -same.seconds).description }
        if same != self { return same.description }
        var text = days == 0 ? "" : (days % 7 == 0 ? "\(days / 7)w" : "\(days)d")
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 { text += "\(rest)s" }
        return text
    }
}
