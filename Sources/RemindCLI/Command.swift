/// A subcommand of `remindc`, declared once: its interface (`spec`), the
/// typed options it makes of what it was given (every usage error raised
/// there, before any file is read), and what it does with them.
///
/// Options are read through the `OptionSpec` constants the spec lists,
/// never by their names as strings; a closed set of values is an enum.
protocol Command: Sendable {
    associatedtype Options
    static var spec: CommandSpec { get }
    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options
    /// Runs the command. Throws only for a usage error the files reveal (an
    /// `--id` that no file has).
    static func run(_ options: Options, invocation: Invocation) throws(UsageError) -> Outcome
}

extension Command {
    /// Parses `arguments` (after the command's name), then runs: help when
    /// asked for, else the options made and the command run.
    static func main(_ arguments: [String], invocation: Invocation) throws(UsageError) -> Outcome {
        let parsed = try spec.parse(arguments)
        if parsed.wantsHelp { return Outcome(stdout: spec.help) }
        return try run(options(from: parsed, invocation: invocation), invocation: invocation)
    }

    /// A usage error of this command: its message, then its usage line.
    static func usageError(_ message: String) -> UsageError {
        UsageError(message: message, command: spec.name)
    }
}

extension CommandSpec {
    /// The `<path> ...` argument of every command that reads reminder files.
    static let paths = (
        name: "path", help: "A reminder file, a folder (every *.yaml and *.yml file below it), or - for standard input.",
        repeating: true
    )
}
