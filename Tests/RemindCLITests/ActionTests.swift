import Foundation
import Testing

/// The GitHub Action (action.yml): each of its steps runs
/// scripts/github-action.sh with the inputs in the environment, and so does
/// each test here, on a clean clone, with GitHub's files ($GITHUB_PATH,
/// $GITHUB_OUTPUT) in a temporary folder.
@Suite(.serialized) struct ActionTests {
    /// What the action's steps run, in order.
    @Test func everyStepRunsTheScript() throws {
        let action = try String(contentsOf: EndToEndTests.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let runs = action.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("run:") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(runs == ["install", "check", "publish"].map { #"run: bash "$GITHUB_ACTION_PATH/scripts/github-action.sh" "# + $0 })
        // Inputs reach the script through env:, never through the command's text.
        #expect(!runs.contains { $0.contains("${{") })
        for input in [
            "paths", "format", "sarif-file", "upload-sarif", "strict", "for", "publish-url", "publish-user", "publish-password",
            "publish-calendar",
        ] {
            #expect(action.contains("\n  \(input):\n"), "action.yml declares no input \(input)")
        }
    }

    /// The job's folder: GitHub's files and the prefix remindc goes to.
    struct Job {
        let folder: URL
        var prefix: URL { folder.appendingPathComponent("prefix") }
        var githubPath: URL { folder.appendingPathComponent("github-path") }
        var githubOutput: URL { folder.appendingPathComponent("github-output") }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-action-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in [githubPath, githubOutput] { try Data().write(to: file) }
        }

        /// One step of the action, in the clone, with `inputs` as its env: gives.
        func step(_ name: String, in clone: URL, inputs: [String: String] = [:]) throws -> EndToEndTests.Run {
            try EndToEndTests.run(
                ["scripts/github-action.sh", name],
                environment: [
                    "REMINDC_PREFIX": prefix.path, "GITHUB_PATH": githubPath.path, "GITHUB_OUTPUT": githubOutput.path,
                    "GITHUB_ACTIONS": "true", "RUNNER_TEMP": folder.path, "HOME": folder.path,
                ].merging(inputs) { $1 },
                executable: URL(fileURLWithPath: "/bin/bash"), workingFolder: clone)
        }
    }

    @Test(.enabled(if: CleanClone.git != nil, "git is not installed"))
    func theStepsBuildCheckAndPublishAsTheActionRunsThem() throws {
        let clone = try CleanClone.shared.get()
        let job = try Job()
        defer { try? FileManager.default.removeItem(at: job.folder) }

        let install = try job.step("install", in: clone)
        try #require(install.status == 0, "\(install.stderr)")
        #expect(try String(contentsOf: job.githubPath, encoding: .utf8) == job.prefix.path + "/bin\n")
        #expect(install.stdout.contains("Swift runtime: built in"), "\(install.stdout)")

        // Files without errors: success, their warnings as annotations.
        let clean = try job.step(
            "check", in: clone, inputs: ["REMINDC_PATHS": "examples", "REMINDC_FOR": "ics", "REMINDC_STRICT": "false"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("::warning file=examples/"))
        #expect(!clean.stdout.contains("::error"))
        // With strict, the warnings fail it.
        let strict = try job.step(
            "check", in: clone, inputs: ["REMINDC_PATHS": "examples", "REMINDC_FOR": "ics", "REMINDC_STRICT": "true"])
        #expect(strict.status == 1)

        // A file with errors: annotations, failure.
        let bad = "Tests/RemindCLITests/Fixtures/mixed/bad.yml"
        let annotated = try job.step("check", in: clone, inputs: ["REMINDC_PATHS": "examples \(bad)"])
        #expect(annotated.status == 1)
        #expect(annotated.stdout.contains("::error file=\(bad),line="), "\(annotated.stdout)")
        // Paths on lines of their own (`paths: |`): every one is checked.
        let onLines = try job.step("check", in: clone, inputs: ["REMINDC_PATHS": "examples\n\(bad)\n"])
        #expect(onLines.status == 1)
        #expect(onLines.stdout.contains("::error file=\(bad),line="), "\(onLines.stdout)")

        // SARIF: the report, its path as the step's output, the text in the log.
        let sarif = job.folder.appendingPathComponent("remindc.sarif")
        let report = try job.step(
            "check", in: clone, inputs: ["REMINDC_PATHS": bad, "REMINDC_FORMAT": "sarif", "REMINDC_SARIF_FILE": sarif.path])
        #expect(report.status == 1)
        // The multi-line form, behind a delimiter: sarif-file<<D, the path, D.
        let output = try String(contentsOf: job.githubOutput, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            output.count == 3 && output[0].hasPrefix("sarif-file<<remindc_") && output[1] == sarif.path
                && output[2] == String(output[0].dropFirst("sarif-file<<".count)), "\(output)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        let results = (root["runs"] as? [[String: Any]])?.first?["results"] as? [Any]
        #expect(results?.isEmpty == false)
        #expect(report.stdout.contains("error:"), "the text report is in the log: \(report.stdout)")

        // Inputs the script refuses, said as annotations.
        let noPaths = try job.step("check", in: clone, inputs: ["REMINDC_PATHS": ""])
        #expect(noPaths.status == 2)
        #expect(noPaths.stderr.contains("::error title=remindc::the input 'paths' names no reminder files"))
        let format = try job.step("check", in: clone, inputs: ["REMINDC_PATHS": "examples", "REMINDC_FORMAT": "xml"])
        #expect(format.status == 2)
        #expect(format.stderr.contains("the input 'format' is 'xml'"))
        // A line break in an input starts no workflow command and adds no output.
        let injected = try job.step(
            "check", in: clone, inputs: ["REMINDC_PATHS": "examples", "REMINDC_FORMAT": "xml\n::add-mask::secret\n::warning::x"])
        #expect(injected.status == 2)
        #expect(
            !(injected.stdout + injected.stderr).split(separator: "\n").contains {
                $0.hasPrefix("::add-mask") || $0.hasPrefix("::warning")
            },
            "\(injected.stderr)")
        #expect(injected.stderr.contains("the input 'format' is 'xml%0A::add-mask::secret%0A::warning::x'"), "\(injected.stderr)")
        try Data().write(to: job.githubOutput)
        let twoLines = try job.step(
            "check", in: clone,
            inputs: [
                "REMINDC_PATHS": bad, "REMINDC_FORMAT": "sarif",
                "REMINDC_SARIF_FILE": "\(sarif.path)\nevil=1",
            ])
        #expect(twoLines.status == 2)
        #expect(try String(contentsOf: job.githubOutput, encoding: .utf8).isEmpty)
        // An input is data, not a command.
        let hostile = try job.step(
            "check", in: clone, inputs: ["REMINDC_PATHS": "examples", "REMINDC_FOR": "ics; touch \(job.folder.path)/pwned"])
        #expect(hostile.status == 2)
        #expect(!FileManager.default.fileExists(atPath: job.folder.appendingPathComponent("pwned").path))

        // Publish, when a CalDAV server is at hand: Radicale on 127.0.0.1.
        guard PublishTests.available else { return }
        let server = try PublishTests.Server("radicale", htpasswd: "ci:action-secret")
        let published = try job.step(
            "publish", in: clone,
            inputs: [
                "REMINDC_PATHS": "examples/remindme.yaml", "REMINDC_PUBLISH_URL": server.url, "REMINDC_PUBLISH_USER": "ci",
                "REMINDC_PASSWORD": "action-secret", "XDG_STATE_HOME": job.folder.appendingPathComponent("state").path,
            ])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stderr.contains("created"), "\(published.stderr)")
        #expect(!(published.stdout + published.stderr).contains("action-secret"))
        #expect(server.writes(since: 0).contains { $0.hasPrefix("PUT ") })
    }
}
