import Foundation
import RepositoryFiles
import Testing

/// The Windows zone names are what their script writes from the pinned
/// Babel (CLDR 46).
@Suite struct GeneratedZonesTests {
    @Test(
        .enabled(
            if: GeneratedFiles.python(for: GeneratedFiles.windowsZones) != nil,
            "needs Babel 2.17.0 in .build/oracle-venv (.ci/run installs it)"))
    func theWindowsZonesAreCurrent() throws {
        let file = GeneratedFiles.windowsZones
        let python = try #require(GeneratedFiles.python(for: file))
        let written = try #require(try GeneratedFiles.regenerate(file, with: python), "\(file.script) failed")
        let committed = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(file.committed))
        #expect(written == committed, "\(file.committed) is stale: run \(file.script)")
    }
}
