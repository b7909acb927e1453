import Foundation

/// Conversions between wall-clock times in a zone and instants, with SPEC §1's
/// rules for the two irregular cases:
///
/// - a wall-clock time that a daylight-saving change skips is read with the
///   offset in effect before the change, so it lands the same distance past
///   the change: 02:30 on 2026-03-29 in Europe/Berlin (clocks go 02:00 → 03:00)
///   is 01:30Z, which Berlin shows as 03:30;
/// - a wall-clock time that happens twice is the first: 02:30 on 2026-10-25 in
///   Europe/Berlin (clocks go 03:00 → 02:00) is 00:30Z, still in summer time.
///
/// Instants are whole seconds since 1970-01-01T00:00:00Z.
public enum WallClock {
    /// The instant at which `zone`'s clocks show `local`.
    public static func instant(of local: LocalDateTime, in zone: TimeZone) -> Int {
        let naive = naiveSeconds(local)
        let before = offset(of: zone, at: naive - 86_400)
        let after = offset(of: zone, at: naive + 86_400)
        // Of the offsets valid for this wall-clock time, the larger one is the
        // earlier instant: the first of a repeated hour.
        for candidate in [max(before, after), min(before, after)] where offset(of: zone, at: naive - candidate) == candidate {
            return naive - candidate
        }
        // Skipped by a change: read with the offset before it.
        return naive - before
    }

    /// The wall-clock time `zone`'s clocks show at `instant`.
    public static func local(at instant: Int, in zone: TimeZone) -> LocalDateTime {
        localDateTime(naiveSeconds: instant + offset(of: zone, at: instant))
    }

    /// A change of a zone's offset: at `instant`, from `before` to `after`
    /// (seconds east).
    public struct OffsetChange: Hashable, Sendable {
        public var instant: Int
        public var before: Int
        public var after: Int
    }

    /// Every change of `zone`'s offset at an instant in `[start, end)`, in
    /// order, from Foundation's list of transitions.
    public static func changes(of zone: TimeZone, from start: Int, to end: Int) -> [OffsetChange] {
        var changes: [OffsetChange] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(start))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < TimeInterval(end) {
            let instant = Int(next.timeIntervalSince1970.rounded(.down))
            let before = offset(of: zone, at: instant - 1), after = offset(of: zone, at: instant)
            if before != after { changes.append(OffsetChange(instant: instant, before: before, after: after)) }
            guard next > cursor else { break }
            cursor = next
        }
        return changes
    }

    /// The offset of `zone` from UTC at `instant`, in seconds east.
    public static func offset(of zone: TimeZone, at instant: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// Seconds since 1970 of `local` read as if it were UTC (`WallTime`).
    public static func naiveSeconds(_ local: LocalDateTime) -> Int {
        WallTime(local).seconds
    }

    /// The wall-clock time `seconds` after 1970-01-01T00:00:00, with no zone.
    public static func localDateTime(naiveSeconds seconds: Int) -> LocalDateTime {
        WallTime(seconds: seconds).local
    }
}
