import Foundation
import Recurrence
import ReminderModel
import Support
import YAMLSyntax

/// systemd user units for reminders: per reminder a `.timer` whose
/// `OnCalendar=` elapses at every alert (on a superset of them where a
/// calendar event cannot say the rule), `Persistent=true` so that an elapse
/// missed while the machine was off comes at boot (one missed in sleep
/// comes on waking anyway), and a `.service` whose `ExecCondition=`
/// (`remindc due`) lets only the exact alerts and the missed ones through
/// and whose `ExecStart=` (`remindc notify --from-timer`) shows the alert
/// in a transient unit of its own and ends. The units name the file by its
/// absolute path and the reminder by its id; no reminder text is in them,
/// so nothing in them needs escaping but the paths.
package struct SystemdWriter: Sendable {
    package struct Options: Sendable {
        /// The absolute path of the remindc the services run.
        package var remindc: String
        /// The folder relative file paths are read from.
        package var workingFolder: String
        /// The alerts offer the categories' minimal actions (`notify --minimal`).
        package var minimal: Bool
        /// The timers elapse at the alerts after this.
        package var now: Instant

        package init(remindc: String, workingFolder: String, minimal: Bool = false, now: Instant) {
            self.remindc = remindc
            self.workingFolder = workingFolder
            self.minimal = minimal
            self.now = now
        }
    }

    /// One unit file: its name (`remindc-example.org-water.timer`) and text.
    package struct Unit: Sendable, Equatable {
        package var name: String
        package var text: String
    }

    let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The units of every reminder of `files`, timers and services in file
    /// and reminder order, from the schedules the files were loaded with:
    /// floating reminders' alerts fall on the machine's clock, the zone
    /// they were scheduled in.
    package func units(_ files: [ScheduledFile]) -> [Unit] {
        // Each zone's gaps, found once.
        var gaps: [String: [Gap]] = [:]
        return files.flatMap { scheduled in
            let file = scheduled.file
            let path = URL(fileURLWithPath: file.path, relativeTo: URL(fileURLWithPath: options.workingFolder, isDirectory: true))
                .standardizedFileURL.path
            return file.reminders.indices.flatMap { index in
                let reminder = file.reminders[index]
                if case .named(let name) = reminder.timeZone, gaps[name] == nil {
                    gaps[name] = TimeZone(identifier: name).map { Self.gaps(of: $0, from: options.now) } ?? []
                }
                let timing = Timing(schedule: scheduled.schedules[index], floatingZone: scheduled.floatingZone)
                return units(for: reminder, timing: timing, in: file, path: path, gaps: gaps)
            }
        }
    }

    /// When a reminder fires: its schedule, and the zone a floating one
    /// was scheduled in.
    struct Timing {
        var schedule: Schedule
        var floatingZone: TimeZone
    }

    /// The base name of a reminder's units: its UID as a unit name. systemd
    /// and the file system take names of at most 255 bytes, `.service`
    /// included; a longer one keeps its start and ends in 16 digits of its
    /// SHA-256, so it stays one reminder's (domains and ids are ASCII).
    package static func unitName(_ reminder: Reminder, in file: ReminderFile) -> String {
        let name = "remindc-\(file.uidDomain)-\(reminder.id)"
        return BoundedName.fit(name.map(String.init), limit: longestBaseName, digits: 16, key: name)
    }

    /// 255 bytes less `.service`.
    static let longestBaseName = 255 - ".service".utf8.count

    /// The transient unit that shows the alert at `alert` of the reminder
    /// whose units are `base` (`remindc notify --from-timer`):
    /// `<base>:<seconds since 1970>.service`. A `:` is in no reminder id,
    /// so `alertUnitPattern` matches these units and no other reminder's.
    package static func alertUnitName(_ base: String, alert: Instant) -> String {
        alertUnitBase(base) + ":\(alert.secondsSince1970).service"
    }

    /// The pattern `systemctl stop` matches the alert units of `base` by.
    package static func alertUnitPattern(_ base: String) -> String {
        alertUnitBase(base) + ":*.service"
    }

    /// `base`, cut to leave room for `:` and ten digits (alerts until 2286).
    static func alertUnitBase(_ base: String) -> String {
        BoundedName.fit(base.map(String.init), limit: longestBaseName - 11, digits: 16, key: base)
    }

    func units(for reminder: Reminder, timing: Timing, in file: ReminderFile, path: String, gaps: [String: [Gap]]) -> [Unit] {
        let name = Self.unitName(reminder, in: file)
        // One timer for every alert of the reminder: the events of each, once.
        var calendars: [String] = []
        var seen = Set<String>()
        for alert in reminder.eachAlert {
            for event in calendarEvents(alert, timing: timing, gaps: gaps) where seen.insert(event).inserted { calendars.append(event) }
        }
        // No alert to come: no timer (one with no event is one systemd refuses).
        guard !calendars.isEmpty else { return [] }
        let timer = """
            # Written by remindc \(RemindcVersion.string); regenerate it rather than editing it.
            [Unit]
            Description=remindc alert '\(reminder.id)' of \(Self.escaped(path))

            [Timer]
            \(calendars.map { "OnCalendar=\($0)" }.joined(separator: "\n"))
            AccuracySec=100ms
            Persistent=true
            Unit=\(name).service

            [Install]
            WantedBy=timers.target

            """
        let arguments = [Self.quoted(path), "--id", reminder.id]
        let service = """
            # Written by remindc \(RemindcVersion.string); regenerate it rather than editing it.
            [Unit]
            Description=remindc alert '\(reminder.id)' of \(Self.escaped(path))

            [Service]
            Type=exec
            ExecCondition=\(Self.quoted(options.remindc)) due \(arguments.joined(separator: " "))
            ExecStart=\(Self.quoted(options.remindc)) notify \(arguments.joined(separator: " ")) --from-timer\(options.minimal ? " --minimal" : "")

            """
        return [Unit(name: name + ".timer", text: timer), Unit(name: name + ".service", text: service)]
    }

    /// What `remindc systemd` refuses in `file`: an alert after the last
    /// year a calendar event can name, once for each place.
    package static func problems(in file: ReminderFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for reminder in file.reminders {
            for alert in reminder.eachAlert {
                for exact in exactAlerts(alert)
                where exact.time.date.year > calendarYears.upperBound
                    && !found.contains(where: { $0.span == exact.span })
                {
                    let message = Message.systemdYear(
                        reminder.id, alert: "\(exact.time.date) \(exact.time.time)", last: calendarYears.upperBound)
                    found.append(Diagnostic(message, file: file.path, span: exact.span))
                }
            }
        }
        return found
    }

    // MARK: Quoting

    /// A word of a command line as systemd reads it: double-quoted, with
    /// `\` and `"` escaped, and `%` and `$` doubled so that systemd expands
    /// neither specifiers nor variables.
    static func quoted(_ word: String) -> String {
        "\"" + escaped(word).replacingOccurrences(of: "$", with: "$$") + "\""
    }

    /// Text for a unit setting: `%` doubled, `\` and `"` escaped, line
    /// breaks and other C0 control characters as `\xNN`, C1 as `\uNNNN`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%%"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case _ where ControlCharacter.isASCII(scalar):
                result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            case _ where ControlCharacter.isC1(scalar):
                // \x80 would be one byte, not the character: systemd reads \u as a code point.
                result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
