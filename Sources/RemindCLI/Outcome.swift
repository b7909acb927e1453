import Delivery
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// What a run printed and how it ended.
package struct Outcome: Sendable, Equatable {
    package var stdout: String
    package var stderr: String
    /// 0 success; 1 the input has errors; 2 usage error or unreadable path.
    package var status: Int32

    package init(stdout: String = "", stderr: String = "", status: Int32 = 0) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
    }

    /// What an act of delivery said, on standard error, and its status: 0
    /// done, 1 nothing due or a failure, 2 a folder or file that cannot be
    /// written.
    init(_ report: DeliveryReport) {
        switch report.ending {
        case .done:
            self.init(stderr: report.notes)
        case .nothingDue:
            self.init(stderr: report.notes, status: 1)
        case .failed(let reason, let writing):
            let line = "Error: " + reason + (reason.hasSuffix("\n") ? "" : "\n")
            self.init(stderr: report.notes + line, status: writing ? 2 : 1)
        }
    }
}
