import Foundation
import Recurrence
import Support
import ReminderModel
import ReminderOutput
@testable import ReminderViews
import Testing

/// What a title can do to the views' text: a tab moves no column, a
/// direction control turns no field around, nothing runs past the width;
/// and a thousand alerts at one minute cost a line each.
@Suite struct ViewTextTests {
    static func plan(_ yaml: String, days: Int = 1) -> DayPlan {
        let file = ReminderFile.load(Array(yaml.utf8), path: "views.yaml").file!
        let zone = TimeZone(identifier: "UTC")!
        let first = CivilDate(year: 2026, month: 12, day: 1)
        return DayPlan(
            [ScheduledFile(file, floatingZone: zone)], first: first, last: first.adding(days: days - 1), zone: zone,
            now: Instant(secondsSince1970: 1_764_576_000))
    }

    @Test(arguments: [
        ("a\tb", "a\\tb"),
        ("paid \u{202E}gnp.exe", "paid \\u{202E}gnp.exe"),
        ("\u{2066}isolated\u{2069}", "\\u{2066}isolated\\u{2069}"),
        ("left\u{200F}mark", "left\\u{200F}mark"),
        ("plain", "plain"),
    ])
    func aTitleIsOneFieldOfOneDirection(_ title: String, _ shown: String) {
        #expect(TerminalText.inline(title) == shown)
    }

    /// The grid, the agenda and the legend stay inside the width, with a
    /// tab and an override in a title and a long holiday name.
    @Test(arguments: [40, 80, 120])
    func nothingRunsPastTheWidth(_ width: Int) {
        let yaml = """
            timezone: UTC
            holidays:
              dates: [{2026-12-01: "The very long name of a holiday that a government gave a day off for, and then some more"}]
            reminders:
              - {id: tab, title: "Pay\\tthe rent", at: 2026-12-01 09:00}
              - {id: bidi, title: "Invoice \\u202Efdp.exe", at: 2026-12-01 10:00}
            """
        let plan = Self.plan(yaml)
        let month = CalendarWriter(width: width).write(plan, zoneName: "UTC")
        let agenda = AgendaWriter(width: width).write(plan)
        for line in (month + agenda).split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= max(width, 78), "\(width): \(line)")
            #expect(!line.contains("\t") && !line.unicodeScalars.contains { TerminalText.isBidiControl($0) }, "\(line)")
        }
        #expect(agenda.contains("Pay\\tthe rent"), "\(agenda)")
    }

    /// A repeat every second: a dozen a day are listed, the last marked,
    /// the rest of the day passed over; the grid says `×12+`.
    @Test func aRepeatEverySecondIsADozenADay() {
        let yaml = "timezone: UTC\nreminders:\n  - {id: tick, title: Tick, at: 2026-11-01 00:00, repeat: every 1 second}\n"
        let plan = Self.plan(yaml, days: 31)
        #expect(plan.days.count == 31)
        for day in plan.days {
            #expect(day.entries.count == DayPlan.listedPerDay, "\(day.date)")
            #expect(day.entries.last?.more == true && day.entries.dropLast().allSatisfy { !$0.more })
            #expect(day.entries.first?.shown.time == CivilTime(hour: 0, minute: 0), "\(day.date)")
        }
        let month = CalendarWriter(width: 120).write(plan, zoneName: "UTC")
        #expect(month.contains("00:00 ×12+ Tick"), "\(month)")
        #expect(AgendaWriter(width: 120).write(plan).contains("[and more this day]"))
    }

    /// The page lists 24 lines a day and counts the rest.
    @Test func thePageListsWhatACellShows() {
        let yaml =
            "timezone: UTC\nreminders:\n"
            + (0..<100).map { "  - {id: r\($0), title: R\($0), at: 2026-12-01 1\($0 / 60):\($0 % 60 < 10 ? "0" : "")\($0 % 60)}\n" }
            .joined()
        let page = CalendarPage().write(Self.plan(yaml), zoneName: "UTC")
        #expect(page.components(separatedBy: "<li class=\"entry").count - 1 == CalendarPage.runsPerDay)
        #expect(page.contains("<li class=\"more\">+76 more (remindc agenda lists them)</li>"))
    }

    /// A thousand reminders at one minute: as `check` says, each after the
    /// first fires at the same time as the first, a line each.
    @Test func aThousandAtOneMinuteAreALineEach() {
        let yaml = "timezone: UTC\nreminders:\n" + (0..<1_000).map { "  - {id: r\($0), title: R\($0), at: 2026-12-01 09:00}\n" }.joined()
        let plan = Self.plan(yaml)
        let entries = plan.days[0].entries
        #expect(entries.count == 1_000)
        let messages = entries.flatMap { $0.findings.filter { $0.rule == "same-time" }.map(\.message) }
        #expect(messages.count == 999)
        #expect(messages[0] == "'r1' fires at the same time as 'r0', first at 2026-12-01 09:00")
        #expect(messages[998] == "'r999' fires at the same time as 'r0', first at 2026-12-01 09:00")
        // The page lists 200 of them and counts the rest.
        let page = CalendarPage().write(plan, zoneName: "UTC")
        #expect(page.components(separatedBy: "data-rule=\"same-time\"").count - 1 == CalendarPage.findingsListed)
        #expect(page.contains("<li class=\"more\">and 799 more (remindc check lists them all)</li>"))
    }
}
