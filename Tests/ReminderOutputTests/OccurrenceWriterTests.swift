import Testing
@testable import ReminderOutput

@Suite struct OccurrenceWriterTests {
    /// A table cell is one line and sends a terminal no escapes.
    @Test(arguments: [
        ("plain", "plain"), ("a\tb\nc", "a b c"), ("esc\u{1B}[31m", "esc\u{FFFD}[31m"), ("c1\u{9B}", "c1\u{FFFD}"),
        ("sep\u{2028}", "sep\u{FFFD}"),
    ])
    func tableText(_ text: String, _ expected: String) {
        #expect(String(decoding: OccurrenceWriter.plainText(text), as: UTF8.self) == expected)
    }

    /// A CSV field keeps line breaks and tabs as data, quoted when needed.
    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        (" edge", "\" edge\""), ("tab\there", "tab\there"), ("bell\u{07}", "bell\u{FFFD}"), ("c1\u{85}", "c1\u{FFFD}"),
    ])
    func csvFields(_ text: String, _ expected: String) {
        #expect(String(decoding: OccurrenceWriter.csvField(text), as: UTF8.self) == expected)
    }
}
