/// What an act of delivery (an install, an alert, a resume) did: what it
/// said on the way (warnings and what was done, whole lines), and how it
/// ended. The command that asked turns it into text and an exit status.
package struct DeliveryReport: Sendable, Equatable {
    /// How an act ended.
    package enum Ending: Sendable, Equatable {
        /// Done; for `due`, an alert is due now.
        case done
        /// For `due`: no alert is due, or the reminder is stopped.
        case nothingDue
        /// Failed, and why (a sentence, or lines another program wrote);
        /// `writing` when a folder or file could not be written.
        case failed(String, writing: Bool)
    }

    /// Whole lines, each ending in a newline.
    package var notes: String
    package var ending: Ending

    package init(_ notes: String = "", ending: Ending = .done) {
        self.notes = notes
        self.ending = ending
    }

    /// A failure for `reason`, after `notes`.
    package static func failed(_ reason: String, after notes: String = "", writing: Bool = false) -> DeliveryReport {
        DeliveryReport(notes, ending: .failed(reason, writing: writing))
    }
}
