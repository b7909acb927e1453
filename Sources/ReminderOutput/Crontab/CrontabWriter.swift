import Foundation
import Recurrence
import ReminderModel
import Synchronization

/// Writes reminders as a crontab for a machine whose clock runs in one zone
/// (SPEC §2 crontab): entries that fire exactly when `remindc expand` says,
/// each alert `before:` its occurrence, or an `inexact` error saying why not.
///
/// Each reminder becomes entries of portable fields (numbers, `*`, ranges,
/// `a-b/n`, lists; Sunday is 0) and a POSIX-sh guard for what fields cannot
/// say: intervals (every 2 weeks: weeks since the start, from the Julian day
/// number), nth and last weekdays, days from the end of the month, a weekday
/// together with days of the month, the start, `until` and `count` (as the
/// last occurrence), exceptions, and zones other than the machine's (a
/// superset of minutes, and the zone's own clock in the guard). Additions
/// and a start the rule does not select are one-off entries with a year
/// check. Every N minutes that divides 1440 becomes the fewest lines, one per
/// distinct set of minutes in an hour (every 90 minutes is two lines).
///
/// What cron cannot do exactly is reported: BYSETPOS, BYYEARDAY, BYWEEKNO,
/// other calendars, seconds, an alert on an earlier day than its
/// occurrence. Such a reminder with at most 200 occurrences is listed
/// occurrence by occurrence instead, which is exact.
///
/// Daylight saving: cron (Debian's and cronie) runs a fixed-time entry whose
/// time a change skips right after the change, and a `*` entry loses it or
/// runs twice in a repeated hour; the guard of another zone's reminder reads
/// that zone's clock, which skips and repeats too. Each date in the next
/// year where that differs from `expand` is a `cron-dst` warning and a
/// `# dst:` comment under the entry.
public struct CrontabWriter {
    public struct Options: Sendable {
        /// The machine's zone: the one cron's clock runs in.
        public var hostZone: TimeZone
        /// The command per occurrence, with `{id}`, `{title}`, `{note}`,
        /// `{sound}` and `{category}`; nil for the default notification.
        public var command: String?
        public var allowInexact: Bool
        /// "Now", for the window of daylight-saving warnings and inexact listings.
        public var now: Int

        public init(hostZone: TimeZone, command: String? = nil, allowInexact: Bool = false, now: Int) {
            self.hostZone = hostZone
            self.command = command
            self.allowInexact = allowInexact
            self.now = now
        }
    }

    public struct Output: Sendable {
        public var text: String
        /// `cron-inexact` errors (warnings with `allowInexact`) and `cron-dst` warnings.
        public var diagnostics: [Diagnostic]
    }

    /// The longest command an entry may carry, leaving room for its fields and guard.
    static let commandLimit = 560
    /// Every line stays shorter than this: cron's own limits are about 1,000 bytes.
    static let lineLimit = 900

    /// The default command: a desktop notification; the writer adds the
    /// sound (`paplay` for a file, the desktop's message sound for `default`).
    public static let defaultCommand = "notify-send -a remindc -- {title} {note}"

    let options: Options

    public init(options: Options) {
        self.options = options
    }

    public func write(_ files: [ReminderFile]) -> Output {
        var text = """
            # Written by remindc \(RemindcVersion.string) for a machine whose clock runs in \(options.hostZone.identifier).
            # Regenerate it rather than editing it: remindc crontab \(Self.comment(files.map(\.path).joined(separator: " "), limit: nil))
            SHELL=/bin/sh
            PATH=/usr/local/bin:/usr/bin:/bin
            MAILTO=""

            """
        var diagnostics: [Diagnostic] = []
        for file in files {
            for reminder in file.reminders {
                let result = entries(for: reminder, in: file)
                text += "\n# id: \(reminder.id)\n"
                text += "# \(Self.describe(reminder))\n"
                if let reason = result.inexact {
                    let message = Message.cronInexact(reminder.id, reason, allowed: options.allowInexact)
                    diagnostics.append(Diagnostic(message, file: file.path, span: reminder.spans.repeats ?? reminder.spans.start))
                    text += "# inexact: \(Self.comment(reason, limit: nil))\n"
                }
                for note in result.daylightSaving {
                    text += "# dst: \(note)\n"
                }
                if !result.daylightSaving.isEmpty {
                    diagnostics.append(Diagnostic(.cronDaylightSaving(reminder.id, result.daylightSaving), file: file.path,
                                                  span: reminder.spans.start))
                }
                text += result.lines.map { $0 + "\n" }.joined()
            }
        }
        return Output(text: text, diagnostics: diagnostics)
    }

    // MARK: One reminder

    struct Result {
        var lines: [String] = []
        var inexact: String?
        var daylightSaving: [String] = []
    }

    /// Why a reminder cannot be written exactly.
    struct Inexact: Error {
        var reason: String
    }

    func entries(for reminder: Reminder, in file: ReminderFile) -> Result {
        let schedule = reminder.schedule(floatingZone: options.hostZone)
        let zone = cronZone(of: reminder)
        var command = Self.command(options.command, reminder: reminder, file: file)
        var result = Result()
        // A crontab line must stay under 900 bytes on every daemon; base64
        // makes text a third longer. Long text is cut, which is inexact.
        if command.utf8.count > Self.commandLimit {
            result.inexact = "its title and note do not fit in a crontab line (cron's limit is about 1,000 bytes); they are shortened"
            guard options.allowInexact else { return result }
            var shortened = reminder
            shortened.title = String(reminder.title.prefix(120))
            shortened.note = reminder.note.map { String($0.prefix(120)) }
            command = Self.command(options.command, reminder: shortened, file: file)
        }
        let plan: [CronEntry]
        do {
            plan = try entries(reminder, schedule: schedule, zone: zone, command: command)
        } catch {
            // Exact anyway when the occurrences are few enough to list. An
            // endless rule with an instance in every period has more.
            let endless = schedule.rule.map { $0.end == .never && $0.matchesEveryPeriod } ?? false
            let listed = endless && schedule.start.date.year < 9_700 ? [] : Array(schedule.occurrences().prefix(201))
            if !listed.isEmpty && listed.count <= 200 {
                plan = listed.map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
            } else {
                result.inexact = [error.reason, result.inexact].compactMap { $0 }.joined(separator: "; ")
                guard options.allowInexact else { return result }
                let horizon = options.now + 366 * 86_400
                let upcoming = schedule.occurrences().lazy.filter { $0.instant >= options.now }.prefix { $0.instant < horizon }
                plan = upcoming.map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
                result.inexact = error.reason + "; listed until " + WallClock.local(at: horizon, in: options.hostZone).date.description
            }
        }
        result.lines = plan.map { $0.line(zone: zone.name, command: command) }
        result.daylightSaving = daylightSavingNotes(reminder, schedule: schedule, zone: zone, entries: plan)
        return result
    }

    /// The zone whose clock the guard reads: nil for the machine's (and for
    /// floating reminders, which follow whatever clock the machine has).
    struct CronZone {
        var name: String?
        var timeZone: TimeZone
        /// Whether the zone's clock is the machine's, so fields can carry times.
        var isHost: Bool
    }

    func cronZone(of reminder: Reminder) -> CronZone {
        switch reminder.timeZone {
        case .floating:
            return CronZone(name: nil, timeZone: options.hostZone, isHost: true)
        case .utc, .named:
            let zone = reminder.timeZone.foundationZone
            let name = reminder.timeZone == .utc ? "UTC" : reminder.timeZone.description
            let same = zone.identifier == options.hostZone.identifier
                || (reminder.timeZone == .utc && options.hostZone.identifier == "UTC")
            return CronZone(name: same ? nil : name, timeZone: zone, isHost: same)
        }
    }

    /// The wall clock (naive seconds, in the reminder's zone) at which the
    /// alert for `occurrence` fires.
    func alertWallClock(of occurrence: Occurrence, _ reminder: Reminder) -> Int {
        let before = reminder.before ?? Duration()
        return occurrence.wallClock - before.days * 86_400 - before.seconds
    }

    /// The wall-clock minute at which Debian's cron and cronie run a
    /// fixed-time entry whose time `wallClock` a daylight-saving change
    /// skips: the first minute after the change. Nil when it is not skipped.
    func catchUp(_ wallClock: Int, zone: CronZone) -> Int? {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let local = WallClock.localDateTime(naiveSeconds: wallClock)
        let instant = WallClock.instant(of: local, in: clockZone)
        let shown = instant + WallClock.offset(of: clockZone, at: instant)
        guard shown != wallClock,
              let change = clockZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(instant - 2 * 86_400))) else {
            return nil
        }
        let at = Int(change.timeIntervalSince1970)
        return at + WallClock.offset(of: clockZone, at: at)
    }

    /// A single fire time: its fields, and its year in the guard.
    func oneOff(_ wallClock: Int, zone: CronZone) -> CronEntry {
        let local = WallClock.localDateTime(naiveSeconds: wallClock)
        if zone.isHost {
            var entry = CronEntry(minute: "\(local.time.minute)", hour: "\(local.time.hour)")
            entry.dayOfMonth = "\(local.date.day)"
            entry.month = "\(local.date.month)"
            entry.conditions = ["[ $1 = \(local.date.year) ]"]
            return entry
        }
        var entry = CronEntry(minute: CronShell.list(minutesInHost(of: [local.time.minute], zone: zone)), hour: "*")
        entry.conditions = ["[ \(CronShell.stamp) = \(CronShell.stamp(wallClock)) ]"]
        return entry
    }

    /// Minutes of the machine's clock at which a zone's clock can show one of
    /// `minutes`: the zones' offsets may differ by any amount over the years.
    func minutesInHost(of minutes: [Int], zone: CronZone) -> [Int] {
        let differences = Self.offsetDifferences(zone.timeZone, host: options.hostZone, around: options.now)
        var result = Set<Int>()
        for minute in minutes {
            for difference in differences {
                result.insert(((minute - difference) % 60 + 60) % 60)
            }
        }
        return result.sorted()
    }

    /// The differences in minutes between `zone`'s and `host`'s offsets, a
    /// week apart from a year before `now` to three after; computed once per
    /// pair of zones and `now` (every one-off entry of a reminder asks).
    static func offsetDifferences(_ zone: TimeZone, host: TimeZone, around now: Int) -> Set<Int> {
        let key = "\(zone.identifier) \(host.identifier) \(now)"
        if let known = differenceCache.withLock({ $0[key] }) { return known }
        var differences = Set<Int>()
        var instant = now - 366 * 86_400
        let end = now + 3 * 366 * 86_400
        while instant < end {
            let date = Date(timeIntervalSince1970: TimeInterval(instant))
            differences.insert((zone.secondsFromGMT(for: date) - host.secondsFromGMT(for: date)) / 60)
            instant += 7 * 86_400
        }
        differenceCache.withLock { $0[key] = differences }
        return differences
    }

    private static let differenceCache = Mutex<[String: Set<Int>]>([:])

    // MARK: Rules

    func entries(_ reminder: Reminder, schedule: Schedule, zone: CronZone, command: String) throws(Inexact) -> [CronEntry] {
        let first = schedule.firstOccurrence
        let firstAlert = alertWallClock(of: first, reminder)
        guard firstAlert - firstAlert.floorDivided(by: 60) * 60 == 0 else {
            throw Inexact(reason: "it fires at a second other than :00, and cron has minutes only")
        }
        var plan: [CronEntry] = []
        var bounds: [String] = ["[ \(CronShell.stamp) -ge \(CronShell.stamp(firstAlert)) ]"]
        if let rule = schedule.rule, rule.end != .never {
            var last = first
            for occurrence in schedule.occurrences() { last = occurrence }
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
        guard let rule = schedule.rule else {
            return [oneOff(firstAlert, zone: zone)] + schedule.additionOccurrences().map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
        }
        var ruled = try ruleEntries(reminder, rule: rule.resolved(start: schedule.start), schedule: schedule, zone: zone)
        for index in ruled.indices { ruled[index].conditions += bounds }
        plan += ruled
        if !schedule.ruleSelectsStart() { plan.append(oneOff(firstAlert, zone: zone)) }
        plan += schedule.additionOccurrences().map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
        if plan.contains(where: { $0.line(zone: zone.name, command: command).utf8.count >= Self.lineLimit }) {
            throw Inexact(reason: "its entry would not fit in a crontab line of \(Self.lineLimit) bytes")
        }
        return plan
    }

    func ruleEntries(_ reminder: Reminder, rule: RecurrenceRule, schedule: Schedule, zone: CronZone) throws(Inexact) -> [CronEntry] {
        guard rule.calendar == nil else { throw Inexact(reason: "cron has no \(rule.calendar!) calendar") }
        guard rule.bySetPosition.isEmpty else { throw Inexact(reason: "cron cannot pick the nth of a period's matches (position/BYSETPOS)") }
        guard rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty else { throw Inexact(reason: "cron has no days of the year or week numbers") }
        guard rule.frequency != .secondly, rule.bySecond.allSatisfy({ $0 == 0 }) else { throw Inexact(reason: "cron has minutes only, not seconds") }
        let before = reminder.before ?? Duration()
        let shift = before.days * 86_400 + before.seconds
        guard shift.isMultiple(of: 60) else { throw Inexact(reason: "'before' has seconds, and cron has minutes only") }
        let startWallClock = WallClock.naiveSeconds(schedule.start) - shift
        let startDay = startWallClock.floorDivided(by: 86_400)
        let startMinute = (startWallClock - startDay * 86_400) / 60

        let dates = DatePredicate(rule: rule, startDay: WallClock.naiveSeconds(schedule.start).floorDivided(by: 86_400))
        if rule.frequency >= .daily {
            // Times of day of the alerts; they must stay on the occurrence's day.
            let times = schedule.timesOfDay.isEmpty
                ? Self.defaultTimes(rule: rule, start: schedule.start, allDay: schedule.isAllDay)
                : schedule.timesOfDay.map(\.secondsSinceMidnight)
            let alertTimes = times.map { $0 - shift }
            guard alertTimes.allSatisfy({ $0 >= 0 }) else {
                throw Inexact(reason: "its alert falls on an earlier day than the occurrence ('before' crosses midnight)")
            }
            guard alertTimes.allSatisfy({ $0.isMultiple(of: 60) }) else { throw Inexact(reason: "cron has minutes only, not seconds") }
            return try dayEntries(dates: dates, minutesOfDay: alertTimes.map { $0 / 60 }, zone: zone)
        }
        guard shift == 0 || (rule.byHour.isEmpty && rule.byMinute.isEmpty) else {
            throw Inexact(reason: "'before' with hours or minutes limits of a sub-daily repeat")
        }
        return try clockEntries(rule: rule, dates: dates, startDay: startDay, startMinute: startMinute, zone: zone)
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

    /// DAILY, WEEKLY, MONTHLY, YEARLY: one entry per minute of the hour,
    /// with its hours, the date fields and the date guard.
    func dayEntries(dates: DatePredicate, minutesOfDay: [Int], zone: CronZone) throws(Inexact) -> [CronEntry] {
        var byMinute: [Int: [Int]] = [:]
        for minute in Set(minutesOfDay) { byMinute[minute % 60, default: []].append(minute / 60) }
        // Group minutes that share the same hours into one entry.
        var groups: [[Int]: [Int]] = [:]
        for (minute, hours) in byMinute { groups[hours.sorted(), default: []].append(minute) }
        var entries: [CronEntry] = []
        for (hours, minutes) in groups.sorted(by: { $0.value.min()! < $1.value.min()! }) {
            var entry: CronEntry
            if zone.isHost {
                entry = CronEntry(minute: CronShell.list(minutes), hour: CronShell.list(hours))
                try dates.apply(to: &entry, fieldsAllowed: true)
            } else {
                entry = CronEntry(minute: CronShell.list(minutesInHost(of: minutes, zone: zone)), hour: "*")
                try dates.apply(to: &entry, fieldsAllowed: false)
                let clock = hours.flatMap { hour in minutes.map { CronShell.two(hour) + CronShell.two($0) } }
                entry.conditions.append(clock.count == 1 ? "[ $4$5 = \(clock[0]) ]" : "{ case $4$5 in \(clock.joined(separator: "|"))) ;; *) false;; esac; }")
            }
            entries.append(entry)
        }
        return entries
    }

    /// HOURLY and MINUTELY.
    func clockEntries(rule: RecurrenceRule, dates: DatePredicate, startDay: Int, startMinute: Int, zone: CronZone) throws(Inexact) -> [CronEntry] {
        let step = rule.frequency == .hourly ? 60 * rule.interval : rule.interval
        let allowedHours = Set(rule.byHour.isEmpty ? Array(0...23) : rule.byHour)
        let allowedMinutes: Set<Int> = rule.frequency == .hourly
            ? Set(rule.byMinute.isEmpty ? [startMinute % 60] : rule.byMinute)
            : Set(rule.byMinute.isEmpty ? Array(0...59) : rule.byMinute)
        // The minutes of the day the interval reaches when it divides a day.
        if 1440 % step == 0 && zone.isHost {
            var hoursByMinutes: [[Int]: [Int]] = [:]
            for hour in 0..<24 where allowedHours.contains(hour) {
                var minutes: [Int] = []
                for minute in 0..<60 where allowedMinutes.contains(minute) {
                    if ((hour * 60 + minute - startMinute) % step + step) % step == 0 { minutes.append(minute) }
                }
                if !minutes.isEmpty { hoursByMinutes[minutes, default: []].append(hour) }
            }
            return try hoursByMinutes.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { minutes, hours throws(Inexact) in
                var entry = CronEntry(minute: Self.minuteField(minutes), hour: hours.count == 24 ? "*" : CronShell.list(hours))
                try dates.apply(to: &entry, fieldsAllowed: true)
                return entry
            }
        }
        // Otherwise count minutes since the start in the guard.
        var minutesField = Array(allowedMinutes)
        if rule.frequency == .hourly || step.isMultiple(of: 60) { minutesField = [startMinute % 60].filter(allowedMinutes.contains) }
        var entry = CronEntry(minute: zone.isHost ? Self.minuteField(minutesField.sorted()) : CronShell.list(minutesInHost(of: minutesField, zone: zone)),
                              hour: zone.isHost && allowedHours.count < 24 ? CronShell.list(Array(allowedHours)) : "*")
        try dates.apply(to: &entry, fieldsAllowed: zone.isHost)
        dates.needJulianDay(&entry)
        if !zone.isHost {
            if allowedHours.count < 24 { entry.conditions.append(Self.membership("h", Array(allowedHours))) }
            entry.conditions.append(Self.membership("n", minutesField))
        }
        let elapsed = "(j-\(CronShell.julianDay(of: startDay)))*1440+h*60+n-\(startMinute)"
        entry.conditions.append("[ \(CronShell.modulo(elapsed, step)) -eq 0 ]")
        return [entry]
    }

    static func minuteField(_ minutes: [Int]) -> String {
        if minutes.count == 60 { return "*" }
        if minutes.count > 1, let first = minutes.first {
            let step = minutes[1] - first
            if step > 1 && 60 % step == 0 && minutes.count == 60 / step && first < step
                && zip(minutes, minutes.dropFirst()).allSatisfy({ $1 - $0 == step }) {
                return first == 0 ? "*/\(step)" : "\(first)-59/\(step)"
            }
        }
        return CronShell.list(minutes)
    }

    static func membership(_ variable: String, _ values: [Int]) -> String {
        let sorted = Array(Set(values)).sorted()
        if sorted.count == 1 { return "[ $\(variable) -eq \(sorted[0]) ]" }
        return "{ case $\(variable) in \(sorted.map(String.init).joined(separator: "|"))) ;; *) false;; esac; }"
    }
}
