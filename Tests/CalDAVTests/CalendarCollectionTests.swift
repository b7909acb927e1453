import Foundation
import Testing
@testable import CalDAV

/// Which hrefs a server lists are members of the collection: only URLs
/// directly inside it, judged after dot segments and escapes are
/// normalised, ever get a request.
@Suite struct CalendarCollectionTests {
    static let collection = CalendarCollection(url: URL(string: "https://dav.example.com/dav/alice/cal/")!,
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
        Data(("<d:multistatus xmlns:d=\"DAV:\">" + String(repeating: "<d:x>", count: depth) + String(repeating: "</d:x>", count: depth)
            + "</d:multistatus>").utf8)
    }

    @Test func depthIsBounded() {
        #expect((try? DAVElement.read(Self.nested(DAVElement.maximumDepth - 1)).get()) != nil)
        #expect(DAVElement.read(Self.nested(DAVElement.maximumDepth)) == .failure(.tooDeep))
        #expect(DAVElement.read(Self.nested(100_000)) == .failure(.tooDeep))
    }

    @Test func elementsAreBounded() {
        let many = Data(("<d:multistatus xmlns:d=\"DAV:\">" + String(repeating: "<d:x/>", count: DAVElement.maximumElements)
            + "</d:multistatus>").utf8)
        #expect(DAVElement.read(many) == .failure(.tooMany))
    }

    @Test func descendantsAreInDocumentOrder() throws {
        let tree = try DAVElement.read(Data("""
            <d:a xmlns:d="DAV:"><d:b>1</d:b><d:c><d:b>2</d:b></d:c><d:b>3</d:b></d:a>
            """.utf8)).get()
        #expect(tree.descendants(DAVElement.dav, "b").map(\.text) == ["1", "2", "3"])
    }

    @Test func notWellFormed() {
        #expect(DAVElement.read(Data("<d:a xmlns:d=\"DAV:\">".utf8)) == .failure(.notWellFormed))
    }
}
