import Foundation
import Support

/// One calendar object resource to publish (RFC 4791 §4.1): a VCALENDAR
/// holding the components of one UID and the VTIMEZONEs they use, with no
/// METHOD, marked as remindc's by `X-REMINDC-PUBLISHER` and carrying
/// `X-REMINDC-DIGEST`, the SHA-256 of its order-free form less DTSTAMP,
/// by which a later publish knows it unchanged, and an edit on the server
/// shows.
public struct CalendarResource: Sendable, Equatable {
    public var uid: String
    /// The reminder's id (`X-REMINDC-ID`).
    public var reminderID: String
    /// The member name it gets when created: the UID, made safe for a path.
    public var name: String
    public var text: String
    public var digest: String

    static let publisherProperty = "X-REMINDC-PUBLISHER"
    static let digestProperty = "X-REMINDC-DIGEST"

    /// The resources of a calendar the .ics writer wrote, one per UID in
    /// the order the UIDs first appear, each marked as `publisher`'s.
    public static func split(_ calendar: String, publisher: String) -> [CalendarResource] {
        guard let root = CalendarText.components(calendar)?.first(where: { $0.name == "VCALENDAR" }) else { return [] }
        let header = root.properties.filter { ["VERSION", "PRODID", "CALSCALE"].contains($0.name) }
        var zones: [String: CalendarText.Component] = [:]
        for zone in root.components where zone.name == "VTIMEZONE" {
            if let id = zone.property("TZID")?.value { zones[id] = zone }
        }
        var order: [String] = []
        var byUID: [String: [CalendarText.Component]] = [:]
        for component in root.components where component.name != "VTIMEZONE" {
            guard let uid = component.property("UID")?.value else { continue }
            if byUID[uid] == nil { order.append(uid) }
            byUID[uid, default: []].append(marked(component, publisher: publisher))
        }
        return order.map { uid in
            let components = byUID[uid]!
            let used = Set(components.flatMap(zoneIDs))
            var object = CalendarText.Component(name: "VCALENDAR", properties: header)
            object.components = used.sorted().compactMap { zones[$0] } + components
            let digest = CalendarText.digest(object)
            // The digest goes beside the publisher's mark.
            for index in object.components.indices where object.components[index].name != "VTIMEZONE" {
                let at = object.components[index].properties.firstIndex { $0.name == publisherProperty }! + 1
                object.components[index].properties.insert(CalendarText.Line("\(digestProperty):\(digest)"), at: at)
            }
            let id = components[0].property("X-REMINDC-ID")?.value ?? uid
            return CalendarResource(uid: uid, reminderID: id, name: memberName(uid), text: object.text, digest: digest)
        }
    }

    /// The component with the publisher's mark after its X-REMINDC-ID (or
    /// at the end of its properties).
    private static func marked(_ component: CalendarText.Component, publisher: String) -> CalendarText.Component {
        var marked = component
        let at = marked.properties.firstIndex { $0.name == "X-REMINDC-ID" }.map { $0 + 1 } ?? marked.properties.count
        marked.properties.insert(CalendarText.Line("\(publisherProperty):\(publisher)"), at: at)
        return marked
    }

    /// The TZIDs a component and its alarms refer to.
    private static func zoneIDs(_ component: CalendarText.Component) -> [String] {
        component.properties.compactMap { $0.parameter("TZID") } + component.components.flatMap(zoneIDs)
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
public struct RemoteResource: Sendable, Equatable, Codable {
    public var href: String
    public var etag: String?
    public var uid: String?
    public var reminderID: String?
    /// Its `X-REMINDC-PUBLISHER`: whose it is; nil for anyone else's.
    public var publisher: String?
    /// The digest it was published with.
    public var publishedDigest: String?
    /// The digest of what it holds now.
    public var digest: String

    /// Reads a member's data; a member without data or readable components
    /// is someone else's, with no UID.
    public init(href: String, etag: String?, data: String?) {
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
    public var editedOnServer: Bool {
        guard let publishedDigest, publishedDigest.hasPrefix(CalendarText.digestForm) else { return false }
        return publishedDigest != digest
    }
}
