import Foundation
import Recurrence
import ReminderModel

extension CrontabWriter {
    // MARK: Daylight saving

    /// The dates in the next year where cron's daylight-saving behaviour
    /// differs from the occurrences: `2027-03-28 02:30 ...`.
    func daylightSavingNotes(_ reminder: Reminder, schedule: Schedule, zone: CronZone, entries: [CronEntry]) -> [String] {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let fixed = entries.allSatisfy(\.isFixedTime)
        let end = options.now + 366 * 86_400
        var alerts: [Int] = []
        var occurrences = schedule.occurrences()
        while let occurrence = occurrences.next(), occurrence.instant < end + 2 * 86_400 {
            alerts.append(alertWallClock(of: occurrence, reminder))
        }
        // Every wall-clock time the rule selects, before a change merges any:
        // the same schedule on a clock without daylight saving.
        var unmerged = schedule
        unmerged.placement = .fixed(0)
        var selected = Set<Int>()
        let lastWallClock = (alerts.last ?? 0) + 86_400
        for occurrence in unmerged.occurrences() {
            if occurrence.wallClock > lastWallClock { break }
            selected.insert(alertWallClock(of: occurrence, reminder))
        }
        var notes: [String] = []
        var noted = Set<CivilDate>()
        // An alert `before` its occurrence is that long before it; cron reads
        // it off the clock, which a change between the two makes differ.
        if let before = reminder.before, before.seconds != 0 {
            var occurrences = schedule.occurrences()
            while let occurrence = occurrences.next(), occurrence.instant < end + 2 * 86_400 {
                let alert = alertWallClock(of: occurrence, reminder)
                let local = WallClock.localDateTime(naiveSeconds: alert)
                let byClock = WallClock.instant(of: local, in: clockZone)
                let exact = occurrence.instant - before.days * 86_400 - before.seconds
                guard byClock != exact, byClock >= options.now, byClock < end, !noted.contains(local.date) else { continue }
                let when = "\(local.date) \(CronShell.two(local.time.hour)):\(CronShell.two(local.time.minute))"
                notes.append("\(when): a daylight-saving change falls between the alert and its occurrence; cron fires by the clock, \((byClock - exact) / 60) minutes off")
                noted.insert(local.date)
            }
        }
        for alert in alerts {
            let local = WallClock.localDateTime(naiveSeconds: alert)
            guard !noted.contains(local.date) else { continue }
            let instant = WallClock.instant(of: local, in: clockZone)
            guard instant >= options.now, instant < end else { continue }
            let offset = WallClock.offset(of: clockZone, at: instant)
            let shown = instant + offset
            let when = "\(local.date) \(CronShell.two(local.time.hour)):\(CronShell.two(local.time.minute))"
            let name = clockZone.identifier
            if shown != alert {
                // Skipped by a change. A `*` entry that also fires at the
                // time it moves to loses nothing.
                if !fixed && zone.isHost && selected.contains(shown) { continue }
                let moved = "\(CronShell.two((shown - shown.floorDivided(by: 86_400) * 86_400) / 3600)):\(CronShell.two((shown - shown.floorDivided(by: 86_400) * 86_400) % 3600 / 60))"
                let what = !zone.isHost ? "the guard never sees it, so cron does not fire"
                    : fixed ? "cron runs it when the clocks change" : "cron skips it"
                notes.append("\(when) does not exist in \(name): remindc expand says \(moved); \(what)")
                noted.insert(local.date)
                continue
            }
            // A wall-clock time that comes twice: fixed-time entries of the
            // machine's zone run once, as expand says; others run twice.
            let later = offset - WallClock.offset(of: clockZone, at: instant + 3 * 3600)
            if later > 0, WallClock.local(at: instant + later, in: clockZone) == local, !zone.isHost || !fixed {
                notes.append("\(when) happens twice in \(name): remindc expand says once; cron runs it twice")
                noted.insert(local.date)
            }
        }
        return notes
    }
}
