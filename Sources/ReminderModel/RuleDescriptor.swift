/// What the checker's catalogue says of one rule: the same for schema
/// diagnostics, which the decoder reports, and for the checker's own rules.
public struct RuleDescriptor: Sendable, Hashable {
    /// Fixed forever: `lint.disable`, `ignore:` and reports name it.
    public var id: String
    /// A short title: "Same time".
    public var name: String
    /// One sentence: what triggers it.
    public var summary: String
    /// Why it matters.
    public var rationale: String
    public var severity: Severity
    /// YAML files that trigger it, with `↓` before each place a finding lands.
    public var triggering: [String]
    /// YAML files that must not trigger it.
    public var nonTriggering: [String]

    public init(
        id: String, name: String, summary: String, rationale: String, severity: Severity,
        triggering: [String] = [], nonTriggering: [String] = []
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// The diagnostics of reading, decoding and writing a file, which the
/// decoder and the writers report: the one list of their ids, each with its
/// descriptor (the checker's own rules describe themselves). `remindc
/// rules`, SARIF's rule table and the catalogue's messages all come from it.
public enum SchemaRule: String, CaseIterable, Sendable {
    case yamlSyntax = "yaml-syntax"
    case invalidUTF8 = "invalid-utf8"
    case controlCharacter = "control-character"
    case tooDeep = "too-deep"
    case aliasLimit = "alias-limit"
    case undefinedAlias = "undefined-alias"
    case duplicateKey = "duplicate-key"
    case invalidMerge = "invalid-merge"
    case multipleDocuments = "multiple-documents"
    case emptyFile = "empty-file"
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case wrongType = "wrong-type"
    case unsupportedVersion = "unsupported-version"
    case invalidID = "invalid-id"
    case duplicateID = "duplicate-id"
    case invalidValue = "invalid-value"
    case invalidTime = "invalid-time"
    case invalidDuration = "invalid-duration"
    case unknownTimeZone = "unknown-time-zone"
    case invalidRepeat = "invalid-repeat"
    case invalidRRule = "invalid-rrule"
    case unknownCategory = "unknown-category"
    case unknownAction = "unknown-action"
    case notRepresentable = "not-representable"
    case cronInexact = "cron-inexact"
    case cronDst = "cron-dst"
    case cronBusyboxLines = "cron-busybox-lines"
    case cronTooLong = "cron-too-long"
    case systemdYear = "systemd-year"
    case readerSupport = "reader-support"
    case serverLimit = "server-limit"
    case horizonCut = "horizon-cut"
    case unknownRule = "unknown-rule"
    case duplicateUID = "duplicate-uid"
    case icsSyntax = "ics-syntax"
    case importLost = "import-lost"
    case importChanged = "import-changed"
    case importUntrusted = "import-untrusted"

    /// The rule's entry in the catalogue.
    public var descriptor: RuleDescriptor {
        let (name, summary): (String, String) =
            switch self {
            case .yamlSyntax: ("YAML syntax", "The file is not well-formed YAML.")
            case .invalidUTF8: ("Invalid UTF-8", "The file holds bytes that are not UTF-8.")
            case .controlCharacter: ("Control character", "The file holds a control character YAML does not allow.")
            case .tooDeep: ("Nesting too deep", "Collections nest deeper than 64 levels.")
            case .aliasLimit: ("Alias limit", "Aliases would expand the document past 1,000,000 nodes.")
            case .undefinedAlias: ("Undefined alias", "An alias names an anchor that does not exist.")
            case .duplicateKey: ("Duplicate key", "A mapping has the same key twice.")
            case .invalidMerge: ("Invalid merge", "A `<<` merge key does not name a mapping or a list of mappings.")
            case .multipleDocuments: ("Multiple documents", "The file holds more than one YAML document.")
            case .emptyFile: ("Empty file", "The file holds no document.")
            case .unknownKey: ("Unknown key", "A key the format does not define.")
            case .missingKey: ("Missing key", "A required key is absent.")
            case .wrongType: ("Wrong type", "A value of the wrong kind: a list where text belongs, and so on.")
            case .unsupportedVersion: ("Unsupported version", "`remindc:` names a format version other than 1.")
            case .invalidID: ("Invalid id", "An id with characters other than letters, digits, '.', '_' and '-'.")
            case .duplicateID: ("Duplicate id", "Two reminders, categories or actions share an id.")
            case .invalidValue: ("Invalid value", "A value outside what the key allows.")
            case .invalidTime: ("Invalid time", "A date or time that does not exist or is malformed.")
            case .invalidDuration: ("Invalid duration", "A duration that is malformed.")
            case .unknownTimeZone: ("Unknown time zone", "A zone name this machine's time zone database does not know.")
            case .invalidRepeat: ("Invalid repeat", "A repeat that is malformed or contradicts itself.")
            case .invalidRRule: ("Invalid RRULE", "An `rrule:` that breaks RFC 5545's grammar or constraints.")
            case .unknownCategory: ("Unknown category", "A reminder names a category the file does not define.")
            case .unknownAction: ("Unknown action", "`minimal` names an action its category does not have.")
            case .notRepresentable: ("Not representable in iCalendar", "`remindc ics` cannot write the reminder exactly.")
            case .cronInexact: ("Inexact in cron", "`remindc crontab` cannot fire the reminder exactly.")
            case .cronDst: ("Cron and daylight saving", "Cron's daylight-saving behaviour differs from the occurrences.")
            case .cronBusyboxLines:
                ("Busybox cron's line limit", "The crontab has more entries than busybox crond reads of a user's crontab.")
            case .cronTooLong: ("Crontab too long", "The crontab would have more lines than Debian's `crontab` accepts.")
            case .systemdYear:
                ("Past systemd calendar years", "An alert falls after 2199, the last year a systemd calendar event can name.")
            case .readerSupport:
                (
                    "Calendar reader support",
                    "`remindc ics` writes a rule some calendar readers refuse or read otherwise: RSCALE, an INTERVAL past 32,767."
                )
            case .serverLimit:
                (
                    "CalDAV server limit",
                    "A series a CalDAV server refuses or expands otherwise: past SabreDAV's 3,500 instances (Nextcloud, Baïkal) or Radicale's 10,000, counted in minutes, with a weekday counted past the fifth, or with a part SabreDAV leaves out."
                )
            case .horizonCut:
                ("Horizon cut", "The reminders alert so often that the rules over alerts looked at a shorter horizon than asked.")
            case .unknownRule: ("Unknown rule", "`lint.disable` or `ignore:` names a rule id that does not exist.")
            case .duplicateUID: ("Duplicate UID", "Reminders of two files checked together have the same UID (`<id>@<uid-domain>`).")
            case .icsSyntax:
                ("iCalendar syntax", "`remindc import` read a line that is not iCalendar (RFC 5545), or a value that breaks its grammar.")
            case .importLost:
                (
                    "Lost on import",
                    "`remindc import` read something of an event that a reminder cannot hold: attendees, a length, an EMAIL alarm, ..."
                )
            case .importChanged:
                (
                    "Changed on import",
                    "`remindc import` read something of an event in a way it had to choose: a Windows zone name, a UID it could not keep, an occurrence changed on its own."
                )
            case .importUntrusted:
                (
                    "Untrusted on import",
                    "`remindc import` left out a command to run or a file to read that the .ics carries: only remindc's own .ics imported with `--trust` brings them."
                )
            }
        let rationale =
            switch self {
            case .duplicateUID: "A calendar keeps one event per UID: written together, one reminder replaces the other."
            case .icsSyntax: "What cannot be read is not imported; the rest of the file is, where it can be."
            case .importLost: "The reminder file fires as the calendar did, but without this; nothing is dropped without a word."
            case .importChanged: "The reminders fire as the calendar's events did; this says how a guess was made, to check it."
            case .importUntrusted:
                "A calendar from elsewhere must not make a button run `curl ... | sh` or a sound read /etc/shadow; the alerts still fire."
            case .horizonCut: "Looking at every alert of the horizon would take minutes; what lies past the cut is not checked."
            case .readerSupport:
                "The file is written, and remindc's own outputs fire it, but a calendar that refuses or misreads the rule loses or moves its occurrences."
            case .serverLimit:
                "A server refuses the whole series on upload, or fails every time-range query that reaches past its limit, so the reminder never reaches the phones."
            default: "The file cannot be read as the format says, so nothing is written from it."
            }
        return RuleDescriptor(id: rawValue, name: name, summary: summary, rationale: rationale, severity: severity)
    }

    /// The severity the rule's messages have unless they say otherwise:
    /// cron's differences and unknown rule ids are warnings. An inexact
    /// entry is an error, a warning only under `--allow-inexact`.
    public var severity: Severity {
        switch self {
        case .cronDst, .cronBusyboxLines, .unknownRule, .horizonCut, .readerSupport, .serverLimit, .importLost, .importUntrusted: .warning
        case .importChanged: .info
        default: .error
        }
    }
}

extension RuleDescriptor {
    /// A message of this rule, at its severity.
    public func message(_ text: String, hint: String? = nil) -> Message {
        Message(id: id, severity: severity, text: text, hint: hint)
    }
}

extension RuleDescriptor {
    /// Every `SchemaRule`'s descriptor, in its order.
    public static let schema: [RuleDescriptor] = SchemaRule.allCases.map(\.descriptor)
}
