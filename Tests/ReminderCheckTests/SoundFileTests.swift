import Foundation
import Testing
@testable import ReminderCheck

/// Durations read from the headers of the three formats notifications play.
@Suite struct SoundFileTests {
    static func big(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// AIFF: 44,100 Hz as an 80-bit extended float, `frames` 16-bit mono frames.
    static func aiff(frames: Int) -> Data {
        let rate: [UInt8] = [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]
        let comm = Array("COMM".utf8) + big(18, 4) + big(1, 2) + big(frames, 4) + big(16, 2) + rate
        let ssnd = Array("SSND".utf8) + big(8 + frames * 2, 4) + big(0, 4) + big(0, 4) + [UInt8](repeating: 0, count: frames * 2)
        return Data(Array("FORM".utf8) + big(4 + comm.count + ssnd.count, 4) + Array("AIFF".utf8) + comm + ssnd)
    }

    /// CAF: 8,000 Hz linear PCM, 1 byte and 1 frame per packet.
    static func caf(frames: Int) -> Data {
        var desc = Array("desc".utf8) + big(32, 8)
        desc += big(Int(Double(8000).bitPattern), 8) + Array("lpcm".utf8) + big(0, 4) + big(1, 4) + big(1, 4) + big(1, 4) + big(8, 4)
        let data = Array("data".utf8) + big(4 + frames, 8) + big(0, 4) + [UInt8](repeating: 0, count: frames)
        return Data(Array("caff".utf8) + big(1, 2) + big(0, 2) + desc + data)
    }

    @Test func readsTheDurationOfEachFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [(String, Data, Double?)] = [
            ("short.wav", RuleExampleTests.wave(seconds: 2), 2),
            ("long.aiff", Self.aiff(frames: 44_100 * 31), 31),
            ("tiny.caf", Self.caf(frames: 4000), 0.5),
            ("tune.mp3", Data("ID3".utf8 + [UInt8](repeating: 0, count: 20)), nil),
            ("empty.wav", Data(), nil),
        ]
        for (name, data, expected) in files {
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            let duration = SoundFile.duration(url)
            if let expected {
                #expect(duration.map { abs($0 - expected) < 0.01 } == true, "\(name): \(String(describing: duration))")
            } else {
                #expect(duration == nil, "\(name)")
            }
        }
    }
}
