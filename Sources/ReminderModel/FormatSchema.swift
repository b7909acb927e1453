import Recurrence
import Support

/// The format as a JSON Schema (draft-07), for editors' YAML language
/// servers and for validators such as check-jsonschema.
///
/// It is made from the decoders' own key tables: each `MappingKey` enum
/// describes its cases here in a `switch` with no default, so a key the
/// decoder learns cannot be missing from the schema, and the schema knows
/// no key the decoder does not. The schema is looser than the decoder
/// where only reading a value can tell (a day that is not in its month, a
/// zone the system does not have): `remindc check` remains the judge.
public enum FormatSchema {
    /// A stable name for the schema of format version 1.
    public static let id = "urn:remindc:reminder-file:1"

    /// The schema as JSON text, keys in a fixed order, ending in a newline.
    public static var text: String {
        var output = ""
        document.write(to: &output, indent: "")
        return output + "\n"
    }

    static var document: JSON {
        var root = Shape.mapping(FileDecoder.Key.self, required: ["reminders"]).json
        root.prepend([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("$id", .string(id)),
            ("title", .string("remindc reminder file")),
            (
                "description",
                .string(
                    "A YAML file of reminders for remindc: `remindc check FILE` validates it, `remindc help` lists what it compiles to.")
            ),
        ])
        root.append(("definitions", .object(Definition.allCases.map { ($0.rawValue, $0.shape.json) })))
        return root
    }
}

/// What one key of a mapping holds, and what it means.
struct KeySchema {
    var description: String
    var shape: Shape
}

/// The values a key may hold, as far as a schema can say.
indirect enum Shape {
    /// Text, matching `pattern` if given.
    case text(pattern: String? = nil)
    /// Text as the user wrote it: YAML may type it as a number or a
    /// boolean (`title: 42`, `title: true`), which remindc reads as text.
    case anyText
    /// One of these words.
    case words([String])
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    case boolean
    /// A list of `item`s; with `allowSingle`, one item alone means a list of it.
    case list(Shape, allowSingle: Bool = true, minItems: Int = 0)
    /// A mapping of the keys `Key` defines.
    case keys(any SchemaKey.Type, required: [String])
    /// A mapping of the user's own keys, each holding `value`.
    case map(Shape, keyPattern: String? = nil)
    /// Any of these.
    case anyOf([Shape])
    /// A definition shared by several keys.
    case reference(Definition)

    static func mapping<Key: SchemaKey>(_ key: Key.Type, required: [String] = []) -> Shape {
        .keys(key, required: required)
    }

    var json: JSON {
        switch self {
        case .text(let pattern):
            return .object([("type", .string("string"))] + (pattern.map { [("pattern", .string($0))] } ?? []))
        case .anyText:
            return .object([("type", .array(["string", "number", "boolean"].map(JSON.string)))])
        case .words(let words):
            return .object([("type", .string("string")), ("enum", .array(words.map(JSON.string)))])
        case .integer(let minimum, let maximum):
            var fields: [(String, JSON)] = [("type", .string("integer"))]
            if let minimum { fields.append(("minimum", .integer(minimum))) }
            if let maximum { fields.append(("maximum", .integer(maximum))) }
            return .object(fields)
        case .boolean:
            return .object([("type", .string("boolean"))])
        case .list(let item, let allowSingle, let minItems):
            var fields: [(String, JSON)] = [("type", .string("array")), ("items", item.json)]
            if minItems > 0 { fields.append(("minItems", .integer(minItems))) }
            let list = JSON.object(fields)
            return allowSingle ? .object([("anyOf", .array([item.json, list]))]) : list
        case .keys(let key, let required):
            var fields: [(String, JSON)] = [
                ("type", .string("object")),
                (
                    "properties",
                    .object(
                        key.schemaEntries.map { name, schema in
                            (name, schema.shape.json.described(schema.description))
                        })
                ),
                ("additionalProperties", .boolean(false)),
            ]
            if !required.isEmpty { fields.append(("required", .array(required.map(JSON.string)))) }
            return .object(fields)
        case .map(let value, let keyPattern):
            var fields: [(String, JSON)] = [("type", .string("object"))]
            if let keyPattern { fields.append(("propertyNames", .object([("pattern", .string(keyPattern))]))) }
            fields.append(("additionalProperties", value.json))
            return .object(fields)
        case .anyOf(let shapes):
            return .object([("anyOf", .array(shapes.map(\.json)))])
        case .reference(let definition):
            return .object([("$ref", .string("#/definitions/\(definition.rawValue)"))])
        }
    }
}

/// The value forms several keys share, written once under `definitions`.
enum Definition: String, CaseIterable {
    case identifier, time, timeOfDay = "time-of-day", duration, alertLead = "alert-lead", zone, ruleID = "rule-id", repeatWords =
        "repeat-words"
    case weekday, month, reminder, `repeat`, category, action

    var shape: Shape {
        switch self {
        case .identifier:
            // `id: 42` is the id "42".
            .anyOf([.text(pattern: #"^[A-Za-z0-9._-]+$"#), .integer(minimum: 0)])
        case .time:
            // A date, a wall-clock time, or a fixed instant with Z or an offset.
            .text(pattern: "^" + SchemaPattern.date + "([Tt ]" + SchemaPattern.clock + "([Zz]|[+-](0[0-9]|1[0-8])(:?[0-5][0-9])?)?)?$")
        case .timeOfDay:
            .text(pattern: "^" + SchemaPattern.clock + "$")
        case .duration:
            // `1h30m`, ISO 8601 `PT5M`, or words: `15 minutes`, `1 hour 30 minutes`.
            .text(pattern: SchemaPattern.duration)
        case .alertLead:
            // A duration, or `2 working days`.
            .anyOf([
                .reference(.duration),
                .text(
                    pattern: "^" + SchemaPattern.count + " +" + SchemaPattern.caseless("working") + " +" + SchemaPattern.caseless("day")
                        + "[Ss]?$"),
            ])
        case .zone:
            // Names without a slash are legacy zones but these.
            .text(pattern: #"^(floating|UTC|utc|Z|GMT|[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)+)$"#)
        case .ruleID:
            .text(pattern: #"^[a-z0-9-]+$"#)
        case .repeatWords:
            // A word, or `every N unit` with N in digits or words.
            // A word, `every N unit`, or weekdays: `every other tuesday`, `every 2 weeks on tue and thu`.
            .anyOf([
                .text(pattern: SchemaPattern.repeatWords), .text(pattern: SchemaPattern.repeatUnits),
                .text(pattern: SchemaPattern.repeatDays),
            ])
        case .weekday:
            // `mon`, `Monday`, `tues`, and where the period allows `1st mon`, `last fri`, `-2 fri`.
            .text(
                pattern: "^(([+-]?(0?[1-9]|[1-4][0-9]|5[0-3])("
                    + ["st", "nd", "rd", "th"].map(SchemaPattern.caseless).joined(separator: "|") + ")?|"
                    + SchemaPattern.caseless("last") + ")[ \\t]+)?" + SchemaPattern.weekday + "$")
        case .month:
            .anyOf([.integer(minimum: 1, maximum: 13), .text(pattern: #"^([A-Za-z]{3,9}|[0-9]{1,2}L?)$"#)])
        case .reminder:
            .mapping(ReminderDecoder.Key.self, required: ["id", "title", "at"])
        case .repeat:
            .anyOf([.reference(.repeatWords), .mapping(RepeatDecoder.Key.self)])
        case .category:
            .mapping(CategoryDecoder.Key.self, required: ["actions"])
        case .action:
            .mapping(CategoryDecoder.ActionKey.self, required: ["id", "title"])
        }
    }
}

/// The patterns of the value forms, as exact as a regular expression can
/// be: each accepts what the decoder reads and refuses the rest, but for a
/// 29 February outside a leap year, which only `remindc check` tells.
enum SchemaPattern {
    /// A date from 1900 to 2582, its day within what its month can have.
    static let date =
        "(19[0-9]{2}|2[0-4][0-9]{2}|25[0-7][0-9]|258[0-2])-"
        + "((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-9]))"

    /// A time of day on the 24-hour clock: `8:00`, `08:00`, `20:30:15.5`.
    static let clock = "([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.,][0-9]{1,9})?)?"

    /// A count in digits or in the words a repeat or lead takes (`two`).
    static let count = "([0-9]+|" + Scalars.numberWords.keys.filter { $0 != "other" }.sorted().map(caseless).joined(separator: "|") + ")"

    /// A duration: `1h30m` (units in order, each once), ISO 8601 `PT5M`,
    /// or words: `15 minutes`, `1 hour, 30 minutes`, `2 hours and 5 mins`.
    static var duration: String {
        let compact = "(?!$)([0-9]+[Ww])?([0-9]+[Dd])?([0-9]+[Hh])?([0-9]+[Mm])?([0-9]+[Ss])?"
        let iso = "[Pp](?!$)([0-9]+[Ww])?([0-9]+[Dd])?([Tt](?!$)([0-9]+[Hh])?([0-9]+[Mm])?([0-9]+[Ss])?)?"
        let unit =
            "(" + ["week", "day", "hour", "hr", "minute", "min", "second", "sec"].map { caseless($0) + "[Ss]?" }.joined(separator: "|")
            + ")"
        let gap = "[ \\t,]+"
        let and = "(" + caseless("and") + gap + ")*"
        let words =
            "[ \\t,]*" + and + count + gap + unit + "(" + gap + and + count + gap + unit + ")*" + "([ \\t,]+" + caseless("and")
            + ")*[ \\t,]*"
        return "^(" + compact + "|" + iso + "|" + words + ")$"
    }

    /// The repeat words, in any case.
    static let repeatWords =
        "^("
        + [
            "secondly", "minutely", "hourly", "daily", "weekdays", "weekday", "every weekday", "each weekday", "weekly",
            "fortnightly", "monthly", "quarterly", "yearly", "annually",
        ].map(caseless).joined(separator: "|") + ")$"

    /// `every N unit`: `every 5 minutes`, `every other week`, `2 weeks`.
    static let repeatUnits =
        "^[ \\t]*((" + caseless("every") + "|" + caseless("each") + ")[ \\t]+)?(" + countOrOther + "[ \\t]+)?("
        + ["second", "minute", "hour", "day", "week", "month", "quarter", "year"].map(caseless).joined(separator: "|") + ")[Ss]?[ \\t]*$"

    /// Weekdays of a weekly repeat: `every other tuesday`, `every 2 weeks on tue and thu`, `mondays, fridays`.
    static let repeatDays: String = {
        let gap = "[ \\t,]+"
        let day = weekday + "[Ss]?"
        return "^[ \\t]*((" + caseless("every") + "|" + caseless("each") + ")" + gap + ")?(" + countOrOther + gap + ")?("
            + caseless("week") + "[Ss]?" + gap + "(" + caseless("on") + gap + ")?)?" + day + "(" + gap + "((" + caseless("and") + "|&)"
            + gap + ")?" + day + ")*[ \\t]*$"
    }()

    /// `count`, or `other`.
    private static let countOrOther = "(" + count + "|" + caseless("other") + ")"

    /// A weekday's name or any start of it two letters or longer, or `weds`, in any case.
    static let weekday = "(" + (Weekday.allCases.map { prefixes(of: $0.name) } + [caseless("weds")]).joined(separator: "|") + ")"

    /// `word` in any case: `[Ww][Ee][Ee][Kk]`.
    static func caseless(_ word: String) -> String {
        word.map { letter in letter.isLetter ? "[\(letter.uppercased())\(letter.lowercased())]" : String(letter) }.joined()
    }

    /// `name` or any start of it two letters or longer, in any case.
    private static func prefixes(of name: String) -> String {
        let letters = name.map { caseless(String($0)) }
        var pattern = ""
        for letter in letters.dropFirst(2).reversed() {
            pattern = "(" + letter + pattern + ")?"
        }
        return letters[0] + letters[1] + pattern
    }
}

/// A key table the schema describes: every case, with what it holds.
protocol SchemaKey {
    static var schemaEntries: [(name: String, schema: KeySchema)] { get }
}

extension SchemaKey where Self: DescribedKey {
    static var schemaEntries: [(name: String, schema: KeySchema)] {
        allCases.map { ($0.rawValue, $0.schema) }
    }
}

/// A `MappingKey` whose cases describe themselves.
protocol DescribedKey: MappingKey, SchemaKey {
    var schema: KeySchema { get }
}

extension FileDecoder.Key: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .remindc:
            KeySchema(
                description: "The format version; 1 is the only one. Optional.",
                shape: .anyOf([.integer(minimum: 1, maximum: 1), .words(["1"])]))
        case .name: KeySchema(description: "The calendar's name (X-WR-CALNAME, the crontab's and timers' label).", shape: .anyText)
        case .uidDomain:
            KeySchema(
                description:
                    "UIDs are <id>@<uid-domain>; default: the file's name stem as a domain label. Set it in a file that is published.",
                shape: .text(pattern: #"^[A-Za-z0-9.-]+$"#))
        case .timezone:
            KeySchema(
                description:
                    "The zone of every reminder without its own: an IANA name, UTC, or floating (wall-clock time wherever the reader is). Default: floating. The schema checks a name's form; 'remindc check' says whether the zone exists.",
                shape: .reference(.zone))
        case .grace:
            KeySchema(
                description:
                    "How long after its time an alert missed while the machine slept or was off is still shown on waking, marked as missed ('remindc systemd'); 0: only on time. Default 4h, at most 7d; a reminder's own grace: wins.",
                shape: .reference(.duration))
        case .weekend:
            KeySchema(
                description: "The weekdays off every week, for if-holiday: and working-day: ([fri, sat]; [] for none). Default [sat, sun].",
                shape: .list(.reference(.weekday)))
        case .holidays:
            KeySchema(
                description:
                    "The holidays of every reminder without its own: dates (a date, a range 2026-12-24..2027-01-01, or either with a name: '2026-12-24: Christmas Eve') and files (.ics calendars of all-day events, relative to this file).",
                shape: .mapping(DaysOffDecoder.Key.self))
        case .lint: KeySchema(description: "Settings of 'remindc check' for this file.", shape: .mapping(FileDecoder.LintKey.self))
        case .categories:
            KeySchema(
                description: "Categories of actions, by id: the buttons an alert offers.",
                shape: .map(.reference(.category), keyPattern: #"^[A-Za-z0-9._-]+$"#))
        case .reminders: KeySchema(description: "The reminders.", shape: .list(.reference(.reminder), allowSingle: false))
        }
    }
}

extension FileDecoder.LintKey: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .quietHours:
            KeySchema(
                description: "A span of the day no alert should fall in, such as \"22:00-07:00\" (rule quiet-hours).",
                shape: .text(pattern: "^ *" + SchemaPattern.clock + " *- *" + SchemaPattern.clock + " *$"))
        case .minGap: KeySchema(description: "Two alerts closer than this are reported (rule too-close).", shape: .reference(.duration))
        case .maxPerHour:
            KeySchema(description: "More alerts than this in any hour are reported (rule too-many-per-hour).", shape: .integer(minimum: 1))
        case .disable:
            KeySchema(
                description: "Checker rule ids switched off for this file ('remindc rules' lists them).", shape: .list(.reference(.ruleID)))
        case .targets:
            KeySchema(
                description: "The outputs this file goes to, whose own checks 'remindc check' runs, as 'check --for' does.",
                shape: .list(.words(OutputTarget.allCases.map(\.rawValue))))
        }
    }
}

extension CategoryDecoder.Key: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .actions:
            KeySchema(
                description: "The category's actions, in the order an alert shows them (at most 4).",
                shape: .list(.reference(.action), allowSingle: false, minItems: 1))
        case .minimal:
            KeySchema(
                description: "The ids of at most 2 actions for banners and the lock screen; default: the first two.",
                shape: .list(.reference(.identifier)))
        }
    }
}

extension CategoryDecoder.ActionKey: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .id:
            KeySchema(
                description: "The action's id, unique in its category: letters, digits, '.', '_', '-'.", shape: .reference(.identifier))
        case .title: KeySchema(description: "The button's text.", shape: .anyText)
        case .activation:
            KeySchema(
                description: "background (default): the action runs without bringing the app forward; foreground: it opens the app.",
                shape: .words(Action.Activation.allCases.map(\.rawValue)))
        case .authenticationRequired:
            KeySchema(description: "The device must be unlocked to run the action. Default false.", shape: .boolean)
        case .destructive:
            KeySchema(description: "The action deletes or undoes something and is shown as such. Default false.", shape: .boolean)
        case .snooze:
            KeySchema(description: "A snooze action: the alert fires again this long after it is chosen.", shape: .reference(.duration))
        case .stops:
            KeySchema(
                description: "Choosing the action silences the reminder's later alerts until 'remindc resume'. Default false.",
                shape: .boolean)
        case .run:
            KeySchema(
                description:
                    "A command 'remindc notify' runs when the action is chosen; {id}, {title}, {note}, {sound}, {category} are replaced, shell-quoted.",
                shape: .anyText)
        }
    }
}

extension ReminderDecoder.Key: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .id:
            KeySchema(
                description: "Required, unique in the file: letters, digits, '.', '_', '-'. The UID is <id>@<uid-domain>.",
                shape: .reference(.identifier))
        case .uid:
            KeySchema(
                description:
                    "The calendar UID to keep instead of <id>@<uid-domain> (an imported event's, so that publish updates the same event): up to 255 characters on one line.",
                shape: .anyText)
        case .title: KeySchema(description: "Required: the alert's text.", shape: .anyText)
        case .note: KeySchema(description: "A longer description (the event's DESCRIPTION, the notification's body).", shape: .anyText)
        case .action: KeySchema(description: "The alert's action label; the word none (unquoted) hides the action button.", shape: .anyText)
        case .at:
            KeySchema(
                description:
                    "Required: the first occurrence. 2026-12-01 09:00 (wall clock in the reminder's zone), 2026-12-01T09:00:00Z or +01:00 (a fixed instant), or 2026-12-01 (all day). The schema refuses a day its month never has; a 29 February outside a leap year only 'remindc check' refuses.",
                shape: .reference(.time))
        case .timezone:
            KeySchema(description: "This reminder's zone, instead of the file's: an IANA name, UTC, or floating.", shape: .reference(.zone))
        case .repeat:
            KeySchema(
                description: "How the reminder repeats: a word (daily, weekdays, ...), every N units, or a mapping.",
                shape: .reference(.repeat))
        case .before:
            KeySchema(
                description:
                    "Alert this long before each occurrence: 15m, 1h30m, 2d, PT5M, 15 minutes, or 2 working days (not counting the weekend: and holidays:, at the occurrence's time of day); a list for several alerts: [1d, 15m]. Default: at the occurrence.",
                shape: .list(.reference(.alertLead)))
        case .alertTime:
            KeySchema(
                description:
                    "For an all-day reminder: the time of day its alerts are counted from, instead of the day's start. alert-time: 09:00 alerts that day at 09:00; with before: 1d, the day before at 09:00.",
                shape: .reference(.timeOfDay))
        case .grace:
            KeySchema(
                description:
                    "How long after its time an alert missed while the machine slept or was off is still shown on waking, marked as missed ('remindc systemd'); 0: only on time. Default: the file's grace:, else 4h; at most 7d.",
                shape: .reference(.duration))
        case .sound:
            KeySchema(
                description:
                    "default, none, or a sound file (.wav, .aiff, .caf) relative to this file. A quoted \"default\" is a file of that name.",
                shape: .anyText)
        case .badge: KeySchema(description: "The application badge number, 0 or more.", shape: .integer(minimum: 0))
        case .category:
            KeySchema(description: "The id of one of this file's categories: the actions the alert offers.", shape: .reference(.identifier))
        case .data:
            KeySchema(
                description: "Custom data: text keys, scalar values, passed on as written (X-REMINDC-DATA).",
                shape: .map(.anyText))
        case .todo:
            KeySchema(description: "true: a to-do due at 'at' (VTODO) instead of an event (VEVENT). Default false.", shape: .boolean)
        case .ignore: KeySchema(description: "Checker rule ids switched off for this reminder.", shape: .list(.reference(.ruleID)))
        case .ifHoliday:
            KeySchema(
                description:
                    "What an occurrence on a day off (a weekend day or a holiday) does: fire (default), skip, before (the working day before), after, or nearest (Saturday to Friday, Sunday to Monday, a holiday to the nearer working day, the later on a tie).",
                shape: .words(DayOffMove.allCases.map(\.rawValue)))
        case .weekend:
            KeySchema(description: "This reminder's weekdays off, instead of the file's weekend:.", shape: .list(.reference(.weekday)))
        case .holidays:
            KeySchema(description: "This reminder's holidays, instead of the file's holidays:.", shape: .mapping(DaysOffDecoder.Key.self))
        }
    }
}

extension DaysOffDecoder.Key: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .region:
            KeySchema(
                description:
                    "A country (GB) or subdivision (GB-ENG, US-NY) whose public holidays remindc's table holds (from python-holidays); 'remindc holidays REGION' lists them.",
                shape: .text(pattern: #"^[A-Za-z]{2}(-[A-Za-z0-9]{1,6})?$"#))
        case .dates:
            KeySchema(
                description:
                    "Days off: 2026-12-24, a range 2026-12-24..2027-01-01 (at most 366 days), or either as a key with the holiday's name.",
                shape: .list(
                    .anyOf([
                        .text(pattern: "^" + SchemaPattern.date + "(\\.\\." + SchemaPattern.date + ")?$"),
                        .map(.anyText),
                    ])))
        case .files:
            KeySchema(
                description:
                    "Holiday calendars: .ics files of all-day events (DTSTART;VALUE=DATE, DTEND, SUMMARY, RRULE), relative to this file.",
                shape: .list(.anyText))
        }
    }
}

extension RepeatDecoder.Key: DescribedKey {
    var schema: KeySchema {
        switch self {
        case .every:
            KeySchema(
                description: "Required (unless rrule): the period, a word (weekly) or every N units (2 weeks). RRULE FREQ and INTERVAL.",
                shape: .reference(.repeatWords))
        case .on:
            KeySchema(
                description: "Weekdays: [mon, thu]; in a month or year also with ordinals: [1st mon, last fri, -2 fri]. BYDAY.",
                shape: .list(.reference(.weekday)))
        case .days:
            KeySchema(
                description: "Days of the month, 1 to 31, -1 the last. BYMONTHDAY.", shape: .list(.integer(minimum: -31, maximum: 31)))
        case .months:
            KeySchema(
                description: "Months: jan or January or 1; in another calendar also 5L, a leap month. BYMONTH.",
                shape: .list(.reference(.month)))
        case .times:
            KeySchema(description: "Times of day: [\"08:00\", \"20:30\"]. Default: the time of 'at'.", shape: .list(.reference(.timeOfDay)))
        case .position:
            KeySchema(
                description: "Of the matches in each period, keep these: 1 the first, -1 the last. BYSETPOS.",
                shape: .list(.integer(minimum: -366, maximum: 366)))
        case .weekStart:
            KeySchema(
                description: "The day a week starts on, for weekly repeats with an interval: mon (default) to sun. WKST.",
                shape: .reference(.weekday))
        case .count:
            KeySchema(
                description: "At most this many occurrences, 'at' included. COUNT.",
                shape: .integer(minimum: 1, maximum: RecurrenceRule.largestCount))
        case .until:
            KeySchema(description: "No occurrence after this; a date means through the end of that day. UNTIL.", shape: .reference(.time))
        case .except:
            KeySchema(
                description: "Dates or times to leave out; a date leaves out that whole day. EXDATE.", shape: .list(.reference(.time)))
        case .also: KeySchema(description: "Extra occurrences. RDATE.", shape: .list(.reference(.time)))
        case .calendar:
            KeySchema(
                description: "The calendar months and years are counted in (RFC 7529 RSCALE). Default gregorian.",
                shape: .words(RecurrenceRule.calendarNames))
        case .skip:
            KeySchema(
                description:
                    "What an invalid date (February 30, a missing leap month) becomes: omit (default), backward or forward (RFC 7529 SKIP).",
                shape: .words(["omit", "backward", "forward"]))
        case .rrule:
            KeySchema(
                description: "An RFC 5545 RRULE as it is, RFC 7529 RSCALE and SKIP too; it excludes the keys above but except and also.",
                shape: .text(pattern: "(^|;)(RRULE:)?FREQ="))
        case .workingDay:
            KeySchema(
                description:
                    "With every: month or every: year alone: fire on the Nth working day of each (days off are the weekend: and holidays:); -1 the last, -2 the one before.",
                shape: .anyOf([.integer(minimum: -262, maximum: -1), .integer(minimum: 1, maximum: 262)]))
        }
    }
}

/// A JSON value with its object keys in the order given.
indirect enum JSON {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([JSON])
    case object([(String, JSON)])

    /// The value with a `description` first, when it is an object.
    func described(_ text: String) -> JSON {
        guard case .object(let fields) = self else { return self }
        // Draft-07 ignores what stands beside a $ref: the reference goes in an allOf.
        if fields.count == 1, fields[0].0 == "$ref" {
            return .object([("description", .string(text)), ("allOf", .array([self]))])
        }
        return .object([("description", .string(text))] + fields)
    }

    mutating func prepend(_ fields: [(String, JSON)]) {
        if case .object(let existing) = self { self = .object(fields + existing) }
    }

    mutating func append(_ field: (String, JSON)) {
        if case .object(let existing) = self { self = .object(existing + [field]) }
    }

    func write(to output: inout String, indent: String) {
        switch self {
        case .string(let text): Self.quote(text, to: &output)
        case .integer(let value): output += String(value)
        case .boolean(let value): output += value ? "true" : "false"
        case .array(let items):
            // Short lists of scalars stay on one line.
            if items.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } }) {
                output += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { output += ", " }
                    item.write(to: &output, indent: indent)
                }
                output += "]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += indent + "  "
                item.write(to: &output, indent: indent + "  ")
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let fields):
            if fields.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in fields.enumerated() {
                output += indent + "  "
                Self.quote(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + "  ")
                output += index == fields.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    private static func quote(_ text: String, to output: inout String) {
        output += JSONText.quoted(text)
    }
}
