import CalDAV
import Foundation

/// What a run keeps to follow a collection's changes the next time: the
/// sync token and the members as they were at it.
package struct ListingState: Sendable, Codable, Equatable {
    package var token: String
    package var members: [RemoteResource]

    package init(token: String, members: [RemoteResource]) {
        self.token = token
        self.members = members
    }
}

/// Brings a calendar collection in step with reminder resources, one way:
/// finds the collection (creating it where the server lets it), lists its
/// members by UID, plans, and carries out the plan's writes, a bounded
/// number in flight at once. Every write is a whole resource under an ETag
/// condition, so a run stopped at any point leaves each resource old or
/// new, and the next run finishes the job.
package struct Publisher: Sendable {
    package struct Options: Sendable {
        /// Whose resources these are (`X-REMINDC-PUBLISHER`).
        package var publisher: String
        /// The display name of a collection it creates.
        package var calendarName: String?
        package var dryRun = false
        package var deleteOthers = false
        package var keepServerEdits = false
        /// Writes in flight at once.
        package var concurrency = defaultConcurrency
        /// Measured (Benchmarks/publish.sh): Radicale and Xandikos take one
        /// write at a time, and more in flight only wait on their locks.
        package static let defaultConcurrency = 4

        package init(publisher: String, calendarName: String? = nil) {
            self.publisher = publisher
            self.calendarName = calendarName
        }
    }

    /// What a run did with one step: nil failure when it was done (or, in a
    /// dry run, would be).
    package struct Done: Sendable {
        package var step: PublishPlan.Step
        package var failure: String?
    }

    package struct Report: Sendable {
        package var plan: PublishPlan
        package var done: [Done]
        /// The collection did not exist and was created (or would be).
        package var createdCollection: Bool
        /// How the members were listed.
        package var listing: Listing
        /// What the next run can follow the collection's changes from.
        package var state: ListingState?
        /// Hrefs the server listed that are not inside the collection:
        /// left alone, never read, written or deleted.
        package var outside: [String] = []
    }

    package enum Listing: Sendable, Equatable {
        /// Every member with its data (calendar-query).
        case full
        /// The changes since the last run (sync-collection), this many
        /// members read again.
        case changes(Int)
        /// The server no longer takes the last run's token; listed in full.
        case refusedToken
        /// The server's answer to the last run's token could not be used
        /// (it gave no new token, or was not WebDAV); listed in full.
        case unusableChanges
    }

    /// Why nothing could be published.
    package enum Stop: Error, Sendable {
        /// No answer, or an answer that is not WebDAV.
        case unreachable(String)
        case authentication(Int)
        case notACalendar
        case cannotCreate(String)
    }

    package let options: Options
    let collection: CalendarCollection

    package init(collection: CalendarCollection, options: Options) {
        self.collection = collection
        self.options = options
    }

    /// Publishes `wanted`; `state` is what the last run against this
    /// collection kept, if any. `progress` is handed each step's outcome
    /// in the plan's order, as soon as it and every step before it are
    /// settled (from the thread that settled the last of them, one at a
    /// time), and `total` once the plan is known, before any of them.
    package func publish(
        _ wanted: [CalendarResource], state: ListingState? = nil,
        total: ((Int) -> Void)? = nil, progress: ((Done) -> Void)? = nil
    ) -> Result<Report, Stop> {
        var created = false
        var token: String?
        var offersSync = false
        switch collection.properties() {
        case .failure(let failure):
            return .failure(stop(failure))
        case .success(nil):
            created = true
            // A dry run checks what MKCALENDAR needs: the collection above.
            if options.dryRun, let parent = collection.parent {
                switch parent.properties() {
                case .failure(let failure): return .failure(stop(failure))
                case .success(nil): return .failure(.cannotCreate("the collection above it, \(parent.url.absoluteString), does not exist"))
                case .success: break
                }
            }
            if !options.dryRun, case .failure(let failure) = collection.create(name: options.calendarName) {
                if let status = failure.status, status == 401 { return .failure(.authentication(status)) }
                // RFC 4791 §5.3.1.2: 409 when the collection above it is missing.
                let note = failure.status == 409 ? "; the collection above it does not exist" : ""
                return .failure(.cannotCreate(failure.description + note))
            }
            // The new collection's sync token, for the next run.
            if !options.dryRun, case .success(let properties?) = collection.properties() {
                (token, offersSync) = (properties.syncToken, properties.offersSync)
            }
        case .success(let properties?):
            guard properties.isCalendar else { return .failure(.notACalendar) }
            (token, offersSync) = (properties.syncToken, properties.offersSync)
        }
        var members: [RemoteResource] = []
        var listing = Listing.full
        var next: ListingState?
        var outside: [String] = []
        if !(created && options.dryRun) {
            switch list(since: offersSync ? state : nil) {
            case .failure(let failure): return .failure(stop(failure))
            case .success(let found): (members, listing, next, outside) = found
            }
            // A full listing is followed from the token the collection had
            // before it: what changes in between is reported next time.
            if next == nil, offersSync, let token { next = ListingState(token: token, members: members) }
        }
        let plan = PublishPlan.make(
            wanted: wanted, members: members, publisher: options.publisher,
            deleteOthers: options.deleteOthers, keepServerEdits: options.keepServerEdits)
        total?(plan.steps.count)
        let results = Results(plan.steps, progress: progress)
        var writes: [Int] = []
        for (index, step) in plan.steps.enumerated() {
            if case .taken(_, let member) = step {
                results.set(index, "UID is held by \(member.href), a resource this publisher did not write (--delete-others replaces it)")
            } else if step.writes && !options.dryRun {
                writes.append(index)
            } else {
                results.set(index, nil)
            }
        }
        // Threads of their own, not Dispatch's: each waits for its
        // request, which would hold one of Dispatch's few threads.
        let queue = WorkQueue(writes)
        let workers = (0..<min(max(1, options.concurrency), writes.count)).map { _ in
            Thread { [collection] in
                while let index = queue.next() { results.set(index, Self.carryOut(plan.steps[index], in: collection)) }
                queue.finished()
            }
        }
        workers.forEach { $0.start() }
        queue.waitForAll(workers.count)
        return .success(
            Report(
                plan: plan, done: plan.steps.enumerated().map { Done(step: $1, failure: results.failures[$0]) },
                createdCollection: created, listing: listing, state: next, outside: outside))
    }

    /// The members: the last run's with the changes since (RFC 6578), when
    /// there is a last run and the server still takes its token; otherwise
    /// every member. The state to keep comes with a listing of changes;
    /// the hrefs set aside as outside the collection come last.
    private func list(
        since state: ListingState?
    )
        -> Result<([RemoteResource], Listing, ListingState?, [String]), CalendarCollection.Failure>
    {
        var fallback = Listing.full
        if let state {
            switch collection.changes(since: state.token) {
            case .success(let changes):
                // Servers write an href percent-encoded or not, whole or as
                // a path; a kept member no longer inside is dropped.
                let key = { (href: String) in collection.memberURL(href)?.absoluteString }
                var byKey: [String: RemoteResource] = [:]
                var order: [String] = []
                for member in state.members {
                    guard let key = key(member.href) else { continue }
                    if byKey.updateValue(member, forKey: key) == nil { order.append(key) }
                }
                for href in changes.removed { key(href).map { byKey[$0] = nil } }
                let stale = changes.changed.filter { member in
                    key(member.href).map { byKey[$0]?.etag == nil || byKey[$0]?.etag != member.etag } ?? false
                }.map(\.href)
                var outside = changes.outside
                switch collection.members(stale) {
                case .failure(let failure): return .failure(failure)
                case .success(let read):
                    outside += read.outside
                    for member in read.members {
                        guard let key = key(member.href) else { continue }
                        // A key removed and listed again comes twice; the
                        // first place is kept below.
                        if byKey.updateValue(RemoteResource(href: member.href, etag: member.etag, data: member.data), forKey: key) == nil {
                            order.append(key)
                        }
                    }
                }
                var seen: Set<String> = []
                let listed = order.filter { seen.insert($0).inserted }.compactMap { byKey[$0] }
                return .success((listed, .changes(stale.count), ListingState(token: changes.token, members: listed), outside))
            case .failure(.unreadable):
                // No new token, or not WebDAV: the changes cannot be
                // trusted, the full listing can.
                fallback = .unusableChanges
            case .failure(let failure):
                // 403 or 412 (`valid-sync-token`): the token is too old or
                // unknown. Anything else is the server's trouble.
                guard let status = failure.status, [400, 403, 409, 412].contains(status) else { return .failure(failure) }
                fallback = .refusedToken
            }
        }
        return collection.members().map { found in
            (found.members.map { RemoteResource(href: $0.href, etag: $0.etag, data: $0.data) }, fallback, nil, found.outside)
        }
    }

    /// Writes one step; its failure in words.
    static func carryOut(_ step: PublishPlan.Step, in collection: CalendarCollection) -> String? {
        let result: Result<Void, CalendarCollection.Failure>
        switch step {
        case .create(let resource):
            result = collection.put(resource.name, resource.text, .absent).map { _ in () }
        case .update(let resource, let member, _):
            result = collection.put(member.href, resource.text, member.etag.map { .unchanged(etag: $0) } ?? .any).map { _ in () }
        case .delete(let member, _):
            result = collection.delete(member.href, etag: member.etag)
        case .unchanged, .keptEdit, .taken:
            return nil
        }
        guard case .failure(let failure) = result else { return nil }
        return explanation(failure, of: step)
    }

    /// A failure with what it means for this step. Servers say a UID is
    /// taken in different ways: 400, 403, 409 or 412, with the CalDAV
    /// precondition `no-uid-conflict` where they name it.
    static func explanation(_ failure: CalendarCollection.Failure, of step: PublishPlan.Step) -> String {
        var text = failure.description
        if failure.precondition == "no-uid-conflict" {
            text += "; another resource on the server has this UID"
        } else if failure.status == 412 {
            if case .create = step {
                text += "; the server already has a resource by this name or UID"
            } else {
                text += "; it changed on the server during this publish and is left as it is"
            }
        } else if failure.status.map({ (400..<600).contains($0) }) ?? false {
            if let calendar = rscale(of: step) {
                // Radicale refuses RSCALE with a bare 400, SabreDAV with 500.
                text +=
                    "; its repeat is written with RSCALE (\(calendar)), which many servers refuse: publish "
                    + "'remindc ics --expand' to a calendar instead"
            } else if let day = weekdayPastFifth(of: step) {
                // SabreDAV 4 refuses it with a 500.
                text +=
                    "; its repeat has BYDAY=\(day), a weekday counted past the 5th, which SabreDAV refuses: "
                    + "'check --for caldav' names each such reminder"
            }
        }
        return text
    }

    /// The calendar (RSCALE) a written resource's rule counts in, if any.
    static func rscale(of step: PublishPlan.Step) -> String? {
        rulePart("RSCALE", of: step).map { $0.lowercased() }
    }

    /// The first weekday of a written resource's rule counted past the
    /// fifth (`20MO`), if any.
    static func weekdayPastFifth(of step: PublishPlan.Step) -> String? {
        rulePart("BYDAY", of: step)?.split(separator: ",").first { day in
            Int(day.dropLast(2)).map { abs($0) > 5 } ?? false
        }.map(String.init)
    }

    /// The value of `name` in the first RRULE of a written resource, its
    /// lines unfolded.
    private static func rulePart(_ name: String, of step: PublishPlan.Step) -> String? {
        let text: String
        switch step {
        case .create(let resource), .update(let resource, _, _): text = resource.text.replacingOccurrences(of: "\r\n ", with: "")
        default: return nil
        }
        guard let rule = text.range(of: "\r\nRRULE:") else { return nil }
        let line = text[rule.upperBound...].prefix { !$0.isNewline }
        return line.split(separator: ";").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    private func stop(_ failure: CalendarCollection.Failure) -> Stop {
        switch failure {
        case .transport(let message, _): return .unreachable(message)
        case .refused(let status, _, _) where status == 401 || status == 403: return .authentication(status)
        case .refused, .redirected, .unreadable, .notSent: return .unreachable(failure.description)
        }
    }

    /// The indices of the steps to carry out, handed to worker threads.
    private final class WorkQueue: @unchecked Sendable {
        private let lock = NSCondition()
        private var pending: ArraySlice<Int>
        private var done = 0

        init(_ indices: [Int]) { pending = indices[...] }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            return pending.popFirst()
        }

        func finished() {
            lock.lock()
            done += 1
            lock.broadcast()
            lock.unlock()
        }

        func waitForAll(_ count: Int) {
            lock.lock()
            while done < count { lock.wait() }
            lock.unlock()
        }
    }

    /// Each step's failure, written from the threads that carry them out,
    /// and handed on in the plan's order as a prefix of them is settled.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private let steps: [PublishPlan.Step]
        private var stored: [String?]
        private var settled: [Bool]
        private var delivered = 0
        private let progress: ((Done) -> Void)?

        init(_ steps: [PublishPlan.Step], progress: ((Done) -> Void)?) {
            self.steps = steps
            stored = Array(repeating: nil, count: steps.count)
            settled = Array(repeating: false, count: steps.count)
            self.progress = progress
        }

        func set(_ index: Int, _ failure: String?) {
            lock.lock()
            defer { lock.unlock() }
            stored[index] = failure
            settled[index] = true
            while delivered < steps.count && settled[delivered] {
                progress?(Done(step: steps[delivered], failure: stored[delivered]))
                delivered += 1
            }
        }

        var failures: [String?] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
