/// What bringing a collection in step with the reminder files takes: per
/// reminder resource a create, an update or nothing, and the deletes of
/// the publisher's resources no reminder has any more. A pure function of
/// the resources wanted and the members found, so a dry run prints the
/// very plan a run carries out.
package struct PublishPlan: Sendable {
    package enum Step: Sendable, Equatable {
        case create(CalendarResource)
        /// `edited`: the member was changed on the server since it was published.
        case update(CalendarResource, RemoteResource, edited: Bool)
        case unchanged(CalendarResource, RemoteResource)
        /// Left as the server has it: changed there, and server edits are kept.
        case keptEdit(CalendarResource, RemoteResource)
        /// The UID is another's resource's, which is left alone.
        case taken(CalendarResource, RemoteResource)
        /// `owned`: the publisher's; otherwise another's, deleted by `--delete-others`.
        case delete(RemoteResource, owned: Bool)

        /// The reminder id the step is about, for the summary.
        package var reminderID: String {
            switch self {
            case .create(let resource), .update(let resource, _, _), .unchanged(let resource, _), .keptEdit(let resource, _),
                .taken(let resource, _):
                return resource.reminderID
            case .delete(let remote, _):
                return remote.reminderID ?? remote.uid ?? remote.href
            }
        }

        /// Whether carrying it out writes to the server.
        package var writes: Bool {
            switch self {
            case .create, .update, .delete: return true
            case .unchanged, .keptEdit, .taken: return false
            }
        }
    }

    /// A member of another's left beside the publisher's resource of the
    /// same UID, as a server that does not refuse a second resource of a
    /// UID (SabreDAV) keeps it: calendars show both.
    package struct SharedUID: Sendable, Equatable {
        package var reminderID: String
        package var href: String
    }

    package var steps: [Step]
    /// Members that are not the publisher's and are left as they are.
    package var othersLeft: Int
    /// Of those, the ones with the UID of a resource of the publisher's.
    package var sharedUIDs: [SharedUID] = []

    /// The plan for `wanted` against the collection's `members`.
    ///
    /// - A wanted UID matches the member with that UID (the publisher's
    ///   first, where several have it); the publisher's others with that
    ///   UID are deleted.
    /// - A matched member of the publisher's is updated when its published
    ///   digest differs from the wanted one or it was edited on the server
    ///   (unless `keepServerEdits`); another's is `taken` unless
    ///   `deleteOthers`, which replaces it.
    /// - The publisher's members no wanted UID matches are deleted; others'
    ///   only with `deleteOthers`. Another's beside the publisher's of its
    ///   UID is left, and named in `sharedUIDs`.
    package static func make(
        wanted: [CalendarResource], members: [RemoteResource], publisher: String,
        deleteOthers: Bool = false, keepServerEdits: Bool = false
    ) -> PublishPlan {
        var byUID: [String: [RemoteResource]] = [:]
        for member in members {
            if let uid = member.uid { byUID[uid, default: []].append(member) }
        }
        var matched: Set<String> = []
        var steps: [Step] = []
        var shared: [SharedUID] = []
        for resource in wanted {
            let candidates = (byUID[resource.uid] ?? []).sorted {
                ($0.publisher == publisher ? 0 : 1) < ($1.publisher == publisher ? 0 : 1)
            }
            guard let member = candidates.first else {
                steps.append(.create(resource))
                continue
            }
            matched.insert(member.href)
            if member.publisher == publisher, !deleteOthers {
                shared += candidates.dropFirst().filter { $0.publisher != publisher }
                    .map { SharedUID(reminderID: resource.reminderID, href: $0.href) }
            }
            if member.publisher == publisher {
                if member.editedOnServer {
                    steps.append(keepServerEdits ? .keptEdit(resource, member) : .update(resource, member, edited: true))
                } else if member.publishedDigest != resource.digest {
                    steps.append(.update(resource, member, edited: false))
                } else {
                    steps.append(.unchanged(resource, member))
                }
            } else if deleteOthers {
                steps.append(.update(resource, member, edited: false))
            } else {
                steps.append(.taken(resource, member))
            }
        }
        var othersLeft = 0
        for member in members where !matched.contains(member.href) {
            let owned = member.publisher == publisher
            if owned || deleteOthers {
                steps.append(.delete(member, owned: owned))
            } else {
                othersLeft += 1
            }
        }
        return PublishPlan(steps: steps, othersLeft: othersLeft, sharedUIDs: shared)
    }
}
