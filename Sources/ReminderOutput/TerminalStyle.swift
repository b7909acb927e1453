/// The styles (SGR sequences) text for a terminal is painted in, when
/// colour is on: `check`'s diagnostics and the views.
package enum TerminalStyle: String {
    case bold = "1"
    case dim = "2"
    case red = "1;31"
    case yellow = "1;33"
    case cyan = "1;36"
    case blue = "34"
    case green = "1;32"
    case reversed = "7"

    /// `text` in this style when `colour`, else as it is.
    package func paint(_ text: String, if colour: Bool) -> String {
        colour ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}
