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
    public static func instant(of local: LocalDateTime, in zone: TimeZone) -> Instant {
        instant(of: WallTime(local), in: zone)
    }

    /// The instant at which `zone`'s clocks read `reading`.
    public static func instant(of reading: WallTime, in zone: TimeZone) -> Instant {
        // No offset is a day: the offsets a day either side are the two
        // this reading can have.
        let before = offset(of: zone, at: reading.instant(offset: secondsPerDay))
        let after = offset(of: zone, at: reading.instant(offset: -secondsPerDay))
        // Of the offsets valid for this wall-clock time, the larger one is the
        // earlier instant: the first of a repeated hour.
        for candidate in [max(before, after), min(before, after)]
        where offset(of: zone, at: reading.instant(offset: candidate)) == candidate {
            return reading.instant(offset: candidate)
        }
        // Skipped by a change: read with the offset before it.
        return reading.instant(offset: before)
    }

    /// The wall-clock time `zone`'s clocks show at `instant`.
    public static func local(at instant: Instant, in zone: TimeZone) -> LocalDateTime {
        instant.wallTime(offset: offset(of: zone, at: instant)).local
    }

    /// A change of a zone's offset: at `instant`, from `before` to `after`
    /// (seconds east).
    public struct OffsetChange: Hashable, Sendable {
        public var instant: Instant
        public var before: Int
        public var after: Int

        /// What clocks read just before the change, had they not changed:
        /// the earliest reading the change skips or repeats.
        public var readingBefore: WallTime { instant.wallTime(offset: before) }
        public var readingAfter: WallTime { instant.wallTime(offset: after) }
    }

    /// Every change of `zone`'s offset at an instant in `[start, end)`, in
    /// order, from Foundation's list of transitions.
    public static func changes(of zone: TimeZone, from start: Instant, to end: Instant) -> [OffsetChange] {
        var changes: [OffsetChange] = []
        var cursor = date(start)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < date(end) {
            let instant = Instant(secondsSince1970: Int(next.timeIntervalSince1970.rounded(.down)))
            let before = offset(of: zone, at: instant.advanced(by: -1)), after = offset(of: zone, at: instant)
            if before != after { changes.append(OffsetChange(instant: instant, before: before, after: after)) }
            guard next > cursor else { break }
            cursor = next
        }
        return changes
    }

    /// The offset of `zone` from UTC at `instant`, in seconds east.
    public static func offset(of zone: TimeZone, at instant: Instant) -> Int {
        zone.secondsFromGMT(for: date(instant))
    }

    private static func date(_ instant: Instant) -> Date {
        Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970))
    }
}
