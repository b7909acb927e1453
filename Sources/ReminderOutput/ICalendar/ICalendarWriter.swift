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
/// DTSTART (and DUE, the same, for to-dos), SUMMARY, DESCRIPTION, CATEGORIES,
/// RRULE, EXDATE, RDATE, ORGANIZER (RFC 5546 wants one with METHOD:PUBLISH),
/// STATUS and PRIORITY for to-dos, the X-REMINDC- properties, then a DISPLAY
/// alarm and, with a sound, an AUDIO alarm.
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
///  AUTHENTICATION-REQUIRED=FALSE;SNOOZE=PT5M:Remind in 5 mins
/// X-REMINDC-CATEGORY-MINIMAL:done,later          the minimal context's action ids
/// ```
///
/// Times keep the reminder's form: `DTSTART;TZID=Europe/Berlin:...` for a
/// zone, `...Z` for UTC and fixed instants, no zone for floating, a DATE
/// for all-day reminders; EXDATE and RDATE use the same form. An `except`
/// date on a timed reminder becomes the EXDATE of each occurrence that day.
/// `times:` that no BYHOUR/BYMINUTE combination expresses (08:00 and 20:30)
/// become one component per time of day, with UIDs `<id>-0800@<domain>`
/// and COUNT turned into the UNTIL it amounts to.
public struct ICalendarWriter {
    public struct Options: Sendable {
        /// DTSTAMP, seconds since 1970 UTC.
        public var now: Int
        /// Writes one component per occurrence in `[from, to)` instead of rules.
        public var window: (from: Int, to: Int)?
        /// Where floating reminders are placed to decide which fall in the window.
        public var floatingZone: TimeZone

        public init(now: Int, window: (from: Int, to: Int)? = nil, floatingZone: TimeZone) {
            self.now = now
            self.window = window
            self.floatingZone = floatingZone
        }
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
                let wallClock = shown ? occurrence.instant + occurrence.offset : occurrence.wallClock
                return ([.init("TZID", identifier)], ICalendarValues.localDateTime(wallClock))
            case .utc:
                return ([], ICalendarValues.utcDateTime(occurrence.instant))
            case .floating:
                return ([], ICalendarValues.localDateTime(occurrence.wallClock))
            case .date:
                return ([.init("VALUE", "DATE")], ICalendarValues.date(occurrence.wallClock.floorDivided(by: 86_400)))
            }
        }
    }

    let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// What iCalendar cannot say exactly, at its line and column: a time
    /// with a fraction of a second, or a repeating fixed instant in a
    /// floating reminder. Nothing should be written when there is any.
    public static func problems(in file: ReminderFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for reminder in file.reminders {
            var fractions: [String] = []
            switch reminder.start {
            case .local(let local), .instant(let local, _):
                if local.time.nanosecond != 0 { fractions.append(local.description) }
            case .date:
                break
            }
            if !fractions.isEmpty {
                found.append(Diagnostic(.notRepresentable(.fraction(fractions[0])), file: file.path, span: reminder.spans.start))
            }
            guard let repeats = reminder.repeats else { continue }
            let repeatFractions = (repeats.except + repeats.also).compactMap { time -> String? in
                switch time {
                case .local(let local), .instant(let local, _): local.time.nanosecond != 0 ? local.description : nil
                case .date: nil
                }
            } + repeats.times.filter { $0.nanosecond != 0 }.map(\.description)
            if let first = repeatFractions.first {
                found.append(Diagnostic(.notRepresentable(.fraction(first)), file: file.path, span: repeats.span))
            }
            if case .floating = reminder.timeZone, case .instant = reminder.start {
                found.append(Diagnostic(.notRepresentable(.floatingInstant), file: file.path, span: reminder.spans.start))
            }
        }
        return found
    }

    /// The calendar for `files`, as bytes.
    public func write(_ files: [ReminderFile]) -> [UInt8] {
        var lines = ContentLines()
        lines.begin("VCALENDAR")
        lines.add("VERSION", [], "2.0")
        lines.add("PRODID", [], "-//remindc//remindc \(RemindcVersion.string)//EN")
        lines.add("CALSCALE", [], "GREGORIAN")
        lines.add("METHOD", [], "PUBLISH")
        if let name = files.lazy.compactMap(\.name).first {
            lines.add("NAME", [], ContentLines.text(name))
            lines.add("X-WR-CALNAME", [], ContentLines.text(name))
        }

        var components = ContentLines()
        var zones: [String: (zone: TimeZone, from: Int)] = [:]
        for file in files {
            for reminder in file.reminders {
                let schedule = reminder.schedule(floatingZone: options.floatingZone)
                let form = Self.form(of: reminder)
                let written = writeComponents(reminder, file: file, schedule: schedule, form: form, into: &components)
                if case .zoned(let identifier) = form, let first = written {
                    let earliest = min(first, zones[identifier]?.from ?? first)
                    zones[identifier] = (reminder.timeZone.foundationZone, earliest)
                }
            }
        }
        for identifier in zones.keys.sorted() {
            let entry = zones[identifier]!
            TimeZoneComponent(identifier: identifier, zone: entry.zone).write(from: entry.from, now: options.now, into: &lines)
        }
        var bytes = lines.bytes + components.bytes
        var end = ContentLines()
        end.end("VCALENDAR")
        bytes += end.bytes
        return bytes
    }

    static func form(of reminder: Reminder) -> Form {
        if case .date = reminder.start { return .date }
        switch reminder.timeZone {
        case .named(let name): return .zoned(name)
        case .utc: return .utc
        case .floating:
            if case .instant = reminder.start { return .utc }
            return .floating
        }
    }

    // MARK: Components

    /// Writes the reminder's components; returns the earliest instant written,
    /// for the VTIMEZONE's span, or nil when nothing was.
    private func writeComponents(_ reminder: Reminder, file: ReminderFile, schedule: Schedule, form: Form,
                                 into lines: inout ContentLines) -> Int? {
        let uid = "\(reminder.id)@\(file.uidDomain)"
        if let window = options.window {
            var earliest: Int?
            var occurrences = schedule.occurrences()
            while let occurrence = occurrences.next(), occurrence.instant < window.to {
                guard occurrence.instant >= window.from else { continue }
                earliest = earliest ?? occurrence.instant
                let stamp: String = switch form {
                case .date: ICalendarValues.date(occurrence.wallClock.floorDivided(by: 86_400))
                case .floating: ICalendarValues.localDateTime(occurrence.wallClock)
                default: ICalendarValues.utcDateTime(occurrence.instant)
                }
                let single = Component(uid: "\(reminder.id)-\(stamp)@\(file.uidDomain)", start: occurrence, rule: nil,
                                       excluded: [], added: [])
                write(single, reminder: reminder, file: file, form: form, shown: true, into: &lines)
            }
            return earliest
        }
        let pieces = Self.components(of: schedule, uid: uid, reminderID: reminder.id, domain: file.uidDomain)
        for piece in pieces {
            write(piece, reminder: reminder, file: file, form: form, shown: false, into: &lines)
        }
        let starts = pieces.map(\.start.instant) + schedule.additionOccurrences().map(\.instant)
        return starts.min()
    }

    /// One VEVENT or VTODO to write.
    struct Component {
        var uid: String
        var start: Occurrence
        var rule: RecurrenceRule?
        var excluded: [Occurrence]
        var added: [Occurrence]
    }

    /// The components that say exactly what `schedule` does: one, or one per
    /// time of day when `times:` holds times no rule part combination gives.
    static func components(of schedule: Schedule, uid: String, reminderID: String, domain: String) -> [Component] {
        var ruleOnly = schedule
        ruleOnly.exceptions = []
        ruleOnly.additions = []
        let start = ruleOnly.occurrences().first { _ in true }!
        let excluded = schedule.excludedOccurrences()
        let added = schedule.additionOccurrences()
        guard let rule = schedule.rule, !schedule.timesOfDay.isEmpty else {
            return [Component(uid: uid, start: start, rule: schedule.rule, excluded: excluded, added: added)]
        }
        // COUNT spans every time of day: it becomes the UNTIL it amounts to.
        var shared = rule
        if case .count = rule.end {
            let last = ruleOnly.occurrences().reduce(start) { _, next in next }
            shared.end = .until(until(for: last, schedule: schedule))
        }
        let startIsAnInstance = schedule.ruleSelectsStart()
        var pieces: [Component] = []
        for time in Set(schedule.timesOfDay.map(\.secondsSinceMidnight)).sorted() {
            // The first instance at this time of day; the start counts only
            // when the rule itself selects it.
            let first = ruleOnly.occurrences().prefix(100_000).first { occurrence in
                (occurrence.wallClock != start.wallClock || startIsAnInstance) && secondOfDay(occurrence) == time
            }
            guard let first else { continue }
            let hour = time / 3600, minute = time % 3600 / 60, second = time % 60
            var suffix = (hour < 10 ? "0" : "") + "\(hour)" + (minute < 10 ? "0" : "") + "\(minute)"
            if second != 0 { suffix += (second < 10 ? "0" : "") + "\(second)" }
            let mine = excluded.filter { secondOfDay($0) == time }
            pieces.append(Component(uid: "\(reminderID)-\(suffix)@\(domain)", start: first, rule: shared, excluded: mine, added: []))
        }
        guard !pieces.isEmpty else {
            return [Component(uid: uid, start: start, rule: nil, excluded: [], added: added)]
        }
        // The start is always an occurrence; when the rule does not select
        // it, it joins the first component as an addition, and so do the
        // exceptions of additions at other times of day.
        pieces[0].added = (startIsAnInstance ? [] : [start]) + added
        let times = Set(schedule.timesOfDay.map(\.secondsSinceMidnight))
        pieces[0].excluded += excluded.filter { !times.contains(secondOfDay($0)) }
        pieces[0].excluded.sort { $0.instant < $1.instant }
        return pieces
    }

    private static func secondOfDay(_ occurrence: Occurrence) -> Int {
        occurrence.wallClock - occurrence.wallClock.floorDivided(by: 86_400) * 86_400
    }

    /// UNTIL in the form RFC 5545 requires for the schedule's start.
    private static func until(for last: Occurrence, schedule: Schedule) -> RecurrenceRule.Until {
        if schedule.isAllDay { return .date(last.date) }
        if case .zone = schedule.placement { return .utc(WallClock.localDateTime(naiveSeconds: last.instant)) }
        if case .fixed(0) = schedule.placement { return .utc(WallClock.localDateTime(naiveSeconds: last.instant)) }
        return .local(WallClock.localDateTime(naiveSeconds: last.wallClock))
    }

    private func write(_ component: Component, reminder: Reminder, file: ReminderFile, form: Form, shown: Bool,
                       into lines: inout ContentLines) {
        let kind = reminder.isTodo ? "VTODO" : "VEVENT"
        lines.begin(kind)
        lines.add("UID", [], ContentLines.text(component.uid))
        lines.add("X-REMINDC-ID", [], ContentLines.text(reminder.id))
        lines.add("DTSTAMP", [], ICalendarValues.utcDateTime(options.now))
        let start = form.value(component.start, shown: shown)
        lines.add("DTSTART", start.parameters, start.text)
        if reminder.isTodo { lines.add("DUE", start.parameters, start.text) }
        lines.add("SUMMARY", [], ContentLines.text(reminder.title))
        if let note = reminder.note { lines.add("DESCRIPTION", [], ContentLines.text(note)) }
        if let category = reminder.category { lines.add("CATEGORIES", [], ContentLines.text(category)) }
        if let rule = component.rule { lines.add("RRULE", [], rule.text) }
        for (property, occurrences) in [("EXDATE", component.excluded), ("RDATE", component.added)] where !occurrences.isEmpty {
            let values = occurrences.map { form.value($0) }
            lines.add(property, values[0].parameters, values.map(\.text).joined(separator: ","))
        }
        lines.add("ORGANIZER", [.init("CN", file.name ?? file.uidDomain)], Self.organizer(file))
        if reminder.isTodo {
            lines.add("STATUS", [], "NEEDS-ACTION")
            lines.add("PRIORITY", [], "0")
        }
        writeExtensions(reminder, file: file, into: &lines)
        writeAlarms(reminder, into: &lines)
        lines.end(kind)
    }

    private func writeExtensions(_ reminder: Reminder, file: ReminderFile, into lines: inout ContentLines) {
        switch reminder.action {
        case .label(let label): lines.add("X-REMINDC-ACTION-LABEL", [], ContentLines.text(label))
        case .hidden: lines.add("X-REMINDC-ACTION-HIDDEN", [], "TRUE")
        case nil: break
        }
        if let badge = reminder.badge { lines.add("X-REMINDC-BADGE", [], String(badge)) }
        switch reminder.sound {
        case .default: lines.add("X-REMINDC-SOUND", [], "default")
        case .silent: lines.add("X-REMINDC-SOUND", [], "none")
        case .file(let path): lines.add("X-REMINDC-SOUND", [], ContentLines.text(path))
        case nil: break
        }
        for entry in reminder.data {
            lines.add("X-REMINDC-DATA", [.init("KEY", entry.key)], ContentLines.text(entry.value))
        }
        guard let id = reminder.category, let category = file.category(id) else { return }
        for action in category.actions {
            var parameters: [ContentLines.Parameter] = [
                .init("ID", action.id),
                .init("ACTIVATION", action.activation.rawValue.uppercased()),
                .init("DESTRUCTIVE", action.destructive ? "TRUE" : "FALSE"),
                .init("AUTHENTICATION-REQUIRED", action.authenticationRequired ? "TRUE" : "FALSE"),
            ]
            if let snooze = action.snooze { parameters.append(.init("SNOOZE", ICalendarValues.duration(snooze, negative: false))) }
            lines.add("X-REMINDC-CATEGORY-ACTION", parameters, ContentLines.text(action.title))
        }
        lines.add("X-REMINDC-CATEGORY-MINIMAL", [], category.minimal.map(ContentLines.text).joined(separator: ","))
    }

    private func writeAlarms(_ reminder: Reminder, into lines: inout ContentLines) {
        let trigger = ICalendarValues.duration(reminder.before ?? Duration(), negative: true)
        let related: [ContentLines.Parameter] = reminder.isTodo ? [.init("RELATED", "END")] : []
        lines.begin("VALARM")
        lines.add("ACTION", [], "DISPLAY")
        lines.add("DESCRIPTION", [], ContentLines.text(reminder.title))
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
            lines.add("ATTACH", Self.mediaType(path).map { [.init("FMTTYPE", $0)] } ?? [], Self.uri(path))
            lines.end("VALARM")
        case .silent, nil:
            break
        }
    }

    /// The ORGANIZER RFC 5546 requires of a published component: an address
    /// at the file's `uid-domain`, under the reserved `.invalid` top-level
    /// domain when that is not a domain name, so it can never reach anyone.
    static func organizer(_ file: ReminderFile) -> String {
        let domain = file.uidDomain.contains(".") ? file.uidDomain : file.uidDomain + ".invalid"
        return "mailto:" + uri("reminders@" + domain)
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

    /// A relative URI reference for a path: percent-encoded where URI
    /// syntax requires, so the line stays one valid URI.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";,")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
