/// A mistake on the command line: printed as `Error: …` with the usage line,
/// exit status 2.
struct UsageError: Error, Equatable, Sendable {
    var message: String
    /// The command whose usage to show; nil for the top level.
    var command: String?
}
