import Foundation
import Recurrence
import ReminderModel

extension CrontabWriter {
    // MARK: Rules

    /// The exact entries of a reminder, or why there are none.
    func entries(_ reminder: Reminder, schedule: Schedule, zone: CronZone) throws(Inexact) -> [CronEntry] {
        let first = schedule.firstOccurrence
        let firstAlert = alertWallClock(of: first, reminder)
        guard firstAlert.seconds.floorModulo(60) == 0 else {
            throw Inexact(
                reason: "it fires at a second other than :00, and cron has minutes only",
                cause: lead(of: reminder).isMultiple(of: 60) ? .start : .before)
        }
        guard let rule = schedule.rule else {
            // The start and the additions: as many as the file lists.
            return schedule.occurrences().map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
        }
        if reminder.hasWorkingDayLead {
            throw Inexact(reason: "it alerts working days before, which cron cannot count", cause: .before)
        }
        if let dayOff = schedule.dayOff {
            // Cron knows no holiday: what days off do is listed.
            throw Inexact(
                reason: dayOff.workingDay != nil
                    ? "it fires on a working day, which cron cannot count"
                    : "it moves off days off (if-holiday: \(dayOff.move.rawValue)), which cron cannot know")
        }
        var bounds: [String] = ["[ \(CronShell.stamp) -ge \(CronShell.stamp(firstAlert)) ]"]
        var finite: [Occurrence]?
        if rule.end != .never {
            // A bounded rule's alerts also narrow the fields, when there are
            // few enough to look at.
            let all = Array(schedule.occurrences().prefix(20_001))
            let last = all.count <= 20_000 ? all.last ?? first : schedule.lastOccurrence() ?? first
            finite = all.count <= 20_000 ? all : nil
            bounds.append("[ \(CronShell.stamp) -le \(CronShell.stamp(alertWallClock(of: last, reminder))) ]")
        }
        // An exception on a day a change skips its time must also stop the
        // run cron makes up for it right after the change.
        let excluded = schedule.excludedOccurrences().flatMap { occurrence -> [String] in
            let alert = alertWallClock(of: occurrence, reminder)
            return [CronShell.stamp(alert)] + (catchUp(alert, zone: zone).map { [CronShell.stamp($0)] } ?? [])
        }
        if !excluded.isEmpty {
            bounds.append("{ case \(CronShell.stamp) in \(excluded.joined(separator: "|"))) false;; esac; }")
        }
        var plan: [CronEntry] = []
        for var entry in try ruleEntries(reminder, rule: rule.resolved(start: schedule.start), schedule: schedule, zone: zone) {
            entry.conditions += bounds
            if let finite {
                let own =
                    entry.alertMinutesOfDay.map { minutes in
                        finite.filter { minutes.contains(alertWallClock(of: $0, reminder).secondOfDay / 60) }
                    } ?? finite
                if !entry.narrow(to: fieldSets(of: own, reminder, zone: zone)) { continue }
            }
            addCatchUpCheck(to: &entry, reminder: reminder, schedule: schedule, zone: zone)
            plan.append(entry)
        }
        // The start, when the rule does not select it and no exception
        // removes it; additions the rule does not already make.
        var extras: [Occurrence] = []
        if !schedule.ruleSelectsStart(), schedule.occurrences().first(where: { _ in true })?.wallClock == first.wallClock {
            extras.append(first)
        }
        extras += schedule.additionOccurrences().filter { !ruleMakes($0, schedule: schedule) }
        plan += extras.map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
        return plan
    }

    /// Whether the rule alone (no additions) makes `occurrence`, and no
    /// exception removes it.
    func ruleMakes(_ occurrence: Occurrence, schedule: Schedule) -> Bool {
        var ruled = schedule
        ruled.additions = []
        var occurrences = ruled.occurrences()
        occurrences.skip(toWallClock: occurrence.wallClock)
        while let next = occurrences.next(), next.wallClock <= occurrence.wallClock {
            if next.wallClock == occurrence.wallClock { return true }
        }
        return false
    }

    /// The values of each field on the machine's clock at the alerts of `occurrences`.
    func fieldSets(of occurrences: [Occurrence], _ reminder: Reminder, zone: CronZone) -> FieldSets {
        var sets = FieldSets(minutes: [], hours: [], daysOfMonth: [], months: [])
        for occurrence in occurrences {
            var alert = alertWallClock(of: occurrence, reminder).local
            if !zone.isHost {
                alert = WallClock.local(at: WallClock.instant(of: alert, in: zone.timeZone), in: options.hostZone)
            }
            sets.minutes!.insert(alert.time.minute)
            sets.hours!.insert(alert.time.hour)
            sets.daysOfMonth!.insert(alert.date.day)
            sets.months!.insert(alert.date.month)
        }
        // Another zone's entries keep the hours the offsets give: Debian's
        // cron runs a fixed time that the machine's clock skips at the
        // change, where another hour's run of the same entry may be too.
        if !zone.isHost && !Self.changes(of: options.hostZone, around: options.now).isEmpty {
            sets.hours = nil
        }
        return sets
    }

    func ruleEntries(_ reminder: Reminder, rule: RecurrenceRule, schedule: Schedule, zone: CronZone) throws(Inexact) -> [CronEntry] {
        guard rule.calendar == nil else { throw Inexact(reason: "cron has no \(rule.calendar!) calendar") }
        guard rule.frequency != .secondly, rule.bySecond.allSatisfy({ $0 == 0 }) else {
            throw Inexact(reason: "cron has minutes only, not seconds")
        }
        let lead = lead(of: reminder)
        guard lead.isMultiple(of: 60) else { throw Inexact(reason: "'before' has seconds, and cron has minutes only", cause: .before) }
        let startDay = schedule.start.date.daysSinceEpoch
        var rule = rule
        if rule.frequency >= .daily {
            var times =
                schedule.timesOfDay.isEmpty
                ? Self.defaultTimes(rule: rule, start: schedule.start, allDay: schedule.isAllDay)
                : schedule.timesOfDay.map(\.secondsSinceMidnight)
            guard times.allSatisfy({ $0.isMultiple(of: 60) }) else { throw Inexact(reason: "cron has minutes only, not seconds") }
            times = Array(Set(times)).sorted()
            if rule.frequency == .daily && !rule.bySetPosition.isEmpty {
                // A day's set is its times: keep the positions' own.
                times = rule.bySetPosition.compactMap {
                    $0 > 0 ? ($0 <= times.count ? times[$0 - 1] : nil) : (-$0 <= times.count ? times[times.count + $0] : nil)
                }
                rule.bySetPosition = []
            }
            let test = DayTest(rule: rule, startDay: startDay, timesPerDay: times.count)
            return try timeEntries(
                minutesOfDay: times.map { $0 / 60 }, lead: lead / 60, test: test, zone: zone, separately: !rule.bySetPosition.isEmpty)
        }
        guard rule.bySetPosition.isEmpty else {
            throw Inexact(reason: "cron cannot pick the nth of an hour's or a minute's matches (position/BYSETPOS)", cause: .position)
        }
        let step = rule.frequency == .hourly ? 60 * rule.interval : rule.interval
        let startMinute = schedule.start.time.secondsSinceMidnight / 60
        let allowedHours = Set(rule.byHour.isEmpty ? Array(0...23) : rule.byHour)
        let allowedMinutes: Set<Int> =
            rule.frequency == .hourly
            ? Set(rule.byMinute.isEmpty ? [startMinute % 60] : rule.byMinute)
            : Set(rule.byMinute.isEmpty ? Array(0...59) : rule.byMinute)
        var dayRule = rule
        dayRule.interval = 1
        let test = DayTest(rule: dayRule, startDay: startDay, timesPerDay: 1)
        if 1440 % step == 0 {
            // The same minutes every day: the rule's times of day.
            // An hourly rule's period is its hour: BYMINUTE expands within
            // it, and the interval counts hours.
            let period = rule.frequency == .hourly ? 60 : 1
            let periods = step / period
            let minutes = (0..<1440).filter { minute in
                allowedHours.contains(minute / 60) && allowedMinutes.contains(minute % 60)
                    && ((minute / period - startMinute / period) % periods + periods) % periods == 0
            }
            return try timeEntries(minutesOfDay: minutes, lead: lead / 60, test: test, zone: zone, separately: false)
        }
        return try countingEntry(
            rule: rule, test: test, startDay: startDay, startMinute: startMinute, step: step,
            allowedHours: allowedHours, allowedMinutes: allowedMinutes, lead: lead / 60, zone: zone)
    }

    /// The times of day a DAILY-or-coarser rule fires at when it names no
    /// BYHOUR: the start's, or its BYMINUTE combinations.
    static func defaultTimes(rule: RecurrenceRule, start: LocalDateTime, allDay: Bool) -> [Int] {
        if allDay { return [0] }
        let hours = rule.byHour.isEmpty ? [start.time.hour] : rule.byHour
        let minutes = rule.byMinute.isEmpty ? [start.time.minute] : rule.byMinute
        let seconds = rule.bySecond.isEmpty ? [start.time.second] : rule.bySecond
        return hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
    }

    /// Entries for occurrences at `minutesOfDay` on the days `test` selects,
    /// each alert `lead` minutes earlier: one entry per set of minutes that
    /// share their hours, per day the alerts fall before their occurrences
    /// (and per time of day when `separately`, for positions).
    func timeEntries(minutesOfDay: [Int], lead: Int, test: DayTest, zone: CronZone, separately: Bool) throws(Inexact) -> [CronEntry] {
        // Alert minutes of the day, by how many days before their occurrence they fall.
        var byShift: [Int: [(alert: Int, index: Int)]] = [:]
        for (index, minute) in minutesOfDay.sorted().enumerated() {
            let alert = minute - lead
            let days = -alert.floorDivided(by: 1440)
            byShift[days, default: []].append((alert + days * 1440, index))
        }
        var entries: [CronEntry] = []
        for (days, alerts) in byShift.sorted(by: { $0.key < $1.key }) {
            let groups: [(minutes: [Int], hours: [Int], index: Int)]
            if separately {
                groups = alerts.map { ([$0.alert % 60], [$0.alert / 60], $0.index) }
            } else {
                var hoursByMinute: [Int: [Int]] = [:]
                for alert in alerts { hoursByMinute[alert.alert % 60, default: []].append(alert.alert / 60) }
                var minutesByHours: [[Int]: [Int]] = [:]
                for (minute, hours) in hoursByMinute { minutesByHours[hours.sorted(), default: []].append(minute) }
                groups = minutesByHours.map { ($0.value.sorted(), $0.key, 0) }.sorted { $0.minutes[0] < $1.minutes[0] }
            }
            for group in groups {
                let alertMinutes = group.hours.flatMap { hour in group.minutes.map { hour * 60 + $0 } }
                // The fields: the group's own on the machine's clock; for
                // another zone, the machine's minutes and hours at which the
                // zone's clock can show the group's, for each difference of
                // offsets, one entry per set of minutes sharing their hours.
                var fieldPairs: [(minutes: [Int], hours: [Int])] = []
                if zone.isHost {
                    fieldPairs = [(group.minutes, group.hours)]
                } else {
                    var hoursByMinute: [Int: Set<Int>] = [:]
                    for difference in Self.offsetDifferences(zone.timeZone, host: options.hostZone, around: options.now) {
                        for minute in alertMinutes {
                            let host = ((minute - difference) % 1440 + 1440) % 1440
                            hoursByMinute[host % 60, default: []].insert(host / 60)
                        }
                    }
                    // Debian's cron runs a fixed time that the machine's clock
                    // skips at the change, where the same entry's run for the
                    // hour after may be due too: hours a change skips get
                    // entries of their own that check the machine's hour.
                    let skipped = skippedHours()
                    var minutesByHours: [[Int]: [Int]] = [:]
                    for (minute, hours) in hoursByMinute {
                        let kept = hours.subtracting(skipped), moved = hours.intersection(skipped)
                        if !kept.isEmpty { minutesByHours[kept.sorted(), default: []].append(minute) }
                        if !moved.isEmpty { minutesByHours[moved.sorted(), default: []].append(minute) }
                    }
                    fieldPairs = minutesByHours.map { ($0.value.sorted(), $0.key) }.sorted {
                        ($0.minutes[0], $0.hours[0]) < ($1.minutes[0], $1.hours[0])
                    }
                }
                for pair in fieldPairs {
                    var entry = CronEntry(minutes: pair.minutes, hours: pair.hours)
                    if !zone.isHost && !skippedHours().isDisjoint(with: pair.hours) {
                        entry.passChecks.append(
                            "{ case $(date +\\%H) in \(pair.hours.map { zeroPadded($0) }.joined(separator: "|"))) ;; *) false;; esac; }")
                    }
                    let fields: DayFields
                    if zone.isHost {
                        fields = days == 0 ? .all : .weekdaysBefore(days)
                    } else {
                        entry.clockZone = zone.name
                        fields = .none
                        let clock = group.hours.flatMap { hour in group.minutes.map { zeroPadded(hour) + zeroPadded($0) } }
                        entry.conditions.append(
                            clock.count <= 6
                                ? (clock.count == 1
                                    ? "[ $4$5 = \(clock[0]) ]" : "{ case $4$5 in \(clock.joined(separator: "|"))) ;; *) false;; esac; }")
                                : CronShell.membership("h", group.hours) + " && " + CronShell.membership("n", group.minutes))
                        if clock.count > 6 { entry.assign(CronShell.clockNumbers) }
                    }
                    entry.alertMinutesOfDay = Set(alertMinutes)
                    try test.apply(to: &entry, shift: days == 0 ? .none : .days(days), fields: fields, timeIndex: group.index)
                    addSecondPassCheck(to: &entry, zone: zone, minutesOfDay: alertMinutes)
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    /// HOURLY and MINUTELY whose interval divides no day: minutes since the
    /// start, counted in the guard.
    func countingEntry(
        rule: RecurrenceRule, test: DayTest, startDay: Int, startMinute: Int, step: Int,
        allowedHours: Set<Int>, allowedMinutes: Set<Int>, lead: Int, zone: CronZone
    ) throws(Inexact) -> [CronEntry] {
        guard lead == 0 || (rule.byHour.isEmpty && rule.byMinute.isEmpty) else {
            throw Inexact(reason: "'before' with hours or minutes limits of a repeat whose interval divides no day", cause: .before)
        }
        var minutesField = Array(allowedMinutes)
        // An hourly rule with BYMINUTE fires at each of them in the hours
        // the interval selects: hours are counted, not minutes.
        let countsHours = rule.frequency == .hourly && !rule.byMinute.isEmpty
        if !countsHours && (rule.frequency == .hourly || step.isMultiple(of: 60)) {
            minutesField = [startMinute % 60].filter(allowedMinutes.contains)
        }
        // The alerts are `lead` minutes before: the same count, from the
        // start's alert, on the alert's clock.
        let alertStart = startDay * 1440 + startMinute - lead
        let alertMinute = ((alertStart % 1440) + 1440) % 1440
        if lead != 0 { minutesField = minutesField.map { (($0 - lead) % 60 + 60) % 60 } }
        var entry: CronEntry
        if zone.isHost {
            entry = CronEntry(minutes: minutesField.sorted(), hours: allowedHours.count < 24 ? allowedHours.sorted() : nil)
        } else {
            var minutes = Set<Int>()
            for difference in Self.offsetDifferences(zone.timeZone, host: options.hostZone, around: options.now) {
                for minute in minutesField { minutes.insert(((minute - difference) % 60 + 60) % 60) }
            }
            entry = CronEntry(minutes: minutes.sorted(), hours: nil)
            entry.clockZone = zone.name
        }
        entry.assign(CronShell.dateNumbers)
        entry.assign(CronShell.clockNumbers)
        entry.assign(CronShell.julianDay)
        let days = "(j-\(CronShell.julianDay(of: alertStart.floorDivided(by: 1440))))"
        if countsHours {
            entry.assign("x=$(\(CronShell.modulo("\(days)*24+h-\(alertMinute / 60)", rule.interval)))")
        } else {
            entry.assign("x=$(\(CronShell.modulo("\(days)*1440+h*60+n-\(alertMinute)", step)))")
        }
        if !zone.isHost {
            if allowedHours.count < 24 { entry.conditions.append(CronShell.membership("h", Array(allowedHours))) }
            entry.conditions.append(CronShell.membership("n", minutesField))
        }
        entry.conditions.append("[ $x -eq 0 ]")
        try test.apply(to: &entry, shift: lead == 0 ? .none : .minutes(lead), fields: zone.isHost && lead == 0 ? .all : .none)
        addSecondPassCheck(to: &entry, zone: zone, minutesOfDay: nil)
        return [entry]
    }

    /// The hours of the machine's clock that a change skips (in part), from
    /// a year before now to ten after.
    func skippedHours() -> Set<Int> {
        var hours = Set<Int>()
        for change in Self.changes(of: options.hostZone, around: options.now) where change.after > change.before {
            for minute in stride(
                from: change.readingBefore.seconds.floorDivided(by: 60), to: change.readingAfter.seconds.floorDivided(by: 60), by: 1)
            {
                hours.insert(minute.floorModulo(1440) / 60)
            }
        }
        return hours
    }

    /// Debian's cron and cronie run a fixed-time entry whose time a change
    /// skips right after the change. When no alert of the reminder falls in
    /// a skipped hour (its occurrences there moved on), such a run is not
    /// one of its alerts: the guard lets through only the minutes and hours
    /// of the fields. (When one does, the run at the change is its alert,
    /// early, and a `# dst:` note says so.)
    func addCatchUpCheck(to entry: inout CronEntry, reminder: Reminder, schedule: Schedule, zone: CronZone) {
        guard zone.isHost, entry.isFixedTime else { return }
        let lead = lead(of: reminder)
        let minutesOfDay = Set((entry.hours ?? Array(0...23)).flatMap { hour in entry.minutes.map { hour * 60 + $0 } })
        var skipped = false
        for change in Self.changes(of: options.hostZone, around: options.now) where change.after > change.before {
            // The wall-clock readings that do not exist, and their minutes.
            let minutes = change.readingBefore.seconds.floorDivided(by: 60)..<change.readingAfter.seconds.floorDivided(by: 60)
            let from = WallTime(seconds: minutes.lowerBound * 60), to = WallTime(seconds: minutes.upperBound * 60)
            guard minutes.contains(where: { minutesOfDay.contains($0.floorModulo(1440)) }) else { continue }
            var occurrences = schedule.occurrences()
            occurrences.skip(toWallClock: from.advanced(by: lead))
            while let occurrence = occurrences.next() {
                let alert = alertWallClock(of: occurrence, reminder)
                if alert >= to { break }
                if alert >= from { return }
            }
            skipped = true
        }
        guard skipped else { return }
        func two(_ values: [Int]) -> String { values.map { zeroPadded($0) }.joined(separator: "|") }
        entry.conditions.append("{ case $5 in \(two(entry.minutes))) ;; *) false;; esac; }")
        if let hours = entry.hours { entry.conditions.append("{ case $4 in \(two(hours))) ;; *) false;; esac; }") }
    }

    /// Lets only the first pass through a repeated hour of the guard's
    /// clock, as `expand` fires once, when the entry can fire in one: the
    /// clock a change's length earlier reads the same time in the second.
    /// `minutesOfDay` nil: any.
    func addSecondPassCheck(to entry: inout CronEntry, zone: CronZone, minutesOfDay: [Int]?) {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let changes = Self.changes(of: clockZone, around: options.now)
        var lengths = Set<Int>()
        for change in changes where change.before > change.after {
            // The repeated wall-clock minutes, as minutes of the day.
            let from = change.readingAfter.seconds.floorDivided(by: 60)
            let to = change.readingBefore.seconds.floorDivided(by: 60)
            let repeated = (from..<to).map { $0.floorModulo(1440) }
            if minutesOfDay.map({ Set($0).isDisjoint(with: repeated) }) ?? false { continue }
            lengths.insert(change.before - change.after)
        }
        for length in lengths.sorted() {
            entry.passChecks.append("[ \"$(\(zone.name.map { "TZ=\($0) " } ?? "")date -d @$(($7-\(length))) +\\%H\\%M)\" != $4$5 ]")
        }
    }
}
