import Foundation
import Publish
import RepositoryFiles
import Testing
@testable import RemindCLI

/// `~/.netrc` read as curl reads it: each file below is given to curl
/// itself (`--netrc-file`, against a server on loopback), whose
/// Authorization header says which login it picked, and to `Netrc`.
@Suite(.serialized) struct NetrcTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: [UInt8]
        /// The login asked for (`--user`), if any.
        var user: String?
        /// What curl and remindc both take: "login:password", or nil.
        var expected: String?
        var testDescription: String { name }

        init(_ name: String, _ text: String, user: String? = nil, expected: String?) {
            self.init(name, Array(text.utf8), user: user, expected: expected)
        }

        init(_ name: String, _ text: [UInt8], user: String? = nil, expected: String?) {
            self.name = name
            self.text = text
            self.user = user
            self.expected = expected
        }
    }

    static let host = "127.0.0.1"

    static let cases: [Case] = [
        Case("one entry", "machine 127.0.0.1 login alice password pw\n", expected: "alice:pw"),
        Case(
            "a commented-out entry first", "# machine 127.0.0.1 login evil password bad\nmachine 127.0.0.1 login alice password pw\n",
            expected: "alice:pw"),
        Case("a comment after tokens", "machine 127.0.0.1 login alice password pw # login evil password bad\n", expected: "alice:pw"),
        Case("CRLF line ends", "machine 127.0.0.1\r\nlogin alice\r\npassword pw\r\n", expected: "alice:pw"),
        Case(
            "an invalid UTF-8 byte elsewhere",
            Array("machine other login ".utf8) + [0xFF, 0xFE] + Array(" password x\nmachine 127.0.0.1 login alice password pw\n".utf8),
            expected: "alice:pw"),
        Case(
            "an upper-case MACHINE after", "machine 127.0.0.1 login alice password pw\nMACHINE other login evil password bad\n",
            expected: "alice:pw"),
        Case(
            "an upper-case MACHINE before", "MACHINE other login evil password bad\nmachine 127.0.0.1 login alice password pw\n",
            expected: "alice:pw"),
        Case("keywords in any case", "Machine 127.0.0.1 LOGIN alice Password pw\n", expected: "alice:pw"),
        Case("default first", "default login anyone password d\nmachine 127.0.0.1 login alice password pw\n", expected: "anyone:d"),
        Case("default after another host", "machine other login x password y\ndefault login anyone password d\n", expected: "anyone:d"),
        Case("quoted tokens", "machine 127.0.0.1 login \"al ice\" password \"p\\\"w d\"\n", expected: "al ice:p\"w d"),
        Case("a quote left open", "machine 127.0.0.1 login alice password \"pw\n", expected: nil),
        Case(
            "a macro", "macdef init\nmachine 127.0.0.1 login evil password bad\n\nmachine 127.0.0.1 login alice password pw\n",
            expected: "alice:pw"),
        Case("tabs over lines", "machine\t127.0.0.1\n\tlogin alice\n\tpassword pw\n", expected: "alice:pw"),
        Case("another host only", "machine other login alice password pw\n", expected: nil),
        Case(
            "a login asked for", "machine 127.0.0.1 login bob password b\nmachine 127.0.0.1 login alice password pw\n", user: "alice",
            expected: "alice:pw"),
        Case("a password keyword as a value", "machine 127.0.0.1 login password password machine\n", expected: "password:machine"),
    ]

    /// The login curl sends for `c`: the Authorization header of a request
    /// to a server on loopback, decoded.
    static func curlsChoice(_ c: Case, server: HostileServerTests.Server, folder: URL) throws -> String? {
        let file = folder.appendingPathComponent("netrc")
        try Data(c.text).write(to: file)
        let origin = URL(string: server.url)!
        let url = "http://\(c.user.map { "\($0)@" } ?? "")\(host):\(origin.port!)/"
        let run = try Tools.run("/usr/bin/curl", ["-s", "-v", "-o", "/dev/null", "--netrc-file", file.path, url])
        guard let line = run.output.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("> Authorization: Basic ") }) else {
            return nil
        }
        let token = line.dropFirst("> Authorization: Basic ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return Data(base64Encoded: token).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func eachFileIsReadAsCurlReadsIt() throws {
        let server = try HostileServerTests.Server()
        let folder = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for c in Self.cases {
            let found = Netrc(c.text).credentials(host: Self.host, login: c.user)
            let ours = found.password.map { "\(found.login ?? ""):\($0)" }
            #expect(ours == c.expected, "\(c.name): remindc")
            #expect(try Self.curlsChoice(c, server: server, folder: folder) == c.expected, "\(c.name): curl")
        }
    }

    /// A ~/.netrc that is there but cannot be read is said, not ignored.
    @Test func anUnreadableNetrcIsSaid() throws {
        let home = try PublishTests.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".netrc"), withIntermediateDirectories: true)
        let run = try EndToEndTests.run(
            ["publish", "http://127.0.0.1:9/dav/", "examples/remindme.yaml"] + PublishTests.now,
            environment: ["HOME": home.path, "XDG_STATE_HOME": home.path, "REMINDC_PASSWORD": ""])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix("warning: \(home.path)/.netrc is not a regular file; remove it (no login is taken from it)\n"),
            "\(run.stderr)")
    }
}
