/// A small command-line parser in the shape of swift-argument-parser's:
/// `--opt value` and `--opt=value`, flags, `--` to end options, `-h`/`--help`,
/// and its error wording.

/// A subcommand's interface: what `help` shows and what the parser accepts.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String?
    var options: [OptionSpec]
    /// The positional argument's placeholder and help, if the command takes any.
    var argument: (name: String, help: String, repeating: Bool)?
    /// Whether the positional argument may be left out.
    var argumentIsOptional = false
    /// A required positional before the others (`publish <url> <path> ...`):
    /// the first of `positionals`.
    var leading: (name: String, help: String)?

    init(
        name: String, abstract: String, discussion: String? = nil, options: [OptionSpec],
        leading: (name: String, help: String)? = nil,
        argument: (name: String, help: String, repeating: Bool)?, argumentIsOptional: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.leading = leading
        self.argument = argument
        self.argumentIsOptional = argumentIsOptional
    }

    static let helpOption = OptionSpec(names: ["--help", "-h"], valueName: nil, help: "Show help information.")

    /// Reads `arguments` (without the command name) against this spec.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            let name: String
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(message: "Unknown option '\(name)'", command: self.name)
            }
            guard option.valueName != nil else {
                if inlineValue != nil {
                    throw UsageError(message: "The option '\(option.primaryName)' does not take a value", command: self.name)
                }
                parsed.flags.insert(option.primaryName)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "Missing value for '\(option.synopsis)'", command: self.name)
            }
            if let allowed = option.allowed, !allowed.contains(value) {
                let choices = allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw UsageError(
                    message: "The value '\(value)' is invalid for '\(option.synopsis)'. Please provide one of \(choices).",
                    command: self.name)
            }
            parsed.values[option.primaryName] = value
        }
        if parsed.wantsHelp { return parsed }
        if let leading, parsed.positionals.isEmpty {
            throw UsageError(message: "Missing expected argument '<\(leading.name)>'", command: name)
        }
        if let argument {
            if parsed.positionals.count == (leading == nil ? 0 : 1) && !argumentIsOptional {
                throw UsageError(
                    message: "Missing expected argument '<\(argument.name)>\(argument.repeating ? " ..." : "")'", command: name)
            }
            let allowed = leading == nil ? 1 : 2
            if !argument.repeating && parsed.positionals.count > allowed {
                throw UsageError(message: "Unexpected argument '\(parsed.positionals[allowed])'", command: name)
            }
        } else if let extra = parsed.positionals.first {
            throw UsageError(message: "Unexpected argument '\(extra)'", command: name)
        }
        return parsed
    }

    /// `remindc check [--format <format>] [--strict] <path> ...`
    var usage: String {
        var parts = ["remindc", name]
        parts += options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
        if let leading { parts.append("<\(leading.name)>") }
        if let argument {
            let placeholder = "<\(argument.name)>" + (argument.repeating ? " ..." : "")
            parts.append(argumentIsOptional ? "[\(placeholder)]" : placeholder)
        }
        return parts.joined(separator: " ")
    }

    /// The help screen: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
    var help: String {
        var text = "OVERVIEW: \(abstract)\n"
        if let discussion { text += "\n" + HelpLayout.wrap(discussion, width: HelpLayout.lineWidth) + "\n" }
        text += "\nUSAGE: \(usage)\n"
        if leading != nil || argument != nil { text += "\nARGUMENTS:\n" }
        if let leading { text += HelpLayout.row("<\(leading.name)>", leading.help) }
        if let argument { text += HelpLayout.row("<\(argument.name)>", argument.help) }
        text += "\nOPTIONS:\n"
        for option in options + [Self.helpOption] {
            let names = option.names.filter { !$0.hasPrefix("--") } + option.names.filter { $0.hasPrefix("--") }
            let label = names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")
            var help = option.help
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            text += HelpLayout.row(label, help)
        }
        return text
    }
}
