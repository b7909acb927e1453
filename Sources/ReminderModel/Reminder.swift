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
@dynamicMemberLookup
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
        public var ifHoliday: SourceSpan?
    }

    /// A reminder's values, read and changed on the reminder itself
    /// (`reminder.title`).
    public struct Parts: Sendable {
        public var id: String
        public var title: String
        public var note: String?
        public var action: ActionLabel?
        /// The first occurrence.
        public var start: ReminderTime
        /// The zone `start` and the repeats are read in: the reminder's own
        /// `timezone`, else the file's.
        public var timeZone: ZoneName
        public var repeats: Repeat?
        /// Alert this long before each occurrence, once per item as written;
        /// empty for one alert at the occurrence.
        public var before: [NominalDuration] = []
        /// The time of day an all-day reminder's alerts are counted from
        /// (`alert-time:`), instead of the day's start; nil for a reminder
        /// with a time, and by default.
        public var alertTime: CivilTime?
        /// How long after its time an alert missed while the machine slept
        /// or was off is still shown (`grace:`); nil takes the file's.
        public var grace: NominalDuration?
        /// What an occurrence on a day off does (`if-holiday:`); nil: it fires.
        public var ifHoliday: DayOffMove?
        /// The reminder's own `weekend:` and `holidays:`, instead of the file's.
        public var weekend: Set<Weekday>?
        public var holidays: [DayNumber: String]?
        /// The built-in region `holidays:` names, if any.
        public var holidayRegion: HolidayRegion?
        /// The days off its schedule moves occurrences off (`if-holiday:`)
        /// or counts working days in (`working-day:`), resolved against the
        /// file's; nil when it asks for neither.
        public var dayOff: Schedule.DayOffRule?
        public var sound: Sound?
        public var badge: Int?
        public var category: String?
        /// Custom data, in file order, values as written.
        public var data: [(key: String, value: String)]
        /// A to-do due at `start` instead of an event.
        public var isTodo: Bool
        /// Checker rule ids switched off for this reminder.
        public var ignoredRules: [String]
        /// Where each of `ignoredRules` was written.
        public var ignoredRuleSpans: [SourceSpan] = []
        /// Where the reminder and its keys were written.
        public var spans: Spans

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

    /// The values, one heap object shared by copies until one changes.
    @usableFromInline
    var fields: CopyOnWrite<Parts>

    public init(id: String, title: String, start: ReminderTime, timeZone: ZoneName, data: [(key: String, value: String)] = [],
                isTodo: Bool = false, ignoredRules: [String] = [], spans: Spans) {
        fields = CopyOnWrite(Parts(id: id, title: title, start: start, timeZone: timeZone, data: data, isTodo: isTodo,
                                    ignoredRules: ignoredRules, spans: spans))
    }

    /// A value, read in place (a reader looking at a reminder's repeat or
    /// data does not copy it, and count a reference to every part of it, to
    /// do so) and changed on this copy alone.
    @inlinable public subscript<Value>(dynamicMember part: WritableKeyPath<Parts, Value>) -> Value {
        _read { yield fields.value[keyPath: part] }
        _modify { yield &fields.value[keyPath: part] }
    }

    /// How long before each occurrence each alert fires, in order, never
    /// empty: `before`, less `alertTime` for an all-day reminder (the
    /// day itself at 09:00 is 9 hours *after* its start, `seconds` < 0).
    public var alertLeads: [NominalDuration] {
        let shift = self.alertTime.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
        let written = self.before.isEmpty ? [NominalDuration()] : self.before
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
        let timeOfDay = self.alertTime.map { $0.hour * 3600 + $0.minute * 60 + $0.second }
        return (self.before.isEmpty ? [NominalDuration()] : self.before).map { lead in
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
        guard self.before.count > 1 else { return [self] }
        return self.before.map { lead in
            var copy = self
            copy.before = [lead]
            return copy
        }
    }

}
