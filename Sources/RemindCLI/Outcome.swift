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

    /// What an act of delivery said, on standard error, and its status.
    init(_ report: DeliveryReport) {
        self.init(stderr: report.messages, status: report.status)
    }
}
