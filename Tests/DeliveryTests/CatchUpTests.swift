import Delivery
import FileSystem
import Foundation
import Recurrence
import ReminderModel
import Testing

/// What a timer's run shows (`DesktopReminder.pendingAlert`): the alert on
/// time, or the ones missed while the machine slept, within the grace and
/// after the last one shown, once; and the record that keeps it once
/// (`DesktopState.claim`).
@Suite struct CatchUpTests {
    /// Every 10 minutes from 09:00 UTC on 2026-12-05.
    static let reminder: Reminder = {
        let yaml = "timezone: UTC\nreminders:\n  - {id: pills, title: Pills, at: 2026-12-05 09:00, repeat: every 10 minutes}\n"
        return ReminderFile.load(Array(yaml.utf8), path: "catch-up.yaml").file!.reminders[0]
    }()

    static func at(_ time: String) -> Instant {
        let seconds = Int(ISO8601DateFormatter().date(from: "2026-12-05T\(time)Z")!.timeIntervalSince1970)
        return Instant(secondsSince1970: seconds)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var now: String
        var shownUntil: String?
        var grace: Int
        /// The alert shown, how many missed, and whether on time; nil: none.
        var expected: (alert: String, missed: Int, onTime: Bool)?
        var testDescription: String { "now \(now), shown until \(shownUntil ?? "never"), grace \(grace) s" }
    }

    @Test(arguments: [
        // On time, whether or not a timer delivered it before.
        Case(now: "09:00:05", shownUntil: nil, grace: 14_400, expected: ("09:00:00", 0, true)),
        Case(now: "09:00:05", shownUntil: "08:50:00", grace: 14_400, expected: ("09:00:00", 0, true)),
        // Late, with no record: nothing is known to be missed.
        Case(now: "09:05:00", shownUntil: nil, grace: 14_400, expected: nil),
        // Woken at 09:35: 09:10, 09:20 and 09:30 were missed; the last is
        // shown, counted as three.
        Case(now: "09:35:10", shownUntil: "09:00:00", grace: 14_400, expected: ("09:30:00", 3, false)),
        // Woken just in time for 09:30: it is on time, two came before it.
        Case(now: "09:30:10", shownUntil: "09:00:00", grace: 14_400, expected: ("09:30:00", 2, true)),
        // Grace 0: only on time.
        Case(now: "09:35:10", shownUntil: "09:00:00", grace: 0, expected: nil),
        // Grace 15 minutes: only 09:30 is recent enough.
        Case(now: "09:35:10", shownUntil: "09:00:00", grace: 900, expected: ("09:30:00", 1, false)),
        // Shown already: not again.
        Case(now: "09:30:10", shownUntil: "09:30:00", grace: 14_400, expected: nil),
        // Asleep all morning: the 4 hours before 13:35 hold 24 alerts.
        Case(now: "13:35:00", shownUntil: "09:00:00", grace: 14_400, expected: ("13:30:00", 24, false)),
    ])
    func pendingAlert(_ test: Case) {
        let pending = DesktopReminder.pendingAlert(
            Self.reminder, at: Self.at(test.now), floatingZone: TimeZone(identifier: "UTC")!,
            grace: NominalDuration(seconds: test.grace), shownUntil: test.shownUntil.map(Self.at))
        let expected = test.expected.map { PendingAlert(alert: Self.at($0.alert), missed: $0.missed, isOnTime: $0.onTime) }
        #expect(pending == expected)
    }

    @Test(
        arguments: [
            (3, "09:30:00", "Missed 3 alerts, the last at 09:30."),
            (1, "09:30:00", "Missed at 09:30."),
            (1, "09:30:15", "Missed at 09:30:15."),
            (2, nil, "2 earlier alerts were missed."),
            (1, nil, "1 earlier alert was missed."),
        ] as [(Int, String?, String)])
    func missedSentence(_ count: Int, _ last: String?, _ sentence: String) {
        let missed = Missed(last: last.map(Self.at), count: count, zone: TimeZone(identifier: "UTC")!, now: Self.at("13:35:00"))
        #expect(missed.sentence == sentence)
    }

    /// Another day's alert says its date.
    @Test func aMissedAlertOfAnotherDaySaysItsDate() {
        let missed = Missed(last: Self.at("23:30:00"), count: 1, zone: TimeZone(identifier: "Europe/Berlin")!, now: Self.at("12:00:00"))
        #expect(missed.sentence == "Missed at 2026-12-06 00:30.")
    }

    static func state() throws -> (DesktopState, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-catch-up-\(UUID().uuidString)")
        return (DesktopState(folders: UserFolders(environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.path])), folder)
    }

    /// A claim records the alert once: the same alert, or an earlier one,
    /// is not claimed again; a later one is. An install starts the record.
    @Test func anAlertIsClaimedOnce() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(state.shownUntil("pills@x") == nil)
        try state.start(["pills@x", "tea@x", "pills@x"], at: Self.at("08:00:00"))
        #expect(state.shownUntil("pills@x") == Self.at("08:00:00"))
        #expect(try state.claim("pills@x", through: Self.at("09:00:00")))
        #expect(try !state.claim("pills@x", through: Self.at("09:00:00")))
        #expect(try !state.claim("pills@x", through: Self.at("08:30:00")))
        #expect(try state.claim("pills@x", through: Self.at("09:10:00")))
        #expect(try state.shown() == ["pills@x": Self.at("09:10:00"), "tea@x": Self.at("08:00:00")])
        let text = try String(contentsOf: state.shownFile, encoding: .utf8)
        #expect(text == "tea@x\t\(Self.at("08:00:00").secondsSince1970)\npills@x\t\(Self.at("09:10:00").secondsSince1970)\n")
        let mode = try FileManager.default.attributesOfItem(atPath: state.shownFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// Lines that do not read are skipped, and dropped at the next change.
    @Test func linesThatDoNotReadAreSkipped() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: state.folder, withIntermediateDirectories: true)
        try Data("garbage\npills@x\t100\r\ntea@x\tsoon\n\t5\n\u{FF}\n".utf8).write(to: state.shownFile)
        #expect(try state.shown() == ["pills@x": Instant(secondsSince1970: 100)])
        try state.start(["tea@x"], at: Instant(secondsSince1970: 200))
        #expect(try String(contentsOf: state.shownFile, encoding: .utf8) == "pills@x\t100\ntea@x\t200\n")
    }

    /// A time outside the span remindc works in (a corrupted line, a far
    /// future) is a bad line: skipped, logged, and the alert is shown on
    /// time, never an overflow that ends every timer run.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "1000000000000000000", "-5000000000"])
    func aTimeOutsideTheSpanIsABadLine(_ value: String) throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: state.folder, withIntermediateDirectories: true)
        try Data("pills@x\t\(value)\ntea@x\t100\n".utf8).write(to: state.shownFile)
        #expect(try state.shown() == ["tea@x": Instant(secondsSince1970: 100)])
        let pending = DesktopReminder.pendingAlert(
            Self.reminder, at: Self.at("09:00:05"), floatingZone: TimeZone(identifier: "UTC")!,
            grace: NominalDuration(seconds: 14_400), shownUntil: state.shownUntil("pills@x"))
        #expect(pending?.alert == Self.at("09:00:00"))
        // The next claim drops the line.
        #expect(try state.claim("pills@x", through: Self.at("09:00:00")))
        #expect(try String(contentsOf: state.shownFile, encoding: .utf8).hasPrefix("tea@x\t100\npills@x\t"))
    }

    /// A state file an older version left readable by others is the
    /// user's alone after the next change.
    @Test func aStateFileIsTightenedOnTheNextWrite() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: state.folder, withIntermediateDirectories: true)
        for file in [state.shownFile, state.stoppedFile] {
            try Data("tea@x\t100\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        }
        _ = try state.claim("pills@x", through: Self.at("09:00:00"))
        try state.setStopped("pills@x", true)
        for file in [state.shownFile, state.stoppedFile] {
            #expect(
                try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600, "\(file.lastPathComponent)"
            )
        }
    }

    /// Twenty runs claiming the same alert at once: one wins.
    @Test func runsAtOnceClaimAnAlertOnce() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wins = Counter()
        let group = DispatchGroup()
        for _ in 0..<20 {
            group.enter()
            Thread {
                if (try? state.claim("pills@x", through: Self.at("09:00:00"))) == true { wins.add() }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(wins.value == 1)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
