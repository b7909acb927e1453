import Testing
import YAMLSyntax
@testable import ReminderModel

@Suite struct KeyedMappingTests {
    enum Key: String, MappingKey {
        case id, title, note, at, weekStart = "week-start", ete = "été"
        static let names = KeyNames<Self>()
    }

    private func key(_ text: String) -> Key? {
        Array(text.utf8).withUnsafeBufferPointer { Key.names.key(named: $0) }
    }

    @Test func everyNameIsItsKey() {
        for key in Key.allCases {
            #expect(self.key(key.rawValue) == key)
        }
    }

    /// Keys as long as a name, or differing in one byte, or in case, are
    /// not it.
    @Test(arguments: ["", "ix", "Id", "titles", "titl", "nota", "week_start", "ete", "été ", "x"])
    func otherTextsAreNoKey(_ text: String) {
        #expect(key(text) == nil)
    }

    /// Known keys in source order; an unknown key reported with the nearest
    /// known one, and a key that is not text reported.
    @Test func readsAMappingsKeys() throws {
        let root = try #require(YAMLReader.parse(Array("{note: n, titel: t, id: a, [x]: 1, at: 9}".utf8)).root?.mapping)
        var context = DecodingContext(path: "k.yaml")
        let keyed = KeyedMapping<Key>(root, in: "a thing", context: &context)
        #expect(keyed.entries.map(\.key) == [.note, .id, .at])
        #expect(keyed[.id]?.scalar == "a" && keyed[.title] == nil)
        #expect(keyed.contains(.at) && !keyed.contains(.weekStart))
        #expect(context.diagnostics.map { "\($0.id)@\($0.span.start.column)" } == ["unknown-key@11", "wrong-type@28"])
        #expect(context.diagnostics.first?.message.hint == "did you mean 'title'?")
    }
}
