import Foundation
import Recurrence
import ReminderModel

/// What the views (`remindc agenda`, `remindc calendar`) show: the
/// occurrences of a span of days, grouped by the day they fall on in one
/// clock, each with its alerts, what days off did to it, and the checker's
/// findings at its alerts; and each day's days off and clock changes.
///
/// A day holds the occurrences whose instant falls in it on `zone`'s
/// clock; an all-day occurrence falls on its own date. Floating reminders
/// are read in `zone` too (the files were scheduled with it).
public struct DayPlan: Sendable {
    /// A finding of the checker at one alert.
    public struct Finding: Hashable, Sendable {
        /// The rule's id: `same-time`, `too-close`, `quiet-hours`,
        /// `too-many-per-hour`.
        public var rule: String
        public var message: String
    }

    /// One occurrence.
    public struct Entry: Sendable {
        public var file: String
        public var reminderID: String
        public var title: String
        public var category: String?
        public var isTodo: Bool
        public var isAllDay: Bool
        /// The occurrence's instant (an all-day one's midnight in its zone).
        public var instant: Instant
        /// Its time on the plan's clock; midnight of its date when all-day.
        public var shown: LocalDateTime
        /// Each alert's instant and its time on the plan's clock, in the
        /// order of `before:`; none for a skipped occurrence.
        public var alerts: [(instant: Instant, shown: LocalDateTime)]
        /// The day a day off moved it from, and why that day is off.
        public var movedFrom: (day: CivilDate, reason: String)?
        /// Left out by a day off (`if-holiday: skip`): shown, not fired.
        public var skippedFor: String?
        /// Its wall-clock time does not exist that day (the clocks skipped
        /// it), so it fires at the time after the gap.
        public var clockAdjusted: Bool
        public var findings: [Finding]
        /// More occurrences of its reminder follow it that day than a view
        /// lists (`DayPlan.listedPerDay`): passed over, not read.
        public var more = false
    }

    /// One day of the span.
    public struct Day: Sendable {
        public var date: CivilDate
        public var entries: [Entry]
        /// Why the day is off (a holiday's name, or the weekday's for a
        /// weekend day), in the files' days off; nil on a working day.
        public var dayOff: String?
        /// The clocks change that day in the plan's zone: the change, as
        /// `02:00 → 03:00`.
        public var clockChange: String?
        public var isToday: Bool

        /// The entries with each reminder's three or more occurrences of
        /// the day gathered in one run (a water reminder every hour is one
        /// line of a month's grid), at the place of its first; each other
        /// entry a run of its own.
        public var runs: [[Entry]] {
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

    public let zone: TimeZone
    public let days: [Day]

    /// The days `first` through `last` of `files` on `zone`'s clock, with
    /// today the day `now` falls on. Findings are looked for among the
    /// alerts from a day before the span to eight days after it, so that
    /// an alert a week early still meets its neighbours.
    public init(_ files: [ScheduledFile], first: CivilDate, last: CivilDate, zone: TimeZone, now: Instant) {
        self.zone = zone
        let start = WallClock.instant(of: LocalDateTime(date: first, time: .midnight), in: zone)
        let end = WallClock.instant(of: LocalDateTime(date: last.adding(days: 1), time: .midnight), in: zone)
        var entries: [(entry: Entry, file: Int, reminder: Int)] = []
        for (fileIndex, scheduled) in files.enumerated() {
            let file = scheduled.file
            var timeline = Timeline(scheduled.schedules, from: start.advanced(by: -secondsPerDay), to: end.advanced(by: 8 * secondsPerDay),
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
                let shown = isAllDay ? LocalDateTime(date: occurrence.wallClock.day.date, time: .midnight) : WallClock.local(at: occurrence.instant, in: zone)
                let alerts = occurrence.isSkipped ? [] : reminder.alertInstants(of: occurrence, in: clock).map { ($0, WallClock.local(at: $0, in: zone)) }
                let reason = { (day: DayNumber) in reminder.dayOff?.daysOff.reason(day) ?? "a day off" }
                let entry = Entry(file: file.path, reminderID: reminder.id, title: reminder.title, category: reminder.category, isTodo: reminder.isTodo,
                                  isAllDay: isAllDay, instant: occurrence.instant, shown: shown, alerts: alerts,
                                  movedFrom: occurrence.movedFrom.map { ($0.date, reason($0)) },
                                  skippedFor: occurrence.isSkipped ? reason(occurrence.wallClock.day) : nil,
                                  clockAdjusted: occurrence.shown != occurrence.wallClock, findings: [])
                entries.append((entry, fileIndex, index))
            }
        }
        Self.addFindings(to: &entries, files: files)

        // The days, each with its entries in time order (all-day first).
        var byDay: [CivilDate: [Entry]] = [:]
        for (entry, _, _) in entries where entry.isAllDay ? (first...last).contains(entry.shown.date) : (start..<end).contains(entry.instant) {
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
    public static let listedPerDay = 12

    /// The most reminders a same-time finding names; the rest are counted.
    static let namedOthers = 3

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

    /// The checker's findings at each alert, as `check` reads them within
    /// one file (`lint:` of that file, and each reminder's `ignore:`):
    /// alerts of two reminders at one instant (same-time), closer than
    /// `min-gap` (too-close, on the later), more than `max-per-hour` in an
    /// hour (too-many-per-hour, on each alert past the limit), and inside
    /// `quiet-hours` on the reminder's clock (quiet-hours).
    static func addFindings(to entries: inout [(entry: Entry, file: Int, reminder: Int)], files: [ScheduledFile]) {
        for (fileIndex, scheduled) in files.enumerated() {
            let file = scheduled.file, lint = file.lint
            func enabled(_ rule: String, _ reminder: Int) -> Bool {
                !lint.disabledRules.contains(rule) && !file.reminders[reminder].ignoredRules.contains(rule)
            }
            // Every alert of the file: its instant, its entry, its reminder.
            var alerts: [(instant: Instant, entry: Int, reminder: Int)] = []
            for (index, item) in entries.enumerated() where item.file == fileIndex {
                for alert in item.entry.alerts { alerts.append((alert.instant, index, item.reminder)) }
            }
            alerts.sort { ($0.instant, $0.entry) < ($1.instant, $1.entry) }
            func add(_ finding: Finding, at entry: Int) {
                if !entries[entry].entry.findings.contains(finding) { entries[entry].entry.findings.append(finding) }
            }
            var windowStart = 0
            for (position, alert) in alerts.enumerated() {
                if position == 0 || alert.instant != alerts[position - 1].instant {
                    // Same instant, other reminders: each alert of the
                    // group names the others.
                    var groupEnd = position
                    while groupEnd < alerts.count && alerts[groupEnd].instant == alert.instant { groupEnd += 1 }
                    if groupEnd - position > 1 {
                        // The group's reminders in order, each once: a member
                        // names the first few others and counts the rest, so
                        // a thousand at one minute cost a thousand findings of
                        // a line each, not a million names.
                        var seen = Set<Int>()
                        var distinct: [Int] = []
                        for member in alerts[position..<groupEnd] where seen.insert(member.reminder).inserted { distinct.append(member.reminder) }
                        if distinct.count > 1 {
                            for member in alerts[position..<groupEnd] where enabled("same-time", member.reminder) {
                                let named = distinct.lazy.filter { $0 != member.reminder }.prefix(Self.namedOthers).map { "'\(file.reminders[$0].id)'" }
                                let rest = distinct.count - 1 - named.count
                                add(Finding(rule: "same-time", message: "alerts at the same time as " + named.joined(separator: ", ")
                                                + (rest > 0 ? " and \(rest) \(rest == 1 ? "other" : "others")" : "")),
                                    at: member.entry)
                            }
                        }
                    }
                }
                if let gap = lint.minimumGap, position > 0, enabled("too-close", alert.reminder) {
                    let previous = alerts[position - 1]
                    let seconds = alert.instant.seconds(since: previous.instant)
                    if previous.reminder != alert.reminder, seconds > 0, seconds < gap.nominalSeconds {
                        add(Finding(rule: "too-close", message: "alerts \(NominalDuration(seconds: seconds)) after '\(file.reminders[previous.reminder].id)' (min-gap \(gap))"),
                            at: alert.entry)
                    }
                }
                if let maximum = lint.maximumPerHour, enabled("too-many-per-hour", alert.reminder) {
                    while alerts[windowStart].instant <= alert.instant.advanced(by: -3600) { windowStart += 1 }
                    let count = position - windowStart + 1
                    if count > maximum {
                        add(Finding(rule: "too-many-per-hour", message: "\(count) alerts within an hour, more than max-per-hour \(maximum)"), at: alert.entry)
                    }
                }
                if let quiet = lint.quietHours, enabled("quiet-hours", alert.reminder) {
                    let reminder = file.reminders[alert.reminder]
                    let clock = reminder.timeZone == .floating ? scheduled.floatingZone : reminder.timeZone.foundationZone
                    let time = WallClock.local(at: alert.instant, in: clock).time
                    if quiet.contains(time) {
                        add(Finding(rule: "quiet-hours", message: "alerts at \(Self.clock(time)), inside quiet hours \(Self.clock(quiet.start))–\(Self.clock(quiet.end))"),
                            at: alert.entry)
                    }
                }
            }
        }
    }
}
