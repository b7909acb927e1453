import Foundation
import RepositoryFiles
import Testing

/// libical (Debian's libical-dev, installed by `.ci/run`) reads every .ics
/// remindc writes with no X-LIC-ERROR, its RFC 5546 restriction check
/// passes, and its own iterator accepts every RRULE. A small C harness
/// (Oracles/libical_check.c) is compiled against it for the test.
@Suite struct LibicalTests {
    static let harness: URL? = {
        let pkgConfig = Process()
        pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pkgConfig.arguments = ["pkg-config", "--cflags", "--libs", "libical"]
        let flags = Pipe()
        pkgConfig.standardOutput = flags
        pkgConfig.standardError = FileHandle.nullDevice
        guard (try? pkgConfig.run()) != nil else { return nil }
        let output = String(decoding: flags.drained(), as: UTF8.self)
        pkgConfig.waitUntilExit()
        guard pkgConfig.terminationStatus == 0 else { return nil }
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-libical-check-\(getpid())")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments =
            [
                "cc", "-O1", "-o", binary.path,
                EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/libical_check.c").path,
            ]
            + output.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (try? compile.run()) != nil else { return nil }
        compile.waitUntilExit()
        return compile.terminationStatus == 0 ? binary : nil
    }()

    @Test(
        .enabled(if: harness != nil, "libical-dev is not installed"),
        arguments: [
            ["examples"],
            ["\(EndToEndTests.fixtures)/ics/hostile.yaml"],
            ["\(EndToEndTests.fixtures)/expand/clocks.yaml"],
            ["\(EndToEndTests.fixtures)/ics/fixed-instants.yaml"],
            ["\(EndToEndTests.fixtures)/ics/reader-limits.yaml"],
            ["--expand", "--from", "2026-12-01", "--to", "2027-01-01", "examples", "\(EndToEndTests.fixtures)/ics/hostile.yaml"],
        ])
    func libicalReadsItWithoutErrors(_ arguments: [String]) throws {
        try check(arguments)
    }

    @Test(.enabled(if: harness != nil, "libical-dev is not installed"))
    func libicalReadsTheGeneratedSet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-libical-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("generated.yaml")
        try Data(IcsOracleTests.generatedFile(count: 400).utf8).write(to: file)
        try check([file.path])
    }

    func check(_ arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-libical-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = folder.appendingPathComponent("out.ics")
        let written = try EndToEndTests.run(["ics", "-o", ics.path, "--now", "2026-11-29T12:00:00Z", "--zone", "UTC"] + arguments)
        try #require(written.status == 0, "\(written.stderr)")
        let process = Process()
        process.executableURL = Self.harness
        process.arguments = [ics.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let report = String(decoding: out.drained(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments): \(report)")
        #expect(report == "ok\n")
    }
}
