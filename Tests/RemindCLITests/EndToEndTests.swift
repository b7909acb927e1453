import Foundation
import RemindCLI
import RepositoryFiles
import Testing

/// Runs the built `remindc` binary from the package root and checks stdout,
/// stderr and the exit status against golden files.
@Suite struct EndToEndTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary next to the test bundle (SwiftPM builds it first, as the
    /// test target depends on it).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["REMINDC_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("remindc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/remindc")
    }

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32

        /// The run as one text: status, then both streams.
        var transcript: String { "status: \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// Runs the binary in the package's folder (or `workingFolder`), with
    /// the test's environment and `environment` over it, or `environment`
    /// alone when `replacing`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: URL? = nil, replacing: Bool = false,
        workingFolder: URL? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = workingFolder ?? root
        var env = replacing ? [:] : ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.drained()
        let stderr = err.drained()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// `run` in this process, through `Remindc.run`: the same standard
    /// output, standard error and status without starting the binary. A
    /// run that reads standard input (`-`), or a test process started
    /// outside the package's folder (relative paths are read from the
    /// process's), runs the binary; so does every run with
    /// `REMINDC_GOLDEN_BINARY=1`, to compare the two.
    static func runInProcess(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        guard !arguments.contains("-"), here == root.standardizedFileURL.path,
            ProcessInfo.processInfo.environment["REMINDC_GOLDEN_BINARY"] != "1"
        else { return try run(arguments, environment: environment) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_ACTIONS")
        env.merge(environment) { $1 }
        let outcome = Remindc.run(Invocation(arguments: arguments, environment: env, workingFolder: root.path))
        return Run(stdout: outcome.stdout, stderr: outcome.stderr, status: outcome.status)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var golden: String
        var arguments: [String]
        var status: Int32
        var testDescription: String { golden }
    }

    static let fixtures = "Tests/RemindCLITests/Fixtures"

    /// The examples every calendar client reads: all but other-calendars.yaml,
    /// whose RSCALE (RFC 7529) vobject refuses, and Radicale through it.
    static let portableExamples = [
        "examples/my-minutes.yaml", "examples/notifications-demo.yaml", "examples/remindme.yaml", "examples/repeating.yaml",
        "examples/working-days.yaml", "examples/imported.yaml",
    ]

    @Test(arguments: [
        Case(golden: "help.txt", arguments: ["--help"], status: 0),
        Case(golden: "help-check.txt", arguments: ["help", "check"], status: 0),
        Case(golden: "check-dash-h.txt", arguments: ["check", "-h"], status: 0),
        Case(golden: "help-schema.txt", arguments: ["help", "schema"], status: 0),
        Case(golden: "help-completions.txt", arguments: ["help", "completions"], status: 0),
        Case(golden: "help-manual.txt", arguments: ["help", "manual"], status: 0),
        Case(golden: "completions-no-shell.txt", arguments: ["completions", "tcsh"], status: 2),
        Case(golden: "no-arguments.txt", arguments: [], status: 2),
        Case(golden: "unknown-subcommand.txt", arguments: ["chek", "examples"], status: 2),
        Case(golden: "unknown-option.txt", arguments: ["check", "--bogus", "examples"], status: 2),
        Case(golden: "missing-path.txt", arguments: ["check"], status: 2),
        Case(golden: "missing-value.txt", arguments: ["check", "examples", "--format"], status: 2),
        Case(golden: "bad-format.txt", arguments: ["check", "--format", "xml", "examples"], status: 2),
        Case(golden: "flag-with-value.txt", arguments: ["check", "--strict=yes", "examples"], status: 2),
        Case(golden: "unreadable-path.txt", arguments: ["check", "examples", "no/such/file.yaml"], status: 2),
        Case(golden: "empty-folder.txt", arguments: ["check", "Tests/RemindCLITests/Golden/../Fixtures/bad/../../Golden"], status: 2),
        Case(golden: "check-examples.txt", arguments: ["check", "examples"], status: 0),
        Case(golden: "check-examples-strict.txt", arguments: ["check", "--strict", "--format=text", "examples-lint/"], status: 1),
        Case(golden: "check-bad.txt", arguments: ["check", "\(fixtures)/bad"], status: 1),
        Case(golden: "check-syntax.txt", arguments: ["check", "\(fixtures)/syntax"], status: 1),
        Case(golden: "check-bad-quiet.txt", arguments: ["check", "--quiet", "\(fixtures)/bad/syntax.yaml"], status: 1),
        Case(golden: "check-mixed.txt", arguments: ["check", "\(fixtures)/mixed", "examples/remindme.yaml"], status: 1),
        Case(golden: "check-after-dashes.txt", arguments: ["check", "--", "\(fixtures)/mixed/good.yaml"], status: 0),
    ])
    func transcript(_ c: Case) throws {
        // 2026-11-29T12:00:00Z: the checker's findings depend on "now".
        let run = try Self.run(c.arguments, environment: ["NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1795953600", "TZ": "UTC"])
        #expect(run.status == c.status)
        Golden().check(run.transcript, c.golden)
    }

    @Test func failedCheckPrintsNothingOnStderr() throws {
        let run = try Self.run(["check", "\(Self.fixtures)/bad"])
        #expect(run.stderr.isEmpty)
        #expect(!run.stdout.contains("\u{1B}["), "no colour when stdout is a pipe")
    }

    @Test func hostileInputsFailCleanly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        let names = (0...12).map { "l\($0)" }
        bomb += "\(names[1]): &\(names[1]) [" + Array(repeating: "*a", count: 10).joined(separator: ",") + "]\n"
        for level in 2...12 {
            bomb +=
                "\(names[level]): &\(names[level]) [" + Array(repeating: "*\(names[level - 1])", count: 10).joined(separator: ",") + "]\n"
        }
        let files: [(String, [UInt8], String)] = [
            ("bomb.yaml", Array(bomb.utf8), "[alias-limit]"),
            ("deep.yaml", Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8), "1:65: error"),
            ("utf8.yaml", Array("reminders: []\nname: x".utf8) + [0xC0, 0xAF], "2:8: error: the file is not valid UTF-8"),
            ("empty.yaml", [], "1:1: error: the file is empty"),
        ]
        for (name, bytes, expected) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            let run = try Self.run(["check", folder.appendingPathComponent(name).path])
            #expect(run.status == 1, "\(name)")
            #expect(run.stdout.contains(expected), "\(name): \(run.stdout)")
        }
    }

    /// Editors on some systems start a UTF-8 file with a byte-order mark;
    /// it is not text, and the lines after the first are not outdented.
    @Test func aFileStartingWithAByteOrderMarkChecksClean() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-bom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bom.yaml")
        let text = "timezone: UTC\nreminders:\n  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}\n"
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: file)
        let run = try Self.run(["check", file.path, "--now", "2026-11-29T12:00:00Z"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("no problems"), "\(run.stdout)")
    }

    /// Quiet, the check prints errors only; a warning still fails it under
    /// --strict, and an info never does. (The checker drops what will not
    /// be printed as the rules return it.)
    @Test func quietChecksFailOnWhatTheyWouldPrintOrStrictlyCount() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-quiet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("quiet.yaml")
        // An info (endless-repeat) and a warning (in-the-past), no error.
        try Data(
            """
            timezone: UTC
            reminders:
              - {id: water, title: Water, at: 2026-12-01 09:00, repeat: every 20 minutes}
              - {id: old, title: Old, at: 2020-01-01 09:00}
            """.utf8
        ).write(to: file)
        let now = ["--now", "2026-11-29T12:00:00Z"]
        let loud = try Self.run(["check", file.path] + now)
        #expect(loud.status == 0)
        #expect(loud.stdout.contains("[endless-repeat]") && loud.stdout.contains("[in-the-past]"), "\(loud.stdout)")
        let quiet = try Self.run(["check", "--quiet", file.path] + now)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)")
        let strict = try Self.run(["check", "--quiet", "--strict", file.path] + now)
        #expect(strict.status == 1 && strict.stdout.isEmpty, "\(strict.stdout)")
        let json = try Self.run(["check", "--quiet", "--format", "json", file.path] + now)
        #expect(json.status == 0 && json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(json.stdout)")
    }

    /// A file of a mebibyte and more, its list decoded beside the parser,
    /// shows its diagnostics at the right lines, wherever in the list they
    /// are; the same text through a pipe reports the same.
    @Test func aLargeFileIsReadAsASmallOneIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "timezone: UTC\nreminders:\n"
        for index in 0..<16_000 {
            let at = index == 1_000 ? "2026-02-30 09:00" : index == 15_000 ? "2026-12-01 25:00" : "2026-12-01 09:00"
            text += "  - id: reminder-\(index)\n    title: Reminder number \(index), a title long enough to fill a mebibyte\n"
            text += "    at: \(at)\n"
        }
        #expect(text.utf8.count > 1 << 20)
        let file = folder.appendingPathComponent("large.yaml")
        try Data(text.utf8).write(to: file)
        let mapped = try Self.run(["check", "--quiet", file.path, "--now", "2026-11-29T12:00:00Z"])
        #expect(mapped.status == 1)
        #expect(mapped.stdout.contains("large.yaml:3005:9: error:"), "\(mapped.stdout)")
        #expect(mapped.stdout.contains("3005 |     at: 2026-02-30 09:00"), "\(mapped.stdout)")
        #expect(mapped.stdout.contains("large.yaml:45005:9: error:"), "\(mapped.stdout)")
        #expect(mapped.stdout.contains("45005 |     at: 2026-12-01 25:00"), "\(mapped.stdout)")
        let piped = try Self.run(
            ["-c", "cat '\(file.path)' | '\(Self.binary.path)' check --quiet /dev/stdin --now 2026-11-29T12:00:00Z"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(piped.status == 1)
        #expect(piped.stdout.replacingOccurrences(of: "/dev/stdin", with: file.path) == mapped.stdout)
    }
}
