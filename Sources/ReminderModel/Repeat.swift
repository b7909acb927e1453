import Support
import Foundation
import Recurrence
import YAMLSyntax

/// How a reminder repeats: a recurrence rule plus SPEC §1's extras.
public struct Repeat: Sendable {
    public var rule: RecurrenceRule
    /// Times of day from `times:` that BYHOUR, BYMINUTE and BYSECOND cannot
    /// express exactly (08:00 and 20:30); each day the rule selects fires at
    /// every one of them. Empty when the rule's own parts say it all.
    public var times: [CivilTime]
    /// Dates or times to leave out (EXDATE).
    public var except: [ReminderTime]
    /// Extra occurrences (RDATE).
    public var also: [ReminderTime]
    /// True when the rule came from an `rrule:` string.
    public var isRawRule: Bool
    /// `working-day:`: the rule's months or years each fire on their Nth
    /// working day (from the end when negative) instead of a date.
    public var workingDay: Int?
    public var span: SourceSpan
    /// Where each of `except` was written.
    public var exceptSpans: [SourceSpan] = []
    /// Where the end was written: the map form's `until:` value, or the
    /// UNTIL part of an `rrule:`.
    public var untilSpan: SourceSpan?
    /// Where the positions were written: `position:`, or BYSETPOS.
    public var positionSpan: SourceSpan?
}
