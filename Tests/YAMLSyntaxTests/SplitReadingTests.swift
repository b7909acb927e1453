import Testing
@testable import YAMLSyntax

/// A node, its span and everything below it, as text: two trees read the
/// same when their descriptions are equal.
private func describe(_ node: Node?) -> String {
    guard let node else { return "nil" }
    let span = "@\(node.span)"
    switch node.content {
    case .scalar(let text, let style): return "\(style):\(text.debugDescription)\(span)"
    case .sequence(let items): return "[" + items.map(describe).joined(separator: ", ") + "]\(span)"
    case .mapping(let pairs): return "{" + pairs.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}\(span)"
    }
}

/// Records streamed items, and can hand a second half to a tail of its own.
private final class SplittingRecorder: ItemConsumer, @unchecked Sendable {
    var items: [Node] = []
    var keysBefore: [[String]] = []
    var madeTail = false
    var adopted = false

    func begin(after pairs: [Node.Pair]) -> Bool {
        keysBefore.append(pairs.compactMap(\.key.scalar))
        return true
    }

    func consume(_ item: Node) {
        items.append(item)
    }

    func makeTail() -> (any ItemConsumer)? {
        madeTail = true
        return SplittingRecorder()
    }

    func adopt(_ tail: any ItemConsumer) {
        adopted = true
        items += (tail as! SplittingRecorder).items
    }
}

/// Everything a read produced, as text.
private func read(_ text: String, splitFrom: Int?, limits: Limits = .standard) -> (text: String, adopted: Bool) {
    let recorder = SplittingRecorder()
    let result = YAMLReader.parse(Array(text.utf8), limits: limits,
                                  stream: ItemStream(key: "items", consumer: recorder, splitFrom: splitFrom))
    let problems = result.problems.map { "\($0.kind) at \($0.span) context \($0.contextPosition.map(String.init(describing:)) ?? "-")" }
    let typed = result.implicitlyTyped.map { "\($0.text)@\($0.span)" }
    let lines = ["root: " + describe(result.root), "problems: \(problems)", "typed: \(typed)", "before: \(recorder.keysBefore)"]
        + recorder.items.map(describe)
    return (lines.joined(separator: "\n"), recorder.adopted)
}

/// A list of `count` items of several shapes: block and flow mappings,
/// multi-byte text, comments, a block scalar, a nested list, anchors used
/// within an item, YAML 1.1 values.
private func items(_ count: Int, indent: String = "  ") -> String {
    var text = ""
    for index in 0..<count {
        switch index % 5 {
        case 0: text += "\(indent)- {id: i\(index), title: \"café ☕ \(index)\", flag: yes}\n"
        case 1: text += "\(indent)- id: i\(index)\n\(indent)  note: |\n\(indent)    line one\n\(indent)    - not an item\n\(indent)  at: 9:30\n"
        case 2: text += "\(indent)# a comment\n\(indent)- id: &id\(index) i\(index)\n\(indent)  again: *id\(index)\n\(indent)  on: [mon, tue]\n"
        case 3: text += "\(indent)- - nested \(index)\n\(indent)  - 0755\n"
        default: text += "\(indent)- plain \(index)\n"
        }
    }
    return text
}

@Suite struct SplitReadingTests {
    /// Every offset in steps through the file: wherever the split falls,
    /// the result is the one parser's. The number of splits taken.
    @discardableResult
    private func sameEverywhere(_ text: String, limits: Limits = .standard, expectSplit: Bool? = nil) -> Int {
        let whole = read(text, splitFrom: nil, limits: limits)
        var splits = 0
        for from in stride(from: 0, to: text.utf8.count, by: max(text.utf8.count / 23, 1)) {
            let split = read(text, splitFrom: from, limits: limits)
            #expect(split.text == whole.text, "split from \(from)")
            if split.adopted { splits += 1 }
        }
        if let expectSplit { #expect(expectSplit ? splits > 10 : splits == 0) }
        return splits
    }

    @Test func aCleanListReadsTheSameSplitAnywhere() {
        sameEverywhere("zone: here\nitems:\n" + items(60) + "after: 3\nlast: [1, 2]\n", expectSplit: true)
    }

    /// A later key's list at the same indentation looks like more items:
    /// the first parser leaves the streamed list before that line.
    @Test func aLaterListLikeTheStreamedOne() {
        let later = (0..<60).map { "  - later \($0)\n" }.joined()
        let splits = sameEverywhere("items:\n" + items(30) + "other:\n" + later)
        #expect(splits > 3)
    }

    @Test func anIndentlessListAndNoKeysAfterIt() {
        sameEverywhere("items:\n" + items(60, indent: ""), expectSplit: true)
    }

    @Test func aByteOrderMarkBeforeTheFile() {
        sameEverywhere("\u{FEFF}zone: here\nitems:\n" + items(60), expectSplit: true)
    }

    @Test func anAliasOfAnAnchorBeforeTheSplitIsReadByOneParser() {
        var text = "items:\n  - &first {a: 1}\n"
        for index in 0..<80 { text += "  - {n: \(index), copy: *first}\n" }
        // Only a split at the anchor's own item (the first offset) is taken.
        #expect(sameEverywhere(text) == 1)
    }

    @Test func aMergeAfterTheListOfAnAnchorBeforeIt() {
        sameEverywhere("base: &base {a: 1}\nitems:\n" + items(60) + "more:\n  <<: *base\n  b: 2\n", expectSplit: false)
    }

    /// Lines inside a quoted scalar that look like items: the first parser
    /// never meets an item there, so those splits are abandoned.
    @Test func aQuotedScalarWithLinesLikeItems() {
        var text = "items:\n"
        for index in 0..<40 { text += "  - \"quoted \(index)\n  - inside\n  - the scalar\"\n  - {n: \(index)}\n" }
        sameEverywhere(text, expectSplit: true)
    }

    @Test func theAliasBudgetCountsBothHalves() {
        var text = "items:\n"
        for index in 0..<60 { text += "  - &a\(index) [1, 2, 3, 4]\n  - *a\(index)\n" }
        sameEverywhere(text, limits: Limits(maxAliasNodes: 200), expectSplit: false)
    }

    @Test(arguments: [
        "  - {id: broken, title: [unclosed\n",     // a syntax error inside an item
        "  - a\n   b: c\n",                         // a block collection's context
        "after: 1\n- x\n",                          // the root mapping's context
        "after: [unclosed\n",
        "zone: again\n",                            // a duplicate key of the root mapping
        "---\nsecond: document\n",
    ])
    func problemsAfterTheSplit(_ ending: String) {
        // Long enough that libyaml's reader, which checks the text some
        // kilobytes ahead, meets a bad character only well after the split.
        let text = "zone: here\nitems:\n" + items(1_500) + ending
        let whole = read(text, splitFrom: nil)
        #expect(whole.text.contains("problems: []") == false)
        var splits = 0
        for from in stride(from: 0, to: text.utf8.count * 3 / 4, by: text.utf8.count / 17) {
            let split = read(text, splitFrom: from)
            #expect(split.text == whole.text, "split from \(from)")
            if split.adopted { splits += 1 }
        }
        #expect(splits > 5)
    }

    /// Where libyaml's reader stops depends on where it started reading:
    /// the second half's bad character is left to the first parser.
    @Test(arguments: [
        ([0xC3, 0x28], YAMLProblem.Kind.invalidUTF8(byte: 0xC3)),
        ([0x01], .disallowedCharacter(1)),
    ] as [([UInt8], YAMLProblem.Kind)])
    func aBadCharacterAfterTheSplit(_ bad: [UInt8], _ kind: YAMLProblem.Kind) {
        let bytes = Array(("zone: here\nitems:\n" + items(1_500)).utf8) + Array("  - bad: ".utf8) + bad + Array("\n".utf8)
        let recorder = SplittingRecorder()
        let whole = YAMLReader.parse(bytes, stream: ItemStream(key: "items", consumer: SplittingRecorder()))
        let split = YAMLReader.parse(bytes, stream: ItemStream(key: "items", consumer: recorder, splitFrom: bytes.count / 2))
        #expect(recorder.madeTail && !recorder.adopted)
        #expect(split.problems == whole.problems)
        #expect(split.problems.map(\.kind) == [kind])
    }

    /// libyaml counts `\r` as a line break too: no split is tried.
    @Test func crlfLinesAreNotSplit() {
        let text = ("zone: here\nitems:\n" + items(60)).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        sameEverywhere(text, expectSplit: false)
    }

    @Test(arguments: [
        "items: [1, 2, 3]\n",                          // a flow list
        "  items:\n  - a\n  - b\n",                    // a root mapping that is not at column 1
        "items: !!seq\n  - a\n  - b\n",                // a tag on the list
    ])
    func listsThatAreNotSplit(_ text: String) {
        let padded = text + String(repeating: "# padding\n", count: 4)
        for from in 0..<padded.utf8.count {
            let recorder = SplittingRecorder()
            _ = YAMLReader.parse(Array(padded.utf8), stream: ItemStream(key: "items", consumer: recorder, splitFrom: from))
            #expect(!recorder.madeTail)
        }
    }

    @Test(arguments: [
        ("a\n  - b: 1\n", 2, 2),
        ("a\n  -  b\n", 2, nil),           // two spaces after the dash
        ("a\n  - # c\n  - d\n", 2, 10),    // a comment is not an item
        ("a\n    - b\n", 2, nil),          // deeper than the list
        ("a\n- b\n", 0, 2),
    ] as [(String, Int, Int?)])
    func splitPoints(_ text: String, _ column: Int, _ offset: Int?) {
        let bytes = Array(text.utf8)
        let found = bytes.withUnsafeBufferPointer { SplitPoint.find(in: $0, from: 0, column: column) }
        #expect(found?.offset == offset)
        if let found { #expect(found.line == bytes[..<found.offset].filter { $0 == 0x0A }.count) }
    }

    /// The word-at-a-time counts equal a byte-at-a-time count, for every
    /// length around the word size and every byte that is counted, at every
    /// place in a word.
    @Test(arguments: ["", "a", "ab\ncd\n", "é\nü\n€\n😀", "x\ry", "\u{85}", "\u{2028}\u{2029}", "\n\n\n\n\n\n\n\n\n", "ÂâÂâ\r\r\n"])
    func byteCounts(_ text: String) {
        for prefix in 0..<9 {
            let bytes = Array(repeating: UInt8(ascii: "-"), count: prefix) + Array(text.utf8) + Array("tail".utf8.prefix(prefix % 5))
            let counts = bytes.withUnsafeBufferPointer { ByteCounts($0) }
            #expect(counts.lineFeeds == bytes.filter { $0 == 0x0A }.count)
            #expect(counts.characters == bytes.filter { $0 & 0xC0 != 0x80 }.count)
            #expect(counts.mayHaveOtherLineBreaks == bytes.contains { $0 == 0x0D || $0 == 0xC2 || $0 == 0xE2 })
        }
    }

    /// More than 255 words of line feeds and continuation bytes: the running
    /// sums are added up before a byte of them overflows.
    @Test func byteCountsOfALongText() {
        let bytes = Array(String(repeating: "é\nü\n", count: 3_000).utf8) + [0x41]
        let counts = bytes.withUnsafeBufferPointer { ByteCounts($0) }
        #expect(counts.lineFeeds == 6_000)
        #expect(counts.characters == 12_001)
        #expect(!counts.mayHaveOtherLineBreaks)
    }

    /// Every byte value, in every place of a word.
    @Test func byteCountsOfEveryByte() {
        for value in 0...255 {
            for place in 0..<8 {
                var bytes = Array(repeating: UInt8(0x41), count: 16)
                bytes[place] = UInt8(value)
                bytes[place + 8] = UInt8(value)
                let counts = bytes.withUnsafeBufferPointer { ByteCounts($0) }
                #expect(counts.lineFeeds == (value == 0x0A ? 2 : 0))
                #expect(counts.characters == (value & 0xC0 == 0x80 ? 14 : 16))
                #expect(counts.mayHaveOtherLineBreaks == (value == 0x0D || value == 0xC2 || value == 0xE2))
            }
        }
    }
}
