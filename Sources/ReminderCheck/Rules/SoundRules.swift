import Foundation
import ReminderModel
import YAMLSyntax

/// Sound files the examples use, made by the rule tests: `short.wav` (1 s),
/// `long.wav` (31 s), `tune.mp3`.
private let header = "timezone: Europe/Berlin\n"

/// A sound file that does not exist.
enum SoundMissingRule: CheckRule {
    static let readsTimes = false
    static let descriptor = RuleDescriptor(
        id: "sound-missing", name: "Sound missing",
        summary: "A reminder's sound file does not exist relative to the reminder file.",
        rationale: "A missing sound plays the default, or nothing, without a word.",
        severity: .error,
        triggering: [
            header + """
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, sound: ↓sounds/missing.wav}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, sound: short.wav}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        SoundFile.files(context).compactMap { index, url, span in
            guard !FileManager.default.fileExists(atPath: url.path) else { return nil }
            let reminder = context.file.reminders[index]
            guard case .file(let written) = reminder.sound else { return nil }
            return context.finding(missing(reminder.id, written), at: span, reminder: index)
        }
    }
}

/// A sound longer than 30 seconds.
enum SoundTooLongRule: CheckRule {
    static let readsTimes = false
    static let descriptor = RuleDescriptor(
        id: "sound-too-long", name: "Sound too long",
        summary: "A sound file plays longer than 30 seconds.",
        rationale: "iOS plays the default sound instead of a notification sound longer than 30 seconds.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, sound: ↓long.wav}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, sound: short.wav}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        SoundFile.files(context).compactMap { index, url, span in
            guard let seconds = SoundFile.duration(url), seconds > 30 else { return nil }
            let reminder = context.file.reminders[index]
            return context.finding(tooLong(reminder.id, seconds: seconds), at: span, reminder: index)
        }
    }
}

/// A sound in a format notifications do not play.
enum SoundFormatRule: CheckRule {
    static let readsTimes = false
    static let descriptor = RuleDescriptor(
        id: "sound-format", name: "Sound format",
        summary: "A sound file is not WAV, AIFF or CAF (or its header does not say so).",
        rationale: "Notification sounds must be linear PCM or IMA4 in WAV, AIFF or CAF; others play the default.",
        severity: .warning,
        triggering: [
            header + """
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, sound: ↓tune.mp3}
                """
        ],
        nonTriggering: [
            header + """
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, sound: short.wav}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        SoundFile.files(context).compactMap { index, url, span in
            guard FileManager.default.fileExists(atPath: url.path), SoundFile.duration(url) == nil else { return nil }
            let reminder = context.file.reminders[index]
            return context.finding(unknownFormat(reminder.id), at: span, reminder: index)
        }
    }
}

/// Reads sound files' headers.
enum SoundFile {
    /// The reminders with a sound file: index, resolved URL, where it was written.
    static func files(_ context: CheckContext) -> [(Int, URL, SourceSpan)] {
        context.file.reminders.enumerated().compactMap { index, reminder in
            guard case .file(let path) = reminder.sound, let span = reminder.spans.sound else { return nil }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : context.folder.appendingPathComponent(path)
            return (index, url, span)
        }
    }

    /// The duration in seconds from a WAV, AIFF or CAF header, or nil when
    /// the file is none of those or its header cannot be read.
    static func duration(_ url: URL) -> Double? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? bytes.count
        guard bytes.count >= 12 else { return nil }
        let tag = String(decoding: bytes[0..<4], as: UTF8.self)
        switch tag {
        case "RIFF": return wave(bytes)
        case "FORM": return aiff(bytes)
        case "caff": return caf(bytes, fileSize: size)
        default: return nil
        }
    }

    private static func little(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }

    private static func big(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
    }

    private static func wave(_ bytes: [UInt8]) -> Double? {
        guard String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE" else { return nil }
        var offset = 12
        var byteRate = 0
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = little(bytes, offset + 4, 4)
            if id == "fmt ", offset + 20 <= bytes.count { byteRate = little(bytes, offset + 16, 4) }
            if id == "data" { return byteRate > 0 ? Double(length) / Double(byteRate) : nil }
            offset += 8 + length + length % 2
        }
        return nil
    }

    private static func aiff(_ bytes: [UInt8]) -> Double? {
        let kind = String(decoding: bytes[8..<12], as: UTF8.self)
        guard kind == "AIFF" || kind == "AIFC" else { return nil }
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = big(bytes, offset + 4, 4)
            if id == "COMM", offset + 26 <= bytes.count {
                let frames = big(bytes, offset + 10, 4)
                // The sample rate is an 80-bit extended float.
                let exponent = big(bytes, offset + 16, 2) & 0x7FFF
                let mantissa = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + 18 + $1]) }
                let rate = Double(mantissa) * pow(2, Double(exponent - 16383 - 63))
                return rate > 0 ? Double(frames) / rate : nil
            }
            offset += 8 + length + length % 2
        }
        return nil
    }

    private static func caf(_ bytes: [UInt8], fileSize: Int) -> Double? {
        var offset = 8
        var rate = 0.0
        var bytesPerPacket = 0
        var framesPerPacket = 0
        while offset + 12 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = big(bytes, offset + 4, 8)
            let body = offset + 12
            if id == "desc", body + 32 <= bytes.count {
                rate = Double(bitPattern: UInt64(big(bytes, body, 8)))
                bytesPerPacket = big(bytes, body + 16, 4)
                framesPerPacket = big(bytes, body + 20, 4)
            }
            if id == "data" {
                let dataBytes = length < 0 || length == Int(bitPattern: UInt(UInt64.max)) ? fileSize - body - 4 : length - 4
                guard rate > 0, bytesPerPacket > 0, framesPerPacket > 0 else { return nil }
                return Double(dataBytes / bytesPerPacket * framesPerPacket) / rate
            }
            offset = body + length
        }
        return nil
    }
}

// MARK: SoundMissingRule's messages

extension SoundMissingRule {
    static func missing(_ reminder: String, _ written: String) -> Message {
        // `sound: bell`: likely meant as a name the system knows.
        let named = !written.contains(".") && !written.contains("/")
        return descriptor.message(
            "the sound file of '\(reminder)' does not exist: \(written)",
            hint: named
                ? "a sound is default, none, or a .wav, .aiff or .caf file relative to the reminder file, such as sounds/\(written).wav"
                : "paths are relative to the reminder file")
    }
}

// MARK: SoundTooLongRule's messages

extension SoundTooLongRule {
    static func tooLong(_ reminder: String, seconds: Double) -> Message {
        descriptor.message(
            "the sound of '\(reminder)' plays \(String(format: "%.1f", seconds)) seconds, longer than 30",
            hint: "trim it to 30 seconds or less")
    }
}

// MARK: SoundFormatRule's messages

extension SoundFormatRule {
    static func unknownFormat(_ reminder: String) -> Message {
        descriptor.message(
            "the sound of '\(reminder)' is not a WAV, AIFF or CAF file", hint: "convert it, for instance with 'afconvert' or 'sox'")
    }
}
