import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document (a WebDAV answer) as a tree of elements named by namespace and local
/// name: what a WebDAV answer is read through.
public struct DAVElement: Sendable, Equatable {
    public var namespace: String
    public var name: String
    public var text: String
    public var children: [DAVElement]

    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"

    /// The first child named so.
    public func child(_ namespace: String, _ name: String) -> DAVElement? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    public func children(_ namespace: String, _ name: String) -> [DAVElement] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    /// Every element below this one (itself included) named so, depth first.
    public func descendants(_ namespace: String, _ name: String) -> [DAVElement] {
        (namespace == self.namespace && name == self.name ? [self] : []) + children.flatMap { $0.descendants(namespace, name) }
    }

    /// Parses `data`; nil when it is not well-formed XML.
    public static func parse(_ data: Data) -> DAVElement? {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else { return nil }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
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
            guard let element = stack.popLast() else { return }
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
