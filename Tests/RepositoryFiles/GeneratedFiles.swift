import Foundation

/// The data the repository writes with a script from a pinned release of a
/// library (the holiday table from python-holidays, the Windows zone names
/// from Babel's CLDR): each is written again, into a temporary file, by its
/// script with the oracles' Python, for a test to compare with what is
/// committed.
public enum GeneratedFiles {
    /// A committed file, the script that writes it, and the module (at its
    /// pinned release) the script needs.
    public struct Case: Sendable, CustomStringConvertible {
        public var committed: String
        public var script: String
        /// `holidays`, checked at `release`.
        public var module: String
        public var release: String
        /// The script writes to standard output rather than to a path given.
        public var toStandardOutput: Bool

        public var description: String { committed }
    }

    public static let holidays = Case(
        committed: "Sources/CHolidayTable/holidays.txt", script: "scripts/holidays-table.py",
        module: "holidays", release: "0.109", toStandardOutput: true)
    public static let windowsZones = Case(
        committed: "Sources/CalendarImport/WindowsZones.swift", script: "scripts/windows-zones.py",
        module: "babel", release: "2.17.0", toStandardOutput: false)

    /// `.build/oracle-venv`'s Python when it has `module` at `release`.
    public static func python(for file: Case) -> URL? {
        let python = URL(fileURLWithPath: OracleVenv.path)
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return nil }
        let check = "import \(file.module), sys; sys.exit(0 if \(file.module).__version__ == '\(file.release)' else 1)"
        return OracleVenv.succeeds(check, with: python) ? python : nil
    }

    /// What `file`'s script writes now, or nil when it fails.
    public static func regenerate(_ file: Case, with python: URL) throws -> Data? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-generated-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = python
        process.arguments = [RepositoryFiles.root.appendingPathComponent(file.script).path] + (file.toStandardOutput ? [] : [output.path])
        process.currentDirectoryURL = RepositoryFiles.root
        if file.toStandardOutput {
            FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try Data(contentsOf: output)
    }
}
