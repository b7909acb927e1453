import Foundation
import Testing

/// `remindc check` reports every problem of a file in one run: an error in
/// one reminder hides nothing in another, and an error in one key of a
/// reminder hides nothing in its other keys, except what that error makes
/// meaningless (a repeat that did not decode is not asked when it fires).
@Suite struct CheckCompletenessTests {
    /// A problem one reminder can carry: the lines it adds to the reminder
    /// (after `id`, `title`), the line of those that the error points at,
    /// and the id reported there.
    struct Problem {
        var lines: [String]
        var pointsAt: Int
        var id: String
        /// Whether it is in the reminder's times (then no other timing
        /// problem goes with it in the same reminder).
        var isTiming: Bool
        /// The key it writes besides `at`: one problem per key.
        var key: Substring { lines.last!.split(separator: ":")[0] }
    }

    /// The problems, each with the reminder's `at` on day `day` of December 2026.
    static func problems(day: Int, number: Int) -> [Problem] {
        let at = "    at: 2026-12-\(zeroPadded(day)) 09:00"
        return [
            Problem(lines: [at, "    colour: red"], pointsAt: 1, id: "unknown-key", isTiming: false),
            Problem(lines: [at, "    badge: [1]"], pointsAt: 1, id: "wrong-type", isTiming: false),
            Problem(lines: [at, "    badge: -1"], pointsAt: 1, id: "invalid-value", isTiming: false),
            Problem(lines: [at, "    sound: missing-\(number).wav"], pointsAt: 1, id: "sound-missing", isTiming: false),
            Problem(lines: [at, "    category: nowhere"], pointsAt: 1, id: "unknown-category", isTiming: false),
            Problem(lines: [at, "    repeat: biweekly"], pointsAt: 1, id: "invalid-repeat", isTiming: true),
            Problem(lines: [at, "    before: 5 parsecs"], pointsAt: 1, id: "invalid-duration", isTiming: true),
            Problem(lines: [at, "    repeat: {every: day, until: 2026-11-01}"], pointsAt: 1, id: "until-before-start", isTiming: true),
            Problem(
                lines: [at, "    repeat: {rrule: \"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\"}"], pointsAt: 1, id: "never-fires", isTiming: true),
            Problem(lines: ["    at: 2026-02-30 09:00"], pointsAt: 0, id: "invalid-time", isTiming: true),
        ]
    }

    static func zeroPadded(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A seeded file of `count` reminders, most with one or two problems
    /// of different kinds: its text and the (line, id) of every error.
    static func corpusFile(seed: UInt64, count: Int) -> (text: String, expected: [String]) {
        var state = seed
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var lines = ["remindc: 1", "timezone: Europe/Berlin", "reminders:"]
        var expected: [String] = []
        for number in 0..<count {
            lines += ["  - id: r\(number)", "    title: Reminder \(number)"]
            let day = 1 + number % 28
            let all = problems(day: day, number: number)
            let first = all[random(all.count)]
            var chosen = [first]
            // A second problem in another key, when the first leaves the
            // reminder whole (an invalid `at` takes the reminder out of
            // every rule).
            if first.id != "invalid-time", random(3) > 0 {
                let others = all.filter {
                    $0.key != first.key && $0.id != "invalid-time" && !($0.isTiming && first.isTiming)
                }
                if !others.isEmpty { chosen.append(others[random(others.count)]) }
            }
            if random(5) == 0 { chosen = [] }
            if chosen.isEmpty { lines.append("    at: 2026-12-\(zeroPadded(day)) 09:00") }
            var atWritten = false
            for problem in chosen {
                for (index, line) in problem.lines.enumerated() {
                    if line.hasPrefix("    at:") {
                        if atWritten { continue }
                        atWritten = true
                    }
                    lines.append(line)
                    if index == problem.pointsAt { expected.append("\(lines.count):\(problem.id)") }
                }
            }
        }
        return (lines.joined(separator: "\n") + "\n", expected.sorted())
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func everyProblemOfAFileIsReportedInOneRun(_ seed: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (text, expected) = Self.corpusFile(seed: seed, count: 40)
        let file = folder.appendingPathComponent("corpus.yaml")
        try Data(text.utf8).write(to: file)
        let run = try EndToEndTests.run(["check", "--quiet", "--format", "json", file.path, "--now", "2026-11-29T12:00:00Z"])
        #expect(run.status == (expected.isEmpty ? 0 : 1))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let reported = objects.map { "\($0["line"] as! Int):\($0["rule"] as! String)" }.sorted()
        #expect(reported.count == expected.count, "seed \(seed): \(reported.count) reported, \(expected.count) written")
        #expect(
            reported == expected,
            "seed \(seed): only reported \(Set(reported).subtracting(expected)); only written \(Set(expected).subtracting(reported))")
    }

    /// The issue's own example: an unknown key, a missing sound and an
    /// `until` before `at` in three reminders, and February 30 in a fourth.
    @Test func errorsInOneReminderHideNothingInTheOthers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("three.yaml")
        try Data(
            """
            timezone: Europe/Berlin
            reminders:
              - {id: a, title: A, at: 2026-12-02 09:00, colour: red}
              - {id: b, title: B, at: 2026-12-03 09:00, sound: nowhere.wav}
              - {id: c, title: C, at: 2026-12-04 09:00, repeat: {every: day, until: 2026-12-01}}
              - {id: d, title: D, at: 2026-12-05 09:00, repeat: {rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"}, sound: gone.wav}

            """.utf8
        ).write(to: file)
        let run = try EndToEndTests.run(["check", "--quiet", file.path, "--now", "2026-11-29T12:00:00Z"], environment: ["NO_COLOR": "1"])
        #expect(run.status == 1)
        let located = run.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map { line in
            String(line.dropFirst(file.path.count + 1).prefix { $0 != " " }) + String(line.split(separator: "[").last ?? "")
        }
        #expect(
            located == [
                "3:45:unknown-key]", "4:52:sound-missing]", "5:73:until-before-start]", "6:53:never-fires]", "6:108:sound-missing]",
            ])
    }
}
