import Foundation

/// A `~/.netrc` file (as curl and ftp read it): per `machine` a `login` and
/// a `password`, and `default` for any other host. `macdef` bodies are
/// skipped; tokens are separated by white space, and a token in double
/// quotes may hold spaces.
struct Netrc {
    struct Entry: Equatable {
        var machine: String?
        var login: String?
        var password: String?
    }

    var entries: [Entry]

    init(_ text: String) {
        var tokens: [String] = []
        var current = "", quoted = false, inToken = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            if line.hasPrefix("macdef") {
                // A macro runs to the next empty line.
                while let body = lines.popFirst(), !body.trimmingCharacters(in: .whitespaces).isEmpty {}
                continue
            }
            for character in line {
                if quoted {
                    if character == "\"" { quoted = false } else { current.append(character) }
                } else if character == "\"" {
                    quoted = true
                    inToken = true
                } else if character == " " || character == "\t" || character == "\r" {
                    if inToken { tokens.append(current) }
                    current = ""
                    inToken = false
                } else {
                    current.append(character)
                    inToken = true
                }
            }
            if inToken { tokens.append(current) }
            current = ""
            inToken = false
            quoted = false
        }
        var entries: [Entry] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let value = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch token {
            case "machine":
                entries.append(Entry(machine: value))
                index += 2
            case "default":
                entries.append(Entry(machine: nil))
                index += 1
            case "login", "password":
                if !entries.isEmpty {
                    if token == "login" { entries[entries.count - 1].login = value } else { entries[entries.count - 1].password = value }
                }
                index += 2
            default:
                index += 1
            }
        }
        self.entries = entries
    }

    /// The entry for `host` (with `login`, where given), else `default`'s.
    func entry(host: String, login: String?) -> Entry? {
        let matches = entries.filter { $0.machine?.lowercased() == host.lowercased() }
            + entries.filter { $0.machine == nil }
        return matches.first { login == nil || $0.login == login }
    }
}
