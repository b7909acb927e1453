import Support
import Foundation
import Recurrence
import YAMLSyntax

/// A button offered with an alert.
public struct Action: Sendable {
    public enum Activation: String, CaseIterable, Sendable {
        /// The action runs without bringing the app forward.
        case background
        /// The action opens the app.
        case foreground
    }

    public var id: String
    public var title: String
    public var activation: Activation = .background
    public var authenticationRequired = false
    public var destructive = false
    /// For a snooze action, how long after it is chosen the alert fires again.
    public var snooze: NominalDuration?
    /// Whether choosing it stops a repeating reminder: its later alerts stay
    /// silent until `remindc resume`.
    public var stops = false
    /// A command run when it is chosen, with the crontab template's
    /// placeholders (`{id}`, `{title}`, `{note}`, `{sound}`, `{category}`).
    public var run: String?
    /// Where `stops` and `run` were written.
    public var stopsSpan: SourceSpan?
    public var runSpan: SourceSpan?
    /// Where the action's id was written (its mapping, if the id is missing).
    public var span: SourceSpan
    /// Where `authentication-required` was written.
    public var authenticationSpan: SourceSpan?
}
