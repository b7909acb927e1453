import Foundation

/// The programs a test runs, looked for before it runs, so that a machine
/// without one skips the test with its reason instead of failing it.
enum Tools {
    /// Whether every one of `programs` (a name looked for on PATH, or an
    /// absolute path) is an executable file here.
    static func available(_ programs: String...) -> Bool {
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
            + ["/usr/sbin", "/sbin"]
        return programs.allSatisfy { program in
            program.hasPrefix("/")
                ? FileManager.default.isExecutableFile(atPath: program)
                : folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + program) }
        }
    }
}
