import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import ReminderViews
import RepositoryFiles
import Support
import Testing

/// What the agenda, the grid and the page show of a span, against golden
/// files: the views fixture (a year end, an alert the evening before, a
/// floating alarm, a day off, wide characters) and the examples; the grid
/// at any width; a floating reminder in two zones; and the page as a real
/// browser draws it.
@Suite struct ViewGoldenTests {
    static let fixture = "Tests/RemindCLITests/Fixtures/views/views.yaml"
    static let examples = RepositoryFiles.validReminderFiles.filter { $0.hasPrefix("examples/") }
    /// 2026-12-20T08:00:00Z, a Sunday.
    static let now = Instant(secondsSince1970: 1_797_753_600)

    /// The plan of `paths` (from the repository's root, loaded as a
    /// command loads them there) from `first` for `days` days on `zone`'s clock.
    static func plan(_ paths: [String], zone: String, first: CivilDate, days: Int) throws -> DayPlan {
        let clock = try #require(TimeZone(identifier: zone))
        let files = try paths.map { path in
            let bytes = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(path))
            let file = try #require(ReminderFile.load(Array(bytes), path: path).file, "\(path)")
            return ScheduledFile(file, floatingZone: clock)
        }
        return DayPlan(files, first: first, last: first.adding(days: days - 1), zone: clock, now: now)
    }

    static func month(_ year: Int, _ month: Int, months: Int = 1) -> (first: CivilDate, days: Int) {
        let first = CivilDate(year: year, month: month, day: 1)
        let end = year * 12 + month - 1 + months
        return (first, CivilDate(year: end / 12, month: end % 12 + 1, day: 1).daysSinceEpoch - first.daysSinceEpoch)
    }

    enum View: Sendable {
        case agenda
        case grid(Weekday)
        case page
    }

    struct Case: Sendable, CustomStringConvertible {
        var golden: String
        var paths: [String]
        var zone: String
        var first: CivilDate
        var days: Int
        var view: View
        var description: String { golden }
    }

    static let today = CivilDate(year: 2026, month: 12, day: 20)

    static let cases: [Case] = [
        Case(golden: "agenda-views.txt", paths: [fixture], zone: "Europe/Berlin", first: today, days: 14, view: .agenda),
        Case(
            golden: "agenda-views-clocks.txt", paths: [fixture], zone: "Europe/Berlin", first: CivilDate(year: 2027, month: 3, day: 26),
            days: 4, view: .agenda),
        Case(golden: "agenda-examples.txt", paths: examples, zone: "Europe/London", first: today, days: 3, view: .agenda),
        Case(
            golden: "agenda-empty.txt", paths: ["Tests/RemindCLITests/Fixtures/views/once.yaml"], zone: "Europe/Berlin", first: today,
            days: 2, view: .agenda),
        Case(
            golden: "calendar-views.txt", paths: [fixture], zone: "Europe/Berlin", first: month(2026, 12).first, days: month(2026, 12).days,
            view: .grid(.monday)),
        Case(
            golden: "calendar-views-sunday.txt", paths: [fixture], zone: "America/New_York", first: month(2027, 3).first,
            days: month(2027, 3).days, view: .grid(.sunday)),
        Case(
            golden: "calendar-views.html", paths: [fixture], zone: "Europe/Berlin", first: month(2026, 12).first,
            days: month(2026, 12, months: 2).days, view: .page),
        Case(
            golden: "calendar-examples.txt", paths: examples, zone: "Europe/London", first: month(2026, 12).first,
            days: month(2026, 12).days, view: .grid(.monday)),
        Case(
            golden: "calendar-examples.html", paths: examples, zone: "Europe/London", first: month(2026, 12).first,
            days: month(2026, 12).days, view: .page),
    ]

    static func write(_ c: Case, width: Int = 120) throws -> String {
        let plan = try plan(c.paths, zone: c.zone, first: c.first, days: c.days)
        switch c.view {
        case .agenda: return AgendaWriter().write(plan)
        case .grid(let start): return CalendarWriter(weekStart: start, width: width).write(plan, zoneName: c.zone)
        case .page: return CalendarPage().write(plan, zoneName: c.zone)
        }
    }

    @Test(arguments: cases)
    func golden(_ c: Case) throws {
        Golden().check(try Self.write(c), c.golden)
    }

    /// Every line of the grid takes the same columns, whatever the titles
    /// hold, at any width.
    @Test(arguments: [80, 120, 200])
    func theGridLinesUp(_ columns: Int) throws {
        let text = try Self.write(Self.cases[4], width: columns)
        let grid = text.split(separator: "\n").filter { $0.hasPrefix("|") || $0.hasPrefix("+") }
        #expect(grid.count > 20)
        let widths = Set(grid.map { DisplayWidth.of($0) })
        #expect(widths.count == 1, "\(widths)")
        #expect(widths.first! <= columns)
        #expect(text.contains("週") && text.contains("!"))
    }

    /// A floating reminder keeps its wall-clock time on any clock; a zoned
    /// one moves with it.
    @Test(arguments: ["Europe/Berlin", "America/New_York"])
    func aFloatingReminderIsShownInEachZone(_ zone: String) throws {
        let plan = try Self.plan([Self.fixture], zone: zone, first: CivilDate(year: 2027, month: 1, day: 5), days: 1)
        let lines = AgendaWriter().write(plan).split(separator: "\n")
        #expect(lines.contains { $0.contains("06:30") && $0.contains("Alarm clock") }, "\(lines)")
        let standup = zone == "Europe/Berlin" ? "09:30" : "03:30"
        #expect(lines.contains { $0.contains(standup) && $0.contains("Stand-up") }, "\(lines)")
    }

    // MARK: In a browser

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let pillow = OracleVenv.python(importing: "PIL")

    /// Headless Chromium renders the examples' month: it loads without a
    /// console error, and the picture has the grid's lines and text where
    /// the page puts them, and white where there is none.
    @Test(.enabled(if: chromium != nil && pillow != nil, "needs chromium and Pillow in .build/oracle-venv"))
    func thePageRendersInChromium() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-page-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("december.html"), picture = folder.appendingPathComponent("december.png")
        try Data(try Self.write(Self.cases[8]).utf8).write(to: page)
        let rendered = try Tools.run(
            Self.chromium!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1600,1200", "--enable-logging=stderr",
                "--v=0", "--user-data-dir=\(folder.path)/profile", "--screenshot=\(picture.path)", page.absoluteString,
            ])
        #expect(rendered.status == 0, "\(rendered.output.suffix(2000))")
        #expect(!rendered.output.contains("CONSOLE"), "the page logged to the console: \(rendered.output.suffix(2000))")
        let script = RepositoryFiles.root.appendingPathComponent("Tests/ReminderViewsTests/Oracles/page_picture.py").path
        let measured = try Tools.run(Self.pillow!.path, [script, picture.path])
        try #require(measured.status == 0, "\(measured.output)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(measured.output.utf8)) as? [String: Any])
        #expect(figures["size"] as? [Int] == [1600, 1200])
        // The heading's text, top left; ink in every week row's cells;
        // the outlined today; margins left white.
        #expect((figures["heading_ink"] as? Double ?? 0) > 0.02, "\(figures)")
        #expect((figures["grid_ink"] as? Double ?? 0) > 0.05, "\(figures)")
        #expect((figures["rows_with_ink"] as? Int ?? 0) >= 4, "\(figures)")
        #expect((figures["today_green"] as? Int ?? 0) > 500, "\(figures)")
        #expect((figures["right_margin_ink"] as? Double ?? 1) < 0.01, "\(figures)")
    }
}
