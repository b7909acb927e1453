import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import YAMLSyntax

/// `remindc import`: iCalendar files as one reminder file, with a
/// diagnostic at its .ics line for everything the reminders could not
/// carry or had to guess.
///
/// Each VEVENT and VTODO becomes a reminder (a VTODO a to-do):
///
/// - Identity: one event per UID. Several components with one UID and no
///   RECURRENCE-ID (edited copies, an export's duplicates) are one event:
///   the highest SEQUENCE wins, then the latest LAST-MODIFIED (DTSTAMP
///   where it has none), then the last written. An occurrence changed on its own
///   (RECURRENCE-ID) of an event that does not repeat replaces it; one
///   whose series the file does not hold (a CalDAV `expand` answer) is a
///   one-off.
/// - Ids: `X-REMINDC-ID` (what `remindc ics` writes); else the UID's part
///   before its last `@` when it reads as words (`bday-anna`); else the
///   title (`dentist`, `dentist-2`). A UID that is not `<id>@<uid-domain>`
///   is kept as the reminder's `uid:`, so `publish` updates the same
///   event; `uid-domain` is written only for the UIDs remindc made.
/// - Times: DATE as an all-day `at`, a floating time as `timezone:
///   floating`, UTC as `timezone: UTC` (on the calendar's
///   `X-WR-TIMEZONE` clock when it names one, as Google means it), a TZID
///   as its IANA zone (`ZoneMapping`); the file's `timezone` is the most
///   common one, or `--timezone`; a calendar of all-day events alone takes
///   X-WR-TIMEZONE's, else `--timezone`, else this machine's, and says it.
/// - Repeats: RRULE as `repeat:`, EXDATE as `except`, RDATE as `also`; an
///   occurrence changed on its own is an `except` of its series and a
///   reminder of its own, one cancelled only the `except`. The components
///   `remindc ics` writes for one reminder (`<id>-extra@<domain>`) are one
///   reminder again, joined within their own domain.
/// - Alarms: each DISPLAY or AUDIO VALARM relative to the start a `before`
///   item (an AUDIO one `sound: default`); on an all-day event, the time
///   of day they fall at `alert-time`.
/// - `X-REMINDC-` properties back to the keys they came from. What makes
///   remindc run a command or read a file (an action's `run`, a `sound`
///   file) comes only from a file remindc wrote, and only with `trust`;
///   otherwise it is left out with an `import-untrusted` warning.
///
/// What a reminder cannot hold (attendees, an event's length, EMAIL
/// alarms, ...) is reported once per kind with a count.
package struct CalendarImporter {
    package struct Input: Sendable {
        package var path: String
        package var bytes: [UInt8]

        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        package init(path: String, text: String) {
            self.init(path: path, bytes: Array(text.utf8))
        }
    }

    package struct Options: Sendable {
        /// The file's `name:`; the first calendar's X-WR-CALNAME otherwise.
        package var name: String?
        /// The file's `timezone:`; the reminders' most common otherwise.
        package var timeZone: String?
        /// The zone of a calendar of all-day events that names none (nor
        /// `timeZone`): where the person is, this machine's zone.
        package var localZone: String
        /// The path the reminder file will have: its stem is the default
        /// `uid-domain` that the check of the written file reads.
        package var outputPath: String
        /// Whether commands to run and files to read that remindc's own
        /// .ics carries are imported.
        package var trust: Bool

        package init(
            name: String? = nil, timeZone: String? = nil, localZone: String = "UTC", outputPath: String = "imported.yaml",
            trust: Bool = false
        ) {
            self.name = name
            self.timeZone = timeZone
            self.localZone = localZone
            self.outputPath = outputPath
            self.trust = trust
        }
    }

    package struct Outcome: Sendable {
        /// The reminder file; nil when no input could be read.
        package var yaml: String?
        package var diagnostics: [Diagnostic]
        package var reminders: Int
    }

    /// The first line of every file `import` writes: `-o` replaces a file
    /// that begins with it, and no other, unless forced.
    package static let header = "# Imported by remindc from "

    package static func run(_ inputs: [Input], options: Options = Options()) -> Outcome {
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
    /// The ids taken, and the next suffix to try for each.
    var takenIDs: [String: Int] = [:]
    var lost: [String: (count: Int, path: String, span: SourceSpan, text: String, rule: SchemaRule)] = [:]
    var lostOrder: [String] = []
    var calendarName: String?
    /// The zone the first calendar's X-WR-TIMEZONE names.
    var calendarZone: String?
    var noted = Set<String>()
    /// The files read, in order.
    var inputPaths: [String] = []
    /// The zones VTIMEZONEs were found to be, by file and TZID.
    var fingerprints: [String: String?] = [:]
    /// The offsets of each VTIMEZONE read as the nearest zone (its rules
    /// no IANA zone keeps), by file and TZID: what places an event that
    /// does not repeat at its own instant.
    var ownRules: [String: ZoneMapping.Offsets?] = [:]
    var readAny = false
    /// The categories remindc wrote, by id, in the order met.
    var categories_: [String: ImportedCategory] = [:]
    var categoryOrder: [String] = []
    /// The event each UID was imported as: its component, its draft, its file.
    var importedUIDs: [String: (component: CalendarDocument.Component, index: Int, path: String)] = [:]
    /// Each RRULE's map form (`mapForm(_:)`), made once.
    var mapForms: [String: [YAMLValue.Pair]?] = [:]
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
        /// The UID's domain, when remindc wrote the UID (`<id>@<domain>`).
        var remindcDomain: String?
        /// For the series a change of an occurrence and all after it began
        /// (RANGE=THISANDFUTURE): the original's time of that occurrence,
        /// and how far the change moved it and the ones after, in seconds.
        var splitFrom: (cut: LocalDateTime, shift: Int)?
        /// The reminder as remindc wrote it (`readCarried`): written instead
        /// of the fields above, which are what its event says.
        var carried: YAMLValue?
    }

    // MARK: Reading

    mutating func read(_ input: CalendarImporter.Input) {
        inputPaths.append(input.path)
        let document: CalendarDocument
        switch CalendarDocument.read(input.bytes) {
        case .failure(let problem):
            report(
                .icsSyntax, problem.text,
                hint: "remindc import reads iCalendar files (RFC 5545): BEGIN:VCALENDAR, its components, END:VCALENDAR",
                path: input.path, span: problem.span)
            return
        case .success(let (read, repairs)):
            document = read
            for repair in repairs { report(repair, path: input.path) }
        }
        readAny = true
        for calendar in document.calendars {
            if calendarName == nil { calendarName = calendar.property("X-WR-CALNAME")?.text }
            let wallClockZone = calendar.property("X-WR-TIMEZONE").flatMap { ZoneMapping.iana(for: $0.text)?.zone }
            if calendarZone == nil { calendarZone = wallClockZone }
            var zones: [String: CalendarDocument.Component] = [:]
            for component in calendar.components where component.name == "VTIMEZONE" {
                if let tzid = component.property("TZID")?.text { zones[tzid] = component }
            }
            let writtenByRemindc = calendar.property("PRODID")?.text.hasPrefix("-//remindc//") == true
            let context = Context(path: input.path, wallClockZone: wallClockZone, zones: zones, writtenByRemindc: writtenByRemindc)
            // Masters and the occurrences changed on their own, by UID.
            var masters: [CalendarDocument.Component] = []
            var changed: [String: [CalendarDocument.Component]] = [:]
            for component in calendar.components {
                switch component.name {
                case "VEVENT", "VTODO":
                    if component.property("RECURRENCE-ID") != nil, let uid = component.uid {
                        changed[uid, default: []].append(component)
                    } else {
                        masters.append(component)
                    }
                case "VTIMEZONE":
                    break
                case "VJOURNAL":
                    lose(
                        "VJOURNAL", "journal entries (VJOURNAL)", "left out: they are notes, not reminders", path: input.path,
                        span: component.span)
                case "VFREEBUSY":
                    lose("VFREEBUSY", "free/busy blocks (VFREEBUSY)", "left out", path: input.path, span: component.span)
                default:
                    lose(component.name, "\(component.name) components", "left out", path: input.path, span: component.span)
                }
            }
            masters = latest(masters, path: input.path)
            for (uid, versions) in changed { changed[uid] = latestChanges(versions, path: input.path) }
            read(masters, changed: changed, context: context)
        }
    }

    /// One component per UID: of several without RECURRENCE-ID, the
    /// latest version (`isNewer`), the others named in one warning.
    /// Components without a UID are each their own event.
    mutating func latest(_ components: [CalendarDocument.Component], path: String) -> [CalendarDocument.Component] {
        var firstIndex: [String: Int] = [:]
        var groups: [[CalendarDocument.Component]] = []
        for component in components {
            if let uid = component.uid, let index = firstIndex[uid] {
                groups[index].append(component)
            } else {
                if let uid = component.uid { firstIndex[uid] = groups.count }
                groups.append([component])
            }
        }
        return groups.map { versions in
            guard versions.count > 1 else { return versions[0] }
            let kept = versions.dropFirst().reduce(versions[0]) { Self.isNewer($1, than: $0) ? $1 : $0 }
            let others = versions.filter { $0.span != kept.span }.map { String($0.span.start.line) }
            report(
                .importChanged, severity: .warning,
                "\(versions.count) components have the UID '\(kept.uid ?? "")' and no RECURRENCE-ID: they are one event, and the one at line \(kept.span.start.line) (the highest SEQUENCE, then the latest LAST-MODIFIED or DTSTAMP) is kept; line\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")) left out",
                hint: "RFC 5545 §3.8.4.7: a UID names one event; a calendar keeps its latest version", path: path, span: kept.span)
            return kept
        }
    }

    /// One change per occurrence: of several with the same UID and
    /// RECURRENCE-ID, the latest (`isNewer`).
    func latestChanges(_ components: [CalendarDocument.Component]) -> [CalendarDocument.Component] {
        var byOccurrence: [String: Int] = [:]
        var kept: [CalendarDocument.Component] = []
        for component in components {
            let key = component.property("RECURRENCE-ID").map { "\($0.parameter("TZID") ?? "")|\($0.value.trimmedSpaces)" } ?? ""
            if let index = byOccurrence[key] {
                if Self.isNewer(component, than: kept[index]) { kept[index] = component }
            } else {
                byOccurrence[key] = kept.count
                kept.append(component)
            }
        }
        return kept
    }

    mutating func latestChanges(_ components: [CalendarDocument.Component], path: String) -> [CalendarDocument.Component] {
        let kept = latestChanges(components)
        if kept.count < components.count, let first = kept.first {
            report(
                .importChanged, severity: .warning,
                "\(components.count - kept.count + 1) components change the same occurrence of '\(first.uid ?? "")': the one with the highest SEQUENCE, then the latest LAST-MODIFIED or DTSTAMP, is kept",
                path: path, span: first.span)
        }
        return kept
    }

    /// Whether `candidate` is a later version of an event than `known`:
    /// a higher SEQUENCE, then a later LAST-MODIFIED (DTSTAMP where there
    /// is none); the later written on a tie.
    static func isNewer(_ candidate: CalendarDocument.Component, than known: CalendarDocument.Component) -> Bool {
        func sequence(_ component: CalendarDocument.Component) -> Int {
            component.property("SEQUENCE").flatMap { Int($0.value.trimmedSpaces) } ?? 0
        }
        func stamp(_ component: CalendarDocument.Component, _ name: String) -> String {
            // UTC times compare as text: 20261201T090000Z.
            component.property(name)?.value.trimmedSpaces.uppercased() ?? ""
        }
        // When it was last changed: LAST-MODIFIED, else DTSTAMP (which a
        // calendar export stamps with the time the object last changed).
        func modified(_ component: CalendarDocument.Component) -> String {
            let last = stamp(component, "LAST-MODIFIED")
            return last.isEmpty ? stamp(component, "DTSTAMP") : last
        }
        return (sequence(candidate), modified(candidate)) >= (sequence(known), modified(known))
    }

    struct Context {
        var path: String
        /// The zone X-WR-TIMEZONE names: Google's UTC times are meant on its clock.
        var wallClockZone: String?
        /// The calendar's VTIMEZONEs, by TZID.
        var zones: [String: CalendarDocument.Component]
        /// Whether remindc wrote the calendar (its PRODID).
        var writtenByRemindc: Bool
    }

    /// The IANA zone of a TZID: by its name (`ZoneMapping.iana`), else by
    /// its VTIMEZONE's offsets around `year` (`ZoneMapping.fingerprint`),
    /// said once per TZID.
    mutating func zone(of tzid: String, year: Int, context: Context, span: SourceSpan) -> String? {
        let key = "\(context.path)\u{0}\(tzid)"
        if let found = fingerprints[key] { return found }
        var found: String?
        let vtimezone = context.zones[tzid]
        if let mapped = ZoneMapping.iana(for: tzid) {
            found = mapped.zone
            if let vtimezone, !ZoneMapping.agrees(vtimezone, with: mapped.zone, years: (year - 1)...(year + 2)) {
                // The file's own rules decide (RFC 5545 §3.6.5).
                if let match = ZoneMapping.fingerprint(vtimezone, tzid: tzid, years: (year - 1)...(year + 2)) {
                    found = match.zone
                    noteOnce(
                        "zone \(tzid)", .warning,
                        "the time zone '\(tzid)' names \(mapped.zone), but its VTIMEZONE changes offsets otherwise from \(year - 1) through \(year + 2): read as \(match.zone), which changes them as the VTIMEZONE does",
                        path: context.path, span: vtimezone.span)
                } else {
                    noteOnce(
                        "zone \(tzid)", .warning,
                        "the time zone '\(tzid)' names \(mapped.zone), but its VTIMEZONE changes offsets otherwise from \(year - 1) through \(year + 2), and no IANA zone as it does: read as \(mapped.zone)",
                        path: context.path, span: vtimezone.span)
                }
            } else if let how = mapped.how {
                noteOnce("zone \(tzid)", .info, "the time zone '\(tzid)' is read as \(mapped.zone): \(how)", path: context.path, span: span)
            }
        } else if let vtimezone, let location = vtimezone.property("X-LIC-LOCATION").flatMap({ ZoneMapping.iana(for: $0.text) }),
            ZoneMapping.agrees(vtimezone, with: location.zone, years: (year - 1)...(year + 2))
        {
            found = location.zone
            noteOnce(
                "zone \(tzid)", .info, "the time zone '\(tzid)' is read as \(location.zone), which its VTIMEZONE's X-LIC-LOCATION names",
                path: context.path, span: vtimezone.span)
        } else if let vtimezone, let match = ZoneMapping.fingerprint(vtimezone, tzid: tzid, years: (year - 1)...(year + 2)) {
            found = match.zone
            let others = match.others.prefix(3).joined(separator: ", ") + (match.others.count > 3 ? ", ..." : "")
            noteOnce(
                "zone \(tzid)", .info,
                "the time zone '\(tzid)' is read as \(match.zone): its VTIMEZONE changes offsets as \(match.zone) does from \(year - 1) through \(year + 2)"
                    + (others.isEmpty ? "" : " (so do \(others))"), path: context.path, span: vtimezone.span)
        } else if let vtimezone, let near = ZoneMapping.nearest(vtimezone, tzid: tzid, years: (year - 1)...(year + 2)) {
            // Rules no IANA zone keeps (old, or made up): the nearest zone,
            // never silently.
            found = near.zone
            noteOnce(
                "zone \(tzid)", .warning,
                "the VTIMEZONE of '\(tzid)' keeps a clock no IANA zone keeps from \(year - 1) through \(year + 2): read as \(near.zone), the nearest, whose clock differs on \(near.days) of those days; "
                    + "an event that does not repeat is placed at the instant the VTIMEZONE gives it",
                hint: "check the repeating events near its changes of clocks, or give them timezone: with the zone meant",
                path: context.path,
                span: vtimezone.span)
            ownRules[key] = ZoneMapping.Offsets(vtimezone, through: year + 2)
        }
        fingerprints[key] = found
        return found
    }

    mutating func read(_ masters: [CalendarDocument.Component], changed: [String: [CalendarDocument.Component]], context: Context) {
        var masters = masters, changed = changed
        // In the file's order: each carried reminder before the first
        // event written after it.
        var carried = readCarried(masters: &masters, changed: &changed, context: context)[...]
        // The components remindc wrote for one reminder: its series
        // (`<id>@<domain>`), and an `-extra` one (a start the rule does not
        // select, additions) of the same domain.
        let masterUIDs = Set(masters.compactMap(\.uid))
        let (extras, rest) = Self.extrasApart(masters, masterUIDs: masterUIDs)
        for component in rest {
            while let next = carried.first, next.component.span.start < component.span.start {
                addCarried(next)
                carried = carried.dropFirst()
            }
            let uid = component.uid
            var changes = uid.flatMap { changed[$0] } ?? []
            var source = component
            let repeats = (component.all("RRULE") + component.all("RDATE")).contains { !$0.value.trimmedSpaces.isEmpty }
            if !changes.isEmpty, !repeats {
                // An event that does not repeat, changed: the change is the event.
                source = changes.reduce(changes[0]) { Self.isNewer($1, than: $0) ? $1 : $0 }
                changes = []
                noteOnce(
                    "replaced \(uid ?? "")", .info, "the event '\(uid ?? "")' does not repeat, and its change (RECURRENCE-ID) replaces it",
                    path: context.path, span: source.span)
                if source.property("STATUS")?.value.uppercased() == "CANCELLED" { continue }
            }
            guard var draft = draft(of: source, context: context) else { continue }
            if source.property("RECURRENCE-ID") != nil {
                draft.rrule = nil
                draft.except = []
                draft.also = []
            }
            joinExtra(of: component, from: extras, to: &draft, context: context)
            let own = readChanges(changes, of: &draft, context: context)
            // Exceptions and additions in order, each once.
            draft.except = Array(Set(draft.except)).sorted()
            draft.also = Array(Set(draft.also)).sorted()
            if let uid, let earlier = importedUIDs[uid] {
                // The same event in an earlier file or calendar: one event,
                // its latest version.
                let newer = Self.isNewer(source, than: earlier.component)
                report(
                    .importChanged, severity: .warning,
                    "the UID '\(uid)' is also the event at \(earlier.path):\(earlier.component.span.start.line): one event, and \(newer ? "this later version replaces it" : "that version, as late as this, is kept")",
                    path: context.path, span: source.span)
                guard newer else { continue }
                draft.id = drafts[earlier.index].id
                drafts[earlier.index] = draft
                importedUIDs[uid] = (source, earlier.index, context.path)
                continue
            }
            if let uid { importedUIDs[uid] = (source, drafts.count, context.path) }
            add(draft)
            for changed in own { add(changed) }
        }
        for next in carried { addCarried(next) }
        readOrphanChanges(changed.filter { !masterUIDs.contains($0.key) }, context: context)
    }

    /// The components remindc wrote as the `-extra` of a series in
    /// `masters` (a start the rule does not select, additions), by UID,
    /// and the rest.
    static func extrasApart(
        _ masters: [CalendarDocument.Component], masterUIDs: Set<String>
    ) -> (extras: [String: CalendarDocument.Component], rest: [CalendarDocument.Component]) {
        var extras: [String: CalendarDocument.Component] = [:]
        var rest: [CalendarDocument.Component] = []
        for component in masters {
            if let id = component.property("X-REMINDC-ID")?.text, let uid = component.uid, uid.hasPrefix(id + "-extra@"),
                masterUIDs.contains(id + uid.dropFirst(id.count + 6))
            {
                extras[uid] = component
            } else {
                rest.append(component)
            }
        }
        return (extras, rest)
    }

    /// The start and additions of the `-extra` component of remindc's
    /// series `component`, if there is one, joined to the series' `also`.
    mutating func joinExtra(
        of component: CalendarDocument.Component, from extras: [String: CalendarDocument.Component], to draft: inout Draft,
        context: Context
    ) {
        guard let id = component.property("X-REMINDC-ID")?.text, let uid = component.uid, uid.hasPrefix(id + "@"),
            let extra = extras[id + "-extra" + uid.dropFirst(id.count)]
        else { return }
        if let start = extra.property("DTSTART") ?? extra.property("DUE"),
            let value = placed(start, like: draft, context: context, what: "DTSTART")
        {
            draft.also.append(value)
        }
        for property in extra.all("RDATE") { draft.also += values(property, like: draft, context: context) }
    }

    /// The changed occurrences (RECURRENCE-ID) of the series `draft`, read
    /// into it and into the pieces they split it into, which are returned:
    /// changes of an occurrence and all after it first, in order, then
    /// those of one occurrence; each of the series piece it falls in,
    /// where the occurrence now is (RFC 5545 §3.8.4.4 names an occurrence
    /// by its time in the original series).
    mutating func readChanges(_ changes: [CalendarDocument.Component], of draft: inout Draft, context: Context) -> [Draft] {
        var own: [Draft] = []
        let fromOn = changes.filter(Self.changesAllAfter).sorted {
            (Self.recurrenceLocal($0, like: draft) ?? .init(date: .init(year: 1, month: 1, day: 1), time: .midnight))
                < (Self.recurrenceLocal($1, like: draft) ?? .init(date: .init(year: 1, month: 1, day: 1), time: .midnight))
        }
        for occurrence in fromOn + changes.filter({ !Self.changesAllAfter($0) }) {
            if let time = Self.recurrenceLocal(occurrence, like: draft),
                let piece = own.lastIndex(where: { $0.splitFrom.map { $0.cut <= time } ?? false })
            {
                own += readChanged(occurrence, of: &own[piece], context: context, shift: own[piece].splitFrom!.shift)
            } else {
                own += readChanged(occurrence, of: &draft, context: context)
            }
        }
        return own
    }

    /// Changed occurrences whose series is not in the file, by the
    /// series' UID: each a one-off.
    mutating func readOrphanChanges(_ changed: [String: [CalendarDocument.Component]], context: Context) {
        for (uid, components) in changed.sorted(by: { $0.key < $1.key }) {
            for component in components.sorted(by: { $0.span.start < $1.span.start }) {
                report(
                    .importChanged, severity: .info,
                    "an occurrence changed on its own (RECURRENCE-ID) of a series this file does not hold ('\(uid)'): written as a reminder of its own, once",
                    path: context.path, span: component.span)
                guard component.property("STATUS")?.value.uppercased() != "CANCELLED", var draft = draft(of: component, context: context)
                else { continue }
                draft.rrule = nil
                draft.except = []
                draft.also = []
                // Several occurrences of one series are several events: none
                // keeps the series' UID, which a calendar holds once.
                if components.count > 1 { draft.uid = nil }
                add(draft)
            }
        }
    }

    /// Adds `draft` with an id no other reminder has: `dentist`,
    /// `dentist-2`, ...
    mutating func add(_ draft: Draft) {
        var draft = draft
        if var suffix = takenIDs[draft.id] {
            while takenIDs["\(draft.id)-\(suffix)"] != nil { suffix += 1 }
            takenIDs[draft.id] = suffix + 1
            draft.id = "\(draft.id)-\(suffix)"
        }
        takenIDs[draft.id] = 2
        drafts.append(draft)
    }

    // MARK: One component

    mutating func draft(of component: CalendarDocument.Component, context: Context) -> Draft? {
        let path = context.path
        let isTodo = component.name == "VTODO"
        guard let startProperty = component.property("DTSTART") ?? (isTodo ? component.property("DUE") : nil) else {
            report(
                .importLost,
                "\(component.name.lowercased().dropFirst()) without DTSTART\(isTodo ? " or DUE" : ""): there is no time to remind at",
                hint: "add a DTSTART to the event, or a DUE to the to-do", path: path, span: component.span)
            return nil
        }
        if component.property("STATUS")?.value.uppercased() == "CANCELLED" {
            lose("cancelled", "cancelled events (STATUS:CANCELLED)", "left out: they do not happen", path: path, span: component.span)
            return nil
        }
        guard let time = CalendarTime.parse(startProperty.value, tzid: startProperty.parameter("TZID")) else {
            report(
                .icsSyntax, "\(startProperty.name) '\(startProperty.value)' is not a date or a date-time", path: path,
                span: startProperty.span)
            return nil
        }
        guard let (at, zone) = place(time, context: context, span: startProperty.span) else { return nil }
        let uid = component.uid
        var draft = Draft(path: path, span: component.span, uid: uid, id: "", title: "", at: at, isAllDay: time.isDate, zone: zone)
        draft.todo = isTodo
        draft.id = identifier(component, uid: uid)
        draft.endsAtOwnLast = component.property("X-REMINDC-ID").map { $0.text != draft.id } ?? false
        if component.property("X-REMINDC-ID") != nil, let uid, let at = uid.lastIndex(of: "@") {
            draft.remindcDomain = String(uid[uid.index(after: at)...])
        }
        let title = component.property("SUMMARY")?.text.trimmedSpaces ?? ""
        if title.isEmpty {
            noteOnce("untitled", .info, "an event without a SUMMARY is titled '(no title)'", path: path, span: component.span)
        }
        draft.title = title.isEmpty ? "(no title)" : title
        if let note = component.property("DESCRIPTION")?.text, !note.trimmedSpaces.isEmpty { draft.note = note }

        // The repeat.
        if let rule = component.property("RRULE") {
            draft.rrule = ruleText(rule, start: time, zone: zone, path: path)
        }
        if component.all("RRULE").count > 1 {
            lose("rrules", "events with more than one RRULE", "the first rule kept", path: path, span: component.all("RRULE")[1].span)
        }
        for property in component.all("EXRULE") {
            lose("EXRULE", "EXRULE (RFC 5545 deprecates it)", "the occurrences it removes still fire", path: path, span: property.span)
        }
        for property in component.all("EXDATE") { draft.except += values(property, like: draft, context: context) }
        for property in component.all("RDATE") { draft.also += values(property, like: draft, context: context) }

        // A one-off in a VTIMEZONE of its own: at the instant its offsets
        // give, on the clock of the nearest zone.
        if draft.rrule == nil, draft.also.isEmpty, case .zoned(let local, let tzid) = time,
            let rules = ownRules["\(path)\u{0}\(tzid)"] ?? nil, let zone = ZoneMapping.foundation(draft.zone)
        {
            var instant = WallClock.instant(of: local, in: ZoneMapping.utc).advanced(
                by: -rules.offset(WallClock.instant(of: local, in: ZoneMapping.utc)))
            instant = WallClock.instant(of: local, in: ZoneMapping.utc).advanced(by: -rules.offset(instant))
            draft.at = Self.written(WallClock.local(at: instant, in: zone))
        }
        // The length, which a reminder does not have.
        if !isTodo, let end = component.property("DTEND") ?? component.property("DURATION"), hasLength(end, start: time) {
            lose("length", "events that last a while (DTEND or DURATION)", "each fires at its start", path: path, span: end.span)
        }
        // remindc's all-day reminder in a zone of its own.
        if draft.isAllDay, let zone = component.property("X-REMINDC-TIMEZONE").flatMap({ ZoneMapping.iana(for: $0.text)?.zone }) {
            draft.zone = zone
        }
        readAlarms(component, into: &draft, start: time, context: context)
        readExtensions(component, into: &draft, context: context)
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

    /// The reminder's id: X-REMINDC-ID; else the UID's part before its
    /// last `@` when it reads as words; else the title's words
    /// (`slug(_:)`), `event` when it has none.
    mutating func identifier(_ component: CalendarDocument.Component, uid: String?) -> String {
        if let id = component.property("X-REMINDC-ID")?.text, Self.isValidID(id) {
            // A series remindc wrote as several (`<id>-0800@`, `-skip1@`):
            // the part of the UID before the domain.
            if let uid, let at = uid.lastIndex(of: "@"), uid[..<at] != id, uid.hasPrefix(id + "-"),
                Self.isValidID(String(uid[..<at]))
            {
                return String(uid[..<at])
            }
            return id
        }
        let local = uid.map { uid in uid.lastIndex(of: "@").map { String(uid[..<$0]) } ?? uid } ?? ""
        let fromUID = Self.slug(local, limit: 64)
        if !fromUID.isEmpty, !Self.isOpaque(fromUID) { return fromUID }
        let title = component.property("SUMMARY")?.text ?? ""
        let fromTitle = Self.slug(title, limit: 40).lowercased()
        return fromTitle.isEmpty ? "event" : fromTitle
    }

    /// `text` as an id: letters, digits, `.`, `_` and `-` kept, accents
    /// dropped (`Café` → `Cafe`), apostrophes too, every other run one `-`, at most `limit`
    /// characters cut at a word.
    static func slug(_ text: String, limit: Int) -> String {
        var id = ""
        let folded =
            text.utf8.allSatisfy { $0 < 0x80 } ? text : text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        for scalar in folded.unicodeScalars {
            let allowed =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "_" || scalar == "-"
            if allowed {
                id.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                // Grandma's: one word.
                continue
            } else if !id.isEmpty, !id.hasSuffix("-") {
                id += "-"
            }
        }
        while let first = id.first, first == "-" || first == "." || first == "_" { id.removeFirst() }
        if id.count > limit {
            let cut = id.prefix(limit)
            id = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut)
        }
        while let last = id.last, last == "-" || last == "." || last == "_" { id.removeLast() }
        return id
    }

    /// Whether an id made from a UID says nothing to a person: a UUID, a
    /// long run of letters and digits mixed (`3k2j4h5g6f7d8s9a0qwerty`,
    /// Outlook's `040000008200E000...`), Google's `_60q30c1g..._R20231009T130000`.
    static func isOpaque(_ id: String) -> Bool {
        // An id is ASCII: its words are runs of bytes.
        let words = id.utf8.split(whereSeparator: { $0 == 0x2D || $0 == 0x5F || $0 == 0x2E })
        return words.contains { word in
            let digits = word.filter { $0 >= 0x30 && $0 <= 0x39 }.count
            let hex = word.filter { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }.count
            return word.count >= 20 || (word.count >= 8 && digits > 0 && digits < word.count)
                || (word.count >= 8 && hex == word.count && digits < hex)
        }
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy { scalar in
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
            guard let zone = context.wallClockZone, let foundation = ZoneMapping.foundation(zone) else {
                return (Self.written(local), "UTC")
            }
            noteOnce(
                "x-wr-timezone \(zone)", .info,
                "times in UTC are read on the clock of \(zone), which X-WR-TIMEZONE names (as Google means it)",
                path: context.path, span: span)
            let instant = WallClock.instant(of: local, in: ZoneMapping.utc)
            return (Self.written(WallClock.local(at: instant, in: foundation)), zone)
        case .zoned(let local, let tzid):
            guard let zone = zone(of: tzid, year: local.date.year, context: context, span: span) else {
                // A name nothing knows, with no rules of its own (khal and
                // python icalendar read such a time as local too): on the
                // clock of `--timezone`, else X-WR-TIMEZONE's, else this
                // machine's, said once per name.
                let fallback = unknownZoneClock(context)
                noteOnce(
                    "unknown zone \(tzid) \(context.path)", .warning,
                    "the time zone '\(tzid)' is neither an IANA nor a Windows zone name, and no VTIMEZONE of the file gives its rules: its times are read on the clock of \(fallback)",
                    hint: "--timezone names the zone meant", path: context.path, span: span, rule: .unknownTimeZone)
                return (Self.written(local), fallback)
            }
            return (Self.written(local), zone)
        }
    }

    /// The clock a time in a zone nothing knows is read on: `--timezone`,
    /// else X-WR-TIMEZONE's, else this machine's.
    func unknownZoneClock(_ context: Context) -> String {
        options.timeZone ?? context.wallClockZone ?? options.localZone
    }

    /// A time of EXDATE or RDATE in the form of `draft`'s `at`.
    mutating func placed(_ property: CalendarDocument.Property, like draft: Draft, context: Context, what: String) -> String? {
        guard let time = CalendarTime.parse(property.value, tzid: property.parameter("TZID")) else {
            if what == "EXDATE" || what == "RDATE" {
                // One unreadable value costs that value, said.
                report(
                    .importLost, severity: .warning,
                    "\(what) '\(property.value)' is not a date or a date-time: left out ("
                        + (what == "EXDATE" ? "the occurrence it would remove fires)" : "it adds no occurrence)"), path: context.path,
                    span: property.span)
            } else {
                report(.icsSyntax, "\(what) '\(property.value)' is not a date or a date-time", path: context.path, span: property.span)
            }
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
            instant = WallClock.instant(of: local, in: ZoneMapping.utc)
        case .zoned(let local, let tzid):
            // A name nothing knows: on the clock `place` reads it on.
            let zone = zone(of: tzid, year: local.date.year, context: context, span: span) ?? unknownZoneClock(context)
            if zone == draft.zone || draft.zone == "floating" { return Self.written(local) }
            instant = WallClock.instant(of: local, in: ZoneMapping.foundation(zone) ?? ZoneMapping.utc)
        }
        guard let zone = ZoneMapping.foundation(draft.zone) else { return nil }
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

    /// The RRULE's text, with an UNTIL fitted to the start's form (RFC
    /// 5545 §3.3.10): a date for a date, a local time for a floating one,
    /// UTC for a zoned one (a local UNTIL read in the start's zone, as
    /// libical does). nil for an empty RRULE, and for one whose UNTIL
    /// comes before the start: the start is the one occurrence, said.
    mutating func ruleText(_ property: CalendarDocument.Property, start: CalendarTime, zone: String, path: String) -> String? {
        let value = property.value.trimmedSpaces
        guard !value.isEmpty else {
            noteOnce("empty rrule", .info, "an empty RRULE says no repeat: the event happens once", path: path, span: property.span)
            return nil
        }
        var parts = value.split(separator: ";").map(String.init)
        for index in parts.indices where parts[index].uppercased().hasPrefix("UNTIL=") {
            let text = String(parts[index].dropFirst(6)).trimmedSpaces
            guard let until = CalendarTime.parse(text, tzid: nil) else { continue }
            let written: String
            switch (start, until) {
            case (.date, .date(let date)):
                written = Self.stamp(date)
            case (.date, .utc(let local)), (.date, .floating(let local)):
                // A date's repeat ends on a date.
                written = Self.stamp(local.date)
            case (.floating, .utc(let local)):
                written = Self.stamp(local)
                noteOnce(
                    "floating until", .info,
                    "an UNTIL in UTC on a floating time is read on the floating clock (RFC 5545 asks for a local time)",
                    path: path, span: property.span)
            case (.floating, .floating(let local)):
                written = Self.stamp(local)
            case (.utc, .utc(let local)):
                written = Self.stamp(local) + "Z"
            case (.floating, .date(let date)):
                written = Self.stamp(LocalDateTime(date: date, time: CivilTime(hour: 23, minute: 59, second: 59)))
            case (.utc, .floating(let local)):
                written = Self.stamp(local) + "Z"
            case (.utc, .date(let date)), (.zoned, .date(let date)):
                // The whole day, on the start's clock.
                let local = LocalDateTime(date: date, time: CivilTime(hour: 23, minute: 59, second: 59))
                written = Self.stamp(WallClock.instant(of: local, in: Self.foundationZone(zone)).wallTime(offset: 0).local) + "Z"
            case (.zoned, .floating(let local)):
                written = Self.stamp(WallClock.instant(of: local, in: Self.foundationZone(zone)).wallTime(offset: 0).local) + "Z"
                noteOnce(
                    "local until", .info, "an UNTIL in local time on a start with a zone is read in that zone (RFC 5545 asks for UTC)",
                    path: path, span: property.span)
            case (.zoned, .utc(let local)):
                written = Self.stamp(local) + "Z"
            case (_, .zoned):
                continue
            }
            parts[index] = "UNTIL=" + written
            if Self.isBefore(until: written, start: start, zone: zone) {
                report(
                    .importChanged, severity: .warning,
                    "the RRULE's UNTIL comes before DTSTART: the start is the one occurrence (RFC 5545 §3.8.5.3 counts DTSTART as the first)",
                    path: path, span: property.span)
                return nil
            }
        }
        return parts.joined(separator: ";")
    }

    /// Whether `until`, as `ruleText` writes it, ends before `start`.
    static func isBefore(until: String, start: CalendarTime, zone: String) -> Bool {
        guard let end = CalendarTime.parse(until, tzid: nil) else { return false }
        switch (start, end) {
        case (.date(let first), .date(let last)): return last < first
        case (.floating(let first), .floating(let last)), (.utc(let first), .utc(let last)): return last < first
        case (.zoned(let first, _), .utc(let last)):
            return WallClock.instant(of: last, in: foundationZone("UTC")) < WallClock.instant(of: first, in: foundationZone(zone))
        default: return false
        }
    }

    static func foundationZone(_ name: String) -> TimeZone {
        ZoneMapping.foundation(name) ?? ZoneMapping.utc
    }

    /// `20261201`.
    static func stamp(_ date: CivilDate) -> String {
        String(stamp(LocalDateTime(date: date, time: .midnight)).prefix(8))
    }

    // MARK: Changed occurrences

    /// Reads an occurrence of `draft` changed on its own: an `except` of
    /// it, and the reminder it is now, unless cancelled.
    mutating func readChanged(_ component: CalendarDocument.Component, of draft: inout Draft, context: Context, shift: Int = 0) -> [Draft] {
        guard let id = component.property("RECURRENCE-ID") else { return [] }
        guard let time = CalendarTime.parse(id.value, tzid: id.parameter("TZID")),
            var original = convert(time, like: draft, context: context, span: id.span)
        else {
            report(.icsSyntax, "RECURRENCE-ID '\(id.value)' is not a date or a date-time", path: context.path, span: id.span)
            return []
        }
        // In a series an earlier change moved: where the occurrence is now.
        if shift != 0, let local = Self.local(original) {
            let moved = WallTime(local).advanced(by: shift).local
            original = original.count == 10 ? moved.date.description : Self.written(moved)
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
        noteOnce(
            "changed \(draft.id)", .info,
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
    mutating func split(
        _ draft: inout Draft, at original: String, by component: CalendarDocument.Component, context: Context,
        span: SourceSpan
    ) -> [Draft] {
        guard let rule = draft.rrule, let parsed = RecurrenceRule.parse(rule).rule, let first = Self.local(draft.at),
            let cut = Self.local(original)
        else {
            draft.except.append(original)
            return []
        }
        let placement: Schedule.Placement =
            draft.zone == "floating" || draft.zone == "UTC" || draft.isAllDay
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
            let restStart = Self.local(rest.at)
        else {
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
        // Where it begins in the original's times, and how far it moves them.
        let earlierShift = draft.splitFrom?.shift ?? 0
        rest.splitFrom = (WallTime(cut).advanced(by: -earlierShift).local, earlierShift + shift)
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
        noteOnce(
            "split \(draft.id)", .info,
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
            let zone = TimeZone(identifier: draft.zone) ?? ZoneMapping.utc
            until = stamp(WallClock.instant(of: cut, in: zone).advanced(by: -1).wallTime(offset: 0).local) + "Z"
        }
        return (parts + ["UNTIL=\(until)"]).joined(separator: ";")
    }

    /// `2026-12-01 09:00[:30]` or `2026-12-01` (its midnight), as the
    /// importer writes them.
    /// The wall-clock time a RECURRENCE-ID names, in the form of `draft`'s
    /// start, as `local` reads it.
    static func recurrenceLocal(_ component: CalendarDocument.Component, like draft: Draft) -> LocalDateTime? {
        guard let id = component.property("RECURRENCE-ID"), let time = CalendarTime.parse(id.value, tzid: id.parameter("TZID")) else {
            return nil
        }
        switch time {
        case .date(let date): return LocalDateTime(date: date, time: .midnight)
        case .floating(let local), .zoned(let local, _): return local
        case .utc(let local):
            guard draft.zone != "UTC", draft.zone != "floating", let zone = ZoneMapping.foundation(draft.zone) else { return local }
            return WallClock.local(at: WallClock.instant(of: local, in: ZoneMapping.utc), in: zone)
        }
    }

    /// Whether a change is of its occurrence and all after it.
    static func changesAllAfter(_ component: CalendarDocument.Component) -> Bool {
        component.property("RECURRENCE-ID")?.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
    }

    static func local(_ text: String) -> LocalDateTime? {
        switch ReminderTime.parse(text) {
        case .success(.local(let local)): local
        case .success(.date(let date)): LocalDateTime(date: date, time: .midnight)
        default: nil
        }
    }

    // MARK: Alarms
    // MARK: Alarms

    mutating func readAlarms(_ component: CalendarDocument.Component, into draft: inout Draft, start: CalendarTime, context: Context) {
        let path = context.path
        var leads: [Int] = []
        var nominalDays: [Int: Int] = [:]
        var alertTimes: [Int] = []
        for alarm in component.components where alarm.name == "VALARM" {
            let action = alarm.property("ACTION")?.value.uppercased() ?? ""
            guard action == "DISPLAY" || action == "AUDIO" else {
                lose(
                    "alarm \(action)", action.isEmpty ? "alarms without an ACTION" : "\(action) alarms", "not sent: remindc shows alerts",
                    path: path, span: alarm.span)
                continue
            }
            if alarm.property("REPEAT") != nil {
                lose(
                    "alarm repeat", "repeated alarms (REPEAT and DURATION)", "the first alert kept", path: path,
                    span: alarm.property("REPEAT")!.span)
            }
            guard let trigger = alarm.property("TRIGGER") else { continue }
            if action == "AUDIO" {
                if let attach = alarm.property("ATTACH"), attach.value.lowercased().hasPrefix("file:"),
                    let url = URL(string: attach.value), !url.path.isEmpty
                {
                    draft.sound =
                        draft.sound ?? trusted(
                            url.path, "sound files (AUDIO alarms' ATTACH:file:)", "the default sound plays",
                            context: context, span: attach.span) ?? "default"
                } else {
                    draft.sound = draft.sound ?? "default"
                }
            }
            if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
                lose(
                    "absolute alarm", "alarms at a fixed time (TRIGGER;VALUE=DATE-TIME)",
                    "left out: remindc counts alerts from each occurrence",
                    path: path, span: trigger.span)
                continue
            }
            guard let duration = CalendarDuration.parse(trigger.value) else {
                // One unreadable alarm costs that alarm, not the calendar.
                report(
                    .importLost, severity: .warning,
                    "TRIGGER '\(trigger.value)' is neither a duration nor a date-time: the alarm is left out",
                    path: path, span: trigger.span)
                continue
            }
            if trigger.parameter("RELATED")?.uppercased() == "END" && !(draft.todo && component.property("DTSTART") == nil) {
                lose(
                    "alarm end", "alarms counted from an event's end (RELATED=END)", "counted from its start", path: path,
                    span: trigger.span)
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
            noteOnce(
                "no alarm", .info, "an event without an alarm (VALARM) alerts at its start, as every reminder does", path: path,
                span: component.span)
        }
        var seen = Set<Int>()
        for lead in leads where seen.insert(lead).inserted {
            let duration = nominalDays[lead].map { NominalDuration(days: $0) } ?? NominalDuration(seconds: lead)
            draft.before.append(duration.description)
        }
        if draft.before == ["0s"] { draft.before = [] }
        if start.isDate, let first = alertTimes.first {
            if Set(alertTimes).count > 1 {
                lose(
                    "alert times", "all-day events alerting at several times of day", "all at the first's time", path: path,
                    span: component.span)
            }
            if first != 0 {
                let time = CivilTime(hour: first / 3600, minute: first % 3600 / 60, second: first % 60)
                draft.alertTime =
                    Self.written(LocalDateTime(date: CivilDate(year: 2000, month: 1, day: 1), time: time)).dropFirst(11).description
            }
        }
    }

    // MARK: remindc's own properties

    /// `value`, a command to run or a file to read, when the file is
    /// remindc's own and the import trusted; nil, and `what` it is said in
    /// one `import-untrusted` warning with `outcome`, otherwise.
    mutating func trusted(_ value: String, _ what: String, _ outcome: String, context: Context, span: SourceSpan) -> String? {
        if options.trust && context.writtenByRemindc { return value }
        let why = options.trust ? "remindc did not write this file (its PRODID)" : "the import is not trusted (--trust)"
        lose("untrusted \(what)", what, "left out, since \(why): \(outcome)", rule: .importUntrusted, path: context.path, span: span)
        return nil
    }

    mutating func readExtensions(_ component: CalendarDocument.Component, into draft: inout Draft, context: Context) {
        let path = context.path
        if let label = component.property("X-REMINDC-ACTION-LABEL")?.text { draft.action = label }
        if component.property("X-REMINDC-ACTION-HIDDEN")?.value.uppercased() == "TRUE" { draft.action = "none" }
        if let badge = component.property("X-REMINDC-BADGE").flatMap({ Int($0.value) }), badge >= 0 { draft.badge = badge }
        if let property = component.property("X-REMINDC-SOUND") {
            let sound = property.text
            if sound == "none" || sound == "default" {
                draft.sound = sound
            } else {
                draft.sound =
                    trusted(sound, "sound files (X-REMINDC-SOUND)", "the default sound plays", context: context, span: property.span)
                    ?? "default"
            }
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
                item.snooze = action.parameter("SNOOZE").flatMap(CalendarDuration.parse).map {
                    NominalDuration(days: $0.days, seconds: $0.seconds).description
                }
                if let run = component.all("X-REMINDC-CATEGORY-RUN").first(where: { $0.parameter("ID") == actionID }) {
                    item.run = trusted(
                        run.text, "commands an action runs (X-REMINDC-CATEGORY-RUN)", "the action does what it says, and runs nothing",
                        context: context, span: run.span)
                }
                category.actions.append(item)
            }
            // Ids of the category's actions alone: anything else is no id.
            let actionIDs = Set(category.actions.map(\.id))
            category.minimal =
                component.property("X-REMINDC-CATEGORY-MINIMAL").map { property in
                    property.text.split(separator: ",").map { $0.trimmedSpaces }.filter { actionIDs.contains($0) }
                } ?? []
            if let known = categories_[id], known != category {
                noteOnce(
                    "category \(id)", .warning, "the category '\(id)' is written differently by two events: the first is kept", path: path,
                    span: categories.span)
            } else if categories_[id] == nil {
                categories_[id] = category
                categoryOrder.append(id)
            }
            return
        }
        if let categories = component.property("CATEGORIES"), !categories.texts.allSatisfy({ $0.trimmedSpaces.isEmpty }) {
            lose("CATEGORIES", "calendar categories (CATEGORIES)", "kept in 'data' as 'categories'", path: path, span: categories.span)
            if !draft.data.contains(where: { $0.0 == "categories" }) {
                draft.data.append(("categories", categories.texts.joined(separator: ", ")))
            }
        }
    }

    // MARK: Reporting

    mutating func report(_ rule: SchemaRule, severity: Severity? = nil, _ text: String, hint: String? = nil, path: String, span: SourceSpan)
    {
        diagnostics.append(Diagnostic(Message(rule, severity: severity, text: text, hint: hint), file: path, span: span))
    }

    mutating func noteOnce(
        _ key: String, _ severity: Severity, _ text: String, hint: String? = nil, path: String, span: SourceSpan,
        rule: SchemaRule = .importChanged
    ) {
        guard noted.insert(key).inserted else { return }
        report(rule, severity: severity, text, hint: hint, path: path, span: span)
    }

    /// One more of a kind of thing a reminder cannot hold: `what` it is,
    /// and what became of it; said once per kind, with a count, under
    /// `rule` (`import-lost` unless said).
    mutating func lose(_ kind: String, _ what: String, _ outcome: String, rule: SchemaRule = .importLost, path: String, span: SourceSpan) {
        if let known = lost[kind] {
            lost[kind]!.count = known.count + 1
        } else {
            lost[kind] = (1, path, span, "\(what): \(outcome)", rule)
            lostOrder.append(kind)
        }
    }

    /// What the reader changed to go on, at its first line.
    mutating func report(_ repair: CalendarDocument.Repair, path: String) {
        let lines = repair.count == 1 ? "" : " (\(repair.count) lines in all)"
        switch repair.kind {
        case .invalidUTF8:
            report(
                .importChanged, severity: .warning, "bytes that are not UTF-8 are read as U+FFFD (\u{FFFD})\(lines)",
                hint: "RFC 5545 §3.1.4: an iCalendar file is UTF-8; convert it (iconv -f WINDOWS-1252 -t UTF-8) to keep the text",
                path: path,
                span: repair.span)
        case .forbiddenCharacter:
            report(
                .importChanged, severity: .warning,
                "a control character or a Unicode noncharacter (U+FFFE, ...), which neither iCalendar nor a reminder file holds, is read as U+FFFD\(lines)",
                path: path, span: repair.span)
        case .nestedTooDeep:
            report(
                .importLost, severity: .warning,
                "components nested deeper than \(CalendarDocument.deepestNesting) levels are left out (\(repair.count) in all)", path: path,
                span: repair.span)
        case .notContentLine:
            report(
                .importLost, severity: .warning,
                "a line that is not NAME;PARAMETERS:VALUE (a broken fold, a lost colon) is left out\(lines)",
                hint: "RFC 5545 §3.1: a line continues the one before only when it begins with a space or a tab", path: path,
                span: repair.span)
        case .outsideCalendar:
            report(
                .importChanged, severity: .info, "components outside BEGIN:VCALENDAR ... END:VCALENDAR are read as a calendar's\(lines)",
                path: path, span: repair.span)
        case .unclosed:
            report(
                .importChanged, severity: .warning,
                "the file ends inside a component, which is read as if closed there (a cut-off export?)",
                path: path, span: repair.span)
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

    /// The category as the file's `categories:` holds it.
    var value: YAMLValue {
        var pairs: [YAMLValue.Pair] = [
            .init(
                "actions",
                .sequence(
                    actions.map { action in
                        var pairs: [YAMLValue.Pair] = [.init("id", .plain(action.id)), .init("title", .text(action.title))]
                        if action.foreground { pairs.append(.init("activation", .plain("foreground"))) }
                        if action.authenticationRequired { pairs.append(.init("authentication-required", .plain("true"))) }
                        if action.destructive { pairs.append(.init("destructive", .plain("true"))) }
                        if let snooze = action.snooze { pairs.append(.init("snooze", .plain(snooze))) }
                        if action.stops { pairs.append(.init("stops", .plain("true"))) }
                        if let run = action.run { pairs.append(.init("run", .text(run))) }
                        return .mapping(pairs)
                    }))
        ]
        if !minimal.isEmpty { pairs.append(.init("minimal", .sequence(minimal.map { .plain($0) }))) }
        return .mapping(pairs)
    }
}
