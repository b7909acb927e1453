import Support
import Foundation
import Recurrence
import YAMLSyntax

/// The checker's settings for a file (`lint:`).
public struct LintSettings: Hashable, Sendable {
    /// Report occurrences inside these hours.
    public var quietHours: ClockRange?
    /// Report reminders that fire closer together than this.
    public var minimumGap: NominalDuration?
    /// Report more alerts than this in any hour.
    public var maximumPerHour: Int?
    /// Rule ids switched off for the whole file.
    public var disabledRules: [String] = []
    /// Where each of `disabledRules` was written.
    public var disabledRuleSpans: [SourceSpan] = []
    /// The outputs the file is written to (`targets: [ics, crontab]`):
    /// `check` runs each one's own checks, as `check --for` does.
    public var targets: [OutputTarget] = []
    /// Where each of `targets` was written.
    public var targetSpans: [SourceSpan] = []
    /// Where `lint:` was written, for diagnostics about it.
    public var span: SourceSpan?

    public init() {}
}
