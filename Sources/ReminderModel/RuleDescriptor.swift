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

    public init(id: String, name: String, summary: String, rationale: String, severity: Severity,
                triggering: [String] = [], nonTriggering: [String] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

extension RuleDescriptor {
    /// The diagnostics of reading and decoding a file (the spine's ids), in
    /// the same catalogue as the checker's rules. They are always errors.
    public static let schema: [RuleDescriptor] = [
        ("yaml-syntax", "YAML syntax", "The file is not well-formed YAML."),
        ("invalid-utf8", "Invalid UTF-8", "The file holds bytes that are not UTF-8."),
        ("control-character", "Control character", "The file holds a control character YAML does not allow."),
        ("too-deep", "Nesting too deep", "Collections nest deeper than 64 levels."),
        ("alias-limit", "Alias limit", "Aliases would expand the document past 1,000,000 nodes."),
        ("undefined-alias", "Undefined alias", "An alias names an anchor that does not exist."),
        ("duplicate-key", "Duplicate key", "A mapping has the same key twice."),
        ("invalid-merge", "Invalid merge", "A `<<` merge key does not name a mapping or a list of mappings."),
        ("multiple-documents", "Multiple documents", "The file holds more than one YAML document."),
        ("empty-file", "Empty file", "The file holds no document."),
        ("unknown-key", "Unknown key", "A key the format does not define."),
        ("missing-key", "Missing key", "A required key is absent."),
        ("wrong-type", "Wrong type", "A value of the wrong kind: a list where text belongs, and so on."),
        ("unsupported-version", "Unsupported version", "`remindc:` names a format version other than 1."),
        ("invalid-id", "Invalid id", "An id with characters other than letters, digits, '.', '_' and '-'."),
        ("duplicate-id", "Duplicate id", "Two reminders, categories or actions share an id."),
        ("invalid-value", "Invalid value", "A value outside what the key allows."),
        ("invalid-time", "Invalid time", "A date or time that does not exist or is malformed."),
        ("invalid-duration", "Invalid duration", "A duration that is malformed."),
        ("unknown-time-zone", "Unknown time zone", "A zone name this machine's time zone database does not know."),
        ("invalid-repeat", "Invalid repeat", "A repeat that is malformed or contradicts itself."),
        ("invalid-rrule", "Invalid RRULE", "An `rrule:` that breaks RFC 5545's grammar or constraints."),
        ("unknown-category", "Unknown category", "A reminder names a category the file does not define."),
        ("unknown-action", "Unknown action", "`minimal` names an action its category does not have."),
        ("not-representable", "Not representable in iCalendar", "`remindc ics` cannot write the reminder exactly."),
        ("cron-inexact", "Inexact in cron", "`remindc crontab` cannot fire the reminder exactly."),
        ("cron-dst", "Cron and daylight saving", "Cron's daylight-saving behaviour differs from the occurrences."),
        ("unknown-rule", "Unknown rule", "`lint.disable` or `ignore:` names a rule id that does not exist."),
    ].map { id, name, summary in
        RuleDescriptor(id: id, name: name, summary: summary,
                       rationale: "The file cannot be read as the format says, so nothing is written from it.",
                       severity: id.hasPrefix("cron-") || id == "unknown-rule" ? .warning : .error)
    }
}
