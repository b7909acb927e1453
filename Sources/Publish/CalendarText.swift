import Foundation
import ReminderModel
import ReminderOutput
import Support

/// What a calendar object on a server holds, read by remindc's one
/// iCalendar reader (`CalendarDocument`), as far as publishing needs: to
/// tell whether it still holds what was published. It only reads; what
/// remindc sends is the writer's (`ContentComponent`).
enum CalendarText {
    /// The components of `text` (usually one VCALENDAR); nil when it is not
    /// iCalendar remindc reads.
    static func components(_ text: String) -> [CalendarDocument.Component]? {
        guard case .success(let (document, _)) = CalendarDocument.read(Array(text.utf8)) else { return nil }
        return document.calendars
    }

    /// What a digest leaves out: the time the object was written, and the
    /// digest itself.
    static let undigested: Set<String> = ["DTSTAMP", CalendarResource.digestProperty]

    /// The SHA-256 of the order-free form (`canonical(leavingOut:)`) of a
    /// calendar's components but its VTIMEZONEs, less `undigested`, after
    /// the number of the form (`1-…`): a digest of another form is not
    /// compared, only replaced. The calendar's own properties and its
    /// VTIMEZONEs are left out, since servers replace them with their own
    /// (Xandikos writes its zones' rules; clients read a TZID by their own
    /// zone database).
    static func digest(_ calendar: CalendarDocument.Component) -> String {
        let forms = calendar.components.filter { $0.name != "VTIMEZONE" }.map { $0.canonical(leavingOut: undigested) }.sorted()
        return digestForm + SHA256.hex(Array(forms.joined().utf8))
    }

    static let digestForm = "1-"
}
