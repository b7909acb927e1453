// Measures what the views cost beside `check`: the release binary run on
// generated files, each command's wall time and peak memory side by side.
//
//   swift build -c release --product remindc --product ViewsBenchmark && .build/release/ViewsBenchmark
//
// Files: 1,000 reminders at 09:00 every day (every alert coincides); 100,000
// mixed reminders (times through the day, daily, weekly, monthly, hourly,
// every 5 minutes); one reminder every second. Commands: check, agenda (a
// week), calendar (a month), calendar --format html (a month), and for the
// first two files systemd -o. A run past 120 s (or REMINDC_BENCH_LIMIT
// seconds) is stopped and printed as such.
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let binary = root.appendingPathComponent(".build/release/remindc").path
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-views-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

let coinciding =
    "timezone: Europe/Berlin\nreminders:\n"
    + (0..<1_000).map {
        "  - {id: r\($0), title: Reminder \($0), at: 2026-12-01 09:00, repeat: daily}\n"
    }.joined()
let repeats = ["daily", "weekly", "monthly", "hourly", "every 5 minutes", "every 2 days"]
let mixed =
    "timezone: Europe/Berlin\nreminders:\n"
    + (0..<100_000).map { index in
        let minute = index * 7 % 1440
        return "  - {id: r\(index), title: Reminder \(index), at: 2026-12-\(two(1 + index % 28)) \(two(minute / 60)):\(two(minute % 60)), "
            + "repeat: \(repeats[index % 97 == 0 ? 4 : index % 13 == 0 ? 3 : index % 3 == 0 ? 1 : index % 5 == 0 ? 2 : index % 7 == 0 ? 5 : 0])}\n"
    }.joined()
let everySecond = "timezone: UTC\nreminders:\n  - {id: tick, title: Tick, at: 2026-12-01 00:00, repeat: every 1 second}\n"

let limit = ProcessInfo.processInfo.environment["REMINDC_BENCH_LIMIT"].flatMap(Double.init) ?? 120
let files = [
    ("1,000 at 09:00", "coinciding.yaml", coinciding), ("100,000 mixed", "mixed.yaml", mixed), ("every second", "second.yaml", everySecond),
]
for (_, name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }

/// Runs remindc with `arguments` (spawned and reaped here, so that its
/// resource usage is this program's to read); its wall time in seconds and
/// peak resident memory in MB, or nil for the time past the limit.
func measure(_ arguments: [String]) -> (seconds: Double?, megabytes: Double) {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let environment: [String] = ["TZ=Europe/Berlin", "NO_COLOR=1", "COLUMNS=120"]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let started = Date()
    guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { return (nil, 0) }
    var status: Int32 = 0
    var usage = rusage()
    while Date().timeIntervalSince(started) < limit {
        if wait4(pid, &status, WNOHANG, &usage) == pid {
            return (Date().timeIntervalSince(started), Double(usage.ru_maxrss) / 1024)
        }
        usleep(2_000)
    }
    kill(pid, SIGKILL)
    _ = wait4(pid, &status, 0, &usage)
    return (nil, Double(usage.ru_maxrss) / 1024)
}

let now = ["--now", "2026-12-01T08:00:00Z"]
print("file              command                       seconds   peak MB")
for (label, name, _) in files {
    let path = folder.appendingPathComponent(name).path
    var commands: [(String, [String])] = [
        ("check", ["check", path] + now),
        ("agenda (7 days)", ["agenda", path] + now),
        ("calendar (a month)", ["calendar", path, "--month", "2026-12"] + now),
        ("calendar --format html", ["calendar", path, "--month", "2026-12", "--format", "html"] + now),
    ]
    if name != "second.yaml" {
        commands.append(("systemd -o", ["systemd", path, "-o", folder.appendingPathComponent("units-\(name)").path] + now))
    }
    for (command, arguments) in commands {
        let (seconds, megabytes) = measure(arguments)
        let time =
            seconds.map { String(format: "%7.2f", $0) }
            ?? String(format: "  >%.0f", limit).padding(toLength: 7, withPad: " ", startingAt: 0)
        print(
            label.padding(toLength: 18, withPad: " ", startingAt: 0) + command.padding(toLength: 30, withPad: " ", startingAt: 0)
                + time + String(format: "   %7.0f", megabytes))
    }
}
