/// A day of the week, in ISO order (Monday first).
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The RFC 5545 code: `MO`, `TU`, ... `SU`.
    public var code: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// The weekday for an RFC 5545 code, case-insensitively.
    public init?(code: some StringProtocol) {
        guard let day = Weekday.allCases.first(where: { $0.code.equalsIgnoringASCIICase(code) }) else { return nil }
        self = day
    }

    /// The English name in lower case: `monday`.
    public var name: String { Self.names[rawValue - 1] }

    private static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension StringProtocol {
    /// ASCII case-insensitive equality.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { lowerASCII($0) == lowerASCII($1) }
    }
}

private func lowerASCII(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}
