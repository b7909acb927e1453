/// The nodes of every open collection while a tree is built, the innermost
/// collection's last: one buffer for all, from which a closing collection's
/// nodes are moved out in order.
///
/// An `Array` cannot end before nodes moved out of it without destroying
/// what it held there, so each slot had to be filled again first and then
/// destroyed; here the buffer simply ends where the collection began.
final class NodeBuffer {
    private var base: UnsafeMutablePointer<Node>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The node at `index`, copied.
    subscript(index: Int) -> Node {
        precondition(index >= 0 && index < count, "NodeBuffer index out of range")
        return base[index]
    }

    var last: Node? { count > 0 ? base[count - 1] : nil }

    func append(_ node: consuming Node) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Moves the nodes from `first` on out, in order, each to `take`; the
    /// buffer then ends at `first`.
    func removeAll(from first: Int, _ take: (consuming Node) -> Void) {
        precondition(first >= 0 && first <= count, "NodeBuffer index out of range")
        let end = count
        // Ended first: `take` may append to this buffer no more than it
        // reads from it, but a node moved out must never be seen again.
        count = first
        for index in first..<end { take((base + index).move()) }
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
