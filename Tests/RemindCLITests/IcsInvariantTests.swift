import Foundation
import Testing
@testable import RemindCLI

/// What every .ics remindc writes holds, whatever the reminders, so that
/// every reader and server expands it the one way: over the examples, every
/// fixture that writes at all and the client matrix's generated set,
///
/// - no RDATE comes before its component's DTSTART, and no component has
///   both RRULE and RDATE (sabre/vobject, behind Nextcloud and Baïkal,
///   reads the RDATEs instead of the rule);
/// - DTSTART is never an EXDATE (sabre/vobject 2.1 keeps it);
/// - no Gregorian repeat is written with RSCALE, which Radicale and
///   SabreDAV refuse.
@Suite struct IcsInvariantTests {
    /// Every reminder file the tests keep: examples and fixtures.
    static func files() throws -> [String] {
        let root = EndToEndTests.root
        var found: [String] = []
        for folder in ["examples", "examples-lint", "Tests/RemindCLITests/Fixtures"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { found.append(root.appendingPathComponent(folder).path + "/" + path) }
            }
        }
        return found.sorted()
    }

    /// One component's properties as written: name, parameters, value.
    struct Component {
        var lines: [(name: String, parameters: String, value: String)] = []
        func values(_ name: String) -> [String] {
            lines.filter { $0.name == name }.flatMap { $0.value.split(separator: ",").map(String.init) }
        }
    }

    /// The VEVENTs and VTODOs of an .ics, lines unfolded.
    static func components(_ text: String) -> [Component] {
        var found: [Component] = []
        var current: Component?
        var depth = 0
        for line in text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n") {
            if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" {
                current = Component()
                depth = 0
                continue
            }
            if line.hasPrefix("BEGIN:") { depth += 1 }
            if line.hasPrefix("END:") && depth > 0 { depth -= 1; continue }
            if line == "END:VEVENT" || line == "END:VTODO" {
                if let done = current { found.append(done) }
                current = nil
                continue
            }
            guard current != nil, depth == 0, let colon = line.firstIndex(of: ":") else { continue }
            let head = line[..<colon]
            let name = head.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let parameters = head.contains(";") ? String(head[head.index(after: head.firstIndex(of: ";")!)...]) : ""
            current!.lines.append((name, parameters, String(line[line.index(after: colon)...])))
        }
        return found
    }

    /// The invariant's breaches in one written calendar.
    static func breaches(_ text: String) -> [String] {
        var found: [String] = []
        for component in components(text) {
            let uid = component.values("UID").first ?? "?"
            guard let start = component.values("DTSTART").first ?? component.values("DUE").first else { continue }
            let rule = component.values("RRULE").joined(separator: ",")
            let additions = component.values("RDATE")
            if rule.uppercased().contains("RSCALE=GREGORIAN") { found.append("\(uid): RSCALE=GREGORIAN") }
            if !rule.isEmpty && !additions.isEmpty { found.append("\(uid): RRULE and RDATE") }
            for addition in additions where addition < start { found.append("\(uid): RDATE \(addition) before DTSTART \(start)") }
            if component.values("EXDATE").contains(start) { found.append("\(uid): EXDATE is DTSTART \(start)") }
        }
        return found
    }

    static func written(_ path: String) -> String? {
        let outcome = Remindc.run(
            Invocation(
                arguments: ["ics", "--now", "2026-11-29T12:00:00Z", path], environment: ["TZ": "UTC"],
                stdoutIsTerminal: false))
        return outcome.status == 0 ? outcome.stdout : nil
    }

    @Test func everyFileTheTestsKeep() throws {
        var checked = 0
        for path in try Self.files() {
            guard let text = Self.written(path) else { continue }
            checked += 1
            let breaches = Self.breaches(text)
            #expect(breaches.isEmpty, "\(path): \(breaches.prefix(5))")
        }
        #expect(checked > 30, "only \(checked) files wrote a calendar")
    }

    @Test func theGeneratedSet() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remindc-invariant-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(IcsOracleTests.generatedFile(count: 400).utf8).write(to: URL(fileURLWithPath: path))
        let text = try #require(Self.written(path))
        #expect(Self.breaches(text).isEmpty, "\(Self.breaches(text).prefix(10))")
        // The set holds what the invariant is about.
        #expect(text.contains("-extra@") && text.contains("-skip1@") && text.contains("BYYEARDAY=60"))
    }

    /// The check itself finds each breach.
    @Test func theCheckFindsEachBreach() {
        let calendar = [
            "BEGIN:VEVENT", "UID:a", "DTSTART:20270303T024500", "RRULE:RSCALE=GREGORIAN;FREQ=WEEKLY",
            "RDATE:20270301T024500", "EXDATE:20270303T024500", "END:VEVENT", "",
        ].joined(separator: "\r\n")
        #expect(
            Self.breaches(calendar) == [
                "a: RSCALE=GREGORIAN", "a: RRULE and RDATE", "a: RDATE 20270301T024500 before DTSTART 20270303T024500",
                "a: EXDATE is DTSTART 20270303T024500",
            ])
    }
}
