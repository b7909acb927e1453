import Foundation
import ReminderModel
import YAMLSyntax

private let header = "timezone: Europe/Berlin\n"

/// More actions than iOS shows.
enum TooManyActionsRule: CheckRule {
    static let readsTimes = false
    static let maximumActions = 4
    static let maximumMinimalActions = 2

    static let descriptor = RuleDescriptor(
        id: "too-many-actions", name: "Too many actions",
        summary: "A category has more than 4 actions, or more than 2 in `minimal`.",
        rationale: "iOS shows at most four actions on an alert and two on a banner; the rest are silently dropped.",
        severity: .error,
        triggering: [
            header + """
                categories:
                  busy:
                    actions: ↓[{id: a, title: A}, {id: b, title: B}, {id: c, title: C}, {id: d, title: D}, {id: e, title: E}]
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: busy}
                """,
            header + """
                categories:
                  busy:
                    actions: [{id: a, title: A}, {id: b, title: B}, {id: c, title: C}]
                    minimal: ↓[a, b, c]
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: busy}
                """,
        ],
        nonTriggering: [
            header + """
                categories:
                  calm:
                    actions: [{id: a, title: A}, {id: b, title: B}]
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: calm}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.file.categories.flatMap { category -> [Finding] in
            var found: [Finding] = []
            if category.actions.count > maximumActions, let span = category.actionsSpan {
                found.append(context.finding(tooMany(category.actions.count, limit: maximumActions, context: "default"), at: span))
            }
            if category.minimal.count > maximumMinimalActions, let span = category.minimalSpan {
                found.append(context.finding(tooMany(category.minimal.count, limit: maximumMinimalActions, context: "minimal"), at: span))
            }
            return found
        }
    }

    static func tooMany(_ count: Int, limit: Int, context: String) -> Message {
        descriptor.message(
            "\(count) actions in the \(context) context, where at most \(limit) are shown",
            hint: context == "minimal" ? "list at most \(limit) action ids in 'minimal'" : "keep at most \(limit) actions in a category")
    }
}

/// A category no reminder uses.
enum UnusedCategoryRule: CheckRule {
    static let readsTimes = false
    static let descriptor = RuleDescriptor(
        id: "unused-category", name: "Unused category",
        summary: "A category is defined but no reminder uses it.",
        rationale: "An unused category is usually a reminder that forgot its `category:`.",
        severity: .warning,
        triggering: [
            header + """
                categories:
                  ↓task: {actions: [{id: done, title: Done}]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00}
                """
        ],
        nonTriggering: [
            header + """
                categories:
                  task: {actions: [{id: done, title: Done}]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: task}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        // A reminder that names a category the file lacks (an error) meant
        // one of them: which one is for its author to say.
        guard !context.file.reminders.contains(where: { $0.category == nil && $0.spans.category != nil }) else { return [] }
        let used = Set(context.digests.indices.compactMap { context.digests[$0].hasCategory ? context.file.reminders[$0].category : nil })
        return context.file.categories.filter { !used.contains($0.id) }.map { category in
            context.finding(unused(category.id), at: category.span)
        }
    }
}

/// `authentication-required` on a foreground action.
enum RedundantAuthenticationRule: CheckRule {
    static let readsTimes = false
    static let descriptor = RuleDescriptor(
        id: "redundant-authentication", name: "Redundant authentication",
        summary: "`authentication-required` on a foreground action, which always unlocks the device.",
        rationale: "Opening the app needs the device unlocked anyway; the flag only adds noise.",
        severity: .info,
        triggering: [
            header + """
                categories:
                  task: {actions: [{id: open, title: Open, activation: foreground, authentication-required: ↓true}]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: task}
                """
        ],
        nonTriggering: [
            header + """
                categories:
                  task: {actions: [{id: done, title: Done, authentication-required: true}]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: task}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        context.file.categories.flatMap { category in
            category.actions.filter { $0.activation == .foreground && $0.authenticationRequired }.map { action in
                context.finding(redundant(action.id), at: action.authenticationSpan ?? action.span)
            }
        }
    }
}

// MARK: UnusedCategoryRule's messages

extension UnusedCategoryRule {
    static func unused(_ category: String) -> Message {
        descriptor.message("no reminder uses the category '\(category)'", hint: "give a reminder 'category: \(category)', or remove it")
    }
}

// MARK: RedundantAuthenticationRule's messages

extension RedundantAuthenticationRule {
    static func redundant(_ action: String) -> Message {
        descriptor.message("the foreground action '\(action)' always needs the device unlocked", hint: "remove 'authentication-required'")
    }
}

/// A file that goes to a calendar without a `uid-domain` of its own.
enum UIDDomainMissingRule: CheckRule {
    static let readsTimes = false
    static let outputs: Set<OutputTarget> = [.ics, .caldav]
    static let descriptor = RuleDescriptor(
        id: "uid-domain-missing", name: "UID domain missing",
        summary:
            "A file that goes to iCalendar or CalDAV (`check --for ics`, `lint.targets`) has no `uid-domain`, and a reminder no `uid:` of its own.",
        rationale:
            "Without one, every UID ends in the file's name: renaming the file gives every event a new UID, and a calendar that imports it again holds each event twice.",
        severity: .warning,
        triggering: [
            header + """
                lint: {targets: [↓ics]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00}
                """
        ],
        nonTriggering: [
            header + """
                lint: {targets: [ics]}
                uid-domain: home.example.org
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00}
                """,
            header + """
                lint: {targets: [crontab]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00}
                """,
            header + """
                lint: {targets: [ics]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, uid: 3F2504E0-4F89-11D3-9A0C-0305E82C3301}
                """,
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        let file = context.file
        // A reminder with a `uid:` of its own (as `import` keeps a
        // calendar's) keeps it whatever the file is called.
        guard !context.targets.isDisjoint(with: outputs), file.uidDomainSpan == nil, file.reminders.contains(where: { $0.uid == nil })
        else { return [] }
        // At the `ics` the file names, or its first line for `--for ics`.
        let span =
            file.lint.targets.firstIndex { $0 == .ics || $0 == .caldav }.map { file.lint.targetSpans[$0] }
            ?? SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0)
        return [context.finding(missing(file.uidDomain), at: span)]
    }
}

// MARK: UIDDomainMissingRule's messages

extension UIDDomainMissingRule {
    static func missing(_ label: String) -> Message {
        descriptor.message(
            "this file has no uid-domain: its UIDs end in '@\(label)', from its name, and change if it is renamed",
            hint: "add 'uid-domain:' with a domain of yours, such as 'uid-domain: reminders.example.org', and keep it")
    }
}

/// A `stops: true` action offered with a reminder that does not repeat.
enum StopWithoutRepeatRule: CheckRule {
    static let descriptor = RuleDescriptor(
        id: "stop-without-repeat", name: "Stop without a repeat",
        summary: "A reminder that does not repeat has a category with a `stops: true` action.",
        rationale: "Stopping silences a repeat's later alerts; a one-off has none, so the button does nothing a dismissal would not.",
        severity: .info,
        triggering: [
            header + """
                categories:
                  nag: {actions: [{id: stop, title: Stop, stops: true}]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, category: ↓nag}
                """
        ],
        nonTriggering: [
            header + """
                categories:
                  nag: {actions: [{id: stop, title: Stop, stops: true}]}
                reminders:
                  - {id: r, title: R, at: 2026-12-01 09:00, repeat: daily, category: nag}
                """
        ])

    static func check(_ context: CheckContext) -> [Finding] {
        let stopping = Set(context.file.categories.filter { $0.actions.contains(where: \.stops) }.map(\.id))
        guard !stopping.isEmpty else { return [] }
        return context.file.reminders.indices.compactMap { index in
            let reminder = context.file.reminders[index]
            guard reminder.repeats == nil, let category = reminder.category, stopping.contains(category),
                let span = reminder.spans.category
            else { return nil }
            return context.finding(nothingToStop(reminder.id, category), at: span, reminder: index)
        }
    }
}

// MARK: StopWithoutRepeatRule's messages

extension StopWithoutRepeatRule {
    static func nothingToStop(_ reminder: String, _ category: String) -> Message {
        descriptor.message(
            "'\(reminder)' does not repeat, so the 'stops' action of category '\(category)' has nothing to stop",
            hint: "give it a repeat, or a category without a stopping action")
    }
}
