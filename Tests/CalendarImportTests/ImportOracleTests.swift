@testable import CalendarImport
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import RepositoryFiles
import Testing

/// The import judged by python icalendar and recurring-ical-events
/// (RemindCLITests/Oracles/ics_events.py, which ics_alarms.py shares): what they read from a foreign export and from
/// the corpus (its occurrences, and when its DISPLAY and AUDIO alarms go
/// off) is what the imported file fires, but for what the import said it
/// could not carry; and the Windows zone names against python icalendar's
/// own table.
@Suite struct ImportOracleTests {
    static let python = OracleVenv.python(importing: "icalendar, recurring_ical_events")
    static let exports = "Tests/RemindCLITests/Fixtures/import"
    static let from = Instant(secondsSince1970: 1_796_083_200)  // 2026-11-29T00:00:00Z
    static let to = Instant(secondsSince1970: 1_843_430_400)  // 2028-06-01T00:00:00Z

    /// Each occurrence of `file` from `from` to `to` as [title, start,
    /// sorted alerts] (`start` as `expand --format jsonl` gives a date, or
    /// the instant in UTC), in order.
    static func occurrences(_ file: ReminderFile) throws -> [[String]] {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let scheduled = ScheduledFile(file, floatingZone: utc)
        let writer = OccurrenceWriter(format: .jsonl, reminders: file.reminders, showsSeconds: false, floatingZone: utc)
        var buffer: [UInt8] = []
        var timeline = Timeline(scheduled.schedules, from: from, to: to)
        while let (source, occurrence) = timeline.next() { writer.write(occurrence, source: source, into: &buffer) }
        return try String(decoding: buffer, as: UTF8.self).split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let start = try #require(object["start"] as? String), utc = try #require(object["utc"] as? String)
            // iCalendar's TEXT has one kind of line break (RFC 5545 §3.3.11).
            let title = try #require(object["title"] as? String).replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\r", with: "\n")
            return [title, start.count == 10 ? start : utc] + (object["alerts"] as? [String] ?? []).sorted()
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// What the judge reads of `source` (a path) with times without a
    /// zone in `zone`, over the same span: [title, start, alarms].
    static func judged(_ source: String, zone: String) throws -> [(title: String, start: String, alarms: [String])] {
        let script = RepositoryFiles.root.appendingPathComponent("Tests/RemindCLITests/Oracles/ics_events.py").path
        let run = try Tools.run(
            try #require(python).path, ["-W", "ignore", script, source, zone, "2026-11-29T00:00:00Z", "2028-06-01T00:00:00Z"])
        try #require(run.status == 0, "\(run.output.prefix(2000))")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[Any]])
        return try raw.map { item in
            (try #require(item[0] as? String), try #require(item[1] as? String), try #require(item[2] as? [String]))
        }
    }

    /// What a foreign export fires: recurring-ical-events' reading and the
    /// imported file's occurrences agree.
    @Test(
        .enabled(if: python != nil, "needs icalendar and recurring-ical-events in .build/oracle-venv"),
        arguments: [
            ("google", "Europe/Berlin"), ("outlook", "Europe/Berlin"), ("apple", "America/New_York"),
            ("thunderbird", "Europe/London"), ("exchange", "Europe/Amsterdam"), ("thisandfuture", "Europe/Paris"),
        ])
    func foreignExportsFireAsTheyDid(_ name: String, _ zone: String) throws {
        // (zone: what a time without one is read in: the imported file's.)
        let path = "\(Self.exports)/\(name).ics"
        let source = RepositoryFiles.root.appendingPathComponent(path)
        let outcome = CalendarImporter.run(
            [CalendarImporter.Input(path: path, bytes: Array(try Data(contentsOf: source)))], options: .init(localZone: "UTC", trust: false)
        )
        let yaml = try #require(outcome.yaml, "\(outcome.diagnostics)")
        let file = try #require(ReminderFile.load(Array(yaml.utf8), path: "\(name).yaml").file)
        var theirs = try Self.judged(source.path, zone: zone).map { [$0.title, $0.start] + $0.alarms }
        // Apple's fixed-time alarm, which the import reports it drops.
        if name == "apple" { theirs = theirs.map { $0.filter { $0 != "2026-12-24T14:00:00Z" } } }
        // An event without an alarm alerts at its start, as the import says.
        theirs = theirs.map { $0.count == 2 && $0[1].count > 10 ? $0 + [$0[1]] : $0 }
        let ours = try Self.occurrences(file)
        #expect(theirs.count >= 3)
        #expect(ours == theirs.sorted { $0.lexicographicallyPrecedes($1) }, "\(name)")
    }

    /// The import corpus (minimal files in the shapes real exports have)
    /// fires as recurring-ical-events reads it, but for the events in
    /// `judgeReadsOtherwise`, each with the RFC 5545 section that decides
    /// and a diagnostic of the import saying it. An event without an alarm
    /// alerts at its start (midnight of the file's zone for a date), as the
    /// import says.
    @Test(
        .enabled(if: python != nil, "needs icalendar and recurring-ical-events in .build/oracle-venv"),
        arguments: try! FileManager.default.contentsOfDirectory(atPath: ImportCorpusTests.corpus.path).filter { $0.hasSuffix(".ics") }
            .sorted())
    func theCorpusFiresAsTheJudgeReadsIt(_ name: String) throws {
        let imported = try ImportCorpusTests.importing([name], trust: true)
        var zone = imported.yaml.split(separator: "\n").first { $0.hasPrefix("timezone: ") }.map { String($0.dropFirst(10)) } ?? "UTC"
        if zone == "floating" { zone = "UTC" }
        let offset = try #require(TimeZone(identifier: zone))
        var theirs = try Self.judged(ImportCorpusTests.corpus.appendingPathComponent(name).path, zone: zone).map { item -> [String] in
            var alarms = item.alarms
            if alarms.isEmpty {
                // At its start; a date at its midnight on the file's clock.
                if item.start.count > 10 {
                    alarms = [item.start]
                } else {
                    let midnight = ISO8601DateFormatter().date(from: item.start + "T00:00:00Z")!
                    let instant = midnight.addingTimeInterval(-TimeInterval(offset.secondsFromGMT(for: midnight)))
                    alarms = [ISO8601DateFormatter().string(from: instant)]
                }
            }
            return [item.title, item.start] + alarms
        }
        var ours = try Self.occurrences(imported.file)
        for difference in Self.judgeReadsOtherwise where difference.file == name {
            #expect(imported.says(difference.said), "\(name): the import does not say \(difference.said)")
            #expect(ours.filter { $0[0] == difference.title }.count == difference.ours, "\(name): \(difference.title)")
            #expect(theirs.filter { $0[0] == difference.title }.count == difference.theirs, "\(name): \(difference.title)")
            theirs.removeAll { $0[0] == difference.title }
            ours.removeAll { $0[0] == difference.title }
        }
        #expect(ours == theirs.sorted { $0.lexicographicallyPrecedes($1) }, "\(name)")
    }

    /// Where recurring-ical-events reads an event of the corpus otherwise
    /// than the import, and the RFC's word on it: the file, the event's
    /// title, its occurrences from 2026-11-29 to 2028-06 in the import and
    /// in the judge, and what the import says of it.
    static let judgeReadsOtherwise: [(file: String, title: String, ours: Int, theirs: Int, said: String)] = [
        // RFC 5545 §3.8.5.3: "The "DTSTART" property value SHOULD be
        // synchronized with the recurrence rule... [it] always counts as
        // the first occurrence": an UNTIL before it leaves it alone.
        // dateutil, behind the judge, gives no occurrence at all.
        ("until-before-start.ics", "Once", 1, 0, "UNTIL comes before DTSTART"),
        // An RRULE with no value breaks RFC 5545 §3.3.10's grammar (FREQ
        // is required): the import reads no repeat, so the change of the
        // event (RECURRENCE-ID) replaces it; the judge keeps the event and
        // its change side by side.
        ("unused-details.ics", "Walk", 0, 1, "does not repeat, and its change (RECURRENCE-ID) replaces it"),
        // RFC 5545 §3.3.10: BYDAY "MUST NOT be specified with a numeric
        // value" in a WEEKLY rule; the judge drops the number (every
        // Monday), the import keeps the start alone and says why.
        ("unusable-rules.ics", "First Monday, weekly", 1, 78, "repeat cannot be a reminder's"),
    ]

    /// Every Windows zone name in CLDR's table names the zone python
    /// icalendar's own table gives it, or one with the same offsets.
    @Test(.enabled(if: python != nil, "needs icalendar in .build/oracle-venv"))
    func windowsNamesAgreeWithPythonIcalendar() throws {
        let run = try Tools.run(
            try #require(Self.python).path,
            [
                "-c",
                """
                import json
                from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON
                print(json.dumps(WINDOWS_TO_OLSON))
                """,
            ])
        try #require(run.status == 0, "\(run.output)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: String])
        #expect(theirs.count > 100)
        var compared = 0
        for (windows, zone) in WindowsZones.pairs {
            guard let other = theirs[windows] else { continue }
            compared += 1
            if other == zone { continue }
            // Two names of one zone: the same offsets through the years.
            let a = try #require(TimeZone(identifier: zone)), b = try #require(TimeZone(identifier: other), "\(other)")
            let same = stride(from: 1_577_836_800, to: 1_893_456_000, by: 86_400 * 7).allSatisfy { seconds in
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                return a.secondsFromGMT(for: date) == b.secondsFromGMT(for: date)
            }
            #expect(same, "\(windows): CLDR \(zone), python icalendar \(other)")
        }
        #expect(compared > 100)
        // The TZID khal could not read (khal#714) is read here.
        #expect(ZoneMapping.iana(for: "New Zealand Standard Time")?.zone == "Pacific/Auckland")
        #expect(ZoneMapping.iana(for: "\"W. Europe Standard Time\"") == nil)
        #expect(ZoneMapping.iana(for: "europe/berlin")?.zone == "Europe/Berlin")
        // A link the tz database keeps, which Foundation does not list.
        #expect(ZoneMapping.iana(for: "Asia/Kolkata")?.zone == "Asia/Kolkata")
        #expect(ZoneMapping.iana(for: "/softwarestudio.org/Olson_20011030_5/America/New_York")?.zone == "America/New_York")
        #expect(ZoneMapping.iana(for: "Mars/Olympus_Mons") == nil)
    }
}
