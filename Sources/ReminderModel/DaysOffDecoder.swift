import Foundation
import Recurrence
import YAMLSyntax

/// A built-in region a file's or a reminder's holidays come from, and the
/// years the table holds for it.
public struct HolidayRegion: Sendable, Hashable {
    public var code: String
    public var years: ClosedRange<Int>
}

/// Decodes `weekend:` and `holidays:`, of a file or of one reminder: the
/// days off that `if-holiday:` moves occurrences off and `working-day:`
/// counts past.
enum DaysOffDecoder {
    /// The keys of `holidays:`.
    enum Key: String, MappingKey {
        case region, dates, files
        static let names = KeyNames<Self>()
    }

    /// A `holidays:` as decoded: the days, and the built-in region they
    /// came from, if any, with the years the table holds for it.
    struct Decoded {
        var days: [DayNumber: String]
        var region: HolidayRegion?
    }

    /// The most days one range or one calendar file may hold.
    static let largestRange = 366
    static let largestCalendar = 100_000

    /// `weekend: [fri, sat]`: the weekdays off every week, leaving at
    /// least one working day; `[]` has none.
    static func weekend(_ node: Node, context: inout DecodingContext) -> Set<Weekday>? {
        guard
            let days = context.items(
                node, key: "weekend",
                { context, item in
                    context.parse(item, key: "weekend") { text in
                        Scalars.weekday(text, allowOrdinal: false).mapError { _ in
                            .invalidValue("weekend", text, expected: "weekdays: mon, tue, ... sun")
                        }
                    }
                })
        else { return nil }
        let weekend = Set(days.map(\.weekday))
        guard weekend.count < 7 else {
            context.report(
                .invalidValue("weekend", "every day", expected: "the days of rest, leaving at least one working day"), at: node.span)
            return nil
        }
        return weekend
    }

    /// `holidays:`: `region:` (the built-in table's, `GB-ENG`), `dates:` (a
    /// date, a range `2026-12-24..2027-01-01`, either as a key with the
    /// holiday's name) and `files:` (.ics holiday calendars, relative to
    /// the file at `filePath`), as names by day.
    static func holidays(_ node: Node, filePath: String, context: inout DecodingContext) -> Decoded? {
        guard let pairs = context.mapping(node, key: "holidays") else { return nil }
        let values = KeyedMapping<Key>(pairs, in: "'holidays'", context: &context)
        var days: [DayNumber: String] = [:]
        var complete = true
        var region: HolidayRegion?
        if let node = values[.region] {
            if let code = context.text(node, key: "region") {
                if let found = HolidayTable.region(code) {
                    days = found.days
                    region = HolidayRegion(code: found.code, years: found.years)
                } else {
                    context.report(
                        .unknownHolidayRegion(code, suggestion: closest(to: code.uppercased(), in: HolidayTable.codes)), at: node.span)
                    complete = false
                }
            } else {
                complete = false
            }
        }
        func add(_ day: DayNumber, _ name: String) {
            if let other = days[day], other != name,
                !other.split(separator: ";").contains(where: { $0.trimmingCharacters(in: .whitespaces) == name })
            {
                days[day] = other + "; " + name
            } else if days[day] == nil {
                days[day] = name
            }
        }
        if let node = values[.dates] {
            let items = context.items(node, key: "dates") { context, item -> [(DayNumber, String)]? in
                dates(item, context: &context)
            }
            if let items { for (day, name) in items.joined() { add(day, name) } } else { complete = false }
        }
        if let node = values[.files] {
            let items = context.items(node, key: "files") { context, item -> [(DayNumber, String)]? in
                guard let written = context.nonEmptyText(item, key: "files") else { return nil }
                return calendar(written, filePath: filePath, span: item.span, context: &context)
            }
            if let items { for (day, name) in items.joined() { add(day, name) } } else { complete = false }
        }
        return complete ? Decoded(days: days, region: region) : nil
    }

    /// One `dates:` item: `2026-12-24`, `2026-12-24..2027-01-01`, or
    /// either as the key of a one-pair mapping whose value is the name.
    private static func dates(_ item: Node, context: inout DecodingContext) -> [(DayNumber, String)]? {
        var name = "Holiday"
        var textNode = item
        if let pairs = item.mapping {
            guard pairs.count == 1, let pair = pairs.first else {
                context.report(
                    .wrongType(
                        "dates",
                        expected: "a date, a range 2026-12-24..2027-01-01, or one of them with a name "
                            + "(2026-12-24: Christmas Eve)", found: "a mapping of \(pairs.count) keys"), at: item.span)
                return nil
            }
            guard let written = context.nonEmptyText(pair.value, key: "dates") else { return nil }
            name = written
            textNode = pair.key
        }
        guard let text = context.text(textNode, key: "dates") else { return nil }
        let ends = text.components(separatedBy: "..")
        guard (1...2).contains(ends.count), let first = day(ends[0]), let last = ends.count == 2 ? day(ends[1]) : first else {
            context.report(
                .invalidValue("dates", text, expected: "a date such as 2026-12-24, or a range 2026-12-24..2027-01-01"),
                at: textNode.span)
            return nil
        }
        guard first <= last, first.distance(to: last) < largestRange else {
            context.report(
                .invalidValue(
                    "dates", text,
                    expected: first > last
                        ? "a range whose first day comes before its last"
                        : "a range of at most \(largestRange) days"), at: textNode.span)
            return nil
        }
        return (first.value...last.value).map { (DayNumber($0), name) }
    }

    /// A date `YYYY-MM-DD`.
    private static func day(_ text: String) -> DayNumber? {
        guard case .success(.date(let date)) = Scalars.time(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        return date.dayNumber
    }

    /// The largest holiday calendar read: a country's public holidays
    /// through 2200 written day by day are under 1 MB.
    static let largestCalendarBytes = 4 * 1_048_576

    /// The days of the holiday calendar at `written` (relative to the
    /// folder of the file at `filePath`), reported at `span` when it cannot
    /// be read.
    private static func calendar(
        _ written: String, filePath: String, span: SourceSpan,
        context: inout DecodingContext
    ) -> [(DayNumber, String)]? {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let url = written.hasPrefix("/") ? URL(fileURLWithPath: written) : folder.appendingPathComponent(written)
        // A regular file (never a FIFO to wait on) of at most
        // `largestCalendarBytes`, read no further than that.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let type = attributes?[.type] as? FileAttributeType
        guard let attributes, type == .typeRegular else {
            let problem =
                type == .typeDirectory ? "it is a folder" : attributes == nil ? "no such file can be read" : "it is not a regular file"
            context.report(.holidayCalendar(written, problem: problem), at: span)
            return nil
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= largestCalendarBytes else {
            context.report(
                .holidayCalendar(
                    written,
                    problem: "it is \(size / 1_048_576) MB, and a holiday calendar is read up to \(largestCalendarBytes / 1_048_576) MB"),
                at: span)
            return nil
        }
        guard let handle = FileHandle(forReadingAtPath: url.path),
            let data = try? handle.read(upToCount: largestCalendarBytes + 1) ?? Data()
        else {
            context.report(.holidayCalendar(written, problem: "no such file can be read"), at: span)
            return nil
        }
        try? handle.close()
        guard data.count <= largestCalendarBytes else {
            context.report(
                .holidayCalendar(written, problem: "it grew past \(largestCalendarBytes / 1_048_576) MB while it was read"), at: span)
            return nil
        }
        switch HolidayCalendar.days(in: String(decoding: data, as: UTF8.self), largest: largestCalendar) {
        case .success(let days): return days
        case .failure(let problem):
            context.report(.holidayCalendar(written, problem: problem.description), at: span)
            return nil
        }
    }
}

/// The days of an iCalendar holiday calendar (RFC 5545), as governments
/// and holiday libraries publish them: each VEVENT an all-day event
/// (DTSTART;VALUE=DATE) of one or more days (DTEND, exclusive), named by
/// its SUMMARY, possibly repeating (RRULE, EXDATE), through 2200.
enum HolidayCalendar {
    struct Problem: Error, CustomStringConvertible {
        var line: Int?
        var text: String
        var description: String { line.map { "line \($0): \(text)" } ?? text }
    }

    static let lastYear = 2200

    static func days(in text: String, largest: Int) -> Result<[(DayNumber, String)], Problem> {
        // Unfolded lines, each with the number of the line it starts on.
        var lines: [(number: Int, text: String)] = []
        // ("\r\n" is one Character.)
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += line.dropFirst()
            } else if !line.isEmpty {
                lines.append((index + 1, String(line)))
            }
        }
        guard lines.first?.text.uppercased() == "BEGIN:VCALENDAR" else {
            return .failure(Problem(line: lines.first?.number, text: "not an iCalendar file (it does not begin with BEGIN:VCALENDAR)"))
        }
        var found: [(DayNumber, String)] = []
        var event: [(number: Int, name: String, parameters: String, value: String)]?
        var eventLine = 0
        for (number, line) in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let head = line[..<colon]
            let name = head.prefix { $0 != ";" }.uppercased()
            let value = String(line[line.index(after: colon)...])
            if name == "BEGIN" && value.uppercased() == "VEVENT" {
                event = []
                eventLine = number
            } else if name == "END" && value.uppercased() == "VEVENT", let properties = event {
                switch days(of: properties, line: eventLine) {
                case .failure(let problem): return .failure(problem)
                case .success(let days):
                    found += days
                    if found.count > largest { return .failure(Problem(line: eventLine, text: "more than \(largest) days off")) }
                }
                event = nil
            } else if event != nil {
                event!.append((number, name, String(head.dropFirst(name.count)), value))
            }
        }
        return .success(found)
    }

    /// The days one VEVENT holds.
    private static func days(
        of event: [(number: Int, name: String, parameters: String, value: String)],
        line: Int
    ) -> Result<[(DayNumber, String)], Problem> {
        func property(_ name: String) -> (number: Int, name: String, parameters: String, value: String)? {
            event.first { $0.name == name }
        }
        func date(_ value: String, number: Int, what: String) -> Result<CivilDate, Problem> {
            switch ICalendarValue.time(value) {
            case .date(let date): return .success(date)
            case .local, .utc:
                return .failure(Problem(line: number, text: "\(what) \(value) is a time, not a date: a holiday is an all-day event"))
            case nil:
                let digits = value.trimmingCharacters(in: .whitespaces)
                let shaped = digits.count == 8 && digits.allSatisfy { $0.isASCII && $0.isNumber }
                return .failure(
                    Problem(line: number, text: shaped ? "\(what) \(value) is not a date" : "\(what) \(value) is not a date (YYYYMMDD)"))
            }
        }
        guard let start = property("DTSTART") else { return .failure(Problem(line: line, text: "an event without DTSTART")) }
        let first: CivilDate
        switch date(start.value, number: start.number, what: "DTSTART") {
        case .failure(let problem): return .failure(problem)
        case .success(let value): first = value
        }
        var length = 1
        if let end = property("DTEND") {
            switch date(end.value, number: end.number, what: "DTEND") {
            case .failure(let problem): return .failure(problem)
            case .success(let value):
                length = first.dayNumber.distance(to: value.dayNumber)
                guard length >= 1, length <= DaysOffDecoder.largestRange else {
                    return .failure(
                        Problem(line: end.number, text: "DTEND \(end.value) must be 1 to \(DaysOffDecoder.largestRange) days after DTSTART")
                    )
                }
            }
        }
        let name = property("SUMMARY").map { unescaped($0.value) }.flatMap { $0.isEmpty ? nil : $0 } ?? "Holiday"
        var starts = [first.dayNumber]
        if let ruleLine = property("RRULE") {
            let parsed = RecurrenceRule.parse(ruleLine.value)
            guard let rule = parsed.rule, parsed.errors.isEmpty else {
                return .failure(Problem(line: ruleLine.number, text: "RRULE \(ruleLine.value) cannot be read"))
            }
            var exceptions: [Schedule.Exception] = []
            for exception in event where exception.name == "EXDATE" {
                for value in exception.value.split(separator: ",") {
                    guard case .success(let day) = date(String(value), number: exception.number, what: "EXDATE") else { continue }
                    exceptions.append(.date(day))
                }
            }
            let schedule = Schedule(
                start: LocalDateTime(date: first, time: .midnight), isAllDay: true, rule: rule,
                exceptions: exceptions, placement: .fixed(0))
            let end = CivilDate(year: lastYear, month: 12, day: 31).dayNumber
            starts = schedule.occurrences().lazy.map(\.wallClock.day).prefix { $0 <= end }.prefix(DaysOffDecoder.largestCalendar + 1).map {
                $0
            }
        }
        return .success(starts.flatMap { start in (0..<length).map { (start.advanced(by: $0), name) } })
    }

    /// A TEXT value with its backslash escapes read.
    private static func unescaped(_ value: String) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? " " : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
