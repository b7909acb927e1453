import Foundation
import Recurrence
import ReminderModel

/// One reminder as the desktop delivers it (`remindc notify`, `due` and
/// `resume`): its file, and the UID its state is kept by.
public struct DesktopReminder: Sendable {
    public let file: ReminderFile
    public let reminder: Reminder

    public init(file: ReminderFile, reminder: Reminder) {
        self.file = file
        self.reminder = reminder
    }

    /// What the state file keys it by.
    public var uid: String { file.uid(of: reminder) }

    /// `remindc due`: status 0 when an alert falls within the 30 seconds
    /// before `now` or the 2 after and the reminder is not stopped, else 1.
    /// A stopped reminder says nothing: its timer asks at every elapse, and
    /// each answer would be a line in the user's journal.
    public func due(at now: Instant, floatingZone: TimeZone, environment: [String: String]) -> DeliveryReport {
        let stop = DesktopState(folders: UserFolders(environment: environment)).isStopped(uid)
        if stop.stopped { return DeliveryReport(status: 1) }
        return DeliveryReport(stop.warning ?? "", status: Self.isDue(reminder, at: now, floatingZone: floatingZone) ? 0 : 1)
    }

    /// `remindc resume`: lets the reminder alert again.
    public func resume(environment: [String: String]) -> DeliveryReport {
        let state = DesktopState(folders: UserFolders(environment: environment))
        let stop = state.isStopped(uid)
        if let warning = stop.warning { return DeliveryReport("Error: " + warning.dropFirst("warning: ".count), status: 1) }
        guard stop.stopped else { return DeliveryReport("remindc: '\(reminder.id)' was not stopped\n") }
        do {
            try state.setStopped(uid, false)
        } catch {
            return .failed("cannot write \(state.stoppedFile.path): \(error.localizedDescription)")
        }
        return DeliveryReport("remindc: '\(reminder.id)' alerts again\n")
    }

    /// Whether an alert of `reminder` falls within the 30 seconds before
    /// `now` or the 2 after, counted on the wall clock (`Reminder.AlertClock`)
    /// as the timers that ask are.
    public static func isDue(_ reminder: Reminder, at now: Instant, floatingZone: TimeZone) -> Bool {
        let zone = reminder.timeZone == .floating ? floatingZone : reminder.timeZone.foundationZone
        let window = now.advanced(by: -30)...now.advanced(by: 2)
        for (index, lead) in reminder.wallClockLeads.enumerated() {
            var occurrences = reminder.schedule(floatingZone: floatingZone).occurrences()
            occurrences.skip(toWallClock: now.wallTime(offset: lead - 2 * secondsPerDay))
            while let occurrence = occurrences.next() {
                let alert = reminder.alertInstants(of: occurrence, in: zone, clock: .wallClock)[index]
                if window.contains(alert) { return true }
                if alert > window.upperBound { break }
            }
        }
        return false
    }
}
