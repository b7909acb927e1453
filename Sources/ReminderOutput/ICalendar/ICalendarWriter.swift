import Support
import Foundation
import Recurrence
import ReminderModel

/// Writes reminder files as one iCalendar object (RFC 5545; RFC 7529 for
/// RSCALE; RFC 9074's VALARM conventions): a pure function of the files,
/// "now" and the version, so the same input gives the same bytes.
///
/// Layout, in this order: the VCALENDAR's properties; a VTIMEZONE per TZID
/// used, sorted by TZID; then per reminder, in file order, a VEVENT (or a
/// VTODO for `todo: true`) with, in order: UID, X-REMINDC-ID, DTSTAMP,
/// DTSTART (an event with a time lasts no time, so no DTEND), or for a to-do its
/// DUE (with a DTSTART a second or a day before it when the to-do repeats),
/// SUMMARY, DESCRIPTION, CATEGORIES, RRULE, EXDATE, RDATE, STATUS and
/// PRIORITY for to-dos, the X-REMINDC- properties, then a DISPLAY alarm
/// and, with a sound, an AUDIO alarm. No METHOD and no ORGANIZER: the file
/// is a calendar to import or publish (RFC 4791 §4.1), not a scheduling
/// message (RFC 5546).
///
/// DTSTART is always an instance of its component's rule (RFC 5545
/// §3.8.5.3 leaves the set undefined otherwise), and no RDATE comes before
/// it: a start the rule does not select, and additions before the rule's
/// first instance, are a component of their own; see `components(of:)`.
///
/// What iCalendar has no property for travels as X- properties a later
/// import can read back:
///
/// ```
/// X-REMINDC-ID:water-plants                      the reminder's id (UIDs may add a suffix)
/// X-REMINDC-ACTION-LABEL:Show me                 the alert's action label
/// X-REMINDC-ACTION-HIDDEN:TRUE                   `action: none`
/// X-REMINDC-BADGE:1
/// X-REMINDC-SOUND:default | none | sounds/goal.wav
/// X-REMINDC-DATA;KEY=contact:mum                 one per `data` entry, in order
/// X-REMINDC-CATEGORY-ACTION;ID=later;ACTIVATION=BACKGROUND;DESTRUCTIVE=TRUE;
///  AUTHENTICATION-REQUIRED=FALSE;SNOOZE=PT5M:Remind in 5 mins   (STOPS=TRUE for `stops`)
/// X-REMINDC-CATEGORY-RUN;ID=add:todo-add {title}  an action's `run` command
/// X-REMINDC-TIMEZONE:America/New_York            an all-day reminder's zone
/// X-REMINDC-CATEGORY-MINIMAL:done\,later          the minimal context's action ids, one TEXT
/// X-REMINDC-REMINDER:{id: rent\, title: ...}      the reminder as YAML (`ReminderEncoder`), on its
///                                                 first component (not with a window)
/// ```
///
/// Times keep the reminder's form: `DTSTART;TZID=Europe/Berlin:...` for a
/// zone, `...Z` for UTC and fixed instants, no zone for floating, a DATE
/// for all-day reminders; EXDATE and RDATE use the same form. An `except`
/// date on a timed reminder becomes the EXDATE of each occurrence that day.
/// `times:` that no BYHOUR/BYMINUTE combination expresses (08:00 and 20:30)
/// become one component per time of day, with UIDs `<id>-0800@<domain>`
/// and COUNT turned into the UNTIL it amounts to.
package struct ICalendarWriter: Sendable {
    package struct Options: Sendable {
        /// DTSTAMP.
        package var now: Instant
        /// Writes one component per occurrence in `[from, to)` instead of rules.
        package var window: (from: Instant, to: Instant)?
        /// With a window: at most this many components per reminder, the
        /// first ones (`cut(_:)` names the reminders that have more).
        package var limit = ICalendarWriter.defaultLimit
        /// A URL sound files' paths are appended to for ATTACH (`https://example.com/sounds/`);
        /// without one, ATTACH is the file's absolute `file:` URI.
        package var soundBase: String?
        /// The absolute folder relative file paths are read from.
        package var workingFolder: String
        /// What the writing may run on.
        package var parallelism: Parallelism

        package init(
            now: Instant, window: (from: Instant, to: Instant)? = nil, soundBase: String? = nil,
            workingFolder: String, parallelism: Parallelism = .sequential
        ) {
            self.parallelism = parallelism
            self.now = now
            self.window = window
            self.soundBase = soundBase
            self.workingFolder = workingFolder
        }
    }

    /// The components per reminder a window holds unless asked for more:
    /// the occurrences of a daily reminder over almost three years, and as
    /// many as the crontab lists; a few kilobytes of reminders every second
    /// write some 100,000 components, not millions.
    package static let defaultLimit = 1_000

    /// The reminders of `scheduled` with more occurrences in the window than
    /// `limit`, whose later occurrences `write` leaves out; none without a
    /// window. Each is counted only to one past the limit.
    package func cut(_ scheduled: [ScheduledFile]) -> [(file: String, id: String)] {
        guard let window = options.window else { return [] }
        var found: [(file: String, id: String)] = []
        for case let (file, fileSchedules) in scheduled.map({ ($0.file, $0.schedules) }) {
            let over = Concurrently.map(file.reminders.count, chunk: 256, threads: options.parallelism.threads) { index -> Bool in
                var occurrences = fileSchedules[index].occurrences()
                occurrences.skip(toWallClock: window.from.wallTime(offset: -2 * secondsPerDay))
                var count = 0
                while let occurrence = occurrences.next(), occurrence.instant < window.to {
                    guard occurrence.instant >= window.from else { continue }
                    count += 1
                    if count > options.limit { return true }
                }
                return false
            }
            for (index, isOver) in over.enumerated() where isOver { found.append((file.path, file.reminders[index].id)) }
        }
        return found
    }

    /// How a reminder's times are written.
    enum Form {
        case zoned(String)
        case utc
        case floating
        case date

        /// The parameters and value of one occurrence's time.
        func value(_ occurrence: Occurrence, shown: Bool = false) -> (parameters: [ContentLines.Parameter], text: String) {
            switch self {
            case .zoned(let identifier):
                let wallClock = shown ? occurrence.shown : occurrence.wallClock
                return ([.init("TZID", identifier)], ICalendarValue.localDateTime(wallClock))
            case .utc:
                return ([], ICalendarValue.utcDateTime(occurrence.instant))
            case .floating:
                return ([], ICalendarValue.localDateTime(occurrence.wallClock))
            case .date:
                return ([.init("VALUE", "DATE")], ICalendarValue.date(occurrence.wallClock.day))
            }
        }
    }

    let options: Options

    /// The property that carries a reminder as YAML (`ReminderEncoder`).
    package static let reminderProperty = "X-REMINDC-REMINDER"

    package init(options: Options) {
        self.options = options
    }

    /// What iCalendar cannot say exactly, at its line and column: a time
    /// with a fraction of a second. Nothing should be written when there is
    /// any.
    package static func problems(in scheduled: ScheduledFile) -> [Diagnostic] {
        let file = scheduled.file
        // On several threads for a large file; most reminders have none.
        return Concurrently.map(file.reminders.count, chunk: 4_096, threads: scheduled.parallelism.threads) {
            [file] index -> [Diagnostic] in
            let reminder = file.reminders[index]
            var found: [Diagnostic] = []
            if let fraction = reminder.start.fraction {
                found.append(Diagnostic(.notRepresentable(.fraction(fraction)), file: file.path, span: reminder.spans.start))
            }
            // The repeat is read where it is, not copied.
            guard reminder.repeats != nil else { return found }
            if let first = Self.firstFraction(in: reminder.repeats!) {
                found.append(Diagnostic(.notRepresentable(.fraction(first)), file: file.path, span: reminder.repeats!.span))
            }
            return found
        }.flatMap { $0 }
    }

    /// The first exception, addition or time of day of `repeats` with a
    /// fraction of a second, as written.
    private static func firstFraction(in repeats: Repeat) -> String? {
        for time in repeats.except where time.fraction != nil { return time.fraction }
        for time in repeats.also where time.fraction != nil { return time.fraction }
        return repeats.times.first { $0.nanosecond != 0 }?.description
    }

    /// The calendar for `files`, as bytes.
    package func write(_ files: [ScheduledFile]) -> [UInt8] {
        var bytes: [UInt8] = []
        write(files) { bytes += $0 }
        return bytes
    }

    /// The calendar for `files`, handed to `sink` in chunks of about 64 KiB
    /// as it is written, so memory does not grow with the output.
    package func write(_ scheduled: [ScheduledFile], to sink: ([UInt8]) -> Void) {
        // First the zones, since their VTIMEZONEs come before every component.
        let zones = zones(of: scheduled)
        var lines = ContentLines()
        lines.begin("VCALENDAR")
        writeHeader(into: &lines)
        if let name = scheduled.lazy.compactMap(\.file.name).first {
            lines.addText("NAME", [], name)
            lines.addText("X-WR-CALNAME", [], name)
        }
        for identifier in zones.keys.sorted() {
            let entry = zones[identifier]!
            TimeZoneComponent(identifier: identifier, zone: entry.zone).write(from: entry.from, now: options.now, into: &lines)
        }
        for case let (file, fileSchedules) in scheduled.map({ ($0.file, $0.schedules) }) {
            let context = FileContext(file: file)
            // The components of a round of reminders are written on every
            // core, a piece of them each, and handed on in order; a round's
            // output is all that is held at once.
            let count = file.reminders.count
            // A window writes up to `limit` components a reminder: fewer
            // reminders a piece, so a round holds about as much.
            let size = options.window == nil ? Self.piece : max(1, Self.piece * 4 / max(4, options.limit))
            for round in stride(from: 0, to: count, by: size * Self.piecesPerRound) {
                let pieces = Concurrently.map(
                    min(Self.piecesPerRound, (count - round + size - 1) / size), chunk: 1,
                    threads: options.parallelism.threads
                ) { piece in
                    var written = ContentLines()
                    let first = round + piece * size
                    for index in first..<min(first + size, count) {
                        let reminder = file.reminders[index]
                        writeComponents(
                            reminder, file: context, schedule: fileSchedules[index], form: Self.form(of: reminder), into: &written)
                    }
                    return written
                }
                lines.drain(into: sink)
                for var piece in pieces { piece.drain(into: sink) }
            }
        }
        lines.end("VCALENDAR")
        lines.drain(into: sink)
    }

    /// Every zone the reminders of `scheduled` use, with the earliest
    /// instant written in it, from which its VTIMEZONE starts.
    private func zones(of scheduled: [ScheduledFile]) -> [String: (zone: TimeZone, from: Instant)] {
        var zones: [String: (zone: TimeZone, from: Instant)] = [:]
        for case let (file, fileSchedules) in scheduled.map({ ($0.file, $0.schedules) }) {
            // Each zoned reminder's earliest instant, on every core; then the
            // earliest per zone.
            let window = options.window
            let earliest = Concurrently.map(file.reminders.count, chunk: 4_096, threads: options.parallelism.threads) {
                [file] index -> (String, Instant)? in
                guard case .zoned(let identifier) = Self.form(of: file.reminders[index]) else { return nil }
                let schedule = fileSchedules[index]
                var earliest = schedule.firstOccurrence.instant
                if !schedule.additions.isEmpty, let first = schedule.additionOccurrences().first { earliest = min(earliest, first.instant) }
                if let window { earliest = max(earliest, window.from) }
                return (identifier, earliest)
            }
            // Runs of reminders in one zone are folded before the table is
            // looked at.
            var run: (identifier: String, from: Instant)?
            func endRun() {
                guard let (identifier, from) = run else { return }
                if let known = zones[identifier] {
                    if from < known.from { zones[identifier] = (known.zone, from) }
                } else {
                    zones[identifier] = (ZoneName.named(identifier).foundationZone, from)
                }
            }
            for case let (identifier, from)? in earliest {
                if let current = run, current.identifier == identifier {
                    run = (identifier, min(current.from, from))
                } else {
                    endRun()
                    run = (identifier, from)
                }
            }
            endRun()
        }
        return zones
    }

    /// VERSION, PRODID and CALSCALE: what every calendar and calendar
    /// object remindc writes begins with.
    private func writeHeader(into lines: inout ContentLines) {
        lines.add("VERSION", [], "2.0")
        lines.add("PRODID", [], "-//remindc//remindc \(RemindcVersion.string)//EN")
        lines.add("CALSCALE", [], "GREGORIAN")
    }

    /// What `publish` sends: one calendar object per UID, in the order the
    /// UIDs are written, each the calendar's header, the VTIMEZONEs its
    /// components use (as `write` writes them) and its components, as
    /// content lines. The components are those `write` writes, byte for
    /// byte once folded.
    package func objects(_ scheduled: [ScheduledFile]) -> [CalendarObject] {
        let zones = zones(of: scheduled)
        var header = ContentLines(recording: true)
        header.begin("VCALENDAR")
        writeHeader(into: &header)
        header.end("VCALENDAR")
        let calendar = header.recorded[0]
        var timeZones: [String: ContentComponent] = [:]
        func timeZone(_ identifier: String) -> ContentComponent? {
            if let made = timeZones[identifier] { return made }
            guard let entry = zones[identifier] else { return nil }
            var lines = ContentLines(recording: true)
            TimeZoneComponent(identifier: identifier, zone: entry.zone).write(from: entry.from, now: options.now, into: &lines)
            timeZones[identifier] = lines.recorded.first
            return lines.recorded.first
        }
        var objects: [CalendarObject] = []
        var byUID: [String: (index: Int, zones: Set<String>, components: [ContentComponent])] = [:]
        for case let (file, fileSchedules) in scheduled.map({ ($0.file, $0.schedules) }) {
            let context = FileContext(file: file)
            for (index, reminder) in file.reminders.enumerated() {
                var lines = ContentLines(recording: true)
                let form = Self.form(of: reminder)
                let uids = writeComponents(reminder, file: context, schedule: fileSchedules[index], form: form, into: &lines)
                let zone: String? = if case .zoned(let identifier) = form { identifier } else { nil }
                for (uid, component) in zip(uids, lines.recorded) {
                    if byUID[uid] == nil {
                        byUID[uid] = (objects.count, [], [])
                        objects.append(CalendarObject(uid: uid, reminderID: reminder.id, calendar: calendar))
                    }
                    if let zone { byUID[uid]!.zones.insert(zone) }
                    byUID[uid]!.components.append(component)
                }
            }
        }
        for (_, entry) in byUID {
            objects[entry.index].calendar.components = entry.zones.sorted().compactMap(timeZone) + entry.components
        }
        return objects
    }

    /// Reminders written by one thread in a row, and pieces in a round.
    static let piece = 256
    static let piecesPerRound = 16

    static func form(of reminder: Reminder) -> Form {
        if case .date = reminder.start { return .date }
        switch reminder.timeZone {
        case .named(let name): return .zoned(name)
        // A fixed offset recurs in UTC as it does at the offset.
        case .utc, .offset: return .utc
        case .floating:
            if case .instant = reminder.start { return .utc }
            return .floating
        }
    }

    // MARK: Components

    /// What every component of a file shares.
    struct FileContext: Sendable {
        var file: ReminderFile
    }

    /// Writes the reminder's components; returns their UIDs, in order, one
    /// per component (an occurrence written again shares its series').
    @discardableResult
    private func writeComponents(
        _ reminder: Reminder, file context: FileContext, schedule: Schedule, form: Form,
        into lines: inout ContentLines
    ) -> [String] {
        var uids: [String] = []
        let file = context.file
        let uid = file.uid(of: reminder)
        if let window = options.window {
            var occurrences = schedule.occurrences()
            occurrences.skip(toWallClock: window.from.wallTime(offset: -2 * secondsPerDay))
            var written = 0
            while written < options.limit, let occurrence = occurrences.next(), occurrence.instant < window.to {
                guard occurrence.instant >= window.from else { continue }
                written += 1
                let stamp: String =
                    switch form {
                    case .date: ICalendarValue.date(occurrence.wallClock.day)
                    case .floating: ICalendarValue.localDateTime(occurrence.wallClock)
                    default: ICalendarValue.utcDateTime(occurrence.instant)
                    }
                var single = Component(
                    uid: ReminderFile.uid(uid, suffix: "-\(stamp)"), start: occurrence, rule: nil,
                    excluded: [], added: [])
                single.leads = reminder.alertLeads(of: occurrence)
                // A local time the zone skips or repeats is read differently
                // by clients; the instant in UTC is read one way.
                var shownForm = form
                if case .zoned = form, case .zone(let zone) = schedule.placement, Self.isUnclear(occurrence, in: zone) {
                    shownForm = .utc
                }
                write(single, reminder: reminder, file: context, form: shownForm, shown: true, into: &lines)
                uids.append(single.uid)
            }
            return uids
        }
        // Days off are written as dates through a horizon, which the
        // components say, and so are alarms counted in working days.
        let through = schedule.dayOff != nil || reminder.hasWorkingDayLead ? Self.holidaysThrough(now: options.now) : nil
        let written = through.map { Self.withoutDaysOff(schedule, through: $0) } ?? schedule
        for (index, var piece) in Self.components(of: written, form: form, uid: uid).enumerated() {
            piece.holidaysThrough = through
            piece.carriesReminder = index == 0
            var overrides: [Component] = []
            if let through, reminder.hasWorkingDayLead {
                (piece.leads, overrides) = Self.workingDayAlarms(of: piece, reminder: reminder, written: written, through: through)
            }
            for component in [piece] + overrides {
                write(component, reminder: reminder, file: context, form: form, shown: false, into: &lines)
                uids.append(component.uid)
            }
        }
        return uids
    }

    /// Whether the wall-clock time of `occurrence` names no instant in
    /// `zone` (clocks skipped it) or two (clocks went back over it). The
    /// other reading is an hour or so away, so the zone's offsets a day
    /// either side are the ones to try.
    static func isUnclear(_ occurrence: Occurrence, in zone: TimeZone) -> Bool {
        if occurrence.shown != occurrence.wallClock { return true }
        for probe in [occurrence.instant.advanced(by: -secondsPerDay), occurrence.instant.advanced(by: secondsPerDay)] {
            let other = WallClock.offset(of: zone, at: probe)
            if other != occurrence.offset && WallClock.offset(of: zone, at: occurrence.wallClock.instant(offset: other)) == other {
                return true
            }
        }
        return false
    }

    /// One VEVENT or VTODO to write.
    struct Component {
        var uid: String
        var start: Occurrence
        var rule: RecurrenceRule?
        var excluded: [Occurrence]
        var added: [Occurrence]
        /// The last day days off are written for (`withoutDaysOff`).
        var holidaysThrough: CivilDate?
        /// Each alarm's lead; nil: the reminder's, the same for every
        /// occurrence (`Reminder.alertLeads(of:)` of the start).
        var leads: [NominalDuration]?
        /// For one occurrence of a series written again with alarms of its
        /// own (RECURRENCE-ID): that occurrence.
        var recurrenceID: Occurrence?
        /// Whether it carries the reminder itself (`reminderProperty`): the
        /// first component of a reminder written as rules.
        var carriesReminder = false
    }

    /// The components that say exactly what `schedule` does, each one's
    /// DTSTART its first instance and none with both RRULE and RDATE. RFC
    /// 5545 §3.8.5.3 leaves a set undefined when the rule does not select
    /// DTSTART, and clients differ; sabre/vobject (behind Nextcloud and
    /// Baïkal) reads RDATE instead of RRULE when a component has both, so
    /// an earlier RDATE left the rule's instances out:
    ///
    /// - the rule's own instances: one component, or one per time of day
    ///   when `times:` holds times no rule part combination gives, or per
    ///   piece of a Gregorian SKIP;
    /// - the start when the rule does not select it, and the additions: one
    ///   component without a rule, DTSTART the earliest and RDATEs the rest,
    ///   UID `<id>-extra@<domain>` beside a rule's (`<id>@<domain>` when the
    ///   rule adds nothing in the span and is left off).
    static func components(of schedule: Schedule, form: Form, uid: String) -> [Component] {
        let start = schedule.firstOccurrence
        let excluded = schedule.excludedOccurrences()
        var ruleOnly = schedule
        ruleOnly.exceptions = []
        ruleOnly.additions = []
        let startIsAnInstance = schedule.rule != nil && schedule.ruleSelectsStart()
        var series: [Component] = []
        if let rule = schedule.rule, let pieces = ruleOnly.gregorianPieces() {
            series = gregorianSeries(pieces, ruleOnly: ruleOnly, rule: rule, uid: uid, form: form, excluded: excluded)
        } else if let rule = schedule.rule {
            series =
                schedule.timesOfDay.isEmpty
                ? ruleSeries(ruleOnly, rule: rule, startIsAnInstance: startIsAnInstance, uid: uid, form: form, excluded: excluded).map {
                    [$0]
                } ?? []
                : timeOfDaySeries(ruleOnly, rule: rule, startIsAnInstance: startIsAnInstance, form: form, uid: uid, excluded: excluded)
        }

        // What the rule does not give: the start it does not select and the
        // additions, less what the exceptions remove and what a rule
        // instance already is (a component of another time of day must not
        // hold it twice).
        let removed = Set(excluded.map(\.instant))
        var extras = startIsAnInstance ? [] : [start]
        extras += schedule.additionOccurrences().filter { addition in
            addition.instant != start.instant && !isRuleInstance(addition, of: ruleOnly)
        }
        extras = extras.filter { !removed.contains($0.instant) }.sorted { ($0.instant, $0.wallClock) < ($1.instant, $1.wallClock) }
        extras = extras.enumerated().filter { $0.offset == 0 || extras[$0.offset - 1].instant != $0.element.instant }.map(\.element)

        // A rule that adds nothing in the span joins the extras as one
        // component without a rule.
        if series.count == 1 && series[0].rule == nil && schedule.timesOfDay.isEmpty {
            extras = (extras + [series[0].start] + series[0].added).sorted { ($0.instant, $0.wallClock) < ($1.instant, $1.wallClock) }
            series = []
        }
        guard let first = extras.first else { return series }
        let extra = Component(
            uid: series.isEmpty ? uid : ReminderFile.uid(uid, suffix: "-extra"), start: first, rule: nil, excluded: [],
            added: Array(extras.dropFirst()))
        return [extra] + series
    }

    /// The components of a rule that counts in the Gregorian calendar, as
    /// the plain rules of `Schedule.gregorianPieces()` (Radicale and
    /// SabreDAV refuse RSCALE, recurring-ical-events and khal fail on it):
    /// the first keeps the UID, the others add `-skip1`, `-skip2`, ...
    /// Several pieces turn COUNT into the UNTIL it amounts to.
    static func gregorianSeries(
        _ pieces: [Schedule], ruleOnly: Schedule, rule: RecurrenceRule, uid: String, form: Form,
        excluded: [Occurrence]
    ) -> [Component] {
        let last: Occurrence? = rule.end == .never ? nil : ruleOnly.lastOccurrence()
        var end = rule.end
        if pieces.count > 1, let last, case .count = rule.end { end = .until(until(for: last, form: form)) }
        var written: [Component] = []
        for (index, var piece) in pieces.enumerated() {
            piece.rule?.end = end
            var pieceUID = uid
            if index > 0, let at = pieceUID.lastIndex(of: "@") { pieceUID.insert(contentsOf: "-skip\(index)", at: at) }
            guard
                let component = ruleSeries(
                    piece, rule: piece.rule!, startIsAnInstance: piece.ruleSelectsStart(), uid: pieceUID,
                    form: form, excluded: excluded),
                last.map({ component.start.instant <= $0.instant }) ?? true
            else { continue }
            written.append(component)
        }
        return written
    }

    /// Whether the schedule, its end kept, has an occurrence after `occurrence`.
    private static func hasInstance(_ ruleOnly: Schedule, after occurrence: Occurrence) -> Bool {
        var instances = ruleOnly.occurrences()
        instances.skip(toWallClock: occurrence.wallClock)
        while let next = instances.next() {
            if next.wallClock > occurrence.wallClock { return true }
        }
        return false
    }

    /// Whether `occurrence` is one of the rule's instances (not its start
    /// alone, which `ruleOnly` always gives).
    private static func isRuleInstance(_ occurrence: Occurrence, of ruleOnly: Schedule) -> Bool {
        guard ruleOnly.rule != nil else { return false }
        var instances = ruleOnly.occurrences()
        instances.skip(toWallClock: occurrence.wallClock.advanced(by: -2 * secondsPerDay))
        let start = ruleOnly.firstOccurrence.instant
        while let next = instances.next(), next.instant <= occurrence.instant {
            if next.instant == occurrence.instant && (next.instant != start || ruleOnly.ruleSelectsStart()) { return true }
        }
        return false
    }

    /// The component of the rule's own instances, DTSTART the first of
    /// them that fires: not a start the rule does not select, nor an
    /// excluded instance, with COUNT (which counted them) less as many.
    /// Nil when the rule has no instance of its own (a COUNT of one, an
    /// UNTIL before its first match), or only excluded ones.
    static func ruleSeries(
        _ ruleOnly: Schedule, rule: RecurrenceRule, startIsAnInstance: Bool, uid: String, form: Form,
        excluded: [Occurrence]
    ) -> Component? {
        let start = ruleOnly.firstOccurrence
        var written = rule
        // DTSTART is the first instance written: not the start the rule
        // does not select, nor an excluded one (sabre/vobject 2.1 keeps a
        // DTSTART an EXDATE names). COUNT counted both.
        let removed = Set(excluded.map(\.instant))
        var instances = ruleOnly.occurrences()
        var passed = 0
        var found: Occurrence?
        while let next = instances.next() {
            if (next.instant == start.instant && !startIsAnInstance) || removed.contains(next.instant) {
                passed += 1
                continue
            }
            found = next
            break
        }
        guard let first = found else { return nil }
        if case .count(let count) = rule.end, passed > 0 { written.end = .count(count - passed) }
        // UNTIL as the last instance itself: sabre/vobject's monthly rule
        // gives the first of the month after the last instance too, when
        // that is still before UNTIL (monthly on the 15th until June 1st
        // gave June 1st).
        if case .until = rule.end, let last = ruleOnly.lastOccurrence() { written.end = .until(until(for: last, form: form)) }
        // Exceptions of additions alone are no EXDATE here, nor those
        // before DTSTART.
        let mine = excluded.filter { $0.instant > first.instant && isRuleInstance($0, of: ruleOnly) }
        // A rule whose end leaves it no instance after the first is that
        // instance alone (sabre/vobject gives an UNTIL equal to DTSTART twice).
        guard continuesInTheSpan(ruleOnly, after: first), rule.end == .never || hasInstance(ruleOnly, after: first) else {
            guard first.date.year <= SupportedSpan.lastYear, !mine.contains(where: { $0.instant == first.instant }) else { return nil }
            return Component(uid: uid, start: first, rule: nil, excluded: [], added: [])
        }
        // libical holds INTERVAL in 16 bits: a wider step over few enough
        // occurrences is written as their dates.
        if written.interval > RecurrenceRule.largestReadableInterval, let dates = dates(of: ruleOnly, from: first, leaving: mine) {
            return Component(uid: uid, start: dates[0], rule: nil, excluded: [], added: Array(dates.dropFirst()))
        }
        return Component(uid: uid, start: first, rule: written, excluded: mine, added: [])
    }

    /// The occurrences of `ruleOnly` from `first` on, less `excluded`, when
    /// there are at most `intervalAsDates` of them.
    private static func dates(of ruleOnly: Schedule, from first: Occurrence, leaving excluded: [Occurrence]) -> [Occurrence]? {
        let removed = Set(excluded.map(\.instant))
        var occurrences = ruleOnly.occurrences()
        occurrences.skip(toWallClock: first.wallClock)
        var found: [Occurrence] = []
        while let next = occurrences.next(), next.date.year <= SupportedSpan.lastYear {
            guard next.instant >= first.instant, !removed.contains(next.instant) else { continue }
            guard found.count < intervalAsDates else { return nil }
            found.append(next)
        }
        return found.isEmpty ? nil : found
    }

    /// One component per time of day of `times:`, UIDs `<id>-0800@<domain>`,
    /// COUNT (which spans every time of day) turned into the UNTIL it
    /// amounts to.
    static func timeOfDaySeries(
        _ ruleOnly: Schedule, rule: RecurrenceRule, startIsAnInstance: Bool, form: Form, uid: String,
        excluded: [Occurrence]
    ) -> [Component] {
        let start = ruleOnly.firstOccurrence
        var shared = rule
        if rule.end != .never {
            let last = ruleOnly.occurrences().reduce(start) { _, next in next }
            shared.end = .until(until(for: last, form: form))
        }
        var pieces: [Component] = []
        for time in Set(ruleOnly.timesOfDay.map(\.secondsSinceMidnight)).sorted() {
            // The first instance at this time of day; the start counts only
            // when the rule itself selects it.
            let removed = Set(excluded.map(\.instant))
            let first = ruleOnly.occurrences().prefix(100_000).first { occurrence in
                (occurrence.wallClock != start.wallClock || startIsAnInstance) && secondOfDay(occurrence) == time
                    && !removed.contains(occurrence.instant)
            }
            // A DTSTART past 2582 is one libical cannot iterate from, and its
            // instances lie outside the span.
            guard let first, first.date.year <= SupportedSpan.lastYear else { continue }
            let hour = time / 3600, minute = time % 3600 / 60, second = time % 60
            var suffix = zeroPadded(hour) + zeroPadded(minute)
            if second != 0 { suffix += zeroPadded(second) }
            let pieceUID = ReminderFile.uid(uid, suffix: "-\(suffix)")
            let mine = excluded.filter { secondOfDay($0) == time && $0.instant > first.instant && isRuleInstance($0, of: ruleOnly) }
            // A piece with nothing more at its time before 2583 is its first
            // instance alone, as every rule that adds nothing in the span is.
            guard continuesInTheSpan(ruleOnly, after: first, atSecondOfDay: time) else {
                if !mine.contains(where: { $0.instant == first.instant }) {
                    pieces.append(Component(uid: pieceUID, start: first, rule: nil, excluded: [], added: []))
                }
                continue
            }
            pieces.append(Component(uid: pieceUID, start: first, rule: shared, excluded: mine, added: []))
        }
        return pieces
    }

    /// Whether the rule, its COUNT or UNTIL left off, has an instance after
    /// `occurrence` in the years remindc works in (at `time` seconds into the
    /// day, when a piece of one time of day asks). libical (behind Evolution
    /// and several CalDAV servers) cannot iterate a rule from a DTSTART whose
    /// next instance lies past 2582, nor one whose DTSTART does; such a rule
    /// adds nothing inside the span, so the component is written without it,
    /// its instances in the span as RDATEs.
    private static func continuesInTheSpan(
        _ ruleOnly: Schedule, after occurrence: Occurrence,
        atSecondOfDay time: Int? = nil
    ) -> Bool {
        var endless = ruleOnly
        endless.rule?.end = .never
        var instances = endless.occurrences()
        instances.skip(toWallClock: occurrence.wallClock)
        // Every period of a rule with times of day has each of them, so the
        // next at `time` is a period or so away; a rule that goes on past
        // this many without one is kept, which is what RFC 5545 says anyway.
        for _ in 0..<100_000 {
            guard let next = instances.next(), next.date.year <= SupportedSpan.lastYear else { return false }
            if next.wallClock > occurrence.wallClock && (time == nil || secondOfDay(next) == time) { return true }
        }
        return true
    }

    private static func secondOfDay(_ occurrence: Occurrence) -> Int {
        occurrence.wallClock.secondOfDay
    }

    /// UNTIL in the form RFC 5545 requires for DTSTART's (§3.3.10): a DATE
    /// for a date, local for a floating time, UTC otherwise.
    private static func until(for last: Occurrence, form: Form) -> RecurrenceRule.Until {
        switch form {
        case .date: .date(last.date)
        case .floating: .local(last.wallClock.local)
        case .zoned, .utc: .utc(last.instant.utc)
        }
    }

    private func write(
        _ component: Component, reminder: Reminder, file context: FileContext, form: Form, shown: Bool,
        into lines: inout ContentLines
    ) {
        let file = context.file
        let kind = reminder.isTodo ? "VTODO" : "VEVENT"
        lines.begin(kind)
        lines.addText("UID", [], component.uid)
        lines.addText("X-REMINDC-ID", [], reminder.id)
        lines.add("DTSTAMP", [], ICalendarValue.utcDateTime(options.now))
        if let recurrenceID = component.recurrenceID {
            let value = form.value(recurrenceID)
            lines.add("RECURRENCE-ID", value.parameters, value.text)
        }
        let start = form.value(component.start, shown: shown)
        // An occurrence written again is one of a series, and written as one.
        let recurs = component.rule != nil || !component.added.isEmpty || component.recurrenceID != nil
        if !reminder.isTodo {
            // No DTEND or DURATION: an event with a time then ends at its
            // start and one with a date lasts the day (RFC 5545 §3.6.1).
            // DURATION:PT0S would say the same, but calcurse drops every
            // event with a zero DURATION; khal's showing such an event as an
            // hour long changes no occurrence.
            lines.add("DTSTART", start.parameters, start.text)
        } else if recurs {
            // A repeating to-do needs DTSTART for its rule, and DUE must be
            // later (§3.8.2.3): a second later, or the next day for a date.
            lines.add("DTSTART", start.parameters, start.text)
            var due = component.start
            let step = if case .date = form { secondsPerDay } else { 1 }
            due.instant = due.instant.advanced(by: step)
            due.wallClock = due.wallClock.advanced(by: step)
            let value = form.value(due, shown: shown)
            lines.add("DUE", value.parameters, value.text)
        } else {
            lines.add("DUE", start.parameters, start.text)
        }
        lines.addText("SUMMARY", [], reminder.title)
        if let note = reminder.note { lines.addText("DESCRIPTION", [], note) }
        if let category = reminder.category { lines.addText("CATEGORIES", [], category) }
        if let rule = component.rule { lines.add("RRULE", [], rule.text) }
        for (property, occurrences) in [("EXDATE", component.excluded), ("RDATE", component.added)] where !occurrences.isEmpty {
            let values = occurrences.map { form.value($0) }
            lines.add(property, values[0].parameters, values.map(\.text).joined(separator: ","))
        }
        if let through = component.holidaysThrough {
            lines.add("X-REMINDC-HOLIDAYS-THROUGH", [.init("VALUE", "DATE")], ICalendarValue.date(through.dayNumber))
        }
        if reminder.isTodo {
            lines.add("STATUS", [], "NEEDS-ACTION")
            lines.add("PRIORITY", [], "0")
        }
        writeExtensions(reminder, file: file, into: &lines)
        // A date has no zone, but an all-day reminder's alerts fall on its
        // zone's clock: said for an import to read back.
        if case .date = form, case .named(let zone) = reminder.timeZone { lines.addText("X-REMINDC-TIMEZONE", [], zone) }
        // The reminder itself, on its series' own component, for an import
        // to give back its keys (what no property says: `if-holiday`,
        // `working-day`, leads in working days, `times:`, `grace`).
        if component.carriesReminder, let mapping = ReminderEncoder.mapping(of: reminder, in: file) {
            lines.addText(Self.reminderProperty, [], mapping.flow)
        }
        writeAlarms(
            reminder, leads: component.leads ?? reminder.alertLeads(of: component.start), file: file,
            relatedToDue: reminder.isTodo && !recurs, into: &lines)
        lines.end(kind)
    }

    private func writeExtensions(_ reminder: Reminder, file: ReminderFile, into lines: inout ContentLines) {
        switch reminder.action {
        case .label(let label): lines.addText("X-REMINDC-ACTION-LABEL", [], label)
        case .hidden: lines.add("X-REMINDC-ACTION-HIDDEN", [], "TRUE")
        case nil: break
        }
        if let badge = reminder.badge { lines.add("X-REMINDC-BADGE", [], String(badge)) }
        switch reminder.sound {
        case .default: lines.add("X-REMINDC-SOUND", [], "default")
        case .silent: lines.add("X-REMINDC-SOUND", [], "none")
        case .file(let path): lines.addText("X-REMINDC-SOUND", [], path)
        case nil: break
        }
        for entry in reminder.data {
            lines.addText("X-REMINDC-DATA", [.init("KEY", entry.key)], entry.value)
        }
        guard let id = reminder.category, let category = file.category(id) else { return }
        for action in category.actions {
            var parameters: [ContentLines.Parameter] = [
                .init("ID", action.id),
                .init("ACTIVATION", action.activation.rawValue.uppercased()),
                .init("DESTRUCTIVE", action.destructive ? "TRUE" : "FALSE"),
                .init("AUTHENTICATION-REQUIRED", action.authenticationRequired ? "TRUE" : "FALSE"),
            ]
            if let snooze = action.snooze { parameters.append(.init("SNOOZE", ICalendarValue.duration(snooze, negative: false))) }
            if action.stops { parameters.append(.init("STOPS", "TRUE")) }
            lines.addText("X-REMINDC-CATEGORY-ACTION", parameters, action.title)
            // A command is TEXT of its own: a parameter cannot hold a quote.
            if let run = action.run { lines.addText("X-REMINDC-CATEGORY-RUN", [.init("ID", action.id)], run) }
        }
        // One TEXT value: readers that do not know the property keep the
        // whole list only when its commas are escaped (§3.3.11).
        lines.addText("X-REMINDC-CATEGORY-MINIMAL", [], category.minimal.joined(separator: ","))
    }

    /// The alarms, one per lead: relative to DUE for a to-do without
    /// DTSTART, to the start otherwise.
    private func writeAlarms(
        _ reminder: Reminder, leads: [NominalDuration], file: ReminderFile, relatedToDue: Bool,
        into lines: inout ContentLines
    ) {
        let related: [ContentLines.Parameter] = relatedToDue ? [.init("RELATED", "END")] : []
        // One alarm per alert (with its sound); a lead below zero (an
        // all-day reminder's `alert-time`) is a trigger after the start.
        for lead in leads {
            let shown = lead.normalized
            let after = shown.days < 0 || shown.seconds < 0
            let trigger = ICalendarValue.duration(
                after ? NominalDuration(days: -shown.days, seconds: -shown.seconds) : shown, negative: !after)
            lines.begin("VALARM")
            lines.add("ACTION", [], "DISPLAY")
            lines.addText("DESCRIPTION", [], reminder.title)
            lines.add("TRIGGER", related, trigger)
            lines.end("VALARM")
            switch reminder.sound {
            case .default:
                lines.begin("VALARM")
                lines.add("ACTION", [], "AUDIO")
                lines.add("TRIGGER", related, trigger)
                lines.end("VALARM")
            case .file(let path):
                lines.begin("VALARM")
                lines.add("ACTION", [], "AUDIO")
                lines.add("TRIGGER", related, trigger)
                lines.add("ATTACH", Self.mediaType(path).map { [.init("FMTTYPE", $0)] } ?? [], soundURI(path, file: file))
                lines.end("VALARM")
            case .silent, nil:
                break
            }
        }
    }

    /// ATTACH's URI for a sound file (§3.3.13: a URI, not a path): the
    /// path after `soundBase` when one is given, otherwise the absolute
    /// `file:` URI of the path, read relative to the reminder file's folder.
    func soundURI(_ path: String, file: ReminderFile) -> String {
        if let base = options.soundBase {
            return base + Self.uri(path)
        }
        return "file://" + Self.uri(file.absolutePath(path, workingFolder: options.workingFolder))
    }

    /// The media type of a sound file by its extension.
    static func mediaType(_ path: String) -> String? {
        switch (path as NSString).pathExtension.lowercased() {
        case "wav": "audio/wav"
        case "aif", "aiff": "audio/aiff"
        case "caf": "audio/x-caf"
        default: nil
        }
    }

    /// A path as a URI path: percent-encoded where URI syntax requires, so
    /// the line stays one valid URI.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";,")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

extension ReminderTime {
    /// The time as written, when it has a fraction of a second.
    var fraction: String? {
        switch self {
        case .local(let local), .instant(let local, _): local.time.nanosecond != 0 ? local.description : nil
        case .date: nil
        }
    }
}
