import FileSystem
import Foundation
import Testing

@Suite struct FileDescriptorTests {
    /// A file is read whole into a buffer of exactly its size, whatever the
    /// size; a missing file is nil.
    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 300_001])
    func filesAreReadWholeAndExactly(_ size: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try #require(FileDescriptor.contents(of: path))
        #expect(read == bytes)
        #expect(read.capacity < size + 65_536)
        #expect(FileDescriptor.contents(of: path + ".missing") == nil)
    }
}
