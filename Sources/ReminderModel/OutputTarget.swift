import Support
import Foundation
import Recurrence
import YAMLSyntax

/// An output remindc writes, whose own checks `check --for` runs.
public enum OutputTarget: String, CaseIterable, Hashable, Sendable {
    case ics
    case caldav
    case crontab
    case systemd

    /// The names, for messages: `ics, crontab`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
