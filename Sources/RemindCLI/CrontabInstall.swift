import Foundation
import Recurrence
import ReminderOutput

/// `remindc crontab --install` and `--uninstall`: the user's crontab read
/// with `crontab -l`, one block replaced, the result checked (`crontab -n`,
/// where Debian's cron has it) and installed with `crontab -`. A failure
/// leaves the old crontab. The program is `crontab`, or the one
/// `REMINDC_CRONTAB` names (the tests' stand-in).
enum CrontabInstall {
    static func install(_ text: String, name: String, files: [String], zone: TimeZone, zoneName: String, now: Instant,
                        warnings: String) -> Outcome {
        var notes = warnings
        if let system = systemZone(), !CrontabWriter.sameClock(system.zone, zone, from: now) {
            notes += "warning: the crontab is written for a clock in \(zoneName), but this machine's clock runs in "
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
                notes += "warning: the block '\(other)' also holds the reminders of \(shared.sorted().joined(separator: ", ")), "
                    + "which would fire twice; remove it with: remindc crontab --uninstall --name '\(other)'\n"
            }
        }
        let old = CrontabBlock.content(of: name, in: existing)
        let change = CrontabBlock.change(from: old, to: content)
        let merged = CrontabBlock.replacing(name, with: content, in: existing)
        if let failure = store(merged, existing: existing, notes: notes) { return failure }
        return Outcome(stderr: notes + "\(old == nil ? "Installed" : "Replaced") the block '\(name)' in your crontab: \(change.summary).\n")
    }

    static func uninstall(name: String) -> Outcome {
        let current = run(["-l"], input: nil)
        let existing = current.status == 0 ? current.output : ""
        guard let old = CrontabBlock.content(of: name, in: existing) else {
            let names = CrontabBlock.names(in: existing)
            return Outcome(stderr: "Error: your crontab has no remindc block '\(name)'"
                + (names.isEmpty ? "" : "; its blocks: " + names.map { "'\($0)'" }.joined(separator: ", ")) + "\n", status: 1)
        }
        let change = CrontabBlock.change(from: old, to: nil)
        if let failure = store(CrontabBlock.replacing(name, with: nil, in: existing), existing: existing, notes: "") { return failure }
        return Outcome(stderr: "Removed the block '\(name)' from your crontab: \(change.summary).\n")
    }

    /// Installs `crontab`, checked first where the program can; nil on success.
    static func store(_ crontab: String, existing: String, notes: String) -> Outcome? {
        // Debian's crontab checks syntax with -n; cronie's -n names a host,
        // so ask its help first.
        let help = run(["-h"], input: nil)
        if (help.output + help.errors).contains("dry run") {
            let check = run(["-n", "-"], input: crontab)
            if check.status != 0 {
                return Outcome(stderr: notes + "Error: crontab -n rejected the new crontab; nothing was installed:\n" + check.errors, status: 1)
            }
        }
        let installed = run(["-"], input: crontab)
        guard installed.status == 0 else {
            return Outcome(stderr: notes + "Error: crontab - failed; the old crontab stays:\n" + installed.errors, status: 1)
        }
        return nil
    }

    /// The zone the system's clock runs in, which cron's daemon reads: the
    /// zone `/etc/localtime` links to, else `/etc/timezone`, with its name
    /// as written there (Foundation calls UTC "GMT").
    static func systemZone() -> (name: String, zone: TimeZone)? {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"))
            .flatMap { target in target.range(of: "zoneinfo/").map { String(target[$0.upperBound...]) } }
        let file = (try? String(contentsOfFile: "/etc/timezone", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        for name in [link, file].compactMap(\.self) {
            if let zone = TimeZone(identifier: name) { return (name, zone) }
        }
        return nil
    }

    static func run(_ arguments: [String], input: String?) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let program = ProcessInfo.processInfo.environment["REMINDC_CRONTAB"].flatMap { $0.isEmpty ? nil : $0 }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program ?? "crontab"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !Subprocess.withheld.contains($0.key) }
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        do { try process.run() } catch { return (127, "", "cannot run crontab: \(error)\n") }
        // A crontab that exits early must not take remindc down with SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        signal(SIGPIPE, previous)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }
}
