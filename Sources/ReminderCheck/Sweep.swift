import Foundation
import Recurrence
import ReminderModel

/// One pass over the merged alerts of a file's reminders in the horizon, in
/// time order (never all pairs): what the conflict rules and the
/// daylight-saving rules need, each fact kept once per reminder.
struct Sweep {
    /// Per reminder: another reminder it first fires together with, and when.
    var sameTime: [Int: (other: Int, instant: Instant)] = [:]
    /// Per reminder: a reminder that fired less than `lint.min-gap` before it.
    var tooClose: [Int: (other: Int, instant: Instant, gap: Int)] = [:]
    /// The first alert that made an hour hold more than `lint.max-per-hour`.
    var overLimit: (reminder: Int, instant: Instant, count: Int)?
    /// Per reminder: its first alert inside `lint.quiet-hours`, and the
    /// zone's clock then.
    var quiet: [Int: (instant: Instant, shown: LocalDateTime)] = [:]
    /// Per reminder: dates whose wall-clock time a change skips, and repeats.
    var gaps: [Int: [String]] = [:]
    var folds: [Int: [String]] = [:]
    /// Per reminder: alerts in the horizon, and the first 16 of them.
    var counts: [Int]
    var firstAlerts: [[Instant]]
    /// Where the sweep stopped short of the horizon, its alerts past
    /// `budget`: the end of the day it passed it on, the alerts swept, and
    /// the reminder with the most of them.
    var cut: (at: Instant, alerts: Int, busiest: Int)?

    /// The sweep of `context`; days with `countingFrom` alerts or more are
    /// sorted by counting (a parameter for the tests that compare the two).
    /// With `groups` (a group per reminder: its file, when the context holds
    /// several files' reminders), same-time and too-close pair only
    /// reminders of different groups.
    ///
    /// The sweep costs what its alerts number, so it stops at the end of
    /// the day on which they pass `budget` (by default `budget(for:)` the
    /// file's reminders): a few kilobytes of reminders every few seconds
    /// would otherwise take minutes (5,556 reminders every 59 seconds are
    /// three billion alerts a year). Every fact is then of the same shorter
    /// horizon, and `cut` says where it ends.
    init(
        _ context: CheckContext, groups: [Int32] = [], countingFrom countingThreshold: Int = Sweep.countingSortThreshold,
        budget: Int? = nil, sliceCap: Int = Sweep.sliceCap
    ) {
        let budget = budget ?? Self.budget(for: context.file.reminders.count)
        let reminders = context.file.reminders
        let count = reminders.count
        counts = Array(repeating: 0, count: count)
        firstAlerts = Array(repeating: [], count: count)
        let lint = context.file.lint
        let minimumGap = lint.minimumGap.map { $0.days * secondsPerDay + $0.seconds }
        // The zones of the reminders that fire in the horizon, as they come.
        var folds = FoldTable(from: context.now, to: context.end)
        // Whether each reminder's fact is known yet: checked for every
        // alert, so an array rather than a look-up in the tables above.
        var quietFound = [Bool](repeating: false, count: count)
        var neighbours = Neighbours(count: count, groups: groups, minimumGap: minimumGap, maximumPerHour: lint.maximumPerHour)

        // Facts about one reminder alone are taken as its alerts are
        // gathered; a slice's alerts are counting-sorted by their second
        // (a merge by bucket: no pair of reminders is ever compared).
        var live = Self.streams(context, folds: &folds)
        var bucketCounts = [Int32](repeating: 0, count: 86_401)
        var sorted: [(second: Int32, source: Int32)] = []

        // The horizon is swept a slice at a time, a day at most: a slice's
        // alerts are gathered, sorted and swept before the next, and the
        // next slice is as long as holds about a quarter of `sliceCap` at
        // the last one's pace. A slice never holds more than `sliceCap`
        // alerts. One that might (more alerting streams times seconds than
        // the cap, and no pace known for as many streams, or a pace near
        // the cap) is gathered from a
        // copy of the streams kept aside, and gathered again sixteen times
        // shorter when it overflows: a stream alerts once a second at most,
        // so a second of every stream is the least a slice holds. One whose
        // pace was far below the cap but which overflows all the same (a
        // burst after a quiet spell) ends the sweep there, as the budget
        // does: its gathered alerts are taken back from the counts (a quiet
        // hour or daylight-saving note of it may stay).
        var slice = Slice(start: context.now, end: context.now, cap: max(sliceCap, 2 * live.count))
        var length = secondsPerDay
        var swept = 0
        var pace: (alerts: Int, seconds: Int, streams: Int)?
        while slice.start < context.end && !live.isEmpty {
            if swept > budget {
                cut = (slice.start, swept, busiest)
                break
            }
            slice.end = min(slice.start.advanced(by: length), context.end)
            slice.gathered.removeAll(keepingCapacity: true)
            slice.overflow = false
            // What a slice that may be gathered again starts from. The
            // last slice's pace is trusted when as many streams alert in
            // this one as did in it.
            let active = live.reduce(0) { $0 + ($1.next.instant.advanced(by: -$1.lead) < slice.end ? 1 : 0) }
            let provablySmall = active * length <= slice.cap
            let expectedSmall =
                pace.map { $0.streams > 0 && active <= $0.streams && $0.alerts * length / max(1, $0.seconds) <= slice.cap / 8 }
                ?? false
            let saved = provablySmall || expectedSmall ? nil : (live, quiet, quietFound, gaps, self.folds)
            var kept = 0
            for index in live.indices where !slice.overflow {
                if gather(
                    &live[index], into: &slice, reminders: reminders, lint: lint, quietFound: &quietFound, zones: folds, until: context.end)
                {
                    live.swapAt(kept, index)
                    kept += 1
                }
            }
            if slice.overflow {
                // Undone, and gathered again over a shorter slice, or the
                // sweep ends here.
                takeBack(slice)
                guard let saved else {
                    cut = (slice.start, swept, busiest)
                    break
                }
                (live, quiet, quietFound, gaps, self.folds) = saved
                length = max(1, length / 16)
                continue
            }
            live.removeLast(live.count - kept)
            swept += slice.gathered.count
            pace = (slice.gathered.count, slice.end.seconds(since: slice.start), active)
            // The next slice as long as holds about a quarter of the cap.
            if slice.gathered.count > slice.cap / 4 {
                length = max(1, length / 4)
            } else if slice.gathered.count < slice.cap / 64 {
                length = min(secondsPerDay, length * 4)
            }

            Self.sortBySecond(slice.gathered, into: &sorted, buckets: &bucketCounts, countingFrom: countingThreshold)

            for item in sorted { neighbours.add(slice.start.advanced(by: Int(item.second)), Int(item.source)) }
            slice.start = slice.end
        }
        (sameTime, tooClose, overLimit) = (neighbours.sameTime, neighbours.tooClose, neighbours.overLimit)
    }

    /// A slice of the horizon being gathered: its bounds, the alerts it
    /// holds (each its second from `start` and its reminder), the most it
    /// may hold, and whether it would have held more.
    private struct Slice {
        var start: Instant
        var end: Instant
        let cap: Int
        var gathered: [(second: Int32, source: Int32)] = []
        var overflow = false
    }

    /// Takes the alerts of `slice` back from the counts and first alerts.
    private mutating func takeBack(_ slice: Slice) {
        for item in slice.gathered {
            let source = Int(item.source)
            counts[source] -= 1
            firstAlerts[source].removeAll { $0 >= slice.start }
        }
    }

    /// The reminder with the most alerts swept.
    private var busiest: Int { counts.indices.max { counts[$0] < counts[$1] } ?? 0 }

    /// Takes `stream`'s alerts before the slice's end into it, counting
    /// them and taking the facts of its reminder alone (its first alerts,
    /// one in the quiet hours, its times a change of `zones` skips or
    /// repeats); false when no occurrence remains whose alert is before
    /// `end`, the horizon's.
    private mutating func gather(
        _ stream: inout Stream, into slice: inout Slice, reminders: [Reminder], lint: LintSettings, quietFound: inout [Bool],
        zones: FoldTable, until end: Instant
    ) -> Bool {
        let source = stream.source
        var pending: Occurrence? = stream.next
        while let occurrence = pending {
            let alert = Self.alertInstant(occurrence, stream.lead, stream.counted, of: reminders[source])
            if alert >= slice.end { break }
            if slice.gathered.count == slice.cap {
                slice.overflow = true
                break
            }
            slice.gathered.append((Int32(alert.seconds(since: slice.start)), Int32(source)))
            counts[source] += 1
            if firstAlerts[source].count < 16 { firstAlerts[source].append(alert) }
            if let hours = lint.quietHours, !quietFound[source] {
                let shown = alert.wallTime(offset: occurrence.offset).local
                if hours.contains(shown.time) {
                    quiet[source] = (alert, shown)
                    quietFound[source] = true
                }
            }
            if let zone = stream.zone {
                if occurrence.shown != occurrence.wallClock {
                    Self.note(occurrence, in: &gaps, source)
                } else if zones.contains(occurrence.wallClock, zone: zone) {
                    Self.note(occurrence, in: &folds, source)
                }
            }
            pending = stream.iterator.next()
        }
        guard let pending, pending.instant.advanced(by: -stream.lead) < end else { return false }
        stream.next = pending
        return true
    }

    // MARK: The steps of a sweep

    /// A reminder's alert whose occurrences are being merged: its lead,
    /// and its zone (an index in the fold table).
    private struct Stream {
        var source: Int
        var lead: Int
        /// A lead in working days (`lead` is then the most it can be).
        var counted: AlertLead?
        var zone: Int?
        var iterator: Occurrences
        var next: Occurrence
    }

    /// The alert of `occurrence` at `lead` seconds before it, or, for a
    /// lead `counted` in working days, as many seconds before it as its
    /// wall clock is from the working day's.
    private static func alertInstant(_ occurrence: Occurrence, _ lead: Int, _ counted: AlertLead?, of reminder: Reminder) -> Instant {
        guard let counted else { return occurrence.instant.advanced(by: -lead) }
        let alert = reminder.alertWallClock(of: occurrence, lead: counted)
        return occurrence.instant.advanced(by: alert.seconds - occurrence.wallClock.seconds)
    }

    /// Every stream (a reminder's alert) with its first alert in the
    /// horizon: alerts before now are not swept, the periods whose
    /// occurrences alert before it are passed over, however far back the
    /// start or far ahead `before` lies. Iterators are made one reminder at
    /// a time and kept only while their next alert is inside the horizon:
    /// with a short horizon most are never kept, so memory follows the
    /// reminders still firing, not all of them.
    private static func streams(_ context: CheckContext, folds: inout FoldTable) -> [Stream] {
        let reminders = context.file.reminders
        var live: [Stream] = []
        for source in reminders.indices where context.digests[source].alertFloor < context.end {
            // Each alert of the reminder is swept as its own stream (no
            // array is made for the one alert most have).
            let otherLeads = context.digests[source].otherLeads
            // A reminder alerting working days before has its leads as
            // written, each with the most it can be.
            let written = context.digests[source].countsWorkingDays ? reminders[source].writtenLeads : []
            let bounds = written.isEmpty ? [] : reminders[source].wallClockLeads
            for index in written.isEmpty ? -1..<otherLeads.count : 0..<written.count {
                let lead = !written.isEmpty ? bounds[index] : index < 0 ? context.digests[source].lead : otherLeads[index]
                let counted = written.isEmpty || written[index].duration != nil ? nil : written[index]
                // A closer look, before an iterator is made for it.
                if context.schedules[source].earliestInstant.advanced(by: -lead) >= context.end { continue }
                var iterator = context.schedules[source].occurrences()
                iterator.skip(toWallClock: context.now.wallTime(offset: lead - 2 * secondsPerDay))
                var next = iterator.next()
                while let occurrence = next, alertInstant(occurrence, lead, counted, of: reminders[source]) < context.now {
                    next = iterator.next()
                }
                guard let next, alertInstant(next, lead, counted, of: reminders[source]) < context.end else { continue }
                live.append(
                    Stream(
                        source: source, lead: lead, counted: counted, zone: folds.index(of: reminders[source].timeZone),
                        iterator: iterator, next: next))
            }
        }
        return live
    }

    /// `gathered` sorted by second of the slice into `sorted`; equal seconds
    /// keep source order (the order they were gathered in). A busy slice is
    /// sorted by counting, which costs a pass over every second of a day
    /// (`buckets`); a quiet one by comparing, which costs little for few
    /// alerts.
    private static func sortBySecond(
        _ gathered: [(second: Int32, source: Int32)], into sorted: inout [(second: Int32, source: Int32)],
        buckets: inout [Int32], countingFrom threshold: Int
    ) {
        sorted.removeAll(keepingCapacity: true)
        if gathered.count < threshold {
            sorted.append(contentsOf: gathered)
            sorted.sort { ($0.second, $0.source) < ($1.second, $1.source) }
            return
        }
        for index in buckets.indices { buckets[index] = 0 }
        for item in gathered { buckets[Int(item.second) + 1] += 1 }
        for index in 1..<buckets.count { buckets[index] += buckets[index - 1] }
        sorted.append(contentsOf: repeatElement((second: Int32(0), source: Int32(0)), count: gathered.count))
        for item in gathered {
            let slot = Int(buckets[Int(item.second)])
            sorted[slot] = item
            buckets[Int(item.second)] += 1
        }
    }

    /// What alerts in time order say of their neighbours: two at one
    /// instant (same-time), closer than `minimumGap` (too-close), more
    /// than `maximumPerHour` in an hour (too-many-per-hour). With
    /// `groups`, only alerts of different groups are paired.
    private struct Neighbours {
        let groups: [Int32]
        let minimumGap: Int?
        let maximumPerHour: Int?
        var sameTime: [Int: (other: Int, instant: Instant)] = [:]
        var tooClose: [Int: (other: Int, instant: Instant, gap: Int)] = [:]
        var overLimit: (reminder: Int, instant: Instant, count: Int)?
        /// Whether each reminder's fact is known yet: checked for every
        /// alert, so an array rather than a look-up in the tables above.
        var sameTimeFound: [Bool]
        var tooCloseFound: [Bool]
        var groupInstant: Instant?
        var groupFirst = -1
        var lastAlert: Instant?
        var lastSource = -1
        /// With groups: the first alert of the instant from a group other
        /// than `groupFirst`'s, and the latest alert from a group other
        /// than the last one's.
        var groupOther = -1
        var lastOther: (alert: Instant, source: Int)?
        /// The alerts of the last hour, from `windowStart`.
        var window: [Instant] = []
        var windowStart = 0

        init(count: Int, groups: [Int32], minimumGap: Int?, maximumPerHour: Int?) {
            (self.groups, self.minimumGap, self.maximumPerHour) = (groups, minimumGap, maximumPerHour)
            sameTimeFound = [Bool](repeating: false, count: count)
            tooCloseFound = [Bool](repeating: false, count: count)
        }

        /// The next alert in time order: `source`'s at `alert`.
        mutating func add(_ alert: Instant, _ source: Int) {
            if groups.isEmpty {
                if alert == groupInstant {
                    if source != groupFirst && !sameTimeFound[source] {
                        sameTime[source] = (groupFirst, alert)
                        sameTimeFound[source] = true
                    }
                } else {
                    groupInstant = alert
                    groupFirst = source
                }
                if let minimumGap, let lastAlert, alert != lastAlert, source != lastSource, lastSource >= 0,
                    alert.seconds(since: lastAlert) < minimumGap, !tooCloseFound[source]
                {
                    tooClose[source] = (lastSource, alert, alert.seconds(since: lastAlert))
                    tooCloseFound[source] = true
                }
            } else {
                let group = groups[source]
                if alert == groupInstant {
                    if groupOther < 0 && groups[groupFirst] != group { groupOther = source }
                    let other = groups[groupFirst] != group ? groupFirst : groupOther
                    if other >= 0 && !sameTimeFound[source] {
                        sameTime[source] = (other, alert)
                        sameTimeFound[source] = true
                    }
                } else {
                    groupInstant = alert
                    groupFirst = source
                    groupOther = -1
                }
                let earlier = lastSource >= 0 && groups[lastSource] != group ? lastAlert.map { ($0, lastSource) } : lastOther
                if let minimumGap, let (before, other) = earlier, alert != before,
                    alert.seconds(since: before) < minimumGap, !tooCloseFound[source]
                {
                    tooClose[source] = (other, alert, alert.seconds(since: before))
                    tooCloseFound[source] = true
                }
                if lastSource >= 0, let lastAlert, groups[lastSource] != group { lastOther = (lastAlert, lastSource) }
            }
            lastAlert = alert
            lastSource = source
            if let maximumPerHour, overLimit == nil {
                window.append(alert)
                while window[windowStart] <= alert.advanced(by: -3600) { windowStart += 1 }
                if window.count - windowStart > maximumPerHour { overLimit = (source, alert, window.count - windowStart) }
                if windowStart > 4096 {
                    window.removeFirst(windowStart)
                    windowStart = 0
                }
            }
        }
    }

    /// The most alerts a slice of the sweep holds at once (or two per
    /// stream, where there are more streams): 32 MiB of them.
    static let sliceCap = 4_000_000

    /// Days with fewer alerts than this are sorted by comparison: about where
    /// n log n comparisons cost what a counting sort's passes over the
    /// 86,400 seconds of a day do.
    static let countingSortThreshold = 4_096

    /// The alerts swept before the sweep stops at the end of a day, for a
    /// file of `reminders`: 4 million, and 10,000 more per reminder, so the
    /// work grows with the file, not with how often its reminders repeat.
    /// A year of hourly alerts is 8,760, of daily ones 365: a large file of
    /// such reminders is swept whole (Benchmarks/CheckBenchmark's 10,000
    /// daily and hourly reminders are 45 million alerts of a budget of 104
    /// million), while a few kilobytes repeating every few seconds stop
    /// within a second.
    static func budget(for reminders: Int) -> Int {
        4_000_000 + 10_000 * reminders
    }

    private static func note(_ occurrence: Occurrence, in table: inout [Int: [String]], _ source: Int) {
        let local = occurrence.wallClock.local
        let text = "\(local.date) \(local.time.description.prefix(5))"
        if table[source, default: []].count < 5 && !(table[source]?.contains { $0.hasPrefix(local.date.description) } ?? false) {
            table[source, default: []].append(text)
        }
    }
}

/// The wall-clock spans each zone used by a file shows twice in the
/// horizon: the hour before a change that sets clocks back. A zone's spans
/// are found when a reminder in it first asks.
struct FoldTable {
    private let from: Instant
    private let to: Instant
    private var names: [String: Int] = [:]
    private var spans: [[Range<WallTime>]] = []

    init(from: Instant, to: Instant) {
        self.from = from
        self.to = to
    }

    /// The index of a named zone's spans; nil for UTC and floating times.
    mutating func index(of zone: ZoneName) -> Int? {
        guard case .named(let name) = zone else { return nil }
        if let known = names[name] { return known }
        let found = WallClock.changes(of: zone.foundationZone, from: from.advanced(by: -secondsPerDay), to: to.advanced(by: secondsPerDay))
            .filter { $0.after < $0.before }
            .map { $0.readingAfter..<$0.readingBefore }
        names[name] = spans.count
        spans.append(found)
        return spans.count - 1
    }

    func contains(_ wallClock: WallTime, zone: Int) -> Bool {
        spans[zone].contains { $0.contains(wallClock) }
    }
}
