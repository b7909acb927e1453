import Foundation

/// The oracles' Python: `.build/oracle-venv`, which `.ci/run` fills with
/// the judges the tests run remindc's outputs past.
public enum OracleVenv {
    public static let path = RepositoryFiles.root.appendingPathComponent(".build/oracle-venv/bin/python3").path

    /// Whether `python` imports `modules` (`"cronsim"`, `"radicale, caldav"`).
    public static func imports(_ modules: String, with python: URL) -> Bool {
        succeeds("import \(modules)", with: python)
    }

    /// Whether `python` runs `code` to a status of 0.
    public static func succeeds(_ code: String, with python: URL) -> Bool {
        let probe = Process()
        probe.executableURL = python
        probe.arguments = ["-c", code]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// The venv's Python when it imports `modules`; nil when there is no
    /// venv or it lacks one of them.
    public static func python(importing modules: String) -> URL? {
        let python = URL(fileURLWithPath: path)
        guard FileManager.default.isExecutableFile(atPath: path), imports(modules, with: python) else { return nil }
        return python
    }
}

/// The programs a test runs, looked for before it runs, so that a machine
/// without one skips the test with its reason instead of failing it.
public enum Tools {
    /// Whether every one of `programs` (a name looked for on PATH, or an
    /// absolute path) is an executable file here.
    public static func available(_ programs: String...) -> Bool {
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
            + ["/usr/sbin", "/sbin"]
        return programs.allSatisfy { program in
            program.hasPrefix("/")
                ? FileManager.default.isExecutableFile(atPath: program)
                : folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + program) }
        }
    }

    /// Runs `program` (a path) with `arguments` to its end: its status and
    /// what it wrote to standard output and error, together.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        // Read to the end before waiting: a full pipe would stop the program.
        let text = String(decoding: out.drained(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

extension Pipe {
    /// Everything written to the pipe until its writers close it. Unlike
    /// `FileHandle.readDataToEndOfFile`, which traps on an interrupted read,
    /// a read that a signal interrupts (EINTR: a child ending, a timer) is
    /// tried again.
    public func drained() -> Data {
        let descriptor = fileHandleForReading.fileDescriptor
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}
