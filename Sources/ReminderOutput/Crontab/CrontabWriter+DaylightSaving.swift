import Foundation
import Recurrence
import ReminderModel
import Synchronization

extension CrontabWriter {
    // MARK: Daylight saving

    /// The dates in the next year where cron's daylight-saving behaviour
    /// differs from the occurrences: `2027-03-28 02:30 ...`.
    func daylightSavingNotes(_ reminder: Reminder, schedule: Schedule, zone: CronZone, entries: [CronEntry]) -> [String] {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let fixed = entries.allSatisfy(\.isFixedTime)
        let end = options.now.advanced(by: 366 * secondsPerDay)
        // Only alerts near a change can behave differently under cron: the
        // rest are not looked at (a daily reminder has 366 a year, a zone
        // two changes).
        let lead = lead(of: reminder)
        let changes = Self.changes(of: clockZone, from: options.now.advanced(by: -3 * secondsPerDay), to: end.advanced(by: 3 * secondsPerDay))
        guard !changes.isEmpty else { return [] }
        let windows = Self.windows(around: changes, margin: lead + secondsPerDay)
        // The wall-clock times a change skips or repeats: only an alert in
        // one of them is read differently by cron and by remindc.
        let spans = Self.windows(around: changes, margin: 0)
        // The occurrences whose alerts fall in a window, the walk skipping
        // from one window to the next.
        var near: [(occurrence: Occurrence, alert: WallTime)] = []
        var occurrences = schedule.occurrences()
        var window = 0
        while let occurrence = occurrences.next(), occurrence.instant < end.advanced(by: 2 * secondsPerDay) {
            let alert = alertWallClock(of: occurrence, reminder)
            while window < windows.count && windows[window].upperBound < alert { window += 1 }
            guard window < windows.count else { break }
            if windows[window].contains(alert) {
                near.append((occurrence, alert))
            } else {
                occurrences.skip(toWallClock: windows[window].lowerBound.advanced(by: lead))
            }
        }
        /// Whether the rule selects the wall-clock time `alert` before a
        /// change merges any: the same schedule on a clock without daylight
        /// saving.
        func selects(_ alert: WallTime) -> Bool {
            var unmerged = schedule
            unmerged.placement = .fixed(0)
            var occurrences = unmerged.occurrences()
            occurrences.skip(toWallClock: alert.advanced(by: lead))
            while let occurrence = occurrences.next() {
                let candidate = alertWallClock(of: occurrence, reminder)
                if candidate >= alert { return candidate == alert }
            }
            return false
        }
        var notes: [String] = []
        var noted = Set<CivilDate>()
        // An alert `before` its occurrence is that long before it; cron reads
        // it off the clock, which a change between the two makes differ.
        if let before = reminder.alertLeads.first, !before.isZero {
            for (occurrence, alert) in near {
                // Days are nominal (the same time that many days earlier),
                // hours and minutes exact: without a change between the two
                // (a day either side), the clock reads the alert exactly.
                let dayEarlier = occurrence.shown.advanced(by: -before.days * secondsPerDay)
                let exact = WallClock.instant(of: dayEarlier, in: clockZone).advanced(by: -before.seconds)
                let local = alert.local
                guard !noted.contains(local.date) else { continue }
                let when = "\(local.date) \(zeroPadded(local.time.hour)):\(zeroPadded(local.time.minute))"
                // An occurrence in a skipped or repeated hour: the alerts of
                // the days before follow those days' own clocks.
                if before.days != 0, spans.contains(where: { $0.contains(occurrence.wallClock) }) {
                    let instant = WallClock.instant(of: local, in: clockZone)
                    if instant >= options.now && instant < end {
                        notes.append("\(when): the occurrence \(before.days) \(before.days == 1 ? "day" : "days") later falls in a daylight-saving change; cron fires the alerts of that day by its own clock, which can differ from remindc expand")
                        noted.insert(local.date)
                    }
                    continue
                }
                guard changes.contains(where: {
                    $0.instant > exact.advanced(by: -secondsPerDay) && $0.instant < occurrence.instant.advanced(by: secondsPerDay)
                }) else { continue }
                let byClock = WallClock.instant(of: local, in: clockZone)
                guard byClock != exact, byClock >= options.now, byClock < end else { continue }
                notes.append("\(when): a daylight-saving change falls between the alert and its occurrence; cron fires by the clock, \(byClock.seconds(since: exact) / 60) minutes off")
                noted.insert(local.date)
            }
        }
        for (_, alert) in near where spans.contains(where: { $0.contains(alert) }) {
            let local = alert.local
            guard !noted.contains(local.date) else { continue }
            let instant = WallClock.instant(of: local, in: clockZone)
            guard instant >= options.now, instant < end else { continue }
            let offset = WallClock.offset(of: clockZone, at: instant)
            let shown = instant.wallTime(offset: offset)
            let when = "\(local.date) \(zeroPadded(local.time.hour)):\(zeroPadded(local.time.minute))"
            let name = clockZone.identifier
            if shown != alert {
                // Skipped by a change. A `*` entry that also fires at the
                // time it moves to loses nothing.
                if !fixed && zone.isHost && selects(shown) { continue }
                let shownTime = shown.local.time
                let moved = "\(zeroPadded(shownTime.hour)):\(zeroPadded(shownTime.minute))"
                let what = !zone.isHost ? "the guard never sees it, so cron does not fire"
                    : fixed ? "Debian's cron and cronie run it when the clocks change; busybox crond skips it"
                    : "cron skips it"
                notes.append("\(when) does not exist in \(name): remindc expand says \(moved); \(what)")
                noted.insert(local.date)
            }
        }
        // Another zone's alert in the second pass of a repeated hour of the
        // machine's clock: Debian's cron and cronie run a fixed-time entry
        // in the first pass only.
        if !zone.isHost && entries.contains(where: \.isFixedTime) {
            for change in Self.changes(of: options.hostZone, from: options.now, to: end) where change.before > change.after {
                let second = change.instant..<change.instant.advanced(by: change.before - change.after)
                var occurrences = schedule.occurrences()
                let offset = WallClock.offset(of: zone.timeZone, at: change.instant)
                occurrences.skip(toWallClock: change.instant.wallTime(offset: offset - secondsPerDay + lead))
                while let occurrence = occurrences.next() {
                    let alert = alertWallClock(of: occurrence, reminder)
                    let instant = WallClock.instant(of: alert, in: zone.timeZone)
                    if instant >= second.upperBound { break }
                    guard second.contains(instant) else { continue }
                    let local = WallClock.local(at: instant, in: options.hostZone)
                    guard !noted.contains(local.date) else { break }
                    let when = "\(local.date) \(zeroPadded(local.time.hour)):\(zeroPadded(local.time.minute))"
                    notes.append("\(when) happens twice in \(options.hostZone.identifier) and the alert is in the second pass: busybox crond fires it; Debian's cron and cronie run a fixed time in the first pass only")
                    noted.insert(local.date)
                    break
                }
            }
        }
        // In a repeated hour the guard lets only the first pass through, as
        // expand fires once. A one-off alert in the second pass of the
        // machine's clock is a fixed time that Debian's cron and cronie run
        // in the first pass only.
        for entry in entries {
            guard let instant = entry.oneOffInstant, instant >= options.now, instant < end else { continue }
            let local = WallClock.local(at: instant, in: options.hostZone)
            guard WallClock.instant(of: local, in: options.hostZone) != instant, !noted.contains(local.date) else { continue }
            let when = "\(local.date) \(zeroPadded(local.time.hour)):\(zeroPadded(local.time.minute))"
            notes.append("\(when) happens twice in \(options.hostZone.identifier) and the alert is in the second pass: busybox crond fires it; Debian's cron and cronie run a fixed time in the first pass only")
            noted.insert(local.date)
        }
        return notes
    }

    /// The wall-clock spans around each of `changes`: from the earlier of
    /// the readings before and after the change, less `margin`, to the
    /// later, plus `margin`. A wall-clock time outside all of them is read
    /// the same by every clock and every rule of the zone.
    static func windows(around changes: [WallClock.OffsetChange], margin: Int) -> [ClosedRange<WallTime>] {
        changes.map { change in
            min(change.readingBefore, change.readingAfter).advanced(by: -margin)...max(change.readingBefore, change.readingAfter).advanced(by: margin)
        }
    }

    /// `zone`'s changes of offset from a year before `now` to ten years
    /// after: the span the guards are written for.
    static func changes(of zone: TimeZone, around now: Instant) -> [WallClock.OffsetChange] {
        changes(of: zone, from: now.advanced(by: -366 * secondsPerDay), to: now.advanced(by: 10 * 366 * secondsPerDay))
    }

    /// `zone`'s changes of offset between the instants `start` and `end`,
    /// found once per zone and span: every reminder of a crontab asks.
    static func changes(of zone: TimeZone, from start: Instant, to end: Instant) -> [WallClock.OffsetChange] {
        let key = "\(zone.identifier) \(start.secondsSince1970) \(end.secondsSince1970)"
        if let known = changeCache.withLock({ $0[key] }) { return known }
        let found = WallClock.changes(of: zone, from: start, to: end)
        changeCache.withLock { $0[key] = found }
        return found
    }

    private static let changeCache = Mutex<[String: [WallClock.OffsetChange]]>([:])
}
