import CalDAV
import Foundation
import Testing

/// `CalendarDiscovery` against servers laid out as Baïkal (SabreDAV behind
/// `/dav.php/`), Radicale and hostile ones: the home from a server's root
/// (through `/.well-known/caldav`) or a principal, the calendar by display
/// name or path, where one would be made, and every way the search ends
/// without sending anything off the address's origin.
@Suite struct CalendarDiscoveryTests {
    /// A server of fixed answers by method and path; what was asked, in order.
    final class Server: HTTPTransport, @unchecked Sendable {
        let answers: [String: (Int, [String: String], String)]
        private let lock = NSLock()
        private var asked: [String] = []

        init(_ answers: [String: (Int, [String: String], String)]) {
            self.answers = answers
        }

        var requests: [String] { lock.withLock { asked } }

        func send(_ request: HTTPClient.Request) -> (result: Result<HTTPClient.Response, HTTPClient.TransportError>, attempts: Int) {
            let key = "\(request.method) \(request.url.absoluteString)"
            lock.withLock { asked.append(key) }
            let (status, headers, body) = answers[key] ?? (404, [:], "")
            return (.success(HTTPClient.Response(status: status, headers: headers, body: Data(body.utf8))), 1)
        }
    }

    static func multistatus(_ responses: String) -> (Int, [String: String], String) {
        (
            207, ["Content-Type": "application/xml"],
            #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"# + responses + "</d:multistatus>"
        )
    }

    static func response(_ href: String, _ props: String) -> String {
        "<d:response><d:href>\(href)</d:href><d:propstat><d:prop>\(props)</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
    }

    static let origin = "https://cloud.example.com"

    /// Baïkal's layout: the root 404s, /.well-known/caldav redirects to
    /// /dav.php/, whose principal's home holds two calendars.
    static func baikal(extra: [String: (Int, [String: String], String)] = [:]) -> Server {
        var answers: [String: (Int, [String: String], String)] = [
            "PROPFIND \(origin)/.well-known/caldav": (301, ["Location": "/dav.php/"], ""),
            "PROPFIND \(origin)/dav.php/": multistatus(
                response("/dav.php/", "<d:current-user-principal><d:href>/dav.php/principals/alice/</d:href></d:current-user-principal>")),
            "PROPFIND \(origin)/dav.php/principals/alice/": multistatus(
                response(
                    "/dav.php/principals/alice/",
                    "<c:calendar-home-set><d:href>/dav.php/calendars/alice/</d:href></c:calendar-home-set>")),
            "PROPFIND \(origin)/dav.php/calendars/alice/": multistatus(
                response("/dav.php/calendars/alice/", "<d:resourcetype><d:collection/></d:resourcetype>")
                    + response(
                        "/dav.php/calendars/alice/default/",
                        "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Personal</d:displayname>")
                    + response(
                        "/dav.php/calendars/alice/team/",
                        "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Team reminders</d:displayname>")
                    + response("/dav.php/calendars/alice/inbox/", "<d:resourcetype><d:collection/></d:resourcetype>")),
        ]
        answers.merge(extra) { $1 }
        return Server(answers)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var address: String
        var name: String
        var url: String
        var exists: Bool
        var testDescription: String { "\(name) from \(address)" }
    }

    @Test(arguments: [
        // By display name, from the server's root or the principal.
        Case(address: "\(origin)/", name: "Team reminders", url: "\(origin)/dav.php/calendars/alice/team/", exists: true),
        Case(
            address: "\(origin)/dav.php/principals/alice/", name: "Team reminders", url: "\(origin)/dav.php/calendars/alice/team/",
            exists: true),
        // By path segment.
        Case(address: "\(origin)/", name: "default", url: "\(origin)/dav.php/calendars/alice/default/", exists: true),
        // Missing: made in the home, its name as the segment.
        Case(address: "\(origin)/", name: "Bins & Recycling", url: "\(origin)/dav.php/calendars/alice/bins-recycling/", exists: false),
        Case(address: "\(origin)/", name: "Ärzte", url: "\(origin)/dav.php/calendars/alice/arzte/", exists: false),
        Case(address: "\(origin)/", name: "???", url: "\(origin)/dav.php/calendars/alice/reminders/", exists: false),
    ])
    func aCalendarIsFoundOrPlaced(_ test: Case) throws {
        let server = Self.baikal()
        let found = try CalendarDiscovery(http: server).calendar(named: test.name, from: URL(string: test.address)!).get()
        #expect(found.url.absoluteString == test.url)
        #expect(found.exists == test.exists)
        #expect(found.home.absoluteString == "\(Self.origin)/dav.php/calendars/alice/")
        #expect(server.requests.allSatisfy { $0.hasPrefix("PROPFIND \(Self.origin)/") }, "only PROPFIND, only to the origin")
    }

    /// A redirect or an href to another host ends the search, named; the
    /// other host is never asked.
    @Test(
        arguments: [
            ["PROPFIND \(origin)/.well-known/caldav": (301, ["Location": "https://evil.example/dav/"], "")],
            [
                "PROPFIND \(origin)/dav.php/": multistatus(
                    response(
                        "/dav.php/",
                        "<d:current-user-principal><d:href>https://evil.example/principals/alice/</d:href></d:current-user-principal>"))
            ],
            [
                "PROPFIND \(origin)/dav.php/principals/alice/": multistatus(
                    response(
                        "/dav.php/principals/alice/",
                        "<c:calendar-home-set><d:href>http://cloud.example.com/dav.php/calendars/alice/</d:href></c:calendar-home-set>"))
            ],
        ] as [[String: (Int, [String: String], String)]])
    func nothingIsSentOffTheOrigin(_ hostile: [String: (Int, [String: String], String)]) {
        let server = Self.baikal(extra: hostile)
        let result = CalendarDiscovery(http: server).calendar(named: "Team reminders", from: URL(string: "\(Self.origin)/")!)
        guard case .failure(.elsewhere(let url)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(!url.absoluteString.hasPrefix(Self.origin + "/"))
        #expect(server.requests.allSatisfy { $0.hasPrefix("PROPFIND \(Self.origin)/") }, "\(server.requests)")
    }

    @Test func twoCalendarsOfTheNameAreAmbiguous() {
        let server = Self.baikal(extra: [
            "PROPFIND \(Self.origin)/dav.php/calendars/alice/": Self.multistatus(
                Self.response(
                    "/dav.php/calendars/alice/a/", "<d:resourcetype><c:calendar/></d:resourcetype><d:displayname>Team</d:displayname>")
                    + Self.response(
                        "/dav.php/calendars/alice/b/", "<d:resourcetype><c:calendar/></d:resourcetype><d:displayname>Team</d:displayname>"))
        ])
        let result = CalendarDiscovery(http: server).calendar(named: "Team", from: URL(string: "\(Self.origin)/")!)
        guard case .failure(let failure) = result, case .ambiguous(_, let urls) = failure else {
            Issue.record("\(result)")
            return
        }
        #expect(urls.count == 2)
        #expect(failure.description.hasPrefix("2 calendars are named 'Team': "))
    }

    /// A collection that is not a calendar holds the name's path: named.
    @Test func aPathTakenByAnotherCollectionIsNamed() {
        let result = CalendarDiscovery(http: Self.baikal()).calendar(named: "inbox", from: URL(string: "\(Self.origin)/")!)
        guard case .failure(.taken(let url)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(url.absoluteString == "\(Self.origin)/dav.php/calendars/alice/inbox/")
    }

    /// A refused login says so; an address that leads to no principal too.
    @Test func aRefusedLoginAndNoPrincipalAreNamed() {
        let refusing = Server(["PROPFIND \(Self.origin)/.well-known/caldav": (401, ["WWW-Authenticate": "Basic realm=\"x\""], "")])
        let refused = CalendarDiscovery(http: refusing).calendar(named: "x", from: URL(string: "\(Self.origin)/")!)
        guard case .failure(let failure) = refused else {
            Issue.record("\(refused)")
            return
        }
        #expect(failure.refusedLogin == 401)
        let empty = CalendarDiscovery(
            http: Server(["PROPFIND \(Self.origin)/somewhere/": Self.multistatus(Self.response("/somewhere/", ""))])
        )
        .calendar(named: "x", from: URL(string: "\(Self.origin)/somewhere/")!)
        guard case .failure(.noPrincipal) = empty else {
            Issue.record("\(empty)")
            return
        }
    }

    /// Redirects on the origin are followed, five at most.
    @Test func aRedirectLoopEnds() {
        let server = Server(["PROPFIND \(Self.origin)/.well-known/caldav": (301, ["Location": "/.well-known/caldav"], "")])
        let result = CalendarDiscovery(http: server).calendar(named: "x", from: URL(string: "\(Self.origin)/")!)
        guard case .failure = result else {
            Issue.record("\(result)")
            return
        }
        #expect(server.requests.filter { $0.hasSuffix("/.well-known/caldav") }.count <= 7)
    }
}
