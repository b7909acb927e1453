/// A value kept on the heap and shared by copies until one of them changes
/// it: a large struct that holds one costs a reference to copy and to store.
/// `RecurrenceRule` and the model's `Reminder` keep their parts in one.
///
/// Sendable because the shared storage is only ever changed while this copy
/// alone refers to it.
@usableFromInline
package struct CopyOnWrite<Value: Sendable>: @unchecked Sendable {
    @usableFromInline
    final class Storage {
        // Reached only through `CopyOnWrite.value`, which yields it for a
        // read or, once the box is known to be unique, for one change: no
        // access can overlap another, so the run-time check every read of
        // a class's `var` pays (about a tenth of a rule's time) is left out.
        @usableFromInline @exclusivity(unchecked) var value: Value

        @usableFromInline
        init(_ value: Value) {
            self.value = value
        }
    }

    @usableFromInline
    var storage: Storage

    @inlinable
    package init(_ value: Value) {
        storage = Storage(value)
    }

    /// The value; changing it first copies it when another copy shares it.
    @inlinable
    package var value: Value {
        _read { yield storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }
}

extension CopyOnWrite: Equatable where Value: Equatable {
    @usableFromInline package static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.storage === rhs.storage || lhs.value == rhs.value
    }
}

extension CopyOnWrite: Hashable where Value: Hashable {
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
