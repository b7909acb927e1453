// Times `remindc check` on a generated file of 100,000 reminders against the
// floor of the parser: a loop that only pulls libyaml's events from the same
// bytes. Also reports the check's peak memory against the file's size, and
// times `remindc ics` on the same file against the check.
//
//     swift build -c release --static-swift-stdlib && .build/release/CheckBenchmark [count] [--rules]
//
// (`--static-swift-stdlib` as release binaries are built; a plain release
// build works too, a few milliseconds slower: README.md gives both.)
//
// `--rules` prints only where the check's time goes, rule by rule; `--load`
// only times loading the file, over and over, for a profiler; `--write PATH`
// only writes the generated file (`perf stat remindc check PATH ...`).
//
// The bare loop is the one place outside YAMLSyntax that touches libyaml: it
// measures libyaml itself.

import CLibYAML
import Foundation
import Recurrence
import ReminderCheck
import ReminderModel
import YAMLSyntax

// `CheckBenchmark --peak-of COMMAND ARGS...` runs the command and prints its
// peak resident memory in KiB. The figure below is taken that way, from a
// small process: a child forked from this one, which by then holds the
// generated file several times over, would count this one's pages too.
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--peak-of" {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[2])
    process.arguments = Array(CommandLine.arguments.dropFirst(3))
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    print(usage.ru_maxrss)
    exit(0)
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let runs = 5

/// A file exercising every common shape: plain reminders, words, maps, an
/// RRULE, categories, data and notes.
func generate(_ count: Int) -> String {
    var text = """
        remindc: 1
        name: Benchmark
        timezone: Europe/Berlin
        categories:
          task:
            actions:
              - {id: done, title: Done}
              - {id: later, title: Later, snooze: 5m}
        reminders:

        """
    let words = ["daily", "weekly", "every 5 minutes", "every 2 days", "hourly", "weekdays"]
    for index in 0..<count {
        let day = 1 + index % 28
        let hour = index % 24
        text += "  - id: reminder-\(index)\n    title: Reminder number \(index)\n"
        text += "    at: 2026-12-\(day < 10 ? "0" : "")\(day) \(hour < 10 ? "0" : "")\(hour):\(index % 2 == 0 ? "00" : "30")\n"
        switch index % 4 {
        case 0:
            text += "    repeat: \(words[index % words.count])\n"
        case 1:
            text += "    repeat:\n      every: week\n      on: [mon, thu]\n      until: 2027-06-30\n"
            text += "    category: task\n"
        case 2:
            text += "    repeat: {rrule: \"FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1\"}\n    note: Last Friday of the month\n"
        default:
            text += "    before: 15m\n    sound: default\n    badge: \(index % 9)\n    data: {task: T\(index)}\n"
        }
    }
    return text
}

/// Seconds of the fastest of `runs` runs.
func best(_ body: () -> Void) -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return fastest
}

/// Pulls every event of `bytes` through libyaml and drops it.
func bareLibyaml(_ bytes: [UInt8]) -> Int {
    var parser = yaml_parser_t()
    yaml_parser_initialize(&parser)
    defer { yaml_parser_delete(&parser) }
    var events = 0
    bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            events += 1
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if done { break }
        }
    }
    return events
}

let yaml = generate(count)
let bytes = Array(yaml.utf8)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("bench.yaml")
try Data(bytes).write(to: file)
let megabytes = Double(bytes.count) / 1_048_576
if let index = CommandLine.arguments.firstIndex(of: "--write"), index + 1 < CommandLine.arguments.count {
    // Only the generated file, for timing or profiling remindc on it by hand.
    try Data(bytes).write(to: URL(fileURLWithPath: CommandLine.arguments[index + 1]))
    exit(0)
}
if CommandLine.arguments.contains("--load") {
    // Only loading, twenty times over: for a profiler.
    var before = rusage(), after = rusage()
    getrusage(RUSAGE_SELF.rawValue, &before)
    let loading = best { for _ in 0..<4 { _ = ReminderFile.load(bytes, path: "bench.yaml", parallelism: .allCores) } } / 4
    getrusage(RUSAGE_SELF.rawValue, &after)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    let cpu = (seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)) / Double(runs * 4)
    print(String(format: "loading in process:          %.3f s  (%.3f s of processor time)", loading, cpu))
    exit(0)
}
if CommandLine.arguments.contains("--rules") {
    print("rules on the \(count)-reminder file, one-day horizon, one thread:")
    ruleTimings()
    exit(0)
}

var events = 0
let bare = best { events = bareLibyaml(bytes) }

var nodes = 0
let tree = best { nodes = YAMLReader.parse(bytes).root?.mapping?.count ?? 0 }
// The tree as loading reads it: the reminders streamed, one by one, to a
// consumer that here only counts them.
let streamedTree = best {
    var items = 0
    _ = YAMLReader.parse(bytes, stream: ItemStream(key: "reminders") { _ in items += 1 })
    nodes = items
}

var diagnostics = 0
let inProcess = best { diagnostics = ReminderFile.load(bytes, path: "bench.yaml", parallelism: .allCores).diagnostics.count }

let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("remindc")

/// Runs `binary` with `arguments`, standard output and error to /dev/null,
/// and waits for it: its exit status. Through posix_spawn and waitpid:
/// Foundation's `Process` adds some 30 ms of its own to what it times.
func run(_ arguments: [String]) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([binary.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawn(&pid, binary.path, &actions, nil, argv, environ) == 0 else { fatalError("cannot run \(binary.path)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
}
var status: Int32 = 0
let command = best {
    // The front end: a one-day horizon keeps the schedule rules, timed
    // below, out of this figure.
    status = run(["check", "--quiet", file.path, "--horizon", "1d", "--now", "2026-11-29T12:00:00Z"])
}
/// The peak resident memory of `remindc check`, MiB: the highest of `runs` runs.
func peakMemory() -> Double {
    var highest = 0.0
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--peak-of", binary.path, "check", "--quiet", file.path, "--horizon", "1d", "--now", "2026-11-29T12:00:00Z"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { fatalError("cannot run \(CommandLine.arguments[0]): \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let kibibytes = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
        highest = max(highest, kibibytes / 1024)
    }
    return highest
}
let peakMegabytes = peakMemory()

// `remindc ics` on the same file, to standard output thrown away: the
// writer may cost at most as much again as the check.
var icsStatus: Int32 = 0
let ics = best { icsStatus = run(["ics", file.path, "--now", "2026-11-29T12:00:00Z"]) }

print("file: \(count) reminders, \(String(format: "%.1f", megabytes)) MiB, \(events) libyaml events")
print(String(format: "bare libyaml event loop:     %.3f s", bare))
print(String(format: "node tree only:              %.3f s  (%.2fx the bare loop)", tree, tree / bare))
print(String(format: "node tree, items streamed:   %.3f s  (%.2fx the bare loop)", streamedTree, streamedTree / bare))
print(
    String(format: "loading in process:          %.3f s  (%.2fx the bare loop; %d diagnostics)", inProcess, inProcess / bare, diagnostics))
print(String(format: "remindc check (process):     %.3f s  (%.2fx the bare loop; exit %d)", command, command / bare, status))
print(
    String(format: "remindc check peak memory:   %.1f MiB  (%.1fx the file; highest of the runs)", peakMegabytes, peakMegabytes / megabytes)
)
print(String(format: "remindc ics (process):       %.3f s  (%.2fx remindc check; exit %d)", ics, ics / command, icsStatus))

// The checker's schedule rules: 10,000 reminders, half daily and half
// hourly, over a one-year horizon (about 45 million alerts swept).
var rules = "timezone: Europe/Berlin\nlint: {min-gap: 1m, max-per-hour: 5000, quiet-hours: \"23:00-05:00\"}\nreminders:\n"
for index in 0..<10_000 {
    let hour = index % 24, minute = index * 7 % 60
    rules +=
        "  - {id: r\(index), title: Reminder \(index), at: 2026-12-01 \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute), "
    rules += "repeat: \(index % 2 == 0 ? "daily" : "hourly")}\n"
}
let rulesFile = folder.appendingPathComponent("rules.yaml")
try! rules.write(to: rulesFile, atomically: true, encoding: .utf8)
let sweep = best { _ = run(["check", "--quiet", rulesFile.path, "--now", "2026-11-29T12:00:00Z"]) }
print(String(format: "remindc check, 10,000 daily and hourly reminders, 1-year horizon: %.3f s", sweep))

// The crontab of the same reminders, with its daylight-saving notes for a year.
let crontab = best { _ = run(["crontab", rulesFile.path, "--now", "2026-11-29T12:00:00Z"]) }
print(String(format: "remindc crontab, the same 10,000 reminders: %.3f s", crontab))

// Many small files: 2,000 files of 10 daily reminders each, a folder, over
// a one-year horizon. What it costs per file, apart from its reminders.
let many = folder.appendingPathComponent("many")
try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
for fileIndex in 0..<2_000 {
    var text = "timezone: Europe/Berlin\nreminders:\n"
    for index in 0..<10 {
        let minute = fileIndex * 7 % 60
        text +=
            "  - {id: r\(index), title: Reminder \(fileIndex)-\(index), at: 2026-12-\(10 + index) 0\(index % 10):\(minute < 10 ? "0" : "")\(minute), repeat: daily}\n"
    }
    try! text.write(to: many.appendingPathComponent("file-\(fileIndex).yaml"), atomically: false, encoding: .utf8)
}
let folderCheck = best { _ = run(["check", "--quiet", many.path, "--now", "2026-11-29T12:00:00Z"]) }
print(String(format: "remindc check, a folder of 2,000 files of 10 daily reminders, 1-year horizon: %.3f s", folderCheck))

// Where the check's time goes on the large file, in this process: the
// schedules every rule shares, the sweep the conflict rules share, then each
// rule alone, on one thread (the check runs them on every core). `--rules`
// prints only this.
func ruleTimings() {
    guard let model = ReminderFile.load(bytes, path: file.path, parallelism: .allCores).file else { return }
    let now = Instant(secondsSince1970: 1_796_040_000)  // 2026-11-29T12:00:00Z
    let utc = TimeZone(identifier: "UTC")!
    func line(_ label: String, _ seconds: Double) {
        print("  " + label.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: "%7.1f ms", seconds * 1000))
    }
    // Kept until all are made, so that freeing one is not timed.
    var made: [CheckContext] = []
    line(
        "schedules (every core)",
        best { made.append(CheckContext(file: model, now: now, horizon: 86_400, floatingZone: utc, parallelism: .allCores)) })
    made.removeAll()
    var fresh = (0..<runs).map { _ in CheckContext(file: model, now: now, horizon: 86_400, floatingZone: utc, parallelism: .allCores) }
    // The sweep is made by the first rule that reads it: timed with that rule.
    let sweeping = Rules.all.first { $0.readsSweep }!
    line("sweep and \(sweeping.descriptor.id)", best { _ = sweeping.check(fresh.removeLast()) })
    let context = CheckContext(file: model, now: now, horizon: 86_400, floatingZone: utc, parallelism: .allCores)
    _ = sweeping.check(context)
    for rule in Rules.all {
        line(rule.descriptor.id, best { _ = rule.check(context) })
    }
}
