import Foundation
import Testing

/// remindc's timers under a real systemd: PID 1 of its own namespaces over
/// a throwaway overlay of / (Oracles/systemd_harness.py), a user manager
/// with its session bus, a recording notification server, and remindc
/// installed on PATH as a person would. In real time (about a minute and a
/// half, beside the other slow tests): every alert comes once, within 2 s
/// of its time, an alert whose snooze is pending when its install is
/// removed never comes back, and remindc writes nothing to the journal.
@Suite struct SystemdHarnessTests {
    /// Whether this machine lets root make the namespaces (a quick try).
    static let available: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/lib/systemd/systemd"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              FileManager.default.fileExists(atPath: "/usr/lib/systemd/user/dbus.socket") else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["--pid", "--fork", "--mount", "--cgroup", "--net", "true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    struct Report: Decodable {
        struct Shown: Decodable {
            var summary: String
            var time: Double
        }

        struct Run: Decodable {
            var status: Int32
            var stderr: String
        }

        var alerts: [String: Int]
        var shown: [Shown]
        var install: [Run]
        var uninstall: Run
        var running: [String]
        /// What remindc's processes wrote to the journal.
        var journal: [String]
    }

    @Test(.enabled(if: available, "needs root, systemd, dbus-user-session and unshare's namespaces"))
    func alertsComeOnTimeAndARemovedSnoozeNeverReturns() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/systemd_harness.py").path,
                             EndToEndTests.binary.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.drained()
        let stderr = String(decoding: err.drained(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the harness failed: \(stderr)")
        let report = try JSONDecoder().decode(Report.self, from: stdout)
        #expect(report.install.allSatisfy { $0.status == 0 }, "\(report.install.map(\.stderr))")
        #expect(report.uninstall.status == 0, "\(report.uninstall.stderr)")
        // Each alert once, none extra: the snoozed one is not shown again
        // after its install was removed.
        let titles = ["snoozed": "Snoozed", "first": "First", "second": "Second"]
        #expect(report.shown.map(\.summary).sorted() == titles.values.sorted(), "\(report.shown.map(\.summary))")
        for (id, second) in report.alerts {
            let shown = report.shown.filter { $0.summary == titles[id] }.map(\.time)
            #expect(shown.count == 1 && shown.allSatisfy { $0 >= Double(second) && $0 < Double(second) + 2 },
                    "\(id) due at \(second) came at \(shown)")
        }
        #expect(!report.running.contains { $0.contains("snoozed") }, "\(report.running)")
        // A successful alert writes nothing to the journal: no line of
        // libdispatch's worker threads ("Failed to set thread priority").
        #expect(report.journal.isEmpty, "\(report.journal)")
    }
}
