import Foundation
import Recurrence
import ReminderModel
import Synchronization

extension CrontabWriter {
    // MARK: Daylight saving

    /// The dates in the next year where cron's daylight-saving behaviour
    /// differs from the occurrences: `2027-03-28 02:30 ...`. With
    /// `listedUntil`, the entries list the occurrences before that instant
    /// one by one, and only those are looked at.
    func daylightSavingNotes(
        _ reminder: Reminder, schedule: Schedule, zone: CronZone, entries: [CronEntry], listedUntil: Instant? = nil
    ) -> [String] {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let fixed = entries.allSatisfy(\.isFixedTime)
        let end = options.now.advanced(by: 366 * secondsPerDay)
        let walkEnd = listedUntil.map { min($0, end.advanced(by: 2 * secondsPerDay)) } ?? end.advanced(by: 2 * secondsPerDay)
        // Only alerts near a change can behave differently under cron: the
        // rest are not looked at (a daily reminder has 366 a year, a zone
        // two changes).
        let lead = lead(of: reminder)
        let changes = Self.changes(
            of: clockZone, from: options.now.advanced(by: -3 * secondsPerDay), to: end.advanced(by: 3 * secondsPerDay))
        guard !changes.isEmpty else { return [] }
        // An alert is read differently when a change falls between it and
        // its occurrence (a day either side), or when it or its occurrence
        // falls in a change: from a day before a change to two days after
        // it (the readings of one zone differ by hours), widened by the
        // lead on the side the occurrence is (after the alert for a
        // `before`, before it for an `alert-time` later in the day).
        let windows = Self.windows(around: changes, before: max(lead, 0) + secondsPerDay, after: max(-lead, 0) + 2 * secondsPerDay)
        // The wall-clock times a change skips or repeats: only an alert in
        // one of them is read differently by cron and by remindc.
        let spans = Self.windows(around: changes, before: 0, after: 0)
        /// The note for an alert `before` its occurrence, which is that
        /// long before it: cron reads it off the clock, which a change
        /// between the two makes differ.
        func leadNote(_ occurrence: Occurrence, alert: WallTime, before: NominalDuration) -> String? {
            // Days are nominal (the same time that many days earlier),
            // hours and minutes exact, an `alert-time` a time of the day:
            // without a change between the two (a day either side), the
            // clock reads the alert exactly.
            let exact = reminder.alertInstants(of: occurrence, in: clockZone)[0]
            let local = alert.local
            let when = Self.minute(local)
            // An occurrence in a skipped or repeated hour: the alerts of
            // the days before follow those days' own clocks.
            if before.days != 0, spans.contains(where: { $0.contains(occurrence.wallClock) }) {
                let instant = WallClock.instant(of: local, in: clockZone)
                guard instant >= options.now && instant < end else { return nil }
                return
                    "\(when): the occurrence \(before.days) \(before.days == 1 ? "day" : "days") later falls in a daylight-saving change; cron fires the alerts of that day by its own clock, which can differ from remindc expand"
            }
            guard
                changes.contains(where: {
                    $0.instant > exact.advanced(by: -secondsPerDay) && $0.instant < occurrence.instant.advanced(by: secondsPerDay)
                })
            else { return nil }
            let byClock = WallClock.instant(of: local, in: clockZone)
            guard byClock != exact, byClock >= options.now, byClock < end else { return nil }
            return
                "\(when): a daylight-saving change falls between the alert and its occurrence; cron fires by the clock, \(byClock.seconds(since: exact) / 60) minutes off"
        }
        // One note a date, the one about the lead first: the walk goes
        // through the occurrences whose alerts fall in a window, skipping
        // from one window to the next, and from a date with a lead note to
        // the next date (a repeat every second has 86,400 a day).
        // A lead in working days is whole days: the alert is the same time
        // of day on the clock, as cron reads it.
        let before =
            reminder.hasWorkingDayLead ? nil : reminder.alertLeads(of: schedule.firstOccurrence).first.flatMap { $0.isZero ? nil : $0 }
        var leadNotes: [String] = []
        var clockNotes: [(date: CivilDate, note: String)] = []
        var noted = Set<CivilDate>()
        var clockNoted = Set<CivilDate>()
        var occurrences = schedule.occurrences()
        var window = 0
        while let occurrence = occurrences.next(), occurrence.instant < walkEnd {
            let alert = alertWallClock(of: occurrence, reminder)
            while window < windows.count && windows[window].upperBound < alert { window += 1 }
            guard window < windows.count else { break }
            guard windows[window].contains(alert) else {
                occurrences.skip(toWallClock: windows[window].lowerBound.advanced(by: lead))
                continue
            }
            let date = alert.local.date
            if let before, !noted.contains(date), let note = leadNote(occurrence, alert: alert, before: before) {
                leadNotes.append(note)
                noted.insert(date)
            }
            if noted.contains(date) {
                let nextDay = WallTime(seconds: (alert.day.value + 1) * secondsPerDay)
                occurrences.skip(toWallClock: nextDay.advanced(by: lead))
                continue
            }
            if !clockNoted.contains(date), spans.contains(where: { $0.contains(alert) }),
                let note = clockNote(alert, reminder, schedule: schedule, zone: zone, fixed: fixed, until: end)
            {
                clockNotes.append((date, note))
                clockNoted.insert(date)
            }
        }
        var notes = leadNotes + clockNotes.filter { !noted.contains($0.date) }.map(\.note)
        noted.formUnion(clockNoted)
        notes += secondPassNotes(reminder, schedule: schedule, zone: zone, entries: entries, until: end, walkEnd: walkEnd, noted: &noted)
        return notes
    }

    /// A time to the minute, as the notes give it: `2027-03-28 02:30`.
    static func minute(_ local: LocalDateTime) -> String {
        "\(local.date) \(zeroPadded(local.time.hour)):\(zeroPadded(local.time.minute))"
    }

    /// Whether the rule selects the wall-clock time `alert` before a
    /// change merges any: the same schedule on a clock without daylight
    /// saving.
    private func selects(_ alert: WallTime, _ reminder: Reminder, schedule: Schedule) -> Bool {
        var unmerged = schedule
        unmerged.placement = .fixed(0)
        var occurrences = unmerged.occurrences()
        occurrences.skip(toWallClock: alert.advanced(by: lead(of: reminder)))
        while let occurrence = occurrences.next() {
            let candidate = alertWallClock(of: occurrence, reminder)
            if candidate >= alert { return candidate == alert }
        }
        return false
    }

    /// The note for an alert in a skipped or repeated span of the clock
    /// of `zone`, from now to `end`; `fixed` when every entry fires at a
    /// fixed time.
    private func clockNote(
        _ alert: WallTime, _ reminder: Reminder, schedule: Schedule, zone: CronZone, fixed: Bool, until end: Instant
    ) -> String? {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let local = alert.local
        let instant = WallClock.instant(of: local, in: clockZone)
        guard instant >= options.now, instant < end else { return nil }
        let offset = WallClock.offset(of: clockZone, at: instant)
        let shown = instant.wallTime(offset: offset)
        // Repeated, not skipped: the guard lets the first pass through.
        guard shown != alert else { return nil }
        // Skipped by a change. A `*` entry that also fires at the time
        // it moves to loses nothing.
        if !fixed && zone.isHost && selects(shown, reminder, schedule: schedule) { return nil }
        let shownTime = shown.local.time
        let moved = "\(zeroPadded(shownTime.hour)):\(zeroPadded(shownTime.minute))"
        let what =
            !zone.isHost
            ? "the guard never sees it, so cron does not fire"
            : fixed
                ? "Debian's cron and cronie run it when the clocks change; busybox crond skips it"
                : "cron skips it"
        return "\(Self.minute(local)) does not exist in \(clockZone.identifier): remindc expand says \(moved); \(what)"
    }

    /// The notes of alerts in the second pass of a repeated hour of the
    /// machine's clock, one a date not yet `noted`: another zone's alert
    /// under a fixed-time entry, and one-off alerts, which Debian's cron and
    /// cronie run in the first pass only. (In a repeated hour the guard lets
    /// only the first pass through, as expand fires once.)
    private func secondPassNotes(
        _ reminder: Reminder, schedule: Schedule, zone: CronZone, entries: [CronEntry], until end: Instant, walkEnd: Instant,
        noted: inout Set<CivilDate>
    ) -> [String] {
        var notes: [String] = []
        let lead = lead(of: reminder)
        // Another zone's alert in the second pass of a repeated hour of the
        // machine's clock: Debian's cron and cronie run a fixed-time entry
        // in the first pass only.
        if !zone.isHost && entries.contains(where: \.isFixedTime) {
            for change in Self.changes(of: options.hostZone, from: options.now, to: end) where change.before > change.after {
                let second = change.instant..<change.instant.advanced(by: change.before - change.after)
                var occurrences = schedule.occurrences()
                let offset = WallClock.offset(of: zone.timeZone, at: change.instant)
                occurrences.skip(toWallClock: change.instant.wallTime(offset: offset - secondsPerDay + lead))
                while let occurrence = occurrences.next(), occurrence.instant < walkEnd {
                    let alert = alertWallClock(of: occurrence, reminder)
                    let instant = WallClock.instant(of: alert, in: zone.timeZone)
                    if instant >= second.upperBound { break }
                    guard second.contains(instant) else { continue }
                    let local = WallClock.local(at: instant, in: options.hostZone)
                    guard !noted.contains(local.date) else { break }
                    let when = "\(local.date) \(zeroPadded(local.time.hour)):\(zeroPadded(local.time.minute))"
                    notes.append(
                        "\(when) happens twice in \(options.hostZone.identifier) and the alert is in the second pass: busybox crond fires it; Debian's cron and cronie run a fixed time in the first pass only"
                    )
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
            notes.append(
                "\(when) happens twice in \(options.hostZone.identifier) and the alert is in the second pass: busybox crond fires it; Debian's cron and cronie run a fixed time in the first pass only"
            )
            noted.insert(local.date)
        }
        return notes
    }

    /// The wall-clock spans around each of `changes`: from the earlier of
    /// the readings before and after the change, less `before`, to the
    /// later, plus `after`. A wall-clock time outside all the spans with
    /// no margin is read the same by every clock and every rule of the zone.
    static func windows(around changes: [WallClock.OffsetChange], before: Int, after: Int) -> [ClosedRange<WallTime>] {
        changes.map { change in
            min(change.readingBefore, change.readingAfter).advanced(
                by: -before)...max(change.readingBefore, change.readingAfter).advanced(by: after)
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
