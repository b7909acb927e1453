import Support
import Foundation
import Recurrence
import YAMLSyntax

/// A span of the day on a wall clock, such as `22:00-07:00`; it may wrap past midnight.
public struct ClockRange: Hashable, Sendable {
    public var start: CivilTime
    public var end: CivilTime

    /// True when `time` falls inside: from `start` inclusive to `end` exclusive,
    /// across midnight when `end` is not after `start`.
    public func contains(_ time: CivilTime) -> Bool {
        start < end ? (start <= time && time < end) : (time >= start || time < end)
    }
}
