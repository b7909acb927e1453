import Foundation
import YAMLSyntax

/// An iCalendar file (RFC 5545) read for import, every property with the
/// place it was written: content lines unfolded (CRLF or LF, a fold's
/// leading space or tab dropped, a byte-order mark skipped), split into
/// name, parameters and value, and nested into components. Several
/// VCALENDARs in one file are read one after another.
public struct CalendarDocument: Sendable {
    /// One content line.
    public struct Property: Sendable {
        /// Upper-cased: `DTSTART`.
        public var name: String
        /// Each parameter, its name upper-cased, its values unquoted.
        public var parameters: [(name: String, values: [String])]
        public var value: String
        /// Where the line starts, to the end of its first physical line.
        public var span: SourceSpan

        /// A parameter's first value (`TZID`), if it has it.
        public func parameter(_ name: String) -> String? {
            parameters.first { $0.name == name }?.values.first
        }
    }

    /// A component: `VEVENT`, `VALARM`, ...
    public struct Component: Sendable {
        public var name: String
        public var properties: [Property]
        public var components: [Component]
        /// Where its BEGIN line is.
        public var span: SourceSpan

        public func property(_ name: String) -> Property? { properties.first { $0.name == name } }
        public func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    }

    /// A line that is not iCalendar: the file cannot be read further.
    public struct Problem: Error, Sendable {
        public var text: String
        public var span: SourceSpan
    }

    /// The top-level components: each VCALENDAR.
    public var calendars: [Component]

    /// Reads `text`; the first line that breaks the grammar is a problem.
    public static func read(_ text: String) -> Result<CalendarDocument, Problem> {
        var lines: [(number: Int, text: String, firstLength: Int)] = []
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += line.dropFirst()
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append((index + 1, String(line), line.unicodeScalars.count))
            }
        }
        var stack: [Component] = []
        var calendars: [Component] = []
        for line in lines {
            let span = SourceSpan(start: SourcePosition(line: line.number, column: 1), length: line.firstLength)
            guard let property = parse(line.text, span: span) else {
                return .failure(Problem(text: "'\(String(line.text.prefix(60)))' is not an iCalendar content line (NAME;PARAMETERS:VALUE)", span: span))
            }
            switch property.name {
            case "BEGIN":
                stack.append(Component(name: property.value.uppercased(), properties: [], components: [], span: span))
            case "END":
                let name = property.value.uppercased()
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
                    return .failure(Problem(text: "\(property.name) lies outside BEGIN:VCALENDAR ... END:VCALENDAR", span: span))
                }
                stack[stack.count - 1].properties.append(property)
            }
        }
        if let open = stack.last {
            return .failure(Problem(text: "BEGIN:\(open.name) is never closed", span: open.span))
        }
        guard !calendars.isEmpty else {
            let span = SourceSpan(start: SourcePosition(line: 1, column: 1), length: 0)
            return .failure(Problem(text: "the file holds no VCALENDAR", span: span))
        }
        if let other = calendars.first(where: { $0.name != "VCALENDAR" }) {
            return .failure(Problem(text: "BEGIN:\(other.name) where BEGIN:VCALENDAR belongs", span: other.span))
        }
        return .success(CalendarDocument(calendars: calendars))
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

    /// `NAME;P=V;Q="a,b":VALUE`, or nil when the line has no name or no colon.
    static func parse(_ line: String, span: SourceSpan) -> Property? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            (scalar >= "A" && scalar <= "Z") || (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
        }
        while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
        guard index > 0, index < scalars.count else { return nil }
        let name = String(String.UnicodeScalarView(scalars[0..<index])).uppercased()
        var parameters: [(name: String, values: [String])] = []
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            let start = index
            while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
            guard index > start, index < scalars.count, scalars[index] == "=" else { return nil }
            let parameterName = String(String.UnicodeScalarView(scalars[start..<index])).uppercased()
            index += 1
            var values: [String] = []
            while true {
                var value = String.UnicodeScalarView()
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    while index < scalars.count, scalars[index] != "\"" {
                        value.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else { return nil }
                    index += 1
                } else {
                    while index < scalars.count, scalars[index] != ",", scalars[index] != ";", scalars[index] != ":" {
                        value.append(scalars[index])
                        index += 1
                    }
                }
                values.append(Self.caretDecoded(String(value)))
                if index < scalars.count, scalars[index] == "," {
                    index += 1
                    continue
                }
                break
            }
            parameters.append((parameterName, values))
        }
        guard index < scalars.count, scalars[index] == ":" else { return nil }
        let value = String(String.UnicodeScalarView(scalars[(index + 1)...]))
        return Property(name: name, parameters: parameters, value: value, span: span)
    }
}

extension CalendarDocument.Property {
    /// A TEXT value with its escapes read (RFC 5545 §3.3.11): `\n` a line
    /// break, `\,` `\;` `\\` themselves.
    public var text: String {
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
    public var texts: [String] {
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
