import Foundation
import RepositoryFiles
import Testing

/// The command line a person expects: `-` for standard input and output,
/// completion scripts for bash, zsh and fish that complete what `--help`
/// lists, and a manual page made from the same specs.
@Suite struct CommandLineTests {
    /// `script` in /bin/sh, in a fresh folder holding a copy of examples/,
    /// with the binary as `$REMINDC`.
    static func shell(_ script: String, program: String = "/bin/sh") throws -> EndToEndTests.Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: EndToEndTests.root.appendingPathComponent("examples"), to: folder.appendingPathComponent("examples"))
        return try EndToEndTests.run(
            ["-c", script], environment: ["REMINDC": EndToEndTests.binary.path, "NO_COLOR": "1", "TZ": "UTC"],
            executable: URL(fileURLWithPath: program), workingFolder: folder)
    }

    static let now = "--now 2026-11-29T12:00:00Z"

    @Test func aDashReadsStandardInput() throws {
        let clean = try Self.shell("\"$REMINDC\" check - \(Self.now) < examples/remindme.yaml")
        #expect(clean.status == 0)
        #expect(clean.stdout == "no problems in 1 file\n")
        let wrong = try Self.shell(
            "sed 's/title: Call Mum/titel: x/' examples/remindme.yaml | \"$REMINDC\" check - examples/my-minutes.yaml \(Self.now)")
        #expect(wrong.status == 1)
        #expect(
            wrong.stdout.hasPrefix("/dev/stdin:17:5: error: reminder 'call-mum' needs the key 'title' [missing-key]\n"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("/dev/stdin:18:5: error: unknown key 'titel' in a reminder [unknown-key]\n 18 |     titel: x"))
        let expanded = try Self.shell("\"$REMINDC\" expand --format jsonl --limit 1 - \(Self.now) < examples/remindme.yaml")
        #expect(expanded.stdout.hasPrefix(#"{"reminder":"call-mum","start":"2026-12-06T18:30:00+00:00""#), "\(expanded.stdout)")
    }

    @Test func standardInputIsReadOnce() throws {
        let run = try Self.shell("\"$REMINDC\" check - - < examples/remindme.yaml")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: standard input ('-') can be read only once\n"), "\(run.stderr)")
    }

    @Test(arguments: ["ics", "crontab"])
    func dashOutputIsStandardOutput(_ command: String) throws {
        let run = try Self.shell(
            """
            "$REMINDC" \(command) examples/remindme.yaml \(Self.now) > plain.out && "$REMINDC" \(command) -o - examples/remindme.yaml \(Self.now) > dash.out \
            && cmp plain.out dash.out && test ! -e ./- && wc -c < dash.out
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 500)
    }

    @Test func systemdUnitsDoNotGoToStandardOutput() throws {
        let run = try Self.shell("\"$REMINDC\" systemd -o - examples")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: -o names a folder for the units; standard output cannot hold several files\n"))
    }

    // MARK: Completions

    /// What bash's completion function offers for the words typed so far.
    static func bashCompletes(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let run = try Self.shell(
            """
            source <("$REMINDC" completions bash); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _remindc; printf '%s\\n' "${COMPREPLY[@]}"
            """, program: "/bin/bash")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: [
        (["remindc", "ch"], ["check"]),
        (["remindc", "c"], ["calendar", "check", "completions", "crontab"]),
        (["remindc", "check", "--fo"], ["--for", "--format"]),
        (["remindc", "check", "--format", ""], ["github", "json", "sarif", "text"]),
        (["remindc", "expand", "--format", "j"], ["jsonl"]),
        (["remindc", "check", "examples/re"], ["examples/remindme.yaml", "examples/repeating.yaml"]),
        (["remindc", "rules", "same"], ["same-time"]),
        (["remindc", "help", "pu"], ["publish"]),
        (["remindc", "completions", ""], ["bash", "fish", "zsh"]),
        (["remindc", "publish", "--conn"], ["--connections"]),
    ])
    func bashCompletesWhatHelpLists(_ words: [String], _ expected: [String]) throws {
        #expect(try Self.bashCompletes(words) == expected)
    }

    /// Every option of every command is in every script.
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyOptionIsInTheScript(_ shell: String) throws {
        let run = try EndToEndTests.run(["completions", shell])
        #expect(run.status == 0)
        Golden().check(run.stdout, "completions-\(shell).txt")
        let help = try EndToEndTests.run(["--help"]).stdout
        let commands = help.components(separatedBy: "SUBCOMMANDS:\n")[1].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  ") && !line.hasPrefix("   "), let word = line.split(separator: " ").first, word.first!.isLowercase
            else { return nil }
            return String(word)
        }
        #expect(commands.count >= 14)
        for command in commands {
            #expect(run.stdout.contains(command), "\(shell): \(command)")
            let options = try EndToEndTests.run(["help", command]).stdout.components(separatedBy: "OPTIONS:\n").last ?? ""
            for name in options.matches(of: /--[a-z-]+/).map({ String($0.output) }) {
                let written = shell == "fish" ? "-l \(name.dropFirst(2))" : name
                #expect(run.stdout.contains(written), "\(shell): \(command) \(name)")
            }
        }
    }

    static let zsh = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
    static let fish = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")

    @Test(.enabled(if: zsh, "zsh is not installed"))
    func zshReadsItsScript() throws {
        let run = try Self.shell("\"$REMINDC\" completions zsh > _remindc && zsh -n _remindc && echo ok")
        #expect(run.stdout == "ok\n", "\(run.stderr)")
    }

    @Test(.enabled(if: fish, "fish is not installed"))
    func fishCompletesWhatHelpLists() throws {
        let run = try Self.shell(
            """
            "$REMINDC" completions fish > remindc.fish && fish -n remindc.fish && fish -c 'source remindc.fish; complete -C "remindc ch"; complete -C "remindc check --format "; complete -C "remindc rules same-"'
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(lines.contains("check"))
        #expect(["text", "json", "sarif", "github"].allSatisfy(lines.contains))
        #expect(lines.contains("same-time"))
    }

    // MARK: The manual page

    @Test func theManualPageIsWhatTheCommandPrintsAndCoversEveryOption() throws {
        let run = try EndToEndTests.run(["manual"])
        #expect(run.status == 0)
        let file = EndToEndTests.root.appendingPathComponent("docs/remindc.1")
        if Golden.recording {
            try run.stdout.write(to: file, atomically: true, encoding: .utf8)
        } else {
            #expect(
                run.stdout == (try String(contentsOf: file, encoding: .utf8)),
                "docs/remindc.1 is stale: REMINDC_RECORD_GOLDEN=1 rewrites it")
        }
        // Rendered by man(1), as a reader sees it: no warning, and every
        // command's options with their help, as --help has them.
        let rendered = try Self.shell("MANWIDTH=2000 man --warnings -l - < \"\(file.path)\"")
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        let page = rendered.stdout.replacingOccurrences(of: "‐", with: "-")
        for command in [
            "check", "rules", "expand", "ics", "crontab", "systemd", "notify", "resume", "due", "publish", "schema", "completions",
            "manual", "help",
        ] {
            let help = try EndToEndTests.run(["help", command]).stdout
            let abstract = help.split(separator: "\n")[0].dropFirst("OVERVIEW: ".count)
            #expect(page.contains(abstract), "\(command): \(abstract)")
            for name in (help.components(separatedBy: "OPTIONS:\n").last ?? "").matches(of: /--[a-z-]+/).map({ String($0.output) })
            where name != "--help" {
                #expect(page.contains(name), "\(command) \(name)")
            }
        }
    }
}
