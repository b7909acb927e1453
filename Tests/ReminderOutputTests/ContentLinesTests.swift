import Testing
@testable import ReminderOutput
import Recurrence
import ReminderModel

@Suite struct ContentLinesTests {
    /// Physical lines of the encoded bytes, CRLF removed.
    static func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                lines.append(current)
                current = []
                index += 2
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        #expect(current.isEmpty, "every line ends in CRLF")
        return lines
    }

    /// RFC 5545 §3.1 unfolding: drop each CRLF followed by a space.
    static func unfold(_ bytes: [UInt8]) -> String {
        let lines = physicalLines(bytes)
        var logical: [[UInt8]] = []
        for line in lines {
            if line.first == 0x20, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        return logical.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    @Test(arguments: [
        String(repeating: "a", count: 300),
        String(repeating: "ä", count: 100),
        String(repeating: "⏰", count: 60),
        "x" + String(repeating: "😀", count: 50),
        "ab" + String(repeating: "😀", count: 50),
        "abc" + String(repeating: "😀", count: 50),
    ])
    func foldsAt75OctetsOnCharacterBoundaries(_ text: String) {
        var lines = ContentLines()
        lines.add("SUMMARY", [], ContentLines.text(text))
        for line in Self.physicalLines(lines.bytes) {
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "no UTF-8 sequence is split")
        }
        #expect(Self.unfold(lines.bytes) == "SUMMARY:" + text)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a,b;c\\d", "a\\,b\\;c\\\\d"),
        ("one\ntwo", "one\\ntwo"),
        ("one\r\ntwo", "one\\ntwo"),
        ("one\rtwo", "one\\ntwo"),
        ("one\u{2028}two\u{85}three", "one\\ntwo\\nthree"),
        ("tab\there", "tab\there"),
        ("bell\u{07}del\u{7F}", "bell\u{FFFD}del\u{FFFD}"),
        ("BEGIN:VALARM", "BEGIN:VALARM"),
    ])
    func escapesText(_ input: String, _ expected: String) {
        #expect(ContentLines.text(input) == expected)
    }

    @Test(arguments: [
        ("task", "task"),
        ("a:b", "\"a:b\""),
        ("a;b,c", "\"a;b,c\""),
        ("say \"hi\"", "say ^'hi^'"),
        ("up^down", "up^^down"),
        ("two\nlines", "two^nlines"),
        ("", "\"\""),
        (" lead", "\" lead\""),
        ("trail\t", "\"trail\t\""),
        ("in between", "in between"),
    ])
    func quotesParameterValues(_ input: String, _ expected: String) {
        #expect(ContentLines.parameterValue(input) == expected)
    }
}

extension ContentLines {
    /// `appendParameterValue` as a string.
    static func parameterValue(_ value: String) -> String {
        var output: [UInt8] = []
        appendParameterValue(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
