import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

extension OutputTarget {
    /// What the command that writes this output says of `scheduled`
    /// beyond loading it: the output's own problems (`problems(in:...)`)
    /// and the findings of the checker's rules about this output alone
    /// (`CheckRule.outputs`). `check --for` reports each of them; `ics`,
    /// `publish` and `systemd` print them, and `crontab` its writer's,
    /// which are its problems.
    package func findings(in scheduled: ScheduledFile, hostZone: TimeZone, now: Instant, workingFolder: String) -> [Diagnostic] {
        let problems = problems(in: scheduled, hostZone: hostZone, now: now, workingFolder: workingFolder)
        let rules = Rules.all.filter { $0.outputs.contains(self) }
        guard !rules.isEmpty else { return problems }
        let context = CheckContext(scheduled, now: now, horizon: 0, targets: [self])
        return problems + Checker.findings(context, rules: rules)
    }
}
