import Support
import Foundation

/// Reads wall-clock times as instants in one zone, fast, for a forward-moving
/// stream of times: the recurrence engine asks it once per occurrence.
///
/// A zone's transitions from 1900 to 2600 are fetched from Foundation once
/// per process (`ZoneTransitions`) and shared by every reader, as segments
/// of constant offset. A time well inside a segment costs two comparisons
/// and a subtraction; only the wall clock an hour or so around a transition
/// takes the careful path, and times outside the table go to Foundation.
/// The rules are `WallClock`'s (SPEC §1 Times):
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
        var instant: Instant
        /// The offset from UTC at `instant`, seconds east: what clocks show then.
        var offset: Int
        /// True when a change skipped the wall-clock time and it was read with
        /// the offset before the change.
        var moved: Bool
    }

    private let zone: TimeZone?
    private let table: ZoneTransitions
    private var cursor = 0
    /// Wall-clock times in `[fastLow, fastHigh)` read as `time - fastOffset`.
    private var fastLow = Int.max
    private var fastHigh = Int.min
    private var fastOffset = 0

    /// A zone with a fixed offset (UTC, or floating times placed at an offset).
    init(fixedOffset: Int) {
        zone = nil
        table = ZoneTransitions(fixedOffset: fixedOffset)
        fastLow = Int.min
        fastHigh = Int.max
        fastOffset = fixedOffset
    }

    /// `zone` through its table (`ZoneTransitions.shared(for: zone)`), for
    /// readings from the instant `anchor` on.
    init(zone: TimeZone, table: ZoneTransitions, from anchor: Instant) {
        self.zone = zone
        self.table = table
        cursor = table.segment(containing: anchor.secondsSince1970)
    }

    /// The instant at which the zone's clocks read `wallClock`.
    mutating func read(_ wallClock: WallTime) -> Reading {
        // Inside the segment last read, the table's seconds are the wall
        // clock's less one offset.
        let seconds = wallClock.seconds
        if seconds >= fastLow && seconds < fastHigh {
            return Reading(instant: wallClock.instant(offset: fastOffset), offset: fastOffset, moved: false)
        }
        return readCarefully(wallClock)
    }

    private mutating func readCarefully(_ wallClock: WallTime) -> Reading {
        guard let (reading, segment) = table.read(wallClock, cursor: &cursor) else { return readThroughFoundation(wallClock) }
        if let segment {
            fastLow = segment.low
            fastHigh = segment.high
            fastOffset = reading.offset
        }
        return reading
    }

    private func readThroughFoundation(_ wallClock: WallTime) -> Reading {
        guard let zone else {
            return Reading(instant: wallClock.instant(offset: table.offsets[0]), offset: table.offsets[0], moved: false)
        }
        let instant = WallClock.instant(of: wallClock, in: zone)
        let offset = WallClock.offset(of: zone, at: instant)
        return Reading(instant: instant, offset: offset, moved: instant.wallTime(offset: offset) != wallClock)
    }
}

/// A zone's offsets from 1900 to 2600 as segments: segment `i` runs from
/// the instant `starts[i]` to `starts[i + 1]` at `offsets[i]`. Made once per
/// zone and process, and shared. The table counts in seconds since 1970,
/// instants and wall clocks alike (a wall clock's are `WallTime.seconds`):
/// a wall clock in segment `i` is the instant plus `offsets[i]`.
@usableFromInline
final class ZoneTransitions: Sendable {
    let starts: [Int]
    let offsets: [Int]
    /// Wall clocks below and above these are read through Foundation.
    let lowestWallClock: Int
    let highestWallClock: Int
    /// The largest offset less the smallest: the most a later wall-clock
    /// time in the table can be read earlier than an earlier one.
    let spread: Int

    private static let tables = ReadMostlyTable<String, ZoneTransitions>()
    static let first = CivilDate(year: 1900, month: 1, day: 1).daysSinceEpoch * secondsPerDay
    static let last = CivilDate(year: 2600, month: 1, day: 1).daysSinceEpoch * secondsPerDay

    init(fixedOffset: Int) {
        starts = [Int.min]
        offsets = [fixedOffset]
        lowestWallClock = Int.min
        highestWallClock = Int.max
        spread = 0
    }

    private init(zone: TimeZone) {
        var starts = [Self.first]
        var offsets = [WallClock.offset(of: zone, at: Instant(secondsSince1970: Self.first))]
        var cursor = Date(timeIntervalSince1970: TimeInterval(Self.first))
        var reachedEnd = false
        while true {
            guard let next = zone.nextDaylightSavingTimeTransition(after: cursor) else {
                reachedEnd = true
                break
            }
            let instant = Int(next.timeIntervalSince1970.rounded(.down))
            guard instant < Self.last else { break }
            guard instant > starts[starts.count - 1] else { break }
            let offset = WallClock.offset(of: zone, at: Instant(secondsSince1970: instant))
            if offset != offsets[offsets.count - 1] {
                starts.append(instant)
                offsets.append(offset)
            }
            cursor = next
        }
        self.starts = starts
        self.offsets = offsets
        spread = offsets.max()! - offsets.min()!
        // A day of margin where the first segment's true start is unknown.
        lowestWallClock = Self.first + offsets[0] + secondsPerDay
        highestWallClock = reachedEnd ? Int.max : Self.last - secondsPerDay
    }

    /// The table for `zone`, made on first use.
    static func shared(for zone: TimeZone) -> ZoneTransitions {
        tables.value(for: zone.identifier) { _ in ZoneTransitions(zone: zone) }
    }

    /// Where `wallClock` lands by the table, looked for from segment
    /// `cursor` on (left at the segment it is read in), with the wall clocks
    /// that segment reads at one offset when it is one; nil outside the table.
    func read(_ reading: WallTime, cursor: inout Int) -> (reading: ZoneOffsets.Reading, segment: (low: Int, high: Int)?)? {
        let wallClock = reading.seconds
        while true {
            let offset = offsets[cursor]
            let low = cursor == 0 ? lowestWallClock : starts[cursor] + max(offset, offsets[cursor - 1])
            if wallClock < low {
                if cursor == 0 { return nil }
                cursor -= 1
                continue
            }
            guard cursor + 1 < starts.count else {
                // The last segment: endless, or the end of the table.
                guard wallClock < highestWallClock else { return nil }
                return (
                    ZoneOffsets.Reading(instant: reading.instant(offset: offset), offset: offset, moved: false), (low, highestWallClock)
                )
            }
            let end = starts[cursor + 1]
            let high = end + offset
            if wallClock < high {
                return (ZoneOffsets.Reading(instant: reading.instant(offset: offset), offset: offset, moved: false), (low, high))
            }
            let next = offsets[cursor + 1]
            if next > offset && wallClock < end + next {
                // Skipped by the change: the offset before it.
                return (ZoneOffsets.Reading(instant: reading.instant(offset: offset), offset: next, moved: true), nil)
            }
            cursor += 1
        }
    }

    /// `read`, once, for a wall clock inside the table: no reader is kept.
    func reading(_ wallClock: WallTime) -> ZoneOffsets.Reading? {
        var cursor = segment(containing: wallClock.seconds - secondsPerDay)
        return read(wallClock, cursor: &cursor)?.reading
    }

    /// The index of the segment holding `instant` (0 below the table).
    func segment(containing instant: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
