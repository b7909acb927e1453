import Foundation
import Testing

/// docs/format.md is the format's reference: it names every key the
/// decoder knows (through the schema made from the decoder's key tables),
/// and every complete file it and the README show passes `remindc check`.
@Suite struct FormatReferenceTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: EndToEndTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The blocks fenced as ```yaml (complete files), not ```yaml fragment
    /// or ```yaml config.
    static func reminderFiles(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```yaml" { current = [] }
            } else if line.hasPrefix("```") {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func theReferenceNamesEveryKey() throws {
        let reference = try Self.text("docs/format.md")
        for key in try ExampleCoverage.formatKeys().sorted() {
            #expect(reference.contains("`\(key)`"), "docs/format.md does not name '\(key)'")
        }
    }

    @Test(arguments: ["docs/format.md", "README.md"])
    func everyFileShownPassesCheck(_ path: String) throws {
        let blocks = Self.reminderFiles(in: try Self.text(path))
        #expect(blocks.count >= (path == "README.md" ? 1 : 8), "\(path) shows \(blocks.count) files")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, block) in blocks.enumerated() {
            let file = folder.appendingPathComponent("block-\(index + 1).yaml")
            try block.write(to: file, atomically: true, encoding: .utf8)
            let run = try EndToEndTests.run(
                ["check", "--now", "2026-12-02T00:00:00Z", file.path], environment: ["NO_COLOR": "1", "TZ": "UTC"])
            #expect(run.status == 0, "\(path), block \(index + 1):\n\(block)\n\(run.stdout)")
        }
    }

    @Test func theReadmeLinksTheReferenceAndNoOutsideContract() throws {
        let readme = try Self.text("README.md")
        #expect(readme.contains("(docs/format.md)"))
        #expect(!readme.contains("shared folder"))
        #expect(readme.contains("yaml-language-server: $schema="))
    }
}
