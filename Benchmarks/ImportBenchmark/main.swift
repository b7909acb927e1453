// Measures `remindc import`'s reading of iCalendar exports.
//
//   swift build -c release --product ImportBenchmark && .build/release/ImportBenchmark [--write FOLDER]
//
// Generates calendars of 5,000, 40,000 and 4,778 events in the shapes a
// Google export has (zoned weekly series with alarms and changed
// occurrences, all-day yearly events, UTC one-offs with a length and a
// place), 20,000 events whose UIDs all clean to one id, and remindc's own
// .ics of 5,000 reminders (every one carried whole, and checked by writing
// it again); prints the best of three imports of each, events per second,
// and the process's peak memory. With --write, the generated calendars are also written to FOLDER
// (for timing other readers of the same file: python icalendar's
// Calendar.from_ical, calcurse -i).
import CalendarImport
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// A calendar of `count` events: a quarter weekly series in Europe/Berlin
/// with a changed occurrence each, a quarter yearly all-day events, the
/// rest one-offs in UTC.
func calendar(events count: Int, sameID: Bool = false) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\nX-WR-TIMEZONE:Europe/Berlin\r\n"
    text += """
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        TZNAME:CEST\r
        DTSTART:19700329T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        TZNAME:CET\r
        DTSTART:19701025T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    for index in 0..<count {
        let uid = sameID ? "\(index)-\(index)@example.com" : "ev\(index)x\(index * 7919 % 100_003)q@google.com"
        let day = 1 + index % 28, month = 1 + index / 28 % 12, hour = 6 + index % 14
        text += "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261201T100000Z\r\n"
        switch index % 4 {
        case 0:
            text += "DTSTART;TZID=Europe/Berlin:2027\(two(month))\(two(day))T\(two(hour))0000\r\n"
            text += "DTEND;TZID=Europe/Berlin:2027\(two(month))\(two(day))T\(two(hour))3000\r\n"
            text +=
                "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20281231T230000Z\r\nEXDATE;TZID=Europe/Berlin:2028\(two(month))\(two(day))T\(two(hour))0000\r\n"
            text += "SUMMARY:Meeting \(index)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\n"
        case 1:
            text += "DTSTART;VALUE=DATE:2027\(two(month))\(two(day))\r\nDTEND;VALUE=DATE:2027\(two(month))\(two(day + 1))\r\n"
            text += "RRULE:FREQ=YEARLY\r\nSUMMARY:Birthday \(index)\r\n"
            text += "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT15H\r\nEND:VALARM\r\n"
        default:
            text += "DTSTART:2027\(two(month))\(two(day))T\(two(hour))1500Z\r\nDTEND:2027\(two(month))\(two(day))T\(two(hour + 1))0000Z\r\n"
            text += "SUMMARY:Appointment \(index)\r\nLOCATION:Room \(index % 40)\\, second floor\r\n"
            text += "DESCRIPTION:Bring the papers.\\nAsk about the next date.\r\n"
        }
        text += "END:VEVENT\r\n"
        if index % 4 == 0 {
            // A changed occurrence of the series.
            text += "BEGIN:VEVENT\r\nUID:\(uid)\r\nRECURRENCE-ID;TZID=Europe/Berlin:2027\(two(month))\(two(day))T\(two(hour))0000\r\n"
            text += "DTSTAMP:20261201T100000Z\r\nDTSTART;TZID=Europe/Berlin:2027\(two(month))\(two(day))T\(two(hour + 1))0000\r\n"
            text += "SUMMARY:Meeting \(index) (moved)\r\nEND:VEVENT\r\n"
        }
    }
    return text + "END:VCALENDAR\r\n"
}

/// remindc's .ics of `count` reminders in the shapes its files have:
/// words, weekdays, times of day, the last working day, moves off holidays.
func remindcCalendar(reminders count: Int) -> String {
    let repeats = [
        "weekly", "{every: day, times: ['08:00', '20:30'], count: 30}", "daily", "{every: month, working-day: -1}",
        "{every: week, on: [mon, wed]}",
    ]
    var yaml = "uid-domain: bench.example\ntimezone: Europe/Berlin\nholidays: {region: DE-BY}\nreminders:\n"
    for index in 0..<count {
        let minute = index % 60 < 10 ? "0\(index % 60)" : "\(index % 60)"
        let day = 1 + index % 28 < 10 ? "0\(1 + index % 28)" : "\(1 + index % 28)"
        yaml +=
            "  - {id: r\(index), title: Reminder \(index), at: 2026-12-\(day) \(10 + index % 10):\(minute), "
            + "repeat: \(repeats[index % repeats.count])\(index % 3 == 0 ? ", if-holiday: after" : "")}\n"
    }
    let file = ReminderFile.load(Array(yaml.utf8), path: "bench.yaml").file!
    let utc = TimeZone(identifier: "UTC")!
    let writer = ICalendarWriter(options: .init(now: Instant(secondsSince1970: 1_796_040_000), workingFolder: "/"))
    return String(decoding: writer.write([ScheduledFile(file, floatingZone: utc)]), as: UTF8.self)
}

func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
}

var writeFolder: String?
if let index = CommandLine.arguments.firstIndex(of: "--write"), index + 1 < CommandLine.arguments.count {
    writeFolder = CommandLine.arguments[index + 1]
}

print("import of generated exports, release build, best of 3")
print("events   reminders   seconds   events/s   peak MB")
for (name, count, sameID) in [
    ("5k", 5_000, false), ("gmail-4778", 4_778, false), ("40k", 40_000, false), ("same-id-20k", 20_000, true),
    ("remindc-5k", 5_000, false),
] {
    let text = name.hasPrefix("remindc") ? remindcCalendar(reminders: count) : calendar(events: count, sameID: sameID)
    if let writeFolder {
        try? text.write(toFile: "\(writeFolder)/import-\(name).ics", atomically: true, encoding: .utf8)
    }
    let input = CalendarImporter.Input(path: "\(name).ics", text: text)
    var best = Double.infinity
    var reminders = 0
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let started = clock.now
        let outcome = CalendarImporter.run([input], options: .init(localZone: "Europe/Berlin", trust: true))
        let elapsed = clock.now - started
        reminders = outcome.reminders
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    let line = [
        String(count).padding(toLength: 9, withPad: " ", startingAt: 0),
        String(reminders).padding(toLength: 12, withPad: " ", startingAt: 0),
        String(format: "%.3f", best).padding(toLength: 10, withPad: " ", startingAt: 0),
        String(format: "%.0f", Double(count) / best).padding(toLength: 11, withPad: " ", startingAt: 0),
        String(format: "%.0f", peakMemoryMB()),
    ]
    print(line.joined() + "   (\(name))")
}
