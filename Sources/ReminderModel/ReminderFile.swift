import Support
import Foundation
import Recurrence
import YAMLSyntax

/// One reminder file, decoded and validated: SPEC §1.
public struct ReminderFile: Sendable {
    /// The path as the user gave it.
    public var path: String
    /// The format version; 1 is the only one.
    public var version: Int
    /// The calendar's name.
    public var name: String?
    /// UIDs are `<id>@<uidDomain>`; defaults to the file's name stem as a
    /// domain label (`FileDecoder.domainLabel`).
    public var uidDomain: String
    /// Where `uid-domain:` was written; nil when the default is used.
    public var uidDomainSpan: SourceSpan?

    /// The UID of the component with id `id` (a reminder's id, or one of
    /// the components a reminder is written as, `<id>-extra`): `id@uidDomain`.
    public func uid(_ id: String) -> String { Self.uid(id, domain: uidDomain) }

    /// `id@domain`: the one spelling of a UID.
    public static func uid(_ id: String, domain: String) -> String { "\(id)@\(domain)" }

    /// `reminder`'s UID, `<id>@<uidDomain>`: what a calendar, the desktop
    /// state and the checks across files know it by.
    public func uid(of reminder: Reminder) -> String { uid(reminder.id) }
    /// The default zone of every reminder.
    public var timeZone: ZoneName
    public var lint: LintSettings
    /// Categories in file order.
    public var categories: [Category]
    /// Reminders in file order.
    public var reminders: [Reminder]

    /// The file without the reminders at `indices`.
    public func leavingOut(_ indices: [Int]) -> ReminderFile {
        guard !indices.isEmpty else { return self }
        let left = Set(indices)
        var kept = self
        kept.reminders = reminders.indices.filter { !left.contains($0) }.map { reminders[$0] }
        return kept
    }

    /// The absolute path of a path written in this file (a sound's): read
    /// against the file's folder, which a relative `path` of the file's own
    /// is read against `workingFolder` (an absolute path) for; `.` and `..`
    /// resolved.
    public func absolutePath(_ written: String, workingFolder: String) -> String {
        if written.hasPrefix("/") { return URL(fileURLWithPath: written).standardizedFileURL.path }
        let filePath = self.path.hasPrefix("/") ? self.path : workingFolder + "/" + self.path
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        return folder.appendingPathComponent(written).standardizedFileURL.path
    }

    /// The category with `id`, if the file defines one.
    public func category(_ id: String) -> Category? {
        categories.first { $0.id == id }
    }
}

/// The checker's settings for a file (`lint:`).
public struct LintSettings: Hashable, Sendable {
    /// Report occurrences inside these hours.
    public var quietHours: ClockRange?
    /// Report reminders that fire closer together than this.
    public var minimumGap: NominalDuration?
    /// Report more alerts than this in any hour.
    public var maximumPerHour: Int?
    /// Rule ids switched off for the whole file.
    public var disabledRules: [String] = []
    /// Where each of `disabledRules` was written.
    public var disabledRuleSpans: [SourceSpan] = []
    /// The outputs the file is written to (`targets: [ics, crontab]`):
    /// `check` runs each one's own checks, as `check --for` does.
    public var targets: [OutputTarget] = []
    /// Where each of `targets` was written.
    public var targetSpans: [SourceSpan] = []
    /// Where `lint:` was written, for diagnostics about it.
    public var span: SourceSpan?

    public init() {}
}

/// An output remindc writes, whose own checks `check --for` runs.
public enum OutputTarget: String, CaseIterable, Hashable, Sendable {
    case ics
    case caldav
    case crontab
    case systemd

    /// The names, for messages: `ics, crontab`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A span of the day on a wall clock, such as `22:00-07:00`; it may wrap past midnight.
public struct ClockRange: Hashable, Sendable {
    public var start: CivilTime
    public var end: CivilTime

    /// True when `time` falls inside: from `start` inclusive to `end` exclusive,
    /// across midnight when `end` is not after `start`.
    public func contains(_ time: CivilTime) -> Bool {
        start < end ? (start <= time && time < end) : (time >= start || time < end)
    }
}

/// A category of user actions offered with an alert.
public struct Category: Sendable {
    public var id: String
    /// All actions, in file order (the default context).
    public var actions: [Action]
    /// The ids of the actions for the minimal context (banner, lock screen):
    /// at most two; by default the first two actions.
    public var minimal: [String]
    /// Where the category's id was written.
    public var span: SourceSpan
    /// Where its `actions:` and `minimal:` lists were written.
    public var actionsSpan: SourceSpan?
    public var minimalSpan: SourceSpan?
}

/// A button offered with an alert.
public struct Action: Sendable {
    public enum Activation: String, CaseIterable, Sendable {
        /// The action runs without bringing the app forward.
        case background
        /// The action opens the app.
        case foreground
    }

    public var id: String
    public var title: String
    public var activation: Activation = .background
    public var authenticationRequired = false
    public var destructive = false
    /// For a snooze action, how long after it is chosen the alert fires again.
    public var snooze: NominalDuration?
    /// Whether choosing it stops a repeating reminder: its later alerts stay
    /// silent until `remindc resume`.
    public var stops = false
    /// A command run when it is chosen, with the crontab template's
    /// placeholders (`{id}`, `{title}`, `{note}`, `{sound}`, `{category}`).
    public var run: String?
    /// Where `stops` and `run` were written.
    public var stopsSpan: SourceSpan?
    public var runSpan: SourceSpan?
    /// Where the action's id was written (its mapping, if the id is missing).
    public var span: SourceSpan
    /// Where `authentication-required` was written.
    public var authenticationSpan: SourceSpan?
}

/// One reminder: SPEC §1 `reminders:` items.
///
/// Its values live in one heap object shared by copies until one is changed
/// (copy on write): a file's reminders cost one reference each to pass
/// around, and the list of a large file grows by references, not by whole
/// values.
public struct Reminder: Sendable {
    /// The alert's action label (iOS `alertAction`).
    public enum ActionLabel: Hashable, Sendable {
        /// No action button (`action: none`).
        case hidden
        case label(String)
    }

    /// The alert's sound.
    public enum Sound: Hashable, Sendable {
        case `default`
        /// No sound (`sound: none`).
        case silent
        /// A file, as written: relative to the reminder file or absolute.
        case file(String)
    }

    /// Spans of the reminder's mapping and of the keys' values that later
    /// layers point at.
    public struct Spans: Sendable {
        public var reminder: SourceSpan
        public var id: SourceSpan
        public var start: SourceSpan
        public var repeats: SourceSpan?
        public var before: SourceSpan?
        public var sound: SourceSpan?
        public var category: SourceSpan?
    }

    /// The stored values, one heap object per reminder.
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var id: String
        @usableFromInline var title: String
        @usableFromInline var note: String?
        @usableFromInline var action: ActionLabel?
        @usableFromInline var start: ReminderTime
        @usableFromInline var timeZone: ZoneName
        @usableFromInline var repeats: Repeat?
        @usableFromInline var before: [NominalDuration] = []
        @usableFromInline var alertTime: CivilTime?
        @usableFromInline var sound: Sound?
        @usableFromInline var badge: Int?
        @usableFromInline var category: String?
        @usableFromInline var data: [(key: String, value: String)]
        @usableFromInline var isTodo: Bool
        @usableFromInline var ignoredRules: [String]
        @usableFromInline var ignoredRuleSpans: [SourceSpan] = []
        @usableFromInline var spans: Spans

        @usableFromInline
        init(id: String, title: String, start: ReminderTime, timeZone: ZoneName, data: [(key: String, value: String)],
             isTodo: Bool, ignoredRules: [String], spans: Spans) {
            self.id = id
            self.title = title
            self.start = start
            self.timeZone = timeZone
            self.data = data
            self.isTodo = isTodo
            self.ignoredRules = ignoredRules
            self.spans = spans
        }
    }

    @usableFromInline
    var fields: CopyOnWrite<Fields>
    // The properties below are read in place (`_read`): a reader looking at
    // a reminder's repeat or data does not copy it, and count a reference to
    // every part of it, to do so.

    public init(id: String, title: String, start: ReminderTime, timeZone: ZoneName, data: [(key: String, value: String)] = [],
                isTodo: Bool = false, ignoredRules: [String] = [], spans: Spans) {
        fields = CopyOnWrite(Fields(id: id, title: title, start: start, timeZone: timeZone, data: data, isTodo: isTodo,
                                    ignoredRules: ignoredRules, spans: spans))
    }

    @inlinable public var id: String {
        _read { yield fields.value.id }
        set { fields.value.id = newValue }
    }

    @inlinable public var title: String {
        _read { yield fields.value.title }
        set { fields.value.title = newValue }
    }

    @inlinable public var note: String? {
        _read { yield fields.value.note }
        set { fields.value.note = newValue }
    }

    @inlinable public var action: ActionLabel? {
        _read { yield fields.value.action }
        set { fields.value.action = newValue }
    }

    /// The first occurrence.
    @inlinable public var start: ReminderTime {
        _read { yield fields.value.start }
        set { fields.value.start = newValue }
    }

    /// The zone `start` and the repeats are read in: the reminder's own
    /// `timezone`, else the file's.
    @inlinable public var timeZone: ZoneName {
        _read { yield fields.value.timeZone }
        set { fields.value.timeZone = newValue }
    }

    @inlinable public var repeats: Repeat? {
        _read { yield fields.value.repeats }
        set { fields.value.repeats = newValue }
    }

    /// Alert this long before each occurrence, once per item as written;
    /// empty for one alert at the occurrence.
    @inlinable public var before: [NominalDuration] {
        _read { yield fields.value.before }
        set { fields.value.before = newValue }
    }

    /// The time of day an all-day reminder's alerts are counted from
    /// (`alert-time:`), instead of the day's start; nil for a reminder
    /// with a time, and by default.
    @inlinable public var alertTime: CivilTime? {
        _read { yield fields.value.alertTime }
        set { fields.value.alertTime = newValue }
    }

    /// How long before each occurrence each alert fires, in order, never
    /// empty: `before`, less `alertTime` for an all-day reminder (the
    /// day itself at 09:00 is 9 hours *after* its start, `seconds` < 0).
    public var alertLeads: [NominalDuration] {
        let shift = alertTime.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
        let written = before.isEmpty ? [NominalDuration()] : before
        return written.map { NominalDuration(days: $0.days, seconds: $0.seconds - shift) }
    }

    /// The instant of each alert of `occurrence`, whose wall clock is read
    /// in `zone`, in the order of `before`. As RFC 5545 §3.3.6 counts a
    /// duration, days are of the calendar (the same wall-clock time that
    /// many days earlier) and hours, minutes and seconds exact; an
    /// all-day reminder's `alert-time` is a time of day on its wall clock.
    /// Days are counted from the time the occurrence's clock shows (03:15
    /// for a 02:15 that a change skipped), an `alert-time` from the day.
    public func alertInstants(of occurrence: Occurrence, in zone: TimeZone) -> [Instant] {
        let timeOfDay = alertTime.map { $0.hour * 3600 + $0.minute * 60 + $0.second }
        return (before.isEmpty ? [NominalDuration()] : before).map { lead in
            let base: Instant
            if let timeOfDay {
                base = WallClock.instant(of: occurrence.wallClock.advanced(by: timeOfDay - lead.days * secondsPerDay), in: zone)
            } else if lead.days != 0 {
                base = WallClock.instant(of: occurrence.shown.advanced(by: -lead.days * secondsPerDay), in: zone)
            } else {
                base = occurrence.instant
            }
            return base.advanced(by: -lead.seconds)
        }
    }

    /// The reminder once per alert: each copy alerts once, at one of
    /// `alertLeads`, and keeps `alertTime`, so its `alertInstants` are
    /// the original's. Writers whose entries carry one alert each (a
    /// crontab line) write every copy.
    public var eachAlert: [Reminder] {
        guard before.count > 1 else { return [self] }
        return before.map { lead in
            var copy = self
            copy.before = [lead]
            return copy
        }
    }

    @inlinable public var sound: Sound? {
        _read { yield fields.value.sound }
        set { fields.value.sound = newValue }
    }

    @inlinable public var badge: Int? {
        _read { yield fields.value.badge }
        set { fields.value.badge = newValue }
    }

    @inlinable public var category: String? {
        _read { yield fields.value.category }
        set { fields.value.category = newValue }
    }

    /// Custom data, in file order, values as written.
    @inlinable public var data: [(key: String, value: String)] {
        _read { yield fields.value.data }
        set { fields.value.data = newValue }
    }

    /// A to-do due at `start` instead of an event.
    @inlinable public var isTodo: Bool {
        _read { yield fields.value.isTodo }
        set { fields.value.isTodo = newValue }
    }

    /// Checker rule ids switched off for this reminder.
    @inlinable public var ignoredRules: [String] {
        _read { yield fields.value.ignoredRules }
        set { fields.value.ignoredRules = newValue }
    }

    /// Where each of `ignoredRules` was written.
    @inlinable public var ignoredRuleSpans: [SourceSpan] {
        _read { yield fields.value.ignoredRuleSpans }
        set { fields.value.ignoredRuleSpans = newValue }
    }

    /// Where the reminder and its keys were written.
    @inlinable public var spans: Spans {
        _read { yield fields.value.spans }
        set { fields.value.spans = newValue }
    }
}

/// When something happens, as the user wrote it (SPEC §1 Times).
public enum ReminderTime: Hashable, Sendable, CustomStringConvertible {
    /// A wall-clock time, read in the reminder's zone (or floating).
    case local(LocalDateTime)
    /// A fixed instant: a wall-clock time with its offset from UTC in seconds
    /// east (`Z` is 0).
    case instant(LocalDateTime, utcOffset: Int)
    /// A whole day: the reminder is all-day.
    case date(CivilDate)

    public var description: String {
        switch self {
        case .local(let local): return local.description
        case .date(let date): return date.description
        case .instant(let local, let offset):
            return "\(local)\(offset == 0 ? "Z" : ZoneName.offsetText(offset))"
        }
    }

    /// The instant of a fixed instant (`Z` or an offset); nil for a
    /// wall-clock time or a date, whose instant a zone decides.
    public var fixedInstant: Instant? {
        guard case .instant(let local, let offset) = self else { return nil }
        return WallTime(local).instant(offset: offset)
    }

    /// The calendar date part.
    public var date: CivilDate {
        switch self {
        case .local(let local), .instant(let local, _): local.date
        case .date(let date): date
        }
    }
}


/// A time zone as a reminder names it.
public enum ZoneName: Hashable, Sendable, CustomStringConvertible {
    /// Wall-clock time wherever the user is.
    case floating
    /// `UTC`.
    case utc
    /// An IANA zone name known to this machine's time zone database.
    case named(String)
    /// A fixed offset from UTC, in seconds east, never 0 (that is `utc`):
    /// the offset a fixed instant is written with (`at: ...T09:00:00+05:00`)
    /// in a reminder that names no zone. It repeats at that offset, with no
    /// daylight-saving changes.
    case offset(Int)

    /// The zone of a fixed instant written with `offset`: `utc` for 0.
    public static func fixed(_ offset: Int) -> ZoneName {
        offset == 0 ? .utc : .offset(offset)
    }

    public var description: String {
        switch self {
        case .floating: "floating"
        case .utc: "UTC"
        case .named(let name): name
        case .offset(let seconds): ZoneName.offsetText(seconds)
        }
    }

    /// `+05:00`, `-03:30`: an offset as RFC 3339 writes it.
    public static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return "\(seconds < 0 ? "-" : "+")\(zeroPadded(minutes / 60)):\(zeroPadded(minutes % 60))"
    }
}

/// A length of time: whole days (nominal, as iCalendar's `P1D`, 23 or 25
/// hours across a daylight-saving change) and seconds (exact).
public struct NominalDuration: Hashable, Sendable, CustomStringConvertible {
    public var days: Int
    public var seconds: Int

    public init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    public var isZero: Bool { days == 0 && seconds == 0 }

    /// The length in seconds, counting a day as 86,400.
    public var nominalSeconds: Int { days * secondsPerDay + seconds }

    /// The same length with days and seconds of one sign, as iCalendar
    /// and ISO 8601 write a duration: `1d` less 18 hours is 6 hours.
    public var normalized: NominalDuration {
        guard (days > 0 && seconds < 0) || (days < 0 && seconds > 0) else { return self }
        return NominalDuration(days: 0, seconds: nominalSeconds)
    }

    /// Compact form: `1d2h30m`, `45s`, `0s`.
    public var description: String {
        if isZero { return "0s" }
        let same = normalized
        if same.days < 0 || same.seconds < 0 { return "-" + NominalDuration(days: -same.days, seconds: -same.seconds).description }
        if same != self { return same.description }
        var text = days == 0 ? "" : (days % 7 == 0 ? "\(days / 7)w" : "\(days)d")
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 { text += "\(rest)s" }
        return text
    }
}

/// How a reminder repeats: a recurrence rule plus SPEC §1's extras.
public struct Repeat: Sendable {
    public var rule: RecurrenceRule
    /// Times of day from `times:` that BYHOUR, BYMINUTE and BYSECOND cannot
    /// express exactly (08:00 and 20:30); each day the rule selects fires at
    /// every one of them. Empty when the rule's own parts say it all.
    public var times: [CivilTime]
    /// Dates or times to leave out (EXDATE).
    public var except: [ReminderTime]
    /// Extra occurrences (RDATE).
    public var also: [ReminderTime]
    /// True when the rule came from an `rrule:` string.
    public var isRawRule: Bool
    public var span: SourceSpan
    /// Where each of `except` was written.
    public var exceptSpans: [SourceSpan] = []
    /// Where the end was written: the map form's `until:` value, or the
    /// UNTIL part of an `rrule:`.
    public var untilSpan: SourceSpan?
    /// Where the positions were written: `position:`, or BYSETPOS.
    public var positionSpan: SourceSpan?
}
