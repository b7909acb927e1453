import Recurrence
import YAMLSyntax

/// The diagnostics catalogue: every message remindc's front end reports, with
/// its stable id. Tests and docs name the ids; the wording may improve.
extension Message {
    // MARK: Reading YAML

    public static func yamlSyntax(_ problem: String, hint: String? = nil) -> Message {
        Message(.yamlSyntax, text: "YAML syntax error: \(problem)", hint: hint)
    }

    public static func invalidUTF8(byte: UInt8) -> Message {
        Message(
            .invalidUTF8, text: "the file is not valid UTF-8 (byte 0x\(hex(byte)))",
            hint: "save the file as UTF-8")
    }

    public static func controlCharacter(_ value: UInt32) -> Message {
        Message(
            .controlCharacter, text: "character U+\(hex(value, width: 4)) is not allowed in a YAML file",
            hint: "remove it; in a double-quoted string write it as an escape such as \\t or \\x07")
    }

    public static func tooDeep(limit: Int) -> Message {
        Message(
            .tooDeep, text: "lists and mappings nest more than \(limit) levels deep here",
            hint: "a reminder file needs a handful of levels; flatten the structure")
    }

    public static func aliasLimit(limit: Int) -> Message {
        Message(
            .aliasLimit, text: "aliases would expand to more than \(limit) nodes; the file is rejected unexpanded",
            hint: "use fewer or less deeply nested aliases")
    }

    public static func undefinedAlias(_ name: String) -> Message {
        Message(
            .undefinedAlias, text: "alias '*\(name)' names no anchor defined before it",
            hint: "define '&\(name)' on a complete node earlier in the file")
    }

    public static func duplicateKey(_ key: String) -> Message {
        Message(.duplicateKey, text: "duplicate key '\(key)'", hint: "remove one of the two, or rename it")
    }

    public static let invalidMerge = Message(
        .invalidMerge, text: "a '<<' merge key needs a mapping or a list of mappings",
        hint: "write '<<: *anchor' with an anchor on a mapping")

    public static let multipleDocuments = Message(
        .multipleDocuments, text: "a reminder file holds one YAML document, and a second one starts here",
        hint: "remove the '---' line or move the second document to its own file")

    public static let emptyFile = Message(
        .emptyFile, text: "the file is empty",
        hint: "a reminder file is a mapping with a 'reminders:' list")

    // MARK: Shape

    public static func unknownKey(_ key: String, in context: String, suggestion: String?, known: [String]) -> Message {
        Message(
            .unknownKey, text: "unknown key '\(key)' in \(context)",
            hint: suggestion.map { "did you mean '\($0)'?" } ?? "known keys: \(known.joined(separator: ", "))")
    }

    public static func keyUnderEmptyParent(_ key: String, parent: String, in context: String) -> Message {
        Message(
            .unknownKey, text: "'\(key)' is not a key of \(context), but of '\(parent)', which is empty above it",
            hint: "indent '\(key)' (and the keys beside it) under '\(parent)'")
    }

    /// `until:` (or another key of the repeat's map) beside `repeat:`
    /// instead of in it; `repeatText` is the repeat word written (empty for
    /// a map, nil for no repeat at all).
    public static func repeatKeyOutside(_ key: String, value: String, repeatText: String?) -> Message {
        switch repeatText {
        case nil:
            Message(
                .unknownKey, text: "'\(key)' is a key of 'repeat', and this reminder does not repeat",
                hint: "write it in a repeat: repeat: {every: week, \(key): \(value)} (with the period meant)")
        case ""?:
            Message(
                .unknownKey, text: "'\(key)' is a key of 'repeat', not of a reminder",
                hint: "indent '\(key): \(value)' under 'repeat:', beside its 'every:'")
        case let word?:
            Message(
                .unknownKey, text: "'\(key)' is a key of 'repeat', not of a reminder",
                hint: "write repeat: {every: \(word), \(key): \(value)}")
        }
    }

    /// `reminders:` with each reminder under a name, as a mapping.
    public static func remindersAsMapping(firstName: String) -> Message {
        Message(
            .wrongType, text: "'reminders' must be a list, not a mapping of names to reminders",
            hint: "begin each reminder with '- ', its name as its id: '- id: \(firstName)', and its keys indented under it")
    }

    public static func missingKey(_ key: String, in context: String) -> Message {
        Message(.missingKey, text: "\(context) needs the key '\(key)'")
    }

    public static func wrongType(_ key: String, expected: String, found: String) -> Message {
        Message(.wrongType, text: "'\(key)' must be \(expected), not \(found)")
    }

    /// `todo: yes`: a YAML 1.1 boolean word where remindc takes true or false.
    public static func yamlBooleanWord(_ key: String, _ word: String, meaning: Bool) -> Message {
        Message(
            .wrongType, text: "'\(key)' must be true or false, not '\(word)'",
            hint:
                "write \(meaning): YAML 1.1 tools read '\(word)' as a boolean and YAML 1.2 tools as text, so no file says it one way to all"
        )
    }

    public static func unsupportedVersion(_ text: String) -> Message {
        Message(
            .unsupportedVersion, text: "format version '\(text)' is not supported",
            hint: "write 'remindc: 1', the only version")
    }

    public static func invalidIdentifier(_ text: String, what: String) -> Message {
        Message(
            .invalidID, text: "'\(text)' is not a valid \(what)",
            hint: "use letters, digits, '.', '_' and '-', starting with a letter or digit")
    }

    public static func duplicateIdentifier(_ text: String, what: String) -> Message {
        Message(.duplicateID, text: "\(what) '\(text)' is defined twice", hint: "give each \(what) its own id")
    }

    /// A reminder whose UID a reminder of another file has.
    public static func duplicateUID(_ uid: String) -> Message {
        Message(
            .duplicateUID, text: "the UID '\(uid)' is also another file's",
            hint: "give one of the files its own 'uid-domain:', or the reminder another id")
    }

    /// A UID one of a reminder's components has (`<id>-extra`, `<id>-0800`,
    /// `<id>-skip1`) that another reminder of the file has too.
    public static func componentUIDTaken(_ uid: String, reminder: String, other: String) -> Message {
        Message(
            .duplicateUID, text: "'\(reminder)' and '\(other)' are both written with the UID '\(uid)'",
            hint:
                "give one of them another id: a calendar holds one event per UID, and a reminder's extra times are written as '<id>-extra', its times of day as '<id>-0800'"
        )
    }

    /// A name in `lint.targets` or `check --for` that is no output of remindc's.
    public static func unknownTarget(_ name: String) -> Message {
        let suggestion = closest(to: name, in: OutputTarget.allCases.map(\.rawValue))
        return Message(
            .invalidValue, text: "'\(name)' is not an output remindc writes",
            hint: (suggestion.map { "did you mean '\($0)'? " } ?? "") + "the outputs are \(OutputTarget.names)")
    }

    public static func invalidValue(_ key: String, _ text: String, expected: String) -> Message {
        Message(.invalidValue, text: "'\(text)' is not a valid '\(key)'", hint: "expected \(expected)")
    }

    // MARK: Times, durations, zones

    /// Why a time did not read.
    public enum TimeReason: Sendable {
        case form(expected: String)
        case year(Int)
        case month(Int)
        case day(CivilDate)
        case hour(Int)
        case minute(Int)
        case second(Int)
        case offset
        case noDate
    }

    /// `12/01/2026`: dates are year first, and this one could be read two ways.
    public static func slashDate(_ text: String, readings: [String]) -> Message {
        Message(
            .invalidTime, text: "'\(text)' is not a date remindc reads: dates are written year-month-day",
            hint: readings.count == 1 ? "write \(readings[0])" : "write \(readings.joined(separator: " or ")), whichever is meant")
    }

    public static func invalidTime(_ text: String, _ reason: TimeReason) -> Message {
        let example = "2026-12-01 09:00, 2026-12-01T09:00:00Z or 2026-12-01"
        switch reason {
        case .form(let expected):
            return Message(.invalidTime, text: "'\(text)' is not \(expected)", hint: "write a time such as \(example)")
        case .year(let year):
            return Message(
                .invalidTime, text: "'\(text)' is in the year \(year), outside the years remindc works in",
                hint: "years run from \(SupportedSpan.firstYear) to \(SupportedSpan.lastYear)")
        case .month(let month):
            return Message(.invalidTime, text: "'\(text)' has no month \(month)", hint: "months run from 01 to 12")
        case .day(let date):
            let length = CivilDate.daysIn(month: date.month, year: date.year)
            return Message(.invalidTime, text: "'\(text)' is not a date: \(monthNames[date.month - 1]) \(date.year) has \(length) days")
        case .hour(let hour):
            return Message(.invalidTime, text: "'\(text)' has no hour \(hour)", hint: "hours run from 00 to 23")
        case .minute(let minute):
            return Message(.invalidTime, text: "'\(text)' has no minute \(minute)", hint: "minutes run from 00 to 59")
        case .second(let second):
            return Message(.invalidTime, text: "'\(text)' has no second \(second)", hint: "seconds run from 00 to 59")
        case .offset:
            return Message(
                .invalidTime, text: "'\(text)' has an invalid UTC offset", hint: "write Z or an offset such as +01:00 (at most 18 hours)")
        case .noDate:
            return Message(
                .invalidTime, text: "'\(text)' is a time of day without a date",
                hint: "add the date of the first occurrence, as in 2026-12-01 \(text)")
        }
    }

    /// `8am` or `2026-12-10 8pm`: times are written on the 24-hour clock.
    public static func twelveHourTime(_ text: String, replacement: String, hasDate: Bool) -> Message {
        Message(
            .invalidTime,
            text: hasDate
                ? "'\(text)' has a 12-hour time: times are written on the 24-hour clock"
                : "'\(text)' is a 12-hour time of day without a date",
            hint: hasDate ? "write \(replacement)" : "write the date of the first occurrence and the 24-hour time, as in \(replacement)")
    }

    /// `2026-12-10 09:00 Europe/Paris`: the zone is a key of its own.
    public static func zoneInTime(_ text: String, time: String, zone: String) -> Message {
        Message(
            .invalidTime, text: "'\(text)' has a zone after the time: the zone goes in 'timezone:'",
            hint: "write \(time) here, and timezone: \(zone) in the reminder (or the file, for all of them)")
    }

    public static func durationTooLong(_ text: String) -> Message {
        Message(
            .invalidDuration,
            text: "'\(text)' is longer than the \(SupportedSpan.lastYear + 1 - SupportedSpan.firstYear) years remindc works in",
            hint: "a duration runs up to \(SupportedSpan.seconds / secondsPerDay / 7)w")
    }

    /// A `before:` item that is neither a duration nor working days.
    public static func invalidLead(_ text: String) -> Message {
        Message(
            .invalidDuration, text: "'\(text)' is not a duration or a number of working days",
            hint: "write 30s, 5m, 1h30m, 2d or 1w, ISO 8601 such as PT5M, words: 15 minutes, or 2 working days")
    }

    public static func invalidDuration(_ text: String) -> Message {
        Message(
            .invalidDuration, text: "'\(text)' is not a duration",
            hint: "write 30s, 5m, 1h30m, 2d or 1w, ISO 8601 such as PT5M, or words: 15 minutes")
    }

    public static let alertTimeNeedsAllDay = Message(
        .invalidValue, text: "'alert-time' is for an all-day reminder, whose 'at' is a date",
        hint: "a reminder with a time alerts at it, less 'before'; remove 'alert-time', or make 'at' a date")

    public static func repeatedAlert(_ lead: String) -> Message {
        Message(.invalidValue, text: "'before' lists \(lead) twice", hint: "each item of 'before' is one alert: remove the second")
    }

    public static func durationNotPositive(_ key: String) -> Message {
        Message(.invalidDuration, text: "'\(key)' must be longer than zero")
    }

    public static func unknownTimeZone(_ name: String, suggestion: String?) -> Message {
        Message(
            .unknownTimeZone, text: "unknown time zone '\(name)'",
            hint: suggestion.map { "did you mean '\($0)'?" } ?? "use an IANA name such as Europe/Berlin, or UTC, or floating")
    }

    public static func legacyTimeZone(_ name: String, place: String) -> Message {
        Message(
            .unknownTimeZone, text: "'\(name)' is a legacy zone name, not a place: it follows old rules that may not be the clock you mean",
            hint: "write the IANA name of the place, such as '\(place)'")
    }

    public static func invalidClockRange(_ text: String) -> Message {
        Message(.invalidValue, text: "'\(text)' is not a span of the day", hint: "write it as \"22:00-07:00\"")
    }

    // MARK: Repeats

    public static func invalidRepeat(_ text: String) -> Message {
        Message(
            .invalidRepeat, text: "'\(text)' is not a repeat",
            hint: "write minutely, hourly, daily, weekdays, weekly, monthly, quarterly, yearly, or 'every 5 minutes'")
    }

    /// `twice a day`; with `first`, the reminder's own time, the times
    /// listed start from it (pills at 08:00: 08:00 and 20:00).
    public static func repeatTimesPerDay(_ text: String, count: Int, first: CivilTime? = nil) -> Message {
        let shift = first.map { ($0.hour - 9) * 60 + $0.minute } ?? 0
        let examples = [9 * 60, 21 * 60, 13 * 60, 17 * 60, 7 * 60].prefix(count).map { ($0 + shift + 24 * 60) % (24 * 60) }.sorted()
            .map { "\"" + String(format: "%02d:%02d", $0 / 60, $0 % 60) + "\"" }
        return Message(
            .invalidRepeat, text: "'\(text)' is not a repeat word: times of day go in a map",
            hint: "list them: repeat: {every: day, times: [\(examples.joined(separator: ", "))]}")
    }

    public static func ambiguousRepeat(_ text: String, every unit: String) -> Message {
        Message(
            .invalidRepeat, text: "'\(text)' means every two \(unit)s to some and twice a \(unit) to others",
            hint: "write 'every 2 \(unit)s', or the days it falls on ('on:' or 'days:') for twice a \(unit)")
    }

    /// `every 1.5 hours`: an interval is a whole number of its unit.
    public static func fractionalRepeat(_ text: String, replacement: String) -> Message {
        Message(
            .invalidRepeat, text: "'\(text)' is not a repeat: an interval is a whole number of its unit",
            hint: "write repeat: \(replacement)")
    }

    /// `FREQ=WEEKLY;BYDAY=TU` where a repeat word goes.
    public static func repeatRuleText(_ text: String, rule: String) -> Message {
        Message(
            .invalidRepeat, text: "'\(text)' is an RRULE, which goes in the repeat's 'rrule:'",
            hint: "write repeat: {rrule: \"\(rule)\"}")
    }

    /// `every 2nd tuesday`, `first monday of the month`: a weekday of each month.
    public static func ordinalWeekdayRepeat(_ text: String, ordinal: Int, day: String) -> Message {
        let written = ordinal == -1 ? "last \(day)" : "\(ordinal)\(ordinalSuffix(ordinal)) \(day)"
        let monthly = "repeat: {every: month, on: [\(written)]}"
        // `every 2nd tuesday` is also said of every other Tuesday.
        let hint =
            ordinal == 2
            ? "write \(monthly) for the second of each month, or repeat: every other \(day) for every other week" : "write \(monthly)"
        return Message(.invalidRepeat, text: "'\(text)' is not a repeat word: a weekday of each month goes in a map", hint: hint)
    }

    public static func zeroInterval(_ text: String) -> Message {
        Message(.invalidRepeat, text: "'\(text)' never advances: the interval must be at least 1")
    }

    public static func invalidWeekday(_ text: String, allowOrdinal: Bool) -> Message {
        Message(
            .invalidRepeat, text: "'\(text)' is not a weekday",
            hint: allowOrdinal
                ? "write mon ... sun, optionally with an ordinal: 1st mon, last fri, -2 fri" : "write mon, tue, wed, thu, fri, sat or sun")
    }

    /// `st`, `nd`, `rd` or `th`, as English writes the ordinal of `n`.
    static func ordinalSuffix(_ n: Int) -> String {
        let n = abs(n)
        if (11...13).contains(n % 100) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// `on: monday, wednesday`: several weekdays as one text.
    public static func weekdaysWithoutBrackets(_ text: String, days: [String]) -> Message {
        Message(
            .invalidRepeat, text: "'\(text)' is several weekdays written as one: a list needs its brackets",
            hint: "write [\(days.joined(separator: ", "))]")
    }

    /// `{every: week, on: monday, wednesday}`: `wednesday` read as a key.
    public static func weekdayAsKey(_ day: String, days: [String]) -> Message {
        Message(
            .invalidRepeat, text: "'\(day)' is a weekday of 'on', read as a key because the list has no brackets",
            hint: "write on: [\(days.joined(separator: ", "))]")
    }

    /// `on: last weekday`: a weekday (Monday to Friday) is five days to choose from.
    public static func weekdayIsFiveDays(_ text: String, position: Int?) -> Message {
        let days = "on: [mon, tue, wed, thu, fri]"
        guard let position else {
            return Message(.invalidRepeat, text: "'\(text)' is not one weekday but five", hint: "write \(days), or repeat: weekdays")
        }
        return Message(
            .invalidRepeat, text: "'\(text)' is not a weekday: it picks one of five",
            hint: "write \(days) with position: [\(position)], or working-day: \(position) (that also skips holidays) in place of 'on:'")
    }

    public static func invalidMonth(_ text: String) -> Message {
        Message(.invalidRepeat, text: "'\(text)' is not a month", hint: "write jan ... dec or 1 ... 12")
    }

    public static func rawRuleExcludes(_ key: String) -> Message {
        Message(
            .invalidRepeat, text: "'rrule' cannot be combined with '\(key)'",
            hint: "write the rule in the RRULE string alone; only 'except' and 'also' may join it")
    }

    public static let countAndUntil = Message(.invalidRepeat, text: "'count' and 'until' cannot both be given", hint: "keep one of them")

    /// `every: weekdays` or `every: other tuesday` with `on:` beside it.
    public static func daysWithOn(_ every: String) -> Message {
        Message(
            .invalidRepeat, text: "'every: \(every)' already chooses the days, so 'on' cannot be given too",
            hint: "write 'every:' as a period (week, 2 weeks) with the days in 'on'")
    }

    public static let floatingInstant = Message(
        .invalidTime, text: "a fixed instant cannot float: 'at' has an offset, and the reminder says 'timezone: floating'",
        hint:
            "write 'at' as a wall-clock time such as 2026-12-01 09:00, or leave out 'timezone: floating' to repeat at the instant's offset")

    public static let untilInstantForFloating = Message(
        .invalidRepeat, text: "a floating reminder's 'until' cannot be a fixed instant",
        hint: "write a wall-clock time such as 2027-03-01 09:00, or a date")

    /// Why remindc's outputs cannot carry a reminder exactly.
    public enum Unrepresentable: Sendable {
        /// A time with a fraction of a second.
        case fraction(String)
    }

    public static func notRepresentable(_ reason: Unrepresentable) -> Message {
        switch reason {
        case .fraction(let time):
            Message(
                .notRepresentable, text: "'\(time)' has a fraction of a second, which neither iCalendar nor cron can carry",
                hint: "round the time to a whole second")
        }
    }

    public static func cronInexact(_ id: String, _ reason: String, allowed: Bool) -> Message {
        Message(
            .cronInexact, severity: allowed ? .warning : .error,
            text: "cron cannot fire '\(id)' exactly: \(reason)",
            hint: allowed ? "marked '# inexact:' in the crontab" : "use 'remindc ics', or --allow-inexact to accept an inexact entry")
    }

    public static func cronBusyboxLines(_ count: Int, limit: Int) -> Message {
        Message(
            .cronBusyboxLines,
            text: "the crontab has \(count) entries, and busybox crond reads only the first \(limit) of a user's crontab",
            hint: "Debian's cron and cronie read them all; for busybox, split the reminders into several files")
    }

    public static func cronTooManyLines(_ count: Int, limit: Int) -> Message {
        Message(
            .cronTooLong,
            text: "the crontab would have \(count) lines, and Debian's crontab refuses more than \(limit)",
            hint: "split the reminders, or use 'remindc ics' for the ones that repeat often")
    }

    public static func horizonCut(at end: String, alerts: Int, busiest: String, busiestAlerts: Int) -> Message {
        Message(
            .horizonCut,
            text: "the rules over alerts looked only before \(end): the reminders alert \(grouped(alerts)) times by then, "
                + "'\(busiest)' alone \(grouped(busiestAlerts)) of them",
            hint: "check a shorter --horizon to look at every alert, or repeat '\(busiest)' less often")
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// A rule `remindc ics` keeps with RSCALE (another calendar, or a
    /// Gregorian SKIP no plain rules say).
    public static func rscaleKept(_ id: String, calendar: String) -> Message {
        let gregorian = calendar.lowercased() == "gregorian"
        return Message(
            .readerSupport,
            text:
                "'\(id)' is written with RSCALE (\(calendar)), which Radicale and SabreDAV (Nextcloud, Baïkal) refuse, khal and recurring-ical-events fail on, and calcurse and `ical` read as Gregorian",
            hint: gregorian
                ? "split it into reminders without 'skip', or write 'remindc ics --expand'"
                : "'remindc ics --expand' writes each occurrence instead")
    }

    /// A rule whose INTERVAL libical cannot hold, with more instances than
    /// are written as dates.
    public static func intervalPastLibical(_ id: String, interval: Int, largest: Int, asDates: Int) -> Message {
        Message(
            .readerSupport,
            text:
                "libical (Evolution and several CalDAV servers) holds an INTERVAL up to \(largest) and reads the \(interval) of '\(id)' otherwise",
            hint: "a 'count' or 'until' of at most \(asDates) occurrences is written as dates; or use a coarser unit")
    }

    /// A reminder days off move that outlives what the .ics writes of it.
    public static func holidaysThrough(_ id: String, through: String, movesOff: Bool = true) -> Message {
        Message(
            .readerSupport,
            text: movesOff
                ? "the .ics moves '\(id)' off its days off through \(through) (X-REMINDC-HOLIDAYS-THROUGH); after that its repeat fires on them too"
                : "the .ics counts working days for the alerts of '\(id)' through \(through) (X-REMINDC-HOLIDAYS-THROUGH); after that each comes as many days before as most did",
            hint: "write or publish it again before then (each year's run writes the two years after), or use 'remindc ics --expand'")
    }

    /// A finite series with more instances than SabreDAV holds.
    public static func seriesTooLong(_ id: String, instances: Int) -> Message {
        Message(
            .serverLimit,
            text:
                "'\(id)' has \(instances > 10_000 ? "more than 10,000" : String(instances)) instances, and SabreDAV (Nextcloud, Baïkal) refuses a series of more than 3,500",
            hint: "end it sooner with 'until' or 'count', or import 'remindc ics --expand' instead")
    }

    /// A finite series with more instances than Radicale holds.
    public static func radicaleCount(_ id: String) -> Message {
        Message(
            .serverLimit, text: "'\(id)' has more than 10,000 instances, and Radicale refuses a series of more",
            hint: "end it sooner with 'until' or 'count', or import 'remindc ics --expand' instead")
    }

    /// Radicale's estimate of a series, by its UNTIL and FREQ.
    public static func radicaleEstimate(_ id: String, estimate: Int) -> Message {
        Message(
            .serverLimit,
            text:
                "Radicale refuses '\(id)': it takes UNTIL less DTSTART over the rule's unit as its instances, \(estimate), past its limit of 10,000",
            hint: "end it sooner, or give it a 'count' instead of 'until'")
    }

    /// A rule counted in minutes or seconds, which sabre/vobject does not
    /// expand (it gives DTSTART again and again).
    public static func sabreSubHourly(_ id: String, ends: Bool) -> Message {
        Message(
            .serverLimit,
            text:
                "SabreDAV (Nextcloud, Baïkal) does not expand a repeat counted in minutes or seconds: it gives the first time of '\(id)' over and over, and "
                + (ends
                    ? "refuses a series with an 'until' or more than 3,500 occurrences"
                    : "fails every time-range query over a series without an end"),
            hint: "repeat it hourly or slower, or import 'remindc ics --expand' instead")
    }

    /// A weekday counted past the fifth, which sabre/vobject refuses.
    public static func sabreRefusesWeekday(_ id: String, byDay: String) -> Message {
        Message(
            .serverLimit,
            text:
                "SabreDAV (Nextcloud, Baïkal) refuses '\(id)': its rule has BYDAY=\(byDay), and it takes a weekday counted only up to the 5th",
            hint: "count it within a month ('months: [may], on: [3rd mon]'), or import 'remindc ics --expand' instead")
    }

    /// A rule part sabre/vobject leaves out of its expansion.
    public static func sabreIgnoresPart(_ id: String, part: String, frequency: String) -> Message {
        Message(
            .serverLimit,
            text:
                "SabreDAV (Nextcloud, Baïkal) leaves \(part) out of a \(frequency) rule, so its server-side alarms and searches list other occurrences of '\(id)' than remindc",
            hint: "the phones' own calendars read the rule whole; for the server, import 'remindc ics --expand' instead")
    }

    /// An endless series whose 3,500th instance comes within a year.
    public static func endlessPastSabre(_ id: String, date: String) -> Message {
        Message(
            .serverLimit,
            text:
                "SabreDAV (Nextcloud, Baïkal) expands 3,500 instances of a series: '\(id)' reaches them on \(date), and a time-range query past that date fails",
            hint: "give it an 'until', and start a new one from there")
    }

    public static func systemdYear(_ id: String, alert: String, last: Int) -> Message {
        Message(
            .systemdYear,
            text: "systemd cannot schedule the alert of '\(id)' at \(alert): its calendar events end with the year \(last)",
            hint: "move it before \(last + 1), or publish it to a calendar with 'remindc ics'")
    }

    public static func cronDaylightSaving(_ id: String, _ notes: [String]) -> Message {
        Message(
            .cronDst,
            text:
                "cron and remindc expand differ for '\(id)' on \(notes.count == 1 ? "one date" : "\(notes.count) dates") around daylight-saving changes: \(notes[0])",
            hint: "the dates are listed as '# dst:' comments under the entry")
    }

    public static func unknownRule(_ id: String, suggestion: String?) -> Message {
        Message(
            .unknownRule, text: "no checker rule is called '\(id)'",
            hint: suggestion.map { "did you mean '\($0)'?" } ?? "'remindc rules' lists them")
    }

    public static func exceptionForm(_ key: String, allDay: Bool) -> Message {
        allDay
            ? Message(
                .invalidRepeat, text: "an all-day reminder's '\(key)' takes dates, not times",
                hint: "write a date such as 2026-12-25")
            : Message(
                .invalidRepeat, text: "a floating reminder's '\(key)' cannot be a fixed instant",
                hint: "write a wall-clock time such as 2026-12-24 18:00, or a date")
    }

    public static let everyOccurrenceSkipped = Message(
        id: "never-fires",
        text: "every occurrence falls on a day off (a weekend day or a holiday), and 'if-holiday: skip' leaves each out",
        hint: "move them instead (if-holiday: before, after or nearest), or change the repeat or the weekend")

    public static func neverFires(_ isRawRule: Bool) -> Message {
        Message(
            id: "never-fires", text: "this repeat never happens: no date matches all of its parts",
            hint: isRawRule
                ? "check BYMONTHDAY against BYMONTH (February has no 30th) and BYDAY against BYSETPOS"
                : "check 'days' against 'months' (February has no 30th) and 'on' against 'position'")
    }

    public static let allDayRepeatsDaily = Message(
        .invalidRepeat, text: "an all-day reminder cannot repeat more often than daily or at times of day",
        hint: "give 'at' a time of day, such as 2026-12-01 09:00")

    public static func unknownHolidayRegion(_ code: String, suggestion: String?) -> Message {
        Message(
            .invalidValue, text: "remindc's table has no holidays for '\(code)'",
            hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
                + "a region is a country (GB) or a subdivision (GB-ENG) as ISO 3166 names them; 'remindc holidays --list' lists them")
    }

    public static func holidayCalendar(_ path: String, problem: String) -> Message {
        Message(
            .invalidValue, text: "cannot read the holiday calendar '\(path)': \(problem)",
            hint: "give an .ics file of all-day events, relative to this file")
    }

    public static func workingDayNeedsPeriod(_ frequency: String) -> Message {
        Message(
            .invalidRepeat, text: "'working-day' counts the working days of a month or a year, not of a \(frequency) repeat",
            hint: "use 'every: month' or 'every: year' (or every 3 months); for working days only, add 'if-holiday: skip'")
    }

    public static func workingDayExcludes(_ key: String) -> Message {
        Message(
            .invalidRepeat, text: "'working-day' picks the day itself and cannot be combined with '\(key)'",
            hint: "keep 'every', 'working-day', 'count' or 'until', 'except' and 'also'")
    }

    public static func timesNeedDays(_ frequency: String) -> Message {
        Message(
            .invalidRepeat, text: "'times' needs a repeat of a day or longer, not \(frequency)",
            hint: "use 'every: day' (or longer) with several times of day")
    }

    public static func ruleProblem(_ problem: RuleProblem, inRRule: Bool) -> Message {
        let id = inRRule ? "invalid-rrule" : "invalid-repeat"
        func part(_ part: RecurrenceRule.Part) -> String { inRRule ? part.rawValue : friendlyName(part) }
        switch problem {
        case .outOfRange(let p, let value, let allowed):
            return Message(
                id: id, text: "\(part(p)) value \(value) is out of range",
                hint: "allowed: \(allowed.lowerBound) to \(allowed.upperBound)\(allowed.lowerBound < 0 ? ", except 0" : "")")
        case .zero(let p):
            return Message(id: id, text: "\(part(p)) must not be 0")
        case .partNotAllowed(let p, let frequency):
            return Message(
                id: id, text: "\(part(p)) cannot be used with FREQ=\(frequency.rawValue)",
                hint: "RFC 5545 §3.3.10 does not define it for this frequency")
        case .ordinalNotAllowed(let frequency, let withWeekNumber):
            // In the map form, as the map writes them: `'2nd mon'`, weekly.
            let example = inRRule ? "-1FR" : "'2nd mon'"
            let period = inRRule ? "FREQ=\(frequency.rawValue)" : frequency.rawValue.lowercased()
            return Message(
                id: id,
                text: withWeekNumber
                    ? "\(part(.byDay)) ordinals such as \(example) cannot be combined with \(part(.byWeekNumber))"
                    : "\(part(.byDay)) ordinals such as \(example) need a monthly or yearly repeat, not \(period)",
                hint: "drop the ordinal, or repeat monthly or yearly")
        case .setPositionAlone:
            return Message(
                id: id, text: "\(part(.bySetPosition)) needs another rule part to choose from",
                hint: inRRule ? "add BYDAY, BYMONTHDAY or another BY part" : "add 'on', 'days', 'months' or 'times'")
        case .skipWithoutCalendar:
            return Message(
                id: id, text: "\(part(.skip)) needs \(part(.calendar))",
                hint: inRRule
                    ? "add RSCALE=GREGORIAN (or the calendar meant) before SKIP"
                    : "add calendar: gregorian (or the calendar meant) beside it")
        case .leapMonthWithoutCalendar:
            return Message(
                id: id, text: "leap months and month 13 need \(part(.calendar))",
                hint: "name a calendar with leap months, such as hebrew or chinese")
        case .unknownCalendar(let name, let suggestion):
            return Message(
                id: id, text: "unknown calendar '\(name)'",
                hint: suggestion.map { "did you mean '\($0)'?" } ?? "known: " + RecurrenceRule.calendarNames.joined(separator: ", "))
        }
    }

    /// `every N unit` past the longest interval the rule may have
    /// (`largest`, in the rule's own unit), with N as written; quarters,
    /// three months each to the rule, are named.
    public static func intervalOutOfRange(_ written: Substring, unit: Substring, largest: Int) -> Message {
        let inQuarters = ["quarter", "quarters"].contains(unit.lowercased())
        return inQuarters
            ? Message(
                id: "invalid-repeat", text: "'every' value \(written) quarters is out of range",
                hint: "allowed: 1 to \(largest / 3) quarters")
            : Message(id: "invalid-repeat", text: "'every' value \(written) is out of range", hint: "allowed: 1 to \(largest)")
    }

    public static func ruleSyntax(_ error: RuleSyntaxError) -> Message {
        switch error.kind {
        case .malformedPart(let text):
            return Message(.invalidRRule, text: "'\(text)' is not a rule part", hint: "write NAME=VALUE parts separated by ';'")
        case .unknownPart(let name, let suggestion):
            return Message(.invalidRRule, text: "unknown rule part '\(name)'", hint: suggestion.map { "did you mean '\($0)'?" })
        case .duplicatePart(let part):
            return Message(.invalidRRule, text: "\(part.rawValue) appears twice")
        case .missingValue(let part):
            return Message(.invalidRRule, text: "\(part.rawValue) has no value")
        case .invalidValue(let part, let value, let expected):
            return Message(.invalidRRule, text: "'\(value)' is not a valid \(part.rawValue)", hint: "expected \(expected)")
        case .missingFrequency:
            return Message(.invalidRRule, text: "the rule has no FREQ", hint: "add FREQ=DAILY (or SECONDLY ... YEARLY)")
        case .untilAndCount:
            return Message(.invalidRRule, text: "UNTIL and COUNT cannot both be given", hint: "keep one of them")
        }
    }

    public static func untilForm(expected: String) -> Message {
        Message(
            .invalidRRule, text: "UNTIL must be \(expected) for this reminder's start",
            hint: "RFC 5545 §3.3.10: UNTIL has the value type of DTSTART, and is in UTC when DTSTART has a zone")
    }

    // MARK: References and limits

    public static func unknownCategory(_ name: String, suggestion: String?) -> Message {
        Message(
            .unknownCategory, text: "no category '\(name)' is defined in this file",
            hint: suggestion.map { "did you mean '\($0)'?" } ?? "define it under 'categories:'")
    }

    public static func unknownAction(_ name: String, category: String, suggestion: String?) -> Message {
        Message(
            .unknownAction, text: "category '\(category)' has no action '\(name)'",
            hint: suggestion.map { "did you mean '\($0)'?" })
    }

    public static func negativeNumber(_ key: String) -> Message {
        Message(.invalidValue, text: "'\(key)' must not be negative")
    }
}

/// Names of the months, for messages.
let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
]

/// The SPEC's name for the repeat map key that sets a rule part.
func friendlyName(_ part: RecurrenceRule.Part) -> String {
    switch part {
    case .frequency, .interval: "'every'"
    case .until: "'until'"
    case .count: "'count'"
    case .bySecond, .byMinute, .byHour: "'times'"
    case .byDay: "'on'"
    case .byMonthDay: "'days'"
    case .byYearDay: "BYYEARDAY"
    case .byWeekNumber: "BYWEEKNO"
    case .byMonth: "'months'"
    case .bySetPosition: "'position'"
    case .weekStart: "'week-start'"
    case .calendar: "'calendar'"
    case .skip: "'skip'"
    }
}

private func hex(_ value: some BinaryInteger, width: Int = 2) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
