import ReminderModel

/// `remindc manual`: the manual page remindc(1) in roff, made from the same
/// command specs as `--help`; `docs/remindc.1` is a copy
/// (`man -l docs/remindc.1`, or install it as `man1/remindc.1`).
enum ManualCommand: Command {
    static let spec = CommandSpec(
        name: "manual",
        abstract: "Print the manual page remindc(1) in roff.",
        discussion: "Read it with 'remindc manual | man -l -', or install it: 'remindc manual > ~/.local/share/man/man1/remindc.1'.",
        options: [],
        argument: nil
    )

    static func options(from arguments: ParsedArguments, invocation: Invocation) {}

    static func run(_ options: Void, invocation: Invocation) -> Outcome {
        Outcome(stdout: page)
    }

    /// Text safe in roff: backslashes written as `\e`, hyphens of options
    /// as `\-`, and a line never starting with `.` or `'`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    static var page: String {
        var text = """
            .\\" The manual page of remindc, written by 'remindc manual'; regenerate it rather than editing it.
            .TH REMINDC 1 "" "\(escaped(RemindcVersion.string))" "User Commands"
            .SH NAME
            remindc \\- a reminder compiler
            .SH SYNOPSIS
            .B remindc
            .I command
            .RI [ options ]
            .RI [ path ...]
            .br
            .B remindc \\-\\-version
            .SH DESCRIPTION
            \(escaped(Remindc.abstract))
            .PP
            A path is a reminder file, a folder (every
            .I *.yaml
            and
            .I *.yml
            file below it, hidden ones skipped), or
            .B \\-
            for standard input.
            The file format is described in
            .I docs/format.md
            of remindc's source, and printed as a JSON Schema by
            .BR "remindc schema" .
            .SH COMMANDS

            """
        for command in Remindc.specs + [Remindc.helpSpec] {
            text += ".SS \"\(escaped(command.usage))\"\n"
            text += escaped(command.abstract) + "\n"
            if let discussion = command.discussion {
                text += ".PP\n" + escaped(discussion) + "\n"
            }
            if let leading = command.leading {
                text += ".TP\n.I \(escaped(leading.name))\n\(escaped(leading.help))\n"
            }
            if let argument = command.argument {
                text += ".TP\n.I \(escaped(argument.name))\(argument.repeating ? " ..." : "")\n\(escaped(argument.help))\n"
            }
            for option in command.options {
                let names = option.names.filter { !$0.hasPrefix("--") } + option.names.filter { $0.hasPrefix("--") }
                var label = ".B " + names.map(escaped).joined(separator: ", ")
                if let value = option.valueName { label = ".BI \"" + names.map(escaped).joined(separator: ", ") + " \" \(escaped(value))" }
                var help = option.help
                if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
                text += ".TP\n\(label)\n\(escaped(help))\n"
            }
        }
        text += """
            .SH EXIT STATUS
            .TP
            .B 0
            No file has errors (warnings do not count unless
            .B \\-\\-strict
            is given).
            .TP
            .B 1
            A file has errors; they are reported, and nothing is written.
            .TP
            .B 2
            A usage error, a path that cannot be read, or an output that cannot be written.
            .SH ENVIRONMENT
            .TP
            .B TZ
            The zone wall-clock times on the command line and floating reminders are read in, unless
            .B \\-\\-zone
            is given.
            .TP
            .B SOURCE_DATE_EPOCH
            Pins now, as
            .B \\-\\-now
            does, so that outputs are the same from run to run.
            .TP
            .B NO_COLOR
            No colour in diagnostics, even on a terminal.
            .TP
            .B GITHUB_ACTIONS
            When set, check reports as GitHub workflow commands unless
            .B \\-\\-format
            says otherwise.
            .TP
            .B XDG_STATE_HOME
            Where publish keeps what it last wrote to each calendar, and notify which reminders are stopped.
            .SH SEE ALSO
            .BR crontab (5),
            .BR systemd.timer (5),
            .BR notify\\-send (1);
            RFC 5545 (iCalendar), RFC 7529 (other calendars), RFC 4791 (CalDAV).

            """
        return text
    }
}
