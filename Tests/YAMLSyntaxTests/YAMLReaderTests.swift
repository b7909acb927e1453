import Testing
@testable import YAMLSyntax

private func parse(_ text: String, limits: Limits = .standard) -> ParseResult {
    YAMLReader.parse(Array(text.utf8), limits: limits)
}

/// The node at a path of mapping keys and list indexes.
private func node(_ root: Node?, _ path: [Any]) -> Node? {
    var current = root
    for step in path {
        if let key = step as? String {
            current = current?.mapping?.first { $0.key.scalar == key }?.value
        } else if let index = step as? Int {
            current = current?.sequence.flatMap { index < $0.count ? Array($0)[index] : nil }
        }
    }
    return current
}

@Suite struct PositionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var yaml: String
        var path: [String]
        var line: Int
        var column: Int
        var testDescription: String { path.joined(separator: ".") }
    }

    static let yaml = """
        top: 1
        outer:
          inner:
            deepest: value
          list:
            - first
            - {flow: "café ☕", after: x}
        """

    @Test(arguments: [
        Case(yaml: yaml, path: ["top"], line: 1, column: 6),
        Case(yaml: yaml, path: ["outer"], line: 3, column: 3),
        Case(yaml: yaml, path: ["outer", "inner", "deepest"], line: 4, column: 14),
    ])
    func mappingValues(_ c: Case) throws {
        let result = parse(c.yaml)
        #expect(result.problems.isEmpty)
        let found = try #require(node(result.root, c.path))
        #expect(found.span.start == SourcePosition(line: c.line, column: c.column))
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let result = parse(Self.yaml)
        let item = try #require(node(result.root, ["outer", "list", 1]))
        let flow = try #require(node(item, ["flow"]))
        let after = try #require(node(item, ["after"]))
        #expect(flow.span.start == SourcePosition(line: 7, column: 14))
        // "café ☕" is 6 scalars but 10 bytes; the quotes add 2.
        #expect(flow.span.end == SourcePosition(line: 7, column: 22))
        #expect(after.span.start == SourcePosition(line: 7, column: 31))
    }

    /// A byte-order mark is not text: the first line's columns start after
    /// it, and the next lines are not outdented against the first.
    @Test func byteOrderMarkIsNotAColumn() throws {
        let result = YAMLReader.parse([0xEF, 0xBB, 0xBF] + Array("key: value\nnext: [a]\n".utf8))
        #expect(result.problems.isEmpty)
        let value = try #require(node(result.root, ["key"]))
        #expect(value.span.start == SourcePosition(line: 1, column: 6))
        #expect(node(result.root, ["next"])?.span.start == SourcePosition(line: 2, column: 7))
    }

    @Test func pointsIntoAVerbatimScalar() throws {
        let result = parse(#"rule: "FREQ=DAILY;BYSETPOS=1""#)
        let value = try #require(node(result.root, ["rule"]))
        #expect(value.position(ofScalarOffset: 11) == SourcePosition(line: 1, column: 19))
    }
}

@Suite struct TypingTests {
    @Test(arguments: ["no", "yes", "on", "off", "9:00", "0755", "2026-12-01", "1e3", "~", "null", "0x1F", ".inf"])
    func plainScalarsStayText(_ text: String) throws {
        let result = parse("value: \(text)")
        let value = try #require(node(result.root, ["value"]))
        #expect(value.scalar == text)
        #expect(value.scalarStyle == .plain)
    }

    @Test func emptyValueIsAnEmptyPlainScalar() throws {
        let value = try #require(node(parse("value:").root, ["value"]))
        #expect(value.isEmptyPlainScalar)
        #expect(value.kindDescription == "nothing")
    }

    @Test func quotedEmptyIsText() throws {
        let value = try #require(node(parse(#"value: """#).root, ["value"]))
        #expect(!value.isEmptyPlainScalar)
        #expect(value.scalarStyle == .doubleQuoted)
    }
}

@Suite struct AliasAndMergeTests {
    @Test func aliasCopiesTheAnchoredNode() throws {
        let result = parse("a: &x [1, 2]\nb: *x\n")
        #expect(result.problems.isEmpty)
        let b = try #require(node(result.root, ["b"]))
        #expect(b.sequence?.map(\.scalar) == ["1", "2"])
        // The anchored node starts at its anchor.
        #expect(b.span.start == SourcePosition(line: 1, column: 4))
    }

    @Test func mergeKeysFillWhatIsMissing() throws {
        let yaml = """
            defaults: &d {sound: default, badge: 1}
            other: &o {badge: 3, note: hi}
            item:
              <<: [*d, *o]
              badge: 2
            """
        let result = parse(yaml)
        #expect(result.problems.isEmpty)
        let item = try #require(node(result.root, ["item"])?.mapping)
        #expect(item.map { $0.key.scalar! } == ["badge", "sound", "note"])
        #expect(item.map { $0.value.scalar! } == ["2", "default", "hi"])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let result = parse("\"<<\": 1\n")
        #expect(node(result.root, ["<<"])?.scalar == "1")
    }

    @Test func mergeOfAScalarIsAProblem() {
        let result = parse("a:\n  <<: 5\n")
        #expect(result.problems.map(\.kind) == [.invalidMerge])
        #expect(result.problems.first?.span.start == SourcePosition(line: 2, column: 7))
    }

    @Test func undefinedAlias() {
        let result = parse("a: *nowhere\n")
        #expect(result.problems.map(\.kind) == [.undefinedAlias("nowhere")])
        #expect(result.root == nil)
    }

    @Test func billionLaughsIsRejectedUnexpanded() {
        var yaml = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "l\(level): &l\(level) [\(refs)]\n"
        }
        let result = parse(yaml)
        #expect(result.root == nil)
        #expect(result.problems.map(\.kind) == [.aliasBudgetExceeded(limit: Limits.standard.maxAliasNodes)])
        // Level 5 would bring the total past the budget.
        #expect(result.problems.first?.span.start.line == 6)
    }
}

@Suite struct ProblemTests {
    @Test func duplicateKeyNamesBothPositions() {
        let result = parse("a: 1\nb: 2\na: 3\n")
        #expect(
            result.problems == [
                YAMLProblem(
                    .duplicateKey("a", first: SourcePosition(line: 1, column: 1)),
                    span: SourceSpan(start: SourcePosition(line: 3, column: 1), end: SourcePosition(line: 3, column: 2)))
            ])
        #expect(result.root != nil)
    }

    @Test func duplicateKeysInALargeMapping() {
        var yaml = (0..<40).map { "k\($0): v" }.joined(separator: "\n")
        yaml += "\nk3: again\n"
        let result = parse(yaml)
        #expect(result.problems.map(\.kind) == [.duplicateKey("k3", first: SourcePosition(line: 4, column: 1))])
    }

    @Test func deepNestingIsRejectedAtTheLimit() {
        let yaml = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = parse(yaml)
        #expect(result.root == nil)
        #expect(result.problems.map(\.kind) == [.tooDeep(limit: 64)])
        #expect(result.problems.first?.span.start == SourcePosition(line: 1, column: 65))
    }

    @Test func nestingUpToTheLimitIsFine() {
        let yaml = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(parse(yaml).problems.isEmpty)
    }

    @Test func secondDocument() {
        let result = parse("a: 1\n---\nb: 2\n")
        #expect(result.problems.map(\.kind) == [.multipleDocuments])
        #expect(result.problems.first?.span.start == SourcePosition(line: 2, column: 1))
    }

    @Test func syntaxErrorHasLibyamlsWordsAndPosition() throws {
        let result = parse("a: [1, 2\nb: 3\n")
        let problem = try #require(result.problems.first)
        guard case .syntax(let text, let context) = problem.kind else {
            Issue.record("expected a syntax problem, got \(problem.kind)")
            return
        }
        #expect(text == "did not find expected ',' or ']'")
        #expect(context == "while parsing a flow sequence")
        #expect(problem.span.start == SourcePosition(line: 2, column: 2))
        #expect(problem.contextPosition == SourcePosition(line: 1, column: 4))
    }

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var kind: YAMLProblem.Kind
        var line: Int
        var column: Int
        var testDescription: String { "\(kind)" }
    }

    @Test(arguments: [
        EncodingCase(bytes: Array("a: ok\nb: x".utf8) + [0xFF] + Array("y\n".utf8), kind: .invalidUTF8(byte: 0xFF), line: 2, column: 5),
        EncodingCase(bytes: Array("a: \"é\" ".utf8) + [0xC3, 0x28], kind: .invalidUTF8(byte: 0xC3), line: 1, column: 8),
        EncodingCase(bytes: Array("a: 1\nb: é".utf8) + [0x07], kind: .disallowedCharacter(7), line: 2, column: 5),
    ])
    func encoding(_ c: EncodingCase) throws {
        let result = YAMLReader.parse(c.bytes)
        #expect(result.root == nil)
        let problem = try #require(result.problems.first)
        #expect(problem.kind == c.kind)
        #expect(problem.span.start == SourcePosition(line: c.line, column: c.column))
    }

    @Test func emptyInputHasNoRootAndNoProblem() {
        let result = parse("")
        #expect(result.root == nil)
        #expect(result.problems.isEmpty)
        let comments = parse("# nothing here\n")
        #expect(comments.root == nil)
        #expect(comments.problems.isEmpty)
    }
}

@Suite struct SourceLinesTests {
    @Test(arguments: [
        ("a\nb", 2, 2, 1),
        ("a\r\nb", 3, 2, 1),
        ("a\rb", 2, 2, 1),
        ("é x", 3, 1, 3),
        ("a\u{2028}b", 4, 2, 1),
    ])
    func positionOfByteOffset(_ text: String, _ offset: Int, _ line: Int, _ column: Int) {
        #expect(SourceLines.position(ofByteOffset: offset, in: Array(text.utf8)) == SourcePosition(line: line, column: column))
    }

    @Test func lineText() {
        let bytes = Array("one\r\ntwo\nthree".utf8)
        #expect(SourceLines.line(1, in: bytes) == "one")
        #expect(SourceLines.line(2, in: bytes) == "two")
        #expect(SourceLines.line(3, in: bytes) == "three")
        #expect(SourceLines.line(4, in: bytes) == nil)
    }

    /// Every break libyaml knows ends a line; a BOM is not text; a final
    /// break leaves an empty last line.
    @Test func lineIndex() {
        let index = SourceLines.LineIndex([0xEF, 0xBB, 0xBF] + Array("a\rb\u{85}c\u{2028}d\u{2029}é\n".utf8))
        #expect((0...7).map { index.line($0) } == [nil, "a", "b", "c", "d", "é", "", nil])
        #expect(SourceLines.LineIndex([]).line(1) == "")
    }
}

@Suite struct YAML11Tests {
    @Test(arguments: [
        ("no", "a boolean"), ("On", "a boolean"), ("~", "null"), ("NULL", "null"), ("9:30", "the number 570"),
        ("1:30:00", "the number 5400"), ("0755", "the octal number 493"), ("1_000", "the number 1000"), ("0b101", "a binary number"),
        ("00", "the octal number 0"), ("1_2:30", "the number 750"), ("Y", "a boolean"),
    ])
    func readings(_ text: String, _ reading: String) {
        #expect(YAML11.reading(of: text) == reading)
    }

    @Test(arguments: [
        "09:30", "nope", "true", "Nothing", "2026-12-01", "12", "0", "08:00-20:00", "9:60", "", "7", "0789",
        "0b", "0b12", "1b", "yess", "~~", "15m", "2026",
    ])
    func textInBothVersions(_ text: String) {
        #expect(YAML11.reading(of: text) == nil)
    }

    /// The first-byte filter the reader applies never hides a reading:
    /// every text a reading exists for starts with a byte it lets through.
    @Test func theFirstByteFilterKeepsEveryReading() {
        let tails = ["", "es", "o", "ES", "rue", "ALSE", "ull", "ff", "n", "755", ":30", "_000", "b101", "9", "x"]
        for byte in UInt8(0x20)...UInt8(0x7E) {
            for tail in tails {
                let text = String(UnicodeScalar(byte)) + tail
                if YAML11.reading(of: text) != nil { #expect(YAML11.mayRead(firstByte: byte), "\(text)") }
            }
        }
        #expect(!YAML11.mayRead(firstByte: UInt8(ascii: "R")) && !YAML11.mayRead(firstByte: UInt8(ascii: "-")))
    }

    @Test func onlyPlainValuesAreRecorded() {
        let result = parse(
            """
            no: yes
            list: [on, "off", 'n', 0755]
            map:
              9:30: 9:30
              key: |
                no
            """)
        #expect(result.problems.isEmpty)
        #expect(result.implicitlyTyped.map { "\($0.text)@\($0.span.start)" } == ["yes@1:5", "on@2:8", "0755@2:24", "9:30@4:9"])
        #expect(result.implicitlyTyped.first?.reading == "a boolean")
    }
}

@Suite struct StreamingTests {
    /// The parse of `text` streaming `items:`, and the items streamed, kept.
    private func stream(_ text: String) -> (ParseResult, items: [Node]) {
        var items: [Node] = []
        let result = YAMLReader.parse(Array(text.utf8), stream: ItemStream(key: "items") { items.append($0) })
        return (result, items)
    }

    @Test func itemsGoToTheConsumerAndTheTreeKeepsAnEmptyList() throws {
        let (result, items) = stream(
            """
            zone: here
            base: &base {a: 1}
            items:
              - {name: one, <<: *base}
              - name: two
            after: 3
            """)
        #expect(result.problems.isEmpty)
        #expect(items.map { node($0, ["name"])?.scalar } == ["one", "two"])
        #expect(node(items[0], ["a"])?.scalar == "1")
        #expect(items[1].span.start == SourcePosition(line: 5, column: 5))
        let list = try #require(node(result.root, ["items"]))
        #expect(list.sequence?.isEmpty == true)
        #expect(list.span.start == SourcePosition(line: 4, column: 3))
        #expect(node(result.root, ["after"])?.scalar == "3")
    }

    @Test(arguments: [
        "items: &all [1, 2]\nagain: *all\n",  // an anchored list: its alias needs the items
        "outer:\n  items: [1, 2]\n",  // not at the top level
        "items: {a: 1}\n",  // not a list
        "items: 0\nitems: [1, 2]\n",  // a second `items` is a duplicate key
    ])
    func whatIsNotStreamed(_ text: String) {
        let (result, items) = stream(text)
        #expect(items.isEmpty)
        #expect(result.root != nil)
    }

    /// A consumer that keeps no node lets the reader use the items' place
    /// again; one that keeps them (`stream` above) keeps them whole. Either
    /// way every item reads as written, and so does the rest of the tree.
    @Test func itemsReadTheSameWhetherKeptOrNot() throws {
        var text = "base: &base {kind: shared, list: [x, y]}\nitems:\n"
        for index in 0..<50 {
            text += index % 7 == 0 ? "  - {n: '\(index)', <<: *base}\n" : "  - n: \"item \(index)\"\n    deep: [[\(index)]]\n"
        }
        text += "after: {last: [1, 2, 3]}\n"
        func describe(_ node: Node) -> String {
            if let text = node.scalar { return text }
            if let pairs = node.mapping {
                return "{" + pairs.map { describe($0.key) + ":" + describe($0.value) }.joined(separator: ",") + "}"
            }
            return "[" + node.sequence!.map(describe).joined(separator: ",") + "]"
        }
        var read: [String] = []
        let result = YAMLReader.parse(Array(text.utf8), stream: ItemStream(key: "items") { read.append(describe($0)) })
        let (keptResult, kept) = stream(text)
        #expect(read == kept.map(describe))
        #expect(read.count == 50)
        #expect(read[7] == "{n:7,kind:shared,list:[x,y]}")
        #expect(read[8] == "{n:item 8,deep:[[8]]}")
        #expect(describe(try #require(result.root)) == describe(try #require(keptResult.root)))
        #expect(node(result.root, ["after", "last"]).map(describe) == "[1,2,3]")
    }

    @Test func problemsInStreamedItemsAreStillReported() {
        let (result, items) = stream("items:\n  - {a: 1, a: 2}\n  - *nowhere\n")
        #expect(items.count == 1)
        #expect(result.problems.map(\.kind) == [.duplicateKey("a", first: SourcePosition(line: 2, column: 6)), .undefinedAlias("nowhere")])
        #expect(result.root == nil)
    }
}
