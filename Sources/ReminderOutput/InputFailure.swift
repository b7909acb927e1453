import Foundation
import ReminderModel

/// A path `remindc check` could not read (missing, unreadable, a folder
/// without reminder files): the machine formats report it as they report a
/// finding, so that a CI job reading standard output sees why it failed.
package struct InputFailure: Sendable, Equatable {
    /// The id the machine formats give it.
    package static let id = "unreadable-path"

    package var message: String
    /// The path the message is about, as given, when there is one.
    package var path: String?

    package init(message: String, path: String?) {
        self.message = message
        self.path = path
    }
}

extension JSONReporter {
    /// `[{"rule": "unreadable-path", "severity": "error", "file", ...}]`:
    /// the fields of a finding, its place null.
    package static func render(_ failures: [InputFailure]) -> String {
        let items = failures.map { failure in
            "  {\"rule\": \"\(InputFailure.id)\", \"severity\": \"error\", \"file\": \(failure.path.map(OccurrenceWriter.jsonString) ?? "null"), "
                + "\"line\": null, \"column\": null, \"endLine\": null, \"endColumn\": null, "
                + "\"message\": \(OccurrenceWriter.jsonString(failure.message)), \"hint\": null, \"notes\": []}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }
}

extension SARIFReporter {
    /// A run that did not succeed: no results, and each failure a tool
    /// execution notification (SARIF 2.1.0 §3.20.21) at its path.
    package static func render(_ failures: [InputFailure], version: String, workingFolder: String) -> String {
        func string(_ text: String) -> String { OccurrenceWriter.jsonString(text) }
        let notifications = failures.map { failure in
            let location =
                failure.path.map {
                    ", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": \(artifactLocation($0, workingFolder: workingFolder))}}]"
                } ?? ""
            return
                "            {\"descriptor\": {\"id\": \"\(InputFailure.id)\"}, \"level\": \"error\", \"message\": {\"text\": \(string(failure.message))}\(location)}"
        }
        return """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {"driver": {"name": "remindc", "version": \(string(version)), "rules": []}},
                  "invocations": [
                    {
                      "executionSuccessful": false,
                      "toolExecutionNotifications": [
            \(notifications.joined(separator: ",\n"))
                      ]
                    }
                  ],
                  "results": []
                }
              ]
            }

            """
    }
}

extension GitHubReporter {
    /// `::error file=…,title=unreadable-path::message`, one per failure.
    package static func render(_ failures: [InputFailure]) -> String {
        failures.map { failure in
            let file = failure.path.map { "file=\(escapeProperty($0))," } ?? ""
            return "::error \(file)title=\(InputFailure.id)::\(escapeData(failure.message))\n"
        }.joined()
    }
}
