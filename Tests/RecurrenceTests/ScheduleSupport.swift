import Foundation
@testable import Recurrence

/// Builds schedules and reads expected instances from a compact notation,
/// so the tables below stay close to how RFC 5545 lists its examples.
enum Fixture {
    static func zone(_ name: String) -> Schedule.Placement {
        name == "floating" || name == "UTC" ? .fixed(0) : .zone(TimeZone(identifier: name)!)
    }

    /// `19970902T090000` or `1997-09-02T09:00[:00]` or `19970902` (all-day).
    static func local(_ text: String) -> LocalDateTime {
        let digits = text.filter(\.isNumber)
        func field(_ from: Int, _ length: Int) -> Int {
            let start = digits.index(digits.startIndex, offsetBy: from)
            return Int(digits[start..<digits.index(start, offsetBy: length)])!
        }
        let date = CivilDate(year: field(0, 4), month: field(4, 2), day: field(6, 2))
        guard digits.count >= 12 else { return LocalDateTime(date: date, time: .midnight) }
        return LocalDateTime(
            date: date, time: CivilTime(hour: field(8, 2), minute: field(10, 2), second: digits.count >= 14 ? field(12, 2) : 0))
    }

    static func schedule(
        _ rrule: String?, start: String, zone: String = "America/New_York", except: [Schedule.Exception] = [],
        also: [Schedule.Addition] = [], times: [CivilTime] = []
    ) -> Schedule {
        let rule = rrule.map { text -> RecurrenceRule in
            let parsed = RecurrenceRule.parse(text)
            precondition(parsed.errors.isEmpty, "\(text): \(parsed.errors)")
            return parsed.rule!
        }
        let allDay = !start.contains("T")
        return Schedule(
            start: local(start), isAllDay: allDay, rule: rule, timesOfDay: times, exceptions: except,
            additions: also, placement: Self.zone(zone))
    }

    /// What clocks showed, as `YYYY-MM-DDTHH:MM:SS±HH:MM` (or the bare
    /// wall clock for floating and all-day schedules).
    static func shown(_ occurrence: Occurrence, withOffset: Bool = true) -> String {
        let local = occurrence.local
        guard withOffset else { return local.description }
        let sign = occurrence.offset < 0 ? "-" : "+"
        let minutes = abs(occurrence.offset) / 60
        return "\(local)\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
    }

    static func instantText(_ instant: Instant) -> String {
        instant.description
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Expands `1997-09 2-4,9 | 1997-11 4` into local date-times at `time`,
    /// and `1997-09-02 09:00 12:00` into times of one day.
    static func expected(_ notation: String, time: String = "09:00") -> [String] {
        var result: [String] = []
        for group in notation.split(separator: "|") {
            let words = group.split(separator: " ").map(String.init)
            guard let head = words.first else { continue }
            if head.count == 10 {
                for clock in words.dropFirst() { result.append("\(head)T\(clock):00") }
                continue
            }
            for list in words.dropFirst() {
                for item in list.split(separator: ",") {
                    let bounds = item.split(separator: "-").map { Int($0)! }
                    for day in bounds[0]...(bounds.last!) {
                        result.append("\(head)-\(day < 10 ? "0" : "")\(day)T\(time):00")
                    }
                }
            }
        }
        return result
    }

    /// The first `count` occurrences, as wall-clock text without offsets.
    static func firstLocals(_ schedule: Schedule, _ count: Int) -> [String] {
        Array(schedule.occurrences().prefix(count)).map { $0.local.description }
    }
}
