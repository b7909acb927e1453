import Foundation
import Recurrence
import Support

/// A decoded file and the schedule of each of its reminders, placed for one
/// run: floating reminders hang in `floatingZone` (the machine's zone, or
/// `--zone`). A command makes these once, right after loading, and the
/// checker and every writer read the same schedules.
public struct ScheduledFile: Sendable {
    public let file: ReminderFile
    /// `file.reminders[i]`'s schedule is `schedules[i]`.
    public let schedules: [Schedule]
    public let floatingZone: TimeZone
    /// What the work on this file (its schedules, the checks and writers
    /// that read it) may run on.
    public let parallelism: Parallelism

    /// Makes every reminder's schedule, on `parallelism`'s threads for a large file.
    public init(_ file: ReminderFile, floatingZone: TimeZone, parallelism: Parallelism = .sequential) {
        self.file = file
        self.floatingZone = floatingZone
        self.parallelism = parallelism
        let floating = Schedule.PlacedZone(.zone(floatingZone))
        let reminders = file.reminders
        let pieces = (reminders.count + Self.piece - 1) / Self.piece
        // A piece of the reminders each, its zones found once per run of
        // reminders in one zone: looking a zone's table up from every
        // thread at once, per reminder, cost more than making the schedules.
        schedules = Concurrently.map(pieces, threads: parallelism.threads) { piece -> [Schedule] in
            var last: (name: ZoneName, zone: Schedule.PlacedZone)?
            return (piece * Self.piece..<min((piece + 1) * Self.piece, reminders.count)).map { index in
                let name = reminders[index].timeZone
                if let last, last.name == name { return reminders[index].schedule(in: last.zone) }
                let zone = ZoneCache.placedZone(for: name, floatingZone: floating.placement)
                last = (name, zone)
                return reminders[index].schedule(in: zone)
            }
        }.flatMap { $0 }
    }

    /// `file` with `schedules` already made for it, one per reminder.
    package init(_ file: ReminderFile, schedules: [Schedule], floatingZone: TimeZone, parallelism: Parallelism = .sequential) {
        precondition(schedules.count == file.reminders.count)
        self.file = file
        self.schedules = schedules
        self.floatingZone = floatingZone
        self.parallelism = parallelism
    }

    /// How many reminders' schedules one thread makes at a time.
    private static let piece = 4_096

    /// Problems only the recurrence engine can see, which the writers
    /// refuse a file for: `never-fires`.
    public func scheduleDiagnostics() -> [Diagnostic] {
        let reminders = file.reminders, schedules = schedules, path = file.path
        return Concurrently.map(reminders.count, chunk: 4_096, threads: parallelism.threads) { index -> Diagnostic? in
            reminders[index].neverFires(in: path) { schedules[index] }
        }.compactMap { $0 }
    }
}
