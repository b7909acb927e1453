import CHolidayTable
import Recurrence
import Support

/// The built-in public holidays of every country python-holidays knows and
/// of each of its subdivisions (`GB`, `GB-ENG`, `US-NY`), over the years the
/// table holds: `scripts/holidays-table.py` writes it
/// (Sources/CHolidayTable/holidays.txt), and its docstring says the format.
/// A region is read from the table when first asked for.
public enum HolidayTable {
    /// One region's holidays.
    public struct Region: Sendable {
        public var code: String
        /// The years the table holds for it.
        public var years: ClosedRange<Int>
        /// Its holidays by day; two on one day are one name, joined with
        /// "; " as python-holidays joins them.
        public var days: [DayNumber: String]
    }

    /// What the table's header says.
    public struct Source: Sendable {
        public var library: String
        public var years: ClosedRange<Int>
        public var checksum: String
    }

    /// The table's header, its names, and where each region's line is:
    /// found once, in one pass over the bytes. A region's line becomes
    /// text only when the region is asked for.
    private struct Parsed: Sendable {
        var source: Source
        var names: [String]
        var order: [String]
        /// Each region's line, as offsets into `bytes`.
        var lines: [String: Range<Int>]
    }

    /// The table as the binary holds it.
    private static var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: UnsafeRawPointer(remindc_holiday_table_text()).assumingMemoryBound(to: UInt8.self),
            count: Int(remindc_holiday_table_size()))
    }

    private static let parsed: Parsed = {
        let bytes = Self.bytes
        var position = 0
        /// The next line, without its newline.
        func nextLine() -> Range<Int> {
            let start = position
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            position = min(end + 1, bytes.count)
            return start..<end
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func field(_ key: String) -> [Substring] {
            let words = text(nextLine()).split(separator: " ", maxSplits: 1)
            precondition(words.first.map(String.init) == key, "the holiday table has no '\(key)' where expected")
            return words.dropFirst().first?.split(separator: " ") ?? []
        }
        _ = field("remindc-holidays")
        let library = field("source").joined(separator: " ")
        let years = field("years").compactMap { Int($0) }
        let checksum = String(field("checksum").first ?? "")
        let nameCount = Int(field("names").first ?? "") ?? 0
        let names = (0..<nameCount).map { _ in text(nextLine()) }
        let regionCount = Int(field("regions").first ?? "") ?? 0
        var order: [String] = []
        var byCode: [String: Range<Int>] = [:]
        for _ in 0..<regionCount {
            let line = nextLine()
            var space = line.lowerBound
            while space < line.upperBound && bytes[space] != UInt8(ascii: " ") { space += 1 }
            let code = text(line.lowerBound..<space)
            order.append(code)
            byCode[code] = line
        }
        return Parsed(
            source: Source(library: library, years: years[0]...years[1], checksum: checksum), names: names, order: order,
            lines: byCode)
    }()

    /// The line of the region `upper`, as text.
    private static func line(_ upper: String) -> Substring? {
        parsed.lines[upper].map { Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)) }
    }

    public static var source: Source { parsed.source }

    /// Every region's code, in the table's order (each country, then its
    /// subdivisions).
    public static var codes: [String] { parsed.order }

    /// The years the table holds for the region `code`, without reading
    /// its days.
    public static func years(of code: String) -> ClosedRange<Int>? {
        guard let line = line(code.uppercased()) else { return nil }
        let fields = line.split(separator: " ", maxSplits: 3)
        guard fields.count >= 3, let first = Int(fields[1]), let last = Int(fields[2]) else { return nil }
        return first...last
    }

    /// The region `code` (`GB-ENG`, any case), or nil when the table has none;
    /// read from the table once per region, as every reminder of a file
    /// that names it asks for it.
    public static func region(_ code: String) -> Region? {
        let upper = code.uppercased()
        // Only the table's codes are kept: a file naming a thousand
        // unknown ones adds nothing to hold.
        guard parsed.lines[upper] != nil else { return nil }
        return regions.value(for: upper, making: readRegion)
    }

    private static let regions = ReadMostlyTable<String, Region?>()

    private static func readRegion(_ upper: String) -> Region? {
        guard let line = line(upper) else { return nil }
        let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, let first = Int(fields[1]), let last = Int(fields[2]) else { return nil }
        var days: [DayNumber: String] = [:]
        if fields[3] == "-" {
            for (day, name) in decode(fields[4]) { days[day] = name }
        } else {
            // A subdivision: its country's days, less what it takes away,
            // with what it adds (a day whose names differ is both).
            guard let parent = readRegion(String(fields[3])) else { return nil }
            days = parent.days
            let parts = fields[4].split(separator: "|", omittingEmptySubsequences: false)
            if parts.count > 1 {
                for (day, name) in decode(parts[1]) where days[day] == name { days[day] = nil }
            }
            for (day, name) in decode(parts[0]) { days[day] = name }
        }
        return Region(code: upper, years: first...last, days: days)
    }

    /// The days and names of one region's list (see the script).
    static func decode(_ list: Substring) -> [(DayNumber, String)] {
        let names = parsed.names
        let base = CivilDate(year: parsed.source.years.lowerBound, month: 1, day: 1).dayNumber
        var found: [(DayNumber, String)] = []
        for group in list.split(separator: ";") {
            guard let colon = group.firstIndex(of: ":"), let index = Int(group[..<colon], radix: 16), index < names.count else { continue }
            let name = names[index]
            let rest = group[group.index(after: colon)...]
            if let at = rest.firstIndex(of: "@") {
                let date = rest[..<at]
                let span = rest[rest.index(after: at)...].split(separator: "-")
                guard let month = Int(date.prefix(1), radix: 16), let day = Int(date.dropFirst()), span.count == 2,
                    let from = Int(span[0], radix: 16), let to = Int(span[1], radix: 16)
                else { continue }
                for year in from...to {
                    found.append((CivilDate(year: parsed.source.years.lowerBound + year, month: month, day: day).dayNumber, name))
                }
            } else {
                var day = base
                for step in rest.split(separator: " ") {
                    guard let value = Int(step, radix: 16) else { continue }
                    day = day.advanced(by: value)
                    found.append((day, name))
                }
            }
        }
        return found
    }
}
