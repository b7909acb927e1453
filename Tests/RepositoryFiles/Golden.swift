import Foundation
import Testing

/// Golden files: expected text outputs kept in a `Golden` folder beside
/// the tests that compare with them.
///
/// Set `REMINDC_RECORD_GOLDEN=1` to write the current output instead of
/// comparing; review the diff before committing it.
public struct Golden: Sendable {
    /// The folder the files are in.
    public let folder: URL

    /// The `Golden` folder beside the test file that makes it.
    public init(besides filePath: String = #filePath) {
        folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    public static var recording: Bool { ProcessInfo.processInfo.environment["REMINDC_RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file `name`, recording an issue that
    /// shows the lines that differ (`diff`).
    public func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if Self.recording {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with REMINDC_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        Issue.record(
            "\(name) differs (REMINDC_RECORD_GOLDEN=1 re-records):\n\(Self.diff(expected, actual))", sourceLocation: sourceLocation)
    }

    /// The lines that differ, as a unified diff shows a change: the common
    /// start and end left out but for two lines of context, the expected
    /// lines marked `-`, the actual `+`, at most 40 of each.
    public static func diff(_ expected: String, _ actual: String) -> String {
        let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        let context = 2
        var lines = ["@@ line \(start + 1) @@"]
        lines += old[max(0, start - context)..<start].map { "  " + $0 }
        let removed = old[start..<(old.count - end)], added = new[start..<(new.count - end)]
        lines += removed.prefix(40).map { "- " + $0 }
        if removed.count > 40 { lines.append("- … \(removed.count - 40) more") }
        lines += added.prefix(40).map { "+ " + $0 }
        if added.count > 40 { lines.append("+ … \(added.count - 40) more") }
        lines += old[(old.count - end)..<min(old.count, old.count - end + context)].map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
