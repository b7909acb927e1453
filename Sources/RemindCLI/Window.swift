import Recurrence

/// The span `[--from, --to)` of `expand` and `ics --expand`: from now and a
/// year long unless given.
struct Window {
    var from: Instant
    var to: Instant

    /// Reads the two options; an empty span is a usage error.
    init(
        _ arguments: ParsedArguments, from fromOption: OptionSpec, to toOption: OptionSpec, time: TimeOptions,
        command: String
    ) throws(UsageError) {
        from =
            try arguments.value(fromOption).map { text throws(UsageError) in try time.instant(text, option: "--from", command: command) }
            ?? time.now
        to =
            try arguments.value(toOption).map { text throws(UsageError) in try time.instant(text, option: "--to", command: command) }
            ?? time.yearAfter(from)
        guard from < to else {
            throw UsageError(message: "--to must be after --from: the window from \(from) to \(to) is empty", command: command)
        }
    }
}
