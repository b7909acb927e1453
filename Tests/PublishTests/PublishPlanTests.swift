import Foundation
import CalDAV
@testable import Publish
import Recurrence
import ReminderModel
import ReminderOutput
import YAMLSyntax
import Testing

/// The resources cut from a calendar, their digests, and the plan that
/// brings a collection in step, as tables of small cases.
struct PublishPlanTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//remindc//remindc 0.1.0//EN\r
        CALSCALE:GREGORIAN\r
        NAME:Home\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:19700329T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VTIMEZONE\r
        TZID:Asia/Tokyo\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0900\r
        TZOFFSETTO:+0900\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:bins@home\r
        X-REMINDC-ID:bins\r
        DTSTAMP:20261201T000000Z\r
        DTSTART;TZID=Europe/Berlin:20261201T190000\r
        SUMMARY:Put the bins out and make sure the lids are closed because of the f\r
         oxes\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:PT0S\r
        DESCRIPTION:Bins\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VTODO\r
        UID:tax@home\r
        X-REMINDC-ID:tax\r
        DTSTAMP:20261201T000000Z\r
        DUE;VALUE=DATE:20270531\r
        SUMMARY:Tax return\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// The resources of `calendar` as `publish` makes them from the
    /// writer's objects: one per UID, with the header and the zones its
    /// components name. (The writer makes the objects itself; the tests
    /// cut them from a text to vary it.)
    static func resources(_ calendar: String, publisher: String) -> [CalendarResource] {
        let root = Self.cut(calendar).first { $0.name == "VCALENDAR" }!
        func property(_ component: ContentComponent, _ name: String) -> String? {
            component.properties.first { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }.map {
                String($0[$0.index(after: $0.firstIndex(of: ":")!)...])
            }
        }
        func zones(_ component: ContentComponent) -> [String] {
            component.properties.compactMap { line -> String? in
                guard let range = line.range(of: ";TZID=") else { return nil }
                return String(line[range.upperBound...].prefix { $0 != ":" && $0 != ";" })
            } + component.components.flatMap(zones)
        }
        let header = root.properties.filter { line in ["VERSION:", "PRODID:", "CALSCALE:"].contains { line.hasPrefix($0) } }
        let timeZones = root.components.filter { $0.name == "VTIMEZONE" }
        // The components of one UID (a series and the occurrences written
        // again) are one object.
        var byUID: [(uid: String, components: [ContentComponent])] = []
        for component in root.components where component.name != "VTIMEZONE" {
            let uid = property(component, "UID")!
            if let index = byUID.firstIndex(where: { $0.uid == uid }) {
                byUID[index].components.append(component)
            } else {
                byUID.append((uid, [component]))
            }
        }
        let objects = byUID.map { uid, components in
            let used = Set(components.flatMap(zones))
            let calendar = ContentComponent(
                name: "VCALENDAR", properties: header,
                components: timeZones.filter { used.contains(property($0, "TZID")!) } + components)
            return CalendarObject(uid: uid, reminderID: property(components[0], "X-REMINDC-ID")!, calendar: calendar)
        }
        return CalendarResource.resources(objects, publisher: publisher)
    }

    /// The components of iCalendar text as the writer's, each line as
    /// written (unfolded).
    static func cut(_ text: String) -> [ContentComponent] {
        var stack: [ContentComponent] = []
        var top: [ContentComponent] = []
        for line in text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n") where !line.isEmpty {
            if line.hasPrefix("BEGIN:") {
                stack.append(ContentComponent(name: String(line.dropFirst(6))))
            } else if line.hasPrefix("END:") {
                let done = stack.removeLast()
                if stack.isEmpty { top.append(done) } else { stack[stack.count - 1].components.append(done) }
            } else {
                stack[stack.count - 1].properties.append(line)
            }
        }
        return top
    }

    /// The writer's objects hold exactly what its calendar holds: for
    /// every example, the resources made from `objects` are those cut
    /// from `write`'s text, byte for byte, digests included.
    @Test func theWritersObjectsAreItsCalendarCutByUID() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let files = try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            // (Its path as a command is given it: a holiday calendar is read beside it.)
            return ScheduledFile(
                try #require(ReminderFile.load(bytes, path: folder.appendingPathComponent(name).path).file), floatingZone: zone)
        }
        #expect(files.count >= 5)
        let writer = ICalendarWriter(options: .init(now: Instant(secondsSince1970: 1_796_083_200), workingFolder: folder.path))
        let made = CalendarResource.resources(writer.objects(files), publisher: "home")
        let cut = Self.resources(String(decoding: writer.write(files), as: UTF8.self), publisher: "home")
        #expect(made.count == cut.count)
        for (one, other) in zip(made, cut) {
            #expect(one == other, "\(one.uid)")
        }
    }

    @Test func oneResourcePerUIDWithOnlyTheZonesItUses() throws {
        let resources = Self.resources(Self.calendar, publisher: "home")
        #expect(resources.map(\.uid) == ["bins@home", "tax@home"])
        #expect(resources.map(\.reminderID) == ["bins", "tax"])
        #expect(resources.map(\.name) == ["bins@home.ics", "tax@home.ics"])
        let bins = resources[0].text
        #expect(bins.contains("TZID:Europe/Berlin\r\n"))
        #expect(!bins.contains("Asia/Tokyo"))
        #expect(!bins.contains("NAME:Home"), "a resource is not a calendar's header")
        #expect(!bins.contains("METHOD"))
        // The digest's line is longer than 75 octets, so folded.
        let digestLine = "X-REMINDC-DIGEST:\(resources[0].digest)"
        #expect(
            bins.contains("X-REMINDC-ID:bins\r\nX-REMINDC-PUBLISHER:home\r\n\(digestLine.prefix(75))\r\n \(digestLine.dropFirst(75))\r\n"))
        #expect(bins.contains("closed because of the f\r\n oxes\r\n"), "folded lines stay as written")
        #expect(!resources[1].text.contains("VTIMEZONE"))
        let read = RemoteResource(href: "/cal/x.ics", etag: "\"1\"", data: bins)
        #expect(read.uid == "bins@home" && read.publisher == "home" && read.reminderID == "bins")
        #expect(read.publishedDigest == resources[0].digest && !read.editedOnServer)
    }

    /// What servers do to stored objects changes no digest: their own
    /// VTIMEZONE and PRODID, properties and parameters reordered, lines
    /// folded elsewhere, LF line ends, durations rewritten, a new DTSTAMP.
    /// A changed value does.
    enum Rewrite: String, CaseIterable {
        case zoneReplaced, propertiesReordered, refolded, lineFeeds, newStamp, durationRewritten, parametersSorted, summaryEdited,
            alarmRemoved

        static let standard = "BEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"

        func apply(_ text: String) -> String {
            switch self {
            case .zoneReplaced:
                return text.replacingOccurrences(
                    of: Self.standard,
                    with:
                        "BEGIN:STANDARD\r\nDTSTART:19961027T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
                )
                .replacingOccurrences(of: "PRODID:-//remindc//remindc 0.1.0//EN", with: "PRODID:-//Server//EN")
            case .propertiesReordered:
                return text.replacingOccurrences(
                    of: "UID:bins@home\r\nX-REMINDC-ID:bins\r\n", with: "X-REMINDC-ID:bins\r\nUID:bins@home\r\n")
            case .refolded: return text.replacingOccurrences(of: "the f\r\n oxes", with: "the foxes")
            case .lineFeeds: return text.replacingOccurrences(of: "\r\n", with: "\n")
            case .newStamp: return text.replacingOccurrences(of: "DTSTAMP:20261201T000000Z", with: "DTSTAMP:20270101T000000Z")
            case .durationRewritten: return text.replacingOccurrences(of: "TRIGGER:PT0S", with: "TRIGGER:P0D")
            case .parametersSorted:
                return text.replacingOccurrences(of: "TRIGGER:PT0S", with: "TRIGGER;VALUE=DURATION;RELATED=START:PT0S")
                    .replacingOccurrences(of: "SUMMARY:Put", with: "summary;x-b=\"2\";X-A=1:Put")
            case .summaryEdited: return text.replacingOccurrences(of: "SUMMARY:Put", with: "SUMMARY:Take")
            case .alarmRemoved:
                return text.replacingOccurrences(
                    of: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:PT0S\r\nDESCRIPTION:Bins\r\nEND:VALARM\r\n", with: "")
            }
        }

        var isEdit: Bool { self == .summaryEdited || self == .alarmRemoved }
    }

    @Test(arguments: Rewrite.allCases)
    func serverRewrites(_ rewrite: Rewrite) throws {
        let bins = Self.resources(Self.calendar, publisher: "home")[0]
        let published =
            rewrite == .parametersSorted
            ? RemoteResource(
                href: "/x", etag: nil,
                data: bins.text.replacingOccurrences(of: "TRIGGER:PT0S", with: "TRIGGER;RELATED=START;VALUE=DURATION:PT0S")
                    .replacingOccurrences(of: "SUMMARY:Put", with: "SUMMARY;X-A=1;X-B=2:Put"))
            : nil
        let stored = rewrite.apply(bins.text)
        if let published {
            // The same lines, parameters reordered and quoted: the same digest.
            #expect(published.digest == RemoteResource(href: "/x", etag: nil, data: stored).digest)
            return
        }
        #expect(stored != bins.text, "the case changes the text")
        #expect(RemoteResource(href: "/x", etag: nil, data: stored).editedOnServer == rewrite.isEdit)
    }

    static func member(_ resource: CalendarResource, href: String, text: String? = nil) -> RemoteResource {
        RemoteResource(href: href, etag: "\"e\"", data: text ?? resource.text)
    }

    @Test func thePlanWritesOnlyWhatDiffers() throws {
        let now = Self.resources(Self.calendar, publisher: "home")
        let changed = Self.resources(Self.calendar.replacingOccurrences(of: "Tax return", with: "Tax return 2026"), publisher: "home")
        let gone = Self.resources(
            Self.calendar.replacingOccurrences(of: "bins@home", with: "old@home")
                .replacingOccurrences(of: "X-REMINDC-ID:bins", with: "X-REMINDC-ID:old"), publisher: "home")[0]
        let others = Self.resources(Self.calendar.replacingOccurrences(of: "bins@home", with: "party@elsewhere"), publisher: "someone")[0]
        let edited = now[0].text.replacingOccurrences(of: "SUMMARY:Put", with: "SUMMARY:Take")
        let members = [
            Self.member(now[0], href: "/c/a.ics", text: edited),
            Self.member(now[1], href: "/c/b.ics"),
            Self.member(gone, href: "/c/old.ics"),
            Self.member(others, href: "/c/party.ics"),
        ]
        let plan = PublishPlan.make(wanted: [now[0], changed[1]], members: members, publisher: "home")
        #expect(
            plan.steps == [
                .update(now[0], members[0], edited: true),
                .update(changed[1], members[1], edited: false),
                .delete(members[2], owned: true),
            ])
        #expect(plan.othersLeft == 1)
        let keeping = PublishPlan.make(wanted: now, members: members, publisher: "home", keepServerEdits: true)
        #expect(keeping.steps.prefix(2) == [.keptEdit(now[0], members[0]), .unchanged(now[1], members[1])])
        let all = PublishPlan.make(wanted: now, members: members, publisher: "home", deleteOthers: true)
        #expect(all.steps.last == .delete(members[3], owned: false))
        #expect(all.othersLeft == 0)
        let fresh = PublishPlan.make(wanted: now, members: [], publisher: "home")
        #expect(fresh.steps == [.create(now[0]), .create(now[1])])
    }

    @Test func aUIDAnotherHoldsIsTakenUnlessOthersMayBeReplaced() throws {
        let mine = Self.resources(Self.calendar, publisher: "home")[0]
        let theirs = RemoteResource(href: "/c/theirs.ics", etag: "\"t\"", data: Self.resources(Self.calendar, publisher: "work")[0].text)
        #expect(PublishPlan.make(wanted: [mine], members: [theirs], publisher: "home").steps == [.taken(mine, theirs)])
        #expect(
            PublishPlan.make(wanted: [mine], members: [theirs], publisher: "home", deleteOthers: true).steps
                == [.update(mine, theirs, edited: false)])
    }

    /// Another's resource beside the publisher's of the same UID (a server
    /// took both) is left and named; `--delete-others` deletes it.
    @Test func anotherResourceBesideThePublishersOfItsUIDIsNamed() throws {
        let mine = Self.resources(Self.calendar, publisher: "home")[0]
        let published = RemoteResource(href: "/c/bins@home.ics", etag: "\"m\"", data: mine.text)
        let theirs = RemoteResource(href: "/c/theirs.ics", etag: "\"t\"", data: Self.resources(Self.calendar, publisher: "work")[0].text)
        let plan = PublishPlan.make(wanted: [mine], members: [theirs, published], publisher: "home")
        #expect(plan.steps == [.unchanged(mine, published)])
        #expect(plan.othersLeft == 1)
        #expect(plan.sharedUIDs == [.init(reminderID: "bins", href: "/c/theirs.ics")])
        let replacing = PublishPlan.make(wanted: [mine], members: [theirs, published], publisher: "home", deleteOthers: true)
        #expect(replacing.steps == [.unchanged(mine, published), .delete(theirs, owned: false)])
        #expect(replacing.sharedUIDs == [])
    }

    @Test(
        arguments: [
            ("-P1W", -604_800), ("-P7D", -604_800), ("PT0S", 0), ("P1DT2H3M4S", 93_784), ("+PT15M", 900),
            ("19970317T133000Z", nil), ("P", nil), ("PT", nil), ("P1H", nil), ("P99999999999999999999D", nil),
        ] as [(String, Int?)])
    func durations(_ text: String, _ seconds: Int?) throws {
        let trigger = try #require(
            CalendarDocument.parse("TRIGGER:" + text, span: SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0)))
        #expect(trigger.canonical == "TRIGGER:" + (seconds.map { "\($0)s" } ?? text))
    }

    @Test(arguments: [
        ("bins@home", "bins@home.ics"),
        ("a b/c", "a%20b%2Fc.ics"),
        ("tée", "t%C3%A9e.ics"),
    ])
    func memberNames(_ uid: String, _ name: String) {
        #expect(CalendarResource.memberName(uid) == name)
    }

    /// A long UID's member name is cut to 128 bytes, at a whole character,
    /// and ends in its digest: two UIDs alike at the start stay apart.
    @Test(arguments: [String(repeating: "a", count: 300) + "@home", String(repeating: "é", count: 80) + "@home"])
    func longMemberNames(_ uid: String) {
        let name = CalendarResource.memberName(uid)
        #expect(name.utf8.count <= 128, "\(name)")
        #expect(name.wholeMatch(of: /(a+|(%C3%A9)+)-[0-9a-f]{16}\.ics/) != nil, "\(name)")
        #expect(CalendarResource.memberName(uid + "x") != name)
        #expect(String(name.prefix(20)) == String(CalendarResource.memberName(String(uid.prefix(40))).prefix(20)))
    }
}

extension PublishPlanTests {
    /// A resource whose event has `rule` (folded as the writer folds a
    /// long line), to be created.
    static func creating(rule: String) -> PublishPlan.Step {
        var line = "RRULE:" + rule
        var folded: [String] = []
        while line.utf8.count > 75 {
            folded.append(String(line.prefix(75)))
            line = " " + line.dropFirst(75)
        }
        folded.append(line)
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x@home\r\nDTSTART:20270517T090000Z\r\n"
            + folded.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        return .create(CalendarResource(uid: "x@home", reminderID: "x", name: "x@home.ics", text: text, digest: "1-x"))
    }

    /// What a refusal means for the step, after the server's own words: a
    /// UID another resource holds, a stale ETag, and the rules servers
    /// refuse (RSCALE; a weekday counted past the fifth, which SabreDAV 4
    /// refuses with a 500), found in the rule however it is folded.
    @Test(
        arguments: [
            (409, "no-uid-conflict", "FREQ=DAILY", "; another resource on the server has this UID"),
            (412, nil, "FREQ=DAILY", "; the server already has a resource by this name or UID"),
            (
                400, nil, "RSCALE=HEBREW;FREQ=YEARLY",
                "; its repeat is written with RSCALE (hebrew), which many servers refuse: "
                    + "publish 'remindc ics --expand' to a calendar instead"
            ),
            (
                500, nil, "FREQ=YEARLY;BYDAY=20MO",
                "; its repeat has BYDAY=20MO, a weekday counted past the 5th, which SabreDAV refuses: "
                    + "'check --for caldav' names each such reminder"
            ),
            (
                500, nil, "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYSETPOS=1,2,3;BYDAY=MO,-1TU,+2WE,-53FR",
                "; its repeat has "
                    + "BYDAY=-53FR, a weekday counted past the 5th, which SabreDAV refuses: 'check --for caldav' names each such reminder"
            ),
            (500, nil, "FREQ=MONTHLY;BYDAY=-5MO,5TU", ""),
            (500, nil, "FREQ=DAILY", ""),
        ] as [(Int, String?, String, String)])
    func refusalsAreExplained(_ status: Int, _ precondition: String?, _ rule: String, _ added: String) {
        let failure = CalendarCollection.Failure.refused(status: status, precondition: precondition, message: "Refused")
        #expect(Publisher.explanation(failure, of: Self.creating(rule: rule)) == failure.description + added)
    }
}
