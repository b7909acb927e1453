import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One CalDAV calendar collection (RFC 4791) and what a one-way publisher
/// does with it: learn whether it exists and what it offers, create it,
/// list its members with their data, follow its changes (RFC 6578), and
/// write and delete members under ETag conditions.
public struct CalendarCollection: Sendable {
    /// The collection's URL, ending in `/`.
    public let url: URL
    let http: HTTPClient

    public init(url: URL, http: HTTPClient) {
        var text = url.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        self.url = URL(string: text) ?? url
        self.http = http
    }

    /// Why an operation failed: no answer, or the server's refusal with its
    /// status, its WebDAV precondition (`no-uid-conflict`) and its message.
    public enum Failure: Error, Sendable {
        case transport(message: String, timedOut: Bool)
        case refused(status: Int, precondition: String?, message: String)

        public var status: Int? {
            if case .refused(let status, _, _) = self { return status }
            return nil
        }

        public var precondition: String? {
            if case .refused(_, let precondition, _) = self { return precondition }
            return nil
        }

        public var description: String {
            switch self {
            case .transport(let message, _): return message
            case .refused(let status, let precondition, let message):
                let reason = HTTPURLResponse.localizedString(forStatusCode: status)
                var text = "\(status) \(reason)"
                if let precondition { text += " (\(precondition))" }
                if !message.isEmpty { text += ": \(message)" }
                return text
            }
        }
    }

    /// A member: its href (a path, percent-encoded as the server sent it),
    /// ETag and, where asked for, its iCalendar text.
    public struct Member: Sendable, Equatable {
        public var href: String
        public var etag: String?
        public var data: String?
    }

    public struct Properties: Sendable {
        public var isCalendar: Bool
        public var name: String?
        public var syncToken: String?
        public var offersSync: Bool
    }

    // MARK: The collection

    /// What the collection is and offers; nil when it does not exist.
    public func properties() -> Result<Properties?, Failure> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:displayname/><d:sync-token/><d:supported-report-set/></d:prop></d:propfind>
            """
        let answer = send("PROPFIND", url, headers: ["Depth": "0"], body: body)
        switch answer {
        case .failure(let failure):
            if failure.status == 404 { return .success(nil) }
            return .failure(failure)
        case .success(let response):
            guard let tree = DAVElement.parse(response.body) else { return .failure(unreadable(response)) }
            // Some servers (Xandikos) say 207 with a 404 inside.
            let entries = tree.children(DAVElement.dav, "response")
            if !entries.isEmpty, entries.allSatisfy({ $0.child(DAVElement.dav, "propstat") == nil
                    && ($0.child(DAVElement.dav, "status")?.text.contains(" 404") ?? false) }) {
                return .success(nil)
            }
            let props = tree.descendants(DAVElement.dav, "prop")
            let types = props.compactMap { $0.child(DAVElement.dav, "resourcetype") }
            let reports = props.flatMap { $0.descendants(DAVElement.dav, "sync-collection") }
            let token = props.compactMap { $0.child(DAVElement.dav, "sync-token")?.text }.first { !$0.isEmpty }
            let name = props.compactMap { $0.child(DAVElement.dav, "displayname")?.text }.first { !$0.isEmpty }
            return .success(Properties(isCalendar: types.contains { $0.child(DAVElement.caldav, "calendar") != nil },
                                       name: name, syncToken: token, offersSync: !reports.isEmpty))
        }
    }

    /// Creates the collection as a calendar of events and to-dos named `name`.
    public func create(name: String?) -> Result<Void, Failure> {
        let display = name.map { "<d:displayname>\($0.xmlEscaped)</d:displayname>" } ?? ""
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\(display)\
            <c:supported-calendar-component-set><c:comp name="VEVENT"/><c:comp name="VTODO"/></c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """
        return send("MKCALENDAR", url, body: body).map { _ in () }
    }

    // MARK: Members

    /// Every member with its ETag and data (a calendar-query REPORT that
    /// matches every calendar object).
    public func members() -> Result<[Member], Failure> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>
            """
        return send("REPORT", url, headers: ["Depth": "1"], body: body).flatMap { response in
            guard let tree = DAVElement.parse(response.body) else { return .failure(unreadable(response)) }
            return .success(memberList(tree))
        }
    }

    /// The given members with their ETags and data (calendar-multiget).
    public func members(_ hrefs: [String]) -> Result<[Member], Failure> {
        guard !hrefs.isEmpty else { return .success([]) }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
            \(hrefs.map { "<d:href>\($0.xmlEscaped)</d:href>" }.joined())</c:calendar-multiget>
            """
        return send("REPORT", url, headers: ["Depth": "1"], body: body).flatMap { response in
            guard let tree = DAVElement.parse(response.body) else { return .failure(unreadable(response)) }
            return .success(memberList(tree))
        }
    }

    /// What changed since `token` (RFC 6578 sync-collection): the members
    /// changed or added, with ETags, the hrefs removed, and the new token.
    /// A token the server no longer accepts comes back as a refusal (403 or
    /// 412, `valid-sync-token`).
    public func changes(since token: String) -> Result<(changed: [Member], removed: [String], token: String), Failure> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token.xmlEscaped)</d:sync-token><d:sync-level>1</d:sync-level>\
            <d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        return send("REPORT", url, body: body).flatMap { response in
            guard let tree = DAVElement.parse(response.body),
                  let next = tree.child(DAVElement.dav, "sync-token")?.text, !next.isEmpty else { return .failure(unreadable(response)) }
            var changed: [Member] = [], removed: [String] = []
            for entry in tree.children(DAVElement.dav, "response") {
                guard let href = entry.child(DAVElement.dav, "href")?.text, !isCollection(href) else { continue }
                if let status = entry.child(DAVElement.dav, "status")?.text, status.contains(" 404") {
                    removed.append(href)
                } else {
                    let etag = entry.descendants(DAVElement.dav, "getetag").first?.text
                    changed.append(Member(href: href, etag: etag, data: nil))
                }
            }
            return .success((changed, removed, next))
        }
    }

    public enum Condition: Sendable {
        /// Only if no member has the href (`If-None-Match: *`).
        case absent
        /// Only if the member still has this ETag (`If-Match`).
        case unchanged(etag: String)
        /// Whatever is there (a server that gave no ETag).
        case any
    }

    /// Writes a member whole; its new ETag where the server says.
    public func put(_ href: String, _ text: String, _ condition: Condition) -> Result<String?, Failure> {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        switch condition {
        case .absent: headers["If-None-Match"] = "*"
        case .unchanged(let etag): headers["If-Match"] = etag
        case .any: break
        }
        return send("PUT", resolve(href), headers: headers, body: text).map { $0.header("ETag") }
    }

    public func delete(_ href: String, etag: String?) -> Result<Void, Failure> {
        send("DELETE", resolve(href), headers: etag.map { ["If-Match": $0] } ?? [:], body: nil).map { _ in () }
    }

    /// The URL of an href the server gave or a member name.
    public func resolve(_ href: String) -> URL {
        URL(string: href, relativeTo: url)?.absoluteURL ?? url.appendingPathComponent(href)
    }

    // MARK: Reading answers

    private func memberList(_ tree: DAVElement) -> [Member] {
        tree.children(DAVElement.dav, "response").compactMap { entry in
            guard let href = entry.child(DAVElement.dav, "href")?.text, !isCollection(href) else { return nil }
            let ok = entry.children(DAVElement.dav, "propstat").filter { $0.child(DAVElement.dav, "status")?.text.contains(" 200") ?? true }
            let props = ok.compactMap { $0.child(DAVElement.dav, "prop") }
            let etag = props.compactMap { $0.child(DAVElement.dav, "getetag")?.text }.first
            let data = props.compactMap { $0.child(DAVElement.caldav, "calendar-data")?.text }.first
            return Member(href: href, etag: etag, data: data)
        }
    }

    /// Whether an href is the collection itself.
    private func isCollection(_ href: String) -> Bool {
        let path = resolve(href).path
        return path == url.path || path + "/" == url.path || path == url.path + "/"
    }

    private func unreadable(_ response: HTTPClient.Response) -> Failure {
        .refused(status: response.status, precondition: nil, message: "the answer is not a WebDAV multistatus")
    }

    private func send(_ method: String, _ target: URL, headers: [String: String] = [:], body: String?) -> Result<HTTPClient.Response, Failure> {
        var all = headers
        if body != nil && all["Content-Type"] == nil { all["Content-Type"] = "application/xml; charset=utf-8" }
        let request = HTTPClient.Request(method: method, url: target, headers: all, body: body.map { Data($0.utf8) })
        switch http.send(request).result {
        case .failure(let error):
            return .failure(.transport(message: error.message, timedOut: error.timedOut))
        case .success(let response):
            guard (200..<300).contains(response.status) else {
                return .failure(Self.refusal(response))
            }
            return .success(response)
        }
    }

    /// A refusal's status, its precondition element (RFC 4918 §16) and a
    /// short message from its body.
    static func refusal(_ response: HTTPClient.Response) -> Failure {
        var precondition: String?
        var message = ""
        if let tree = DAVElement.parse(response.body), tree.name == "error" {
            precondition = tree.children.first?.name
            message = tree.descendants("http://sabredav.org/ns", "message").first?.text ?? ""
        } else if response.header("Content-Type")?.hasPrefix("text/") ?? false {
            message = response.text
        }
        message = message.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? ""
        return .refused(status: response.status, precondition: precondition, message: message.trimmingCharacters(in: .whitespaces))
    }
}
