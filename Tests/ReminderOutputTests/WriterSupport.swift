import Foundation
import ReminderModel

/// A reminder file decoded in the test, with its schedules.
enum WriterSupport {
    static let utc = TimeZone(identifier: "UTC")!

    static func scheduled(_ yaml: String, path: String = "t.yaml") -> ScheduledFile? {
        ReminderFile.load(Array(yaml.utf8), path: path).file.map { ScheduledFile($0, floatingZone: utc) }
    }
}
