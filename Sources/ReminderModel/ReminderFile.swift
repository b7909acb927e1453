import Support
import Foundation
import Recurrence
import YAMLSyntax

/// One reminder file, decoded and validated: SPEC §1.
public struct ReminderFile: Sendable {
    /// The path as the user gave it.
    public var path: String
    /// The format version; 1 is the only one.
    public var version: Int
    /// The calendar's name.
    public var name: String?
    /// UIDs are `<id>@<uidDomain>`; defaults to the file's name stem as a
    /// domain label (`FileDecoder.domainLabel`).
    public var uidDomain: String
    /// Where `uid-domain:` was written; nil when the default is used.
    public var uidDomainSpan: SourceSpan?

    /// The UID of the component with id `id` (a reminder's id, or one of
    /// the components a reminder is written as, `<id>-extra`): `id@uidDomain`.
    public func uid(_ id: String) -> String { Self.uid(id, domain: uidDomain) }

    /// `id@domain`: the one spelling of a UID.
    public static func uid(_ id: String, domain: String) -> String { "\(id)@\(domain)" }

    /// `reminder`'s UID, `<id>@<uidDomain>` or its own `uid:`: what a
    /// calendar, the desktop state and the checks across files know it by.
    public func uid(of reminder: Reminder) -> String { reminder.uid ?? uid(reminder.id) }

    /// The UID of one more component of a reminder whose UID is `uid`:
    /// `suffix` before its last `@` (`x-extra@d` of `x@d`), or after it
    /// when it has none.
    public static func uid(_ uid: String, suffix: String) -> String {
        guard let at = uid.lastIndex(of: "@") else { return uid + suffix }
        return String(uid[..<at]) + suffix + String(uid[at...])
    }
    /// The default zone of every reminder.
    public var timeZone: ZoneName
    /// The `grace:` of every reminder without its own; nil for the default.
    public var grace: NominalDuration?
    /// The file's days off (`weekend:`, default Saturday and Sunday, and
    /// `holidays:`), for the reminders without their own.
    public var daysOff = DaysOff()
    /// The built-in region the file's `holidays:` names, if any.
    public var holidayRegion: HolidayRegion?
    public var lint: LintSettings
    /// Categories in file order.
    public var categories: [Category]
    /// Reminders in file order.
    public var reminders: [Reminder]

    /// The file without the reminders at `indices`.
    public func leavingOut(_ indices: [Int]) -> ReminderFile {
        guard !indices.isEmpty else { return self }
        let left = Set(indices)
        var kept = self
        kept.reminders = reminders.indices.filter { !left.contains($0) }.map { reminders[$0] }
        return kept
    }

    /// The absolute path of a path written in this file (a sound's): read
    /// against the file's folder, which a relative `path` of the file's own
    /// is read against `workingFolder` (an absolute path) for; `.` and `..`
    /// resolved.
    public func absolutePath(_ written: String, workingFolder: String) -> String {
        if written.hasPrefix("/") { return URL(fileURLWithPath: written).standardizedFileURL.path }
        let filePath = self.path.hasPrefix("/") ? self.path : workingFolder + "/" + self.path
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        return folder.appendingPathComponent(written).standardizedFileURL.path
    }

    /// How long after its time an alert of `reminder` missed while the
    /// machine slept or was off is still shown on waking: its `grace:`,
    /// else the file's, else `defaultGrace`. Zero shows alerts only on time.
    public func grace(of reminder: Reminder) -> NominalDuration {
        reminder.grace ?? grace ?? Self.defaultGrace
    }

    /// Four hours: a morning's alerts are still shown at noon, yesterday's
    /// are not.
    public static let defaultGrace = NominalDuration(seconds: 4 * 3600)

    /// The longest `grace:`: a week.
    public static let longestGrace = NominalDuration(days: 7)

    /// The category with `id`, if the file defines one.
    public func category(_ id: String) -> Category? {
        categories.first { $0.id == id }
    }
}
