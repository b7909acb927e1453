import CalDAV
import FileSystem
import Foundation
import Support

/// Where `publish` keeps, per calendar and publisher, the sync token and
/// the members as the last run listed them (`$XDG_STATE_HOME/remindc/
/// publish/`), so the next run reads only what changed since (RFC 6578).
/// Without it (a fresh CI machine) the listing is in full; a state that
/// cannot be read is ignored.
package struct PublishState: Sendable {
    package let file: URL
    package let url: String

    package init(folders: UserFolders, url: URL, publisher: String) {
        self.url = url.absoluteString
        let name = SHA256.hex(Array("\(url.absoluteString)\n\(publisher)".utf8)).prefix(32)
        file = folders.remindcState.appendingPathComponent("publish/\(name).json")
    }

    struct Stored: Codable {
        var url: String
        var state: ListingState
    }

    package func load() -> ListingState? {
        guard let bytes = try? RegularFile.read(file.path, followingLinks: false),
            let stored = try? JSONDecoder().decode(Stored.self, from: Data(bytes)),
            stored.url == url
        else { return nil }
        return stored.state
    }

    /// Keeps `state`; nil removes what was kept.
    package func save(_ state: ListingState?) throws {
        guard let state else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try StateFolder.make(file.deletingLastPathComponent())
        let data = try JSONEncoder().encode(Stored(url: url, state: state))
        // 0600: the URL may name the user, and the members their calendar.
        try AtomicFile.write(to: file.path, mode: 0o600) { sink in sink(Array(data)) }
    }
}
