import Foundation
import Testing

/// Golden files: expected text outputs kept beside the tests.
///
/// Set `REMINDC_RECORD_GOLDEN=1` to write the current output instead of
/// comparing; review the diff before committing it.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["REMINDC_RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file `name`, recording an issue that
    /// shows the first differing line.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if recording {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with REMINDC_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expectedLines.count, actualLines.count)
        let want = index < expectedLines.count ? expectedLines[index] : "<end of file>"
        let got = index < actualLines.count ? actualLines[index] : "<end of output>"
        Issue.record("""
            \(name) differs at line \(index + 1):
              expected: \(want)
              actual:   \(got)
            (REMINDC_RECORD_GOLDEN=1 re-records)
            """, sourceLocation: sourceLocation)
    }
}
