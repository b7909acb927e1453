import Synchronization

/// A process-wide table of values made once per key and then only read, as
/// every thread of a check reads its zones for each of its reminders: a
/// read takes no lock, so threads reading at once do not wait for each other.
///
/// Readers see an immutable snapshot of the table through one atomic
/// pointer. A key not in it is made under a lock and published in a new
/// snapshot; snapshots are never freed (readers may still hold one), which
/// costs one small dictionary per key ever added.
package final class ReadMostlyTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Snapshot: Sendable {
        let entries: [Key: Value]

        init(_ entries: [Key: Value]) {
            self.entries = entries
        }
    }

    /// The address of the current snapshot.
    private let current: Atomic<Int>
    /// Every snapshot published, kept alive; held for writers only.
    private let published = Mutex<[Snapshot]>([])

    package init() {
        let first = Snapshot([:])
        current = Atomic(Self.address(of: first))
        published.withLock { $0.append(first) }
    }

    /// The value for `key`, made by `make` the first time it is asked for.
    package func value(for key: Key, making make: (Key) -> Value) -> Value {
        if let known = snapshot.entries[key] { return known }
        return published.withLock { snapshots in
            if let known = snapshot.entries[key] { return known }
            var entries = snapshot.entries
            let made = make(key)
            entries[key] = made
            let next = Snapshot(entries)
            snapshots.append(next)
            current.store(Self.address(of: next), ordering: .releasing)
            return made
        }
    }

    private var snapshot: Snapshot {
        let address = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!
        return Unmanaged<Snapshot>.fromOpaque(address).takeUnretainedValue()
    }

    private static func address(of snapshot: Snapshot) -> Int {
        Int(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque())
    }
}
