import Foundation
import Recurrence
import ReminderModel

/// Each output's own checks, run without writing anything: what `check
/// --for` reports, and what that output's command would refuse or warn
/// about, under the same ids and at the same lines and columns.
extension OutputTarget {
    /// Everything the command that writes this output says of `scheduled`
    /// beyond what loading it says: what stops it (a time with a fraction
    /// of a second) and what it warns of. `check --for` reports the same,
    /// and `remindc ics`, `publish`, `crontab` and `systemd` print it: the
    /// one list of each output. A crontab is written for a machine whose
    /// clock runs in `hostZone` (`--zone`), as `remindc crontab` would
    /// without `--allow-inexact`.
    package func problems(in scheduled: ScheduledFile, hostZone: TimeZone, now: Instant, workingFolder: String) -> [Diagnostic] {
        switch self {
        case .ics, .caldav:
            // What `publish` writes is the .ics: its checks, and what the
            // servers it goes to refuse.
            return Self.sharedProblems(in: scheduled) + ICalendarWriter.uidClashes(in: scheduled)
                + ICalendarWriter.readerProblems(in: scheduled, serversAt: self == .caldav ? now : nil)
                + ICalendarWriter.holidayHorizonProblems(in: scheduled, now: now)
        case .crontab:
            // The writer finds its problems as it writes: the same pass
            // with nothing written.
            let writer = CrontabWriter(options: .init(hostZone: hostZone, now: now, workingFolder: workingFolder))
            return Self.sharedProblems(in: scheduled) + writer.problems(in: [scheduled])
        case .systemd:
            // Its guard (`remindc due`) asks the engine at each elapse, and
            // its timers elapse at every alert, gaps included: a systemd
            // timer refuses only an alert past the years its calendar
            // events can name.
            return Self.sharedProblems(in: scheduled) + SystemdWriter.problems(in: scheduled.file)
        }
    }

    /// What every output refuses, whichever is asked for: a time with a
    /// fraction of a second, which neither iCalendar nor cron can carry.
    /// `ics --expand`, which writes no rule and no UID of its own, says
    /// this alone.
    package static func sharedProblems(in scheduled: ScheduledFile) -> [Diagnostic] {
        ICalendarWriter.problems(in: scheduled)
    }
}
