/// The items of one top-level list, taken as they are read instead of kept
/// in the tree: a file of a hundred thousand reminders is never held as
/// nodes all at once.
///
/// The reader streams the value of the root mapping's first `key` when it
/// is a sequence without an anchor; that sequence stays in the tree, empty,
/// with its span. The items come complete, aliases resolved and merge keys
/// applied, in source order.
public struct ItemStream {
    public var key: String
    public var consume: (Node) -> Void

    public init(key: String, consume: @escaping (Node) -> Void) {
        self.key = key
        self.consume = consume
    }
}
