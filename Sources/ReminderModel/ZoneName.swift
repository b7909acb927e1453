import Support
import Foundation
import Recurrence
import YAMLSyntax

/// A time zone as a reminder names it.
public enum ZoneName: Hashable, Sendable, CustomStringConvertible {
    /// Wall-clock time wherever the user is.
    case floating
    /// `UTC`.
    case utc
    /// An IANA zone name known to this machine's time zone database.
    case named(String)
    /// A fixed offset from UTC, in seconds east, never 0 (that is `utc`):
    /// the offset a fixed instant is written with (`at: ...T09:00:00+05:00`)
    /// in a reminder that names no zone. It repeats at that offset, with no
    /// daylight-saving changes.
    case offset(Int)

    /// The zone of a fixed instant written with `offset`: `utc` for 0.
    public static func fixed(_ offset: Int) -> ZoneName {
        offset == 0 ? .utc : .offset(offset)
    }

    public var description: String {
        switch self {
        case .floating: "floating"
        case .utc: "UTC"
        case .named(let name): name
        case .offset(let seconds): ZoneName.offsetText(seconds)
        }
    }

    /// `+05:00`, `-03:30`: an offset as RFC 3339 writes it.
    public static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return "\(seconds < 0 ? "-" : "+")\(zeroPadded(minutes / 60)):\(zeroPadded(minutes % 60))"
    }
}
