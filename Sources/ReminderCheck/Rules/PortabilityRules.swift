import Foundation
import ReminderModel
import YAMLSyntax

private let header = "timezone: Europe/Berlin\n"

/// Features many calendar clients ignore.
public enum ClientSupportRule: CheckRule {
    public static let descriptor = RuleDescriptor(
        id: "client-support", name: "Client support",
        summary: "A reminder uses what many calendar clients ignore: other calendars (RSCALE), repeats under a minute, floating times.",
        rationale: "Google Calendar and Outlook drop RSCALE rules and sub-minute repeats, and Outlook reads floating times in its own zone; `remindc ics --expand` or the crontab fire them anyway.",
        severity: .info,
        triggering: [header + """
            reminders:
              - {id: hanukkah, title: Hanukkah, at: 2026-12-05 18:00, repeat: ↓{every: year, calendar: hebrew}}
              - {id: alarm, title: Alarm, at: ↓2026-12-01 07:00, timezone: floating}
            """],
        nonTriggering: [header + """
            reminders:
              - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
            """])

    public static func check(_ context: CheckContext) -> [Finding] {
        context.file.reminders.enumerated().compactMap { index, reminder in
            if let repeats = reminder.repeats {
                let span = reminder.spans.repeats ?? repeats.span
                if let calendar = repeats.rule.calendar, calendar != "gregorian" {
                    return context.finding(descriptor, "many calendar clients ignore the \(calendar) calendar (RSCALE) of '\(reminder.id)'",
                                           hint: "'remindc ics --expand' writes each occurrence instead", at: span, reminder: index)
                }
                if repeats.rule.frequency == .secondly || repeats.rule.bySecond.contains(where: { $0 != 0 }) {
                    return context.finding(descriptor, "many calendar clients ignore repeats under a minute, as '\(reminder.id)' has",
                                           hint: "'remindc ics --expand' writes each occurrence instead", at: span, reminder: index)
                }
            }
            if case .floating = reminder.timeZone, case .local = reminder.start {
                return context.finding(descriptor, "Outlook reads the floating time of '\(reminder.id)' in its own zone, not the device's",
                                       hint: "give it a zone if it belongs to one place", at: reminder.spans.start, reminder: index)
            }
            return nil
        }
    }
}

/// Plain scalars YAML 1.1 reads as something else.
public enum YAML11TrapRule: CheckRule {
    public static let descriptor = RuleDescriptor(
        id: "yaml11-trap", name: "YAML 1.1 trap",
        summary: "A plain value that YAML 1.1 tools read as a boolean, a number or null: `no`, `on`, `9:00`, `0755`.",
        rationale: "remindc reads values as text, but PyYAML and other YAML 1.1 tools that read the same file turn `no` into false and `9:00` into 540.",
        severity: .warning,
        triggering: [header + """
            reminders:
              - {id: answer, title: ↓no, at: 2026-12-01 09:00, data: {mode: ↓0755, start: ↓9:30}}
            """],
        nonTriggering: [header + """
            reminders:
              - {id: answer, title: "no", at: 2026-12-01 09:00, data: {mode: "0755", start: "09:30"}}
            """])

    static let words: Set<String> = ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
                                     "True", "TRUE", "False", "FALSE", "null", "Null", "NULL", "~"]

    /// What YAML 1.1 makes of `text`, or nil when it is a string there too.
    static func reading(_ text: String) -> String? {
        let utf8 = text.utf8
        if utf8.count <= 5, words.contains(text) { return ["null", "Null", "NULL", "~"].contains(text) ? "null" : "a boolean" }
        // Every number form below is digits, ':', '_' and the 'b' of 0b.
        guard let first = utf8.first, (0x30...0x39).contains(first),
              utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x3A || $0 == 0x5F || $0 == 0x62 }) else { return nil }
        let bytes = Array(utf8)
        func digits(_ slice: ArraySlice<UInt8>) -> Bool { !slice.isEmpty && slice.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x5F } }
        // Sexagesimal: 9:30 is 570, 1:30:00 is 5400.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 1, let first = parts.first?.utf8.first, (0x31...0x39).contains(first),
           digits(ArraySlice(parts[0].utf8)), parts.dropFirst().allSatisfy({ $0.count <= 2 && digits(ArraySlice($0.utf8)) && Int($0)! < 60 }) {
            var value = 0
            for part in parts { value = value * 60 + Int(String(part.filter { $0 != "_" }))! }
            return "the number \(value)"
        }
        if bytes.count > 1, bytes[0] == 0x30, bytes.dropFirst().allSatisfy({ (0x30...0x37).contains($0) || $0 == 0x5F }) {
            return "the octal number \(Int(String(text.filter { $0 != "_" }), radix: 8) ?? 0)"
        }
        if text.hasPrefix("0b") && bytes.count > 2 && bytes.dropFirst(2).allSatisfy({ $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }) { return "a binary number" }
        if bytes.contains(0x5F), digits(ArraySlice(bytes)) { return "the number \(String(text.filter { $0 != "_" }))" }
        return nil
    }

    public static func check(_ context: CheckContext) -> [Finding] {
        guard let root = context.root else { return [] }
        var findings: [Finding] = []
        func visit(_ node: Node) {
            switch node.content {
            case .scalar(let text, let style):
                if style == .plain, let reading = reading(text) {
                    findings.append(context.finding(descriptor, "YAML 1.1 tools read '\(text)' as \(reading)",
                                                    hint: "quote it: \"\(text)\"", at: node.span))
                }
            case .sequence(let items):
                items.forEach(visit)
            case .mapping(let pairs):
                // Keys are the format's own words; only values are the user's.
                pairs.forEach { visit($0.value) }
            }
        }
        visit(root)
        return findings
    }
}
