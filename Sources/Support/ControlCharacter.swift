/// The classes of control characters remindc escapes or replaces in what
/// it writes, defined once: each writer picks the classes its reader cares
/// about, by name.
package enum ControlCharacter {
    /// C0 (U+0000 to U+001F) and DEL (U+007F): what ASCII calls control.
    package static func isASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// C1 (U+0080 to U+009F), which some terminals obey as escapes.
    package static func isC1(_ scalar: Unicode.Scalar) -> Bool {
        (0x80...0x9F).contains(scalar.value)
    }

    /// Unicode's general category Cc: C0, DEL and C1.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        isASCII(scalar) || isC1(scalar)
    }

    /// U+2028 and U+2029, which end a line for JavaScript and some editors.
    package static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// What must never reach a terminal or a line-based reader raw: a
    /// control character or a line separator.
    package static func breaksText(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isLineSeparator(scalar)
    }
}
