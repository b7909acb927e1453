import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

private let header = "timezone: Europe/Berlin\n"

/// Features many calendar clients ignore.
enum ClientSupportRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "client-support", name: "Client support",
        summary: "A reminder uses what many calendar clients ignore: other calendars (RSCALE), repeats under a minute, floating times.",
        rationale:
            "Google Calendar and Outlook drop RSCALE rules and repeats counted in seconds; Radicale and SabreDAV (Nextcloud, Baïkal) refuse RSCALE, khal and recurring-ical-events fail on it, and calcurse and `ical` read it as Gregorian; Outlook reads floating times in its own zone. `remindc ics --expand` or the crontab fire them anyway; `check --for ics` says which rules are written with RSCALE.",
        severity: .info,
        triggering: [
            header + """
                reminders:
                  - {id: hanukkah, title: Hanukkah, at: 2026-12-05 18:00, repeat: ↓{every: year, calendar: hebrew}}
                  - {id: alarm, title: Alarm, at: ↓2026-12-01 07:00, timezone: floating}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        // A reminder is looked at only when it has something to report; a
        // schedule's rule is its reminder's repeat rule.
        context.digests.indices.compactMap { index in
            if context.digests[index].ruleMayBeUnportable, let rule = context.schedules[index].rule, let part = unsupported(rule),
                let repeats = context.file.reminders[index].repeats
            {
                let reminder = context.file.reminders[index]
                return context.finding(ignoredByClients(reminder.id, part), at: reminder.spans.repeats ?? repeats.span, reminder: index)
            }
            guard context.digests[index].isFloatingWallClock else { return nil }
            let reminder = context.file.reminders[index]
            return context.finding(floatingInOutlook(reminder.id), at: reminder.spans.start, reminder: index)
        }
    }

    /// A part of a rule many clients ignore.
    enum Unsupported {
        case calendar(String)
        case secondly
    }

    /// What many clients ignore in `rule`.
    private static func unsupported(_ rule: RecurrenceRule) -> Unsupported? {
        if let calendar = rule.calendar, calendar != "gregorian" { return .calendar(calendar) }
        if rule.frequency == .secondly || rule.bySecond.contains(where: { $0 != 0 }) { return .secondly }
        return nil
    }
}

/// Plain scalars YAML 1.1 reads as something else.
enum YAML11TrapRule: CheckRule {
    static let readsTimes = false
    static let descriptor = RuleDescriptor(
        id: "yaml11-trap", name: "YAML 1.1 trap",
        summary:
            "A plain value another tool reads from the file that YAML 1.1 types: `data:` values (`0755`, `9:30`, `no`), and titles and notes such as `no` or `off`.",
        rationale:
            "remindc types every value by the format (`times: [08:00, 20:30]` are times, `title: no` is the text), but `data:` is for other programs, and PyYAML and other YAML 1.1 tools that read the same file turn `no` into false, `9:30` into 570 and `0755` into 493.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: answer, title: ↓no, at: 2026-12-01 09:00, data: {mode: ↓0755, start: ↓9:30}}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: answer, title: "no", at: 2026-12-01 09:00, data: {mode: "0755", start: "09:30"}}
                """,
            header + """
                reminders:
                  - {id: pills, title: Pills, at: 2026-12-01 08:00, repeat: {every: day, times: [08:00, 20:30]}}
                """,
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        // Keys are the format's own words; of the values, those remindc
        // types itself (times, counts, flags) mean one thing whatever YAML
        // 1.1 makes of them. What other tools read: `data:` values, and
        // texts that would become true, false or null.
        context.implicitlyTyped.filter(readByOtherTools).map { scalar in
            context.finding(readOtherwise(scalar.text, as: scalar.reading), at: scalar.span)
        }
    }

    static func readByOtherTools(_ scalar: YAML11.TypedScalar) -> Bool {
        let keys = scalar.keys
        if keys.count >= 2 && keys[keys.count - 2] == "data" { return true }
        guard let key = keys.last, ["title", "note"].contains(key) else { return false }
        return scalar.reading == "a boolean" || scalar.reading == "null"
    }
}

// MARK: ClientSupportRule's messages

extension ClientSupportRule {
    static func ignoredByClients(_ reminder: String, _ part: Unsupported) -> Message {
        let text =
            switch part {
            case .calendar(let calendar): "many calendar clients ignore the \(calendar) calendar (RSCALE) of '\(reminder)'"
            case .secondly: "many calendar clients ignore a repeat counted in seconds, as '\(reminder)' is"
            }
        return descriptor.message(text, hint: "'remindc ics --expand' writes each occurrence instead")
    }

    static func floatingInOutlook(_ reminder: String) -> Message {
        descriptor.message(
            "Outlook reads the floating time of '\(reminder)' in its own zone, not the device's",
            hint: "give it a zone if it belongs to one place")
    }
}

// MARK: YAML11TrapRule's messages

extension YAML11TrapRule {
    static func readOtherwise(_ text: String, as reading: String) -> Message {
        descriptor.message("YAML 1.1 tools read '\(text)' as \(reading)", hint: "quote it: \"\(text)\"")
    }
}
