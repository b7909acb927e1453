import ReminderModel
import Foundation
import Recurrence

/// A VTIMEZONE for an IANA zone, from the system's time zone database
/// through Foundation (RFC 5545 §3.6.5).
///
/// The offsets are right for every instant from 1970 (or a year before
/// `from`, when that is earlier) on. Starting at 1970 rather than at the
/// reminders' span costs a few dozen observances per zone, and readers that
/// sample a zone's transitions in fixed years (vobject, and Radicale through
/// it, look at 2000 to 2020) would otherwise see none and read the zone as
/// one fixed offset:
///
/// - transitions before the zone's current regular rule are written one by
///   one (Europe/Berlin's 1996 switch to October changes, America/New_York's
///   2007 switch to March and November);
/// - the current rule becomes one STANDARD and one DAYLIGHT with a yearly
///   RRULE: the nth or last weekday of a month (`BYDAY=-1SU`, `BYDAY=2SU`),
///   or a weekday within seven days (`BYDAY=FR;BYMONTHDAY=23,...,29`), found
///   by reading the next 29 years of transitions (every weekday falls on
///   every date within 28 years) and checked against all of them;
/// - a zone that no longer changes (Asia/Kolkata, America/Sao_Paulo since
///   2019) ends with its last transition; one that never changed in the span
///   gets a single STANDARD at its offset;
/// - a zone whose changes follow no such rule (Africa/Casablanca) gets every
///   transition up to 29 years ahead.
struct TimeZoneComponent {
    struct Transition {
        var instant: Instant
        var before: Int
        var after: Int
        var isDaylight: Bool
        var name: String?

        /// The wall clock at the onset, read in the offset before it.
        var onset: WallTime { instant.wallTime(offset: before) }
    }

    /// A yearly rule for one kind of transition.
    struct YearlyRule {
        var month: Int
        var weekday: Weekday
        var firstDay: Int
        var lastDay: Int
        var secondOfDay: Int

        func byDay(monthLength: Int) -> String {
            if lastDay - firstDay == 6 && lastDay == monthLength { return "BYMONTH=\(month);BYDAY=-1\(weekday.code)" }
            if lastDay - firstDay == 6 && (firstDay - 1) % 7 == 0 {
                return "BYMONTH=\(month);BYDAY=\((firstDay - 1) / 7 + 1)\(weekday.code)"
            }
            let days = (firstDay...lastDay).map(String.init).joined(separator: ",")
            return "BYMONTH=\(month);BYDAY=\(weekday.code);BYMONTHDAY=\(days)"
        }
    }

    let identifier: String
    let zone: TimeZone

    /// The first instant every VTIMEZONE covers: 1970-01-01T00:00:00Z.
    static let earliest = Instant(secondsSince1970: 0)

    /// Writes the zone's VTIMEZONE covering `from` onwards; `now` sets how
    /// far ahead the rule is checked.
    func write(from: Instant, now: Instant, into lines: inout ContentLines) {
        let start = min(from.advanced(by: -366 * secondsPerDay), Self.earliest)
        let horizonYear = max(from.utc.date.year, now.utc.date.year) + 29
        let horizon = CivilDate(year: horizonYear + 1, month: 1, day: 1).dayNumber.midnight.instant(offset: 0)
        let transitions = self.transitions(from: start, to: horizon)

        lines.begin("VTIMEZONE")
        lines.addText("TZID", [], identifier)
        defer { lines.end("VTIMEZONE") }

        guard !transitions.isEmpty else {
            let offset = WallClock.offset(of: zone, at: from)
            writeObservance(
                isDaylight: false, onset: Self.earliest.wallTime(offset: 0), before: offset, after: offset, name: name(at: from),
                rule: nil, into: &lines)
            return
        }
        if let (daylight, standard, firstRuled) = regularTail(transitions, horizonYear: horizonYear) {
            for transition in transitions[..<firstRuled] {
                writeObservance(transition, rule: nil, into: &lines)
            }
            for (transition, rule) in [daylight, standard].sorted(by: { $0.0.instant < $1.0.instant }) {
                let date = transition.onset.day.date
                let length = CivilDate.daysIn(month: date.month, year: date.year)
                writeObservance(transition, rule: "FREQ=YEARLY;" + rule.byDay(monthLength: rule.month == 2 ? 0 : length), into: &lines)
            }
        } else {
            // A baseline before the first change, then every change.
            let first = transitions[0]
            writeObservance(
                isDaylight: zone.isDaylightSavingTime(for: Self.date(start)),
                onset: start.wallTime(offset: first.before), before: first.before, after: first.before, name: name(at: start),
                rule: nil, into: &lines)
            for transition in transitions {
                writeObservance(transition, rule: nil, into: &lines)
            }
        }
    }

    private func writeObservance(_ transition: Transition, rule: String?, into lines: inout ContentLines) {
        writeObservance(
            isDaylight: transition.isDaylight, onset: transition.onset, before: transition.before,
            after: transition.after, name: transition.name, rule: rule, into: &lines)
    }

    private func writeObservance(
        isDaylight: Bool, onset: WallTime, before: Int, after: Int, name: String?, rule: String?,
        into lines: inout ContentLines
    ) {
        let kind = isDaylight ? "DAYLIGHT" : "STANDARD"
        lines.begin(kind)
        lines.add("DTSTART", [], ICalendarValue.localDateTime(onset))
        lines.add("TZOFFSETFROM", [], ICalendarValue.utcOffset(before))
        lines.add("TZOFFSETTO", [], ICalendarValue.utcOffset(after))
        if let rule { lines.add("RRULE", [], rule) }
        if let name { lines.addText("TZNAME", [], name) }
        lines.end(kind)
    }

    /// Every transition in `[start, end)`.
    func transitions(from start: Instant, to end: Instant) -> [Transition] {
        WallClock.changes(of: zone, from: start, to: end).map { change in
            Transition(
                instant: change.instant, before: change.before, after: change.after,
                isDaylight: zone.isDaylightSavingTime(for: Self.date(change.instant)),
                name: name(at: change.instant))
        }
    }

    /// The zone's abbreviation at `instant`, when it is a name (`CET`) rather
    /// than an offset (`GMT+1`).
    private func name(at instant: Instant) -> String? {
        guard let abbreviation = zone.abbreviation(for: Self.date(instant)),
            abbreviation.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }), !abbreviation.hasPrefix("GMT")
        else { return nil }
        return abbreviation
    }

    /// The current regular rule, if the transitions from some year on to the
    /// horizon are one change into daylight time and one out of it each
    /// year, each the same weekday within seven days of the same month at
    /// the same wall-clock time. Returns the first ruled transition of each
    /// kind, their rules, and the index of the first ruled transition.
    private func regularTail(
        _ transitions: [Transition], horizonYear: Int
    )
        -> (daylight: (Transition, YearlyRule), standard: (Transition, YearlyRule), firstRuled: Int)?
    {
        var byYear: [Int: [Int]] = [:]
        for (index, transition) in transitions.enumerated() {
            byYear[transition.onset.day.date.year, default: []].append(index)
        }
        var rules: (daylight: YearlyRule, standard: YearlyRule)?
        var offsets: (daylight: (Int, Int), standard: (Int, Int))?
        var firstYear: Int?
        var year = horizonYear
        while let indices = byYear[year], indices.count == 2 {
            let pair = indices.map { transitions[$0] }
            guard let daylight = pair.first(where: \.isDaylight), let standard = pair.first(where: { !$0.isDaylight }) else { break }
            let pairOffsets = ((daylight.before, daylight.after), (standard.before, standard.after))
            if let offsets, offsets.daylight != pairOffsets.0 || offsets.standard != pairOffsets.1 { break }
            guard let widened = Self.widen(rules?.daylight, with: daylight),
                let widenedStandard = Self.widen(rules?.standard, with: standard)
            else { break }
            rules = (widened, widenedStandard)
            offsets = pairOffsets
            firstYear = year
            year -= 1
        }
        // The weekday pattern is only known once 28 years show every date.
        guard let rules, let firstYear, horizonYear - firstYear >= 28,
            let firstIndex = byYear[firstYear]?.min()
        else { return nil }
        // Start the rule no later than the span's first year, so that clients
        // reading DTSTART see it apply from the start.
        let ruled = transitions[firstIndex...]
        guard let firstDaylight = ruled.first(where: \.isDaylight), let firstStandard = ruled.first(where: { !$0.isDaylight }) else {
            return nil
        }
        return ((firstDaylight, rules.daylight), (firstStandard, rules.standard), firstIndex)
    }

    /// `rule` extended to admit `transition`, or nil when it cannot.
    private static func widen(_ rule: YearlyRule?, with transition: Transition) -> YearlyRule? {
        let date = transition.onset.day.date
        let second = transition.onset.secondOfDay
        guard var rule else {
            return YearlyRule(month: date.month, weekday: date.weekday, firstDay: date.day, lastDay: date.day, secondOfDay: second)
        }
        guard rule.month == date.month, rule.weekday == date.weekday, rule.secondOfDay == second else { return nil }
        rule.firstDay = min(rule.firstDay, date.day)
        rule.lastDay = max(rule.lastDay, date.day)
        return rule.lastDay - rule.firstDay <= 6 ? rule : nil
    }

    private static func date(_ instant: Instant) -> Date {
        Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970))
    }
}
