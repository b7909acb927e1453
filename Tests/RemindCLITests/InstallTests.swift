import Foundation
import Testing

/// The README's install, as a person follows it: its commands, run as
/// written on a clean clone into a temporary prefix, install a release
/// binary whose `--version` names the commit and a built-in Swift runtime,
/// and which checks the examples.
@Suite struct InstallTests {
    /// The commands of the README's `## Install` section: its first `sh` block.
    static func readmeCommands() throws -> String {
        let readme = try String(contentsOf: EndToEndTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Install\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block
    }

    static let git = CleanClone.git

    @Test func theSectionInstallsIntoPrefix() throws {
        let commands = try Self.readmeCommands()
        #expect(commands.contains("--static-swift-stdlib"))
        #expect(commands.contains("${PREFIX:-$HOME/.local}/bin/remindc"))
    }

    @Test(.enabled(if: git != nil, "git is not installed"))
    func theReadmeCommandsInstallAWorkingBinaryFromACleanClone() throws {
        let clone = try CleanClone.shared.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix"), home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

        // As written, in a shell that stops at the first failure; HOME is
        // the test's own, so nothing reaches the real one.
        let install = try EndToEndTests.run(
            ["-euo", "pipefail", "-c", try Self.readmeCommands()],
            environment: ["PREFIX": prefix.path, "HOME": home.path],
            executable: URL(fileURLWithPath: "/bin/bash"), workingFolder: clone)
        try #require(install.status == 0, "\(install.stderr)")
        let installed = prefix.appendingPathComponent("bin/remindc")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))

        let head = try EndToEndTests.run(
            ["-C", clone.path, "rev-parse", "--short=12", "HEAD"], executable: URL(fileURLWithPath: CleanClone.git!))
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // The build's progress comes first; `--version` is the last four lines.
        let lines = Array(install.stdout.split(separator: "\n").map(String.init).suffix(4))
        #expect(lines.first?.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil, "\(install.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("built from \(commit) of ") == true, "\(install.stdout)")
        #expect(lines.dropFirst().first?.contains("a release build") == true)
        #expect(lines.contains("Swift runtime: built in (runs without Swift installed)"), "\(install.stdout)")
        #expect(lines.contains("binary: \(installed.path)"), "\(install.stdout)")

        let check = try EndToEndTests.run(["check", "examples/"], executable: installed, workingFolder: clone)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasPrefix("no problems in "))
        // With PREFIX set, nothing of remindc's goes to HOME (the package
        // manager keeps its caches there).
        let written = (FileManager.default.subpaths(atPath: home.path) ?? []).filter { $0.contains("remindc") }
        #expect(written.isEmpty, "the install wrote \(written) into HOME")
    }

    /// `--version` of the binary under test: the version, then the build.
    @Test func versionSaysTheBuild() throws {
        let run = try EndToEndTests.run(["--version"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.stdout)")
        #expect(lines[0] == "0.1.0")
        #expect(
            lines[1].range(
                of:
                    #"^built from ([0-9a-f]{12}(\+changes)?|unknown) of ([0-9]{4}-[0-9]{2}-[0-9]{2}|unknown): a (debug|release) build, Swift [0-9.]+"#,
                options: .regularExpression) != nil, "\(lines[1])")
        #expect(lines[2].hasPrefix("Swift runtime: "))
        #expect(lines[3] == "binary: " + EndToEndTests.binary.resolvingSymlinksInPath().path)
    }
}

/// A clone of this repository's HEAD, made once per test run in
/// `.build/clean-clone` (its own build folder inside), for the tests that
/// build remindc as a person or a CI job would: the README's install and
/// the GitHub Action share its release build.
enum CleanClone {
    static let git = ["/usr/bin/git", "/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let shared: Result<URL, Failure> = {
        guard let git else { return .failure(Failure(description: "git is not installed")) }
        let clone = EndToEndTests.root.appendingPathComponent(".build/clean-clone")
        try? FileManager.default.removeItem(at: clone)
        do {
            let run = try EndToEndTests.run(
                ["clone", "--quiet", EndToEndTests.root.path, clone.path], executable: URL(fileURLWithPath: git))
            return run.status == 0 ? .success(clone) : .failure(Failure(description: "git clone: \(run.stderr)"))
        } catch {
            return .failure(Failure(description: "git clone: \(error)"))
        }
    }()
}
