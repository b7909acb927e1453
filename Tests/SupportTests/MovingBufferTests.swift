import Testing
import YAMLSyntax
@testable import Support

@Suite struct MovingBufferTests {
    static func scalar(_ text: String) -> Node {
        Node(.scalar(text, .plain), span: SourceSpan(start: SourcePosition(line: 1, column: 1), length: text.count))
    }

    /// Nodes come out in the order they went in, from any point; the buffer
    /// grows past its first capacity and keeps what is left.
    @Test func nodesAreMovedOutInOrder() {
        let buffer = MovingBuffer<Node>(capacity: 2)
        let texts = (0..<100).map { "a text long enough to live on the heap, number \($0)" }
        for text in texts { buffer.append(Self.scalar(text)) }
        #expect(buffer.count == 100)
        #expect(buffer[7].scalar == texts[7])
        #expect(buffer.last?.scalar == texts[99])
        var taken: [String] = []
        buffer.removeAll(from: 60) { taken.append($0.scalar!) }
        #expect(taken == Array(texts[60...]))
        #expect(buffer.count == 60)
        buffer.append(Self.scalar("after"))
        #expect(buffer.last?.scalar == "after")
        taken = []
        buffer.removeAll(from: 0) { taken.append($0.scalar!) }
        #expect(taken == Array(texts[..<60]) + ["after"])
        #expect(buffer.isEmpty && buffer.last == nil)
    }

    /// A buffer let go with nodes in it frees them (and a collection's nodes with it).
    @Test func nodesLeftAreFreedWithTheBuffer() {
        weak var probe: MovingBuffer<Node>?
        do {
            let buffer = MovingBuffer<Node>(capacity: 1)
            probe = buffer
            buffer.append(Node(.sequence([Self.scalar("x"), Self.scalar("y")]), span: SourceSpan(start: SourcePosition(line: 1, column: 1), length: 1)))
            buffer.append(Self.scalar("z"))
        }
        #expect(probe == nil)
    }

    /// Buffers joined into one array give their elements in order, each
    /// once, and are left empty.
    @Test func buffersJoinIntoOneArray() {
        let first = MovingBuffer<String>(capacity: 1), second = MovingBuffer<String>(capacity: 3), empty = MovingBuffer<String>()
        let texts = (0..<10).map { "a text long enough to live on the heap, number \($0)" }
        for text in texts[..<4] { first.append(text) }
        for text in texts[4...] { second.append(text) }
        #expect(MovingBuffer.joined([first, empty, second]) == texts)
        #expect(first.isEmpty && second.isEmpty && empty.isEmpty)
        #expect(MovingBuffer<String>.joined([]) == [])
    }
}
