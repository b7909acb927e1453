import Foundation
import ReminderOutput

/// An install of units into the user's systemd folder, named so that
/// installing again replaces it and uninstalling removes exactly it.
///
/// `systemctl --user` is run, or the program `REMINDC_SYSTEMCTL` names in
/// the caller's environment (the tests' stand-in).
public struct SystemdInstall: Sendable {
    public let name: String
    /// `$XDG_CONFIG_HOME/systemd/user`.
    public let folder: URL
    /// The caller's environment: what `systemctl` runs with.
    public let environment: [String: String]

    public init(name: String, environment: [String: String]) {
        self.name = name
        self.environment = environment
        folder = UserFolders(environment: environment).systemdUnits
    }

    /// The list of the unit files the install wrote, one per line.
    public var manifest: URL { folder.appendingPathComponent("remindc-\(name).units") }

    public func installed() -> [String] {
        ((try? String(contentsOf: manifest, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Writes `units` and starts their timers, after `warnings`.
    public func install(_ units: [SystemdWriter.Unit], warnings: String) -> DeliveryReport {
        let before = installed()
        let wanted = Set(units.map(\.name))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.writeAll(units.map { (folder.appendingPathComponent($0.name).path, Array($0.text.utf8)) }
                                    + [(manifest.path, Array(units.map { $0.name + "\n" }.joined().utf8))])
        } catch {
            return DeliveryReport(warnings + "Error: cannot write into \(folder.path): \(error.localizedDescription)\n", status: 2)
        }
        let gone = before.filter { !wanted.contains($0) }
        let timers = units.map(\.name).filter { $0.hasSuffix(".timer") }
        var notes = ""
        guard userManagerRuns else {
            for unit in gone { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
            notes = "remindc: wrote \(units.count) units into \(folder.path); no user manager is running, so the timers start with your next session\n"
            return DeliveryReport(warnings + notes)
        }
        let goneTimers = gone.filter { $0.hasSuffix(".timer") }
        if !goneTimers.isEmpty { _ = systemctl(["disable", "--now"] + goneTimers) }
        for unit in gone { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
        let reload = systemctl(["daemon-reload"])
        guard reload.status == 0 else {
            return DeliveryReport(warnings + "Error: systemctl --user daemon-reload failed: \(reload.errors)", status: 1)
        }
        if !timers.isEmpty {
            let enabled = systemctl(["enable", "--now"] + timers)
            guard enabled.status == 0 else {
                return DeliveryReport(warnings + "Error: systemctl --user enable --now failed: \(enabled.errors)", status: 1)
            }
        }
        notes = "remindc: installed and started \(timers.count) timers as '\(name)' in \(folder.path)\n"
        return DeliveryReport(warnings + notes)
    }

    /// Stops and removes what the install `name` wrote.
    public func uninstall() -> DeliveryReport {
        let units = installed()
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            return .failed("no install named '\(name)' in \(folder.path)")
        }
        let timers = units.filter { $0.hasSuffix(".timer") }
        if userManagerRuns && !timers.isEmpty { _ = systemctl(["disable", "--now"] + timers) }
        for unit in units { try? FileManager.default.removeItem(at: folder.appendingPathComponent(unit)) }
        try? FileManager.default.removeItem(at: manifest)
        if userManagerRuns { _ = systemctl(["daemon-reload"]) }
        return DeliveryReport("remindc: removed the \(units.count) units of '\(name)'\n")
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
    public static func write(_ units: [SystemdWriter.Unit], into folder: String) -> String? {
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

    /// The absolute path of this remindc: what the services run.
    public static var remindcPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
