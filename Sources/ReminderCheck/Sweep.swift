import Foundation
import Recurrence
import ReminderModel

/// One pass over the merged alerts of a file's reminders in the horizon, in
/// time order (never all pairs): what the conflict rules and the
/// daylight-saving rules need, each fact kept once per reminder.
public struct Sweep {
    /// Per reminder: another reminder it first fires together with, and when.
    public var sameTime: [Int: (other: Int, instant: Int)] = [:]
    /// Per reminder: a reminder that fired less than `lint.min-gap` before it.
    public var tooClose: [Int: (other: Int, instant: Int, gap: Int)] = [:]
    /// The first alert that made an hour hold more than `lint.max-per-hour`.
    public var overLimit: (reminder: Int, instant: Int, count: Int)?
    /// Per reminder: its first alert inside `lint.quiet-hours`, as the zone's clock shows it.
    public var quiet: [Int: LocalDateTime] = [:]
    /// Per reminder: dates whose wall-clock time a change skips, and repeats.
    public var gaps: [Int: [String]] = [:]
    public var folds: [Int: [String]] = [:]
    /// Per reminder: alerts in the horizon, and the first 16 of them.
    public var counts: [Int]
    public var firstAlerts: [[Int]]

    init(_ context: CheckContext) {
        let reminders = context.file.reminders
        counts = Array(repeating: 0, count: reminders.count)
        firstAlerts = Array(repeating: [], count: reminders.count)
        let leads = reminders.indices.map(context.lead)
        let lint = context.file.lint
        let minimumGap = lint.minimumGap.map { $0.days * 86_400 + $0.seconds }
        let folds = FoldTable(context: context)

        var timeline = Timeline(context.schedules, from: context.now, to: context.end, leads: leads)
        var groupInstant = Int.min
        var groupFirst = -1
        var lastAlert = Int.min
        var lastSource = -1
        var window: [Int] = []
        var windowStart = 0
        while let (source, occurrence) = timeline.next() {
            let alert = occurrence.instant - leads[source]
            counts[source] += 1
            if firstAlerts[source].count < 16 { firstAlerts[source].append(alert) }

            if alert == groupInstant {
                if source != groupFirst && sameTime[source] == nil { sameTime[source] = (groupFirst, alert) }
            } else {
                groupInstant = alert
                groupFirst = source
            }
            if let minimumGap, alert != lastAlert, source != lastSource, lastSource >= 0, alert - lastAlert < minimumGap,
               tooClose[source] == nil {
                tooClose[source] = (lastSource, alert, alert - lastAlert)
            }
            lastAlert = alert
            lastSource = source

            if let maximum = lint.maximumPerHour, overLimit == nil {
                window.append(alert)
                while window[windowStart] <= alert - 3600 { windowStart += 1 }
                if window.count - windowStart > maximum { overLimit = (source, alert, window.count - windowStart) }
                if windowStart > 4096 {
                    window.removeFirst(windowStart)
                    windowStart = 0
                }
            }

            let reminder = reminders[source]
            if let hours = lint.quietHours, quiet[source] == nil {
                let shown = WallClock.localDateTime(naiveSeconds: alert + occurrence.offset)
                if hours.contains(shown.time) { quiet[source] = shown }
            }
            guard case .named = reminder.timeZone else { continue }
            if occurrence.instant + occurrence.offset != occurrence.wallClock {
                Self.note(occurrence, in: &gaps, source)
            } else if folds.contains(occurrence.wallClock, zone: reminder.timeZone.description) {
                Self.note(occurrence, in: &self.folds, source)
            }
        }
    }

    private static func note(_ occurrence: Occurrence, in table: inout [Int: [String]], _ source: Int) {
        let local = WallClock.localDateTime(naiveSeconds: occurrence.wallClock)
        let text = "\(local.date) \(local.time.description.prefix(5))"
        if table[source, default: []].count < 5 && !(table[source]?.contains { $0.hasPrefix(local.date.description) } ?? false) {
            table[source, default: []].append(text)
        }
    }
}

/// The wall-clock spans (naive seconds) each zone used by a file shows twice
/// in the horizon: the hour before a change that sets clocks back.
struct FoldTable {
    private var spans: [String: [(start: Int, end: Int)]] = [:]

    init(context: CheckContext) {
        for reminder in context.file.reminders {
            guard case .named(let name) = reminder.timeZone, spans[name] == nil else { continue }
            let zone = reminder.timeZone.foundationZone
            var found: [(Int, Int)] = []
            var cursor = Date(timeIntervalSince1970: TimeInterval(context.now - 86_400))
            while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < TimeInterval(context.end + 86_400) {
                let instant = Int(next.timeIntervalSince1970)
                let before = WallClock.offset(of: zone, at: instant - 1)
                let after = WallClock.offset(of: zone, at: instant)
                if after < before { found.append((instant + after, instant + before)) }
                cursor = next
            }
            spans[name] = found
        }
    }

    func contains(_ wallClock: Int, zone: String) -> Bool {
        spans[zone]?.contains { wallClock >= $0.start && wallClock < $0.end } ?? false
    }
}
