import Foundation
import Recurrence
import ReminderModel

/// The options every command reads for time: `--now`, `SOURCE_DATE_EPOCH`,
/// `--zone`, and T values (SPEC §2: any form of §1 Times; a wall-clock T is
/// read in the zone).
struct TimeOptions {
    /// The zone wall-clock T values and floating reminders are read in.
    var zone: TimeZone
    /// "Now", seconds since 1970 UTC.
    var now: Int

    static let nowOption = OptionSpec(
        names: ["--now"], valueName: "time",
        help: "Take this as the current time (default: SOURCE_DATE_EPOCH if set, else the clock).")
    static let zoneOption = OptionSpec(
        names: ["--zone"], valueName: "zone",
        help: "The zone for wall-clock times and floating reminders: an IANA name or UTC (default: this machine's).")

    /// Reads `--zone` (else `TZ`, else the machine's zone) and `--now`
    /// (else `SOURCE_DATE_EPOCH`, else the clock).
    static func read(_ arguments: ParsedArguments, invocation: Invocation, command: String) throws(UsageError) -> TimeOptions {
        let zone: TimeZone
        if let name = arguments.value("--zone") {
            switch ZoneName.parse(name) {
            case .success(.floating):
                throw UsageError(message: "--zone must be a real zone, not 'floating'", command: command)
            case .success(let parsed):
                zone = parsed.foundationZone
            case .failure(let message):
                throw UsageError(message: "Invalid value for --zone: \(message.text)" + (message.hint.map { " (\($0))" } ?? ""), command: command)
            }
        } else if let tz = invocation.environment["TZ"], let named = TimeZone(identifier: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) {
            zone = named
        } else {
            zone = TimeZone.current
        }
        var options = TimeOptions(zone: zone, now: 0)
        if let text = arguments.value("--now") {
            options.now = try options.instant(text, option: "--now", command: command)
        } else if let epoch = invocation.environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int(epoch) else {
                throw UsageError(message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'", command: command)
            }
            guard SupportedSpan.instants.contains(seconds) else {
                throw UsageError(message: "SOURCE_DATE_EPOCH \(epoch) is outside the span remindc works in, \(SupportedSpan.description)",
                                 command: command)
            }
            options.now = seconds
        } else {
            options.now = Int(Date().timeIntervalSince1970.rounded(.down))
        }
        return options
    }

    /// The instant of a T value: a fixed instant as written; a wall-clock
    /// time or a date (its midnight) in `zone`.
    func instant(_ text: String, option: String, command: String) throws(UsageError) -> Int {
        let instant: Int
        switch ReminderTime.parse(text) {
        case .success(.instant(let local, let offset)):
            instant = WallClock.naiveSeconds(local) - offset
        case .success(.local(let local)):
            instant = WallClock.instant(of: local, in: zone)
        case .success(.date(let date)):
            instant = WallClock.instant(of: LocalDateTime(date: date, time: .midnight), in: zone)
        case .failure(let message):
            throw UsageError(message: "Invalid value for \(option): \(message.text)" + (message.hint.map { " (\($0))" } ?? ""),
                             command: command)
        }
        // A year inside the span can still be read outside it by its offset.
        guard SupportedSpan.instants.contains(instant) else {
            throw UsageError(message: "\(option) \(text) is outside the span remindc works in, \(SupportedSpan.description)",
                             command: command)
        }
        return instant
    }

    /// The same wall-clock time a year after `instant` in `zone` (February 29
    /// becomes February 28).
    func yearAfter(_ instant: Int) -> Int {
        var local = WallClock.local(at: instant, in: zone)
        local.date.year += 1
        if !local.date.isValid { local.date.day = CivilDate.daysIn(month: local.date.month, year: local.date.year) }
        return WallClock.instant(of: local, in: zone)
    }
}

/// Where a command streams large output: standard output, written in
/// chunks as it is produced. Without one (in tests), output is collected
/// into `Outcome.stdout`.
///
/// A failed write is remembered and the rest of the output dropped, so the
/// process can end with exit 2 and say why (`failure`). A write to a pipe
/// whose reader has gone (`remindc expand | head -1`) ends the process by
/// SIGPIPE, quietly, as other command-line tools do.
public final class OutputChannel: @unchecked Sendable {
    private let descriptor: Int32
    /// The `errno` of the first write that failed.
    public private(set) var failure: Int32?

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func write(_ bytes: [UInt8]) {
        guard failure == nil, !bytes.isEmpty else { return }
        failure = Self.writeAll(bytes, to: descriptor)
    }

    /// The message for `failure`, for standard error.
    public var failureMessage: String? {
        failure.map { "Error: cannot write to standard output: \(String(cString: strerror($0)))\n" }
    }

    /// Writes every byte to a file descriptor, retrying after signals;
    /// returns the `errno` of a failure, or nil.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// Bytes on their way out: sent to the channel chunk by chunk, or kept.
struct OutputBuffer {
    private(set) var bytes: [UInt8] = []
    let channel: OutputChannel?

    init(channel: OutputChannel?) {
        self.channel = channel
    }

    /// Sends a chunk on, or keeps it when there is no channel.
    mutating func append(_ chunk: [UInt8]) {
        if let channel {
            channel.write(chunk)
        } else {
            bytes += chunk
        }
    }

    /// Writes what is left; returns what was kept for `Outcome.stdout`.
    mutating func finish() -> String {
        guard let channel else { return String(decoding: bytes, as: UTF8.self) }
        channel.write(bytes)
        bytes.removeAll()
        return ""
    }
}
