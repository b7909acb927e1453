import FileSystem
import Foundation
import Recurrence
import ReminderOutput

/// `remindc crontab --install` and `--uninstall`: the user's crontab read
/// with `crontab -l`, one block replaced, the result checked (`crontab -n`,
/// where Debian's cron has it) and installed with `crontab -`. A failure
/// leaves the old crontab. The program is `crontab`, or the one
/// `REMINDC_CRONTAB` names in the caller's environment (the tests' stand-in).
package struct CrontabInstall: Sendable {
    /// The caller's environment: what `crontab` runs with.
    package let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Puts `text` (the entries of `files`, written for a clock in `zone`)
    /// into the crontab as the block `name`, after `warnings`.
    package func install(
        _ text: String, name: String, files: [String], zone: TimeZone, zoneName: String, now: Instant,
        warnings: String
    ) -> DeliveryReport {
        var notes = warnings
        if let system = Self.systemZone(), !CrontabWriter.sameClock(system.zone, zone, from: now) {
            notes +=
                "warning: the crontab is written for a clock in \(zoneName), but this machine's clock runs in "
                + "\(system.name), so cron would fire its alerts at other times; install it with --zone \(system.name)\n"
        }
        let current = run(["-l"], input: nil)
        // `crontab -l` fails when the user has no crontab yet: start from nothing.
        let existing = current.status == 0 ? current.output : ""
        let content = Set(files).sorted().map { CrontabBlock.fileLine($0) + "\n" }.joined() + text
        // Reminders of the same file in another block would fire twice.
        for other in CrontabBlock.names(in: existing) where other != name {
            let shared = Set(CrontabBlock.files(of: other, in: existing)).intersection(files.map { CrontabWriter.comment($0, limit: nil) })
            if !shared.isEmpty {
                notes +=
                    "warning: the block '\(other)' also holds the reminders of \(shared.sorted().joined(separator: ", ")), "
                    + "which would fire twice; remove it with: remindc crontab --uninstall --name '\(other)'\n"
            }
        }
        let old = CrontabBlock.content(of: name, in: existing)
        let change = CrontabBlock.change(from: old, to: content)
        let merged = CrontabBlock.replacing(name, with: content, in: existing)
        if let failure = store(merged, existing: existing, notes: notes) { return failure }
        return DeliveryReport(notes + "\(old == nil ? "Installed" : "Replaced") the block '\(name)' in your crontab: \(change.summary).\n")
    }

    package func uninstall(name: String) -> DeliveryReport {
        let current = run(["-l"], input: nil)
        let existing = current.status == 0 ? current.output : ""
        guard let old = CrontabBlock.content(of: name, in: existing) else {
            let names = CrontabBlock.names(in: existing)
            return .failed(
                "your crontab has no remindc block '\(name)'"
                    + (names.isEmpty ? "" : "; its blocks: " + names.map { "'\($0)'" }.joined(separator: ", ")))
        }
        let change = CrontabBlock.change(from: old, to: nil)
        if let failure = store(CrontabBlock.replacing(name, with: nil, in: existing), existing: existing, notes: "") { return failure }
        return DeliveryReport("Removed the block '\(name)' from your crontab: \(change.summary).\n")
    }

    /// Installs `crontab`, checked first where the program can; nil on success.
    func store(_ crontab: String, existing: String, notes: String) -> DeliveryReport? {
        // Debian's crontab checks syntax with -n; cronie's -n names a host,
        // so ask its help first.
        let help = run(["-h"], input: nil)
        if (help.output + help.errors).contains("dry run") {
            let check = run(["-n", "-"], input: crontab)
            if check.status != 0 {
                return .failed("crontab -n rejected the new crontab; nothing was installed:\n" + check.errors, after: notes)
            }
        }
        let installed = run(["-"], input: crontab)
        guard installed.status == 0 else {
            return .failed("crontab - failed; the old crontab stays:\n" + installed.errors, after: notes)
        }
        return nil
    }

    /// The zone the system's clock runs in, which cron's daemon reads: the
    /// zone `/etc/localtime` links to, else `/etc/timezone`, with its name
    /// as written there (Foundation calls UTC "GMT").
    package static func systemZone() -> (name: String, zone: TimeZone)? {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"))
            .flatMap { target in target.range(of: "zoneinfo/").map { String(target[$0.upperBound...]) } }
        let file = (try? String(contentsOfFile: "/etc/timezone", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        for name in [link, file].compactMap(\.self) {
            if let zone = TimeZone(identifier: name) { return (name, zone) }
        }
        return nil
    }

    func run(_ arguments: [String], input: String?) -> Subprocess.Result {
        let program = environment["REMINDC_CRONTAB"].flatMap { $0.isEmpty ? nil : $0 } ?? "crontab"
        return Subprocess.run([program] + arguments, environment: environment, input: input.map { Array($0.utf8) })
    }
}
