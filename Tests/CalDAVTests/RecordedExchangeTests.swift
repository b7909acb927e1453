import Foundation
import Testing
@testable import CalDAV

/// What `CalendarCollection` makes of answers Radicale 3 and Xandikos gave
/// to its own requests (recorded in `Exchanges/SERVER-STEP.http`: the
/// status, the headers kept, a blank line, the body), without a server:
/// each step's answer, and the request it was sent for.
@Suite struct RecordedExchangeTests {
    /// A transport that answers every request with one recorded answer,
    /// and keeps the requests it was given.
    final class Recording: HTTPTransport, @unchecked Sendable {
        let answer: HTTPClient.Response
        private let lock = NSLock()
        private var sent: [HTTPClient.Request] = []

        init(_ answer: HTTPClient.Response) {
            self.answer = answer
        }

        func send(_ request: HTTPClient.Request) -> (result: Result<HTTPClient.Response, HTTPClient.TransportError>, attempts: Int) {
            lock.lock()
            sent.append(request)
            lock.unlock()
            return (.success(answer), 1)
        }

        var requests: [HTTPClient.Request] {
            lock.lock()
            defer { lock.unlock() }
            return sent
        }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Exchanges")

    /// The recorded answer of `server` to `step`.
    static func answer(_ server: String, _ step: String) throws -> HTTPClient.Response {
        let bytes = try Data(contentsOf: folder.appendingPathComponent("\(server)-\(step).http"))
        let blank = try #require(bytes.firstRange(of: Data("\n\n".utf8)))
        let head = String(decoding: bytes[..<blank.lowerBound], as: UTF8.self).split(separator: "\n")
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let colon = try #require(line.firstIndex(of: ":"))
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPClient.Response(status: try #require(Int(head[0])), headers: headers, body: Data(bytes[blank.upperBound...]))
    }

    /// Each server's calendar, as the recordings name it.
    static let calendars = [
        "radicale": "http://127.0.0.1:5232/remindc/calendar-rec/", "xandikos": "http://127.0.0.1:8080/user/calendars/remindc-rec/",
    ]
    static let servers = ["radicale", "xandikos"]

    static func collection(_ server: String, _ step: String) throws -> (CalendarCollection, Recording) {
        let recording = Recording(try answer(server, step))
        return (CalendarCollection(url: URL(string: calendars[server]!)!, http: recording), recording)
    }

    @Test(arguments: servers)
    func aMissingCollectionIsNone(_ server: String) throws {
        // Radicale says 404; Xandikos a 207 with a 404 inside.
        let (collection, recording) = try Self.collection(server, "propfind-missing")
        let found = try collection.properties().get()
        #expect(found == nil)
        #expect(recording.requests.map(\.method) == ["PROPFIND"])
        #expect(recording.requests.first?.headers["Depth"] == "0")
    }

    @Test(arguments: servers)
    func aCalendarSaysWhatItOffers(_ server: String) throws {
        let (collection, _) = try Self.collection(server, "propfind")
        let found = try #require(try collection.properties().get())
        #expect(found.isCalendar)
        #expect(found.name == "Home")
        #expect(found.offersSync)
        #expect(!(found.syncToken ?? "").isEmpty)
    }

    @Test(arguments: servers)
    func aCalendarIsMade(_ server: String) throws {
        let (collection, recording) = try Self.collection(server, "mkcalendar")
        try collection.create(name: "Home").get()
        let body = String(decoding: try #require(recording.requests.first?.body), as: UTF8.self)
        #expect(recording.requests.first?.method == "MKCALENDAR")
        #expect(body.contains("<d:displayname>Home</d:displayname>") && body.contains("<c:comp name=\"VTODO\"/>"))
    }

    @Test(arguments: servers)
    func aCreatedMemberGivesItsETag(_ server: String) throws {
        let (collection, recording) = try Self.collection(server, "put-create")
        let etag = try collection.put("bins%40home.example.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", .absent).get()
        #expect(etag == (try Self.answer(server, "put-create")).header("ETag"))
        #expect(recording.requests.first?.headers["If-None-Match"] == "*")
        #expect(recording.requests.first?.url.absoluteString == Self.calendars[server]! + "bins%40home.example.ics")
    }

    @Test(arguments: servers)
    func aMemberThatExistsIsARefusal(_ server: String) throws {
        let (collection, _) = try Self.collection(server, "put-exists")
        let result = collection.put("bins%40home.example.ics", "", .absent)
        guard case .failure(let failure) = result else { Issue.record("a 412 is a refusal"); return }
        #expect(failure.status == 412)
    }

    @Test(arguments: servers)
    func aDeleteWithAnotherETagIsARefusal(_ server: String) throws {
        let (collection, recording) = try Self.collection(server, "delete-wrong-etag")
        guard case .failure(let failure) = collection.delete("bins%40home.example.ics", etag: "\"not-the-etag\"") else {
            Issue.record("a 412 is a refusal")
            return
        }
        #expect(failure.status == 412)
        #expect(recording.requests.first?.headers["If-Match"] == "\"not-the-etag\"")
    }

    @Test(arguments: servers)
    func theListingHasEveryMemberWithItsETagAndData(_ server: String) throws {
        let (collection, _) = try Self.collection(server, "query")
        let listing = try collection.members().get()
        #expect(listing.outside.isEmpty)
        #expect(listing.members.count == 2)
        let uids = listing.members.compactMap(\.data).compactMap { data in
            data.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        }
        #expect(Set(uids) == ["bins@home.example", "tax@home.example"])
        #expect(listing.members.allSatisfy { ($0.etag ?? "").hasPrefix("\"") })
        #expect(
            Set(listing.members.map { collection.memberURL($0.href)?.lastPathComponent }) == [
                "bins@home.example.ics", "tax@home.example.ics",
            ])
    }

    @Test(arguments: servers)
    func theChangesSinceATokenAreTheMembersWritten(_ server: String) throws {
        let (collection, _) = try Self.collection(server, "sync")
        let changes = try collection.changes(since: "earlier").get()
        #expect(changes.changed.count == 2)
        #expect(changes.removed.isEmpty && changes.outside.isEmpty)
        #expect(!changes.token.isEmpty && changes.token != "earlier")
    }

    /// A token the server no longer knows: Radicale says 403, Xandikos
    /// 412, both with `valid-sync-token`, which `publish` answers by
    /// listing in full.
    @Test(arguments: servers)
    func anUnknownTokenIsRefusedByItsPrecondition(_ server: String) throws {
        let (collection, _) = try Self.collection(server, "sync-bad-token")
        guard case .failure(let failure) = collection.changes(since: "http://example.com/ns/sync/not-a-token") else {
            Issue.record("an unknown token is a refusal")
            return
        }
        #expect([403, 412].contains(failure.status))
        #expect(failure.precondition == "valid-sync-token")
    }
}
