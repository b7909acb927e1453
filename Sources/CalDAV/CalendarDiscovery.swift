import Foundation

/// From an address people know to a calendar collection: a server's
/// (`https://cloud.example.com`), a principal's or a calendar home's, and a
/// calendar's name.
///
/// The way is RFC 6764's and RFC 4791's: the context path (the address
/// itself, or `/.well-known/caldav` for a server's root), its
/// `current-user-principal` (RFC 5397), the principal's `calendar-home-set`,
/// then the calendar in the home whose display name, or else last path
/// segment, is the name. A name no calendar has is the URL to make it at:
/// the home, then the name as a path segment.
///
/// Only PROPFIND is sent, and only to the address's own scheme, host and
/// port: a redirect there is followed (a `/.well-known/caldav` always
/// redirects), at most five times; one elsewhere, or an href that points
/// elsewhere, ends the search and is named, so the login goes nowhere else.
package struct CalendarDiscovery: Sendable {
    let http: any HTTPTransport

    package init(http: any HTTPTransport) {
        self.http = http
    }

    /// The calendar found, or where it would be made.
    package struct Found: Sendable, Equatable {
        package var url: URL
        /// False: no calendar of the home has the name; `url` is where to
        /// make it (MKCALENDAR, with the name as its display name).
        package var exists: Bool
        package var home: URL
    }

    package enum Failure: Error, Sendable {
        /// A request failed: where, and why.
        case request(URL, CalendarCollection.Failure)
        /// An address that makes no request.
        case unusable(URL, String)
        /// An answer pointed to another scheme, host or port.
        case elsewhere(URL)
        /// The address and `/.well-known/caldav` name no principal.
        case noPrincipal(URL)
        /// The principal names no calendar home.
        case noHome(URL)
        /// Several calendars of the home have the name.
        case ambiguous(String, [URL])
        /// The name's path segment is taken by something that is not a
        /// calendar.
        case taken(URL)

        package var description: String {
            switch self {
            case .request(let url, let failure): "\(url.absoluteString): \(failure.description)"
            case .unusable(let url, let reason): "\(url.absoluteString): \(reason)"
            case .elsewhere(let url):
                "the server pointed to \(url.absoluteString), another scheme, host or port: not followed (the login goes only to the address given)"
            case .noPrincipal(let url):
                "\(url.absoluteString) names no current-user-principal, nor does its /.well-known/caldav: give the calendar's URL"
            case .noHome(let url): "the principal \(url.absoluteString) names no calendar-home-set: give the calendar's URL"
            case .ambiguous(let name, let urls):
                "\(urls.count) calendars are named '\(name)': \(urls.map(\.absoluteString).joined(separator: ", ")); give one's URL"
            case .taken(let url): "\(url.absoluteString) exists and is not a calendar: give the calendar's URL"
            }
        }

        /// The status of a refused login (401), if that is what it is.
        package var refusedLogin: Int? {
            if case .request(_, let failure) = self, failure.status == 401 { return 401 }
            return nil
        }
    }

    /// The calendar named `name` (its display name, or else its path
    /// segment) in the calendar home of the user `address` leads to.
    package func calendar(named name: String, from address: URL) -> Result<Found, Failure> {
        guard let origin = CalendarCollection.origin(URLComponents(url: address, resolvingAgainstBaseURL: false)) else {
            return .failure(.unusable(address, "not an http or https URL"))
        }
        let home: URL
        switch calendarHome(from: address, origin: origin) {
        case .failure(let failure): return .failure(failure)
        case .success(let found): home = found
        }
        let listing: [Entry]
        switch propfind(home, depth: 1, properties: "<d:resourcetype/><d:displayname/>", origin: origin) {
        case .failure(let failure): return .failure(failure)
        case .success(let read): listing = read.entries
        }
        let homeSegments = CalendarCollection.segments(home.path)
        let children = listing.filter { CalendarCollection.segments($0.url.path) != homeSegments }
        let calendars = children.filter(\.isCalendar)
        var matches = calendars.filter { $0.displayName == name }
        if matches.isEmpty { matches = calendars.filter { $0.url.lastPathComponent == name } }
        if matches.count > 1 { return .failure(.ambiguous(name, matches.map(\.url))) }
        if let match = matches.first { return .success(Found(url: Self.collectionURL(match.url), exists: true, home: home)) }
        let segment = Self.segment(for: name)
        guard
            let made = URL(string: segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "/", relativeTo: home)?
                .absoluteURL
        else {
            return .failure(.unusable(home, "no URL can be made for '\(name)'"))
        }
        if children.contains(where: { CalendarCollection.segments($0.url.path) == CalendarCollection.segments(made.path) }) {
            return .failure(.taken(made))
        }
        return .success(Found(url: made, exists: false, home: home))
    }

    /// The user's calendar home: the address's own `calendar-home-set`, or
    /// its principal's; for a server's root, or an address that names no
    /// principal, `/.well-known/caldav`'s.
    func calendarHome(from address: URL, origin: String) -> Result<URL, Failure> {
        let properties = "<d:current-user-principal/><c:calendar-home-set/>"
        var starts = [address]
        let wellKnown = URL(string: "/.well-known/caldav", relativeTo: address)!.absoluteURL
        if address.path.isEmpty || address.path == "/" { starts.insert(wellKnown, at: 0) } else { starts.append(wellKnown) }
        var firstFailure: Failure?
        var answered = false
        for start in starts {
            let read: Read
            switch propfind(start, depth: 0, properties: properties, origin: origin) {
            case .failure(let failure):
                if case .elsewhere = failure { return .failure(failure) }
                firstFailure = firstFailure ?? failure
                continue
            case .success(let answer): read = answer
            }
            answered = true
            if let home = read.entries.lazy.compactMap(\.home).first { return .success(home) }
            guard let principal = read.entries.lazy.compactMap(\.principal).first else { continue }
            switch propfind(principal, depth: 0, properties: "<c:calendar-home-set/>", origin: origin) {
            case .failure(let failure): return .failure(failure)
            case .success(let answer):
                guard let home = answer.entries.lazy.compactMap(\.home).first else { return .failure(.noHome(principal)) }
                return .success(home)
            }
        }
        // A server that never answered, or refused the login, says so,
        // rather than that nothing was found.
        if let firstFailure, !answered || firstFailure.refusedLogin != nil { return .failure(firstFailure) }
        return .failure(.noPrincipal(address))
    }

    /// One `response` of a PROPFIND: the resource and what it says.
    struct Entry {
        var url: URL
        var isCalendar: Bool
        var displayName: String?
        var principal: URL?
        var home: URL?
    }

    /// An answer, and the URL it came from after redirects.
    struct Read {
        var url: URL
        var entries: [Entry]
    }

    /// A PROPFIND of `properties` (in the DAV `d:` and CalDAV `c:`
    /// namespaces) on `url`, following redirects on `origin` only; every
    /// href resolved against the URL that answered, and refused off `origin`.
    func propfind(_ url: URL, depth: Int, properties: String, origin: String) -> Result<Read, Failure> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>\(properties)</d:prop></d:propfind>
            """
        var target = url
        for _ in 0...Self.redirects {
            let collection = CalendarCollection(url: target, http: http)
            switch collection.send("PROPFIND", target, headers: ["Depth": String(depth)], body: body, limit: HTTPClient.listingAnswer)
                .flatMap(collection.multistatus)
            {
            case .failure(.redirected(_, let location, _)):
                guard let next = URL(string: location)?.absoluteURL else {
                    return .failure(.unusable(target, "a redirect to '\(location)'"))
                }
                guard Self.origin(of: next) == origin else { return .failure(.elsewhere(next)) }
                target = next
            case .failure(let failure):
                return .failure(.request(target, failure))
            case .success(let tree):
                var entries: [Entry] = []
                for response in tree.children(DAVElement.dav, "response") {
                    guard let href = response.child(DAVElement.dav, "href")?.text,
                        let resource = URL(string: href, relativeTo: target)?.absoluteURL
                    else { continue }
                    guard Self.origin(of: resource) == origin else { return .failure(.elsewhere(resource)) }
                    let props = response.children(DAVElement.dav, "propstat")
                        .filter { $0.child(DAVElement.dav, "status")?.text.contains(" 200") ?? true }
                        .compactMap { $0.child(DAVElement.dav, "prop") }
                    func link(_ namespace: String, _ name: String) -> Result<URL?, Failure> {
                        guard let text = props.lazy.compactMap({ $0.child(namespace, name)?.child(DAVElement.dav, "href")?.text }).first,
                            let linked = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: target)?.absoluteURL
                        else { return .success(nil) }
                        return Self.origin(of: linked) == origin ? .success(linked) : .failure(.elsewhere(linked))
                    }
                    let principal: URL?, home: URL?
                    switch (link(DAVElement.dav, "current-user-principal"), link(DAVElement.caldav, "calendar-home-set")) {
                    case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
                    case (.success(let one), .success(let other)): (principal, home) = (one, other)
                    }
                    let isCalendar = props.contains {
                        $0.child(DAVElement.dav, "resourcetype")?.child(DAVElement.caldav, "calendar") != nil
                    }
                    let name = props.lazy.compactMap { $0.child(DAVElement.dav, "displayname")?.text }.first { !$0.isEmpty }
                    entries.append(Entry(url: resource, isCalendar: isCalendar, displayName: name, principal: principal, home: home))
                }
                return .success(Read(url: target, entries: entries))
            }
        }
        return .failure(.unusable(url, "more than \(Self.redirects) redirects"))
    }

    /// Redirects followed on the address's own origin.
    static let redirects = 5

    static func origin(of url: URL) -> String? {
        CalendarCollection.origin(URLComponents(url: url, resolvingAgainstBaseURL: false))
    }

    /// `url` ending in `/`, as a collection's.
    static func collectionURL(_ url: URL) -> URL {
        CalendarCollection.withTrailingSlash(url)
    }

    /// The path segment a calendar named `name` is made at: its letters
    /// (without their accents), digits, `.`, `_` and `-`, other runs as one
    /// `-`, lower case; at most 64 bytes; `reminders` when nothing is left.
    static func segment(for name: String) -> String {
        var segment = ""
        for scalar in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar) {
                segment.unicodeScalars.append(scalar)
            } else if !segment.hasSuffix("-") {
                segment += "-"
            }
        }
        segment = String(segment.trimmingCharacters(in: CharacterSet(charactersIn: "-.")).prefix(64))
        return segment.isEmpty ? "reminders" : segment
    }
}
