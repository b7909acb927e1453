import Foundation
import Recurrence
import ReminderOutput
import ReminderCheck
import ReminderModel

/// What the views (`remindc agenda`, `remindc calendar`) show: the
/// occurrences of a span of days, grouped by the day they fall on in one
/// clock, each with its alerts, what days off did to it, and the checker's
/// findings at its alerts; and each day's days off and clock changes.
///
/// A day holds the occurrences whose instant falls in it on `zone`'s
/// clock; an all-day occurrence falls on its own date. Floating reminders
/// are read in `zone` too (the files were scheduled with it).
package struct DayPlan: Sendable {
    /// A finding of the checker at one alert.
    package struct Finding: Hashable, Sendable {
        /// The rule's id: `same-time`, `too-close`, `quiet-hours`,
        /// `too-many-per-hour`; the message is the checker's.
        package var rule: String
        package var message: String
    }

    /// One occurrence.
    package struct Entry: Sendable {
        package var file: String
        package var reminderID: String
        package var title: String
        package var category: String?
        package var isTodo: Bool
        package var isAllDay: Bool
        /// The occurrence's instant (an all-day one's midnight in its zone).
        package var instant: Instant
        /// Its time on the plan's clock; midnight of its date when all-day.
        package var shown: LocalDateTime
        /// Each alert's instant and its time on the plan's clock, in the
        /// order of `before:`; none for a skipped occurrence.
        package var alerts: [(instant: Instant, shown: LocalDateTime)]
        /// The day a day off moved it from, and why that day is off.
        package var movedFrom: (day: CivilDate, reason: String)?
        /// Left out by a day off (`if-holiday: skip`): shown, not fired.
        package var skippedFor: String?
        /// Its wall-clock time does not exist that day (the clocks skipped
        /// it), so it fires at the time after the gap.
        package var clockAdjusted: Bool
        package var findings: [Finding]
        /// More occurrences of its reminder follow it that day than a view
        /// lists (`DayPlan.listedPerDay`): passed over, not read.
        package var more = false
    }

    /// One day of the span.
    package struct Day: Sendable {
        package var date: CivilDate
        package var entries: [Entry]
        /// Why the day is off (a holiday's name, or the weekday's for a
        /// weekend day), in the files' days off; nil on a working day.
        package var dayOff: String?
        /// The clocks change that day in the plan's zone: the change, as
        /// `02:00 → 03:00`.
        package var clockChange: String?
        package var isToday: Bool

        /// The entries with each reminder's three or more occurrences of
        /// the day gathered in one run (a water reminder every hour is one
        /// line of a month's grid), at the place of its first; each other
        /// entry a run of its own.
        package var runs: [[Entry]] {
            var counts: [String: Int] = [:]
            for entry in entries { counts[entry.file + "\u{0}" + entry.reminderID, default: 0] += 1 }
            var runs: [[Entry]] = []
            var place: [String: Int] = [:]
            for entry in entries {
                let key = entry.file + "\u{0}" + entry.reminderID
                if counts[key]! >= 3, let index = place[key] {
                    runs[index].append(entry)
                } else {
                    place[key] = runs.count
                    runs.append([entry])
                }
            }
            return runs
        }
    }

    package let zone: TimeZone
    package let days: [Day]

    /// The days `first` through `last` of `files` on `zone`'s clock, with
    /// today the day `now` falls on. Occurrences are read from a day before
    /// the span to eight days after it, so that an alert a week early is
    /// shown at its occurrence; the checker's findings are those of the
    /// alerts in the span.
    package init(_ files: [ScheduledFile], first: CivilDate, last: CivilDate, zone: TimeZone, now: Instant) {
        self.zone = zone
        let start = WallClock.instant(of: LocalDateTime(date: first, time: .midnight), in: zone)
        let end = WallClock.instant(of: LocalDateTime(date: last.adding(days: 1), time: .midnight), in: zone)
        var entries: [(entry: Entry, file: Int, reminder: Int)] = []
        for (fileIndex, scheduled) in files.enumerated() {
            let file = scheduled.file
            var timeline = Timeline(
                scheduled.schedules, from: start.advanced(by: -secondsPerDay), to: end.advanced(by: 8 * secondsPerDay),
                includingSkipped: true)
            // Each reminder's occurrences of the day so far, by reminder:
            // its day, how many, and its last entry.
            var today: [Int: (day: CivilDate, count: Int, entry: Int)] = [:]
            while let (index, occurrence) = timeline.next() {
                let reminder = file.reminders[index]
                let clock = reminder.timeZone == .floating ? scheduled.floatingZone : reminder.timeZone.foundationZone
                let day = WallClock.local(at: occurrence.instant, in: zone).date
                if let seen = today[index], seen.day == day {
                    guard seen.count < Self.listedPerDay else {
                        // More than a view lists: marked on the last listed,
                        // and the rest of the day passed over.
                        entries[seen.entry].entry.more = true
                        let next = WallClock.instant(of: LocalDateTime(date: day.adding(days: 1), time: .midnight), in: zone)
                        timeline.pass(index, until: next, wallClock: WallClock.local(at: next, in: clock))
                        continue
                    }
                    today[index] = (day, seen.count + 1, entries.count)
                } else {
                    today[index] = (day, 1, entries.count)
                }
                var isAllDay = false
                if case .date = reminder.start { isAllDay = true }
                let shown =
                    isAllDay
                    ? LocalDateTime(date: occurrence.wallClock.day.date, time: .midnight)
                    : WallClock.local(at: occurrence.instant, in: zone)
                let alerts =
                    occurrence.isSkipped
                    ? [] : reminder.alertInstants(of: occurrence, in: clock).map { ($0, WallClock.local(at: $0, in: zone)) }
                let reason = { (day: DayNumber) in reminder.dayOff?.daysOff.reason(day) ?? "a day off" }
                let entry = Entry(
                    file: file.path, reminderID: reminder.id, title: reminder.title, category: reminder.category, isTodo: reminder.isTodo,
                    isAllDay: isAllDay, instant: occurrence.instant, shown: shown, alerts: alerts,
                    movedFrom: occurrence.movedFrom.map { ($0.date, reason($0)) },
                    skippedFor: occurrence.isSkipped ? reason(occurrence.wallClock.day) : nil,
                    clockAdjusted: occurrence.shown != occurrence.wallClock, findings: [])
                entries.append((entry, fileIndex, index))
            }
        }
        Self.addFindings(to: &entries, files: files, from: start, to: end, zone: zone)

        // The days, each with its entries in time order (all-day first).
        var byDay: [CivilDate: [Entry]] = [:]
        for (entry, _, _) in entries
        where entry.isAllDay ? (first...last).contains(entry.shown.date) : (start..<end).contains(entry.instant) {
            byDay[entry.shown.date, default: []].append(entry)
        }
        let today = WallClock.local(at: now, in: zone).date
        let daysOff = Self.daysOff(files)
        let changes = WallClock.changes(of: zone, from: start, to: end)
        var days: [Day] = []
        var date = first
        while date <= last {
            let dayStart = WallClock.instant(of: LocalDateTime(date: date, time: .midnight), in: zone)
            let dayEnd = WallClock.instant(of: LocalDateTime(date: date.adding(days: 1), time: .midnight), in: zone)
            let change = changes.first { (dayStart..<dayEnd).contains($0.instant) }.map { change in
                let before = change.readingBefore.local.time, after = change.readingAfter.local.time
                return "\(Self.clock(before)) → \(Self.clock(after))"
            }
            let sorted = (byDay[date] ?? []).enumerated().sorted { a, b in
                (a.element.isAllDay ? 0 : 1, a.element.instant, a.offset) < (b.element.isAllDay ? 0 : 1, b.element.instant, b.offset)
            }.map(\.element)
            days.append(Day(date: date, entries: sorted, dayOff: daysOff(date), clockChange: change, isToday: date == today))
            date = date.adding(days: 1)
        }
        self.days = days
    }

    /// The occurrences of one reminder a day a view lists; the rest of the
    /// day is marked (`Entry.more`) and passed over, so that a repeat every
    /// second costs what a dozen a day cost.
    package static let listedPerDay = 12

    /// `09:05`.
    static func clock(_ time: CivilTime) -> String {
        (time.hour < 10 ? "0" : "") + "\(time.hour):" + (time.minute < 10 ? "0" : "") + "\(time.minute)"
    }

    /// Why a day is off in the files' days off: a holiday of any file, or a
    /// weekday every file rests on.
    static func daysOff(_ files: [ScheduledFile]) -> (CivilDate) -> String? {
        let holidays = files.reduce(into: [DayNumber: String]()) { names, scheduled in
            for (day, name) in scheduled.file.daysOff.holidays where names[day] == nil { names[day] = name }
        }
        let weekend = files.isEmpty ? [] : files.map(\.file.daysOff.weekend).reduce(Set(Weekday.allCases)) { $0.intersection($1) }
        return { date in
            let day = date.dayNumber
            if let name = holidays[day] { return name }
            return weekend.contains(day.weekday) ? day.weekday.name.capitalized : nil
        }
    }

    /// The checker's findings at the alerts of the span, as `check` reports
    /// them for `files` with `--now` the span's start and `--horizon` its
    /// length: each at the entry holding the alert it names first (the
    /// nearest entry of its reminder when the view passed that alert over),
    /// in the checker's words.
    static func addFindings(
        to entries: inout [(entry: Entry, file: Int, reminder: Int)], files: [ScheduledFile], from start: Instant,
        to end: Instant, zone: TimeZone
    ) {
        let options = Checker.Options(
            now: start, horizon: end.seconds(since: start), floatingZone: files.first?.floatingZone ?? zone,
            parallelism: files.first?.parallelism ?? .sequential)
        let found = CheckRun.alertFindings(in: files, options: options)
        guard !found.isEmpty else { return }
        var byReminder: [Pair: [Int]] = [:]
        for (index, item) in entries.enumerated() { byReminder[Pair(file: item.file, reminder: item.reminder), default: []].append(index) }
        for finding in found.sorted(by: { ($0.alert, $0.file, $0.reminder) < ($1.alert, $1.file, $1.reminder) }) {
            guard let candidates = byReminder[Pair(file: finding.file, reminder: finding.reminder)] else { continue }
            let holder =
                candidates.first { entries[$0].entry.alerts.contains { $0.instant == finding.alert } }
                ?? candidates.min {
                    abs(entries[$0].entry.instant.seconds(since: finding.alert))
                        < abs(entries[$1].entry.instant.seconds(since: finding.alert))
                }
            guard let holder else { continue }
            let shown = Finding(rule: finding.diagnostic.id, message: finding.diagnostic.message.text)
            if !entries[holder].entry.findings.contains(shown) { entries[holder].entry.findings.append(shown) }
        }
    }

    /// A reminder of the plan's files.
    private struct Pair: Hashable {
        var file: Int
        var reminder: Int
    }
}
