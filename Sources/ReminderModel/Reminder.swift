import Support
import Foundation
import Recurrence
import YAMLSyntax

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

    /// The two clocks an alert's lead is counted back on. They differ only
    /// across a daylight-saving change: in Europe/Berlin, an alert 12 hours
    /// before 09:00 on 2027-03-28 (the night the clocks skip 02:00-03:00)
    /// falls at 20:00 on the 27th on the calendar, 21:00 on the wall clock;
    /// a whole day before is 09:00 on the 27th on both.
    public enum AlertClock: Sendable {
        /// RFC 5545 §3.3.6: days of the calendar, hours, minutes and
        /// seconds exact. What an iCalendar alarm says, and `expand` lists.
        case calendar
        /// The whole lead (a day as 24 hours) taken off the occurrence's
        /// wall-clock time, read in the zone: what a crontab line and a
        /// systemd timer fire at, and `remindc due` lets through.
        case wallClock
    }

    /// Each alert's lead on the wall clock, in seconds (`alertLeads`, a day
    /// as 86,400 of them): what a crontab line's and a systemd timer's
    /// times are shifted by.
    public var wallClockLeads: [Int] { alertLeads.map(\.nominalSeconds) }

    /// The instant of each alert of `occurrence`, whose wall clock is read
    /// in `zone`, in the order of `before`, counted on `clock`.
    ///
    /// On the calendar (RFC 5545 §3.3.6), days are of the calendar (the
    /// same wall-clock time that many days earlier) and hours, minutes and
    /// seconds exact; an all-day reminder's `alert-time` is a time of day
    /// on its wall clock. Days are counted from the time the occurrence's
    /// clock shows (03:15 for a 02:15 that a change skipped), an
    /// `alert-time` from the day. On the wall clock, an alert with no lead
    /// is the occurrence itself.
    public func alertInstants(of occurrence: Occurrence, in zone: TimeZone, clock: AlertClock = .calendar) -> [Instant] {
        if clock == .wallClock {
            return wallClockLeads.map { lead in
                lead == 0 ? occurrence.instant : WallClock.instant(of: occurrence.wallClock.advanced(by: -lead), in: zone)
            }
        }
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
