/// How many columns of a terminal text takes: most characters one, East
/// Asian wide and fullwidth ones (UAX #11: CJK, kana, Hangul, fullwidth
/// forms) and emoji shown as pictures two, combining marks and joiners
/// none. A character is a grapheme cluster, so a family emoji joined by
/// ZWJs, or a letter with its accents, is one character of one width.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        var width = 0
        var sawVisible = false
        for scalar in character.unicodeScalars {
            if isZeroWidth(scalar) {
                // An emoji variation selector turns the character before
                // it into a picture.
                if scalar.value == 0xFE0F && sawVisible { width = 2 }
                continue
            }
            sawVisible = true
            width = max(width, isWide(scalar) ? 2 : 1)
        }
        return width
    }

    /// The longest prefix of `text` that takes at most `columns`, and the
    /// columns it takes.
    public static func prefix(_ text: String, columns: Int) -> (text: String, width: Int) {
        var width = 0
        var end = text.startIndex
        for index in text.indices {
            let next = of(text[index])
            if width + next > columns { break }
            width += next
            end = text.index(after: index)
        }
        return (String(text[..<end]), width)
    }

    /// `text` cut to `columns`, ending in `…` when cut, and padded with
    /// spaces to exactly `columns` when `pad`.
    public static func fit(_ text: String, columns: Int, pad: Bool = true) -> String {
        guard columns > 0 else { return "" }
        let whole = of(text)
        var result = text
        var width = whole
        if whole > columns {
            (result, width) = prefix(text, columns: columns - 1)
            result += "…"
            width += 1
        }
        return pad && width < columns ? result + String(repeating: " ", count: columns - width) : result
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        return (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
            || (0x1160...0x11FF).contains(scalar.value)
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        let value = scalar.value
        return wideRanges.contains { $0.contains(value) }
    }

    /// The East Asian Wide and Fullwidth blocks (UAX #11).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
