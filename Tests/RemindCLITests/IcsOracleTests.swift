import Foundation
import Recurrence
import ReminderModel
import RepositoryFiles
import Testing

/// remindc's iCalendar read back by independent parsers (python icalendar
/// and recurring-ical-events, installed by `.ci/run`): every title and note
/// comes back exactly, nothing is injected, and the occurrences the .ics
/// means are the occurrences `remindc expand` lists, across daylight-saving
/// changes in several zones.
///
/// The comparison runs over windows that hold the autumn 2026 and spring 2027
/// changes of Europe, North America and Lord Howe Island, and early December
/// 2026, when the examples start. One known
/// deviation is left out: a wall-clock time a daylight-saving change skips.
/// RFC 5545 §3.3.5 reads it with the offset before the gap (02:30 becomes
/// 03:30), as remindc does, and merges it with the rule's own 03:30; python
/// icalendar's zones built from a VTIMEZONE read it with the offset after
/// (02:30 becomes 01:30). Occurrences of zoned reminders within a gap's
/// length plus three hours of it are therefore not compared; ScheduleTests
/// pins them down.
@Suite struct IcsOracleTests {
    static let python: URL? = {
        let root = EndToEndTests.root
        var candidates = [root.appendingPathComponent(".build/oracle-venv/bin/python3").path]
        if let configured = ProcessInfo.processInfo.environment["REMINDC_PYTHON"] { candidates.insert(configured, at: 0) }
        return candidates.lazy.map { URL(fileURLWithPath: $0) }.first { python in
            FileManager.default.isExecutableFile(atPath: python.path)
                && OracleVenv.imports("icalendar, recurring_ical_events", with: python)
        }
    }()

    struct Oracle: Decodable {
        struct Component: Decodable {
            var uid: String
            var id: String
            var summary: String
            var description: String?
            var properties: [String]
            var subcomponents: [String]
        }

        var components: [Component]
        var occurrences: [[String]]
    }

    static let windows = [
        ("2026-10-20T00:00:07Z", "2026-11-06T00:00:07Z"), ("2026-11-29T00:00:07Z", "2026-12-08T00:00:07Z"),
        ("2027-02-26T00:00:07Z", "2027-03-02T00:00:07Z"), ("2027-03-10T00:00:07Z", "2027-04-08T00:00:07Z"),
        ("2028-02-27T00:00:07Z", "2028-03-02T00:00:07Z"),
    ]

    /// What iCalendar's TEXT can carry of `text`: one kind of line break.
    static func asText(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n": if !previousWasCR { result += "\n" }
            case "\r", "\u{85}", "\u{2028}", "\u{2029}": result += "\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static let allowedProperties: Set<String> = [
        "UID", "X-REMINDC-ID", "DTSTAMP", "DTSTART", "DUE", "SUMMARY", "DESCRIPTION", "CATEGORIES", "RRULE", "EXDATE",
        "RDATE", "STATUS", "PRIORITY", "X-REMINDC-ACTION-LABEL", "X-REMINDC-ACTION-HIDDEN", "X-REMINDC-BADGE", "X-REMINDC-SOUND",
        "X-REMINDC-DATA",
        "X-REMINDC-CATEGORY-ACTION", "X-REMINDC-CATEGORY-RUN", "X-REMINDC-CATEGORY-MINIMAL", "X-REMINDC-TIMEZONE",
        "X-REMINDC-HOLIDAYS-THROUGH",
        "RECURRENCE-ID", "X-REMINDC-REMINDER",
    ]

    /// Writes the .ics of `path` and hands it to the Python script
    /// `Oracles/<script>` with `arguments` after it; returns what the script
    /// printed.
    static func readBack(_ path: String, with script: String, arguments: [String] = []) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = folder.appendingPathComponent("out.ics")
        let written = try EndToEndTests.run(["ics", "-o", ics.path, path, "--now", "2026-11-29T12:00:00Z"])
        try #require(written.status == 0, "\(written.stderr)")

        let process = Process()
        process.executableURL = python
        process.arguments =
            [EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/\(script)").path, ics.path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.drained()
        let errors = String(decoding: err.drained(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(script) failed: \(errors)")
        return data
    }

    /// Writes the .ics of `file`, reads it with the oracle, and compares.
    func check(_ path: String, windows: [(String, String)] = windows) throws {
        let data = try Self.readBack(path, with: "ics_oracle.py", arguments: windows.flatMap { [$0.0, $0.1] })
        let oracle = try JSONDecoder().decode(Oracle.self, from: data)

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path, relativeTo: EndToEndTests.root)))
        let file = try #require(ReminderFile.load(bytes, path: path).file)
        let reminders = Dictionary(file.reminders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        // Text comes back exactly; no property or component is injected.
        #expect(Set(oracle.components.map(\.id)) == Set(file.reminders.map(\.id)))
        for component in oracle.components {
            guard let reminder = reminders[component.id] else {
                Issue.record("\(path): a component for no reminder: \(component.uid)")
                continue
            }
            #expect(component.summary == Self.asText(reminder.title), "\(path): \(component.id)")
            #expect(component.description == reminder.note.map(Self.asText), "\(path): \(component.id)")
            let unexpected = Set(component.properties).subtracting(Self.allowedProperties)
            #expect(unexpected.isEmpty, "\(path): \(component.id) has \(unexpected)")
            #expect(component.subcomponents.allSatisfy { $0 == "VALARM" }, "\(path): \(component.id)")
        }

        // The same occurrences as `remindc expand`.
        var listed: [[String]] = []
        // Each window widened by two days, then cut by the labels' own
        // times, as the oracle does: a date counts from its midnight UTC.
        let formatter = ISO8601DateFormatter()
        for window in windows {
            let from = formatter.string(from: formatter.date(from: window.0)!.addingTimeInterval(-2 * 86_400))
            let to = formatter.string(from: formatter.date(from: window.1)!.addingTimeInterval(2 * 86_400))
            let expand = try EndToEndTests.run(["expand", "--format", "jsonl", path, "--zone", "UTC", "--from", from, "--to", to])
            try #require(expand.status == 0)
            listed += expand.stdout.split(separator: "\n").map { line -> [String] in
                let object = (try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]).compactMapValues { $0 as? String }
                let start = object["start"]!
                let label =
                    start.count == 10 ? "date:\(start)" : object["timezone"] == "floating" ? "floating:\(start)" : "utc:\(object["utc"]!)"
                return [object["reminder"]!, label]
            }.filter { Self.inWindow($0[1], window) }
        }
        let nearGap = Self.nearGap(file)
        let ours = listed.filter { !nearGap($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        let theirs = oracle.occurrences.filter { !nearGap($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(ours.count == theirs.count, "\(path): \(ours.count) occurrences listed, \(theirs.count) in the .ics")
        #expect(!ours.isEmpty, "\(path): nothing to compare")
        let onlyOurs = Set(ours).subtracting(theirs).sorted { $0.lexicographicallyPrecedes($1) }
        let onlyTheirs = Set(theirs).subtracting(ours).sorted { $0.lexicographicallyPrecedes($1) }
        if !onlyOurs.isEmpty || !onlyTheirs.isEmpty {
            Issue.record("\(path): only expand lists \(onlyOurs.prefix(6)); only the .ics means \(onlyTheirs.prefix(6))")
        }
    }

    /// Whether an occurrence `[id, label]` of a zoned reminder falls within
    /// the length of a daylight-saving gap of its zone, plus three hours, of it.
    static func nearGap(_ file: ReminderFile) -> ([String]) -> Bool {
        var gaps: [String: [(instant: Int, length: Int)]] = [:]
        for reminder in file.reminders {
            guard case .named = reminder.timeZone else { continue }
            let zone = reminder.timeZone.foundationZone
            var cursor = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
            var found: [(instant: Int, length: Int)] = []
            while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < 2_000_000_000 {
                let instant = Int(next.timeIntervalSince1970)
                let moment = Instant(secondsSince1970: instant)
                let length = WallClock.offset(of: zone, at: moment) - WallClock.offset(of: zone, at: moment.advanced(by: -1))
                if length > 0 { found.append((instant, length)) }
                cursor = next
            }
            gaps[reminder.id] = found
        }
        let formatter = ISO8601DateFormatter()
        return { occurrence in
            guard let transitions = gaps[occurrence[0]], occurrence[1].hasPrefix("utc:"),
                let date = formatter.date(from: String(occurrence[1].dropFirst(4)))
            else { return false }
            let instant = Int(date.timeIntervalSince1970)
            return transitions.contains { abs($0.instant - instant) <= $0.length + 3 * 3600 }
        }
    }

    @Test(
        .enabled(if: python != nil, "python icalendar and recurring-ical-events are not installed"),
        arguments: [
            "examples/remindme.yaml", "examples/repeating.yaml", "examples/my-minutes.yaml", "examples/notifications-demo.yaml",
            "\(EndToEndTests.fixtures)/ics/hostile.yaml", "\(EndToEndTests.fixtures)/expand/clocks.yaml",
            "\(EndToEndTests.fixtures)/ics/fixed-instants.yaml",
        ])
    func readsBackTheFixtures(_ path: String) throws {
        try check(path)
    }

    /// The VTIMEZONEs' historical transitions: the 2007 US change, Samoa's
    /// skipped day, Brazil's end of daylight saving, Morocco's Ramadan changes.
    @Test(.enabled(if: python != nil, "python icalendar and recurring-ical-events are not installed"))
    func readsBackZoneHistory() throws {
        try check(
            "\(EndToEndTests.fixtures)/ics/history.yaml",
            windows: [
                ("2005-01-01T00:00:07Z", "2009-01-01T00:00:07Z"), ("2011-12-15T00:00:07Z", "2012-01-25T00:00:07Z"),
                ("2018-01-01T00:00:07Z", "2020-06-02T00:00:07Z"), ("2024-01-01T00:00:07Z", "2027-01-01T00:00:07Z"),
            ])
    }

    /// A seeded set of reminders: every zone kind, every repeat form, times
    /// near daylight-saving changes, exceptions, additions, to-dos, all-day
    /// reminders, and hostile text.
    static func generatedFile(count: Int) -> String {
        var state: UInt64 = 7529
        func random(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        func pick<T>(_ values: [T]) -> T { values[random(0...(values.count - 1))] }
        let zones = [
            "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata",
            "Pacific/Apia", "Europe/London", "UTC", "floating",
        ]
        let texts = [
            "Plain", "Comma, semicolon; backslash \\\\ colon:", "Line\\nbreak", "CR\\r\\nLF",
            "Emoji ⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰⏰", "BEGIN:VALARM\\nACTION:EMAIL",
            String(repeating: "w", count: 200), "Ünïcödé ü ß 漢字",
        ]
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        var yaml = "uid-domain: generated.example\nreminders:\n"
        for index in 0..<count {
            let zone = pick(zones)
            let allDay = random(1...10) == 1
            let year = pick([2026, 2026, 2027])
            let month = year == 2026 ? random(9...12) : random(1...4)
            let day = random(1...28)
            let hour = pick([0, 1, 2, 2, 3, 7, 9, 12, 18, 23])
            let minute = pick([0, 15, 30, 45])
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let date = "\(year)-\(two(month))-\(two(day))"
            let at = allDay ? date : "\(date) \(two(hour)):\(two(minute))"
            let later = "\(year + 1)-\(two(month))-\(two(day))"
            let fine = zone == "UTC" || zone == "floating"
            var repeats: [String] =
                allDay
                ? [
                    "daily", "weekly", "monthly", "yearly", "{every: 2 weeks, except: [\(later)]}",
                    "{every: month, days: [1, -1], count: 12}", "{every: year, months: [mar, oct], on: [last sun]}",
                    "{every: week, on: [mon, fri], until: \(later)}",
                    "{every: month, days: [\(pick([29, 30, 31]))], calendar: gregorian, skip: \(pick(["backward", "forward"]))}",
                    "{every: year, months: [feb], days: [29], calendar: gregorian, skip: \(pick(["backward", "forward"]))}",
                ]
                : [
                    "daily", "weekdays", "weekly", "monthly", "quarterly", "yearly", "{every: 3 days, count: 20}",
                    "{every: week, on: [\(pick(weekdays)), \(pick(weekdays))], until: \(later)}",
                    "{every: month, on: [last fri]}", "{every: month, days: [31]}",
                    "{every: year, months: [\(pick(months)), mar, oct], on: [last sun]}",
                    "{every: day, times: [\"08:00\", \"20:30\"], count: 9}",
                    "{every: day, times: [\"06:45\", \"19:10\"], except: [\(date)], also: [\"\(later) 12:00\"]}",
                    "{every: week, except: [\"\(date) \(two(hour)):\(two(minute))\"], count: 30}",
                    "{rrule: \"FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1\"}",
                    "{every: month, on: [2nd tue, -1 thu], position: [1]}",
                    // Starts the repeat does not select, in every form.
                    "{every: month, days: [5, 20]}", "{every: year, months: [jun], days: [1]}",
                    "{every: week, on: [sat], times: [\"08:00\", \"20:30\"]}",
                    "{every: 2 weeks, on: [\(pick(weekdays))], count: 6, also: [\"2026-12-03 10:00\", \"2027-03-20 10:00\"]}",
                    // The 29th, 30th and 31st in the Gregorian calendar, back and forward.
                    "{every: month, days: [\(pick([29, 30, 31]))], calendar: gregorian, skip: \(pick(["backward", "forward"]))}",
                    "{every: 2 months, days: [\(pick([29, 30, 31]))], calendar: gregorian, skip: \(pick(["backward", "forward"])), count: 12}",
                    "{every: year, months: [feb], days: [29], calendar: gregorian, skip: \(pick(["backward", "forward"]))}",
                    "{every: year, months: [feb], days: [29]}",
                ]
            if fine && !allDay {
                repeats += ["{every: 90 minutes, count: 40}", "hourly", "{every: 5 minutes, count: 100}"]
            }
            yaml += """
                  - id: r\(index)
                    title: "\(pick(texts)) \(index)"
                    at: \(at)
                    timezone: \(zone)
                    repeat: \(pick(repeats))

                """
            if random(1...3) == 1 { yaml += "    note: \"\(pick(texts))\"\n" }
            if random(1...6) == 1 { yaml += "    todo: true\n" }
            if random(1...4) == 1 { yaml += "    before: \(pick(["5m", "1h", "1d", "90s"]))\n" }
        }
        return yaml
    }

    @Test(.enabled(if: python != nil, "python icalendar and recurring-ical-events are not installed"))
    func readsBackAGeneratedSet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("generated.yaml")
        try Data(Self.generatedFile(count: 400).utf8).write(to: file)
        if let keep = ProcessInfo.processInfo.environment["REMINDC_KEEP_GENERATED"] {
            try Data(Self.generatedFile(count: 400).utf8).write(to: URL(fileURLWithPath: keep))
        }
        let checked = try EndToEndTests.run(["check", file.path])
        try #require(checked.status == 0, "\(checked.stdout)")
        try check(file.path)
    }

    /// Alarms counted in working days: the series' TRIGGER and each
    /// occurrence written again with its own (RECURRENCE-ID), read by
    /// recurring-ical-events and python icalendar's Alarms
    /// (Oracles/ics_alarms.py), fire when `expand` says, through the
    /// horizon the .ics names; every other alarm of the files too.
    @Test(
        .enabled(if: python != nil, "python icalendar and recurring-ical-events are not installed"),
        arguments: ["\(EndToEndTests.fixtures)/ics/working-day-alerts.yaml", "examples/working-days.yaml"])
    func alarmsInWorkingDaysAreExpands(_ path: String) throws {
        let (now, until) = ("2026-11-29T12:00:00Z", "2028-12-01T00:00:00Z")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-alarms-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = folder.appendingPathComponent("alarms.ics")
        let written = try EndToEndTests.run(["ics", path, "-o", ics.path, "--now", now])
        try #require(written.status == 0, "\(written.stderr)")
        let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/ics_alarms.py").path
        let read = try Tools.run(Self.python!.path, [script, ics.path, "Europe/London", now, until])
        try #require(read.status == 0, "\(read.output.prefix(2000))")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [[String]])

        let expanded = try EndToEndTests.run([
            "expand", path, "--from", "2026-11-01", "--to", "2029-03-01", "--format", "jsonl", "--now", now,
        ])
        try #require(expanded.status == 0, "\(expanded.stderr.prefix(2000))")
        var ours: [[String]] = []
        for line in expanded.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["reminder"] as? String), start = try #require(object["utc"] as? String)
            for alert in object["alerts"] as? [String] ?? [] where alert >= now && alert < until { ours.append([id, start, alert]) }
        }
        ours.sort { $0.lexicographicallyPrecedes($1) }
        #expect(ours.count > 25)
        let onlyTheirs = Set(theirs).subtracting(ours).sorted { $0.lexicographicallyPrecedes($1) }.prefix(5)
        let onlyOurs = Set(ours).subtracting(theirs).sorted { $0.lexicographicallyPrecedes($1) }.prefix(5)
        #expect(theirs == ours, "\(path): only in the .ics \(onlyTheirs), only in expand \(onlyOurs)")
    }

    static let vobject = python.map { OracleVenv.imports("vobject", with: $0) } ?? false

    /// Every X-REMINDC- property comes back whole from python icalendar and
    /// vobject, which read it as one TEXT (RFC 5545 §3.3.11): commas,
    /// semicolons and backslashes in it are escaped.
    @Test(
        .enabled(if: vobject, "python icalendar and vobject are not installed"),
        arguments: [
            "examples/notifications-demo.yaml", "examples/remindme.yaml", "examples/my-minutes.yaml",
            "\(EndToEndTests.fixtures)/ics/hostile.yaml",
        ])
    func extensionPropertiesReadBackAsText(_ path: String) throws {
        let data = try Self.readBack(path, with: "xprops_check.py")
        let read = try JSONDecoder().decode([String: [String: [[String]]]].self, from: data)

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path, relativeTo: EndToEndTests.root)))
        let file = try #require(ReminderFile.load(bytes, path: path).file)
        var checked = 0
        for reminder in file.reminders {
            var expected: [[String]] = [["X-REMINDC-ID", reminder.id]]
            switch reminder.action {
            case .label(let label): expected.append(["X-REMINDC-ACTION-LABEL", Self.asText(label)])
            case .hidden: expected.append(["X-REMINDC-ACTION-HIDDEN", "TRUE"])
            case nil: break
            }
            if let badge = reminder.badge { expected.append(["X-REMINDC-BADGE", String(badge)]) }
            switch reminder.sound {
            case .default: expected.append(["X-REMINDC-SOUND", "default"])
            case .silent: expected.append(["X-REMINDC-SOUND", "none"])
            case .file(let path): expected.append(["X-REMINDC-SOUND", Self.asText(path)])
            case nil: break
            }
            expected += reminder.data.map { ["X-REMINDC-DATA", Self.asText($0.value)] }
            if let id = reminder.category, let category = file.category(id) {
                expected += category.actions.map { ["X-REMINDC-CATEGORY-ACTION", Self.asText($0.title)] }
                expected += category.actions.compactMap { action in action.run.map { ["X-REMINDC-CATEGORY-RUN", Self.asText($0)] } }
                expected.append(["X-REMINDC-CATEGORY-MINIMAL", category.minimal.joined(separator: ",")])
            }
            // An all-day reminder's zone.
            if case .date = reminder.start, case .named(let zone) = reminder.timeZone { expected.append(["X-REMINDC-TIMEZONE", zone]) }
            // The reminder itself, as YAML: both libraries read the TEXT
            // back as the mapping remindc wrote, escapes and all.
            if let mapping = ReminderEncoder.mapping(of: reminder, in: file) {
                expected.append(["X-REMINDC-REMINDER", Self.asText(mapping.flow)])
            }
            for library in ["icalendar", "vobject"] {
                let properties = try #require(read[library]?[reminder.id], "\(library) has no \(reminder.id)")
                #expect(
                    properties.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) },
                    "\(path): \(library) reads \(reminder.id)'s X- properties otherwise")
            }
            checked += expected.count
        }
        #expect(checked > file.reminders.count, "\(path): no X- property beyond the id")
    }

    /// Whether a label's time, read as UTC, falls in `window`.
    static func inWindow(_ label: String, _ window: (String, String)) -> Bool {
        let value = String(label.drop { $0 != ":" }.dropFirst())
        let comparable = value.count == 10 ? value + "T00:00:00Z" : value.hasSuffix("Z") ? value : value + "Z"
        return comparable >= window.0 && comparable < window.1
    }
}
