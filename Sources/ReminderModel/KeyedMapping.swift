import Recurrence
import YAMLSyntax

/// The keys one kind of mapping defines (a reminder's, a repeat's, ...):
/// the raw values are the names as written, and the order of the cases is
/// the order messages list them in.
protocol MappingKey: RawRepresentable, CaseIterable, Equatable where RawValue == String {}

/// A mapping's pairs read against the keys `Key` defines: every known key
/// written, with its pair, in source order. Reading it reports a key that
/// is not text, and an unknown key with the nearest known one. (The YAML
/// reader has already reported and dropped a key written twice.)
///
/// This is how every decoder reads a mapping of the format's own keys;
/// `data:`, whose keys are the user's, is read pair by pair.
struct KeyedMapping<Key: MappingKey> {
    private let pairs: [Node.Pair]
    /// Each known key written, and the place of its pair, in source order.
    private let written: [(key: Key, index: Int)]

    init(_ pairs: [Node.Pair], in what: String, context: inout DecodingContext) {
        var written: [(key: Key, index: Int)] = []
        written.reserveCapacity(pairs.count)
        for index in pairs.indices {
            guard let text = context.keyName(pairs[index].key, in: what) else { continue }
            if let key = Key(rawValue: text) {
                written.append((key, index))
            } else {
                let known = Key.allCases.map(\.rawValue)
                context.report(.unknownKey(text, in: what, suggestion: closest(to: text, in: known), known: known),
                               at: pairs[index].key.span)
            }
        }
        self.pairs = pairs
        self.written = written
    }

    /// The known keys written, with their pairs, in source order.
    var entries: LazyMapSequence<[(key: Key, index: Int)], (key: Key, pair: Node.Pair)> {
        written.lazy.map { ($0.key, pairs[$0.index]) }
    }

    /// The value written for `key`, if it was.
    subscript(_ key: Key) -> Node? {
        for entry in written where entry.key == key { return pairs[entry.index].value }
        return nil
    }

    func contains(_ key: Key) -> Bool {
        written.contains { $0.key == key }
    }
}
