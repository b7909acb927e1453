import Recurrence
import YAMLSyntax

/// The keys one kind of mapping defines (a reminder's, a repeat's, ...):
/// the raw values are the names as written, and the order of the cases is
/// the order messages list them in.
protocol MappingKey: RawRepresentable, CaseIterable, Equatable where RawValue == String {}

extension MappingKey {
    /// The key written as `text`, or nil for none of them. Lengths are
    /// compared before texts: most keys differ in length, and comparing two
    /// different strings takes Swift's slow path.
    static func named(_ text: String) -> Self? {
        let length = text.utf8.count
        return allCases.first { $0.rawValue.utf8.count == length && $0.rawValue == text }
    }
}

/// A mapping's pairs read against the keys `Key` defines: every known key
/// written, with its pair, in source order. Reading it reports a key that
/// is not text, and an unknown key with the nearest known one. (The YAML
/// reader has already reported and dropped a key written twice.)
///
/// This is how every decoder reads a mapping of the format's own keys;
/// `data:`, whose keys are the user's, is read pair by pair.
struct KeyedMapping<Key: MappingKey> {
    /// The known keys written, in source order.
    let entries: [(key: Key, pair: Node.Pair)]

    init(_ pairs: [Node.Pair], in what: String, context: inout DecodingContext) {
        var entries: [(key: Key, pair: Node.Pair)] = []
        entries.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let text = context.keyName(pair.key, in: what) else { continue }
            if let key = Key.named(text) {
                entries.append((key, pair))
            } else {
                let known = Key.allCases.map(\.rawValue)
                context.report(.unknownKey(text, in: what, suggestion: closest(to: text, in: known), known: known), at: pair.key.span)
            }
        }
        self.entries = entries
    }

    /// The value written for `key`, if it was.
    subscript(_ key: Key) -> Node? {
        entries.first { $0.key == key }?.pair.value
    }

    func contains(_ key: Key) -> Bool {
        entries.contains { $0.key == key }
    }
}
