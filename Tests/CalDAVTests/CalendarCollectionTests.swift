import Foundation
import Testing
@testable import CalDAV

/// Which hrefs a server lists are members of the collection: only URLs
/// directly inside it, judged after dot segments and escapes are
/// normalised, ever get a request.
@Suite struct CalendarCollectionTests {
    static let collection = CalendarCollection(
        url: URL(string: "https://dav.example.com/dav/alice/cal/")!,
        http: HTTPClient(credentials: nil))

    struct Case: Sendable, CustomTestStringConvertible {
        var href: String
        var member: String?
        var testDescription: String { href }
    }

    @Test(arguments: [
        Case(href: "/dav/alice/cal/x.ics", member: "https://dav.example.com/dav/alice/cal/x.ics"),
        Case(href: "x.ics", member: "https://dav.example.com/dav/alice/cal/x.ics"),
        Case(href: "https://DAV.example.com:443/dav/alice/cal/x.ics", member: "https://DAV.example.com:443/dav/alice/cal/x.ics"),
        Case(href: "/dav/alice/cal/./x.ics", member: "https://dav.example.com/dav/alice/cal/x.ics"),
        Case(href: "/dav/alice/cal/sub/../x.ics", member: "https://dav.example.com/dav/alice/cal/x.ics"),
        Case(href: "/dav/%61lice/cal/x%2eics", member: "https://dav.example.com/dav/alice/cal/x.ics"),
        Case(href: "/dav/alice/cal/a%40b.ics", member: "https://dav.example.com/dav/alice/cal/a%40b.ics"),
        Case(href: "/dav/alice/cal/a b.ics", member: "https://dav.example.com/dav/alice/cal/a%20b.ics"),
        Case(href: "/dav/bob/cal/x.ics", member: nil),
        Case(href: "/dav/alice/cal/../../bob/cal/y.ics", member: nil),
        Case(href: "/dav/alice/cal/%2e%2e/%2E%2E/bob/cal/y.ics", member: nil),
        Case(href: "../z.ics", member: nil),
        Case(href: "/dav/alice/cal/sub/x.ics", member: nil),
        Case(href: "/dav/alice/cal/a%2Fb.ics", member: nil),
        Case(href: "/dav/alice/cal/a%5cb.ics", member: nil),
        Case(href: "/dav/alice/cal/", member: nil),
        Case(href: "/dav/alice/cal", member: nil),
        // RFC 3986 §5.2.4: ".." above the root is dropped.
        Case(href: "/../../dav/alice/cal/x.ics", member: "https://dav.example.com/dav/alice/cal/x.ics"),
        Case(href: "http://dav.example.com/dav/alice/cal/x.ics", member: nil),
        Case(href: "https://dav.example.com:8443/dav/alice/cal/x.ics", member: nil),
        Case(href: "https://evil.example/dav/alice/cal/x.ics", member: nil),
        Case(href: "//evil.example/dav/alice/cal/x.ics", member: nil),
        Case(href: "https://alice:pw@dav.example.com/dav/alice/cal/x.ics", member: nil),
        Case(href: "/dav/alice/cal/x.ics?delete=all", member: nil),
    ])
    func aMemberIsDirectlyInsideTheCollection(_ c: Case) {
        #expect(Self.collection.memberURL(c.href)?.absoluteString == c.member)
    }

    /// A collection's URL ends its path in `/`; a query stays a query.
    @Test(arguments: [
        ("https://dav.example.com/dav/cal", "https://dav.example.com/dav/cal/"),
        ("https://dav.example.com/dav/cal/", "https://dav.example.com/dav/cal/"),
        ("https://dav.example.com/dav/?token=X", "https://dav.example.com/dav/?token=X"),
        ("https://dav.example.com/dav?token=X", "https://dav.example.com/dav/?token=X"),
        ("https://dav.example.com", "https://dav.example.com/"),
    ])
    func aCollectionEndsItsPathInASlash(_ given: String, _ requested: String) {
        let collection = CalendarCollection(url: URL(string: given)!, http: HTTPClient(credentials: nil))
        #expect(collection.url.absoluteString == requested)
        #expect(CalendarDiscovery.collectionURL(URL(string: given)!).absoluteString == requested)
    }

    /// The origin that redirects are judged by: https to http is another.
    @Test func origins() {
        func origin(_ text: String) -> String? { CalendarCollection.origin(URLComponents(string: text)) }
        #expect(origin("https://dav.example.com/x") == origin("HTTPS://DAV.EXAMPLE.COM:443/y"))
        #expect(origin("http://dav.example.com/x") != origin("https://dav.example.com/x"))
        #expect(origin("http://dav.example.com/x") == "http://dav.example.com:80")
        #expect(origin("https://dav.example.com:8443/") != origin("https://dav.example.com/"))
        #expect(origin("/relative") == nil)
    }
}

/// WebDAV answers are read within bounds of depth and size, refused
/// otherwise, never by a crash.
@Suite struct XMLTreeTests {
    static func nested(_ depth: Int) -> Data {
        Data(
            ("<d:multistatus xmlns:d=\"DAV:\">" + String(repeating: "<d:x>", count: depth) + String(repeating: "</d:x>", count: depth)
                + "</d:multistatus>").utf8)
    }

    @Test func depthIsBounded() {
        #expect((try? DAVElement.read(Self.nested(DAVElement.maximumDepth - 1)).get()) != nil)
        #expect(DAVElement.read(Self.nested(DAVElement.maximumDepth)) == .failure(.tooDeep))
        #expect(DAVElement.read(Self.nested(100_000)) == .failure(.tooDeep))
    }

    @Test func elementsAreBounded() {
        let many = Data(
            ("<d:multistatus xmlns:d=\"DAV:\">" + String(repeating: "<d:x/>", count: DAVElement.maximumElements)
                + "</d:multistatus>").utf8)
        #expect(DAVElement.read(many) == .failure(.tooMany))
    }

    @Test func descendantsAreInDocumentOrder() throws {
        let tree = try DAVElement.read(
            Data(
                """
                <d:a xmlns:d="DAV:"><d:b>1</d:b><d:c><d:b>2</d:b></d:c><d:b>3</d:b></d:a>
                """.utf8)
        ).get()
        #expect(tree.descendants(DAVElement.dav, "b").map(\.text) == ["1", "2", "3"])
    }

    @Test func notWellFormed() {
        #expect(DAVElement.read(Data("<d:a xmlns:d=\"DAV:\">".utf8)) == .failure(.notWellFormed))
    }
}

/// A refusal's precondition and message, as servers write them.
@Suite struct RefusalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var contentType: String
        var precondition: String?
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "SabreDAV (Nextcloud, Baïkal)",
            body: """
                <?xml version="1.0" encoding="utf-8"?>
                <d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:cal="urn:ietf:params:xml:ns:caldav">
                  <s:sabredav-version>4.7.0</s:sabredav-version>
                  <s:exception>Sabre\\DAV\\Exception\\Conflict</s:exception>
                  <s:message>The UID is already in use by another object</s:message>
                  <cal:no-uid-conflict><d:href>/remote.php/dav/calendars/alice/home/x.ics</d:href></cal:no-uid-conflict>
                </d:error>
                """, contentType: "application/xml; charset=utf-8", precondition: "no-uid-conflict",
            message: "The UID is already in use by another object"),
        Case(
            name: "RFC 4918 plain",
            body: """
                <?xml version="1.0"?><D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>
                """, contentType: "application/xml", precondition: "valid-sync-token", message: ""),
        Case(
            name: "an error of another namespace",
            body: """
                <?xml version="1.0"?><x:error xmlns:x="urn:example"><x:reason/></x:error>
                """, contentType: "application/xml", precondition: nil, message: ""),
        Case(
            name: "text", body: "Conflict in the request.\nmore", contentType: "text/plain", precondition: nil,
            message: "Conflict in the request."),
    ])
    func aRefusalIsRead(_ c: Case) {
        let response = HTTPClient.Response(status: 409, headers: ["Content-Type": c.contentType], body: Data(c.body.utf8))
        let failure = CalendarCollection.refusal(response)
        #expect(failure.status == 409)
        #expect(failure.precondition == c.precondition)
        if case .refused(_, _, let message) = failure { #expect(message == c.message) }
    }
}
