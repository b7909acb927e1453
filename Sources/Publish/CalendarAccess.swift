import CalDAV
import FileSystem
import Foundation
import ReminderOutput

/// How `publish` may reach a calendar: the address it is given (http or
/// https, no login in it, plain http only to this machine unless allowed)
/// and the login it sends (`--user` with REMINDC_PASSWORD, or ~/.netrc as
/// curl reads it). What is refused is said without the password.
package enum CalendarAccess {
    /// Why an address or a login cannot be used, in words for the user.
    package struct Refusal: Error, Equatable {
        package var message: String
    }

    /// The collection's URL: http or https, no credentials in it, plain
    /// http only to this machine unless `insecure`.
    package static func collectionURL(_ text: String, insecure: Bool) throws(Refusal) -> URL {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty, let url = components.url
        else {
            throw Refusal(message: "'\(TerminalText.visible(withoutPassword(text)))' is not an http or https URL of a calendar collection")
        }
        if components.user != nil || components.password != nil {
            throw Refusal(message: "the URL must not hold a login: give --user, and the password in REMINDC_PASSWORD or ~/.netrc")
        }
        if scheme == "http" && !insecure && !isLoopback(host) {
            throw Refusal(
                message:
                    "plain http to \(TerminalText.visible(host)) would send the password and reminders unencrypted: use https, or --insecure"
            )
        }
        return url
    }

    /// `text` with the password of a URL's `user:password@` hidden, for
    /// a message.
    package static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }

    /// Whether `host` names this machine: `localhost`, a name under
    /// `.localhost`, `::1` or an address of 127.0.0.0/8.
    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" || bare.hasSuffix(".localhost") { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The login: `user` with REMINDC_PASSWORD (or that user's ~/.netrc
    /// password), else the host's ~/.netrc entry, else none; and a warning
    /// when ~/.netrc exists but cannot be read.
    package static func credentials(
        for url: URL, user: String?, environment: [String: String]
    ) throws(Refusal)
        -> (credentials: HTTPClient.Credentials?, warning: String)
    {
        let path = UserFolders(environment: environment).home + "/.netrc"
        var warning = ""
        var netrc: Netrc?
        do {
            netrc = try RegularFile.read(path, followingLinks: true).map(Netrc.init)
        } catch {
            warning = "warning: \(error.localizedDescription) (no login is taken from it)\n"
        }
        let found = netrc?.credentials(host: url.host ?? "", login: user)
        if let user {
            if let password = environment["REMINDC_PASSWORD"], !password.isEmpty { return (.init(user: user, password: password), warning) }
            if let password = found?.password { return (.init(user: user, password: password), warning) }
            throw Refusal(message: "--user needs the password in REMINDC_PASSWORD or in ~/.netrc")
        }
        if let login = found?.login, let password = found?.password { return (.init(user: login, password: password), warning) }
        return (nil, warning)
    }
}
