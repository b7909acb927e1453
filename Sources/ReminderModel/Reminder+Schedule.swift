import Foundation
import Recurrence

extension Reminder {
    /// The reminder's times for the recurrence engine: its start, rule,
    /// times of day, exceptions and additions, placed in its zone.
    ///
    /// Floating reminders hang in `floatingZone` (the machine's zone, or
    /// `--zone`): an alarm clock at 07:00 rings at 07:00 wherever it is, and
    /// the zone only decides the instant used for ordering. A fixed instant
    /// (`2026-12-01T09:00:00+01:00`) starts at that instant in the
    /// reminder's zone; in a floating reminder, at its own offset.
    public func schedule(floatingZone: TimeZone) -> Schedule {
        schedule(in: ZoneCache.placedZone(for: self.timeZone, floatingZone: floatingZone))
    }

    /// `schedule(floatingZone:)` with the floating zone's table found, for
    /// making many.
    public func schedule(floatingZone: Schedule.PlacedZone) -> Schedule {
        if case .floating = self.timeZone { return schedule(in: floatingZone) }
        return schedule(in: ZoneCache.placedZone(for: self.timeZone, floatingZone: floatingZone.placement))
    }

    /// The schedule with the reminder's zone (or the floating zone) placed as `zone`.
    func schedule(in zone: Schedule.PlacedZone) -> Schedule {
        let rule = self.repeats?.rule, times = self.repeats?.times ?? []
        let exceptions = Self.placed(
            self.repeats?.except ?? [], date: Schedule.Exception.date,
            wallClock: Schedule.Exception.wallClock, instant: Schedule.Exception.instant)
        let additions = Self.placed(
            self.repeats?.also ?? [], date: Schedule.Addition.date,
            wallClock: Schedule.Addition.wallClock, instant: Schedule.Addition.instant)
        let dayOff = self.dayOff
        func schedule(_ start: LocalDateTime, allDay: Bool = false, _ zone: Schedule.PlacedZone) -> Schedule {
            var schedule = Schedule(
                start: start, isAllDay: allDay, rule: rule, timesOfDay: times, exceptions: exceptions,
                additions: additions, in: zone)
            schedule.dayOff = dayOff
            return schedule
        }
        switch self.start {
        case .local(let local):
            return schedule(local, zone)
        case .date(let date):
            return schedule(LocalDateTime(date: date, time: .midnight), allDay: true, zone)
        case .instant(let local, let offset):
            if case .floating = self.timeZone { return schedule(local, Schedule.PlacedZone(.fixed(offset))) }
            let instant = self.start.fixedInstant!
            return schedule(instant.wallTime(offset: zone.placement.offset(at: instant)).local, zone)
        }
    }

    /// `except:` or `also:` dates and times as the engine takes them.
    private static func placed<T>(
        _ times: [ReminderTime], date: (CivilDate) -> T, wallClock: (LocalDateTime) -> T,
        instant: (Instant) -> T
    ) -> [T] {
        times.map { time in
            switch time {
            case .date(let day): date(day)
            case .local(let local): wallClock(local)
            case .instant: instant(time.fixedInstant!)
            }
        }
    }
}

extension ReminderTime {
    /// Reads any form of SPEC §1 Times: `2026-12-01`, `2026-12-01 09:00`,
    /// `2026-12-01T09:00:30`, `2026-12-01T09:00:00Z`, `...+01:00`.
    public static func parse(_ text: String) -> Result<ReminderTime, Message> {
        Scalars.time(text)
    }
}

extension ZoneName {
    /// Reads `floating`, `UTC` or an IANA zone name this machine knows,
    /// with a suggestion for a near miss.
    public static func parse(_ text: String) -> Result<ZoneName, Message> {
        Scalars.zone(text)
    }

    /// The Foundation zone; UTC for `UTC` and `floating`.
    public var foundationZone: TimeZone { ZoneCache.timeZone(for: self) }
}

extension Reminder {
    /// `never-fires` at the reminder's `repeat:` when its rule matches no
    /// date at all (yearly on February 30), found in `schedule` (asked for
    /// only when the rule could be such a one); nil otherwise. The checker's
    /// rule of that id and every writer ask this.
    public func neverFires(in path: String, schedule: () -> Schedule) -> Diagnostic? {
        if let dayOff = self.dayOff, dayOff.move == .skip {
            // Every occurrence on a day off, and each skipped: the engine
            // gives none (after ten years of them).
            var occurrences = schedule().occurrences()
            if occurrences.next() == nil {
                return Diagnostic(.everyOccurrenceSkipped, file: path, span: self.spans.ifHoliday ?? self.spans.start)
            }
        }
        guard let repeats = self.repeats, !repeats.rule.matchesEveryPeriod, !schedule().ruleCanMatch() else { return nil }
        return Diagnostic(.neverFires(repeats.isRawRule), file: path, span: self.spans.repeats ?? repeats.span)
    }
}

extension NominalDuration {
    /// Reads SPEC §1's durations: `30s`, `5m`, `1h30m`, `2d`, `1w`, `PT5M`;
    /// the failure says why (not a duration, or longer than the span).
    public static func parse(_ text: String) -> Result<NominalDuration, Message> {
        Scalars.duration(text)
    }
}
