import Foundation
import Recurrence
import ReminderModel
import ReminderOutput
import YAMLSyntax

/// The reminders remindc's own .ics carries whole (`X-REMINDC-REMINDER`,
/// `ReminderEncoder`): each comes back with the keys it was written with
/// (`if-holiday`, `working-day`, leads in working days, `times:`,
/// `grace`, its holidays), not as the components it became, when those
/// components are still what the writer makes of it. A calendar changed
/// since (an occurrence moved in a calendar app, an event deleted) is read
/// from its components, and said.
extension ImportRun {
    /// One reminder a component carries, not yet checked.
    struct Carried {
        var component: CalendarDocument.Component
        var mapping: YAMLValue
        var id: String
        /// The UID's domain: the file it is checked in has it as `uid-domain`.
        var domain: String
        /// When it was written (DTSTAMP): how far the writer moved its
        /// occurrences off holidays depends on it.
        var written: Instant
    }

    /// Takes out of `masters` and `changed` the components of each
    /// reminder carried whole whose components the writer makes again as
    /// they are, and gives that reminder, in the order of the components
    /// that carried them, for `addCarried`.
    mutating func readCarried(
        masters: inout [CalendarDocument.Component], changed: inout [String: [CalendarDocument.Component]],
        context: Context
    ) -> [(component: CalendarDocument.Component, draft: Draft)] {
        guard context.writtenByRemindc else { return [] }
        var found: [Carried] = []
        for component in masters {
            guard let property = component.property(ICalendarWriter.reminderProperty) else { continue }
            guard let id = component.property("X-REMINDC-ID")?.text, let uid = component.uid, importedUIDs[uid] == nil,
                let mapping = YAMLValue(parsing: property.text), case .mapping = mapping, mapping["id"]?.scalarText == id,
                // A holiday file is a path to read: never one a calendar names.
                !mapping.hasKey("files"), Self.isOwnUID(uid, id: id, mapping: mapping)
            else {
                noteOnce(
                    "carried \(context.path)", .info,
                    "the reminder this event carries (\(ICalendarWriter.reminderProperty)) is not one remindc writes: the event is read from its properties (so is any other such)",
                    path: context.path, span: property.span)
                continue
            }
            let domain = uid.lastIndex(of: "@").map { String(uid[uid.index(after: $0)...]) } ?? "example"
            let stamp = component.property("DTSTAMP").flatMap { CalendarTime.parse($0.value, tzid: nil) }
            guard case .utc(let local)? = stamp else { continue }
            found.append(
                Carried(
                    component: component, mapping: mapping, id: id, domain: Self.isDomain(domain) ? domain : "example",
                    written: WallTime(local).instant(offset: 0)))
        }
        guard !found.isEmpty else { return [] }
        var read: [(component: CalendarDocument.Component, draft: Draft)] = []
        var taken = Set<String>()
        // Checked a batch at a time: those of one domain, written at once.
        var order: [BatchKey] = []
        var batches: [BatchKey: [Carried]] = [:]
        for carried in found {
            let key = BatchKey(domain: carried.domain, written: carried.written)
            if batches[key] == nil { order.append(key) }
            batches[key, default: []].append(carried)
        }
        // The file's components by UID, looked up once each.
        var mastersByUID: [String: [Int]] = [:]
        for (index, component) in masters.enumerated() {
            if let uid = component.uid { mastersByUID[uid, default: []].append(index) }
        }
        for key in order {
            let group = batches[key]!
            let written = Self.components(writtenFor: group, domain: key.domain, now: key.written)
            for carried in group {
                // The components the writer makes of the reminder, by UID,
                // against those of the file.
                guard let made = written[carried.id], !made.isEmpty else {
                    noteChanged(carried, context: context)
                    continue
                }
                let uids = Set(made.compactMap(\.uid))
                let held = uids.flatMap { uid in (mastersByUID[uid] ?? []).map { masters[$0] } + (changed[uid] ?? []) }
                guard Self.signatures(held) == Self.signatures(made) else {
                    noteChanged(carried, context: context)
                    continue
                }
                guard var draft = draft(of: carried.component, context: context) else { continue }
                // Known by the reminder's id and UID, whichever of its
                // components carried it.
                draft.carried = carried.mapping
                draft.id = carried.id
                if case .text(let uid)? = carried.mapping["uid"] {
                    draft.uid = uid
                    draft.remindcDomain = nil
                } else {
                    draft.uid = ReminderFile.uid(carried.id, domain: carried.domain)
                    draft.remindcDomain = carried.domain
                }
                taken.formUnion(uids)
                read.append((carried.component, draft))
            }
        }
        masters.removeAll { $0.uid.map(taken.contains) ?? false }
        for uid in taken { changed[uid] = nil }
        return read.sorted { $0.component.span.start < $1.component.span.start }
    }

    /// Adds a reminder `readCarried` gave.
    mutating func addCarried(_ read: (component: CalendarDocument.Component, draft: Draft)) {
        if let uid = read.component.uid { importedUIDs[uid] = (read.component, drafts.count, read.draft.path) }
        add(read.draft)
    }

    /// Whether `uid` is one the writer gives the reminder `mapping` says:
    /// its own (`uid:`, else `<id>@<domain>`), or one of its other
    /// components' (`<id>-0815@<domain>`, `<id>-extra@<domain>`).
    static func isOwnUID(_ uid: String, id: String, mapping: YAMLValue) -> Bool {
        let own: String
        if let written = mapping["uid"] {
            guard case .text(let text) = written else { return false }
            own = text
        } else {
            guard uid.hasPrefix(id + "@") || uid.hasPrefix(id + "-") else { return false }
            own = ReminderFile.uid(id, domain: uid.lastIndex(of: "@").map { String(uid[uid.index(after: $0)...]) } ?? "")
        }
        if uid == own { return true }
        let at = own.lastIndex(of: "@") ?? own.endIndex
        return uid.hasPrefix(own[..<at] + "-") && uid.hasSuffix(own[at...])
    }

    struct BatchKey: Hashable {
        var domain: String
        var written: Instant
    }

    private mutating func noteChanged(_ carried: Carried, context: Context) {
        report(
            .importChanged, severity: .info,
            "the calendar was changed since remindc wrote '\(carried.id)': it is read from its events, not as the reminder it carries (\(ICalendarWriter.reminderProperty))",
            path: context.path, span: carried.component.span)
    }

    /// The components (events and to-dos) the writer makes of the carried
    /// reminders of one domain, written at `now`, by reminder id; none for a reminder the
    /// reminder file's reader refuses.
    static func components(writtenFor group: [Carried], domain: String, now: Instant) -> [String: [CalendarDocument.Component]] {
        // Each category they name, as some category: its actions are the
        // calendar's to say, and compared apart.
        var categoryIDs: [String] = []
        for carried in group {
            if let id = carried.mapping["category"]?.scalarText, !categoryIDs.contains(id) { categoryIDs.append(id) }
        }
        let action = YAMLValue.mapping([.init("id", .plain("ok")), .init("title", .text("OK"))])
        var file: [YAMLValue.Pair] = [.init("uid-domain", .text(domain))]
        if !categoryIDs.isEmpty {
            file.append(.init("categories", .mapping(categoryIDs.map { .init($0, .mapping([.init("actions", .sequence([action]))])) })))
        }
        file.append(.init("reminders", .sequence(group.map(\.mapping))))
        let text = YAMLValue.mapping(file).blockLines().joined(separator: "\n") + "\n"
        let loaded = ReminderFile.load(Array(text.utf8), path: "carried.yaml")
        guard let reminderFile = loaded.file else { return [:] }
        // A reminder with an error is not the one carried: left out.
        var refused = Set<String>()
        for diagnostic in loaded.diagnostics where diagnostic.message.severity == .error {
            // Its line is in the mapping of the item that begins last before it.
            if let reminder = reminderFile.reminders.last(where: { $0.spans.reminder.start <= diagnostic.span.start }) {
                refused.insert(reminder.id)
            } else {
                return [:]
            }
        }
        let utc = TimeZone(identifier: "UTC")!
        let writer = ICalendarWriter(options: .init(now: now, workingFolder: "/"))
        let bytes = writer.write([ScheduledFile(reminderFile, floatingZone: utc)])
        guard case .success(let (document, _)) = CalendarDocument.read(bytes) else { return [:] }
        var made: [String: [CalendarDocument.Component]] = [:]
        for calendar in document.calendars {
            for component in calendar.components where component.name == "VEVENT" || component.name == "VTODO" {
                guard let id = component.property("X-REMINDC-ID")?.text, !refused.contains(id) else { continue }
                made[id, default: []].append(component)
            }
        }
        return made
    }

    /// The components in an order-free form (`canonical(leavingOut:)`),
    /// sorted: two sets are the same events when these are equal. Left
    /// out: DTSTAMP (when it was written), the reminder carried, and what
    /// the trust gate and the place of the file decide apart (the
    /// category's actions, the sound file and its ATTACH).
    static func signatures(_ components: [CalendarDocument.Component]) -> [String] {
        components.map { $0.canonical(leavingOut: unsigned) }.sorted()
    }

    private static let unsigned: Set<String> = [
        "DTSTAMP", ICalendarWriter.reminderProperty, "X-REMINDC-CATEGORY-ACTION", "X-REMINDC-CATEGORY-RUN", "X-REMINDC-CATEGORY-MINIMAL",
        "X-REMINDC-SOUND", "ATTACH",
    ]
}
