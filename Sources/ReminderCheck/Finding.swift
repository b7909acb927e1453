import Support
import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// A rule's finding, with the reminder it is about (for `ignore:`) and,
/// for a finding about when it alerts, the first alert it is about (where
/// the views show it).
package struct Finding: Sendable {
    package var diagnostic: Diagnostic
    /// The index of the reminder in the file, when the finding is about one.
    package var reminder: Int?
    /// The alert the message names as the first: set by the rules of the
    /// sweep that name one (same-time, too-close, quiet-hours,
    /// too-many-per-hour).
    package var alert: Instant?

    package init(_ diagnostic: Diagnostic, reminder: Int? = nil, alert: Instant? = nil) {
        self.diagnostic = diagnostic
        self.reminder = reminder
        self.alert = alert
    }
}
