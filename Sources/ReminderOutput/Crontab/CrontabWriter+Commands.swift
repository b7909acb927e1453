import Foundation
import ReminderModel

extension CrontabWriter {
    // MARK: Commands

    /// The command with its placeholders replaced: each becomes a
    /// double-quoted command substitution that decodes the text from
    /// base64, so no character of it reaches cron or the shell as syntax.
    /// The template's own `%` are escaped for Debian's cron and cronie.
    static func command(_ template: String?, reminder: Reminder, file: ReminderFile) -> String {
        var sound = ""
        if case .file(let path) = reminder.sound {
            sound = path.hasPrefix("/") ? path
                : URL(fileURLWithPath: file.path).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
        }
        var text = template ?? defaultCommand
        if template == nil {
            switch reminder.sound {
            case .file: text += "; paplay {sound}"
            case .default: text += "; canberra-gtk-play -i message-new-instant"
            case .silent, nil: break
            }
        }
        let values = [("{id}", reminder.id), ("{title}", reminder.title), ("{note}", reminder.note ?? ""), ("{sound}", sound),
                      ("{category}", reminder.category ?? "")]
        // One pass: `%` (which cron turns into a newline) escaped, each
        // placeholder replaced by its value, base64-encoded (the encoding
        // has no `%` and no braces).
        var command = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(where: { $0 == "{" || $0 == "%" }) {
            command += rest[..<index]
            rest = rest[index...]
            if rest.first == "%" {
                command += "\\%"
                rest = rest.dropFirst()
            } else if let (placeholder, value) = values.first(where: { rest.hasPrefix($0.0) }) {
                command += value.isEmpty ? "\"\"" : "\"$(echo \(Data(value.utf8).base64EncodedString()) | base64 -d)\""
                rest = rest.dropFirst(placeholder.count)
            } else {
                command += "{"
                rest = rest.dropFirst()
            }
        }
        return command + rest
    }

    /// Why a TEMPLATE cannot be used, or nil: a newline ends a cron entry,
    /// busybox crond cuts lines at `#`, Debian's cron turns `\\` into `\`.
    public static func templateProblem(_ template: String) -> String? {
        if template.contains(where: \.isNewline) { return "a newline would end the crontab entry" }
        if template.contains("#") { return "busybox crond cuts the line at '#'" }
        if template.contains("\\\\") { return "Debian's cron turns '\\\\' into '\\'" }
        return nil
    }

    // MARK: Comments

    /// A readable comment of the reminder's schedule.
    static func describe(_ reminder: Reminder) -> String {
        var text = "\(comment(reminder.title)): from \(reminder.start) (\(reminder.timeZone))"
        if let repeats = reminder.repeats { text += ", RRULE:\(repeats.rule.text)" }
        if let before = reminder.before, !before.isZero { text += ", alert \(before) before" }
        return text
    }

    /// Text safe in a comment line: one line, no `%`, at most `limit` characters.
    public static func comment(_ text: String, limit: Int? = 80) -> String {
        var result = String(text.unicodeScalars.map { scalar -> Character in
            scalar.value < 0x20 || scalar == "%" || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : Character(scalar)
        })
        if let limit, result.count > limit { result = String(result.prefix(limit - 1)) + "…" }
        return result
    }
}
