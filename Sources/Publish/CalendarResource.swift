import Foundation
import ReminderOutput
import Support

/// One calendar object resource to publish (RFC 4791 §4.1): a VCALENDAR
/// holding the components of one UID and the VTIMEZONEs they use, with no
/// METHOD, marked as remindc's by `X-REMINDC-PUBLISHER` and carrying
/// `X-REMINDC-DIGEST`, the SHA-256 of its order-free form less DTSTAMP,
/// by which a later publish knows it unchanged, and an edit on the server
/// shows.
package struct CalendarResource: Sendable, Equatable {
    package var uid: String
    /// The reminder's id (`X-REMINDC-ID`).
    package var reminderID: String
    /// The member name it gets when created: the UID, made safe for a path.
    package var name: String
    package var text: String
    package var digest: String

    static let publisherProperty = "X-REMINDC-PUBLISHER"
    static let digestProperty = "X-REMINDC-DIGEST"

    /// The writer's calendar objects (`ICalendarWriter.objects`), each
    /// marked as `publisher`'s: `X-REMINDC-PUBLISHER` after the component's
    /// `X-REMINDC-ID`, then the digest of the marked object.
    package static func resources(_ objects: [CalendarObject], publisher: String) -> [CalendarResource] {
        objects.map { object in
            var calendar = object.calendar
            let marked = calendar.components.indices.filter { calendar.components[$0].name != "VTIMEZONE" }
            for index in marked { mark(&calendar.components[index], after: "X-REMINDC-ID:", "\(publisherProperty):\(publisher)") }
            let digest = CalendarText.digest(CalendarDocument.Component(calendar))
            // The digest goes beside the publisher's mark.
            for index in marked { mark(&calendar.components[index], after: "\(publisherProperty):", "\(digestProperty):\(digest)") }
            return CalendarResource(
                uid: object.uid, reminderID: object.reminderID, name: memberName(object.uid), text: calendar.text,
                digest: digest)
        }
    }

    /// `line` after the component's first property that starts with
    /// `prefix` (or at the end of its properties).
    private static func mark(_ component: inout ContentComponent, after prefix: String, _ line: String) {
        let at = component.properties.firstIndex { $0.hasPrefix(prefix) }.map { $0 + 1 } ?? component.properties.count
        component.properties.insert(line, at: at)
    }

    /// A member name for a UID: its letters, digits, `-`, `_`, `.` and `@`
    /// kept, anything else as `%XX`, and `.ics` after. Servers keep members
    /// as files or in columns of 255 bytes, so a name past `longestMemberName`
    /// keeps its start (whole characters) and ends in 16 digits of the UID's
    /// SHA-256; members are found by UID, never by name.
    static func memberName(_ uid: String) -> String {
        // One part per character, so that a cut name is still UTF-8.
        let parts = uid.unicodeScalars.map { scalar in
            String(scalar).utf8.map { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"):
                    String(Character(Unicode.Scalar(byte)))
                default:
                    String(format: "%%%02X", byte)
                }
            }.joined()
        }
        return BoundedName.fit(parts, ending: ".ics", limit: longestMemberName, digits: 16, key: uid)
    }

    static let longestMemberName = 128
}

/// What a member of the collection holds, as far as publishing cares.
package struct RemoteResource: Sendable, Equatable, Codable {
    package var href: String
    package var etag: String?
    package var uid: String?
    package var reminderID: String?
    /// Its `X-REMINDC-PUBLISHER`: whose it is; nil for anyone else's.
    package var publisher: String?
    /// The digest it was published with.
    package var publishedDigest: String?
    /// The digest of what it holds now.
    package var digest: String

    /// Reads a member's data; a member without data or readable components
    /// is someone else's, with no UID.
    package init(href: String, etag: String?, data: String?) {
        self.href = href
        self.etag = etag
        let calendar = data.flatMap { CalendarText.components($0)?.first { $0.name == "VCALENDAR" } }
        digest = calendar.map(CalendarText.digest) ?? ""
        let main = calendar?.components.first { $0.name == "VEVENT" || $0.name == "VTODO" || $0.name == "VJOURNAL" }
        uid = main?.property("UID")?.value
        reminderID = main?.property("X-REMINDC-ID")?.value
        publisher = main?.property(CalendarResource.publisherProperty)?.value
        publishedDigest = main?.property(CalendarResource.digestProperty)?.value
    }

    /// Changed on the server since it was published: what it holds is not
    /// what its digest says (a digest of another form says nothing).
    package var editedOnServer: Bool {
        guard let publishedDigest, publishedDigest.hasPrefix(CalendarText.digestForm) else { return false }
        return publishedDigest != digest
    }
}
