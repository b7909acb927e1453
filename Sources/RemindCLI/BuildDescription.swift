import Delivery
import Foundation

/// What `remindc --version` says of the binary after its version: the
/// commit it was built from and that commit's date, the build
/// configuration and Swift, whether the Swift runtime is inside the binary
/// (so that it runs where no Swift is installed), and where the binary is,
/// which `crontab --install` and `systemd --install` write into what they
/// install.
///
///     0.1.0
///     built from 1a2b3c4d5e6f of 2026-12-05: a release build, Swift 6.3
///     Swift runtime: built in (runs without Swift installed)
///     binary: /home/ada/.local/bin/remindc
package struct BuildDescription: Sendable {
    /// The commit, `+changes` after it when the checkout had changes, or `unknown`.
    package var commit: String
    /// The commit's date, `2026-12-05`, or `unknown`.
    package var commitDate: String

    package init(commit: String, commitDate: String) {
        self.commit = commit
        self.commitDate = commitDate
    }

    /// The lines after the version, each ending in a newline.
    var text: String {
        let runtime =
            Self.sharedRuntime().map { "shared, from \($0) (Swift must be installed there)" } ?? "built in (runs without Swift installed)"
        let binary = SystemdInstall.remindcPath
        return "built from \(commit) of \(commitDate): a \(Self.configuration) build, Swift \(Self.compiler)\n"
            + "Swift runtime: \(runtime)\n"
            + "binary: \(binary)\n"
    }

    static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    static var compiler: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #else
        "6.1 or earlier"
        #endif
    }

    /// The folder of the shared Swift runtime this process has mapped, or
    /// nil when the runtime is linked into the binary (`--static-swift-stdlib`).
    static func sharedRuntime() -> String? {
        // /proc files say they are empty: read to the end, not by size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? handle.readToEnd(),
            let maps = String(data: data, encoding: .utf8)
        else { return nil }
        for line in maps.split(separator: "\n") where line.hasSuffix("/libswiftCore.so") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        }
        return nil
    }
}
