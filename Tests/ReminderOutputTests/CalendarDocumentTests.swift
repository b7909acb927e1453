@testable import ReminderOutput
import Testing

/// The iCalendar reader, line by line, with each line's place.
@Suite struct CalendarDocumentTests {
    /// The reader: folded lines, CRLF or LF, a byte-order mark, several
    /// calendars, quoted parameters with commas; and where it stops.
    @Test func theReaderKeepsPlaces() throws {
        let text =
            "\u{FEFF}BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY;X-A=\"a,b;c\",d:Long\r\n  title\r\nEND:VEVENT\r\nEND:VCALENDAR\n"
            + "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:Two\nEND:VTODO\nEND:VCALENDAR\n"
        let document = try CalendarDocument.read(text).get()
        #expect(document.calendars.count == 2)
        let summary = try #require(document.calendars[0].components.first?.property("SUMMARY"))
        #expect(summary.text == "Long title")
        #expect(summary.parameters.first?.values == ["a,b;c", "d"])
        #expect(summary.span.start.line == 3)
        #expect(document.calendars[1].components.first?.span.start.line == 8)
        // What cannot be read on: an END that closes another component,
        // nothing iCalendar at all.
        for (broken, line) in [("BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n", 3), ("SUMMARY:x\n", 1), ("title: x\nat: 09:00\n", 1)] {
            guard case .failure(let problem) = CalendarDocument.read(broken) else {
                Issue.record("\(broken) was read")
                continue
            }
            #expect(Int(problem.span.start.line) == line, "\(broken): \(problem.text)")
        }
        // What is read on, said: a line that is not a content line (left
        // out), a file cut off inside a component (closed there), a bare
        // VEVENT (a calendar's).
        for (text, kind, line, events) in [
            (
                "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:a\nnot a line\nEND:VEVENT\nEND:VCALENDAR\n",
                CalendarDocument.Repair.Kind.notContentLine, 4, 1
            ),
            ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:a\n", .unclosed, 1, 1),
            ("BEGIN:VEVENT\nSUMMARY:a\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:b\nEND:VEVENT\n", .outsideCalendar, 1, 2),
        ] {
            let (document, repairs) = try CalendarDocument.read(Array(text.utf8)).get()
            #expect(repairs.map(\.kind) == [kind], "\(text)")
            #expect(repairs.first.map { Int($0.span.start.line) } == line, "\(text)")
            #expect(document.calendars.flatMap(\.components).filter { $0.name == "VEVENT" }.count == events, "\(text)")
        }
    }
}
