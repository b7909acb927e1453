import Foundation

/// A `~/.netrc` read as curl reads it, so that `publish` and curl pick the
/// same login from the same file:
///
/// - Tokens are separated by spaces, tabs and line ends (LF or CRLF); a
///   token in double quotes may hold spaces and the escapes `\"`, `\\`,
///   `\n`, `\r` and `\t`. A quote left open makes the whole file unusable.
/// - A token starting with `#` begins a comment to the end of its line.
/// - Keywords (`machine`, `default`, `login`, `password`, `macdef`) are
///   read in any case; the host is matched in any case, the login exactly.
/// - The first entry for the host (or `default`, where it comes first)
///   that gives both a login and a password wins; with a login asked for,
///   the first entry with that login gives its password.
/// - `macdef` skips the lines after it up to an empty one.
/// - Bytes that are not UTF-8 stay bytes: they match only themselves.
package struct Netrc {
    let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The login and password for `host`; with `login` given, only that
    /// login's password. Nil parts were not found. Read in one pass, as
    /// curl does: what follows the entry found is not read.
    package func credentials(host: String, login wanted: String?) -> (login: String?, password: String?) {
        enum State { case nothing, hostFound, hostValid }
        let host = Array(host.utf8)
        let wanted = wanted.map { Array($0.utf8) }
        var state = State.nothing
        var login: [UInt8]?, password: [UInt8]?
        var readingLogin = false, readingPassword = false, ourLogin = false
        var inMacro = false
        let text = { (bytes: [UInt8]?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
        lines: for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if inMacro {
                // A macro runs to the next empty line.
                if line.isEmpty || line.first == UInt8(ascii: "\r") { inMacro = false }
                continue
            }
            var index = line.startIndex
            while index < line.endIndex {
                if let login = wanted ?? login, !login.isEmpty, let password, !password.isEmpty { break lines }
                while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
                guard index < line.endIndex, line[index] != UInt8(ascii: "#") else { break }
                var token: [UInt8] = []
                if line[index] == UInt8(ascii: "\"") {
                    index += 1
                    var closed = false
                    while index < line.endIndex {
                        let byte = line[index]
                        index += 1
                        if byte == UInt8(ascii: "\"") {
                            closed = true
                            break
                        }
                        if byte == UInt8(ascii: "\\"), index < line.endIndex {
                            let escaped = line[index]
                            index += 1
                            switch escaped {
                            case UInt8(ascii: "n"): token.append(0x0A)
                            case UInt8(ascii: "r"): token.append(0x0D)
                            case UInt8(ascii: "t"): token.append(0x09)
                            default: token.append(escaped)
                            }
                        } else {
                            token.append(byte)
                        }
                    }
                    // A quote left open: curl takes nothing from the file.
                    guard closed else { return (text(wanted), nil) }
                } else {
                    while index < line.endIndex, !Self.isSpace(line[index]) {
                        token.append(line[index])
                        index += 1
                    }
                    if token.isEmpty {
                        // A line end's CR, or another space a token ends at.
                        index += 1
                        continue
                    }
                }
                switch state {
                case .nothing:
                    if Self.keyword(token, "macdef") {
                        inMacro = true
                        continue lines
                    } else if Self.keyword(token, "machine") {
                        state = .hostFound
                    } else if Self.keyword(token, "default") {
                        state = .hostValid
                    }
                case .hostFound:
                    state = Self.keyword(token, host) ? .hostValid : .nothing
                case .hostValid:
                    if readingLogin {
                        if let wanted { ourLogin = token == wanted } else { login = token }
                        readingLogin = false
                    } else if readingPassword {
                        if ourLogin || wanted == nil { password = token }
                        readingPassword = false
                    } else if Self.keyword(token, "login") {
                        readingLogin = true
                    } else if Self.keyword(token, "password") {
                        readingPassword = true
                    } else if Self.keyword(token, "machine") {
                        state = .hostFound
                        ourLogin = false
                    }
                }
            }
        }
        return (text(wanted) ?? text(login), text(password))
    }

    /// ASCII spaces as C's isspace sees them: a token ends at one.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether `token` is `word` in any case (ASCII letters only).
    static func keyword(_ token: [UInt8], _ word: some StringProtocol) -> Bool {
        keyword(token, Array(word.utf8))
    }

    static func keyword(_ token: [UInt8], _ word: [UInt8]) -> Bool {
        token.count == word.count
            && zip(token, word).allSatisfy { a, b in
                a == b || ((0x41...0x5A).contains(a) || (0x61...0x7A).contains(a)) && a | 0x20 == b | 0x20
            }
    }
}
