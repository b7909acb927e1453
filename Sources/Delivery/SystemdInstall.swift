import FileSystem
import Foundation
import Recurrence
import ReminderOutput

/// An install of units into the user's systemd folder, named so that
/// installing again replaces it and uninstalling removes exactly it.
///
/// `systemctl --user` is run, or the program `REMINDC_SYSTEMCTL` names in
/// the caller's environment (the tests' stand-in).
package struct SystemdInstall: Sendable {
    package let name: String
    /// `$XDG_CONFIG_HOME/systemd/user`.
    package let folder: URL
    /// The caller's environment: what `systemctl` runs with.
    package let environment: [String: String]

    package init(name: String, environment: [String: String]) {
        self.name = name
        self.environment = environment
        folder = UserFolders(environment: environment).systemdUnits
    }

    /// The list of the unit files the install wrote, one per line.
    package var manifest: URL { folder.appendingPathComponent("remindc-\(name).units") }

    package func installed() -> [String] {
        ((try? String(contentsOf: manifest, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Writes `units` and starts their timers, after `warnings`. The
    /// reminders `uids` start their record of alerts shown at `now`
    /// (`DesktopState.start`): none from before the install counts as missed.
    package func install(_ units: [SystemdWriter.Unit], uids: [String], now: Instant, warnings: String) -> DeliveryReport {
        let before = installed()
        let wanted = Set(units.map(\.name))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.writeAll(
                units.map { (folder.appendingPathComponent($0.name).path, Array($0.text.utf8)) }
                    + [(manifest.path, Array(units.map { $0.name + "\n" }.joined().utf8))])
        } catch {
            return .failed("cannot write into \(folder.path): \(error.localizedDescription)", after: warnings, writing: true)
        }
        let gone = before.filter { !wanted.contains($0) }
        let timers = units.map(\.name).filter { $0.hasSuffix(".timer") }
        var notes = ""
        let state = DesktopState(folders: UserFolders(environment: environment))
        do {
            try state.start(uids, at: now)
        } catch {
            notes +=
                "warning: cannot write \(state.shownFile.path) (\(error.localizedDescription)): alerts missed before the first on time are not shown late\n"
        }
        guard userManagerRuns else {
            for unit in gone { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
            notes +=
                "remindc: wrote \(units.count) units into \(folder.path); no user manager is running, so the timers start with your next session\n"
            return DeliveryReport(warnings + notes)
        }
        stop(gone)
        for unit in gone { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
        let reload = systemctl(["daemon-reload"])
        guard reload.status == 0 else {
            return .failed("systemctl --user daemon-reload failed: \(reload.errors)", after: warnings)
        }
        if !timers.isEmpty {
            let enabled = systemctl(["enable", "--now"] + timers)
            guard enabled.status == 0 else {
                return .failed("systemctl --user enable --now failed: \(enabled.errors)", after: warnings)
            }
        }
        notes += Self.installedNote(timers.count, name: name, folder: folder.path)
        return DeliveryReport(warnings + notes)
    }

    /// Stops and removes what the install `name` wrote.
    package func uninstall() -> DeliveryReport {
        let units = installed()
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            return .failed("no install named '\(name)' in \(folder.path)")
        }
        if userManagerRuns { stop(units) }
        for unit in units { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
        try? FileManager.default.removeItem(at: manifest)
        if userManagerRuns { _ = systemctl(["daemon-reload"]) }
        return DeliveryReport("remindc: removed the \(units.count) units of '\(name)'\n")
    }

    /// Stops what `units` run before they are removed: their timers
    /// disabled and stopped, their services stopped, and the transient
    /// units their alerts are shown in (`SystemdWriter.alertUnitPattern`),
    /// so that an alert left open or waiting out a snooze is not shown
    /// after remindc said the units were removed.
    func stop(_ units: [String]) {
        let timers = units.filter { $0.hasSuffix(".timer") }
        let services = units.filter { $0.hasSuffix(".service") }
        if !timers.isEmpty { _ = systemctl(["disable", "--now"] + timers) }
        let alerts = services.map { SystemdWriter.alertUnitPattern(String($0.dropLast(".service".count))) }
        if !services.isEmpty { _ = systemctl(["stop"] + services + alerts) }
    }

    /// Whether the user's service manager answers.
    var userManagerRuns: Bool {
        let state = systemctl(["is-system-running"])
        let answer = state.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return ["running", "degraded", "starting", "initializing"].contains(answer)
    }

    func systemctl(_ arguments: [String]) -> Subprocess.Result {
        let program = environment["REMINDC_SYSTEMCTL"].flatMap { $0.isEmpty ? nil : $0 } ?? "systemctl"
        return Subprocess.run([program, "--user"] + arguments, environment: environment)
    }
}

extension SystemdInstall {
    /// Writes `units` into `folder` (`-o`), all or none: the folders this
    /// makes are removed again when a unit cannot be written. Nil on
    /// success, else why not.
    package static func write(_ units: [SystemdWriter.Unit], into folder: String) -> String? {
        let made = firstMissingFolder(of: folder)
        do {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
                throw FileFailure(errorDescription: "it is not a folder")
            }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.writeAll(units.map { (folder + "/" + $0.name, Array($0.text.utf8)) })
        } catch {
            if let made { try? FileManager.default.removeItem(atPath: made) }
            return error.localizedDescription
        }
        return nil
    }

    /// The outermost folder of `path` that does not exist yet (`path`
    /// itself, or one above it), or nil when `path` exists.
    static func firstMissingFolder(of path: String) -> String? {
        var missing: String?
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while url.path != "/", !FileManager.default.fileExists(atPath: url.path) {
            missing = url.path
            url.deleteLastPathComponent()
        }
        return missing
    }

    /// What to tell a person whose units would run `remindc` from where it
    /// will not stay: a build folder (the next build replaces it, a clean
    /// removes it) or a place not on `PATH` (an upgrade put on `PATH` would
    /// leave the units on the old one). Empty when it is on `PATH`.
    package static func placeWarning(_ remindc: String, environment: [String: String]) -> String {
        let advice =
            "install a release build on PATH (swift build -c release, then copy .build/release/remindc to ~/.local/bin) "
            + "and run 'remindc systemd --install' with it, which points every unit at it"
        if remindc.contains("/.build/") {
            return "warning: the units run \(remindc), a build folder's remindc, which the next build replaces; \(advice)\n"
        }
        let resolved = URL(fileURLWithPath: remindc).resolvingSymlinksInPath().path
        let onPath = (environment["PATH"] ?? "").split(separator: ":").contains { folder in
            URL(fileURLWithPath: String(folder)).appendingPathComponent("remindc").resolvingSymlinksInPath().path == resolved
        }
        return onPath ? "" : "warning: the units run \(remindc), which is not the remindc on PATH; \(advice)\n"
    }

    /// The absolute path of this remindc: what the services run.
    package static var remindcPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// What an install says it did: `installed and started 1 timer`.
    static func installedNote(_ count: Int, name: String, folder: String) -> String {
        "remindc: installed and started \(count) \(count == 1 ? "timer" : "timers") as '\(name)' in \(folder)\n"
    }
}
