import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document (a WebDAV answer) as a tree of elements named by namespace and local
/// name: what a WebDAV answer is read through.
package struct DAVElement: Sendable, Equatable {
    package var namespace: String
    package var name: String
    package var text: String
    package var children: [DAVElement]

    package static let dav = "DAV:"
    package static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// SabreDAV's own elements (`<s:message>`, `<s:exception>`).
    package static let sabre = "http://sabredav.org/ns"

    /// The first child named so.
    package func child(_ namespace: String, _ name: String) -> DAVElement? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    package func children(_ namespace: String, _ name: String) -> [DAVElement] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    /// Every element below this one (itself included) named so, in
    /// document order. Iterative: a tree's depth is bounded when parsed,
    /// but a walk needs no stack of its own either way.
    package func descendants(_ namespace: String, _ name: String) -> [DAVElement] {
        var found: [DAVElement] = []
        var pending: [DAVElement] = [self]
        while let element = pending.popLast() {
            if element.namespace == namespace && element.name == name { found.append(element) }
            pending.append(contentsOf: element.children.reversed())
        }
        return found
    }

    /// Why an answer is not read as a tree.
    package enum Unreadable: Error, Sendable, Equatable {
        case notWellFormed
        /// Elements nested deeper than `maximumDepth`.
        case tooDeep
        /// More than `maximumElements` elements.
        case tooMany

        package var description: String {
            switch self {
            case .notWellFormed: "the answer is not well-formed XML"
            case .tooDeep: "the answer nests elements deeper than \(DAVElement.maximumDepth)"
            case .tooMany: "the answer holds more than \(DAVElement.maximumElements) elements"
            }
        }
    }

    /// The deepest nesting read. A WebDAV multistatus with calendar data
    /// is 6 deep (multistatus, response, propstat, prop, an element and
    /// its value); servers' error bodies a few more.
    package static let maximumDepth = 32
    /// The most elements read: a listing of 100,000 members, ten elements each.
    package static let maximumElements = 1_000_000

    /// Parses `data`, refusing it as soon as it nests deeper than
    /// `maximumDepth` or holds more than `maximumElements` elements, so
    /// that no answer can exhaust the stack or the memory.
    package static func read(_ data: Data) -> Result<DAVElement, Unreadable> {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = Builder()
        parser.delegate = builder
        let parsed = parser.parse()
        if let refusal = builder.refusal { return .failure(refusal) }
        guard parsed, let root = builder.root else { return .failure(.notWellFormed) }
        return .success(root)
    }

    /// Parses `data`; nil when it cannot be read (`read` says why).
    package static func parse(_ data: Data) -> DAVElement? {
        try? read(data).get()
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?
        var count = 0
        var refusal: Unreadable?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard refusal == nil else { return }
            count += 1
            if stack.count >= DAVElement.maximumDepth || count > DAVElement.maximumElements {
                refusal = stack.count >= DAVElement.maximumDepth ? .tooDeep : .tooMany
                stack = []
                parser.abortParsing()
                return
            }
            stack.append(DAVElement(namespace: namespaceURI ?? "", name: elementName, text: "", children: []))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard refusal == nil, let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
    }
}

extension String {
    /// The text with XML's five special characters escaped, for a body.
    var xmlEscaped: String {
        var result = ""
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
