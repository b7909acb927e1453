import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// `remindc import`: iCalendar files as one reminder file, with a
/// diagnostic at its .ics line for everything the reminders could not
/// carry or had to guess.
///
/// Each VEVENT and VTODO becomes a reminder (a VTODO a to-do):
///
/// - Identity: `X-REMINDC-ID` (what `remindc ics` writes) is the id; else
///   the UID's part before its last `@`, made a valid id and unique. The
///   file's `uid-domain` is the UIDs' most common domain; a UID that is not
///   `<id>@<uid-domain>` (another domain, none, an id remindc changed) is
///   kept as the reminder's `uid:`, so `publish` updates the same event.
/// - Times: DATE as an all-day `at`, a floating time as `timezone:
///   floating`, UTC as `timezone: UTC` (on the calendar's
///   `X-WR-TIMEZONE` clock when it names one, as Google means it), a TZID
///   as its IANA zone (`ZoneMapping`); the file's `timezone` is the most
///   common one, or `--timezone`.
/// - Repeats: RRULE as `rrule:`, EXDATE as `except`, RDATE as `also`; an
///   occurrence changed on its own (RECURRENCE-ID) is an `except` of its
///   series and a reminder of its own, one cancelled only the `except`.
///   The components `remindc ics` writes for one reminder (`-extra`) are
///   one reminder again.
/// - Alarms: each DISPLAY or AUDIO VALARM relative to the start a `before`
///   item (an AUDIO one `sound:`); on an all-day event, the time of day
///   they fall at `alert-time`.
/// - `X-REMINDC-` properties back to the keys they came from.
///
/// What a reminder cannot hold (attendees, an event's length, EMAIL
/// alarms, ...) is reported once per kind with a count.
public struct CalendarImporter {
    public struct Input: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    public struct Options: Sendable {
        /// The file's `name:`; the first calendar's X-WR-CALNAME otherwise.
        public var name: String?
        /// The file's `timezone:`; the reminders' most common otherwise.
        public var timeZone: String?
        /// The path the reminder file will have: its stem is the default
        /// `uid-domain` that the check of the written file reads.
        public var outputPath: String

        public init(name: String? = nil, timeZone: String? = nil, outputPath: String = "imported.yaml") {
            self.name = name
            self.timeZone = timeZone
            self.outputPath = outputPath
        }
    }

    public struct Outcome: Sendable {
        /// The reminder file; nil when no input could be read.
        public var yaml: String?
        public var diagnostics: [Diagnostic]
        public var reminders: Int
    }

    public static func run(_ inputs: [Input], options: Options = Options()) -> Outcome {
        var run = ImportRun(options: options)
        for input in inputs { run.read(input) }
        return run.finish()
    }
}

/// One run of the importer: what it read so far, and what it found.
struct ImportRun {
    let options: CalendarImporter.Options
    var diagnostics: [Diagnostic] = []
    var drafts: [Draft] = []
    var lost: [String: (count: Int, path: String, span: SourceSpan, text: String)] = [:]
    var lostOrder: [String] = []
    var calendarName: String?
    var noted = Set<String>()
    /// The files read, in order.
    var inputPaths: [String] = []
    /// The zones VTIMEZONEs were found to be, by file and TZID.
    var fingerprints: [String: String?] = [:]
    var readAny = false
    /// The categories remindc wrote, by id, in the order met.
    var categories_: [String: ImportedCategory] = [:]
    var categoryOrder: [String] = []
    /// The line of the written file each draft begins on.
    var lineOwners: [(line: Int, draft: Int?)] = []

    init(options: CalendarImporter.Options) {
        self.options = options
    }

    /// A reminder to write, and where it came from.
    struct Draft {
        var path: String
        var span: SourceSpan
        var uid: String?
        var id: String
        var title: String
        var note: String?
        var at: String
        var isAllDay: Bool
        /// `floating`, `UTC`, an IANA name.
        var zone: String
        var rrule: String?
        var except: [String] = []
        var also: [String] = []
        var before: [String] = []
        var alertTime: String?
        var action: String?
        var sound: String?
        var badge: Int?
        var category: String?
        var data: [(String, String)] = []
        var todo = false
        /// The rule written as RRULE text even where the map form says it.
        var keepsRRule = false
        /// One series of several remindc wrote for a reminder (a time of
        /// day, a piece of a skip): its UNTIL is the whole reminder's, which
        /// this series may not reach, and is set to its own last instance.
        var endsAtOwnLast = false
        /// The UID written as `uid:`: one that is not `<id>@<uid-domain>`.
        var keptUID: String?
    }

    // MARK: Reading

    mutating func read(_ input: CalendarImporter.Input) {
        inputPaths.append(input.path)
        let document: CalendarDocument
        switch CalendarDocument.read(input.text) {
        case .failure(let problem):
            report(.icsSyntax, problem.text, hint: "remindc import reads iCalendar files (RFC 5545): BEGIN:VCALENDAR, its components, END:VCALENDAR",
                   path: input.path, span: problem.span)
            return
        case .success(let read): document = read
        }
        readAny = true
        for calendar in document.calendars {
            if calendarName == nil { calendarName = calendar.property("X-WR-CALNAME")?.text }
            var zones: [String: CalendarDocument.Component] = [:]
            for component in calendar.components where component.name == "VTIMEZONE" {
                if let tzid = component.property("TZID")?.text { zones[tzid] = component }
            }
            let context = Context(path: input.path, wallClockZone: calendar.property("X-WR-TIMEZONE").flatMap { ZoneMapping.iana(for: $0.value)?.zone },
                                  zones: zones)
            // Masters and the occurrences changed on their own, by UID.
            var masters: [CalendarDocument.Component] = []
            var changed: [String: [CalendarDocument.Component]] = [:]
            for component in calendar.components {
                switch component.name {
                case "VEVENT", "VTODO":
                    if component.property("RECURRENCE-ID") != nil, let uid = component.property("UID")?.value {
                        changed[uid, default: []].append(component)
                    } else {
                        masters.append(component)
                    }
                case "VTIMEZONE":
                    break
                case "VJOURNAL":
                    lose("VJOURNAL", "journal entries (VJOURNAL)", "left out: they are notes, not reminders", path: input.path, span: component.span)
                case "VFREEBUSY":
                    lose("VFREEBUSY", "free/busy blocks (VFREEBUSY)", "left out", path: input.path, span: component.span)
                default:
                    lose(component.name, "\(component.name) components", "left out", path: input.path, span: component.span)
                }
            }
            read(masters, changed: changed, context: context)
        }
    }

    struct Context {
        var path: String
        /// The zone X-WR-TIMEZONE names: Google's UTC times are meant on its clock.
        var wallClockZone: String?
        /// The calendar's VTIMEZONEs, by TZID.
        var zones: [String: CalendarDocument.Component]
    }

    /// The IANA zone of a TZID: by its name (`ZoneMapping.iana`), else by
    /// its VTIMEZONE's offsets around `year` (`ZoneMapping.fingerprint`),
    /// said once per TZID.
    mutating func zone(of tzid: String, year: Int, context: Context, span: SourceSpan) -> String? {
        if let mapped = ZoneMapping.iana(for: tzid) {
            if let how = mapped.how {
                noteOnce("zone \(tzid)", .info, "the time zone '\(tzid)' is read as \(mapped.zone): \(how)", path: context.path, span: span)
            }
            return mapped.zone
        }
        let key = "\(context.path)\u{0}\(tzid)"
        if let found = fingerprints[key] { return found }
        var found: String?
        if let vtimezone = context.zones[tzid], let match = ZoneMapping.fingerprint(vtimezone, tzid: tzid, years: (year - 1)...(year + 2)) {
            found = match.zone
            let others = match.others.prefix(3).joined(separator: ", ") + (match.others.count > 3 ? ", ..." : "")
            noteOnce("zone \(tzid)", .info, "the time zone '\(tzid)' is read as \(match.zone): its VTIMEZONE changes offsets as \(match.zone) does from \(year - 1) through \(year + 2)"
                     + (others.isEmpty ? "" : " (so do \(others))"), path: context.path, span: vtimezone.span)
        }
        fingerprints[key] = found
        return found
    }

    mutating func read(_ masters: [CalendarDocument.Component], changed: [String: [CalendarDocument.Component]], context: Context) {
        // The components remindc wrote for one reminder: its series, and
        // an `-extra` one (a start the rule does not select, additions).
        var extras: [String: CalendarDocument.Component] = [:]
        var rest: [CalendarDocument.Component] = []
        for component in masters {
            if let id = component.property("X-REMINDC-ID")?.text, let uid = component.property("UID")?.value,
               uid.hasPrefix(id + "-extra@"), masters.contains(where: { $0.property("UID")?.value.hasPrefix(id + "@") == true }) {
                extras[id] = component
            } else {
                rest.append(component)
            }
        }
        for component in rest {
            guard var draft = draft(of: component, context: context) else { continue }
            if let id = component.property("X-REMINDC-ID")?.text, let extra = extras[id],
               component.property("UID")?.value.hasPrefix(id + "@") == true {
                // Its start and additions join the series' `also`.
                if let start = extra.property("DTSTART") ?? extra.property("DUE"),
                   let value = placed(start, like: draft, context: context, what: "DTSTART") {
                    draft.also.append(value)
                }
                for property in extra.all("RDATE") { draft.also += values(property, like: draft, context: context) }
            }
            var own: [Draft] = []
            if let uid = component.property("UID")?.value {
                for occurrence in changed[uid] ?? [] { own += readChanged(occurrence, of: &draft, context: context) }
            }
            // Exceptions and additions in order, each once.
            draft.except = Array(Set(draft.except)).sorted()
            draft.also = Array(Set(draft.also)).sorted()
            add(draft)
            for changed in own { add(changed) }
        }
        // Changed occurrences whose series is not in the file.
        let known = Set(rest.compactMap { $0.property("UID")?.value })
        for (uid, components) in changed where !known.contains(uid) {
            for component in components {
                report(.importChanged, severity: .info, "an occurrence changed on its own (RECURRENCE-ID) of a series this file does not hold ('\(uid)'): written as a reminder of its own",
                       path: context.path, span: component.span)
                if let draft = draft(of: component, context: context) { add(draft) }
            }
        }
    }

    /// Adds `draft` with an id no other reminder has.
    mutating func add(_ draft: Draft) {
        var draft = draft
        let taken = Set(drafts.map(\.id))
        if taken.contains(draft.id) {
            var suffix = 2
            while taken.contains("\(draft.id)-\(suffix)") { suffix += 1 }
            draft.id = "\(draft.id)-\(suffix)"
        }
        drafts.append(draft)
    }

    // MARK: One component

    mutating func draft(of component: CalendarDocument.Component, context: Context) -> Draft? {
        let path = context.path
        let isTodo = component.name == "VTODO"
        guard let startProperty = component.property("DTSTART") ?? (isTodo ? component.property("DUE") : nil) else {
            report(.importLost, "\(component.name.lowercased().dropFirst()) without DTSTART\(isTodo ? " or DUE" : ""): there is no time to remind at",
                   hint: "add a DTSTART to the event, or a DUE to the to-do", path: path, span: component.span)
            return nil
        }
        if component.property("STATUS")?.value.uppercased() == "CANCELLED" {
            lose("cancelled", "cancelled events (STATUS:CANCELLED)", "left out: they do not happen", path: path, span: component.span)
            return nil
        }
        guard let time = CalendarTime.parse(startProperty.value, tzid: startProperty.parameter("TZID")) else {
            report(.icsSyntax, "\(startProperty.name) '\(startProperty.value)' is not a date or a date-time", path: path, span: startProperty.span)
            return nil
        }
        guard let (at, zone) = place(time, context: context, span: startProperty.span) else { return nil }
        let uid = component.property("UID")?.value
        var draft = Draft(path: path, span: component.span, uid: uid, id: "", title: "", at: at, isAllDay: time.isDate, zone: zone)
        draft.todo = isTodo
        draft.id = identifier(component, uid: uid)
        draft.endsAtOwnLast = component.property("X-REMINDC-ID").map { $0.text != draft.id } ?? false
        let title = component.property("SUMMARY")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if title.isEmpty {
            noteOnce("untitled", .info, "an event without a SUMMARY is titled '(no title)'", path: path, span: component.span)
        }
        draft.title = title.isEmpty ? "(no title)" : title
        if let note = component.property("DESCRIPTION")?.text, !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { draft.note = note }

        // The repeat.
        if let rule = component.property("RRULE") {
            draft.rrule = ruleText(rule, start: time, path: path)
        }
        if component.all("RRULE").count > 1 {
            lose("rrules", "events with more than one RRULE", "the first rule kept", path: path, span: component.all("RRULE")[1].span)
        }
        for property in component.all("EXRULE") {
            lose("EXRULE", "EXRULE (RFC 5545 deprecates it)", "the occurrences it removes still fire", path: path, span: property.span)
        }
        for property in component.all("EXDATE") { draft.except += values(property, like: draft, context: context) }
        for property in component.all("RDATE") { draft.also += values(property, like: draft, context: context) }

        // The length, which a reminder does not have.
        if !isTodo, let end = component.property("DTEND") ?? component.property("DURATION"), hasLength(end, start: time) {
            lose("length", "events that last a while (DTEND or DURATION)", "each fires at its start", path: path, span: end.span)
        }
        // remindc's all-day reminder in a zone of its own.
        if draft.isAllDay, let zone = component.property("X-REMINDC-TIMEZONE").flatMap({ ZoneMapping.iana(for: $0.text)?.zone }) { draft.zone = zone }
        readAlarms(component, into: &draft, start: time, path: path)
        readExtensions(component, into: &draft, path: path)
        for property in component.properties where Self.lostProperties[property.name] != nil {
            lose(property.name, Self.lostProperties[property.name]!, "left out", path: path, span: property.span)
        }
        return draft
    }

    /// What a reminder cannot hold, by property.
    static let lostProperties: [String: String] = [
        "ATTENDEE": "attendees (ATTENDEE)", "ORGANIZER": "organizers (ORGANIZER)", "LOCATION": "locations (LOCATION)",
        "URL": "links (URL)", "GEO": "positions (GEO)", "ATTACH": "attachments (ATTACH)", "COMMENT": "comments (COMMENT)",
        "CONTACT": "contacts (CONTACT)", "RESOURCES": "resources (RESOURCES)", "RELATED-TO": "relations to other events (RELATED-TO)",
        "CONFERENCE": "conference links (CONFERENCE)", "PERCENT-COMPLETE": "a to-do's progress (PERCENT-COMPLETE)",
        "COMPLETED": "completion times (COMPLETED)",
    ]

    /// The reminder's id: X-REMINDC-ID, or the UID's part before its last `@`.
    mutating func identifier(_ component: CalendarDocument.Component, uid: String?) -> String {
        if let id = component.property("X-REMINDC-ID")?.text, Self.isValidID(id) {
            // A series remindc wrote as several (`<id>-0800@`, `-skip1@`):
            // the part of the UID before the domain.
            if let uid, let at = uid.lastIndex(of: "@"), uid[..<at] != id, uid.hasPrefix(id + "-"),
               Self.isValidID(String(uid[..<at])) {
                return String(uid[..<at])
            }
            return id
        }
        guard let uid, !uid.isEmpty else { return "event" }
        let local = uid.lastIndex(of: "@").map { String(uid[..<$0]) } ?? uid
        var id = ""
        for scalar in local.unicodeScalars {
            let allowed = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "_" || scalar == "-"
            if allowed {
                id.unicodeScalars.append(scalar)
            } else if !id.hasSuffix("-") {
                id += "-"
            }
        }
        while id.hasPrefix("-") || id.hasPrefix(".") { id.removeFirst() }
        while id.hasSuffix("-") { id.removeLast() }
        return id.isEmpty ? "event" : id
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "_" || scalar == "-"
        }
    }

    // MARK: Times

    /// `at` and the zone of a start.
    mutating func place(_ time: CalendarTime, context: Context, span: SourceSpan) -> (String, String)? {
        switch time {
        case .date(let date):
            return (date.description, "")
        case .floating(let local):
            return (Self.written(local), "floating")
        case .utc(let local):
            guard let zone = context.wallClockZone, let foundation = TimeZone(identifier: zone) else { return (Self.written(local), "UTC") }
            noteOnce("x-wr-timezone \(zone)", .info, "times in UTC are read on the clock of \(zone), which X-WR-TIMEZONE names (as Google means it)",
                      path: context.path, span: span)
            let instant = WallClock.instant(of: local, in: TimeZone(identifier: "UTC")!)
            return (Self.written(WallClock.local(at: instant, in: foundation)), zone)
        case .zoned(let local, let tzid):
            guard let zone = zone(of: tzid, year: local.date.year, context: context, span: span) else {
                report(.unknownTimeZone, "the time zone '\(tzid)' is neither an IANA nor a Windows zone name, and no VTIMEZONE of the file matches one: the event cannot be imported",
                       hint: "write the event with an IANA zone (Europe/Berlin), or UTC", path: context.path, span: span)
                return nil
            }
            return (Self.written(local), zone)
        }
    }

    /// A time of EXDATE or RDATE in the form of `draft`'s `at`.
    mutating func placed(_ property: CalendarDocument.Property, like draft: Draft, context: Context, what: String) -> String? {
        guard let time = CalendarTime.parse(property.value, tzid: property.parameter("TZID")) else {
            report(.icsSyntax, "\(what) '\(property.value)' is not a date or a date-time", path: context.path, span: property.span)
            return nil
        }
        return convert(time, like: draft, context: context, span: property.span)
    }

    mutating func convert(_ time: CalendarTime, like draft: Draft, context: Context, span: SourceSpan) -> String? {
        if case .date(let date) = time { return date.description }
        if draft.isAllDay {
            switch time {
            case .floating(let local), .utc(let local), .zoned(let local, _): return local.date.description
            case .date: break
            }
        }
        // The instant, then the wall clock of the draft's zone.
        let instant: Instant
        switch time {
        case .date: return nil
        case .floating(let local):
            return Self.written(local)
        case .utc(let local):
            if draft.zone == "UTC" || draft.zone == "floating" { return Self.written(local) }
            instant = WallClock.instant(of: local, in: TimeZone(identifier: "UTC")!)
        case .zoned(let local, let tzid):
            guard let zone = zone(of: tzid, year: local.date.year, context: context, span: span) else {
                report(.unknownTimeZone, "the time zone '\(tzid)' is neither an IANA nor a Windows zone name, and no VTIMEZONE of the file matches one: this time cannot be imported",
                       path: context.path, span: span)
                return nil
            }
            if zone == draft.zone || draft.zone == "floating" { return Self.written(local) }
            instant = WallClock.instant(of: local, in: TimeZone(identifier: zone)!)
        }
        guard let zone = TimeZone(identifier: draft.zone) else { return nil }
        return Self.written(WallClock.local(at: instant, in: zone))
    }

    /// Each value of an EXDATE or RDATE line.
    mutating func values(_ property: CalendarDocument.Property, like draft: Draft, context: Context) -> [String] {
        if property.parameter("VALUE")?.uppercased() == "PERIOD" || property.value.contains("/") {
            lose("periods", "RDATE periods (a start and an end)", "the start of each kept", path: context.path, span: property.span)
        }
        return property.value.split(separator: ",").compactMap { value in
            let start = value.split(separator: "/").first.map(String.init) ?? String(value)
            var single = property
            single.value = start
            return placed(single, like: draft, context: context, what: property.name)
        }
    }

    /// `2026-12-01 09:00`, with `:30` seconds when there are any.
    static func written(_ local: LocalDateTime) -> String {
        let time = local.time
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(local.date) \(two(time.hour)):\(two(time.minute))" + (time.second != 0 ? ":\(two(time.second))" : "")
    }

    /// Whether DTEND or DURATION gives the event a length: not for an
    /// all-day event one day long, nor one that ends where it starts.
    func hasLength(_ property: CalendarDocument.Property, start: CalendarTime) -> Bool {
        if property.name == "DURATION" {
            guard let duration = CalendarDuration.parse(property.value) else { return true }
            if start.isDate { return duration.totalSeconds != 86_400 }
            return duration.totalSeconds != 0
        }
        guard let end = CalendarTime.parse(property.value, tzid: property.parameter("TZID")) else { return true }
        switch (start, end) {
        case (.date(let first), .date(let last)): return first.dayNumber.distance(to: last.dayNumber) != 1
        default: return end != start
        }
    }

    /// The RRULE's text, with an UNTIL fitted to the start's form.
    mutating func ruleText(_ property: CalendarDocument.Property, start: CalendarTime, path: String) -> String {
        var parts = property.value.split(separator: ";").map(String.init)
        for index in parts.indices where parts[index].uppercased().hasPrefix("UNTIL=") {
            let value = String(parts[index].dropFirst(6))
            switch start {
            case .date where value.count > 8:
                // A date's repeat ends on a date.
                parts[index] = "UNTIL=" + value.prefix(8)
            case .floating where value.uppercased().hasSuffix("Z"):
                parts[index] = "UNTIL=" + value.dropLast()
                noteOnce("floating until", .info, "an UNTIL in UTC on a floating time is read on the floating clock (RFC 5545 asks for a local time)",
                         path: path, span: property.span)
            default:
                break
            }
        }
        return parts.joined(separator: ";")
    }

    // MARK: Changed occurrences

    /// Reads an occurrence of `draft` changed on its own: an `except` of
    /// it, and the reminder it is now, unless cancelled.
    mutating func readChanged(_ component: CalendarDocument.Component, of draft: inout Draft, context: Context) -> [Draft] {
        guard let id = component.property("RECURRENCE-ID") else { return [] }
        guard let time = CalendarTime.parse(id.value, tzid: id.parameter("TZID")),
              let original = convert(time, like: draft, context: context, span: id.span) else {
            report(.icsSyntax, "RECURRENCE-ID '\(id.value)' is not a date or a date-time", path: context.path, span: id.span)
            return []
        }
        if id.parameter("RANGE")?.uppercased() == "THISANDFUTURE", draft.rrule != nil {
            return split(&draft, at: original, by: component, context: context, span: id.span)
        }
        draft.except.append(original)
        guard component.property("STATUS")?.value.uppercased() != "CANCELLED" else { return [] }
        guard var changed = self.draft(of: component, context: context) else { return [] }
        changed.id = "\(draft.id)-\(original.prefix(10))"
        changed.rrule = nil
        changed.uid = nil
        noteOnce("changed \(draft.id)", .info,
                 "occurrences of '\(draft.id)' changed on their own (RECURRENCE-ID) are reminders of their own, each an 'except' of the series",
                 path: context.path, span: component.span)
        return [changed]
    }

    /// Splits the series `draft` at the occurrence `original` that a change
    /// of it and all after it (RANGE=THISANDFUTURE, RFC 5545 §3.8.4.4)
    /// rewrites: the series ends before it (its COUNT the occurrences
    /// before, or an UNTIL a second before), and the changed component
    /// goes on with the same rule from its own start (the rest of a COUNT),
    /// the exceptions and additions after the change moved as far as its
    /// start moved.
    mutating func split(_ draft: inout Draft, at original: String, by component: CalendarDocument.Component, context: Context,
                        span: SourceSpan) -> [Draft] {
        guard let rule = draft.rrule, let parsed = RecurrenceRule.parse(rule).rule, let first = Self.local(draft.at),
              let cut = Self.local(original) else {
            draft.except.append(original)
            return []
        }
        let placement: Schedule.Placement = draft.zone == "floating" || draft.zone == "UTC" || draft.isAllDay
            ? .fixed(0) : TimeZone(identifier: draft.zone).map { .zone($0) } ?? .fixed(0)
        let schedule = Schedule(start: first, isAllDay: draft.isAllDay, rule: parsed, placement: placement)
        let end = Schedule.PlacedZone(placement).instant(of: cut)
        let before = schedule.occurrences().prefix(100_000).prefix { $0.instant < end }.count
        var parts = rule.split(separator: ";").map(String.init)
        let count = parts.first { $0.uppercased().hasPrefix("COUNT=") }.flatMap { Int($0.dropFirst(6)) }
        parts.removeAll { $0.uppercased().hasPrefix("COUNT=") || $0.uppercased().hasPrefix("UNTIL=") }
        let ownEnd = rule.split(separator: ";").first { $0.uppercased().hasPrefix("UNTIL=") }.map(String.init)

        // The series after the change.
        guard component.property("STATUS")?.value.uppercased() != "CANCELLED", var rest = self.draft(of: component, context: context),
              let restStart = Self.local(rest.at) else {
            // Cancelled from here on: the series ends.
            draft.rrule = Self.ending(parts, count: count.map { _ in before }, before: cut, draft: draft)
            return []
        }
        let shift = WallTime(restStart).seconds - WallTime(cut).seconds
        func moved(_ values: [String]) -> [String] {
            values.compactMap { value in
                guard let local = Self.local(value), local >= cut else { return nil }
                let shifted = WallTime(local).advanced(by: shift).local
                return value.count == 10 ? shifted.date.description : Self.written(shifted)
            }
        }
        rest.id = "\(draft.id)-from-\(original.prefix(10))"
        rest.uid = nil
        rest.except = moved(draft.except) + rest.except
        rest.also = moved(draft.also) + rest.also
        // An UNTIL bounds the original instances, which the change moves.
        let restEnd = ownEnd.map { end -> String in
            let value = String(end.dropFirst(6))
            guard shift != 0, let time = CalendarTime.parse(value, tzid: nil) else { return end }
            switch time {
            case .utc(let local): return "UNTIL=" + Self.stamp(WallTime(local).advanced(by: shift).local) + "Z"
            case .floating(let local): return "UNTIL=" + Self.stamp(WallTime(local).advanced(by: shift).local)
            default: return end
            }
        }
        rest.rrule = (parts + (count.map { ["COUNT=\(max(1, $0 - before))"] } ?? restEnd.map { [$0] } ?? [])).joined(separator: ";")
        draft.except = draft.except.filter { Self.local($0).map { $0 < cut } ?? true }
        draft.also = draft.also.filter { Self.local($0).map { $0 < cut } ?? true }
        draft.rrule = Self.ending(parts, count: count.map { _ in before }, before: cut, draft: draft)
        noteOnce("split \(draft.id)", .info,
                 "'\(draft.id)' changes from \(original) on (RANGE=THISANDFUTURE): written as '\(draft.id)' until then and '\(rest.id)' after",
                 path: context.path, span: span)
        if before == 0 {
            // Nothing of the series comes before the change.
            draft.rrule = nil
            draft.except.append(draft.at)
        }
        return [rest]
    }

    /// A rule's parts with its end: COUNT when it had one, else an UNTIL
    /// a second before `cut` in the form of `draft`'s start.
    static func ending(_ parts: [String], count: Int?, before cut: LocalDateTime, draft: Draft) -> String {
        if let count { return (parts + ["COUNT=\(max(1, count))"]).joined(separator: ";") }
        let until: String
        if draft.isAllDay {
            until = cut.date.adding(days: -1).description.replacingOccurrences(of: "-", with: "")
        } else if draft.zone == "floating" || draft.zone == "UTC" {
            until = stamp(WallTime(cut).advanced(by: -1).local) + (draft.zone == "UTC" ? "Z" : "")
        } else {
            let zone = TimeZone(identifier: draft.zone) ?? TimeZone(identifier: "UTC")!
            until = stamp(WallClock.instant(of: cut, in: zone).advanced(by: -1).wallTime(offset: 0).local) + "Z"
        }
        return (parts + ["UNTIL=\(until)"]).joined(separator: ";")
    }

    /// `2026-12-01 09:00[:30]` or `2026-12-01` (its midnight), as the
    /// importer writes them.
    static func local(_ text: String) -> LocalDateTime? {
        switch ReminderTime.parse(text) {
        case .success(.local(let local)): local
        case .success(.date(let date)): LocalDateTime(date: date, time: .midnight)
        default: nil
        }
    }

    // MARK: Alarms
    // MARK: Alarms

    mutating func readAlarms(_ component: CalendarDocument.Component, into draft: inout Draft, start: CalendarTime, path: String) {
        var leads: [Int] = []
        var nominalDays: [Int: Int] = [:]
        var alertTimes: [Int] = []
        for alarm in component.components where alarm.name == "VALARM" {
            let action = alarm.property("ACTION")?.value.uppercased() ?? ""
            guard action == "DISPLAY" || action == "AUDIO" else {
                lose("alarm \(action)", action.isEmpty ? "alarms without an ACTION" : "\(action) alarms", "not sent: remindc shows alerts",
                     path: path, span: alarm.span)
                continue
            }
            if alarm.property("REPEAT") != nil {
                lose("alarm repeat", "repeated alarms (REPEAT and DURATION)", "the first alert kept", path: path, span: alarm.property("REPEAT")!.span)
            }
            guard let trigger = alarm.property("TRIGGER") else { continue }
            if action == "AUDIO" {
                if let attach = alarm.property("ATTACH"), attach.value.lowercased().hasPrefix("file:"),
                   let url = URL(string: attach.value), !url.path.isEmpty {
                    draft.sound = draft.sound ?? url.path
                } else {
                    draft.sound = draft.sound ?? "default"
                }
            }
            if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
                lose("absolute alarm", "alarms at a fixed time (TRIGGER;VALUE=DATE-TIME)", "left out: remindc counts alerts from each occurrence",
                     path: path, span: trigger.span)
                continue
            }
            guard let duration = CalendarDuration.parse(trigger.value) else {
                report(.icsSyntax, "TRIGGER '\(trigger.value)' is not a duration", path: path, span: trigger.span)
                continue
            }
            if trigger.parameter("RELATED")?.uppercased() == "END" && !(draft.todo && component.property("DTSTART") == nil) {
                lose("alarm end", "alarms counted from an event's end (RELATED=END)", "counted from its start", path: path, span: trigger.span)
            }
            if start.isDate {
                // Days before the day, and the time of day it falls at.
                let seconds = duration.totalSeconds
                let days = seconds >= 0 ? 0 : (-seconds + 86_399) / 86_400
                alertTimes.append(seconds + days * 86_400)
                leads.append(days * 86_400)
                nominalDays[days * 86_400] = days
            } else {
                let lead = -duration.totalSeconds
                guard lead >= 0 else {
                    lose("alarm after", "alarms after an event's start", "left out", path: path, span: trigger.span)
                    continue
                }
                leads.append(lead)
                if duration.seconds == 0 { nominalDays[lead] = -duration.days }
            }
        }
        if leads.isEmpty && !component.components.contains(where: { $0.name == "VALARM" }) {
            noteOnce("no alarm", .info, "an event without an alarm (VALARM) alerts at its start, as every reminder does", path: path, span: component.span)
        }
        var seen = Set<Int>()
        for lead in leads where seen.insert(lead).inserted {
            let duration = nominalDays[lead].map { NominalDuration(days: $0) } ?? NominalDuration(seconds: lead)
            draft.before.append(duration.description)
        }
        if draft.before == ["0s"] { draft.before = [] }
        if start.isDate, let first = alertTimes.first {
            if Set(alertTimes).count > 1 {
                lose("alert times", "all-day events alerting at several times of day", "all at the first's time", path: path, span: component.span)
            }
            if first != 0 {
                let time = CivilTime(hour: first / 3600, minute: first % 3600 / 60, second: first % 60)
                draft.alertTime = Self.written(LocalDateTime(date: CivilDate(year: 2000, month: 1, day: 1), time: time)).dropFirst(11).description
            }
        }
    }

    // MARK: remindc's own properties

    mutating func readExtensions(_ component: CalendarDocument.Component, into draft: inout Draft, path: String) {
        if let label = component.property("X-REMINDC-ACTION-LABEL")?.text { draft.action = label }
        if component.property("X-REMINDC-ACTION-HIDDEN")?.value.uppercased() == "TRUE" { draft.action = "none" }
        if let badge = component.property("X-REMINDC-BADGE").flatMap({ Int($0.value) }), badge >= 0 { draft.badge = badge }
        if let sound = component.property("X-REMINDC-SOUND")?.text {
            draft.sound = sound == "none" ? "none" : sound
        }
        for entry in component.all("X-REMINDC-DATA") {
            guard let key = entry.parameter("KEY") else { continue }
            draft.data.append((key, entry.text))
        }
        // A category remindc wrote: its actions, and the reminder's `category`.
        let actions = component.all("X-REMINDC-CATEGORY-ACTION")
        if let categories = component.property("CATEGORIES"), !actions.isEmpty, let id = categories.texts.first, Self.isValidID(id) {
            draft.category = id
            var category = ImportedCategory(id: id)
            for action in actions {
                guard let actionID = action.parameter("ID"), Self.isValidID(actionID) else { continue }
                var item = ImportedCategory.Action(id: actionID, title: action.text)
                item.foreground = action.parameter("ACTIVATION")?.uppercased() == "FOREGROUND"
                item.authenticationRequired = action.parameter("AUTHENTICATION-REQUIRED")?.uppercased() == "TRUE"
                item.destructive = action.parameter("DESTRUCTIVE")?.uppercased() == "TRUE"
                item.stops = action.parameter("STOPS")?.uppercased() == "TRUE"
                item.snooze = action.parameter("SNOOZE").flatMap(CalendarDuration.parse).map { NominalDuration(days: $0.days, seconds: $0.seconds).description }
                item.run = component.all("X-REMINDC-CATEGORY-RUN").first { $0.parameter("ID") == actionID }?.text
                category.actions.append(item)
            }
            category.minimal = component.property("X-REMINDC-CATEGORY-MINIMAL").map { $0.text.split(separator: ",").map(String.init) } ?? []
            if let known = categories_[id], known != category {
                noteOnce("category \(id)", .warning, "the category '\(id)' is written differently by two events: the first is kept", path: path,
                         span: categories.span)
            } else if categories_[id] == nil {
                categories_[id] = category
                categoryOrder.append(id)
            }
            return
        }
        if let categories = component.property("CATEGORIES") {
            lose("CATEGORIES", "calendar categories (CATEGORIES)", "kept in 'data' as 'categories'", path: path, span: categories.span)
            if !draft.data.contains(where: { $0.0 == "categories" }) { draft.data.append(("categories", categories.texts.joined(separator: ", "))) }
        }
    }

    // MARK: Reporting

    mutating func report(_ rule: SchemaRule, severity: Severity? = nil, _ text: String, hint: String? = nil, path: String, span: SourceSpan) {
        diagnostics.append(Diagnostic(Message(rule, severity: severity, text: text, hint: hint), file: path, span: span))
    }

    mutating func noteOnce(_ key: String, _ severity: Severity, _ text: String, path: String, span: SourceSpan) {
        guard noted.insert(key).inserted else { return }
        report(.importChanged, severity: severity, text, path: path, span: span)
    }

    /// One more of a kind of thing a reminder cannot hold: `what` it is,
    /// and what became of it.
    mutating func lose(_ kind: String, _ what: String, _ outcome: String, path: String, span: SourceSpan) {
        if let known = lost[kind] {
            lost[kind] = (known.count + 1, known.path, known.span, known.text)
        } else {
            lost[kind] = (1, path, span, "\(what): \(outcome)")
            lostOrder.append(kind)
        }
    }
}

/// A category of actions, as `remindc ics` carries it.
struct ImportedCategory: Equatable {
    struct Action: Equatable {
        var id: String
        var title: String
        var foreground = false
        var authenticationRequired = false
        var destructive = false
        var stops = false
        var snooze: String?
        var run: String?
    }

    var id: String
    var actions: [Action] = []
    var minimal: [String] = []
}
