import Delivery
import Foundation
import Recurrence
import ReminderModel

/// The reminder `--id` names among the files of a command line, for
/// `notify`, `resume` and `due`.
struct ReminderChoice {
    var id: String
    var paths: [String]

    static func option(help: String) -> OptionSpec {
        OptionSpec(names: ["--id"], valueName: "id", help: help, isRequired: true)
    }

    /// `--id` and the paths; either missing is a usage error.
    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        guard let id = arguments.value(Self.option(help: "")) else {
            throw UsageError(message: "Missing expected option '--id <id>'", command: command)
        }
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<path> ...'", command: command) }
        self.id = id
        paths = arguments.positionals
    }

    /// `body` of the reminder; what a file that cannot be read or has
    /// errors makes the command report, without `body`. An id no file has,
    /// or several files have, is a usage error.
    func find(command: String, _ body: (DesktopReminder) -> Outcome) throws(UsageError) -> Outcome {
        let loaded: LoadedFiles
        switch LoadedFiles.load(paths, floatingZone: TimeZone.current) {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if loaded.hasErrors { return loaded.failure }
        let matches = loaded.files.flatMap { scheduled in scheduled.file.reminders.filter { $0.id == id }.map { (scheduled.file, $0) } }
        guard let (file, reminder) = matches.first else {
            let ids = loaded.files.flatMap { $0.file.reminders.map(\.id) }
            let suggestion = closest(to: id, in: ids).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "no reminder '\(id)' in \(paths.joined(separator: " "))\(suggestion)", command: command)
        }
        guard matches.count == 1 else {
            throw UsageError(message: "'\(id)' is a reminder of \(matches.count) files: give the one file", command: command)
        }
        return body(DesktopReminder(file: file, reminder: reminder))
    }
}
