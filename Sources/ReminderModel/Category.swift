import Support
import Foundation
import Recurrence
import YAMLSyntax

/// A category of user actions offered with an alert.
public struct Category: Sendable {
    public var id: String
    /// All actions, in file order (the default context).
    public var actions: [Action]
    /// The ids of the actions for the minimal context (banner, lock screen):
    /// at most two; by default the first two actions.
    public var minimal: [String]
    /// Where the category's id was written.
    public var span: SourceSpan
    /// Where its `actions:` and `minimal:` lists were written.
    public var actionsSpan: SourceSpan?
    public var minimalSpan: SourceSpan?
}
