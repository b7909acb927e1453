/// Two-column help rows, wrapped at 80 columns as swift-argument-parser does.
enum HelpLayout {
    static let labelWidth = 26
    static let lineWidth = 80

    /// `text` broken into lines of at most `width` characters, at spaces.
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.joined(separator: "\n")
    }

    static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth)
        var lines = wrap(help, width: lineWidth - labelWidth).split(separator: "\n").map(String.init)
        let head = "  " + label
        var text: String
        if head.count < labelWidth {
            text = head + String(repeating: " ", count: labelWidth - head.count) + (lines.first ?? "") + "\n"
            lines = Array(lines.dropFirst())
        } else {
            text = head + "\n"
        }
        for line in lines { text += indent + line + "\n" }
        return text
    }
}
