import Foundation

/// One CalDAV calendar collection (RFC 4791) and what a one-way publisher
/// does with it: learn whether it exists and what it offers, create it,
/// list its members with their data, follow its changes (RFC 6578), and
/// write and delete members under ETag conditions.
///
/// The server's answers never steer it elsewhere: no redirect is followed
/// (one is a refusal that says where it pointed), and a member the server
/// lists whose URL is not directly inside the collection (another scheme,
/// host or port, or a path outside it once dot segments and
/// percent-encoding are normalised) is set aside as `outside`, never read,
/// written, deleted or sent the login.
package struct CalendarCollection: Sendable {
    /// The collection's URL, ending in `/`.
    package let url: URL
    let http: any HTTPTransport

    /// The collection's scheme, host and port, and its path's normalised
    /// segments: what every href the server lists is judged against.
    let origin: String?
    let pathSegments: [String]?

    package init(url: URL, http: any HTTPTransport) {
        self.url = Self.withTrailingSlash(url)
        self.http = http
        let components = URLComponents(url: self.url, resolvingAgainstBaseURL: false)
        origin = Self.origin(components)
        pathSegments = Self.segments(components?.percentEncodedPath ?? "")
    }

    /// `url` with its path ending in `/`, as a collection's does (RFC 4918
    /// §5.2); a query and a fragment stay where they are
    /// (`/dav/?token=X`, never `?token=X/`).
    package static func withTrailingSlash(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        guard !components.percentEncodedPath.hasSuffix("/") else { return url }
        components.percentEncodedPath += "/"
        return components.url ?? url
    }

    /// Why an operation failed: no answer, or the server's refusal with its
    /// status, its WebDAV precondition (`no-uid-conflict`) and its message.
    package enum Failure: Error, Sendable {
        case transport(message: String, timedOut: Bool)
        case refused(status: Int, precondition: String?, message: String)
        /// A 3xx: not followed. `offOrigin` when it pointed to another
        /// scheme, host or port than the collection's.
        case redirected(status: Int, location: String, offOrigin: Bool)
        /// An answer that is not the WebDAV document asked for.
        case unreadable(status: Int, reason: String)
        /// Not sent, as it could not go as it must (an ETag with a line
        /// break, a member outside the collection).
        case notSent(String)

        package var status: Int? {
            if case .refused(let status, _, _) = self { return status }
            return nil
        }

        package var precondition: String? {
            if case .refused(_, let precondition, _) = self { return precondition }
            return nil
        }

        package var description: String {
            switch self {
            case .transport(let message, _): return message
            case .refused(let status, let precondition, let message):
                var text = HTTPStatus.line(status)
                if let precondition { text += " (\(precondition))" }
                if !message.isEmpty { text += ": \(message)" }
                return text
            case .redirected(let status, let location, let offOrigin):
                return "\(HTTPStatus.line(status)) to \(location): "
                    + (offOrigin
                        ? "another scheme, host or port, so not followed: the login and the reminders go only to the calendar's own"
                        : "not followed; give that URL if it is the calendar")
            case .unreadable(_, let reason): return reason
            case .notSent(let reason): return reason
            }
        }
    }

    /// A member: its href (a path, percent-encoded as the server sent it),
    /// ETag and, where asked for, its iCalendar text.
    package struct Member: Sendable, Equatable {
        package var href: String
        package var etag: String?
        package var data: String?
    }

    package struct Properties: Sendable {
        package var isCalendar: Bool
        package var name: String?
        package var syncToken: String?
        package var offersSync: Bool
    }

    // MARK: The collection

    /// What the collection is and offers; nil when it does not exist.
    package func properties() -> Result<Properties?, Failure> {
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
            let tree: DAVElement
            switch multistatus(response) {
            case .failure(let failure): return .failure(failure)
            case .success(let read): tree = read
            }
            // Some servers (Xandikos) say 207 with a 404 inside.
            let entries = tree.children(DAVElement.dav, "response")
            if !entries.isEmpty,
                entries.allSatisfy({
                    $0.child(DAVElement.dav, "propstat") == nil
                        && ($0.child(DAVElement.dav, "status")?.text.contains(" 404") ?? false)
                })
            {
                return .success(nil)
            }
            let props = tree.descendants(DAVElement.dav, "prop")
            let types = props.compactMap { $0.child(DAVElement.dav, "resourcetype") }
            let reports = props.flatMap { $0.descendants(DAVElement.dav, "sync-collection") }
            let token = props.compactMap { $0.child(DAVElement.dav, "sync-token")?.text }.first { !$0.isEmpty }
            let name = props.compactMap { $0.child(DAVElement.dav, "displayname")?.text }.first { !$0.isEmpty }
            return .success(
                Properties(
                    isCalendar: types.contains { $0.child(DAVElement.caldav, "calendar") != nil },
                    name: name, syncToken: token, offersSync: !reports.isEmpty))
        }
    }

    /// The collection this one would be made in; nil for the server's root.
    package var parent: CalendarCollection? {
        let path = url.path
        guard path != "/", !path.isEmpty, let above = URL(string: "..", relativeTo: url)?.absoluteURL, above.path != path else {
            return nil
        }
        return CalendarCollection(url: above, http: http)
    }

    /// Creates the collection as a calendar of events and to-dos named `name`.
    package func create(name: String?) -> Result<Void, Failure> {
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

    /// A listing: the members inside the collection, and the hrefs the
    /// server listed that are not (set aside, for the caller to report).
    package struct Listing: Sendable, Equatable {
        package var members: [Member]
        package var outside: [String]
    }

    /// Every member with its ETag and data (a calendar-query REPORT that
    /// matches every calendar object).
    package func members() -> Result<Listing, Failure> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>
            """
        return send("REPORT", url, headers: ["Depth": "1"], body: body, limit: HTTPClient.listingAnswer)
            .flatMap(multistatus).map(memberList)
    }

    /// The given members with their ETags and data (calendar-multiget).
    package func members(_ hrefs: [String]) -> Result<Listing, Failure> {
        guard !hrefs.isEmpty else { return .success(Listing(members: [], outside: [])) }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
            \(hrefs.map { "<d:href>\($0.xmlEscaped)</d:href>" }.joined())</c:calendar-multiget>
            """
        return send("REPORT", url, headers: ["Depth": "1"], body: body, limit: HTTPClient.listingAnswer)
            .flatMap(multistatus).map(memberList)
    }

    /// What changed since `token` (RFC 6578 sync-collection).
    package struct Changes: Sendable, Equatable {
        /// Members changed or added, with their ETags.
        package var changed: [Member]
        /// The hrefs of members removed.
        package var removed: [String]
        /// Hrefs listed that are not inside the collection, set aside.
        package var outside: [String]
        /// What to ask from next time.
        package var token: String
    }

    /// What changed since `token`. A token the server no longer accepts
    /// comes back as a refusal (403 or 412, `valid-sync-token`); an answer
    /// without a new token as `unreadable`.
    package func changes(since token: String) -> Result<Changes, Failure> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token.xmlEscaped)</d:sync-token><d:sync-level>1</d:sync-level>\
            <d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        return send("REPORT", url, body: body, limit: HTTPClient.listingAnswer).flatMap(multistatus).flatMap { tree in
            guard let next = tree.child(DAVElement.dav, "sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                !next.isEmpty
            else {
                return .failure(.unreadable(status: 207, reason: "the answer to the sync token holds no new sync-token"))
            }
            var changes = Changes(changed: [], removed: [], outside: [], token: next)
            for entry in tree.children(DAVElement.dav, "response") {
                guard let href = entry.child(DAVElement.dav, "href")?.text, !isCollection(href) else { continue }
                guard memberURL(href) != nil else {
                    changes.outside.append(href)
                    continue
                }
                if let status = entry.child(DAVElement.dav, "status")?.text, status.contains(" 404") {
                    changes.removed.append(href)
                } else {
                    let etag = entry.descendants(DAVElement.dav, "getetag").first?.text
                    changes.changed.append(Member(href: href, etag: etag, data: nil))
                }
            }
            return .success(changes)
        }
    }

    package enum Condition: Sendable {
        /// Only if no member has the href (`If-None-Match: *`).
        case absent
        /// Only if the member still has this ETag (`If-Match`).
        case unchanged(etag: String)
        /// Whatever is there (a server that gave no ETag).
        case any
    }

    /// Writes a member whole; its new ETag where the server says.
    package func put(_ href: String, _ text: String, _ condition: Condition) -> Result<String?, Failure> {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        switch condition {
        case .absent: headers["If-None-Match"] = "*"
        case .unchanged(let etag): headers["If-Match"] = etag
        case .any: break
        }
        return write("PUT", href, headers: headers, body: text).map { $0.header("ETag") }
    }

    package func delete(_ href: String, etag: String?) -> Result<Void, Failure> {
        write("DELETE", href, headers: etag.map { ["If-Match": $0] } ?? [:], body: nil).map { _ in () }
    }

    /// A write to a member, sent only to a URL inside the collection and
    /// only with its condition whole.
    private func write(_ method: String, _ href: String, headers: [String: String], body: String?) -> Result<HTTPClient.Response, Failure> {
        guard let target = memberURL(href) else {
            return .failure(.notSent("\(href) is not inside the calendar; not sent"))
        }
        if let etag = headers["If-Match"], !HTTPClient.isHeaderText(etag) {
            return .failure(.notSent("the server's ETag for it holds a line break or control character; not sent without its condition"))
        }
        return send(method, target, headers: headers, body: body)
    }

    // MARK: Reading answers

    private func memberList(_ tree: DAVElement) -> Listing {
        var listing = Listing(members: [], outside: [])
        for entry in tree.children(DAVElement.dav, "response") {
            guard let href = entry.child(DAVElement.dav, "href")?.text, !isCollection(href) else { continue }
            guard memberURL(href) != nil else {
                listing.outside.append(href)
                continue
            }
            let ok = entry.children(DAVElement.dav, "propstat").filter { $0.child(DAVElement.dav, "status")?.text.contains(" 200") ?? true }
            let props = ok.compactMap { $0.child(DAVElement.dav, "prop") }
            let etag = props.compactMap { $0.child(DAVElement.dav, "getetag")?.text }.first
            let data = props.compactMap { $0.child(DAVElement.caldav, "calendar-data")?.text }.first
            listing.members.append(Member(href: href, etag: etag, data: data))
        }
        return listing
    }

    /// A WebDAV answer read as a tree, bounded in depth and size.
    func multistatus(_ response: HTTPClient.Response) -> Result<DAVElement, Failure> {
        switch DAVElement.read(response.body) {
        case .success(let tree) where tree.namespace == DAVElement.dav && tree.name == "multistatus":
            return .success(tree)
        case .success:
            return .failure(.unreadable(status: response.status, reason: "the answer is not a WebDAV multistatus"))
        case .failure(let reason):
            return .failure(.unreadable(status: response.status, reason: reason.description))
        }
    }

    /// Sends a request to the collection or one of its members: never
    /// elsewhere, and no redirect followed.
    func send(
        _ method: String, _ target: URL, headers: [String: String] = [:], body: String?,
        limit: Int = HTTPClient.smallAnswer
    ) -> Result<HTTPClient.Response, Failure> {
        var all = headers
        if body != nil && all["Content-Type"] == nil { all["Content-Type"] = "application/xml; charset=utf-8" }
        let request = HTTPClient.Request(method: method, url: target, headers: all, body: body.map { Data($0.utf8) }, limit: limit)
        switch http.send(request).result {
        case .failure(let error):
            return .failure(.transport(message: error.message, timedOut: error.timedOut))
        case .success(let response):
            if [301, 302, 303, 307, 308].contains(response.status) {
                let location = response.header("Location") ?? ""
                let pointed = URL(string: location, relativeTo: target)?.absoluteURL
                let pointedOrigin = pointed.flatMap { Self.origin(URLComponents(url: $0, resolvingAgainstBaseURL: false)) }
                let offOrigin = pointedOrigin == nil || pointedOrigin != origin
                let shown = location.isEmpty ? "nowhere" : String((pointed?.absoluteString ?? location).prefix(300))
                return .failure(.redirected(status: response.status, location: shown, offOrigin: offOrigin))
            }
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
        if let tree = DAVElement.parse(response.body), tree.namespace == DAVElement.dav, tree.name == "error" {
            // The precondition is an element of DAV or CalDAV; SabreDAV
            // (Nextcloud, Baïkal) puts its version and exception first.
            precondition = tree.children.first { $0.namespace == DAVElement.dav || $0.namespace == DAVElement.caldav }?.name
            message = tree.descendants(DAVElement.sabre, "message").first?.text ?? ""
        } else if response.header("Content-Type")?.hasPrefix("text/") ?? false {
            message = response.text
        }
        message = message.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? ""
        return .refused(status: response.status, precondition: precondition, message: message.trimmingCharacters(in: .whitespaces))
    }
}
