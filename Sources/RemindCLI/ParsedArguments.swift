/// What a command was given.
struct ParsedArguments: Sendable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    /// The value given for `option`, if any.
    func value(_ option: OptionSpec) -> String? { values[option.primaryName] }

    /// Whether the flag `option` was given.
    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.primaryName) }
}
