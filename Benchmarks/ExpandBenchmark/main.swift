// Measures the recurrence engine and `remindc expand`.
//
//   swift build -c release && .build/release/ExpandBenchmark
//
// Prints occurrences per second for six rules in Europe/Berlin (two moved
// off days off), each
// occurrence with its UTC instant computed (best of five runs), then the time
// `remindc expand --format jsonl` takes to write one million occurrences to
// /dev/null, and its peak memory.
import Foundation
import Recurrence

let berlin = TimeZone(identifier: "Europe/Berlin")!

struct Workload {
    var name: String
    var rule: String
    var start: LocalDateTime
    var count: Int
    /// Days off, for the repeats they move.
    var dayOff: Schedule.DayOffRule? = nil
}

// Saturdays and Sundays, and eight holidays a year from 2026 to 2600.
let holidays = Dictionary(
    uniqueKeysWithValues: (2026...2600).flatMap { year in
        [(1, 1), (4, 3), (5, 1), (5, 25), (8, 31), (10, 3), (12, 25), (12, 26)].map {
            (CivilDate(year: year, month: $0.0, day: $0.1).dayNumber, "Holiday")
        }
    })
let daysOff = DaysOff(holidays: holidays)

let nineAM = CivilTime(hour: 9, minute: 0)
let workloads = [
    Workload(
        name: "DAILY", rule: "FREQ=DAILY", start: LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 1), time: nineAM), count: 100_000
    ),
    Workload(
        name: "MINUTELY;INTERVAL=5", rule: "FREQ=MINUTELY;INTERVAL=5",
        start: LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 1), time: nineAM), count: 1_000_000),
    // 6,000 months from 2026 end in 2526, inside the span remindc works in (to 2582).
    Workload(
        name: "MONTHLY;BYDAY=-1FR", rule: "FREQ=MONTHLY;BYDAY=-1FR",
        start: LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 30), time: nineAM), count: 6_000),
    Workload(
        name: "WEEKLY;BYDAY=MO-FR;BYHOUR=9,17", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9,17",
        start: LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 5), time: nineAM), count: 200_000),
    // Moved off weekends and holidays: a day off's occurrence merges with
    // the working day's before it.
    Workload(
        name: "DAILY, if-holiday: before", rule: "FREQ=DAILY",
        start: LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 1), time: nineAM), count: 100_000,
        dayOff: Schedule.DayOffRule(daysOff: daysOff, move: .before)),
    Workload(
        name: "MONTHLY, working-day: -1", rule: "FREQ=MONTHLY",
        start: LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 1), time: nineAM), count: 6_000,
        dayOff: Schedule.DayOffRule(daysOff: daysOff, workingDay: -1)),
]

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

print("engine, in process, Europe/Berlin, UTC instant per occurrence (best of 5):")
for workload in workloads {
    let rule = RecurrenceRule.parse(workload.rule).rule!
    var schedule = Schedule(start: workload.start, rule: rule, placement: .zone(berlin))
    schedule.dayOff = workload.dayOff
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<5 {
        best = min(
            best,
            seconds {
                var occurrences = schedule.occurrences()
                for _ in 0..<workload.count {
                    guard let occurrence = occurrences.next() else { fatalError("\(workload.name) ended early") }
                    checksum &+= occurrence.instant.secondsSince1970
                }
            })
    }
    let rate = Double(workload.count) / best / 1e6
    let name = workload.name.padding(toLength: 32, withPad: " ", startingAt: 0)
    print(
        "  \(name) ×\(workload.count): \(String(format: "%.4f", best)) s, \(String(format: "%.1f", rate)) M/s  (checksum \(checksum % 997))"
    )
}

// `remindc expand` end to end: one reminder every minute from 2026-01-01,
// a window holding exactly 1,000,000 occurrences.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("remindc")
guard FileManager.default.isExecutableFile(atPath: binary.path) else {
    print("build remindc in release first: swift build -c release")
    exit(0)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-expand-benchmark")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let file = folder.appendingPathComponent("minutely.yaml")
try! Data(
    """
    timezone: Europe/Berlin
    reminders:
      - {id: tick, title: Tick, at: 2026-01-01 00:00, repeat: minutely}
    """.utf8
).write(to: file)
func expandArguments(_ count: Int) -> [String] {
    [
        "expand", "--format", "jsonl", file.path, "--zone", "Europe/Berlin",
        "--from", "2026-01-01T00:00:00+01:00", "--to", "2040-01-01T00:00:00+01:00", "--limit", String(count),
    ]
}

/// Runs remindc with stdout to /dev/null (or a pipe, to count lines).
func runRemindc(_ arguments: [String], countLines: Bool = false) -> (seconds: Double, lines: Int) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var lines = 0
    let elapsed: Double
    if countLines {
        let pipe = Pipe()
        process.standardOutput = pipe
        elapsed = seconds {
            try! process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            lines = data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
    } else {
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        elapsed = seconds {
            try! process.run()
            process.waitUntilExit()
        }
    }
    return (elapsed, lines)
}

let lines = runRemindc(expandArguments(1_000_000), countLines: true).lines
let best = (0..<4).map { _ in runRemindc(expandArguments(1_000_000)).seconds }.min()!
print("remindc expand --format jsonl > /dev/null: \(lines) occurrences in \(String(format: "%.3f", best)) s (best of 4)")

// Peak memory through GNU time, for growing outputs: it should stay flat.
if FileManager.default.isExecutableFile(atPath: "/usr/bin/time") {
    for count in [10_000, 1_000_000, 3_000_000] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M"] + [binary.path] + expandArguments(count)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let errors = Pipe()
        process.standardError = errors
        try! process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let kilobytes = Int(report.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
        print("peak memory of remindc expand, \(count) occurrences: \(kilobytes / 1024) MiB")
    }
}
