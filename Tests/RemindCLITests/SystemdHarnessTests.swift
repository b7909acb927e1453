import Foundation
import RepositoryFiles
import Testing

/// remindc's timers under a real systemd: PID 1 of its own namespaces over
/// a throwaway overlay of / (Oracles/systemd_harness.py), a user manager
/// with its session bus, a recording notification server, and remindc
/// installed on PATH as a person would. In real time (about three and a half
/// minutes, beside the other slow tests): every alert comes once, within 2 s
/// of its time, also while earlier ones stay open on screen; an alert whose
/// snooze is pending when its install is removed never comes back; alerts
/// missed while the user manager was frozen (asleep) or stopped (off) come
/// once on waking, marked as missed and counted, except a reminder's with
/// `grace: 0`; and remindc writes nothing to the journal.
@Suite struct SystemdHarnessTests {
    /// Whether this machine has every program the machine inside runs
    /// (its / is this one's), and lets root make the namespaces (a quick try).
    static let available: Bool = {
        guard getuid() == 0,
            Tools.available(
                "/lib/systemd/systemd", "/usr/bin/unshare", "/usr/bin/python3", "systemctl", "useradd",
                "notify-send", "gdbus", "dbus-daemon"),
            FileManager.default.fileExists(atPath: "/usr/lib/systemd/user/dbus.socket"),
            CrontabDeliveryTests.systemPythonHasDBus
        else { return false }
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
            var body: String
            var time: Double
        }

        struct Run: Decodable {
            var status: Int32
            var stderr: String
        }

        var alerts: [String: Int]
        /// When the frozen user manager was thawed, and the stopped one started again.
        var woke: Double
        var booted: Double
        var shown: [Shown]
        var install: [Run]
        var uninstall: Run
        var running: [String]
        /// Each active timer's next elapse; empty or n/a for none.
        var next: [String: String]
        /// What remindc's processes wrote to the journal.
        var journal: [String]
    }

    @Test(.enabled(if: available, "needs root, systemd, dbus-user-session, notify-send, gdbus, python3-dbus and unshare's namespaces"))
    func alertsComeOnTimeAndARemovedSnoozeNeverReturns() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/systemd_harness.py").path,
            EndToEndTests.binary.path,
        ]
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
        func shown(_ title: String) -> [Report.Shown] { report.shown.filter { $0.summary == title } }
        func onTime(_ title: String, _ ids: [String]) {
            let times = shown(title).map(\.time).sorted()
            let due = ids.map { Double(report.alerts[$0]!) }
            #expect(
                times.count == due.count && zip(times, due).allSatisfy { $0 >= $1 && $0 < $1 + 2 },
                "\(title) due at \(due) came at \(times)")
        }
        // Each alert once, on time: the snoozed one is not shown again after
        // its install was removed, and the ones left open hold back none.
        onTime("Snoozed", ["snoozed"])
        onTime("First", ["first"])
        onTime("Second", ["second"])
        onTime("Open", ["open-1", "open-2", "open-3"])
        onTime("After", ["after"])
        // Asleep over two alerts: one notification on waking, counted.
        let pills = shown("Pills")
        #expect(
            pills.count == 1 && pills.allSatisfy { $0.time >= report.woke && $0.time < report.woke + 3 }, "woke at \(report.woke): \(pills)"
        )
        #expect(pills.first?.body.hasPrefix("Missed 2 alerts, the last at ") == true, "\(pills)")
        // grace: 0 is only on time.
        #expect(shown("Strict").isEmpty, "\(shown("Strict"))")
        // Off over an alert: shown once when the user manager is back.
        let boot = shown("Boot")
        #expect(
            boot.count == 1 && boot.allSatisfy { $0.time >= report.booted - 1 && $0.time < report.booted + 10 },
            "started at \(report.booted): \(boot)")
        #expect(boot.first?.body.hasPrefix("Missed at ") == true, "\(boot)")
        #expect(report.shown.count == 9, "\(report.shown.map(\.summary))")
        // Every reminder's alerts are over: no timer waits for another elapse.
        #expect(report.next.values.allSatisfy { $0.isEmpty || $0 == "n/a" }, "\(report.next)")
        #expect(!report.running.contains { $0.contains("snoozed") }, "\(report.running)")
        // A successful alert writes nothing to the journal: no line of
        // libdispatch's worker threads ("Failed to set thread priority").
        #expect(report.journal.isEmpty, "\(report.journal)")
    }
}
