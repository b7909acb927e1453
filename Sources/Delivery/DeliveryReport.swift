/// What an act of delivery (an install, an alert, a resume) tells the
/// person, and how it ended: the command prints `messages` on standard
/// error and exits with `status`.
package struct DeliveryReport: Sendable, Equatable {
    /// Whole lines, each ending in a newline.
    package var messages: String
    /// 0 done; 1 failed (or, for `due`, not due); 2 a folder or file that cannot be written.
    package var status: Int32

    package init(_ messages: String = "", status: Int32 = 0) {
        self.messages = messages
        self.status = status
    }

    /// `Error: message`, status 1.
    package static func failed(_ message: String, after messages: String = "") -> DeliveryReport {
        DeliveryReport(messages + "Error: \(message)\n", status: 1)
    }
}
