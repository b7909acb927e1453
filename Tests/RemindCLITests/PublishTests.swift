import Foundation
import RepositoryFiles
import Testing

/// `remindc publish` against real CalDAV servers (Radicale and Xandikos
/// from PyPI), each started on a free loopback port in a temporary folder
/// behind a proxy that counts requests and injects faults
/// (Oracles/caldav_servers.py). What the servers hold is read back with an
/// independent client (python caldav), and their own expansion of the
/// window compared with `remindc expand`.
@Suite(.serialized) struct PublishTests {
    static let python = OracleVenv.python(importing: "radicale, xandikos, caldav")
    static var available: Bool { python != nil }
    static let script = EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/caldav_servers.py").path

    /// A server and its proxy, stopped when the value goes.
    final class Server {
        let folder: URL
        let url: String
        /// The login the server asks for: SabreDAV always asks; the others
        /// when started with one.
        let login: (user: String, password: String)?
        private let process = Process()
        private let input = Pipe()

        init(_ kind: String, htpasswd: String? = nil) throws {
            let given = htpasswd ?? (kind.hasPrefix("sabredav") ? "remindc:remindc-password" : nil)
            login = given.map { ($0.split(separator: ":")[0].description, $0.split(separator: ":", maxSplits: 1)[1].description) }
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-caldav-\(kind)-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            process.executableURL = PublishTests.python!
            process.arguments = [PublishTests.script, "serve", kind, folder.path] + (htpasswd.map { ["--htpasswd", $0] } ?? [])
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            process.standardInput = input
            try process.run()
            let text = Self.firstLine(of: out)
            guard text.hasPrefix("ready ") else { throw Failure(message: "\(kind) did not start: \(text)") }
            url = String(text.dropFirst(6)).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        deinit {
            // Closing its input stops it and the server.
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        struct Failure: Error { var message: String }

        /// What a server started by a test prints first: its first line,
        /// read as it comes (the pipe stays open while it runs).
        static func firstLine(of pipe: Pipe) -> String {
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            return String(decoding: line, as: UTF8.self)
        }

        /// The requests so far: method, path, status.
        var requests: [(method: String, path: String, status: String)] {
            let text = (try? String(contentsOf: folder.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map { line in
                let parts = line.split(separator: " ")
                return (String(parts[0]), String(parts[1]), String(parts[2]))
            }
        }

        /// The writes since the `since`th request, their paths decoded.
        func writes(since: Int) -> [String] {
            requests.dropFirst(since).filter { ["PUT", "DELETE", "MKCALENDAR", "MKCOL"].contains($0.method) }
                .map { "\($0.method) \($0.path.removingPercentEncoding ?? $0.path)" }
        }

        func faults(_ json: String?) throws {
            let file = folder.appendingPathComponent("faults.json")
            if let json { try Data(json.utf8).write(to: file) } else { try? FileManager.default.removeItem(at: file) }
        }

        /// A request to the server as another client would make it, to a
        /// path inside the collection or, starting with `/`, from the root.
        func send(
            _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]
        ) throws -> (status: Int, body: String) {
            var arguments = ["-s", "-o", "-", "-w", "\n%{http_code}", "-X", method]
            for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
            if let body { arguments += ["--data-binary", body] }
            if let login { arguments += ["-u", "\(login.user):\(login.password)"] }
            // A path from the root (`/...`), or one inside the collection.
            let base = URL(string: url)!
            let target = path.hasPrefix("/") ? "\(base.scheme!)://\(base.host!):\(base.port!)\(path)" : url + path
            let run = try Tools.run("/usr/bin/curl", arguments + [target])
            let status = Int(run.output.split(separator: "\n").last ?? "") ?? 0
            return (status, String(run.output.dropLast(String(status).count)))
        }

        /// What the python caldav client reads, and the server's expansion of [from, to).
        /// `client` names the known differences that explain the server's
        /// (Oracles/client_matrix.py); one without any explains none.
        func read(expected: String, from: String, to: String, client: String = "radicale") throws -> [String: Any] {
            var environment = ProcessInfo.processInfo.environment
            environment["REMINDC_EXPANSION_CLIENT"] = client
            let run = try Tools.run(
                PublishTests.python!.path,
                [PublishTests.script, "read", url, expected, from, to]
                    + (login.map { [$0.user, $0.password] } ?? []), environment: environment)
            try #require(run.status == 0, "\(run.output.suffix(2000))")
            let json = try #require(run.output.split(separator: "\n").last)
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        }
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-publish-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let now = ["--now", "2026-12-01T00:00:00Z"]

    /// `remindc publish` with its sync state in `state` (never the user's).
    static func publish(_ arguments: [String], state: URL, environment: [String: String] = [:]) throws -> EndToEndTests.Run {
        try EndToEndTests.run(
            ["publish"] + arguments + now,
            environment: ["XDG_STATE_HOME": state.path, "TZ": "UTC"].merging(environment) { $1 })
    }

    /// `publish` to `server`, with the login it asks for.
    static func publish(to server: Server, _ arguments: [String], state: URL) throws -> EndToEndTests.Run {
        guard let login = server.login else { return try publish(arguments, state: state) }
        return try publish(arguments + ["--user", login.user], state: state, environment: ["REMINDC_PASSWORD": login.password])
    }

    @Test(
        .enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"),
        arguments: ["radicale", "xandikos", "sabredav"])
    func everyReminderArrivesOnceWithItsAlarmsAndTheServerExpandsItAsRemindcDoes(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("generated.yaml")
        // SabreDAV gives a repeat counted in minutes its first time over
        // and over, and takes minutes to store one of thousands; version 4
        // refuses the 20th Monday of a year (check --for caldav says so,
        // server-limit): its set has neither.
        try Data(CrontabOracleTests.generatedFile(count: 1000, sabreDAV: kind.hasPrefix("sabredav")).utf8).write(to: generated)
        let paths = EndToEndTests.portableExamples + [generated.path]
        let state = folder.appendingPathComponent("state")
        let first = try Self.publish(to: server, [server.url] + paths, state: state)
        #expect(
            first.status == 0,
            "\(first.stderr.suffix(2000)) \(first.stdout.split(separator: "\n").filter { $0.hasPrefix("failed") }.prefix(5))")
        let ics = try EndToEndTests.run(["ics"] + paths + Self.now, environment: ["TZ": "UTC"])
        let uids = Set(ics.stdout.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) })
        #expect(first.stdout.split(separator: "\n").filter { $0.hasPrefix("create ") }.count == uids.count)

        let expected = folder.appendingPathComponent("expected.jsonl")
        let (from, to) = ("2027-03-20T00:00:00Z", "2027-03-22T00:00:00Z")
        let expand = try EndToEndTests.run(
            ["expand"] + paths + ["--from", from, "--to", to, "--zone", "UTC", "--format", "jsonl"] + Self.now,
            environment: ["TZ": "UTC"])
        try Data(expand.stdout.utf8).write(to: expected)
        // Debian's SabreDAV 1.8 (vobject 2.1) expands a thousand series in
        // PHP past its 30-second limit: its objects are read, not expanded.
        // SabreDAV 4 (REMINDC_SABRE_AUTOLOAD, Oracles/sabredav_server.php)
        // is read both ways.
        let sabre4 = kind.hasPrefix("sabredav") && ProcessInfo.processInfo.environment["REMINDC_SABRE_AUTOLOAD"] != nil
        let expands = !kind.hasPrefix("sabredav") || sabre4
        let reading = try server.read(expected: expected.path, from: expands ? from : "-", to: to, client: sabre4 ? "sabredav" : "radicale")
        let objects = try #require(reading["objects"] as? [[String: Any]])
        let read = Set(objects.map { $0["uid"] as! String })
        #expect(read.subtracting(uids).sorted().prefix(5) == [], "read back but not published")
        #expect(uids.subtracting(read).sorted().prefix(5) == [], "published but not read back")
        // Each UID is one resource: its series, and the occurrences written
        // again with their own alarms (working-days.yaml's rent) beside it.
        let series = objects.filter { $0["recurrence_id"] is NSNull || $0["recurrence_id"] == nil }
        #expect(series.count == uids.count, "every UID once")
        let again = objects.filter { $0["recurrence_id"] as? String != nil }
        let written = ics.stdout.split(separator: "\r\n").filter { $0.hasPrefix("RECURRENCE-ID") }.count
        #expect(again.count == written && written > 0, "every occurrence written again arrives")
        for object in again {
            let href = object["href"] as? String
            #expect(
                series.contains { $0["uid"] as? String == object["uid"] as? String && $0["href"] as? String == href },
                "\(object["uid"]!) at \(object["recurrence_id"]!): in its series' resource")
            #expect(
                (object["triggers"] as? [String] ?? []).contains { $0.hasPrefix("-P") && $0.hasSuffix("D") },
                "\(object["uid"]!) at \(object["recurrence_id"]!): its own days-before trigger")
        }
        for object in objects {
            #expect(!(object["alarms"] as! [String]).isEmpty, "\(object["uid"]!) has its alarms")
            #expect(object["publisher"] as? String == "remindc")
            #expect((object["digest"] as? String)?.hasPrefix("1-") == true)
            #expect((object["properties"] as! [String]).contains("X-REMINDC-ID"))
            #expect(object["method"] as? Bool == false, "no METHOD in a stored object")
        }
        if sabre4 {
            // SabreDAV 4 expands every reminder as remindc does but the
            // ones check --for caldav names (server-limit: parts it leaves
            // out).
            let check = try EndToEndTests.run(["check", "--for", "caldav", "--format", "json"] + paths + Self.now)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]])
            let named = Set(
                findings.filter { $0["rule"] as? String == "server-limit" }
                    .compactMap { ($0["message"] as? String)?.firstMatch(of: /'([^']+)'/).map { String($0.1) } })
            // (Its time-range search, not compared here, misses an event
            // of no duration that starts at the very start of the range,
            // which RFC 4791 §9.9 has it find.)
            let expansion = try #require(reading["expansion"] as? [String: Any])
            let differing = Set(expansion["unexplained_ids"] as? [String] ?? [])
            let unnamed = differing.subtracting(named).sorted()
            let yaml = try String(contentsOf: generated, encoding: .utf8)
            #expect(
                unnamed == [], "\(unnamed.map { id in yaml.split(separator: "\n").drop { $0 != "  - id: \(id)" }.prefix(6) }) \(expansion)")
            #expect(!differing.isEmpty, "the rule parts SabreDAV leaves out change some occurrences in the window")
            #expect((expansion["expected"] as? Int ?? 0) > 150)
        } else if expands {
            let expansion = try #require(reading["expansion"] as? [String: Any])
            #expect(expansion["unexplained_count"] as? Int == 0, "\(expansion)")
            #expect((expansion["expected"] as? Int ?? 0) > 1000)
            #expect((reading["in_range_only_server"] as? [String])?.prefix(5) == [])
            #expect((reading["in_range_only_remindc"] as? [String])?.prefix(5) == [])
        }

        // Nothing changed: no write at all. On a machine without the last
        // run's state (CI), a PROPFIND and a full REPORT.
        var before = server.requests.count
        let second = try Self.publish(to: server, [server.url] + paths, state: folder.appendingPathComponent("fresh-state"))
        #expect(second.status == 0, "\(second.stderr.suffix(2000))")
        #expect(server.writes(since: before).prefix(5) == [])
        #expect(second.stdout.split(separator: "\n").filter { !$0.hasPrefix("unchanged ") }.prefix(5) == [])
        #expect(server.requests.dropFirst(before).map(\.method) == ["PROPFIND", "REPORT"])
        // With the state of the first run: the changes since (its own
        // writes, read once), then none.
        before = server.requests.count
        let third = try Self.publish(to: server, [server.url] + paths, state: state)
        #expect(third.status == 0, "\(third.stderr.suffix(2000))")
        // SabreDAV 1.8 has no sync-collection (4.x, in Nextcloud and
        // Baïkal, has): it is listed in full each time.
        let offersSync = !kind.hasPrefix("sabredav") || sabre4
        #expect(
            third.stderr.contains(offersSync ? "changes since the last run (\(uids.count) read)" : ": \(uids.count) unchanged"),
            "\(third.stderr.suffix(500))")
        #expect(server.writes(since: before).prefix(5) == [])
        before = server.requests.count
        let fourth = try Self.publish(to: server, [server.url] + paths, state: state)
        #expect(
            fourth.stderr.contains((offersSync ? "changes since the last run (0 read); " : ": ") + "\(uids.count) unchanged"),
            "\(fourth.stderr.suffix(500))")
        #expect(server.requests.dropFirst(before).map(\.method) == ["PROPFIND", "REPORT"])
    }

    /// Another calendar's repeat: the Gregorian `skip` (written without
    /// RSCALE) is stored by both servers; the Hebrew one, which keeps
    /// RSCALE, Radicale refuses with a bare 400, and the failure says RSCALE.
    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"), arguments: ["radicale", "xandikos"])
    func otherCalendarsArePublishedAndARefusalNamesRSCALE(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.publish([server.url, "examples/other-calendars.yaml"], state: folder.appendingPathComponent("state"))
        #expect(run.stdout.contains("create     backup\n"), "\(run.stdout)")
        if kind == "radicale" {
            #expect(run.status == 1)
            #expect(
                run.stdout.contains("failed     yahrzeit: create: 400") && run.stdout.contains("written with RSCALE (hebrew)"),
                "\(run.stdout)")
        } else {
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        }
        // What the server holds of the backup has no RSCALE.
        let ics = try EndToEndTests.run(["ics", "examples/other-calendars.yaml"] + Self.now)
        #expect(ics.stdout.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\n") && !ics.stdout.contains("RSCALE=GREGORIAN"))
    }

    /// Radicale as people run it refuses series past 10,000 instances (by
    /// its own estimate from UNTIL) and RSCALE: every reminder it refuses,
    /// `check --for caldav` reported first, and every one it accepts that
    /// `check` named is one SabreDAV would refuse.
    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"))
    func whatRadicaleRefusesCheckReportsFirst() throws {
        let server = try Server("radicale-defaults")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "\(EndToEndTests.fixtures)/check/caldav.yaml"
        let check = try EndToEndTests.run(["check", "--for", "caldav", "--format", "json", file] + Self.now)
        let findings = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [[String: Any]]
        func reported(_ id: String, _ words: String) -> Bool {
            findings.contains { ($0["message"] as! String).contains("'\(id)'") && ($0["message"] as! String).contains(words) }
        }
        let run = try Self.publish([server.url, file], state: folder.appendingPathComponent("state"))
        let failed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("failed ") }
            .map { String($0.dropFirst(11).prefix { $0 != ":" }) }
        #expect(Set(failed) == ["ninety", "daily-decades", "hanukkah"], "\(run.stdout)")
        for id in failed {
            #expect(reported(id, "Radicale"), "\(id): Radicale refused it, check --for caldav did not say so")
        }
        #expect(!reported("daily", "Radicale") && !reported("rent", ""))
    }

    static let three = """
        uid-domain: home.example
        name: Home
        timezone: Europe/Berlin
        reminders:
          - {id: bins, title: Put the bins out, at: 2026-12-01 19:00, repeat: weekly, before: 15m}
          - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}
          - {id: tax, title: Tax return, at: 2027-05-31, todo: true}

        """

    static let foreign = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Someone//EN\r
        BEGIN:VEVENT\r
        UID:party@elsewhere\r
        DTSTAMP:20261201T000000Z\r
        DTSTART:20261224T180000Z\r
        SUMMARY:Party\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test(
        .enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"),
        arguments: ["radicale", "xandikos", "sabredav"])
    func eachChangeWritesOnlyItsResourceAndOthersAreLeftAlone(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home.yaml")
        try Data(Self.three.utf8).write(to: file)
        func publish(_ extra: [String] = []) throws -> (run: EndToEndTests.Run, writes: [String]) {
            let before = server.requests.count
            let run = try Self.publish(to: server, [server.url, file.path] + extra, state: folder.appendingPathComponent("state"))
            return (run, server.writes(since: before))
        }
        let created = try publish()
        #expect(created.run.status == 0, "\(created.run.stderr)")
        #expect(created.writes.filter { $0.hasPrefix("PUT") }.count == 3)
        #expect(created.run.stderr.hasSuffix("created the calendar; 3 created\n"), "\(created.run.stderr)")

        // Another client's event survives every publish.
        let put = try server.send("PUT", "party.ics", body: Self.foreign, headers: ["Content-Type": "text/calendar"])
        #expect(put.status == 201)

        try Data(Self.three.replacingOccurrences(of: "title: Tea", with: "title: Green tea").utf8).write(to: file)
        let dry = try publish(["--dry-run"])
        #expect(dry.run.status == 0)
        #expect(dry.writes == [])
        #expect(dry.run.stdout == "unchanged  bins\nupdate     tea\nunchanged  tax\n")
        #expect(dry.run.stderr.hasSuffix("1 to update, 2 unchanged, 1 of others left alone; nothing was changed\n"), "\(dry.run.stderr)")
        let changed = try publish()
        #expect(changed.writes == ["PUT \(URL(string: server.url)!.path)/tea@home.example.ics"])
        #expect(changed.run.stdout == "unchanged  bins\nupdate     tea\nunchanged  tax\n")

        // An edit made on the server is reported and overwritten.
        let path = URL(string: server.url)!.path
        let stored = try server.send("GET", "bins@home.example.ics")
        let edited = stored.body.replacingOccurrences(of: "SUMMARY:Put the bins out", with: "SUMMARY:Bins (moved)")
        #expect(edited != stored.body)
        #expect(
            [200, 201, 204].contains(
                try server.send("PUT", "bins@home.example.ics", body: edited, headers: ["Content-Type": "text/calendar"]).status))
        let kept = try publish(["--keep-server-edits"])
        #expect(kept.writes == [])
        #expect(kept.run.stdout.contains("kept       bins (edited on the server since it was published; kept)\n"), "\(kept.run.stdout)")
        let overwritten = try publish()
        #expect(overwritten.writes == ["PUT \(path)/bins@home.example.ics"])
        #expect(overwritten.run.stdout.contains("update     bins (edited on the server since it was published; overwritten)\n"))
        #expect(try server.send("GET", "bins@home.example.ics").body.contains("SUMMARY:Put the bins out"))

        // A reminder removed from the file is deleted; the party stays.
        try Data(Self.three.replacingOccurrences(of: "  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}\n", with: "").utf8)
            .write(to: file)
        let removed = try publish()
        #expect(removed.writes == ["DELETE \(path)/tea@home.example.ics"])
        #expect(removed.run.stdout.contains("delete     tea\n"))
        #expect(try server.send("GET", "party.ics").status == 200)
        let others = try publish(["--delete-others"])
        #expect(others.writes == ["DELETE \(path)/party.ics"])
        #expect(others.run.stdout.contains("delete     party@elsewhere (another's, --delete-others)\n"), "\(others.run.stdout)")
    }
}

extension PublishTests {
    /// Another client's event with the UID of `id`, as its own resource.
    static func theirs(_ id: String) -> String {
        foreign.replacingOccurrences(of: "UID:party@elsewhere", with: "UID:\(id)@home.example")
    }

    /// A UID another client's resource holds is named, never overwritten:
    /// found in the listing before anything is sent; when the other
    /// client writes it between the listing and the PUT, in the server's
    /// refusal (Radicale 409, Xandikos 412, both `no-uid-conflict`), or, where
    /// the server takes both (SabreDAV), on the next run.
    @Test(
        .enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"),
        arguments: ["radicale", "xandikos", "sabredav"])
    func aUIDAnotherClientHoldsIsNamedAsSuch(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home.yaml")
        let path = URL(string: server.url)!.path
        func publish(_ yaml: String) throws -> (run: EndToEndTests.Run, writes: [String]) {
            try Data(yaml.utf8).write(to: file)
            let before = server.requests.count
            let run = try Self.publish(to: server, [server.url, file.path], state: folder.appendingPathComponent("state"))
            return (run, server.writes(since: before))
        }
        let bins = Self.three.replacingOccurrences(of: "  - {id: tea, title: Tea, at: 2026-12-01 16:00, repeat: daily}\n", with: "")
            .replacingOccurrences(of: "  - {id: tax, title: Tax return, at: 2027-05-31, todo: true}\n", with: "")
        #expect(try publish(bins).run.status == 0)
        #expect(try server.send("PUT", "their-tea.ics", body: Self.theirs("tea"), headers: ["Content-Type": "text/calendar"]).status == 201)

        // Held before: named from the listing, nothing sent for it.
        let listed = try publish(Self.three)
        #expect(listed.run.status == 1)
        #expect(
            listed.run.stdout == "unchanged  bins\nfailed     tea: taken: UID is held by \(path)/their-tea.ics, a resource this "
                + "publisher did not write (--delete-others replaces it)\ncreate     tax\n", "\(listed.run.stdout)")
        #expect(listed.writes == ["PUT \(path)/tax@home.example.ics"])
        #expect(try server.send("GET", "their-tea.ics").body.contains("SUMMARY:Party"))

        // Written by the other client between the listing and the PUT.
        try server.faults(#"{"before": {"walk@home.example.ics": ["\#(path)/their-walk.ics", \#(Self.json(Self.theirs("walk")))]}}"#)
        let four = Self.three + "  - {id: walk, title: Walk, at: 2026-12-02 08:00, repeat: daily}\n"
        let raced = try publish(four)
        try server.faults(nil)
        #expect(raced.writes == ["PUT \(path)/their-walk.ics", "PUT \(path)/walk@home.example.ics"])
        #expect(try server.send("GET", "their-walk.ics").body.contains("SUMMARY:Party"))
        let next = try publish(four)
        #expect(next.writes == [])
        if kind.hasPrefix("sabredav") {
            // SabreDAV takes a second resource of a UID: the next run says
            // the calendar holds both.
            #expect(raced.run.status == 1, "tea is still taken")
            #expect(raced.run.stdout.contains("create     walk\n"), "\(raced.run.stdout)")
            #expect(
                next.run.stderr.contains(
                    "warning: 'walk' shares its UID with \(path)/their-walk.ics, which this publisher did not write: "
                        + "calendars show both (--delete-others removes it)\n"), "\(next.run.stderr)")
        } else {
            let line = raced.run.stdout.split(separator: "\n").first {
                $0.hasPrefix("failed     walk: create: \(kind == "radicale" ? 409 : 412) ")
            }
            #expect(line?.hasSuffix("; another resource on the server has this UID") == true, "\(raced.run.stdout)")
            #expect(next.run.stdout.contains("failed     walk: taken: UID is held by \(path)/their-walk.ics"), "\(next.run.stdout)")
        }
        #expect(!next.run.stderr.contains("shares its UID") || kind.hasPrefix("sabredav"))
    }

    /// `text` as a JSON string.
    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }
}

extension PublishTests {
    /// Ten reminders, for the faults: enough to be stopped midway.
    static let ten =
        "uid-domain: faults.example\ntimezone: UTC\nreminders:\n"
        + (0..<10).map { "  - {id: r\($0), title: Reminder \($0), at: 2026-12-0\($0 % 9 + 1) 09:00, repeat: weekly}\n" }.joined()

    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"))
    func aWrongPasswordStopsWithoutShowingIt() throws {
        let server = try Server("radicale", htpasswd: "alice:s3cret-word")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.ten.utf8).write(to: file)
        let state = folder.appendingPathComponent("state")
        let wrong = try Self.publish(
            [server.url, file.path, "--user", "alice"], state: state, environment: ["REMINDC_PASSWORD": "not-the-password"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("Error: the server refused the login (401, Basic) of user 'alice'"), "\(wrong.stderr)")
        #expect(!(wrong.stdout + wrong.stderr).contains("not-the-password"))
        #expect(server.writes(since: 0) == [])
        // The same through ~/.netrc, and then right.
        try Data("machine 127.0.0.1 login alice password \"s3cret-word\"\n".utf8).write(to: folder.appendingPathComponent(".netrc"))
        let right = try Self.publish([server.url, file.path], state: state, environment: ["HOME": folder.path])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(!(right.stdout + right.stderr).contains("s3cret"))
        #expect(right.stderr.contains("10 created"))
    }

    /// A UID of any length is published: servers that keep a member as a
    /// file of its name (Radicale, Xandikos) get a name of at most 128
    /// bytes, and the next run finds the member by its UID, unchanged.
    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"), arguments: ["radicale", "xandikos"])
    func aLongIdIsPublished(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        let id = String(repeating: "a", count: 300)
        try Data(
            """
            uid-domain: home.example
            timezone: UTC
            reminders:
              - {id: \(id), title: Bins, at: 2026-12-01 19:00, repeat: weekly}

            """.utf8
        ).write(to: file)
        let state = folder.appendingPathComponent("state")
        let first = try Self.publish([server.url, file.path], state: state)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let put = server.writes(since: 0).filter { $0.hasPrefix("PUT ") }
        #expect(put.count == 1 && put[0].split(separator: "/").last!.utf8.count <= 128, "\(put)")
        let again = try Self.publish([server.url, file.path], state: state)
        #expect(again.status == 0)
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
    }

    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"))
    func aServerThatStopsMidwayLeavesWholeResourcesAndTheNextRunFinishes() throws {
        let server = try Server("radicale")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.ten.utf8).write(to: file)
        // The calendar is made, then four writes pass and every later one
        // finds the connection closed.
        try server.faults(#"{"close_after": 5}"#)
        let state = folder.appendingPathComponent("state")
        let stopped = try Self.publish([server.url, file.path, "--timeout", "5"], state: state)
        #expect(stopped.status == 1)
        let lines = stopped.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("create ") }.count == 4, "\(stopped.stdout)")
        #expect(lines.filter { $0.hasPrefix("failed ") }.count == 6)
        #expect(stopped.stderr.contains("4 created, 6 failed"), "\(stopped.stderr)")
        try server.faults(nil)
        let finished = try Self.publish([server.url, file.path], state: state)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.contains("6 created, 4 unchanged"), "\(finished.stderr)")
    }

    @Test(
        .enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"),
        arguments: [(412, "Precondition Failed"), (409, "Conflict"), (500, "Internal Server Error")])
    func aResourceTheServerRefusesIsNamedAndTheOthersArePublished(_ status: Int, _ reason: String) throws {
        let server = try Server("radicale")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.ten.utf8).write(to: file)
        try server.faults(#"{"status": {"r3@": \#(status)}}"#)
        let run = try Self.publish([server.url, file.path], state: folder.appendingPathComponent("state"))
        #expect(run.status == 1)
        let failure = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("failed ") })
        #expect(failure.hasPrefix("failed     r3: create: \(status) \(reason): injected failure"), "\(failure)")
        #expect(run.stderr.contains("9 created, 1 failed"), "\(run.stderr)")
    }

    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"))
    func aSlowServerTimesOut() throws {
        let server = try Server("xandikos")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.ten.utf8).write(to: file)
        try server.faults(#"{"delay": 3}"#)
        let run = try Self.publish([server.url, file.path, "--timeout", "1"], state: folder.appendingPathComponent("state"))
        #expect(run.status == 2)
        #expect(run.stderr == "Error: cannot reach the calendar \(server.url): no answer within 1 s\n", "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var environment: [String: String] = [:]
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// What `publish` refuses before it sends anything: exit 2, the message.
    @Test(arguments: [
        Refusal(
            arguments: ["publish", "http://calendar.example.com/dav/", "examples"],
            stderr:
                "Error: plain http to calendar.example.com would send the password and reminders unencrypted: use https, or --insecure\n"),
        Refusal(
            arguments: ["publish", "https://bob:pw@calendar.example.com/dav/", "examples"],
            stderr: "Error: the URL must not hold a login: give --user, and the password in REMINDC_PASSWORD or ~/.netrc\n"),
        Refusal(
            arguments: ["publish", "ftp://bob:PASSWORD@calendar.example.com/dav/", "examples"],
            stderr: "Error: 'ftp://bob:***@calendar.example.com/dav/' is not an http or https URL of a calendar collection\n"),
        Refusal(
            arguments: ["publish", "calendar.example.com/dav/", "examples"],
            stderr: "Error: 'calendar.example.com/dav/' is not an http or https URL of a calendar collection\n"),
        Refusal(
            arguments: ["publish", "https://calendar.example.com/dav/", "examples", "--user", "bob"],
            stderr: "Error: --user needs the password in REMINDC_PASSWORD or in ~/.netrc\n"),
        Refusal(arguments: ["publish", "https://calendar.example.com/dav/"], stderr: "Error: Missing expected argument '<path> ...'\n"),
        Refusal(arguments: ["publish"], stderr: "Error: Missing expected argument '<url>'\n"),
        Refusal(
            arguments: ["publish", "https://calendar.example.com/dav/", "examples", "--timeout", "0"],
            stderr: "Error: --timeout takes seconds between 0 and 3600, not '0'\n"),
        Refusal(
            arguments: ["publish", "https://calendar.example.com/dav/", "examples", "--name", "my team"],
            stderr: "Error: --name must be letters, digits, '.', '_' and '-'\n"),
        Refusal(
            arguments: ["publish", "https://calendar.example.com/dav/", "examples", "--connections", "0"],
            stderr: "Error: --connections takes a number from 1 to 32, not '0'\n"),
        Refusal(
            arguments: ["publish", "https://calendar.example.com/dav/", "examples", "--ca-file", "no-such-ca.pem"],
            stderr: "Error: --ca-file 'no-such-ca.pem' is not a file remindc can read\n"),
        Refusal(
            arguments: ["publish", "http://127.0.0.1:9/dav/", "examples"],
            stderr: "Error: cannot reach the calendar http://127.0.0.1:9/dav/: "),
        Refusal(
            arguments: ["publish", "https://cloud.example.com", "examples"],
            stderr:
                "Error: https://cloud.example.com is a server's address, not a calendar's: give --calendar NAME to find (or make) the calendar NAME of the account\n"
        ),
        Refusal(
            arguments: ["publish", "https://cloud.example.com/.well-known/caldav", "examples"],
            stderr: "Error: https://cloud.example.com/.well-known/caldav is a server's address, not a calendar's: give --calendar NAME"),
        Refusal(
            arguments: ["publish", "https://cloud.example.com", "--calendar", " ", "examples"],
            stderr: "Error: --calendar takes a calendar's name, not ' '\n"),
        Refusal(
            arguments: ["publish", "https://cloud.example.com", "--calendar", "a/b", "examples"],
            stderr: "Error: --calendar takes a calendar's name, not 'a/b'\n"),
        Refusal(
            arguments: ["publish", "http://127.0.0.1:9/", "--calendar", "Team", "examples"],
            stderr: "Error: cannot find the calendar 'Team': http://127.0.0.1:9/.well-known/caldav: "),
    ])
    func refusals(_ c: Refusal) throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try EndToEndTests.run(
            c.arguments + Self.now,
            environment: ["HOME": home.path, "XDG_STATE_HOME": "", "REMINDC_PASSWORD": ""]
                .merging(c.environment) { $1 })
        #expect(run.status == 2)
        // What the files' checks say comes first (`check --for caldav`'s
        // warnings), then the refusal.
        let refusal = run.stderr.range(of: "Error: ").map { String(run.stderr[$0.lowerBound...]) } ?? run.stderr
        #expect(refusal.hasPrefix(c.stderr), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}

extension PublishTests {
    /// A sync token the server no longer knows (403 or 412, by server)
    /// means a full listing, and the run goes on.
    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"), arguments: ["radicale", "xandikos"])
    func aRefusedSyncTokenFallsBackToAFullListing(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.ten.utf8).write(to: file)
        let state = folder.appendingPathComponent("state")
        #expect(try Self.publish([server.url, file.path], state: state).status == 0)
        let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: state.path + "/remindc/publish").first)
        let path = state.path + "/remindc/publish/" + kept
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let token = try #require(text.range(of: #""token":"[^"]*""#, options: .regularExpression))
        let forged = kind == "radicale" ? "http://radicale.org/ns/sync/" + String(repeating: "0", count: 64) : "12345"
        try Data(text.replacingCharacters(in: token, with: "\"token\":\"\(forged.replacingOccurrences(of: "/", with: "\\/"))\"").utf8)
            .write(to: URL(fileURLWithPath: path))
        let before = server.requests.count
        let run = try Self.publish([server.url, file.path], state: state)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("the server no longer knew the last run's sync token, so listed in full; 10 unchanged"), "\(run.stderr)")
        #expect(server.writes(since: before) == [])
        let again = try Self.publish([server.url, file.path], state: state)
        #expect(again.stderr.contains("changes since the last run (0 read); 10 unchanged"), "\(again.stderr)")
    }
}

extension PublishTests {
    /// Two files that give one UID to two reminders: refused before any
    /// request (nothing listens on port 9, and the error is the files').
    @Test func twoRemindersWithOneUIDAreRefusedBeforeAnythingIsSent() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try Self.publish(["http://127.0.0.1:9/dav/", "\(EndToEndTests.fixtures)/across/uid"], state: home)
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "\(EndToEndTests.fixtures)/across/uid/work.yaml:4:10: error: the UID 'bins@family.example' "
                    + "is also another file's [duplicate-uid]\n"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "= note: 'bins@family.example' is first the UID of the reminder at "
                    + "\(EndToEndTests.fixtures)/across/uid/home.yaml:5:10\n"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("1 error in 1 of 2 files\n"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A reminder written with another's UID (`standup-extra`, and the
    /// `-extra` component of `standup`) is refused at its place before
    /// anything is sent, as `check --for caldav` reports it.
    @Test func aComponentWithAnotherRemindersUIDIsRefusedBeforeAnythingIsSent() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = "\(EndToEndTests.fixtures)/ics/uid-clash.yaml"
        let run = try Self.publish(["http://127.0.0.1:9/dav/", path], state: home)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "\(path):8:10: error: 'standup-extra' and 'standup' are both written with the UID "
                    + "'standup-extra@team.example' [duplicate-uid]\n"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let check = try EndToEndTests.run(["check", "--for", "caldav", "--quiet", path] + Self.now)
        #expect(check.status == 1 && check.stdout.contains("[duplicate-uid]"), "\(check.stdout)")
    }

    /// A URL that is a collection but no calendar, and one whose parent is
    /// missing: exit 2, the reason, nothing written.
    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"))
    func aCollectionThatIsNoCalendarOrCannotBeMadeStops() throws {
        let server = try Server("radicale")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.yaml")
        try Data(Self.ten.utf8).write(to: file)
        let root = server.url.replacingOccurrences(of: "/remindc/calendar/", with: "")
        let plain = try Self.publish([root + "/remindc/", file.path], state: folder)
        #expect(plain.status == 2)
        #expect(
            plain.stderr
                == "Error: \(root)/remindc/ is not a calendar collection; give --calendar NAME to use the calendar NAME of the account\n",
            "\(plain.stderr)")
        // A dry run finds the missing collection above too, sending no write.
        let dry = try Self.publish([root + "/nobody/calendar/", file.path, "--dry-run"], state: folder)
        #expect(dry.status == 2)
        #expect(
            dry.stderr == "Error: the calendar \(root)/nobody/calendar/ does not exist and cannot be created: "
                + "the collection above it, \(root)/nobody/, does not exist\n", "\(dry.stderr)")
        #expect(dry.stdout.isEmpty)
        let orphan = try Self.publish([root + "/nobody/calendar/", file.path], state: folder)
        #expect(orphan.status == 2)
        #expect(
            orphan.stderr == "Error: the calendar \(root)/nobody/calendar/ does not exist and cannot be created: 409 Conflict: "
                + "Conflict in the request.; the collection above it does not exist\n", "\(orphan.stderr)")
        #expect(server.writes(since: 0).filter { $0.hasPrefix("PUT") } == [])
    }
}

extension PublishTests {
    /// From the server's address or the principal's to a calendar by name,
    /// on each server: a dry run finds where it would be made and writes
    /// nothing; the run makes it, named; a run from the principal finds it
    /// again and changes nothing. A wrong password is named at discovery.
    @Test(
        .enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"),
        arguments: ["radicale", "xandikos", "sabredav"])
    func aCalendarIsFoundByNameFromTheServersAddressOrThePrincipals(_ kind: String) throws {
        let server = try Server(kind)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home.yaml")
        try Data(Self.three.utf8).write(to: file)
        let base = URL(string: server.url)!
        let root = "\(base.scheme!)://\(base.host!):\(base.port!)/"
        let principal = root + ["radicale": "remindc/", "xandikos": "user/", "sabredav": "dav.php/principals/remindc/"][kind]!
        // Radicale without logins takes any, and needs one to name its user.
        let login = server.login ?? (user: "remindc", password: "any")
        func publish(
            _ address: String, _ extra: [String] = [], password: String? = nil
        ) throws -> (run: EndToEndTests.Run, writes: [String]) {
            let before = server.requests.count
            let run = try Self.publish(
                [address, "--calendar", "Team reminders", "--user", login.user, file.path] + extra,
                state: folder.appendingPathComponent("state"), environment: ["REMINDC_PASSWORD": password ?? login.password])
            return (run, server.writes(since: before))
        }
        let dry = try publish(root, ["--dry-run"])
        #expect(dry.run.status == 0, "\(dry.run.stderr)")
        #expect(dry.writes == [])
        #expect(
            dry.run.stderr.contains("team-reminders/: would create the calendar; 3 to create; nothing was changed"), "\(dry.run.stderr)")
        let made = try publish(root)
        #expect(made.run.status == 0, "\(made.run.stderr)")
        #expect(made.run.stderr.contains("team-reminders/: created the calendar; 3 created"), "\(made.run.stderr)")
        #expect(made.writes.first?.hasPrefix("MKCALENDAR ") == true, "\(made.writes)")
        let calendar = try #require(made.writes.first.map { String($0.dropFirst("MKCALENDAR ".count)) })
        let named = try server.send(
            "PROPFIND", calendar,
            body: """
                <?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>
                """, headers: ["Depth": "0", "Content-Type": "application/xml"])
        #expect(named.body.contains(">Team reminders<"), "\(named.body)")
        let again = try publish(principal)
        #expect(again.run.status == 0, "\(again.run.stderr)")
        #expect(
            again.run.stderr.contains("team-reminders/: 3 unchanged") || again.run.stderr.contains("; 3 unchanged"), "\(again.run.stderr)")
        #expect(again.writes == [])
        if server.login != nil {
            let wrong = try publish(root, ["--dry-run"], password: "not-the-password")
            #expect(wrong.run.status == 2)
            #expect(
                wrong.run.stderr.contains("Error: cannot find the calendar 'Team reminders': the server refused the login (401"),
                "\(wrong.run.stderr)")
            #expect(!wrong.run.stderr.contains("not-the-password"))
        }
    }
}

extension PublishTests {
    /// SabreDAV with its Digest backend alone (a Baïkal setting): the
    /// right password publishes, a wrong one is refused with the scheme
    /// named and exit 2, and the password is never printed.
    @Test(.enabled(if: available, "needs Radicale, Xandikos and caldav in .build/oracle-venv"))
    func aDigestOnlySabreDAVTakesTheRightPasswordAndNamesARefusal() throws {
        let server = try Server("sabredav-digest")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home.yaml")
        try Data(Self.three.utf8).write(to: file)
        let state = folder.appendingPathComponent("state")
        let right = try Self.publish(to: server, [server.url, file.path], state: state)
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stderr.hasSuffix("created the calendar; 3 created\n"), "\(right.stderr)")
        let wrong = try Self.publish(
            [server.url, file.path, "--user", "remindc"], state: state,
            environment: ["REMINDC_PASSWORD": "not-the-password"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the server refused the login (401, Digest) of user 'remindc'"), "\(wrong.stderr)")
        #expect(!(wrong.stdout + wrong.stderr).contains("not-the-password"))
    }
}
