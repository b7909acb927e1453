import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax
import Synchronization

/// Writes reminders as a crontab for a machine whose clock runs in one zone
/// (SPEC §2 crontab): entries that fire exactly when `remindc expand` says,
/// each alert `before:` its occurrence, or an `inexact` error saying why not.
///
/// Each reminder becomes entries of portable fields (numbers, `*`, ranges,
/// steps, lists; Sunday is 0), narrowed to the minutes, hours, days and
/// months that can match, and a POSIX-sh guard for what fields cannot say
/// (`DayTest`): intervals, nth and last weekdays of a month or a year, days
/// from the end of a month, days of the year, week numbers, positions in a
/// period (BYSETPOS), the start, `until` and `count` (as the last alert),
/// exceptions, an alert on an earlier day than its occurrence, and zones
/// other than the machine's (the fields for each offset the two zones may
/// differ by, the zone's own clock in the guard). Additions, a start the
/// rule does not select, and the occurrences of a rule cron cannot follow
/// (other calendars, seconds) are one-off entries: minute, hour, day and
/// month on the machine's clock and the year in the guard.
///
/// The command runs only when every condition holds, whatever the template
/// holds (`guard && { template; }`); it reaches the desktop session that
/// cron does not pass on, and a failure is logged (`CrontabWriter+Commands`).
///
/// Daylight saving: in a repeated hour the guard lets only the first pass
/// through (the clock a change's length earlier reads another time), as
/// `expand` fires once; a time that a change skips is a `cron-dst` warning
/// and a `# dst:` comment naming what each daemon does.
package struct CrontabWriter {
    package struct Options: Sendable {
        /// The machine's zone: the one cron's clock runs in.
        package var hostZone: TimeZone
        /// Its name for the header, as the user gave it (Foundation calls
        /// UTC "GMT"); nil: its identifier.
        package var hostZoneName: String?
        /// The command per occurrence, with `{id}`, `{title}`, `{note}`,
        /// `{sound}` and `{category}`; nil for the default notification.
        package var command: String?
        package var allowInexact: Bool
        /// "Now", for the window of daylight-saving warnings and inexact listings.
        package var now: Instant
        /// The command that writes this crontab again, for its header;
        /// nil: `remindc crontab` and the files' paths.
        package var regenerate: String?
        /// The absolute folder relative file paths are read from.
        package var workingFolder: String

        package init(hostZone: TimeZone, command: String? = nil, allowInexact: Bool = false, now: Instant, workingFolder: String) {
            self.hostZone = hostZone
            self.command = command
            self.allowInexact = allowInexact
            self.now = now
            self.workingFolder = workingFolder
        }
    }

    package struct Output: Sendable {
        package var text: String
        /// `cron-inexact` errors (warnings with `allowInexact`), `cron-dst`
        /// and `cron-busybox-lines` warnings.
        package var diagnostics: [Diagnostic]
        /// The number of entries (lines that are not comments).
        package var entryCount: Int
    }

    /// The longest command (the line after its five fields) Debian's cron
    /// reads: its crontab refuses longer ones ("command too long").
    static let commandLimit = 998

    /// Whether every daemon reads `line` whole.
    static func fits(_ line: String) -> Bool {
        line.split(separator: " ", maxSplits: 5).last.map { $0.utf8.count <= commandLimit } ?? true
    }
    /// The entries busybox crond reads of one user's crontab.
    package static let busyboxEntryLimit = 255

    /// The default command: a desktop notification, and the sound after it
    /// (`paplay` for a file, the desktop's message sound for `default`).
    package static let defaultCommand = "notify-send -a remindc -- {title} {note}"

    let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The crontab of `scheduled`, whose floating reminders are placed in
    /// the host's zone.
    package func write(_ scheduled: [ScheduledFile]) -> Output {
        var text = ""
        let (diagnostics, count) = assemble(scheduled) { text += $0 }
        return Output(text: text, diagnostics: diagnostics, entryCount: count)
    }

    /// What `write` reports for `scheduled`, without keeping the crontab's
    /// text: `check --for crontab`.
    package func problems(in scheduled: [ScheduledFile]) -> [Diagnostic] {
        assemble(scheduled) { _ in }.diagnostics
    }

    /// Hands the crontab's text to `emit` piece by piece, and returns what
    /// it found and the entries' count; the line limit is counted as the
    /// pieces go.
    private func assemble(_ scheduled: [ScheduledFile], emit: (String) -> Void) -> (diagnostics: [Diagnostic], count: Int) {
        var lineCount = 0
        func add(_ piece: String) {
            lineCount += piece.utf8.count { $0 == UInt8(ascii: "\n") }
            emit(piece)
        }
        let files = scheduled.map(\.file)
        add(
            """
            # Written by remindc \(RemindcVersion.string) for a machine whose clock runs in \(options.hostZoneName ?? options.hostZone.identifier).
            # Regenerate it rather than editing it: \(Self.comment(options.regenerate ?? "remindc crontab " + files.map(\.path).joined(separator: " "), limit: nil))

            """)
        var diagnostics: [Diagnostic] = []
        var count = 0
        for (file, schedules) in scheduled.map({ ($0.file, $0.schedules) }) {
            // One entry set per alert: `before: [1d, 15m]` is two.
            for (reminder, schedule) in zip(file.reminders, schedules).flatMap({ pair in pair.0.eachAlert.map { ($0, pair.1) } }) {
                let result = entries(for: reminder, schedule: schedule, in: file)
                var text = "\n# id: \(reminder.id)\n"
                text += "# \(Self.describe(reminder))\n"
                if let reason = result.inexact {
                    let message = Message.cronInexact(reminder.id, reason, allowed: options.allowInexact)
                    diagnostics.append(Diagnostic(message, file: file.path, span: Self.span(of: result.cause, reminder)))
                    text += "# inexact: \(Self.comment(reason, limit: nil))\n"
                }
                for note in result.daylightSaving {
                    text += "# dst: \(note)\n"
                }
                if !result.daylightSaving.isEmpty {
                    diagnostics.append(
                        Diagnostic(
                            .cronDaylightSaving(reminder.id, result.daylightSaving), file: file.path,
                            span: reminder.spans.start))
                }
                text += result.lines.map { $0 + "\n" }.joined()
                add(text)
                count += result.lines.count
            }
        }
        if count > Self.busyboxEntryLimit, let file = files.first(where: { !$0.reminders.isEmpty }) {
            diagnostics.append(
                Diagnostic(
                    .cronBusyboxLines(count, limit: Self.busyboxEntryLimit), file: file.path,
                    span: file.reminders[0].spans.start))
        }
        if lineCount > Self.lineLimit, let file = files.first(where: { !$0.reminders.isEmpty }) {
            diagnostics.append(
                Diagnostic(
                    .cronTooManyLines(lineCount, limit: Self.lineLimit), file: file.path,
                    span: file.reminders[0].spans.start))
        }
        return (diagnostics, count)
    }

    /// The most lines Debian's `crontab` takes in one crontab.
    static let lineLimit = 10_000

    /// The most occurrences of one reminder `--allow-inexact` lists.
    static let listLimit = 1_000

    // MARK: One reminder

    struct Result {
        var lines: [String] = []
        var inexact: String?
        /// What the `inexact` reason is about.
        var cause: Inexact.Cause = .repeats
        var daylightSaving: [String] = []
    }

    /// Why a reminder cannot be written exactly, and what of it is the
    /// cause: the diagnostic points there.
    struct Inexact: Error {
        enum Cause {
            case start, before, position, repeats
        }

        var reason: String
        var cause: Cause = .repeats
    }

    /// Where a reminder's inexact `cause` was written.
    static func span(of cause: Inexact.Cause, _ reminder: Reminder) -> SourceSpan {
        let spans = reminder.spans
        return switch cause {
        case .start: spans.start
        case .before: spans.before ?? spans.start
        case .position: reminder.repeats?.positionSpan ?? spans.repeats ?? spans.start
        case .repeats: spans.repeats ?? spans.start
        }
    }

    func entries(for reminder: Reminder, schedule: Schedule, in file: ReminderFile) -> Result {
        let zone = cronZone(of: reminder)
        var result = Result()
        var plan: [CronEntry]
        // Where a listing of the coming occurrences stops.
        var listedUntil: Instant?
        do {
            plan = try entries(reminder, schedule: schedule, zone: zone)
        } catch {
            // Exact anyway when the occurrences are few enough to list. An
            // endless rule with an instance in every period has more.
            let endless = schedule.rule.map { $0.end == .never && $0.matchesEveryPeriod } ?? false
            let listed = endless && schedule.start.date.year < 9_700 ? [] : Array(schedule.occurrences().prefix(201))
            if !listed.isEmpty && listed.count <= 200 {
                plan = listed.map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
            } else {
                guard options.allowInexact else {
                    result.inexact = error.reason
                    result.cause = error.cause
                    return result
                }
                // The coming year's alerts, one line each, at most
                // `listLimit` of them (a repeat every second would make
                // 31 million lines); the periods whose alerts are past are
                // passed over.
                var horizon = options.now.advanced(by: 366 * secondsPerDay)
                var occurrences = schedule.occurrences()
                occurrences.skip(toWallClock: options.now.wallTime(offset: -2 * secondsPerDay).advanced(by: lead(of: reminder)))
                let clock = zone.isHost ? options.hostZone : zone.timeZone
                var upcoming: [Occurrence] = []
                while let occurrence = occurrences.next(), occurrence.instant < horizon {
                    guard reminder.alertInstants(of: occurrence, in: clock)[0] >= options.now else { continue }
                    if upcoming.count == Self.listLimit {
                        horizon = occurrence.instant
                        break
                    }
                    upcoming.append(occurrence)
                }
                plan = upcoming.map { oneOff(alertWallClock(of: $0, reminder), zone: zone) }
                listedUntil = horizon
                let until = WallClock.local(at: horizon, in: options.hostZone)
                result.cause = error.cause
                result.inexact =
                    error.reason + "; listed until " + (upcoming.count == Self.listLimit ? until.description : until.date.description)
            }
        }
        // A crontab line must stay under Debian's 1,000 bytes; base64 makes
        // text a third longer. Long text is cut, which is inexact.
        var lines = plan.map {
            $0.line(command: Self.command(options.command, reminder: reminder, file: file, workingFolder: options.workingFolder))
        }
        if !lines.allSatisfy(Self.fits) {
            var shortened = reminder
            shortened.title = String(reminder.title.prefix(60))
            shortened.note = reminder.note.map { String($0.prefix(60)) }
            lines = plan.map {
                $0.line(command: Self.command(options.command, reminder: shortened, file: file, workingFolder: options.workingFolder))
            }
            let soundPath: String? = if case .file(let path) = reminder.sound, path.utf8.count > 200 { path } else { nil }
            let reason =
                !lines.allSatisfy(Self.fits)
                ? (soundPath.map { "its sound file's path is \($0.utf8.count) bytes long, and " } ?? "")
                    + "its entry's command would be longer than the \(Self.commandLimit) bytes Debian's cron reads"
                : "its title and note do not fit in a crontab line (Debian's cron reads 1,000 bytes); they are shortened to 60 characters"
            result.inexact = [result.inexact, reason].compactMap { $0 }.joined(separator: "; ")
            guard options.allowInexact, lines.allSatisfy(Self.fits) else {
                return result
            }
        }
        result.lines = lines
        result.daylightSaving = daylightSavingNotes(reminder, schedule: schedule, zone: zone, entries: plan, listedUntil: listedUntil)
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
            let same = Self.sameClock(zone, options.hostZone, from: options.now)
            return CronZone(name: same ? nil : name, timeZone: zone, isHost: same)
        case .offset(let seconds):
            // POSIX TZ counts west of UTC: 'UTC-05:00' reads the clock five
            // hours east of it.
            let minutes = abs(seconds) / 60
            let name = "UTC\(seconds > 0 ? "-" : "+")\(zeroPadded(minutes / 60)):\(zeroPadded(minutes % 60))"
            return CronZone(name: name, timeZone: reminder.timeZone.foundationZone, isHost: false)
        }
    }

    /// Whether two zones read the same clock from `start` on: one zone
    /// (UTC, Etc/UTC and GMT are one), or two at one offset that neither
    /// changes again.
    package static func sameClock(_ zone: TimeZone, _ other: TimeZone, from start: Instant) -> Bool {
        if zone.identifier == other.identifier { return true }
        let date = Date(timeIntervalSince1970: TimeInterval(start.secondsSince1970))
        return zone.secondsFromGMT(for: date) == other.secondsFromGMT(for: date)
            && zone.nextDaylightSavingTimeTransition(after: date) == nil
            && other.nextDaylightSavingTimeTransition(after: date) == nil
    }

    /// The wall clock (in the reminder's zone) at which the alert for
    /// `occurrence` fires.
    func alertWallClock(of occurrence: Occurrence, _ reminder: Reminder) -> WallTime {
        reminder.alertWallClock(of: occurrence, lead: reminder.writtenLeads[0])
    }

    /// The alert's lead on the wall clock (`Reminder.wallClockLeads`; the
    /// writer sees one alert of a reminder at a time): the most it can be,
    /// for a lead in working days.
    func lead(of reminder: Reminder) -> Int {
        reminder.wallClockLeads[0]
    }

    /// The wall-clock minute at which Debian's cron and cronie run a
    /// fixed-time entry whose time `wallClock` a daylight-saving change
    /// skips: the first minute after the change. Nil when it is not skipped.
    func catchUp(_ wallClock: WallTime, zone: CronZone) -> WallTime? {
        let clockZone = zone.isHost ? options.hostZone : zone.timeZone
        let instant = WallClock.instant(of: wallClock, in: clockZone)
        let shown = instant.wallTime(offset: WallClock.offset(of: clockZone, at: instant))
        let searchFrom = Date(timeIntervalSince1970: TimeInterval(instant.advanced(by: -2 * secondsPerDay).secondsSince1970))
        guard shown != wallClock, let change = clockZone.nextDaylightSavingTimeTransition(after: searchFrom) else {
            return nil
        }
        let at = Instant(secondsSince1970: Int(change.timeIntervalSince1970))
        return at.wallTime(offset: WallClock.offset(of: clockZone, at: at))
    }

    /// A single alert at `wallClock` of the reminder's zone: the minute,
    /// hour, day and month its instant has on the machine's clock, and the
    /// year in the guard, so it runs once a year. In a repeated hour of the
    /// machine's clock, the guard also picks the pass by the instant.
    func oneOff(_ wallClock: WallTime, zone: CronZone) -> CronEntry {
        let instant = WallClock.instant(of: wallClock, in: zone.timeZone)
        let local = WallClock.local(at: instant, in: options.hostZone)
        var entry = CronEntry(minutes: [local.time.minute], hours: [local.time.hour])
        entry.daysOfMonth = [local.date.day]
        entry.months = [local.date.month]
        entry.conditions = ["[ $1 = \(local.date.year) ]"]
        entry.oneOffInstant = instant
        if Self.isRepeated(local, in: options.hostZone) {
            entry.conditions.append("[ $(($7-\(instant.secondsSince1970))) -ge 0 ] && [ $(($7-\(instant.secondsSince1970))) -lt 600 ]")
        }
        return entry
    }

    /// Whether the wall-clock time `local` comes twice in `zone`.
    static func isRepeated(_ local: LocalDateTime, in zone: TimeZone) -> Bool {
        let first = WallClock.instant(of: local, in: zone)
        return [1800, 3600, 7200].contains { WallClock.local(at: first.advanced(by: $0), in: zone) == local }
    }

    /// The differences in minutes between `zone`'s and `host`'s offsets, a
    /// week apart from a year before `now` to three after; computed once per
    /// pair of zones and `now` (every reminder of the zone asks).
    static func offsetDifferences(_ zone: TimeZone, host: TimeZone, around now: Instant) -> [Int] {
        let key = "\(zone.identifier) \(host.identifier) \(now.secondsSince1970)"
        if let known = differenceCache.withLock({ $0[key] }) { return known }
        var differences = Set<Int>()
        var instant = now.advanced(by: -366 * secondsPerDay)
        let end = now.advanced(by: 3 * 366 * secondsPerDay)
        while instant < end {
            let date = Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970))
            differences.insert((zone.secondsFromGMT(for: date) - host.secondsFromGMT(for: date)) / 60)
            instant = instant.advanced(by: 7 * secondsPerDay)
        }
        let sorted = differences.sorted()
        differenceCache.withLock { $0[key] = sorted }
        return sorted
    }

    private static let differenceCache = Mutex<[String: [Int]]>([:])
}
