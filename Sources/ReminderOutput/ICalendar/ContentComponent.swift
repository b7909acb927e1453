/// A component as content lines (RFC 5545 §3.1), unfolded and escaped:
/// what the .ics writer hands `publish`, which marks it and sends it as it
/// is. `text` folds it the one way remindc folds.
package struct ContentComponent: Sendable, Equatable {
    /// `VCALENDAR`, `VEVENT`, `VALARM`...
    package var name: String
    /// Its properties' lines, without line ends:
    /// `DTSTART;TZID=Europe/Berlin:20261201T190000`.
    package var properties: [String]
    package var components: [ContentComponent]

    package init(name: String, properties: [String] = [], components: [ContentComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// The component as iCalendar text: each line folded at 75 octets and
    /// ended by CRLF.
    package var text: String {
        var lines = ContentLines()
        lines.add(self)
        return String(decoding: lines.bytes, as: UTF8.self)
    }
}

/// One calendar object resource (RFC 4791 §4.1), as `publish` sends it:
/// a VCALENDAR of the components with one UID and the VTIMEZONEs they use.
package struct CalendarObject: Sendable, Equatable {
    package var uid: String
    /// The id of the reminder it was written for.
    package var reminderID: String
    package var calendar: ContentComponent

    package init(uid: String, reminderID: String, calendar: ContentComponent) {
        self.uid = uid
        self.reminderID = reminderID
        self.calendar = calendar
    }
}
