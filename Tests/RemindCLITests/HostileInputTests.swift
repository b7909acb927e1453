import Foundation
import RepositoryFiles
import Testing

/// Input meant to break remindc: numbers past any range, years outside the
/// span it works in, now at the ends of Int. Each ends with a message and
/// exit 1 or 2, never a crash and never output.
@Suite struct HostileInputTests {
    static let fixtures = EndToEndTests.fixtures

    /// Every long number and far year of the file is an error at its line
    /// and column.
    @Test func longNumbersAndFarYearsAreErrorsAtTheirPlace() throws {
        let run = try EndToEndTests.run(
            ["check", "\(Self.fixtures)/hostile/numbers.yaml", "--now", "2026-11-29T12:00:00Z"],
            environment: ["NO_COLOR": "1"])
        #expect(run.status == 1)
        Golden().check(run.transcript, "check-hostile-numbers.txt")
        for command in [["expand"], ["ics"], ["ics", "--expand"], ["crontab", "--zone", "UTC"]] {
            let other = try EndToEndTests.run(command + ["\(Self.fixtures)/hostile/numbers.yaml", "--now", "2026-11-29T12:00:00Z"])
            #expect(other.status == 1, "\(command)")
            #expect(other.stdout.isEmpty, "\(command)")
            #expect(
                other.stderr.contains("numbers.yaml:12:13: error: '9223372036854775808s' is longer than the 683 years remindc works in"),
                "\(command)")
        }
    }

    struct NowCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var environment: [String: String]
        var message: String
        var testDescription: String { "\(arguments) \(environment)" }
    }

    static let span = "outside the span remindc works in, 1900-01-01T00:00:00Z to 2582-12-31T23:59:59Z"

    /// Now, a window's ends and the horizon outside the span are usage
    /// errors, named, for every command.
    @Test(
        arguments: ["check", "expand", "ics", "crontab"].flatMap { command in
            [
                NowCase(
                    arguments: [command, "examples"], environment: ["SOURCE_DATE_EPOCH": "9223372036854775807"],
                    message: "SOURCE_DATE_EPOCH 9223372036854775807 is \(span)"),
                NowCase(
                    arguments: [command, "examples"], environment: ["SOURCE_DATE_EPOCH": "-9223372036854775808"],
                    message: "SOURCE_DATE_EPOCH -9223372036854775808 is \(span)"),
                NowCase(
                    arguments: [command, "examples"], environment: ["SOURCE_DATE_EPOCH": "100000000000000"],
                    message: "SOURCE_DATE_EPOCH 100000000000000 is \(span)"),
                NowCase(
                    arguments: [command, "examples", "--now", "2582-12-31T23:00:00-05:00"], environment: [:],
                    message: "--now 2582-12-31T23:00:00-05:00 is \(span)"),
                NowCase(
                    arguments: [command, "examples", "--now", "9999-12-31T23:00:00Z"], environment: [:],
                    message: "'9999-12-31T23:00:00Z' is in the year 9999, outside the years remindc works in (years run from 1900 to 2582)"),
            ]
        } + [
            NowCase(
                arguments: ["expand", "examples", "--from", "1899-12-31"], environment: ["TZ": "UTC"],
                message: "is in the year 1899, outside the years remindc works in"),
            NowCase(
                arguments: ["check", "examples", "--horizon", "30000w"], environment: [:],
                message: "--horizon 30000w reaches past the span remindc works in"),
            NowCase(
                arguments: ["check", "examples", "--horizon", "99999999999w"], environment: [:],
                message: "--horizon 99999999999w reaches past the span remindc works in"),
        ])
    func nowOutsideTheSpanIsAUsageError(_ c: NowCase) throws {
        let run = try EndToEndTests.run(c.arguments, environment: c.environment)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(c.message), "\(run.stderr)")
    }
}

/// Output that cannot be written: a failure with a message, never a crash
/// or a silent exit 0; a reader that stops early ends remindc by SIGPIPE.
@Suite struct OutputFailureTests {
    /// Runs `script` with `/bin/bash -c`, the binary as `$REMINDC`.
    static func shell(_ script: String) throws -> EndToEndTests.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = EndToEndTests.root
        var environment = ProcessInfo.processInfo.environment
        environment["REMINDC"] = EndToEndTests.binary.path
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.drained(), as: UTF8.self)
        let stderr = String(decoding: err.drained(), as: UTF8.self)
        process.waitUntilExit()
        return .init(stdout: stdout, stderr: stderr, status: process.terminationStatus)
    }

    static let now = "--now 2026-11-29T12:00:00Z"

    @Test(arguments: [
        "check examples \(now)", "expand examples \(now)", "ics examples \(now)", "crontab examples/repeating.yaml --zone UTC \(now)",
        "rules", "--version", "help",
    ])
    func aFullDiskIsExitTwoWithAMessage(_ arguments: String) throws {
        let run = try Self.shell("\"$REMINDC\" \(arguments) > /dev/full; echo \"status $?\"")
        #expect(run.stdout == "status 2\n", "\(run.stderr)")
        #expect(run.stderr.hasSuffix("Error: cannot write to standard output: No space left on device\n"), "\(run.stderr)")
    }

    @Test func aClosedStandardOutputIsExitTwoWithAMessage() throws {
        let run = try Self.shell("\"$REMINDC\" --version >&-; echo \"status $?\"")
        #expect(run.stdout == "status 2\n")
        #expect(run.stderr == "Error: cannot write to standard output: Bad file descriptor\n")
    }

    /// The conventional end: killed by SIGPIPE (status 141 in the shell),
    /// nothing on standard error, whatever the parent did with the signal.
    @Test func aReaderThatStopsEndsItQuietly() throws {
        let run = try Self.shell(
            "trap '' PIPE; \"$REMINDC\" expand examples \(Self.now) --to 2030-01-01 | head -1 > /dev/null; "
                + "echo \"status ${PIPESTATUS[0]}\"")
        #expect(run.stdout == "status 141\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}

/// Control characters from a file (its keys, its values, its own name)
/// reach no human-readable output raw: ESC could retitle the terminal or
/// clear the screen, CR overwrite a line.
@Suite struct ControlCharacterTests {
    static let hostileKey = "\"\\e]0;pwned\\a\\e[2J\\r\": 1"

    @Test(arguments: ["text", "github"])
    func checkShowsThemEscaped(_ format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-controls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\u{1B}[2Jbad\u{7}.yaml")
        try Data("timezone: UTC\nreminders:\n  - id: a\n    title: A\n    at: 2026-12-01 09:00\n    \(Self.hostileKey)\n".utf8).write(
            to: file)
        let run = try EndToEndTests.run(
            ["check", "--format", format, folder.path, "--now", "2026-11-29T12:00:00Z"],
            environment: ["NO_COLOR": "1"])
        #expect(run.status == 1)
        let controls = (run.stdout + run.stderr).unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        #expect(controls.isEmpty, "\(Array(controls))")
        #expect(run.stdout.contains("unknown key '\\u{1B}]0;pwned\\u{7}\\u{1B}[2J" + (format == "text" ? "\\r'" : "%0D'")), "\(run.stdout)")
        #expect(run.stdout.contains("\\u{1B}[2Jbad\\u{7}.yaml"), "\(run.stdout)")
    }

    /// expand's table and CSV show a title's controls as U+FFFD; the CSV
    /// keeps its line breaks and tabs, quoted, as data.
    @Test(arguments: ["text", "csv"])
    func expandShowsThemReplaced(_ format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-controls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.yaml")
        try Data(
            "timezone: UTC\nreminders:\n  - id: a\n    title: \"\\e]0;pwned\\a\\e[2J\\x85two\\tthree\\nfour\"\n    at: 2026-12-01 09:00\n"
                .utf8
        )
        .write(to: file)
        let run = try EndToEndTests.run(["expand", "--format", format, file.path, "--now", "2026-11-29T12:00:00Z"])
        #expect(run.status == 0, "\(run.stderr)")
        let controls = run.stdout.unicodeScalars.filter {
            ($0.value < 0x20 && !["\n", "\r", "\t"].contains($0)) || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(Array(controls))")
        let title =
            format == "csv"
            ? "\"\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\u{FFFD}two\tthree\nfour\"\r\n"
            : "\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\u{FFFD}two three four\n"
        #expect(run.stdout.hasSuffix(title), "\(run.stdout)")
    }

    /// A path named on the command line that cannot be read is named with
    /// its controls escaped.
    @Test func aMissingPathIsNamedEscaped() throws {
        let run = try EndToEndTests.run(["check", "no-such-\u{1B}[2J.yaml"])
        #expect(run.status == 2)
        #expect(!run.stderr.unicodeScalars.contains("\u{1B}"))
        #expect(run.stderr.contains("no-such-\\u{1B}[2J.yaml"), "\(run.stderr)")
    }
}

/// Odd files in and out: what cannot be read is named (exit 2) and never
/// skipped; input that can be read only once is read once; `-o` keeps a
/// file's permissions, writes through links and devices, and leaves no
/// temporary file when killed.
@Suite struct OddFileTests {
    /// Runs `script` in a fresh folder holding a copy of remindme.yaml as
    /// `ok.yaml`, with the binary as `$REMINDC`.
    static func inFolder(_ script: String) throws -> EndToEndTests.Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-odd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: EndToEndTests.root.appendingPathComponent("examples/remindme.yaml"),
            to: folder.appendingPathComponent("ok.yaml"))
        return try OutputFailureTests.shell("cd '\(folder.path)' && { \(script); }")
    }

    static let now = "--now 2026-11-29T12:00:00Z"

    @Test func aFolderWalkNamesWhatItCannotRead() throws {
        let run = try Self.inFolder(
            """
            cp ok.yaml "$(printf 'errors\\xe9.yaml')"; ln -s nowhere.yaml dangling.yaml; ln -s loop.yaml loop.yaml
            "$REMINDC" check . \(Self.now); echo "status $?"
            """)
        #expect(run.stdout == "status 2\n")
        #expect(
            run.stderr.split(separator: "\n").sorted() == [
                "Error: cannot read './dangling.yaml': a symbolic link to nothing",
                "Error: cannot read './errors\\xE9.yaml': its name is not UTF-8",
                "Error: cannot read './loop.yaml': a loop of symbolic links",
            ], "\(run.stderr)")
    }

    /// A folder walk reads a link only when it leads inside the folder
    /// checked: a pull request's `reminders/env.yaml -> /proc/self/environ`
    /// is refused by name, and nothing of remindc's environment is shown;
    /// a link inside the folder, or one named on the command line, is read.
    @Test func aFolderWalkReadsNoLinkOutOfIt() throws {
        let run = try Self.inFolder(
            """
            mkdir -p reminders/sub; cp ok.yaml reminders/; ln -s ../ok.yaml reminders/sub/inside.yaml
            ln -s /proc/self/environ reminders/env.yaml; ln -s "$PWD/ok.yaml" reminders/outside.yaml
            REMINDC_CANARY=c4n4ry "$REMINDC" check reminders \(Self.now); echo "status $?"
            rm reminders/env.yaml reminders/outside.yaml; "$REMINDC" check reminders \(Self.now) | tail -1
            """)
        // The same file twice, through the link inside: read, and its ids clash.
        #expect(run.stdout.hasPrefix("status 2\n") && run.stdout.hasSuffix(" 2 files\n"), "\(run.stdout)")
        #expect(
            run.stderr.split(separator: "\n").sorted() == [
                "Error: cannot read 'reminders/env.yaml': a symbolic link to a file outside the folder checked; name it on the command line to read it",
                "Error: cannot read 'reminders/outside.yaml': a symbolic link to a file outside the folder checked; name it on the command line to read it",
            ], "\(run.stderr)")
        #expect(!run.stderr.contains("c4n4ry"))
    }

    /// A file that is no text (NUL bytes) is reported without a quoted
    /// line, and a long line is quoted no further than 200 characters.
    @Test func reportsQuoteOnlyTextAndOnlySoMuch() throws {
        let run = try Self.inFolder(
            """
            REMINDC_CANARY=c4n4ry "$REMINDC" check --format text /proc/self/environ; echo "status $?"
            printf 'reminders: %05000d\\n' 0 > long.yaml; "$REMINDC" check long.yaml; echo "status $?"
            """)
        #expect(run.stdout.hasSuffix("status 1\n"), "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("c4n4ry"))
        let quoted = run.stdout.split(separator: "\n").filter { $0.hasPrefix(" 1 | ") }
        #expect(quoted.count == 1 && quoted[0].unicodeScalars.count <= 210, "\(quoted)")
    }

    @Test func anArgumentThatIsNotUTF8IsNamed() throws {
        let run = try Self.inFolder(
            "cp ok.yaml \"$(printf 'r\\xe9.yaml')\"; \"$REMINDC\" check \"$(printf 'r\\xe9.yaml')\"; echo \"status $?\"")
        #expect(run.stdout == "status 2\n")
        #expect(run.stderr == "Error: cannot read 'r\\xE9.yaml': its name is not UTF-8\n")
    }

    /// A FIFO and standard input are read once; their source lines still
    /// show in the report.
    @Test(arguments: [
        "mkfifo in.yaml; sed 's/title: Call Mum/titel: x/' ok.yaml > in.yaml & \"$REMINDC\" check in.yaml \(now)",
        "sed 's/title: Call Mum/titel: x/' ok.yaml | \"$REMINDC\" check /dev/stdin \(now)",
    ])
    func inputReadOnceKeepsItsSourceLines(_ script: String) throws {
        let run = try Self.inFolder("timeout 20 \(script); echo \"status $?\"")
        #expect(run.stdout.hasSuffix("status 1\n"), "\(run.stdout)")
        #expect(run.stdout.contains(" 18 |     titel: x"), "\(run.stdout)")
    }

    @Test func writingOverAFileKeepsItsPermissions() throws {
        let run = try Self.inFolder(
            """
            echo old > private.ics; chmod 600 private.ics; "$REMINDC" ics ok.yaml -o private.ics \(Self.now); stat -c '%a' private.ics
            ln -s private.ics link.ics; "$REMINDC" ics ok.yaml -o link.ics \(Self.now); stat -c '%F' link.ics
            umask 027; "$REMINDC" ics ok.yaml -o new.ics \(Self.now); stat -c '%a' new.ics
            "$REMINDC" ics ok.yaml -o /dev/null \(Self.now); stat -c '%F' /dev/null
            grep -c BEGIN:VEVENT private.ics; ls -a | grep -c remindc
            """)
        #expect(run.stdout == "600\nsymbolic link\n640\ncharacter special file\n1\n0\n", "\(run.stderr)")
    }

    /// A target whose name is near the 255 bytes a name may have is
    /// written too: its temporary's name is cut to fit, and does not stay.
    @Test func aLongTargetNameIsWritten() throws {
        let name = String(repeating: "é", count: 120) + ".ics"
        let run = try Self.inFolder(
            """
            "$REMINDC" ics ok.yaml -o '\(name)' \(Self.now); echo "status $?"
            grep -c BEGIN:VEVENT '\(name)'; ls -a | grep -c remindc
            """)
        #expect(run.stdout == "status 0\n1\n0\n", "\(run.stderr)")
    }

    /// Killed while writing `-o` (by the file size limit, or SIGTERM), no
    /// temporary file stays and the old file is whole. The test runner's
    /// children may inherit these signals blocked or ignored; `plain` runs
    /// remindc as a shell would, with both at their defaults, in place of the
    /// subshell it is called in.
    @Test func killedWhileWritingLeavesNothingBehind() throws {
        let run = try Self.inFolder(
            """
            plain() { exec python3 -c 'import os, signal, sys
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGXFSZ])
            for number in (signal.SIGTERM, signal.SIGXFSZ): signal.signal(number, signal.SIG_DFL)
            os.execv(sys.argv[1], sys.argv[1:])' "$REMINDC" "$@"; }
            echo old > out.ics
            (ulimit -f 4; plain ics '\(EndToEndTests.root.path)/examples' -o out.ics \(Self.now))
            echo "status $?"; cat out.ics
            python3 -c "
            print('timezone: Europe/Berlin\\nreminders:')
            for i in range(60000): print(f'  - {{id: r{i}, title: Reminder {i}, at: 2026-12-01 09:00, repeat: daily}}')" > many.yaml
            (plain ics many.yaml -o out.ics \(Self.now)) & pid=$!
            n=0; while ! ls -a | grep -q 'out.ics.remindc' && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done
            kill -TERM $pid; wait $pid; echo "status $?"
            cat out.ics; ls -a | grep -c remindc
            """)
        #expect(run.stdout == "status 153\nold\nstatus 143\nold\n0\n", "\(run.stderr)")
    }
}

/// A reminder whose start, end, exceptions or alerts lie far from the
/// window costs what the window holds: each command ends well inside its
/// time-out (a guard against hangs, not a measure of speed).
@Suite struct FarFromTheWindowTests {
    @Test(arguments: [
        "check --horizon 1d", "expand --to 2026-11-29T13:00:00Z", "ics", "ics --expand --to 2026-11-29T12:10:00Z",
        "crontab --allow-inexact --zone UTC",
    ])
    func everyCommandEnds(_ command: String) throws {
        let run = try OutputFailureTests.shell(
            "timeout 60 \"$REMINDC\" \(command) \(EndToEndTests.fixtures)/hostile/far.yaml --now 2026-11-29T12:00:00Z > /dev/null; echo \"status $?\""
        )
        #expect(run.stdout == "status 0\n", "\(command): \(run.stdout) \(run.stderr.suffix(500))")
    }
}

/// A crontab Debian's `crontab` would refuse is not written: the error
/// names the limit and what reaches it.
@Suite struct CrontabLimitTests {
    @Test func moreThanTenThousandLinesIsAnError() throws {
        var yaml = "timezone: UTC\nreminders:\n"
        for index in 0..<12 { yaml += "  - {id: r\(index), title: R, at: 2026-12-01 09:00, repeat: every 30 seconds}\n" }
        let run = try OddFileTests.inFolder(
            """
            printf '%s' '\(yaml)' > many.yaml
            "$REMINDC" crontab --allow-inexact --zone UTC many.yaml --now 2026-11-29T12:00:00Z -o many.cron 2>&1 | grep cron-too-long
            ls many.cron 2>/dev/null | wc -l
            """)
        #expect(
            run.stdout == """
                many.yaml:3:28: error: the crontab would have 12050 lines, and Debian's crontab refuses more than 10000 [cron-too-long]
                0

                """, "\(run.stderr)")
    }

    @Test func aLongSoundPathIsNamed() throws {
        let run = try OddFileTests.inFolder(
            """
            printf 'timezone: UTC\\nreminders:\\n  - {id: a, title: A, at: 2026-12-01 09:00, repeat: daily, sound: %s.wav}\\n' \
                "$(printf 's%.0s' $(seq 900))" > sound.yaml
            "$REMINDC" crontab --zone UTC sound.yaml --now 2026-11-29T12:00:00Z 2>&1 | head -1
            """)
        #expect(run.stdout.contains("error: cron cannot fire 'a' exactly: its sound file's path is 904 bytes long"), "\(run.stdout)")
    }
}

/// `--allow-inexact` lists the coming alerts one by one, and looks for
/// daylight-saving differences among those only: a repeat every second
/// with a long `before` took 15 s to note changes a year away, under
/// entries whose alerts had passed.
@Suite struct CrontabListingTests {
    @Test func aListingHasTheComingAlertsAndNotesOnlyThem() throws {
        let run = try OddFileTests.inFolder(
            """
            printf 'timezone: Europe/Berlin\nreminders:\n  - {id: r1, title: x, at: 2026-12-01 09:00, repeat: every 1 second, before: 60d}\n' > seconds.yaml
            "$REMINDC" crontab --allow-inexact --zone Europe/Berlin seconds.yaml --now 2026-11-29T12:00:00Z > seconds.cron; echo "status $?"
            grep -c '^[0-9]' seconds.cron; grep -c '^# dst:' seconds.cron; grep '^# inexact:' seconds.cron
            grep '^[0-9]' seconds.cron | head -1 | cut -d' ' -f1-5; grep '^[0-9]' seconds.cron | tail -1 | cut -d' ' -f1-5
            """)
        // Now is 13:00 in Berlin; the first alert to come is of the
        // occurrence 60 days later, the last listed 999 s after it.
        #expect(
            run.stdout == """
                status 0
                1000
                0
                # inexact: cron has minutes only, not seconds; listed until 2027-01-28T13:16:40
                0 13 29 11 *
                16 13 29 11 *

                """, "\(run.stderr)")
    }
}

/// At the ends of the span remindc works in, every time written is a
/// four-digit year, in both .ics forms (python icalendar refused
/// `DTSTART:100000428T000000` and `00-11231T213612`).
@Suite struct SpanEdgeTests {
    @Test(arguments: [[], ["--expand", "--from", "2582-12-30", "--to", "2582-12-31T23:59:59Z"]])
    func icsYearsHaveFourDigits(_ extra: [String]) throws {
        let run = try OddFileTests.inFolder(
            """
            cat > edges.yaml <<'YAML'
            reminders:
              - {id: last, title: Last, at: 2582-12-31 23:30, timezone: Pacific/Kiritimati, repeat: hourly}
              - {id: first, title: First, at: 1900-01-01 00:30, timezone: Etc/GMT+12, repeat: {every: year, count: 3}}
              - {id: cairo, title: Cairo, at: 2582-12-31T01:30, timezone: Africa/Cairo}
              - {id: fixed, title: Fixed, at: 1900-01-01T01:30+00:00, timezone: America/Argentina/Buenos_Aires}
            YAML
            "$REMINDC" ics edges.yaml --now 2026-11-29T12:00:00Z \(extra.joined(separator: " ")); echo "status $?"
            """)
        #expect(run.stdout.hasSuffix("status 0\n"), "\(run.stderr)")
        let times = run.stdout.components(separatedBy: "\r\n").filter {
            $0.hasPrefix("DTSTART") || $0.hasPrefix("DUE") || $0.hasPrefix("RDATE")
        }
        #expect(!times.isEmpty)
        for line in times {
            let value = String(line.split(separator: ":").last!)
            #expect(value.range(of: #"^(1[89]|2[0-6])\d\d[01]\d[0-3]\d(T\d{6}Z?)?$"#, options: .regularExpression) != nil, "\(line)")
        }
    }
}
