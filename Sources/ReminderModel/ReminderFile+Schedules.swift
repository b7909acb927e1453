import Foundation
import Recurrence
import Support

extension ReminderFile {
    /// Every reminder's schedule, in order, made on every core for a large file.
    public func schedules(floatingZone: TimeZone) -> [Schedule] {
        let floating = Schedule.PlacedZone(.zone(floatingZone))
        return Concurrently.map(reminders.count, chunk: 4_096) { reminders[$0].schedule(floatingZone: floating) }
    }
}
