import Recurrence
import YAMLSyntax

/// Decodes `categories:`. (iOS's limits on how many actions are shown are
/// the checker's `too-many-actions`.)
enum CategoryDecoder {
    enum Key: String, MappingKey {
        case actions, minimal
        static let names = KeyNames<Self>()
    }

    enum ActionKey: String, MappingKey {
        case id, title, activation, authenticationRequired = "authentication-required", destructive, snooze, stops, run
        static let names = KeyNames<Self>()
    }

    /// How many actions the minimal context takes from the default one
    /// when the category does not list them: the two a banner shows.
    static let defaultMinimalCount = 2

    static func decodeAll(_ node: Node, context: inout DecodingContext) -> [Category] {
        guard let pairs = context.mapping(node, key: "categories") else { return [] }
        var categories: [Category] = []
        for pair in pairs {
            guard let id = context.identifier(pair.key, key: "categories", what: "category id") else { continue }
            if let category = decode(pair.value, id: id, idSpan: pair.key.span, context: &context) {
                categories.append(category)
            }
        }
        return categories
    }

    private static func decode(_ node: Node, id: String, idSpan: SourceSpan, context: inout DecodingContext) -> Category? {
        guard let pairs = context.mapping(node, key: id) else { return nil }
        var actions: [Action] = []
        var actionsNode: Node?
        var minimalNode: Node?
        for (name, pair) in KeyedMapping<Key>(pairs, in: "category '\(id)'", context: &context).entries {
            let key = name.rawValue
            switch name {
            case .actions:
                actionsNode = pair.value
                guard let items = context.list(pair.value, key: key, allowSingle: false) else { continue }
                var seen: [String: SourceSpan] = [:]
                for item in items {
                    guard let action = decodeAction(item, category: id, context: &context) else { continue }
                    if let first = seen[action.id] {
                        context.report(
                            .duplicateIdentifier(action.id, what: "action"), at: action.span,
                            notes: [Diagnostic.Note("first defined here", at: first)])
                        continue
                    }
                    seen[action.id] = action.span
                    actions.append(action)
                }
            case .minimal:
                minimalNode = pair.value
            }
        }
        if actionsNode == nil {
            context.report(.missingKey("actions", in: "category '\(id)'"), at: idSpan)
        }
        var minimal = Array(actions.prefix(defaultMinimalCount).map(\.id))
        if let minimalNode, let items = context.list(minimalNode, key: "minimal") {
            minimal = []
            for item in items {
                guard let name = context.text(item, key: "minimal") else { continue }
                if actions.contains(where: { $0.id == name }) {
                    minimal.append(name)
                } else {
                    context.report(.unknownAction(name, category: id, suggestion: closest(to: name, in: actions.map(\.id))), at: item.span)
                }
            }
        }
        return Category(
            id: id, actions: actions, minimal: minimal, span: idSpan, actionsSpan: actionsNode?.span,
            minimalSpan: minimalNode?.span)
    }

    private static func decodeAction(_ node: Node, category: String, context: inout DecodingContext) -> Action? {
        let what = "an action of category '\(category)'"
        guard let pairs = context.mapping(node, key: "actions") else { return nil }
        var id: String?
        var title: String?
        var action = Action(id: "", title: "", span: node.span)
        let keyed = KeyedMapping<ActionKey>(pairs, in: what, context: &context)
        for (name, pair) in keyed.entries {
            let key = name.rawValue
            let value = pair.value
            switch name {
            case .id:
                id = context.identifier(value, key: key, what: "action id")
                action.span = value.span
            case .title: title = context.nonEmptyText(value, key: key)
            case .activation:
                guard let text = context.text(value, key: key) else { continue }
                if let activation = Action.Activation(rawValue: text) {
                    action.activation = activation
                } else {
                    context.report(.invalidValue(key, text, expected: "background or foreground"), at: value.span)
                }
            case .authenticationRequired:
                action.authenticationRequired = context.flag(value, key: key) ?? false
                action.authenticationSpan = value.span
            case .destructive:
                action.destructive = context.flag(value, key: key) ?? false
            case .stops:
                action.stops = context.flag(value, key: key) ?? false
                action.stopsSpan = value.span
            case .run:
                action.run = context.nonEmptyText(value, key: key)
                action.runSpan = value.span
            case .snooze:
                guard let duration = context.parse(value, key: key, Scalars.duration) else { continue }
                if duration.isZero {
                    context.report(.durationNotPositive(key), at: value.span)
                } else {
                    action.snooze = duration
                }
            }
        }
        for required in [ActionKey.id, .title] where !keyed.contains(required) {
            context.report(.missingKey(required.rawValue, in: what), at: SourceSpan(start: node.span.start, length: 1))
        }
        guard let id, let title else { return nil }
        action.id = id
        action.title = title
        return action
    }
}
