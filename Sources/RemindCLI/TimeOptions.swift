import Foundation
import Recurrence
import ReminderModel

/// The options every command reads for time: `--now`, `SOURCE_DATE_EPOCH`,
/// `--zone`, and T values (SPEC §2: any form of §1 Times; a wall-clock T is
/// read in the zone).
struct TimeOptions {
    /// The zone wall-clock T values and floating reminders are read in.
    var zone: TimeZone
    /// The zone's name as the user gave it: Foundation calls UTC "GMT".
    var zoneName: String
    /// "Now".
    var now: Instant

    static let nowOption = OptionSpec(
        names: ["--now"], valueName: "time",
        help: "Take this as the current time (default: SOURCE_DATE_EPOCH if set, else the clock).")
    static let zoneOption = OptionSpec(
        names: ["--zone"], valueName: "zone",
        help: "The zone for wall-clock times and floating reminders: an IANA name or UTC (default: this machine's).")

    /// Reads `--zone` (else `TZ`, else the machine's zone) and `--now`
    /// (else `SOURCE_DATE_EPOCH`, else the clock; words such as `tomorrow`
    /// are read against the latter two).
    static func read(_ arguments: ParsedArguments, invocation: Invocation, command: String) throws(UsageError) -> TimeOptions {
        let zone: TimeZone, zoneName: String
        if let name = arguments.value(zoneOption) {
            switch ZoneName.parse(name) {
            case .success(.floating):
                throw UsageError(message: "--zone must be a real zone, not 'floating'", command: command)
            case .success(let parsed):
                zone = parsed.foundationZone
                zoneName = parsed.description
            case .failure(let message):
                throw UsageError(
                    message: "Invalid value for --zone: \(message.text)" + (message.hint.map { " (\($0))" } ?? ""), command: command)
            }
        } else if let tz = invocation.environment["TZ"].map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }),
            let named = TimeZone(identifier: tz)
        {
            zone = named
            zoneName = tz
        } else {
            zone = TimeZone.current
            zoneName = zone.identifier
        }
        // The clock, or SOURCE_DATE_EPOCH, is what `--now tomorrow` is
        // read against.
        var options = TimeOptions(
            zone: zone, zoneName: zoneName, now: Instant(secondsSince1970: Int(Date().timeIntervalSince1970.rounded(.down))))
        if let epoch = invocation.environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int(epoch) else {
                throw UsageError(message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'", command: command)
            }
            let instant = Instant(secondsSince1970: seconds)
            guard SupportedSpan.instants.contains(instant) else {
                throw UsageError(
                    message: "SOURCE_DATE_EPOCH \(epoch) is outside the span remindc works in, \(SupportedSpan.description)",
                    command: command)
            }
            options.now = instant
        }
        if let text = arguments.value(nowOption) {
            options.now = try options.instant(text, option: "--now", command: command)
        }
        return options
    }

    /// The instant of a T value: a fixed instant as written; a wall-clock
    /// time or a date (its midnight) in `zone`; or the words people say
    /// (`tomorrow`, `monday 09:00`, `+7d`: `RelativeTime`), read against
    /// `now` in `zone`.
    func instant(_ text: String, option: String, command: String) throws(UsageError) -> Instant {
        let instant: Instant
        switch ReminderTime.parse(text) {
        case .success(let time):
            instant =
                switch time {
                case .instant: time.fixedInstant!
                case .local(let local): WallClock.instant(of: local, in: zone)
                case .date(let date): WallClock.instant(of: LocalDateTime(date: date, time: .midnight), in: zone)
                }
        case .failure(let message):
            guard let said = RelativeTime.instant(text, now: now, in: zone) else {
                // A value that starts like a date is a date written wrong;
                // anything else may have meant a word.
                let hint =
                    text.first.map(\.isNumber) == true
                    ? message.hint.map { " (\($0))" } ?? ""
                    : " (a time such as 2026-12-01 09:00, or today, tomorrow, monday, next week, +7d, -2w, +3h)"
                throw UsageError(message: "Invalid value for \(option): \(message.text)" + hint, command: command)
            }
            instant = said
        }
        // A year inside the span can still be read outside it by its offset.
        guard SupportedSpan.instants.contains(instant) else {
            throw UsageError(
                message: "\(option) \(text) is outside the span remindc works in, \(SupportedSpan.description)",
                command: command)
        }
        return instant
    }

    /// The same wall-clock time a year after `instant` in `zone` (February 29
    /// becomes February 28).
    func yearAfter(_ instant: Instant) -> Instant {
        var local = WallClock.local(at: instant, in: zone)
        local.date.year += 1
        if !local.date.isValid { local.date.day = CivilDate.daysIn(month: local.date.month, year: local.date.year) }
        return WallClock.instant(of: local, in: zone)
    }
}
