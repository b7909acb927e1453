import Foundation

/// The oracles' Python: `.build/oracle-venv`, which `.ci/run` fills with
/// the judges the tests run remindc's outputs past.
enum OracleVenv {
    static let path = EndToEndTests.root.appendingPathComponent(".build/oracle-venv/bin/python3").path

    /// Whether `python` imports `modules` (`"cronsim"`, `"radicale, caldav"`).
    static func imports(_ modules: String, with python: URL) -> Bool {
        let probe = Process()
        probe.executableURL = python
        probe.arguments = ["-c", "import \(modules)"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// The venv's Python when it imports `modules`; nil when there is no
    /// venv or it lacks one of them.
    static func python(importing modules: String) -> URL? {
        let python = URL(fileURLWithPath: path)
        guard FileManager.default.isExecutableFile(atPath: path), imports(modules, with: python) else { return nil }
        return python
    }
}
