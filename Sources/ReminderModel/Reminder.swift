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
        /// The calendar UID it keeps (`uid:`, an imported event's), instead
        /// of `<id>@<uid-domain>`; nil for that.
        public var uid: String?
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
        public var before: [AlertLead] = []
        /// The days off a lead in working days (`before: 2 working days`)
        /// does not count: the reminder's own `weekend:` and `holidays:`,
        /// else the file's; nil without such a lead.
        public var alertDaysOff: DaysOff?
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
        init(
            id: String, title: String, start: ReminderTime, timeZone: ZoneName, data: [(key: String, value: String)],
            isTodo: Bool, ignoredRules: [String], spans: Spans
        ) {
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

    public init(
        id: String, title: String, start: ReminderTime, timeZone: ZoneName, data: [(key: String, value: String)] = [],
        isTodo: Bool = false, ignoredRules: [String] = [], spans: Spans
    ) {
        fields = CopyOnWrite(
            Parts(
                id: id, title: title, start: start, timeZone: timeZone, data: data, isTodo: isTodo,
                ignoredRules: ignoredRules, spans: spans))
    }

    /// A value, read in place (a reader looking at a reminder's repeat or
    /// data does not copy it, and count a reference to every part of it, to
    /// do so) and changed on this copy alone.
    @inlinable public subscript<Value>(dynamicMember part: WritableKeyPath<Parts, Value>) -> Value {
        _read { yield fields.value[keyPath: part] }
        _modify { yield &fields.value[keyPath: part] }
    }

    /// The leads as written, never empty: one alert at the occurrence
    /// when `before` lists none.
    public var writtenLeads: [AlertLead] { self.before.isEmpty ? [.none] : self.before }

    /// Whether an alert is counted in working days, so that how far it
    /// comes before its occurrence depends on the days off around it.
    public var hasWorkingDayLead: Bool { self.before.contains { $0.duration == nil } }

    /// Seconds after the start of its day an all-day reminder alerts
    /// (`alert-time`); 0 otherwise.
    public var alertTimeOfDay: Int { self.alertTime.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0 }

    /// How long before `occurrence` each alert fires on the calendar, in
    /// order, never empty: `before` (a lead in working days as the days
    /// back to that working day: 4 from a Monday for 2 working days), less
    /// `alertTime` for an all-day reminder (the day itself at 09:00 is 9
    /// hours *after* its start, `seconds` < 0).
    public func alertLeads(of occurrence: Occurrence) -> [NominalDuration] {
        let shift = alertTimeOfDay
        return writtenLeads.map { lead in
            switch lead {
            case .time(let duration):
                return NominalDuration(days: duration.days, seconds: duration.seconds - shift)
            case .workingDays(let count):
                let day = occurrence.wallClock.day
                return NominalDuration(days: alertDay(workingDays: count, before: day).distance(to: day), seconds: -shift)
            }
        }
    }

    /// The day `count` working days before `day`, in the days off of the
    /// reminder (Saturday and Sunday when it was made without them).
    private func alertDay(workingDays count: Int, before day: DayNumber) -> DayNumber {
        (self.alertDaysOff ?? DaysOff()).working(-count, from: day)
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

    /// Each alert's lead on the wall clock, in seconds, a day as 86,400 of
    /// them: what a crontab line's and a systemd timer's times are shifted
    /// by. A lead in working days is given as the most it can be (each
    /// working day past the longest run of days off), which is what
    /// looking for the alerts after a moment needs, and which is whole
    /// days, so that it shifts the time of day as the lead does;
    /// `alertWallClock(of:lead:)` gives each alert itself.
    public var wallClockLeads: [Int] {
        let shift = alertTimeOfDay
        return writtenLeads.map { lead in
            switch lead {
            case .time(let duration): duration.nominalSeconds - shift
            case .workingDays(let count): count * ((self.alertDaysOff?.longestRun ?? 2) + 1) * secondsPerDay - shift
            }
        }
    }

    /// The wall-clock time of the alert at `lead` before `occurrence`:
    /// the whole lead (a day as 24 hours) taken off its wall-clock time,
    /// or, in working days, the same time of day on that working day.
    public func alertWallClock(of occurrence: Occurrence, lead: AlertLead) -> WallTime {
        alertWallClock(at: occurrence.wallClock, lead: lead)
    }

    /// `alertWallClock(of:lead:)` of an occurrence at `wallClock`.
    public func alertWallClock(at wallClock: WallTime, lead: AlertLead) -> WallTime {
        let shift = alertTimeOfDay
        switch lead {
        case .time(let duration):
            return wallClock.advanced(by: shift - duration.nominalSeconds)
        case .workingDays(let count):
            let day = wallClock.day
            return wallClock.advanced(by: shift - alertDay(workingDays: count, before: day).distance(to: day) * secondsPerDay)
        }
    }

    /// The instant of each alert of `occurrence`, whose wall clock is read
    /// in `zone`, in the order of `before`, counted on `clock`.
    ///
    /// On the calendar (RFC 5545 §3.3.6), days are of the calendar (the
    /// same wall-clock time that many days earlier) and hours, minutes and
    /// seconds exact; an all-day reminder's `alert-time` is a time of day
    /// on its wall clock. Days are counted from the time the occurrence's
    /// clock shows (03:15 for a 02:15 that a change skipped), an
    /// `alert-time` from the day. On the wall clock, an alert with no lead
    /// is the occurrence itself. A lead in working days is whole days on
    /// either clock.
    public func alertInstants(of occurrence: Occurrence, in zone: TimeZone, clock: AlertClock = .calendar) -> [Instant] {
        if clock == .wallClock {
            return zip(writtenLeads, wallClockLeads).map { written, lead in
                written.duration != nil && lead == 0
                    ? occurrence.instant : WallClock.instant(of: alertWallClock(of: occurrence, lead: written), in: zone)
            }
        }
        let timeOfDay = self.alertTime.map { $0.hour * 3600 + $0.minute * 60 + $0.second }
        return writtenLeads.map { written in
            let days: Int, seconds: Int
            switch written {
            case .time(let duration):
                (days, seconds) = (duration.days, duration.seconds)
            case .workingDays(let count):
                let day = occurrence.wallClock.day
                (days, seconds) = (alertDay(workingDays: count, before: day).distance(to: day), 0)
            }
            let base: Instant
            if let timeOfDay {
                base = WallClock.instant(of: occurrence.wallClock.advanced(by: timeOfDay - days * secondsPerDay), in: zone)
            } else if days != 0 {
                base = WallClock.instant(of: occurrence.shown.advanced(by: -days * secondsPerDay), in: zone)
            } else {
                base = occurrence.instant
            }
            return base.advanced(by: -seconds)
        }
    }

    /// The reminder once per alert: each copy alerts once, at one of
    /// `before`, and keeps `alertTime`, so its `alertInstants` are
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
