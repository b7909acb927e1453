import YAMLSyntax

/// libyaml's wording of a syntax error, put in plain words with a fix,
/// for the mistakes people make when writing a reminder file by hand: a
/// tab used to indent, a value with ': ' inside, a key or a list item at
/// the wrong column, a quote left open. It reads the lines around the
/// error; an error it does not recognise keeps libyaml's wording.
struct SyntaxExplanation {
    var text: String
    var hint: String
    /// Where the explanation points besides the error, instead of
    /// libyaml's "while parsing ..." note.
    var note: Diagnostic.Note?
    /// Where the error is, when that is not where libyaml noticed it.
    var position: SourcePosition?

    /// The explanation of libyaml's `problem` at `position` of the file
    /// `bytes`, whose place libyaml gave for `contextPosition`.
    init?(problem: String, at position: SourcePosition, contextPosition: SourcePosition?, in bytes: UnsafeBufferPointer<UInt8>) {
        let lines = Lines(bytes)
        let number = Int(position.line)
        guard let line = lines[number] else { return nil }
        if let tab = line.leadingWhitespace.firstIndex(of: UInt8(ascii: "\t")) {
            // libyaml says "found character that cannot start any token"
            // or complains about the line after; either way the tab is why.
            text = "line \(number) is indented with a tab (column \(tab + 1)); YAML indents with spaces only"
            hint = "replace the tab with spaces, as many as the lines around it use"
            note = nil
            return
        }
        switch problem {
        case "mapping values are not allowed in this context":
            let column = Int(position.column) - 1
            if let key = line.key, key.end < column {
                text = "the value of '\(key.name)' has ': ' inside it, which YAML reads as the start of another key"
                hint = "quote the value: \(key.name): \"\(line.text(from: key.valueStart))\""
                note = nil
                return
            }
            guard let key = line.key, let above = lines.previousContent(before: number),
                let aboveKey = above.line.key, aboveKey.valueStart < above.line.count, above.line.indent < line.indent
            else { return nil }
            text = "'\(key.name)' is indented more than '\(aboveKey.name)' above it, which already has a value"
            hint = "indent '\(key.name)' to column \(above.line.indent + 1), as '\(aboveKey.name)' is, to make it a key beside it"
            note = Diagnostic.Note(
                "'\(aboveKey.name)' is here",
                at: SourceSpan(
                    start: SourcePosition(line: above.number, column: above.line.indent + 1),
                    length: aboveKey.name.unicodeScalars.count))
        case "did not find expected '-' indicator", "did not find expected key":
            guard let above = lines.previousContent(before: number) else { return nil }
            if line.startsListItem {
                let list = lines.previousListItem(before: number)
                guard let list, list.line.indent != line.indent else { return nil }
                text =
                    "this list item's '-' is at column \(line.indent + 1), but the list it continues has its '-' at column \(list.line.indent + 1)"
                hint = "line the '-' up with the items above it, at column \(list.line.indent + 1)"
                note = Diagnostic.Note(
                    "the item above", at: SourceSpan(start: SourcePosition(line: list.number, column: list.line.indent + 1), length: 1))
            } else if let key = line.key {
                let keysColumn = above.line.startsListItem ? above.line.listItemContentIndent : above.line.indent
                guard keysColumn != line.indent else { return nil }
                text =
                    "'\(key.name)' is at column \(line.indent + 1), but the keys it follows are at column \(keysColumn + 1), so it belongs to neither them nor a new item"
                hint =
                    line.indent < keysColumn
                    ? "indent '\(key.name)' to column \(keysColumn + 1) to keep it with the keys above, or start a new list item with '- '"
                    : "indent '\(key.name)' to column \(keysColumn + 1), as the keys above it are"
                note = Diagnostic.Note(
                    "the key above", at: SourceSpan(start: SourcePosition(line: above.number, column: keysColumn + 1), length: 1))
            } else {
                return nil
            }
        case "could not find expected ':'":
            text = "a line inside a mapping has no ': ' after its key"
            hint = "write each key as 'key: value'; a value that goes on over several lines must be quoted"
            // libyaml notices on the line after; the key is where it began.
            self.position = contextPosition
            note = nil
        case "block sequence entries are not allowed in this context":
            text = "a list item '- ' cannot follow a key on the same line"
            hint = "start the list on the next line, indented under its key, or write it in brackets: [a, b]"
            note = nil
        case "found unexpected end of stream":
            guard let start = contextPosition else { return nil }
            text = "a quoted value is never closed"
            self.position = start
            hint = "end the value with the quote it starts with; write a quote inside it as \\\" (in \"...\") or '' (in '...')"
            note = Diagnostic.Note("the file ends here, inside the quotes", at: SourceSpan(start: position, length: 0))
        default:
            return nil
        }
    }
}

/// A file's lines as bytes, numbered from 1, without their line breaks.
private struct Lines {
    private var ranges: [Range<Int>] = []
    private let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
    }

    subscript(number: Int) -> Line? {
        guard number >= 1 && number <= ranges.count else { return nil }
        var range = ranges[number - 1]
        if range.count > 0 && bytes[range.upperBound - 1] == UInt8(ascii: "\r") { range = range.lowerBound..<(range.upperBound - 1) }
        return Line(bytes: Array(bytes[range]))
    }

    /// The nearest line above `number` that is neither blank nor a comment.
    func previousContent(before number: Int) -> (number: Int, line: Line)? {
        var candidate = number - 1
        while let line = self[candidate] {
            if !line.isBlankOrComment { return (candidate, line) }
            candidate -= 1
        }
        return nil
    }

    /// The nearest line above `number` that starts a list item.
    func previousListItem(before number: Int) -> (number: Int, line: Line)? {
        var candidate = number - 1
        while let line = self[candidate] {
            if line.startsListItem { return (candidate, line) }
            candidate -= 1
        }
        return nil
    }
}

private struct Line {
    var bytes: [UInt8]

    var count: Int { bytes.count }
    var leadingWhitespace: ArraySlice<UInt8> { bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
    var indent: Int { leadingWhitespace.count }
    var isBlankOrComment: Bool { indent == count || bytes[indent] == UInt8(ascii: "#") }

    var startsListItem: Bool {
        indent < count && bytes[indent] == UInt8(ascii: "-") && (indent + 1 == count || bytes[indent + 1] == UInt8(ascii: " "))
    }

    /// The column (from 0) of what follows a list item's '- '.
    var listItemContentIndent: Int {
        var index = indent + 1
        while index < count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// The plain key the line starts with (after a list item's '- '): its
    /// name, the index of its ':' and where its value starts.
    var key: (name: String, end: Int, valueStart: Int)? {
        let start = startsListItem ? listItemContentIndent : indent
        var index = start
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") && (index + 1 == count || bytes[index + 1] == UInt8(ascii: " ")) { break }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "{")
                || byte == UInt8(ascii: "[")
            {
                return nil
            }
            index += 1
        }
        guard index < count, index > start else { return nil }
        var valueStart = index + 1
        while valueStart < count && bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        return (String(decoding: bytes[start..<index], as: UTF8.self), index, valueStart)
    }

    func text(from index: Int) -> String {
        var end = count
        while end > index && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var escaped = ""
        for character in String(decoding: bytes[min(index, end)..<end], as: UTF8.self) {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
