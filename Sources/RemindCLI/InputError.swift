import Delivery
import Foundation
import ReminderModel
import ReminderOutput

struct InputError: Error {
    var messages: [String]

    /// Each message as `Error: …`, status 2.
    var outcome: Outcome {
        Outcome(stderr: messages.map { "Error: \(TerminalText.visible($0))\n" }.joined(), status: 2)
    }
}
