import Support
import Testing

/// The columns a terminal gives text: wide characters take two, marks
/// and joiners none; fitting cuts at a column and pads.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("週報", 4), ("☕", 2), ("🗑️", 2), ("e\u{301}", 1), ("👩‍👩‍👧", 2), ("Ａ", 2), ("한국", 4), ("\u{200B}", 0), ("", 0),
    ])
    func displayWidths(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func fittingCutsAtAColumnAndPads() {
        #expect(DisplayWidth.fit("週報を書く", columns: 6) == "週報… ")
        #expect(DisplayWidth.fit("abc", columns: 5) == "abc  ")
        #expect(DisplayWidth.fit("abcdef", columns: 4) == "abc…")
        #expect(DisplayWidth.fit("☕☕☕", columns: 4, pad: false) == "☕…")
    }
}
