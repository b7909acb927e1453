import Support
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
        fields.value.zonedSchedule ?? makeSchedule(in: ZoneCache.placedZone(for: timeZone, floatingZone: floatingZone))
    }

    /// `schedule(floatingZone:)` with the floating zone's table found, for
    /// making many.
    public func schedule(floatingZone: Schedule.PlacedZone) -> Schedule {
        if let schedule = fields.value.zonedSchedule { return schedule }
        if case .floating = timeZone { return makeSchedule(in: floatingZone) }
        return makeSchedule(in: ZoneCache.placedZone(for: timeZone, floatingZone: floatingZone.placement))
    }

    /// Makes the schedule of a reminder with a zone now, for every later
    /// `schedule(floatingZone:)`: the decoder does, while the reminder's
    /// fields are at hand, so that a checker of 100,000 reminders does not
    /// fetch each from memory again to place it. `zone` is the reminder's
    /// zone, placed. A floating reminder's schedule depends on the zone it
    /// is read in and is made when asked.
    mutating func placeSchedule(in zone: Schedule.PlacedZone) {
        if case .floating = timeZone { return }
        fields.value.zonedSchedule = makeSchedule(in: zone)
    }

    private func makeSchedule(in zone: Schedule.PlacedZone) -> Schedule {
        // The parts are read where they are stored: a copy of the whole
        // `Repeat` would retain and release every one of them.
        let rule = fields.value.repeats?.rule, times = fields.value.repeats?.times ?? []
        let exceptions = Self.placed(fields.value.repeats?.except ?? [], date: Schedule.Exception.date,
                                     wallClock: Schedule.Exception.wallClock, instant: Schedule.Exception.instant)
        let additions = Self.placed(fields.value.repeats?.also ?? [], date: Schedule.Addition.date,
                                    wallClock: Schedule.Addition.wallClock, instant: Schedule.Addition.instant)
        func schedule(_ start: LocalDateTime, allDay: Bool = false, _ zone: Schedule.PlacedZone) -> Schedule {
            Schedule(start: start, isAllDay: allDay, rule: rule, timesOfDay: times, exceptions: exceptions, additions: additions, in: zone)
        }
        switch start {
        case .local(let local):
            return schedule(local, zone)
        case .date(let date):
            return schedule(LocalDateTime(date: date, time: .midnight), allDay: true, zone)
        case .instant(let local, let offset):
            let instant = WallClock.naiveSeconds(local) - offset
            if case .floating = timeZone { return schedule(local, Schedule.PlacedZone(.fixed(offset))) }
            let shown = instant + zone.placement.offset(at: instant)
            return schedule(WallClock.localDateTime(naiveSeconds: shown), zone)
        }
    }

    /// `except:` or `also:` dates and times as the engine takes them: a
    /// fixed instant as seconds since 1970 UTC.
    private static func placed<T>(_ times: [ReminderTime], date: (CivilDate) -> T, wallClock: (LocalDateTime) -> T,
                                  instant: (Int) -> T) -> [T] {
        times.map { time in
            switch time {
            case .date(let day): date(day)
            case .local(let local): wallClock(local)
            case .instant(let local, let offset): instant(WallClock.naiveSeconds(local) - offset)
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
        guard let repeats, !repeats.rule.matchesEveryPeriod, !schedule().ruleCanMatch() else { return nil }
        return Diagnostic(.neverFires(repeats.isRawRule), file: path, span: spans.repeats ?? repeats.span)
    }
}

extension ReminderFile {
    /// Problems only the recurrence engine can see, which the writers
    /// refuse a file for: `never-fires`.
    public func scheduleDiagnostics() -> [Diagnostic] {
        // On every core for a large file: most rules hold an instance in
        // every period and need no schedule, but each reminder is looked at.
        Concurrently.map(reminders.count, chunk: 4_096) { [reminders, path] index -> Diagnostic? in
            reminders[index].neverFires(in: path) { reminders[index].schedule(floatingZone: ZoneCache.utc) }
        }.compactMap { $0 }
    }
}

extension NominalDuration {
    /// Reads SPEC §1's durations: `30s`, `5m`, `1h30m`, `2d`, `1w`, `PT5M`.
    public static func parse(_ text: String) -> NominalDuration? {
        try? Scalars.duration(text).get()
    }
}
