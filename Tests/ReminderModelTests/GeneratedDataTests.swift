import Foundation
import RepositoryFiles
import Testing

/// The built-in holiday table is what its script writes from the pinned
/// python-holidays: a change of the script or the release without the
/// data written again fails here.
@Suite struct GeneratedDataTests {
    @Test(
        .enabled(
            if: GeneratedFiles.python(for: GeneratedFiles.holidays) != nil,
            "needs python-holidays 0.109 in .build/oracle-venv (.ci/run installs it)"))
    func theHolidayTableIsCurrent() throws {
        let file = GeneratedFiles.holidays
        let python = try #require(GeneratedFiles.python(for: file))
        let written = try #require(try GeneratedFiles.regenerate(file, with: python), "\(file.script) failed")
        let committed = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(file.committed))
        #expect(written == committed, "\(file.committed) is stale: run \(file.script) > \(file.committed)")
    }
}
