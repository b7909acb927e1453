import Foundation
import Recurrence
import ReminderModel

/// Each output's own checks, run without writing anything: what `check
/// --for` reports, and what that output's command would refuse or warn
/// about, under the same ids and at the same lines and columns.
extension OutputTarget {
    /// The findings of this output's writer for `scheduled`. A crontab is
    /// written for a machine whose clock runs in `hostZone` (`--zone`), as
    /// `remindc crontab` would without `--allow-inexact`.
    public func problems(in scheduled: ScheduledFile, hostZone: TimeZone, now: Instant, workingFolder: String) -> [Diagnostic] {
        switch self {
        case .ics:
            return ICalendarWriter.problems(in: scheduled) + ICalendarWriter.uidClashes(in: scheduled)
                + ICalendarWriter.readerProblems(in: scheduled) + ICalendarWriter.holidayHorizonProblems(in: scheduled, now: now)
        case .caldav:
            // What `publish` writes is the .ics: its checks, and what the
            // servers it goes to refuse.
            return ICalendarWriter.problems(in: scheduled) + ICalendarWriter.uidClashes(in: scheduled)
                + ICalendarWriter.readerProblems(in: scheduled) + ICalendarWriter.holidayHorizonProblems(in: scheduled, now: now)
                + ICalendarWriter.serverProblems(in: scheduled, now: now)
        case .crontab:
            let writer = CrontabWriter(options: .init(hostZone: hostZone, now: now, workingFolder: workingFolder))
            return writer.problems(in: [scheduled])
        case .systemd:
            // Its guard (`remindc due`) asks the engine at each elapse, and
            // its timers elapse at every alert, gaps included: a systemd
            // timer refuses only an alert past the years its calendar
            // events can name.
            return SystemdWriter.problems(in: scheduled.file)
        }
    }

    /// What every output refuses, whichever is asked for: a time with a
    /// fraction of a second, which neither iCalendar nor cron can carry.
    public static func sharedProblems(in scheduled: ScheduledFile) -> [Diagnostic] {
        ICalendarWriter.problems(in: scheduled)
    }
}
