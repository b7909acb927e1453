import Foundation
import ReminderModel
import YAMLSyntax

/// iCalendar text (RFC 5545) read, every property with the place it was
/// written: content lines unfolded (CRLF or LF, a fold's leading space or
/// tab dropped, a byte-order mark skipped), split into name, parameters
/// and value, and nested into components. Several VCALENDARs in one file
/// are read one after another. The one reader of iCalendar: `import`
/// reads files with it, `publish` what a server holds, and the writer's
/// own components (`ContentComponent`) are read into it to be compared.
package struct CalendarDocument: Sendable {
    /// One content line.
    package struct Property: Sendable {
        /// Upper-cased: `DTSTART`.
        package var name: String
        /// Each parameter, its name upper-cased, its values unquoted.
        package var parameters: [(name: String, values: [String])]
        package var value: String
        /// Where the line starts, to the end of its first physical line.
        package var span: SourceSpan

        /// A parameter's first value (`TZID`), if it has it.
        package func parameter(_ name: String) -> String? {
            parameters.first { $0.name == name }?.values.first
        }
    }

    /// A component: `VEVENT`, `VALARM`, ...
    package struct Component: Sendable {
        package var name: String
        package var properties: [Property]
        package var components: [Component]
        /// Where its BEGIN line is.
        package var span: SourceSpan

        package func property(_ name: String) -> Property? { properties.first { $0.name == name } }

        /// The UID, its spaces at either end dropped (a UID with trailing
        /// spaces is the same event); nil when absent or empty.
        package var uid: String? {
            guard let value = property("UID")?.text.trimmedSpaces, !value.isEmpty else { return nil }
            return value
        }
        package func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    }

    /// A line that is not iCalendar: the file cannot be read further.
    package struct Problem: Error, Sendable {
        package var text: String
        package var span: SourceSpan
    }

    /// The top-level components: each VCALENDAR.
    package var calendars: [Component]

    /// Something the reader changed to go on: bytes that are not UTF-8, a
    /// character iCalendar and YAML cannot hold, components nested too
    /// deep, a line that is not a content line, components outside a
    /// VCALENDAR or not closed at the end. Each kind is said once, at its
    /// first line, with a count. What cannot be read on (an END that
    /// closes another component) is a `Problem`.
    package struct Repair: Sendable {
        package enum Kind: String, Sendable, CaseIterable {
            case invalidUTF8
            case forbiddenCharacter
            case nestedTooDeep
            /// A line that is not `NAME;PARAMETERS:VALUE` (a fold that lost
            /// its space, a value without its colon): left out.
            case notContentLine
            /// Components or properties outside any VCALENDAR (a bare
            /// VEVENT file): read as one calendar's.
            case outsideCalendar
            /// Components still open at the end of the file: closed there.
            case unclosed
        }

        package var kind: Kind
        package var span: SourceSpan
        package var count: Int
    }

    /// Components nested deeper than this (a VCALENDAR's VEVENT's VALARM
    /// is three) are left out, and their lines only matched BEGIN to END.
    package static let deepestNesting = 16

    /// Reads `bytes`: UTF-8 as RFC 5545 asks, a byte that is not replaced
    /// where it stands (U+FFFD) and said; the first line that breaks the
    /// grammar is a problem.
    package static func read(_ bytes: [UInt8]) -> Result<(CalendarDocument, [Repair]), Problem> {
        var repairs: [Repair.Kind: Repair] = [:]
        func repaired(_ kind: Repair.Kind, _ line: Int) {
            if repairs[kind] == nil {
                repairs[kind] = Repair(kind: kind, span: SourceSpan(start: SourcePosition(line: line, column: 1), length: 0), count: 0)
            }
            repairs[kind]!.count += 1
        }
        let lines = unfoldedLines(bytes, repaired: repaired)
        // Open components, the innermost last; past the deepest kept, the
        // names alone.
        var stack: [Component] = []
        var skipped: [(name: String, span: SourceSpan)] = []
        var calendars: [Component] = []
        // Properties outside any component.
        var loose: [Property] = []
        var firstBadLine: (text: String, span: SourceSpan)?
        for line in lines {
            let span = SourceSpan(start: SourcePosition(line: line.number, column: 1), length: line.firstLength)
            guard let property = parse(line.text, span: span) else {
                repaired(.notContentLine, line.number)
                if firstBadLine == nil { firstBadLine = (line.text, span) }
                continue
            }
            switch property.name {
            case "BEGIN":
                let name = property.value.trimmedSpaces.uppercased()
                if stack.count >= deepestNesting || !skipped.isEmpty {
                    if skipped.isEmpty { repaired(.nestedTooDeep, line.number) }
                    skipped.append((name, span))
                } else {
                    stack.append(Component(name: name, properties: [], components: [], span: span))
                }
            case "END":
                let name = property.value.trimmedSpaces.uppercased()
                if let open = skipped.popLast() {
                    guard open.name == name else {
                        return .failure(Problem(text: "END:\(name) closes \(open.name), begun at line \(open.span.start.line)", span: span))
                    }
                    continue
                }
                guard let open = stack.popLast() else {
                    return .failure(Problem(text: "END:\(name) closes no component", span: span))
                }
                guard open.name == name else {
                    return .failure(Problem(text: "END:\(name) closes \(open.name), begun at line \(open.span.start.line)", span: span))
                }
                if stack.isEmpty {
                    calendars.append(open)
                } else {
                    stack[stack.count - 1].components.append(open)
                }
            default:
                guard !stack.isEmpty else {
                    repaired(.outsideCalendar, line.number)
                    loose.append(property)
                    continue
                }
                guard skipped.isEmpty else { continue }
                stack[stack.count - 1].properties.append(property)
            }
        }
        // A file cut off inside a component: closed where it ends.
        if let open = stack.first {
            repaired(.unclosed, Int(open.span.start.line))
            while let done = stack.popLast() {
                if stack.isEmpty { calendars.append(done) } else { stack[stack.count - 1].components.append(done) }
            }
        }
        // Components (and properties) outside any VCALENDAR, as a bare
        // VEVENT file holds them: one calendar's, after the calendars.
        let outside = calendars.filter { $0.name != "VCALENDAR" }
        if !outside.isEmpty || !loose.isEmpty {
            if let first = outside.first { repaired(.outsideCalendar, Int(first.span.start.line)) }
            calendars = calendars.filter { $0.name == "VCALENDAR" }
            if !outside.isEmpty {
                calendars.append(Component(name: "VCALENDAR", properties: loose, components: outside, span: outside[0].span))
            }
        }
        guard !calendars.isEmpty else {
            // Not iCalendar at all (a YAML file given by mistake): its first
            // line that is not a content line says so best.
            if let (text, span) = firstBadLine {
                return .failure(
                    Problem(text: "'\(String(text.prefix(60)))' is not an iCalendar content line (NAME;PARAMETERS:VALUE)", span: span))
            }
            let span = SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0)
            return .failure(Problem(text: "the file holds no iCalendar component (BEGIN:VCALENDAR ... END:VCALENDAR)", span: span))
        }
        let found = Repair.Kind.allCases.compactMap { repairs[$0] }
        return .success((CalendarDocument(calendars: calendars), found))
    }

    /// The content lines of `bytes`, unfolded (RFC 5545 §3.1), each with
    /// its number and the length of its first physical line; a byte-order
    /// mark, CR before LF and blank lines dropped. Invalid UTF-8 and
    /// forbidden characters are replaced and said through `repaired`.
    private static func unfoldedLines(
        _ bytes: [UInt8], repaired: (Repair.Kind, Int) -> Void
    ) -> [(number: Int, text: String, firstLength: Int)] {
        var lines: [(number: Int, text: String, firstLength: Int)] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let raw = bytes[start..<lineEnd]
            start = end + 1
            var line =
                String(validating: raw, as: UTF8.self)
                ?? {
                    repaired(.invalidUTF8, number)
                    return String(decoding: raw, as: UTF8.self)
                }()
            if line.unicodeScalars.contains(where: Self.isForbidden) {
                repaired(.forbiddenCharacter, number)
                line = String(String.UnicodeScalarView(line.unicodeScalars.map { Self.isForbidden($0) ? "\u{FFFD}" : $0 }))
            }
            if let first = line.utf8.first, first == 0x20 || first == 0x09, !lines.isEmpty {
                lines[lines.count - 1].text += line.dropFirst()
            } else if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                lines.append((number, line, line.unicodeScalars.count))
            }
        }
        return lines
    }

    /// The file's text as a report quotes its lines: lines end where this
    /// reader ends them (at LF, CR LF), so NEL, LS, PS and a lone CR,
    /// which a YAML file's lines end at, are shown as U+FFFD; bytes that
    /// are not UTF-8 too.
    package static func quotableText(_ bytes: [UInt8]) -> [UInt8] {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        // Most files hold none of them: the bytes as they are.
        guard bytes.contains(where: { $0 == 0x0D || $0 == 0xC2 || $0 == 0xE2 }) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
                result += replacement
                index += 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                result += replacement
                index += 2
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                result += replacement
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    /// Reads `text` (tests, and text already decoded).
    package static func read(_ text: String) -> Result<CalendarDocument, Problem> {
        read(Array(text.utf8)).map(\.0)
    }

    /// What neither iCalendar (RFC 5545 §3.1: no control character but
    /// HTAB) nor a YAML file (§5.1: printable characters) can hold: control
    /// characters, lone surrogates' stand-ins, and the Unicode
    /// noncharacters (U+FFFE, U+FFFF, U+FDD0...U+FDEF, and the last two of
    /// every plane).
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 }
        if value == 0x7F || (0x80...0x9F).contains(value) { return true }
        if (0xFDD0...0xFDEF).contains(value) { return true }
        return value & 0xFFFE == 0xFFFE
    }

    /// A parameter value with RFC 6868's escapes read: `^n` a line break,
    /// `^'` a double quote, `^^` a caret.
    static func caretDecoded(_ value: String) -> String {
        guard value.contains("^") else { return value }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n": result += "\n"
                case "'": result += "\""
                case "^": result += "^"
                default: result += "^" + String(character)
                }
                escaping = false
            } else if character == "^" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return escaping ? result + "^" : result
    }

    /// `NAME;P=V;Q="a,b":VALUE`, or nil when the line has no name or no
    /// colon. Read as UTF-8 bytes: every delimiter is ASCII, and a byte of a
    /// character beyond it never equals one.
    package static func parse(_ line: String, span: SourceSpan) -> Property? {
        var line = line
        return line.withUTF8 { bytes -> Property? in
            var index = 0
            func isNameByte(_ byte: UInt8) -> Bool {
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, semicolon: UInt8 = 0x3B, colon: UInt8 = 0x3A, equals: UInt8 = 0x3D,
                backslash: UInt8 = 0x5C
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index > 0, index < bytes.count else { return nil }
            let name = text(0..<index).uppercased()
            var parameters: [(name: String, values: [String])] = []
            while index < bytes.count, bytes[index] == semicolon {
                index += 1
                let start = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                guard index > start, index < bytes.count, bytes[index] == equals else { return nil }
                let parameterName = text(start..<index).uppercased()
                index += 1
                var values: [String] = []
                while true {
                    let value: String
                    if index < bytes.count, bytes[index] == quote {
                        index += 1
                        let first = index
                        while index < bytes.count, bytes[index] != quote { index += 1 }
                        guard index < bytes.count else { return nil }
                        value = text(first..<index)
                        index += 1
                    } else {
                        let first = index
                        while index < bytes.count, bytes[index] != comma, bytes[index] != semicolon, bytes[index] != colon {
                            // A backslash keeps the next character in the value,
                            // as Apple writes X-ADDRESS=1 Main St\; Springfield.
                            if bytes[index] == backslash, index + 1 < bytes.count { index += 1 }
                            index += 1
                        }
                        value = text(first..<index)
                    }
                    values.append(Self.caretDecoded(value))
                    if index < bytes.count, bytes[index] == comma {
                        index += 1
                        continue
                    }
                    break
                }
                parameters.append((parameterName, values))
            }
            guard index < bytes.count, bytes[index] == colon else { return nil }
            return Property(name: name, parameters: parameters, value: text((index + 1)..<bytes.count), span: span)
        }
    }
}

extension CalendarDocument.Property {
    /// A TEXT value with its escapes read (RFC 5545 §3.3.11): `\n` a line
    /// break, `\,` `\;` `\\` themselves.
    package var text: String {
        guard value.utf8.contains(0x5C) else { return value }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A list of TEXT values split at unescaped commas, each unescaped.
    package var texts: [String] {
        guard value.utf8.contains(0x5C) else { return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in value {
            if escaping {
                current.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}

extension String {
    /// The text without the spaces, tabs and line breaks at either end:
    /// what iCalendar's values may be padded with (a UID with trailing
    /// spaces, a title ending in a line break), without Foundation's bridging.
    package var trimmedSpaces: String {
        let utf8 = self.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else { return "" }
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return self }
        return String(self[first...last])
    }
}

extension Substring {
    package var trimmedSpaces: String { String(self).trimmedSpaces }
}

// MARK: Comparing

extension CalendarDocument.Property {
    /// The line in a form servers' rewrites do not change: the name, the
    /// parameters in order of name, each `NAME=values` unquoted (RFC 6868
    /// escapes kept as written), then the value as written; a TRIGGER's or
    /// DURATION's duration in seconds (`-P1W`, `-P7D` and `-PT168H` are one).
    package var canonical: String {
        let parameters = self.parameters.map { parameter in
            ";" + parameter.name + "=" + parameter.values.map(Self.caretEncoded).joined(separator: ",")
        }.sorted()
        var value = self.value
        if name == "TRIGGER" || name == "DURATION", let duration = ICalendarValue.duration(value) {
            value = "\(duration.days * 86_400 + duration.seconds)s"
        }
        return name + parameters.joined() + ":" + value
    }

    /// A parameter value as RFC 6868 writes it.
    private static func caretEncoded(_ value: String) -> String {
        guard value.contains(where: { $0 == "^" || $0 == "\n" || $0 == "\"" }) else { return value }
        var result = ""
        for character in value {
            switch character {
            case "^": result += "^^"
            case "\n": result += "^n"
            case "\"": result += "^'"
            default: result.append(character)
            }
        }
        return result
    }
}

extension CalendarDocument.Component {
    /// The component in an order-free form: its properties but those named
    /// in `leftOut`, each `canonical`, sorted, then its components' forms
    /// sorted. Servers that store an object with properties, parameters
    /// or observances reordered (Radicale sorts them), parameters quoted
    /// or lines folded elsewhere, give it the same form.
    package func canonical(leavingOut leftOut: Set<String>) -> String {
        let properties = self.properties.filter { !leftOut.contains($0.name) }.map(\.canonical).sorted()
        let components = self.components.map { $0.canonical(leavingOut: leftOut) }.sorted()
        return "BEGIN:\(name)\n" + properties.map { $0 + "\n" }.joined() + components.joined() + "END:\(name)\n"
    }

    /// The writer's component, read as a file holding it would be.
    package init(_ content: ContentComponent) {
        let span = SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0)
        self.init(
            name: content.name, properties: content.properties.compactMap { CalendarDocument.parse($0, span: span) },
            components: content.components.map(Self.init), span: span)
    }
}
