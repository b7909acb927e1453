import Foundation
import ReminderModel
import ReminderOutput
import Support

/// iCalendar text read as content lines (RFC 5545 §3.1) and components,
/// as far as publishing needs: to tell whether an object on a server still
/// holds what was published. It only reads; what remindc sends is the
/// writer's (`ContentComponent`).
enum CalendarText {
    /// The logical lines of `text`: unfolded, without line ends, empty
    /// lines dropped.
    static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        for physical in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var raw = Substring(physical)
            if raw.last == "\r" { raw = raw.dropLast() }
            if let first = raw.first, first == " " || first == "\t", !result.isEmpty {
                result[result.count - 1].logical += raw.dropFirst()
            } else if !raw.isEmpty {
                result.append(Line(logical: String(raw)))
            }
        }
        return result
    }

    struct Line: Equatable {
        /// The unfolded line.
        var logical: String

        /// The property name, upper-cased: `DTSTART` of `DTSTART;TZID=…:…`.
        var name: String {
            let end = logical.firstIndex { $0 == ":" || $0 == ";" } ?? logical.endIndex
            return logical[..<end].uppercased()
        }

        /// The value, after the first colon outside a quoted parameter.
        var value: String {
            var quoted = false
            for index in logical.indices {
                let character = logical[index]
                if character == "\"" { quoted.toggle() }
                if character == ":" && !quoted { return String(logical[logical.index(after: index)...]) }
            }
            return ""
        }

        /// The value of a parameter (`TZID`), unquoted.
        func parameter(_ wanted: String) -> String? {
            let colon = logical.firstIndex(of: ":") ?? logical.endIndex
            let head = logical[..<colon]
            for part in head.split(separator: ";").dropFirst() {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].uppercased() == wanted else { continue }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return nil
        }

        /// The line in a form servers' rewrites do not change: the name
        /// and parameter names upper-cased, parameters unquoted and sorted.
        var canonical: String {
            var parts: [String] = []
            var current = "", quoted = false
            var valueStart = logical.endIndex
            for index in logical.indices {
                let character = logical[index]
                if character == "\"" {
                    quoted.toggle()
                    continue
                }
                if !quoted && character == ":" {
                    valueStart = logical.index(after: index)
                    break
                }
                if !quoted && character == ";" {
                    parts.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            parts.append(current)
            let parameters = parts.dropFirst().map { part -> String in
                let pair = part.split(separator: "=", maxSplits: 1)
                return pair[0].uppercased() + "=" + (pair.count > 1 ? pair[1] : "")
            }.sorted()
            let name = parts[0].uppercased()
            var value = String(logical[valueStart...])
            if name == "TRIGGER" || name == "DURATION", let seconds = CalendarText.durationSeconds(value) {
                value = "\(seconds)s"
            }
            return ([name] + parameters).joined(separator: ";") + ":" + value
        }
    }

    /// A DURATION value (RFC 5545 §3.3.6) in seconds, so that `-P1W`,
    /// `-P7D` and `-PT168H` (servers rewrite them) compare equal; nil for
    /// anything else (a DATE-TIME trigger). Read by `ICalendarValue`, as
    /// the importer reads it.
    static func durationSeconds(_ text: String) -> Int? {
        ICalendarValue.duration(text).map { $0.days * 86_400 + $0.seconds }
    }

    /// A component: its name, its properties in order, its components.
    struct Component {
        var name: String
        var properties: [Line] = []
        var components: [Component] = []

        /// The first property named so (upper case).
        func property(_ name: String) -> Line? {
            properties.first { $0.name == name }
        }

        init(name: String, properties: [Line] = [], components: [Component] = []) {
            self.name = name
            self.properties = properties
            self.components = components
        }

        /// The writer's component, its lines as they are.
        init(_ content: ContentComponent) {
            self.init(name: content.name, properties: content.properties.map { Line(logical: $0) },
                      components: content.components.map(Component.init))
        }

        /// The component in an order-free form: each component's
        /// properties (less `leftOut`, each in its canonical form) sorted,
        /// then its components' forms sorted. Servers that store an object
        /// with properties, parameters or observances reordered (Radicale
        /// sorts them), parameters quoted or lines folded elsewhere, give
        /// it the same form.
        func canonical(leavingOut leftOut: Set<String>) -> String {
            let properties = self.properties.filter { !leftOut.contains($0.name) }.map(\.canonical).sorted()
            let components = self.components.map { $0.canonical(leavingOut: leftOut) }.sorted()
            return "BEGIN:\(name)\n" + properties.map { $0 + "\n" }.joined() + components.joined() + "END:\(name)\n"
        }
    }

    /// The components of `text` (usually one VCALENDAR); nil when BEGIN
    /// and END do not pair.
    static func components(_ text: String) -> [Component]? {
        var stack: [Component] = []
        var top: [Component] = []
        for line in lines(text) {
            switch line.name {
            case "BEGIN":
                stack.append(Component(name: line.value.uppercased()))
            case "END":
                guard let done = stack.popLast(), done.name == line.value.uppercased() else { return nil }
                if stack.isEmpty { top.append(done) } else { stack[stack.count - 1].components.append(done) }
            default:
                guard !stack.isEmpty else { return nil }
                stack[stack.count - 1].properties.append(line)
            }
        }
        return stack.isEmpty ? top : nil
    }

    /// What a digest leaves out: the time the object was written, and the
    /// digest itself.
    static let undigested: Set<String> = ["DTSTAMP", CalendarResource.digestProperty]

    /// The SHA-256 of the order-free form of a calendar's components but
    /// its VTIMEZONEs, less `undigested`, after the number of the form
    /// (`1-…`): a digest of another form is not compared, only replaced.
    /// The calendar's own properties and its VTIMEZONEs are left out,
    /// since servers replace them with their own (Xandikos writes its
    /// zones' rules; clients read a TZID by their own zone database).
    static func digest(_ calendar: Component) -> String {
        let forms = calendar.components.filter { $0.name != "VTIMEZONE" }.map { $0.canonical(leavingOut: undigested) }.sorted()
        return digestForm + SHA256.hex(Array(forms.joined().utf8))
    }

    static let digestForm = "1-"
}
