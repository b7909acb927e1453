import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// A rule's finding, with the reminder it is about (for `ignore:`).
public struct Finding: Sendable {
    public var diagnostic: Diagnostic
    /// The index of the reminder in the file, when the finding is about one.
    public var reminder: Int?

    public init(_ diagnostic: Diagnostic, reminder: Int? = nil) {
        self.diagnostic = diagnostic
        self.reminder = reminder
    }
}
