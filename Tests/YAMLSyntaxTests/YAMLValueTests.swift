import Testing
@testable import YAMLSyntax

/// What remindc writes YAML with: each scalar plain only where YAML reads
/// it back as the same text, collections in block or flow form, and the
/// value a text holds read back as the same value.
@Suite struct YAMLValueTests {
    @Test(arguments: [
        ("2026-12-01 09:00", "2026-12-01 09:00"), ("2 working days", "2 working days"), ("-1", "-1"), ("Europe/London", "Europe/London"),
        ("09:00", "09:00"), ("2026-12-24..2026-12-26", "2026-12-24..2026-12-26"),
        // What YAML would read otherwise, or not at all.
        ("no", "\"no\""), ("Yes", "\"Yes\""), ("~", "\"~\""), ("", "\"\""), ("a: b", "\"a: b\""), ("a #b", "\"a #b\""), ("-x", "\"-x\""),
        ("[a]", "\"[a]\""), ("a, b", "\"a, b\""), ("trailing ", "\"trailing \""), ("ends:", "\"ends:\""), ("*alias", "\"*alias\""),
        ("two  spaces", "\"two  spaces\""), ("line\nbreak", "\"line\\nbreak\""), ("tab\there", "\"tab\\there\""),
        ("quote \" and \\", "\"quote \\\" and \\\\\""), ("bidi \u{2028}", "\"bidi \\u2028\""), ("é", "\"é\""),
    ])
    func scalarsArePlainOnlyWhereTheyReadBack(_ text: String, _ written: String) throws {
        #expect(YAMLValue.plainOrQuoted(text) == written)
        // Read back in a block and in a flow collection, it is the text.
        let block = try #require(YAMLValue(parsing: "key: " + written))
        #expect(block["key"].map(Self.scalar) == text)
        let flow = try #require(YAMLValue(parsing: "[" + written + ", end]"))
        guard case .sequence(let items) = flow else { Issue.record("not a sequence: \(flow)"); return }
        #expect(items.first.map(Self.scalar) == text)
    }

    static func scalar(_ value: YAMLValue) -> String? {
        switch value {
        case .plain(let text), .text(let text): text
        default: nil
        }
    }

    static let reminder = YAMLValue.mapping([
        .init("id", .plain("rent")), .init("title", .text("Pay: the rent")), .init("at", .plain("2026-12-01 09:00")),
        .init("repeat", .mapping([.init("every", .plain("month")), .init("working-day", .plain("-1"))])),
        .init("before", .sequence([.plain("2 working days"), .plain("1h")])),
        .init("holidays", .mapping([.init("dates", .sequence([.mapping([.init("2026-12-24", .text("Christmas Eve"))])]))])),
        .init("data", .mapping([.init("key with space", .text("v"))])),
    ])

    @Test func blocksAndFlowsReadBackAsTheyWere() throws {
        let block = Self.reminder.blockLines().joined(separator: "\n")
        #expect(
            block == """
                id: rent
                title: "Pay: the rent"
                at: 2026-12-01 09:00
                repeat:
                  every: month
                  working-day: -1
                before: [2 working days, 1h]
                holidays:
                  dates:
                    - 2026-12-24: "Christmas Eve"
                data:
                  key with space: "v"
                """)
        #expect(YAMLValue(parsing: block) == Self.reminder)
        #expect(YAMLValue(parsing: Self.reminder.flow) == Self.reminder)
        let list = YAMLValue.sequence([Self.reminder, .plain("x")]).blockLines(indent: 2)
        #expect(list.prefix(3) == ["  - id: rent", "    title: \"Pay: the rent\"", "    at: 2026-12-01 09:00"])
        #expect(list.last == "  - x")
    }

    @Test(arguments: ["{a: [b", "a: *x", "{a: {b: {c: {d: {e: {f: {g: {h: {i: j}}}}}}}}}", "a: b\n---\nc: d"])
    func whatIsNotOneValueIsNothing(_ text: String) {
        #expect(YAMLValue(parsing: text) == nil)
    }

    @Test func keysAreFound() {
        #expect(Self.reminder.hasKey("working-day"))
        #expect(Self.reminder.hasKey("2026-12-24"))
        #expect(!Self.reminder.hasKey("files"))
        #expect(Self.reminder.setting("id", .plain("x"))["id"] == .plain("x"))
        #expect(Self.reminder.setting("id", nil)["id"] == nil)
    }
}
