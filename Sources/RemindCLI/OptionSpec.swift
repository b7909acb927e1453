/// An option or flag a command takes.
struct OptionSpec: Sendable {
    /// Names, long first: `["--output", "-o"]`.
    var names: [String]
    /// The value's placeholder (`format` for `--format <format>`); nil for a flag.
    var valueName: String?
    var help: String
    /// The values allowed, if the set is closed.
    var allowed: [String]? = nil
    /// Shown as `(default: …)`.
    var defaultValue: String? = nil
    /// Shown without brackets in the usage line; the command checks it.
    var isRequired = false

    var primaryName: String { names[0] }

    /// `--format <format>` or `--strict`.
    var synopsis: String {
        valueName.map { "\(primaryName) <\($0)>" } ?? primaryName
    }
}
