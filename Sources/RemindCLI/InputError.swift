import Delivery
import Foundation
import ReminderModel
import ReminderOutput

/// What stops a command before it reads a file: a path missing or
/// unreadable, a folder without reminder files.
struct InputError: Error {
    /// One thing wrong, and the path it is about when there is one.
    struct Problem {
        var text: String
        var path: String?

        init(_ text: String, path: String?) {
            self.text = text
            self.path = path
        }
    }

    var problems: [Problem]

    /// Each problem as `Error: …`, status 2.
    var outcome: Outcome {
        Outcome(stderr: problems.map { "Error: \(TerminalText.visible($0.text))\n" }.joined(), status: 2)
    }

    /// The same outcome, with the problems also on standard output in the
    /// machine format a CI job reads there, so that it sees the error
    /// instead of nothing.
    func outcome(in format: CheckCommand.Format, workingFolder: String) -> Outcome {
        var outcome = self.outcome
        let failures = problems.map { InputFailure(message: $0.text, path: $0.path) }
        switch format {
        case .text: break
        case .json: outcome.stdout = JSONReporter.render(failures)
        case .sarif: outcome.stdout = SARIFReporter.render(failures, version: RemindcVersion.string, workingFolder: workingFolder)
        case .github: outcome.stdout = GitHubReporter.render(failures)
        }
        return outcome
    }
}
