import Foundation

/// Where a collection's members may be: directly inside it, judged on URLs
/// normalised as RFC 3986 §6.2.2 says, so that no href a server lists can
/// steer a request to another origin or another collection.
extension CalendarCollection {
    /// The URL of an href the server gave or a member name, when it lies
    /// directly inside the collection: the same scheme, host and port, and
    /// the collection's path with one more segment, once dot segments are
    /// removed and percent-encoded unreserved characters decoded (RFC 3986
    /// §6.2.2). An encoded `/` or `\\` in the segment, a query, a login or
    /// a fragment make it nil. The URL returned is the normalised one, so
    /// what is sent is what was judged.
    package func memberURL(_ href: String) -> URL? {
        // Some servers write a name's spaces and other characters unescaped.
        let parsed =
            URL(string: href, relativeTo: url)
            ?? href.addingPercentEncoding(withAllowedCharacters: Self.hrefCharacters).flatMap { URL(string: $0, relativeTo: url) }
        guard let resolved = parsed?.absoluteURL,
            let components = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            origin != nil, Self.origin(components) == origin, let base = pathSegments,
            let segments = Self.segments(components.percentEncodedPath),
            segments.count == base.count + 1, Array(segments.dropLast()) == base,
            let name = segments.last, !name.isEmpty,
            !name.uppercased().contains("%2F"), !name.uppercased().contains("%5C"), !name.contains("\\")
        else { return nil }
        var member = URLComponents()
        member.scheme = components.scheme?.lowercased()
        member.host = components.host
        member.port = components.port
        member.percentEncodedPath = "/" + segments.joined(separator: "/")
        return member.url
    }

    /// What an href may hold unescaped: a path's characters and `%`, so
    /// that escapes already there stay as they are.
    static let hrefCharacters = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: "%:"))

    /// Scheme, host and port, the port filled in for http and https.
    static func origin(_ components: URLComponents?) -> String? {
        guard let components, let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased() else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }

    /// A percent-encoded path as its segments (the leading empty one
    /// dropped, a trailing one kept only when not empty), with unreserved
    /// characters decoded, other escapes upper-cased, and `.` and `..`
    /// removed (RFC 3986 §5.2.4); nil for a path that climbs above the root.
    static func segments(_ path: String) -> [String]? {
        var result: [String] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, part) in parts.enumerated() {
            let segment = normalisedEscapes(part)
            switch segment {
            case ".": continue
            case "..":
                guard !result.isEmpty else { return nil }
                result.removeLast()
            case "" where index == parts.count - 1: continue
            default: result.append(segment)
            }
        }
        return result
    }

    /// `%XX` of an unreserved character decoded, other escapes in upper case.
    static func normalisedEscapes(_ segment: Substring) -> String {
        let bytes = Array(segment.utf8)
        var out: [UInt8] = []
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                let value = high << 4 | low
                let unreserved =
                    (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0x30...0x39).contains(value)
                    || value == 0x2D || value == 0x2E || value == 0x5F || value == 0x7E
                if unreserved {
                    out.append(value)
                } else {
                    out += Array(String(format: "%%%02X", value).utf8)
                }
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether an href is the collection itself.
    func isCollection(_ href: String) -> Bool {
        guard let resolved = URL(string: href, relativeTo: url)?.absoluteURL,
            let components = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
            origin != nil, Self.origin(components) == origin
        else { return false }
        return Self.segments(components.percentEncodedPath) == pathSegments
    }
}
