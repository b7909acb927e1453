import Recurrence
/// One crontab entry: five fields, and a POSIX-sh guard that keeps only the
/// exact fire times, then the command.
///
/// The fields are sets (nil is `*`) so that they can be narrowed to the
/// hours, days and months that can match; cron numbers weekdays from 0,
/// Sunday. Cron matches a day when the day of the month *or* the weekday
/// matches if both are restricted, so an entry restricts at most one.
///
/// The guard reads the clock once (`CronShell.readClock`), computes what
/// its conditions need, and runs the command only when every condition
/// holds: `set -- $(date ...); m=...; [ ... ] && [ ... ] && { command; }`.
struct CronEntry: Equatable {
    var minutes: [Int]
    var hours: [Int]?
    var daysOfMonth: [Int]?
    var months: [Int]?
    var weekdays: [Int]?
    /// Shell assignments the conditions need, in order.
    var assignments: [String] = []
    /// Conditions, each a complete shell command that fails when the entry
    /// must not fire; all must hold.
    var conditions: [String] = []
    /// Conditions that start a process, tested last: only when the entry
    /// is about to fire.
    var passChecks: [String] = []
    /// The alert times (minutes of the day on the reminder's clock) the
    /// entry fires for, where it is one of several: narrowing reads only
    /// those alerts.
    var alertMinutesOfDay: Set<Int>?
    /// The instant of a one-off entry's alert.
    var oneOffInstant: Instant?
    /// The zone whose clock the guard reads: nil for the machine's.
    var clockZone: String?

    init(minutes: [Int], hours: [Int]?) {
        self.minutes = minutes
        self.hours = hours
    }

    /// Whether cron treats the line as a fixed time for daylight saving:
    /// neither the minute nor the hour field starts with `*`.
    var isFixedTime: Bool { !schedule.hasPrefix("*") && !schedule.split(separator: " ")[1].hasPrefix("*") }

    /// The five fields.
    var schedule: String {
        [
            CronShell.field(minutes, range: 0...59), CronShell.field(hours, range: 0...23), CronShell.field(daysOfMonth, range: 1...31),
            CronShell.field(months, range: 1...12), CronShell.field(weekdays, range: 0...6),
        ].joined(separator: " ")
    }

    /// Adds `assignment` unless the entry has it already.
    mutating func assign(_ assignment: String) {
        if !assignments.contains(assignment) { assignments.append(assignment) }
    }

    /// The whole line; `command` is a complete shell command (a brace group).
    func line(command: String) -> String {
        var parts: [String] = []
        let conditions = conditions + passChecks
        if !conditions.isEmpty {
            parts.append(CronShell.readClock(zone: clockZone))
            parts += assignments
        }
        let body = conditions.isEmpty ? command : (conditions + [command]).joined(separator: " && ")
        return schedule + " " + (parts + [body]).joined(separator: "; ")
    }

    /// Narrows the fields to the values in `narrowing` (nil leaves a field);
    /// false when nothing is left, so the entry can never fire.
    mutating func narrow(to narrowing: FieldSets) -> Bool {
        func meet(_ field: [Int]?, _ limit: Set<Int>?) -> [Int]? {
            guard let limit else { return field }
            return (field ?? Array(limit)).filter(limit.contains).sorted()
        }
        minutes = meet(minutes, narrowing.minutes) ?? minutes
        hours = meet(hours, narrowing.hours)
        months = meet(months, narrowing.months)
        if weekdays == nil { daysOfMonth = meet(daysOfMonth, narrowing.daysOfMonth) }
        return !minutes.isEmpty && hours?.isEmpty != true && months?.isEmpty != true && daysOfMonth?.isEmpty != true
    }
}

/// The values each field takes over a set of fire times, read on the
/// machine's clock: nil where all may.
struct FieldSets {
    var minutes: Set<Int>?
    var hours: Set<Int>?
    var daysOfMonth: Set<Int>?
    var months: Set<Int>?
}
