import Foundation
import ReminderModel

/// The reminder files the repository keeps, for the tests that run a
/// property over all of them: the examples and every fixture.
public enum RepositoryFiles {
    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The examples and every fixture, as paths from the root, sorted.
    public static let reminderFiles: [String] = {
        let fixtures = root.appendingPathComponent("Tests/RemindCLITests/Fixtures")
        var paths =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples").path))?
            .filter { $0.hasSuffix(".yaml") }.map { "examples/" + $0 } ?? []
        if let walk = FileManager.default.enumerator(atPath: fixtures.path) {
            for case let path as String in walk where path.hasSuffix(".yaml") { paths.append("Tests/RemindCLITests/Fixtures/" + path) }
        }
        return paths.sorted()
    }()

    /// Those of `reminderFiles` that load without an error.
    public static let validReminderFiles: [String] = reminderFiles.filter { load($0) != nil }

    /// The file at `path` (from the root) as the model reads it; nil when
    /// it cannot be read or has an error.
    public static func load(_ path: String) -> ReminderFile? {
        let full = root.appendingPathComponent(path).path
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: full)) else { return nil }
        let loaded = ReminderFile.load(Array(bytes), path: full)
        return loaded.diagnostics.contains { $0.message.severity == .error } ? nil : loaded.file
    }
}
