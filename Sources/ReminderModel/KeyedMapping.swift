import Recurrence
import YAMLSyntax

/// The keys one kind of mapping defines (a reminder's, a repeat's, ...):
/// the raw values are the names as written, and the order of the cases is
/// the order messages list them in.
protocol MappingKey: RawRepresentable, CaseIterable, Equatable, Sendable where RawValue == String {
    /// The keys by the bytes of their names: `static let names = KeyNames<Self>()`.
    static var names: KeyNames<Self> { get }
    /// The keys of the mapping this key's value is, when it is one: a key
    /// of them written beside an empty one of these was meant under it.
    var nestedKeys: [String] { get }
    /// Why `name`, which is not a key here, was written among `pairs`,
    /// when this mapping can tell (`until:` beside `repeat:`); nil for a
    /// plain unknown key.
    static func misplaced(_ name: String, among pairs: Node.Pairs) -> Message?
}

extension MappingKey {
    var nestedKeys: [String] { [] }
    static func misplaced(_ name: String, among pairs: Node.Pairs) -> Message? { nil }
}

/// Finds a key by the bytes of its name, as a mapping's key is written,
/// without making text of it.
struct KeyNames<Key: MappingKey>: Sendable {
    private let names: [(bytes: [UInt8], key: Key)]

    init() {
        names = Key.allCases.map { (Array($0.rawValue.utf8), $0) }
    }

    func key(named bytes: UnsafeBufferPointer<UInt8>) -> Key? {
        names.first { $0.bytes.count == bytes.count && $0.bytes.elementsEqual(bytes) }?.key
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
    private let pairs: Node.Pairs
    /// Each known key written, and the place of its pair, in source order.
    private let written: [(key: Key, index: Node.Pairs.Index)]

    init(_ pairs: Node.Pairs, in what: String, context: inout DecodingContext) {
        var written: [(key: Key, index: Node.Pairs.Index)] = []
        written.reserveCapacity(pairs.count)
        for index in pairs.indices {
            let name = pairs[index].key
            switch name.withScalarBytes(Key.names.key(named:)) {
            case let key??:
                written.append((key, index))
            case .some(nil):
                let text = name.scalar!
                let known = Key.allCases.map(\.rawValue)
                if let parent = Self.emptyParent(of: text, among: pairs) {
                    context.report(
                        .keyUnderEmptyParent(text, parent: parent.name, in: what), at: name.span,
                        notes: [Diagnostic.Note("'\(parent.name)' is empty here", at: parent.span)])
                } else if let message = Key.misplaced(text, among: pairs) {
                    context.report(message, at: name.span)
                } else {
                    context.report(.unknownKey(text, in: what, suggestion: closest(to: text, in: known), known: known), at: name.span)
                }
            case nil:
                _ = context.keyName(name, in: what)
            }
        }
        self.pairs = pairs
        self.written = written
    }

    /// A key written with no value among `pairs` whose own keys include
    /// `name`: `every:` beside an empty `repeat:` was meant under it.
    private static func emptyParent(of name: String, among pairs: Node.Pairs) -> (name: String, span: SourceSpan)? {
        for pair in pairs where pair.value.isEmptyPlainScalar {
            if let key = pair.key.withScalarBytes(Key.names.key(named:)) ?? nil, key.nestedKeys.contains(name) {
                return (key.rawValue, pair.key.span)
            }
        }
        return nil
    }

    /// The known keys written, with their pairs, in source order.
    var entries: LazyMapSequence<[(key: Key, index: Node.Pairs.Index)], (key: Key, pair: Node.Pair)> {
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
