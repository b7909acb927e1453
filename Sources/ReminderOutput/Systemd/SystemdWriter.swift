import Foundation
import Recurrence
import ReminderModel
import Support
import YAMLSyntax

/// systemd user units for reminders: per reminder a `.timer` whose
/// `OnCalendar=` elapses at every alert (on a superset of them where a
/// calendar event cannot say the rule), and a `.service` whose
/// `ExecCondition=` (`remindc due`) lets only the exact alerts through and
/// whose `ExecStart=` shows the alert (`remindc notify`). The units name
/// the file by its absolute path and the reminder by its id; no reminder
/// text is in them, so nothing in them needs escaping but the paths.
public struct SystemdWriter: Sendable {
    public struct Options: Sendable {
        /// The absolute path of the remindc the services run.
        public var remindc: String
        /// The folder relative file paths are read from.
        public var workingFolder: String
        /// The alerts offer the categories' minimal actions (`notify --minimal`).
        public var minimal: Bool

        public init(remindc: String, workingFolder: String, minimal: Bool = false) {
            self.remindc = remindc
            self.workingFolder = workingFolder
            self.minimal = minimal
        }
    }

    /// One unit file: its name (`remindc-example.org-water.timer`) and text.
    public struct Unit: Sendable, Equatable {
        public var name: String
        public var text: String
    }

    let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// The units of every reminder of `files`, timers and services in file
    /// and reminder order.
    public func units(_ files: [ReminderFile]) -> [Unit] {
        // Each zone's gaps, found once.
        var gaps: [String: Set<Gap>] = [:]
        return files.flatMap { file in
            let path = URL(fileURLWithPath: file.path, relativeTo: URL(fileURLWithPath: options.workingFolder, isDirectory: true))
                .standardizedFileURL.path
            return file.reminders.flatMap { reminder in
                if case .named(let name) = reminder.timeZone, gaps[name] == nil {
                    gaps[name] = TimeZone(identifier: name).map(Self.gaps) ?? []
                }
                return units(for: reminder, in: file, path: path, gaps: gaps)
            }
        }
    }

    /// The base name of a reminder's units: its UID as a unit name. systemd
    /// and the file system take names of at most 255 bytes, `.service`
    /// included; a longer one keeps its start and ends in 16 digits of its
    /// SHA-256, so it stays one reminder's (domains and ids are ASCII).
    public static func unitName(_ reminder: Reminder, in file: ReminderFile) -> String {
        let name = "remindc-\(file.uidDomain)-\(reminder.id)"
        return BoundedName.fit(name.map(String.init), limit: longestBaseName, digits: 16, key: name)
    }

    /// 255 bytes less `.service`.
    static let longestBaseName = 255 - ".service".utf8.count

    func units(for reminder: Reminder, in file: ReminderFile, path: String, gaps: [String: Set<Gap>]) -> [Unit] {
        let name = Self.unitName(reminder, in: file)
        // One timer for every alert of the reminder: the events of each, once.
        var calendars: [String] = []
        for alert in reminder.eachAlert {
            for event in Self.calendarEvents(alert, gaps: gaps) where !calendars.contains(event) { calendars.append(event) }
        }
        // Every alert lies before 1970: the reminder has none to come, and
        // a timer with no event is one systemd refuses.
        guard !calendars.isEmpty else { return [] }
        let timer = """
            # Written by remindc \(RemindcVersion.string); regenerate it rather than editing it.
            [Unit]
            Description=remindc alert '\(reminder.id)' of \(Self.escaped(path))

            [Timer]
            \(calendars.map { "OnCalendar=\($0)" }.joined(separator: "\n"))
            AccuracySec=100ms
            Persistent=false
            Unit=\(name).service

            [Install]
            WantedBy=timers.target

            """
        let arguments = [Self.quoted(path), "--id", reminder.id]
        let service = """
            # Written by remindc \(RemindcVersion.string); regenerate it rather than editing it.
            [Unit]
            Description=remindc alert '\(reminder.id)' of \(Self.escaped(path))

            [Service]
            Type=exec
            ExecCondition=\(Self.quoted(options.remindc)) due \(arguments.joined(separator: " "))
            ExecStart=\(Self.quoted(options.remindc)) notify \(arguments.joined(separator: " "))\(options.minimal ? " --minimal" : "")

            """
        return [Unit(name: name + ".timer", text: timer), Unit(name: name + ".service", text: service)]
    }

    // MARK: Calendar events

    /// The `OnCalendar=` values whose elapses include every alert of the
    /// reminder: exact for a one-off, the rule's times of day (and its
    /// weekdays, months and days of the month where `before` does not move
    /// the alert to another day) for a repeat; the guard does the rest.
    static func calendarEvents(_ reminder: Reminder, gaps zoneGaps: [String: Set<Gap>]) -> [String] {
        let (suffix, shift) = clock(of: reminder)
        let start = startTime(of: reminder)
        // The start is the first occurrence whether or not the rule selects
        // it (RFC 5545 §3.8.5.3): its alert gets an event of its own, as
        // each `also` does. One before 1970 can never elapse; one after
        // 2199 is refused before anything is written (`problems`).
        var events = exactAlerts(reminder).filter { calendarYears.contains($0.time.date.year) }
            .map { "\($0.time.date) \($0.time.time)\(suffix)" }
        guard let repeats = reminder.repeats else { return events }
        let rule = repeats.rule
        func list(_ values: [Int]) -> String { Set(values).sorted().map { zeroPadded($0) }.joined(separator: ",") }
        switch rule.frequency {
        case .secondly:
            events.append("*-*-* *:*:*\(suffix)")
        case .minutely:
            let seconds = (rule.bySecond.isEmpty ? [start.time.second] : rule.bySecond).map { ($0 - shift).floorModulo(60) }
            events.append("*-*-* *:*:\(list(seconds))\(suffix)")
        case .hourly:
            let minutes = rule.byMinute.isEmpty ? [start.time.minute] : rule.byMinute
            let seconds = rule.bySecond.isEmpty ? [start.time.second] : rule.bySecond
            let shifted = minutes.flatMap { minute in seconds.map { (minute * 60 + $0 - shift).floorModulo(3600) } }
            events.append("*-*-* *:\(list(shifted.map { $0 / 60 })):\(list(shifted.map { $0 % 60 }))\(suffix)")
        case .daily, .weekly, .monthly, .yearly:
            let hours = rule.byHour.isEmpty ? [start.time.hour] : rule.byHour
            let minutes = rule.byMinute.isEmpty ? [start.time.minute] : rule.byMinute
            let seconds = rule.bySecond.isEmpty ? [start.time.second] : rule.bySecond
            var times = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
            times += repeats.times.map { $0.hour * 3600 + $0.minute * 60 + $0.second }
            let shifted = times.map { ($0 - shift).floorModulo(secondsPerDay) }
            let clock = "\(list(shifted.map { $0 / 3600 })):\(list(shifted.map { $0 / 60 % 60 })):\(list(shifted.map { $0 % 60 }))"
            let dates = days(rule, start: start, movesDay: shift != 0)
            events.append("\(dates) \(clock)\(suffix)")
            // systemd skips a time of day a daylight-saving change skips;
            // the alert comes as late as the gap is long (RFC 5545 §3.3.5),
            // so that later time elapses too on such days.
            if case .named(let name) = reminder.timeZone, let gaps = zoneGaps[name] {
                let late = Set(shifted.flatMap { second in
                    gaps.filter { $0.start <= second && second < $0.start + $0.length }.map { (second + $0.length).floorModulo(secondsPerDay) }
                }).sorted()
                for second in late {
                    events.append("\(dates) \(zeroPadded(second / 3600)):\(zeroPadded(second / 60 % 60)):\(zeroPadded(second % 60))\(suffix)")
                }
            }
        }
        return events
    }

    /// The years a calendar event may name (systemd.time(7)): systemd
    /// refuses a whole `OnCalendar=` line that names another.
    static let calendarYears = 1970...2199

    /// The clock one alert of the reminder (the writer passes one at a
    /// time) is written in, as the suffix of its events, and how many
    /// seconds before the occurrence on that clock the alert falls: zoned
    /// reminders in their zone; fixed offsets in UTC; floating ones in the
    /// machine's clock, which is systemd's own.
    static func clock(of reminder: Reminder) -> (suffix: String, shift: Int) {
        let lead = reminder.wallClockLeads[0]
        switch reminder.timeZone {
        case .named(let name): return (" " + name, lead)
        case .utc: return (" UTC", lead)
        case .offset(let seconds): return (" UTC", lead + seconds)
        case .floating: return ("", lead)
        }
    }

    /// The start as a wall-clock reading; an all-day start at midnight.
    static func startTime(of reminder: Reminder) -> LocalDateTime {
        switch reminder.start {
        case .local(let local), .instant(let local, _): local
        case .date(let date): LocalDateTime(date: date, time: .midnight)
        }
    }

    /// When one alert of the reminder falls for its start and for each
    /// `also`, on the clock its events are written in, each with the span
    /// of the key it comes from.
    static func exactAlerts(_ reminder: Reminder) -> [(time: LocalDateTime, span: SourceSpan)] {
        let shift = clock(of: reminder).shift
        let start = startTime(of: reminder)
        func alert(_ local: LocalDateTime) -> LocalDateTime { WallTime(local).advanced(by: -shift).local }
        var alerts = [(alert(start), reminder.spans.start)]
        guard let repeats = reminder.repeats else { return alerts }
        for addition in repeats.also {
            switch addition {
            case .local(let local), .instant(let local, _): alerts.append((alert(local), repeats.span))
            case .date(let date): alerts.append((alert(LocalDateTime(date: date, time: start.time)), repeats.span))
            }
        }
        return alerts
    }

    /// What `remindc systemd` refuses in `file`: an alert after the last
    /// year a calendar event can name, once for each place.
    public static func problems(in file: ReminderFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for reminder in file.reminders {
            for alert in reminder.eachAlert {
                for exact in exactAlerts(alert) where exact.time.date.year > calendarYears.upperBound
                    && !found.contains(where: { $0.span == exact.span }) {
                    let message = Message.systemdYear(reminder.id, alert: "\(exact.time.date) \(exact.time.time)", last: calendarYears.upperBound)
                    found.append(Diagnostic(message, file: file.path, span: exact.span))
                }
            }
        }
        return found
    }

    /// The date part: the rule's weekdays, months and days of the month,
    /// when the alert is on the occurrence's own day and the calendar is
    /// the Gregorian; every day otherwise.
    static func days(_ rule: RecurrenceRule, start: LocalDateTime, movesDay: Bool) -> String {
        guard !movesDay, rule.calendar == nil || rule.calendar == "gregorian" else { return "*-*-*" }
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var weekdays = ""
        if !rule.byDay.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil }) {
            weekdays = Weekday.allCases.filter { day in rule.byDay.contains { $0.weekday == day } }
                .map { names[$0.days(after: .monday)] }.joined(separator: ",") + " "
        } else if rule.frequency == .weekly && rule.byDay.isEmpty {
            weekdays = names[start.date.weekday.days(after: .monday)] + " "
        }
        let noDayParts = rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty
        var months = "*"
        if !rule.byMonth.isEmpty, rule.byMonth.allSatisfy({ !$0.isLeap }) {
            months = Set(rule.byMonth.map(\.number)).sorted().map { zeroPadded($0) }.joined(separator: ",")
        } else if rule.frequency == .yearly && noDayParts {
            months = zeroPadded(start.date.month)
        }
        var monthDays = "*"
        if !rule.byMonthDay.isEmpty, rule.byMonthDay.allSatisfy({ $0 > 0 }) {
            monthDays = Set(rule.byMonthDay).sorted().map { zeroPadded($0) }.joined(separator: ",")
        } else if (rule.frequency == .monthly || rule.frequency == .yearly) && noDayParts {
            monthDays = zeroPadded(start.date.day)
        }
        return "\(weekdays)*-\(months)-\(monthDays)"
    }

    /// The spans of the day a zone's clocks skip from 2000 to 2100: the
    /// second of the day a gap starts at, and its length.
    static func gaps(of zone: TimeZone) -> Set<Gap> {
        Set(WallClock.changes(of: zone, from: Instant(secondsSince1970: 946_684_800), to: Instant(secondsSince1970: 4_102_444_800))
            .filter { $0.after > $0.before }
            .map { Gap(start: $0.readingBefore.secondOfDay, length: $0.after - $0.before) })
    }

    struct Gap: Hashable {
        var start: Int
        var length: Int
    }

    // MARK: Quoting

    /// A word of a command line as systemd reads it: double-quoted, with
    /// `\` and `"` escaped, and `%` and `$` doubled so that systemd expands
    /// neither specifiers nor variables.
    static func quoted(_ word: String) -> String {
        "\"" + escaped(word).replacingOccurrences(of: "$", with: "$$") + "\""
    }

    /// Text for a unit setting: `%` doubled, `\` and `"` escaped, line
    /// breaks and other C0 control characters as `\xNN`, C1 as `\uNNNN`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%%"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case _ where ControlCharacter.isASCII(scalar):
                result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            case _ where ControlCharacter.isC1(scalar):
                // \x80 would be one byte, not the character: systemd reads \u as a code point.
                result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
