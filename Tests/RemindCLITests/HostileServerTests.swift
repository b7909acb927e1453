import Foundation
import RepositoryFiles
import Testing

/// `remindc publish` against a CalDAV server that lies, stalls or tries to
/// steer it elsewhere (Oracles/hostile_caldav.py, on 127.0.0.1, with a
/// third party on 127.0.0.2 where no request may arrive). Each case runs
/// the whole command with a login and asserts what both listeners
/// received, the exit status and message, the wall time and the peak memory.
@Suite(.serialized) struct HostileServerTests {
    static let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/hostile_caldav.py").path
    static let password = "hunter2-s3cret"

    /// The hostile server, stopped when the value goes.
    final class Server {
        let folder: URL
        /// The calendar's URL, and the third party's origin.
        let url: String
        let third: String
        private let process = Process()
        private let input = Pipe()

        /// With `tls`, the calendar's server answers HTTPS with that certificate and key.
        init(tls: (certificate: String, key: String)? = nil) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-hostile-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [HostileServerTests.script, "serve", folder.path] + (tls.map { ["--tls", $0.certificate, $0.key] } ?? [])
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = input
            try process.run()
            let words = PublishTests.Server.firstLine(of: out).split(whereSeparator: \.isWhitespace)
            guard words.count == 3, words[0] == "ready" else { throw PublishTests.Server.Failure(message: "no hostile server: \(words)") }
            (url, third) = (String(words[1]), String(words[2]))
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        func scenario(_ json: String) throws {
            try Data(json.utf8).write(to: folder.appendingPathComponent("scenario.json"))
        }

        struct Request: Decodable {
            var listener: String
            var method: String
            var path: String
            var authorization: Bool
            var if_match: String?
            var if_none_match: String?
            var body: Int
        }

        var requests: [Request] {
            let text = (try? String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
        }
    }

    struct Measured: Decodable {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        var peak_kib: Int
    }

    static let file = """
        uid-domain: hostile.example
        timezone: UTC
        reminders:
          - {id: r0, title: Bins, at: 2026-12-01 19:00, repeat: weekly}
          - {id: r1, title: Tea, at: 2026-12-01 16:00, repeat: daily}

        """

    /// `remindc publish` of `file` with a login, measured; its sync state
    /// and home in `folder`.
    static func publish(_ server: Server, folder: URL, extra: [String] = []) throws -> Measured {
        let path = folder.appendingPathComponent("r.yaml")
        if !FileManager.default.fileExists(atPath: path.path) { try Data(file.utf8).write(to: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                script, "measure", EndToEndTests.binary.path, "publish", server.url, path.path, "--user", "alice",
                "--timeout", "5", "--now", "2026-12-01T00:00:00Z",
            ] + extra
        process.environment = [
            "REMINDC_PASSWORD": password, "HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "TZ": "UTC", "PATH": "/usr/bin:/bin",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Measured.self, from: data)
    }

    /// What every case holds: nothing reached the third party, every
    /// write went to a member directly inside the calendar with its
    /// condition, and the password was never printed.
    static func expectConfined(_ server: Server, _ run: Measured) {
        let requests = server.requests
        #expect(requests.filter { $0.listener != "main" }.map { "\($0.method) \($0.path)" } == [], "the third party was sent requests")
        let calendar = URL(string: server.url)!.path + "/"
        for request in requests where ["PUT", "DELETE"].contains(request.method) {
            let name = request.path.hasPrefix(calendar) ? String(request.path.dropFirst(calendar.count)) : request.path
            #expect(
                request.path.hasPrefix(calendar) && !name.isEmpty && !name.contains("/") && !name.contains("%2F") && !name.contains(".."),
                "\(request.method) \(request.path) is not directly inside \(calendar)")
            #expect(request.if_match != nil || request.if_none_match == "*", "\(request.method) \(request.path) went without a condition")
        }
        #expect(!(run.stdout + run.stderr).contains(password))
        #expect(!(run.stdout + run.stderr).contains("\u{1B}"), "an escape reached the terminal")
    }

    struct Redirect: Sendable, CustomTestStringConvertible {
        var method: String
        var status: Int
        var location: String
        var exit: Int32
        var message: String
        var testDescription: String { "\(status) on \(method) to \(location)" }
    }

    /// A redirect is never followed: to another host it is refused and
    /// named, so neither the login nor the reminders leave the calendar's
    /// origin; within it, the user is told the URL it pointed to.
    @Test(arguments: [
        Redirect(
            method: "PROPFIND", status: 307, location: "{third}/dav/x/", exit: 2,
            message: "307 Temporary Redirect to THIRD/dav/x/: another scheme, host or port, so not followed"),
        Redirect(
            method: "PROPFIND", status: 301, location: "//{third_authority}/dav/x/", exit: 2,
            message: "301 Moved Permanently to THIRD/dav/x/: another scheme, host or port, so not followed"),
        Redirect(
            method: "PROPFIND", status: 308, location: "/dav/alice/other/", exit: 2,
            message: "308 Permanent Redirect to CALENDAR_ORIGIN/dav/alice/other/: not followed; give that URL if it is the calendar"),
        Redirect(
            method: "REPORT", status: 302, location: "{third}/dav/x/", exit: 2,
            message: "302 Found to THIRD/dav/x/: another scheme, host or port, so not followed"),
        Redirect(
            method: "PUT", status: 308, location: "{third}/dav/w.ics", exit: 1,
            message: "failed     r0: create: 308 Permanent Redirect to THIRD/dav/w.ics: another scheme, host or port, so not followed"),
    ])
    func aRedirectIsNotFollowed(_ c: Redirect) throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(#"{"redirect": {"\#(c.method)": [\#(c.status), "\#(c.location)"]}}"#)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == c.exit, "\(run.stdout)\(run.stderr)")
        let origin = server.url.replacingOccurrences(of: "/dav/alice/cal/", with: "")
        let message = c.message.replacingOccurrences(of: "THIRD", with: server.third).replacingOccurrences(
            of: "CALENDAR_ORIGIN", with: origin)
        #expect((run.stdout + run.stderr).contains(message), "\(run.stdout)\(run.stderr)")
        Self.expectConfined(server, run)
    }

    /// A MKCALENDAR redirected elsewhere: the calendar is not made there.
    @Test func aRedirectedMkcalendarMakesNothingElsewhere() throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(#"{"error": {"PROPFIND": [404, ""]}, "redirect": {"MKCALENDAR": [307, "{third}/dav/cal/"]}}"#)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("does not exist and cannot be created: 307 Temporary Redirect to \(server.third)/dav/cal/: another scheme"),
            "\(run.stderr)")
        Self.expectConfined(server, run)
    }

    /// Members the server lists outside the calendar, as paths, dot
    /// segments, escapes or other hosts, are reported and left alone; the
    /// one member of the publisher's inside it is deleted, with its ETag.
    static let planted = """
        {"members": [
          ["/dav/bob/cal/x.ics", "\\"1\\"", "x@hostile.example", "remindc"],
          ["/dav/alice/cal/../../bob/cal/y.ics", "\\"1\\"", "y@hostile.example", "remindc"],
          ["../z.ics", "\\"1\\"", "z@hostile.example", "remindc"],
          ["{third}/dav/w.ics", "\\"1\\"", "w@hostile.example", "remindc"],
          ["//{third_authority}/v.ics", "\\"1\\"", "v@hostile.example", "remindc"],
          ["/dav/alice/cal/%2e%2e/%2E%2E/bob/cal/q.ics", "\\"1\\"", "q@hostile.example", "remindc"],
          ["/dav/alice/cal/a%2Fb.ics", "\\"1\\"", "s@hostile.example", "remindc"],
          ["/dav/bob/cal/r0.ics", "\\"1\\"", "r0@hostile.example", "remindc"],
          ["/dav/alice/cal/./old.ics", "\\"7\\"", "old@hostile.example", "remindc"],
          ["/dav/alice/cal/", "\\"0\\"", "cal@hostile.example", "remindc"]
        ]}
        """

    @Test func membersOutsideTheCalendarAreLeftAlone() throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(Self.planted)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let writes = server.requests.filter { ["PUT", "DELETE"].contains($0.method) }.map { "\($0.method) \($0.path)" }.sorted()
        #expect(
            writes == [
                "DELETE /dav/alice/cal/old.ics", "PUT /dav/alice/cal/r0@hostile.example.ics", "PUT /dav/alice/cal/r1@hostile.example.ics",
            ])
        #expect(server.requests.first { $0.method == "DELETE" }?.if_match == "\"7\"")
        #expect(run.stdout == "create     r0\ncreate     r1\ndelete     old\n", "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "warning: the server listed /dav/bob/cal/x.ics as a member, but it is not inside \(server.url); left alone"),
            "\(run.stderr)")
        #expect(run.stderr.contains("warning: and 3 more members listed outside \(server.url), left alone\n"), "\(run.stderr)")
        Self.expectConfined(server, run)
    }

    /// The same through a sync-collection answer, and an answer with no
    /// new sync token: a full listing, and the next run is not stuck.
    @Test func aSyncAnswerCannotSteerAndOneWithoutATokenFallsBack() throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(#"{"sync": {"token": "t1", "changed": []}, "members": []}"#)
        let first = try Self.publish(server, folder: folder)
        #expect(first.status == 0, "\(first.stderr)")
        try server.scenario(
            #"""
            {"sync": {"token": "t2", "changed": [["/dav/bob/cal/x.ics", "\"2\""], ["{third}/dav/w.ics", "\"2\""]]},
             "members": [["/dav/bob/cal/x.ics", "\"2\"", "x@hostile.example", "remindc"]]}
            """#)
        let steered = try Self.publish(server, folder: folder)
        #expect(steered.status == 0, "\(steered.stderr)")
        #expect(steered.stderr.contains("warning: the server listed /dav/bob/cal/x.ics as a member"), "\(steered.stderr)")
        #expect(steered.stderr.contains("warning: the server listed \(server.third)/dav/w.ics as a member"), "\(steered.stderr)")
        Self.expectConfined(server, steered)

        try server.scenario(#"{"sync": {"token": null, "changed": []}, "members": []}"#)
        let tokenless = try Self.publish(server, folder: folder)
        #expect(tokenless.status == 0, "\(tokenless.stderr)")
        #expect(
            tokenless.stderr.contains("the server's answer to the last run's sync token could not be used, so listed in full"),
            "\(tokenless.stderr)")
        try server.scenario(#"{"sync": {"token": "t3", "changed": []}, "members": []}"#)
        let after = try Self.publish(server, folder: folder)
        #expect(after.status == 0, "\(after.stderr)")
        Self.expectConfined(server, after)
        // The kept state names the calendar and its members: the user's alone.
        let kept = folder.appendingPathComponent("state/remindc/publish")
        let files = try FileManager.default.contentsOfDirectory(atPath: kept.path)
        #expect(files.count == 1)
        for path in [kept.path, kept.deletingLastPathComponent().path] + files.map({ kept.path + "/" + $0 }) {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == (path.hasSuffix(".json") ? 0o600 : 0o700), "\(path)")
        }
    }

    /// An ETag with a line break: the write it conditions is refused, never
    /// sent without its If-Match.
    @Test func anETagWithALineBreakIsNeverDropped() throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(
            #"""
            {"members": [["/dav/alice/cal/old.ics", "\"1\"\r\nX-Evil: 1", "old@hostile.example", "remindc"],
                         ["/dav/alice/cal/r0.ics", "\"1\"\nX-Evil: 1", "r0@hostile.example", "remindc"]]}
            """#)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "failed     old: delete: the server's ETag for it holds a line break or control character; "
                    + "not sent without its condition\n"), "\(run.stdout)")
        #expect(run.stdout.contains("failed     r0: update: the server's ETag"), "\(run.stdout)")
        #expect(server.requests.filter { ["PUT", "DELETE"].contains($0.method) }.map(\.path) == ["/dav/alice/cal/r1@hostile.example.ics"])
        Self.expectConfined(server, run)
    }

    struct Stall: Sendable, CustomTestStringConvertible {
        var name: String
        var scenario: String
        var message: String
        var testDescription: String { name }
    }

    /// Answers that never end, grow without bound, trickle, or nest too
    /// deep: exit 2 within the time-out, memory bounded, the reason said.
    @Test(arguments: [
        Stall(name: "a byte every 2 s", scenario: #"{"trickle": 2}"#, message: "no whole answer within 5 s"),
        Stall(
            name: "an endless answer", scenario: #"{"endless": true}"#, message: "the answer is larger than 64 MiB; refused as it arrived"),
        Stall(
            name: "an answer of 1 GiB", scenario: #"{"huge": 1073741824}"#,
            message: "the answer is larger than 64 MiB; refused as it arrived"),
        Stall(name: "100,000 nested elements", scenario: #"{"deep": 100000}"#, message: "the answer nests elements deeper than 32"),
        Stall(
            name: "a PROPFIND of a byte every 2 s", scenario: #"{"on": "PROPFIND", "trickle": 2}"#, message: "no whole answer within 5 s"),
        Stall(
            name: "a PROPFIND of 1 GiB", scenario: #"{"on": "PROPFIND", "huge": 1073741824}"#,
            message: "the answer is larger than 1 MiB; refused as it arrived"),
        Stall(
            name: "an endless PROPFIND", scenario: #"{"on": "PROPFIND", "endless": true}"#,
            message: "the answer is larger than 1 MiB; refused as it arrived"),
        Stall(
            name: "a PROPFIND nesting 50,000 elements", scenario: #"{"on": "PROPFIND", "deep": 50000}"#,
            message: "the answer nests elements deeper than 32"),
    ])
    func anAnswerIsBoundedInTimeAndSize(_ c: Stall) throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(c.scenario)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "Error: cannot reach the calendar \(server.url): \(c.message)\n", "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        // The time-out is 5 s; the command's own start and the PROPFIND
        // before it take well under 2 s more.
        #expect(run.seconds < 7, "took \(run.seconds) s")
        // 64 MiB of answer at most, held once as it arrives.
        #expect(run.peak_kib < 256 * 1024, "peaked at \(run.peak_kib / 1024) MiB")
        Self.expectConfined(server, run)
    }

    /// A server's error text reaches the terminal without its escapes.
    @Test func aServersErrorTextIsShownWithoutEscapes() throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(#"{"error": {"PROPFIND": [500, "\u001b]0;pwned\u0007\u001b[2Jboom"]}}"#)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: cannot reach the calendar \(server.url): 500 Internal Server Error: "), "\(run.stderr)")
        #expect(run.stderr.contains("boom"))
        try server.scenario(#"{"error": {"PUT": [500, "\u001b[31mred\u001b[0m"]}}"#)
        let writes = try Self.publish(server, folder: folder)
        #expect(writes.status == 1)
        #expect(writes.stdout.contains("red"), "\(writes.stdout)")
        Self.expectConfined(server, writes)
    }
}

extension HostileServerTests {
    /// A server that takes Digest logins alone (SabreDAV's Digest backend,
    /// a Baïkal setting): the right password publishes, under MD5 or
    /// SHA-256; a wrong one is refused and named as a Digest login.
    @Test(arguments: [["MD5"], ["SHA-256"], ["SHA-256", "MD5"]])
    func aDigestLoginIsAnswered(_ algorithms: [String]) throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let listed = algorithms.map { "\"\($0)\"" }.joined(separator: ", ")
        try server.scenario(#"{"digest": {"user": "alice", "password": "\#(Self.password)", "algorithms": [\#(listed)]}}"#)
        let run = try Self.publish(server, folder: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "create     r0\ncreate     r1\n")
        let puts = server.requests.filter { $0.method == "PUT" && $0.authorization }
        #expect(puts.count == 2, "each write went with its login")
        Self.expectConfined(server, run)

        try server.scenario(#"{"digest": {"user": "alice", "password": "another", "algorithms": [\#(listed)]}}"#)
        let wrong = try Self.publish(server, folder: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasSuffix("Error: the server refused the login (401, Digest) of user 'alice'\n"), "\(wrong.stderr)")
        Self.expectConfined(server, wrong)
    }
}

extension HostileServerTests {
    /// A test authority and certificates it signs for 127.0.0.1: one good,
    /// one for another name, one expired; made with openssl in `folder`.
    struct Authority {
        let folder: URL
        var file: String { folder.appendingPathComponent("ca.pem").path }
        func certificate(_ name: String) -> (certificate: String, key: String) {
            (folder.appendingPathComponent("\(name).pem").path, folder.appendingPathComponent("server.key").path)
        }

        init(in folder: URL) throws {
            self.folder = folder
            func openssl(_ arguments: [String]) throws {
                let run = try Tools.run("/usr/bin/openssl", arguments)
                try #require(run.status == 0, "openssl \(arguments.joined(separator: " ")): \(run.output)")
            }
            let path = { (name: String) in folder.appendingPathComponent(name).path }
            try openssl([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
                "-subj", "/CN=remindc test authority",
            ])
            try openssl([
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1",
            ])
            for (name, names, days) in [
                ("good", "IP:127.0.0.1", "2"), ("other-name", "DNS:calendar.example.com", "2"), ("expired", "IP:127.0.0.1", "0"),
            ] {
                try Data("subjectAltName=\(names)\n".utf8).write(to: URL(fileURLWithPath: path("\(name).ext")))
                try openssl([
                    "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
                    "-out", path("\(name).pem"), "-days", days, "-extfile", path("\(name).ext"),
                ])
            }
            // "-days 0" ends the certificate the second it begins.
            Thread.sleep(forTimeInterval: 1.1)
        }
    }

    struct Secure: Sendable, CustomTestStringConvertible {
        var name: String
        var certificate: String
        var withAuthority: Bool
        /// What stderr ends with, or nil for a publish that succeeds.
        var refusal: String?
        var testDescription: String { name }
    }

    /// HTTPS as users have it: a certificate of the authority given with
    /// --ca-file is taken; one of an authority the system does not know,
    /// for another name or expired is refused with exit 2 and the reason,
    /// before any login or reminder is sent.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"),
        arguments: [
            Secure(name: "the authority given", certificate: "good", withAuthority: true, refusal: nil),
            Secure(
                name: "an authority the system does not know", certificate: "good", withAuthority: false,
                refusal: "SSL certificate problem: unable to get local issuer certificate\n"),
            Secure(
                name: "a certificate for another name", certificate: "other-name", withAuthority: true,
                refusal: "SSL: no alternative certificate subject name matches target host name '127.0.0.1'\n"),
            Secure(
                name: "an expired certificate", certificate: "expired", withAuthority: true,
                refusal: "SSL certificate problem: certificate has expired\n"),
        ])
    func httpsCertificatesAreChecked(_ c: Secure) throws {
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try Authority(in: folder)
        let server = try Server(tls: authority.certificate(c.certificate))
        #expect(server.url.hasPrefix("https://127.0.0.1:"))
        let run = try Self.publish(server, folder: folder, extra: c.withAuthority ? ["--ca-file", authority.file] : [])
        if let refusal = c.refusal {
            #expect(run.status == 2)
            #expect(run.stderr == "Error: cannot reach the calendar \(server.url): \(refusal)", "\(run.stderr)")
            #expect(server.requests.isEmpty, "nothing reached the server")
        } else {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "create     r0\ncreate     r1\n")
        }
        Self.expectConfined(server, run)
    }

    /// A redirect from https to http is another scheme: not followed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"))
    func aRedirectFromHTTPSToHTTPIsNotFollowed() throws {
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try Authority(in: folder)
        let server = try Server(tls: authority.certificate("good"))
        let plain = server.url.replacingOccurrences(of: "https://", with: "http://")
        try server.scenario(#"{"redirect": {"PROPFIND": [301, "\#(plain)"]}}"#)
        let run = try Self.publish(server, folder: folder, extra: ["--ca-file", authority.file])
        #expect(run.status == 2)
        #expect(run.stderr.contains("301 Moved Permanently to \(plain): another scheme, host or port, so not followed"), "\(run.stderr)")
        #expect(server.requests.map(\.method) == ["PROPFIND"])
        Self.expectConfined(server, run)
    }
}

extension HostileServerTests {
    /// Each resource's line is printed as its request completes, in the
    /// plan's order: the first is there while the second is still sent.
    @Test func eachLineComesAsItsRequestCompletes() throws {
        let server = try Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try server.scenario(#"{"slow": {"PUT": 2}}"#)
        let path = folder.appendingPathComponent("r.yaml")
        try Data(Self.file.utf8).write(to: path)
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = ["publish", server.url, path.path, "--connections", "1", "--now", "2026-12-01T00:00:00Z"]
        process.environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "TZ": "UTC"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let first = PublishTests.Server.firstLine(of: out)
        let firstAt = Date().timeIntervalSince(started)
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let endedAt = Date().timeIntervalSince(started)
        #expect(first == "create     r0\n")
        #expect(rest == "create     r1\n")
        #expect(endedAt - firstAt > 1.5, "the first line came at \(firstAt) s, the end at \(endedAt) s")
        #expect(process.terminationStatus == 0)
    }
}
