import FileSystem
import Foundation
import Recurrence
import ReminderModel

/// One reminder as the desktop delivers it (`remindc notify`, `due` and
/// `resume`): its file, and the UID its state is kept by.
package struct DesktopReminder: Sendable {
    package let file: ReminderFile
    package let reminder: Reminder

    package init(file: ReminderFile, reminder: Reminder) {
        self.file = file
        self.reminder = reminder
    }

    /// What the state file keys it by.
    package var uid: String { file.uid(of: reminder) }

    /// `remindc due`: status 0 when the reminder has an alert to show now
    /// (`pendingAlert`) and is not stopped, else 1. A stopped reminder says
    /// nothing: its timer asks at every elapse, and each answer would be a
    /// line in the user's journal.
    package func due(at now: Instant, floatingZone: TimeZone, environment: [String: String]) -> DeliveryReport {
        let state = DesktopState(folders: UserFolders(environment: environment))
        let stop = state.isStopped(uid)
        if stop.stopped { return DeliveryReport(ending: .nothingDue) }
        let pending = Self.pendingAlert(
            reminder, at: now, floatingZone: floatingZone, grace: file.grace(of: reminder),
            shownUntil: state.shownUntil(uid))
        return DeliveryReport(stop.warning ?? "", ending: pending == nil ? .nothingDue : .done)
    }

    /// `remindc resume`: lets the reminder alert again.
    package func resume(environment: [String: String]) -> DeliveryReport {
        let state = DesktopState(folders: UserFolders(environment: environment))
        let stop = state.isStopped(uid)
        if let warning = stop.warning { return .failed(String(warning.dropFirst("warning: ".count))) }
        guard stop.stopped else { return DeliveryReport("remindc: '\(reminder.id)' was not stopped\n") }
        do {
            try state.setStopped(uid, false)
        } catch {
            return .failed("cannot write \(state.stoppedFile.path): \(error.localizedDescription)")
        }
        return DeliveryReport("remindc: '\(reminder.id)' alerts again\n")
    }

    /// The alert a timer's run shows: the latest alert of the reminder
    /// after `shownUntil` and at most 2 seconds after `now`, when it is on
    /// time (at most 30 seconds before `now`) or missed within `grace`
    /// (while the machine slept or was off), counted on the wall clock
    /// (`Reminder.AlertClock`) as the timers that ask are. A reminder a
    /// timer never delivered (`shownUntil` nil) has only its alerts on time.
    package static func pendingAlert(
        _ reminder: Reminder, at now: Instant, floatingZone: TimeZone, grace: NominalDuration,
        shownUntil: Instant?
    ) -> PendingAlert? {
        let onTime = now.advanced(by: -onTimeSeconds)
        var earliest = onTime
        if let shownUntil {
            earliest = max(now.advanced(by: -max(grace.nominalSeconds, onTimeSeconds)), shownUntil.advanced(by: 1))
        }
        let latest = now.advanced(by: 2)
        guard earliest <= latest else { return nil }
        let zone = reminder.timeZone == .floating ? floatingZone : reminder.timeZone.foundationZone
        var alerts = Set<Instant>()
        for (index, lead) in reminder.wallClockLeads.enumerated() {
            var occurrences = reminder.schedule(floatingZone: floatingZone).occurrences()
            occurrences.skip(toWallClock: earliest.wallTime(offset: lead - 2 * secondsPerDay))
            while let occurrence = occurrences.next() {
                let alert = reminder.alertInstants(of: occurrence, in: zone, clock: .wallClock)[index]
                if alert > latest { break }
                if alert >= earliest { alerts.insert(alert) }
            }
        }
        guard let last = alerts.max() else { return nil }
        return PendingAlert(alert: last, missed: alerts.filter { $0 < onTime }.count, isOnTime: last >= onTime)
    }

    /// How long before now an alert still counts as on time: a timer's
    /// elapse comes within a second of it, and a busy machine may take more.
    static let onTimeSeconds = 30
}

/// An alert a timer's run shows (`DesktopReminder.pendingAlert`).
package struct PendingAlert: Equatable, Sendable {
    /// The latest alert not yet shown.
    package var alert: Instant
    /// How many alerts were missed (their time passed while the machine
    /// slept or was off): `alert` itself among them when it is not on time.
    package var missed: Int
    package var isOnTime: Bool

    package init(alert: Instant, missed: Int, isOnTime: Bool) {
        self.alert = alert
        self.missed = missed
        self.isOnTime = isOnTime
    }
}
