import Support
import Foundation
import Recurrence

/// Foundation time zones by name, made once per name.
enum ZoneCache {
    private static let zones = ReadMostlyTable<String, TimeZone>()

    /// The zone for a reminder's zone name; UTC for `UTC` and `floating`.
    static func timeZone(for zone: ZoneName) -> TimeZone {
        switch zone {
        case .floating, .utc: utc
        case .named(let name): zones.value(for: name) { TimeZone(identifier: $0) ?? utc }
        case .offset(let seconds): TimeZone(secondsFromGMT: seconds) ?? utc
        }
    }

    /// Where a reminder in `zone` is placed, its table found: a floating
    /// one in `floatingZone`.
    static func placedZone(for zone: ZoneName, floatingZone: TimeZone) -> Schedule.PlacedZone {
        placedZone(for: zone, floatingZone: .zone(floatingZone))
    }

    static func placedZone(for zone: ZoneName, floatingZone: Schedule.Placement) -> Schedule.PlacedZone {
        switch zone {
        case .floating: Schedule.PlacedZone(floatingZone)
        case .utc: Schedule.PlacedZone(.fixed(0))
        case .offset(let seconds): Schedule.PlacedZone(.fixed(seconds))
        case .named: Schedule.PlacedZone(.zone(timeZone(for: zone)))
        }
    }

    static let utc = TimeZone(secondsFromGMT: 0)!
}
