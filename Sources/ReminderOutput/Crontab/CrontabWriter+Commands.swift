import Foundation
import Support
import Recurrence
import ReminderModel

extension CrontabWriter {
    // MARK: Commands

    /// The placeholders a template may hold.
    package static let placeholders = ["id", "title", "note", "sound", "category"]

    /// Where the command's failures are logged, as the shell expands it.
    package static let logFolder = "${XDG_STATE_HOME:-$HOME/.local/state}/remindc"

    /// The whole command of a reminder's entries, one brace group: the
    /// session's bus and runtime folder when cron left them unset (cron
    /// passes neither, and `notify-send` and `paplay` need both), then the
    /// template with its placeholders replaced, and a line in
    /// `$XDG_STATE_HOME/remindc/cron.log` when it fails.
    static func command(_ template: String?, reminder: Reminder, file: ReminderFile, workingFolder: String) -> String {
        var text = template ?? defaultCommand
        if template == nil {
            switch reminder.sound {
            case .file: text += " && paplay {sound}"
            case .default: text += " && canberra-gtk-play -i message-new-instant"
            case .silent, nil: break
            }
        }
        // A template was checked by `templateProblem` before it got here.
        let substituted = (try? substitute(text, values: values(of: reminder, in: file, workingFolder: workingFolder))) ?? ""
        let trimmed = substituted.trimmingCharacters(in: .whitespaces)
        let ends = trimmed.hasSuffix(";") || (trimmed.hasSuffix("&") && !trimmed.hasSuffix("&&"))
        let environment =
            ": ${XDG_RUNTIME_DIR:=/run/user/$(id -u)} ${DBUS_SESSION_BUS_ADDRESS:=unix:path=$XDG_RUNTIME_DIR/bus}; "
            + "export XDG_RUNTIME_DIR DBUS_SESSION_BUS_ADDRESS"
        let log = "s=$?; f=\(logFolder); mkdir -p \"$f\"; echo \"$(date) \(reminder.id) failed: $s\" >>\"$f/cron.log\""
        return "{ \(environment); { \(trimmed)\(ends ? "" : ";") } || { \(log); }; }"
    }

    /// `template` for `/bin/sh -c`, its placeholders replaced by the
    /// reminder's values as `substitute` quotes them (no character of a
    /// reminder reaches the shell as syntax): an action's `run:`. What only
    /// cron cannot take (a newline, `#`) is allowed; an unknown placeholder
    /// or an open quote is the problem thrown.
    package static func shellCommand(
        _ template: String, reminder: Reminder, file: ReminderFile,
        workingFolder: String
    ) throws(TemplateProblem) -> String {
        try substitute(template, values: values(of: reminder, in: file, workingFolder: workingFolder))
    }

    /// What each of `placeholders` stands for in `reminder`'s commands: its
    /// sound as an absolute path, an absent note or category as nothing.
    static func values(of reminder: Reminder, in file: ReminderFile, workingFolder: String) -> [String: String] {
        var sound = ""
        if case .file(let path) = reminder.sound {
            sound = path.hasPrefix("/") ? path : file.absolutePath(path, workingFolder: workingFolder)
        }
        let values = [
            "id": reminder.id, "title": reminder.title, "note": reminder.note ?? "", "sound": sound, "category": reminder.category ?? "",
        ]
        assert(Set(values.keys) == Set(placeholders))
        return values
    }

    /// Why a template cannot be used.
    package struct TemplateProblem: Error, Equatable {
        package var message: String
    }

    /// The template with each placeholder replaced by a command substitution
    /// that decodes its value from base64 (`A-Z a-z 0-9 + / =`), so no
    /// character of a reminder reaches cron or the shell as syntax. Outside
    /// quotes the substitution is double-quoted; inside double quotes it is
    /// bare; inside single quotes the quote is closed around it. `%`, which
    /// cron turns into a newline, becomes `\%` outside quotes the same way.
    /// `{{` is a literal `{`.
    ///
    /// A command substitution, `$(…)` or backquotes, is a shell of its own
    /// whatever quotes are around it: `"$(printf %s {title})"` reads the
    /// placeholder unquoted there, so the quotes are followed into it and
    /// out again, and one left open is refused.
    static func substitute(_ template: String, values: [String: String]) throws(TemplateProblem) -> String {
        enum Quote { case none, single, double }
        /// What a command substitution interrupted: the quote around it,
        /// and for `$(…)`, the parentheses open inside it.
        enum Nesting { case parenthesis(outer: Quote, depth: Int), backquote(outer: Quote) }
        var quote = Quote.none
        var nesting: [Nesting] = []
        var result = ""
        let characters = Array(template)
        var index = 0
        func wrap(_ text: String) -> String {
            switch quote {
            case .none: return text
            case .single: return "'" + text + "'"
            case .double: return "\"" + text + "\""
            }
        }
        while index < characters.count {
            let character = characters[index]
            switch (character, quote) {
            case ("$", .none), ("$", .double):
                result.append(character)
                if index + 1 < characters.count, characters[index + 1] == "(" {
                    nesting.append(.parenthesis(outer: quote, depth: 0))
                    quote = .none
                    result.append("(")
                    index += 1
                }
            case ("(", .none):
                if case .parenthesis(let outer, let depth) = nesting.last {
                    nesting[nesting.count - 1] = .parenthesis(outer: outer, depth: depth + 1)
                }
                result.append(character)
            case (")", .none):
                if case .parenthesis(let outer, let depth) = nesting.last {
                    if depth > 0 {
                        nesting[nesting.count - 1] = .parenthesis(outer: outer, depth: depth - 1)
                    } else {
                        nesting.removeLast()
                        quote = outer
                    }
                }
                result.append(character)
            case ("`", .none), ("`", .double):
                if quote == .none, case .backquote(let outer) = nesting.last {
                    nesting.removeLast()
                    quote = outer
                } else {
                    nesting.append(.backquote(outer: quote))
                    quote = .none
                }
                result.append(character)
            case ("'", .none): quote = .single; result.append(character)
            case ("'", .single): quote = .none; result.append(character)
            case ("\"", .none): quote = .double; result.append(character)
            case ("\"", .double): quote = .none; result.append(character)
            case ("\\", .none), ("\\", .double):
                // `\%` means a literal `%`, which the `%` case writes.
                if index + 1 < characters.count, characters[index + 1] != "%" {
                    result.append(character)
                    index += 1
                    result.append(characters[index])
                } else if index + 1 == characters.count {
                    result.append(character)
                }
            case ("%", _):
                result += wrap("\\%")
            case ("{", _) where index + 1 < characters.count && characters[index + 1] == "{":
                result.append("{")
                index += 1
            case ("{", _) where index == 0 || characters[index - 1] != "$":
                guard let (value, end) = try placeholder(at: index, in: characters, values: values) else {
                    result.append(character)
                    break
                }
                if value.isEmpty {
                    if quote == .none { result += "\"\"" }
                } else {
                    result += wrap("\"$(echo \(Data(value.utf8).base64EncodedString()) | base64 -d)\"")
                }
                index = end
            default:
                result.append(character)
            }
            index += 1
        }
        guard quote == .none else {
            throw TemplateProblem(message: "a \(quote == .single ? "single" : "double") quote is left open")
        }
        if let open = nesting.last {
            if case .backquote = open { throw TemplateProblem(message: "a backquote is left open") }
            throw TemplateProblem(message: "a '$(' is left open")
        }
        return result
    }

    /// The value of the placeholder whose `{` is at `index`, and the index
    /// of its `}`; nil when no name and `}` follow (the `{` is text).
    private static func placeholder(
        at index: Int, in characters: [Character], values: [String: String]
    ) throws(TemplateProblem) -> (value: String, end: Int)? {
        var end = index + 1
        while end < characters.count, characters[end].isASCII, characters[end].isLetter || characters[end] == "-" || characters[end] == "_"
        {
            end += 1
        }
        guard end > index + 1, end < characters.count, characters[end] == "}" else { return nil }
        let name = String(characters[(index + 1)..<end])
        guard let value = values[name] else {
            let suggestion = closest(to: name, in: placeholders).map { " (did you mean {\($0)}?)" } ?? ""
            throw TemplateProblem(
                message: "unknown placeholder {\(name)}\(suggestion); the placeholders are "
                    + placeholders.map { "{\($0)}" }.joined(separator: ", ") + ", and {{ is a literal {")
        }
        return (value, end)
    }

    /// Why a TEMPLATE cannot be used, or nil: a newline ends a cron entry,
    /// busybox crond cuts lines at `#`, Debian's cron turns `\\` into `\`;
    /// an unknown placeholder or an open quote.
    package static func templateProblem(_ template: String) -> String? {
        if template.contains(where: \.isNewline) { return "a newline would end the crontab entry" }
        if template.contains("#") { return "busybox crond cuts the line at '#'" }
        if template.contains("\\\\") { return "Debian's cron turns '\\\\' into '\\'" }
        if template.trimmingCharacters(in: .whitespaces).isEmpty { return "it is empty" }
        do {
            _ = try sample(template)
        } catch {
            return error.message
        }
        return nil
    }

    /// `template` as the shell is given it, each placeholder replaced as a
    /// reminder's value would be, the value `x`: what `/bin/sh -n` checks.
    package static func sample(_ template: String) throws(TemplateProblem) -> String {
        try substitute(template, values: Dictionary(uniqueKeysWithValues: placeholders.map { ($0, "x") }))
    }

    // MARK: Comments

    /// A readable comment of the reminder's schedule.
    static func describe(_ reminder: Reminder) -> String {
        var text = "\(comment(reminder.title)): from \(reminder.start) (\(reminder.timeZone))"
        if let repeats = reminder.repeats { text += ", RRULE:\(repeats.rule.text)" }
        for written in reminder.writtenLeads {
            guard let duration = written.duration else {
                text += ", alert \(written) before"
                continue
            }
            guard case .date = reminder.start else {
                if !duration.isZero { text += ", alert \(duration) before" }
                continue
            }
            text += ", alert " + allDayAlert(duration, timeOfDay: reminder.alertTimeOfDay)
        }
        return text
    }

    /// When an all-day reminder's alert `lead` before its `alert-time`
    /// (seconds into the day; 0, the day's start, without one) falls, on
    /// the wall clock: `at 19:00`, `the day before at 19:00`, `3 days
    /// before at 08:30`.
    static func allDayAlert(_ lead: NominalDuration, timeOfDay: Int) -> String {
        var seconds = timeOfDay - lead.seconds
        var days = lead.days
        while seconds < 0 {
            seconds += secondsPerDay
            days += 1
        }
        var clock = String(format: "%02d:%02d", seconds / 3600, seconds / 60 % 60)
        if seconds % 60 != 0 { clock += String(format: ":%02d", seconds % 60) }
        switch days {
        case 0: return "at \(clock)"
        case 1: return "the day before at \(clock)"
        default: return "\(days) days before at \(clock)"
        }
    }

    /// Text safe in a comment line: one line, no `%`, at most `limit` characters.
    package static func comment(_ text: String, limit: Int? = 80) -> String {
        var result = String(
            text.unicodeScalars.map { scalar -> Character in
                ControlCharacter.breaksText(scalar) || scalar == "%" ? " " : Character(scalar)
            })
        if let limit, result.count > limit { result = String(result.prefix(limit - 1)) + "…" }
        return result
    }
}
