import Foundation

/// Reads wall-clock times as instants in one zone, fast, for a forward-moving
/// stream of times: the recurrence engine asks it once per occurrence.
///
/// The zone's transitions are fetched from Foundation once each, as the
/// stream reaches them, and kept as segments of constant offset. A time well
/// inside a segment costs two comparisons and a subtraction; only the wall
/// clock an hour or so around a transition takes the careful path. The rules
/// are `WallClock`'s (SPEC §1 Times):
///
/// - 02:30 on 2026-03-29 in Europe/Berlin, which the change from +01:00 to
///   +02:00 at 01:00Z skips, is read with the offset before the gap: 01:30Z,
///   which Berlin's clocks show as 03:30. It is reported as `moved`.
/// - 02:30 on 2026-10-25 in Europe/Berlin, which happens twice, is the first:
///   00:30Z, still at +02:00.
/// - Pacific/Apia skipped 2011-12-30 entirely (-10:00 to +14:00): 09:00 that
///   day is read at -10:00, which is 2011-12-31 09:00 at +14:00.
struct ZoneOffsets {
    /// Where a wall-clock time lands.
    struct Reading: Equatable {
        /// Seconds since 1970-01-01T00:00:00Z.
        var instant: Int
        /// The offset from UTC at `instant`, seconds east: what clocks show then.
        var offset: Int
        /// True when a change skipped the wall-clock time and it was read with
        /// the offset before the change.
        var moved: Bool
    }

    private let zone: TimeZone?
    /// Segment `i` runs from `starts[i]` (an instant) to `starts[i + 1]` at `offsets[i]`.
    private var starts: [Int]
    private var offsets: [Int]
    /// True once the zone has no later transition: the last segment is endless.
    private var complete: Bool
    private var cursor = 0
    /// Wall-clock times in `[fastLow, fastHigh)` read as `time - fastOffset`.
    private var fastLow = Int.max
    private var fastHigh = Int.min
    private var fastOffset = 0

    /// A zone with a fixed offset (UTC, or floating times placed at an offset).
    init(fixedOffset: Int) {
        zone = nil
        starts = [Int.min]
        offsets = [fixedOffset]
        complete = true
        fastLow = Int.min
        fastHigh = Int.max
        fastOffset = fixedOffset
    }

    /// `zone`, with segments fetched from `anchor` (an instant) onwards; wall
    /// clocks before it are read through Foundation directly.
    init(zone: TimeZone, from anchor: Int) {
        self.zone = zone
        starts = [anchor]
        offsets = [WallClock.offset(of: zone, at: anchor)]
        complete = false
        extend()
        if complete && starts.count == 1 {
            // A zone without transitions from here on: one endless segment.
            starts = [Int.min]
            fastLow = Int.min
            fastHigh = Int.max
            fastOffset = offsets[0]
        }
    }

    /// The instant at which the zone's clocks show `wallClock` (naive seconds,
    /// as `WallClock.naiveSeconds` counts them).
    mutating func read(_ wallClock: Int) -> Reading {
        if wallClock >= fastLow && wallClock < fastHigh {
            return Reading(instant: wallClock - fastOffset, offset: fastOffset, moved: false)
        }
        return readCarefully(wallClock)
    }

    private mutating func readCarefully(_ wallClock: Int) -> Reading {
        while true {
            let offset = offsets[cursor]
            let low = cursor == 0 ? lowestSafeWallClock : starts[cursor] + max(offset, offsets[cursor - 1])
            if wallClock < low {
                if cursor == 0 { return readThroughFoundation(wallClock) }
                cursor -= 1
                continue
            }
            if cursor + 1 == starts.count && !complete { extend() }
            guard cursor + 1 < starts.count else {
                // The last, endless segment.
                remember(low: low, high: Int.max, offset: offset)
                return Reading(instant: wallClock - offset, offset: offset, moved: false)
            }
            let end = starts[cursor + 1]
            let high = end + offset
            if wallClock < high {
                remember(low: low, high: high, offset: offset)
                return Reading(instant: wallClock - offset, offset: offset, moved: false)
            }
            let next = offsets[cursor + 1]
            if next > offset && wallClock < end + next {
                // Skipped by the change: the offset before it.
                return Reading(instant: wallClock - offset, offset: next, moved: true)
            }
            cursor += 1
        }
    }

    private mutating func remember(low: Int, high: Int, offset: Int) {
        fastLow = low
        fastHigh = high
        fastOffset = offset
    }

    /// Below this, segment 0's true start (before the anchor) is unknown.
    private var lowestSafeWallClock: Int {
        starts[0] == Int.min ? Int.min : starts[0] + offsets[0] + 86_400
    }

    /// Fetches the next transition after the last known one.
    private mutating func extend() {
        guard let zone, !complete, let last = starts.last else { return }
        let after = Date(timeIntervalSince1970: TimeInterval(max(last, -62_135_596_800)))
        guard let next = zone.nextDaylightSavingTimeTransition(after: after) else {
            complete = true
            return
        }
        let instant = Int(next.timeIntervalSince1970.rounded(.down))
        guard instant > last else {
            complete = true
            return
        }
        starts.append(instant)
        offsets.append(WallClock.offset(of: zone, at: instant))
    }

    private func readThroughFoundation(_ wallClock: Int) -> Reading {
        guard let zone else {
            return Reading(instant: wallClock - offsets[0], offset: offsets[0], moved: false)
        }
        let local = WallClock.localDateTime(naiveSeconds: wallClock)
        let instant = WallClock.instant(of: local, in: zone)
        let offset = WallClock.offset(of: zone, at: instant)
        return Reading(instant: instant, offset: offset, moved: instant + offset != wallClock)
    }
}
