import Testing
@testable import ReminderModel

@Suite struct FirstOccurrencesTests {
    /// The first earlier place of each text, as a dictionary of the texts'
    /// bytes finds it.
    static func expected(_ texts: [String]) -> [Int?] {
        var first: [[UInt8]: Int] = [:]
        return texts.enumerated().map { position, text in
            if let earlier = first[Array(text.utf8)] { return earlier }
            first[Array(text.utf8)] = position
            return nil
        }
    }

    static func found(_ texts: [String]) -> [Int?] {
        var table = FirstOccurrences(count: texts.count)
        return texts.indices.map { table.earlier(texts[$0], at: $0, in: { texts[$0] }) }
    }

    @Test(arguments: [
        [],
        ["a"],
        ["a", "a", "a"],
        ["morning", "evening", "morning", "night", "evening"],
        ["", "", "é", "e\u{301}"],
        ["a-rather-long-reminder-identifier-1", "a-rather-long-reminder-identifier-2", "a-rather-long-reminder-identifier-1"],
    ])
    func findsTheFirstEarlierPlace(_ texts: [String]) {
        #expect(Self.found(texts) == Self.expected(texts))
    }

    /// Many texts, a full table's worth of probing: every repeat found,
    /// nothing else.
    @Test func manyTexts() {
        var generator = SystemRandomNumberGenerator()
        let texts = (0..<20_000).map { _ in "reminder-\(Int.random(in: 0..<12_000, using: &generator))" }
        #expect(Self.found(texts) == Self.expected(texts))
    }
}
