import Foundation

/// The user's folders as the XDG Base Directory spec names them, read from
/// the caller's environment (never the process's): the one place remindc
/// decides where a user's files go.
///
/// A variable that is unset, empty or relative is ignored, as the spec
/// says; an unset or empty `HOME` is the account's home folder.
package struct UserFolders: Sendable, Equatable {
    /// `$HOME`.
    package let home: String
    /// `$XDG_CONFIG_HOME`, default `~/.config`: where the systemd units go.
    package let configHome: String
    /// `$XDG_STATE_HOME`, default `~/.local/state`: what remindc keeps between runs.
    package let stateHome: String

    package init(environment: [String: String]) {
        func absolute(_ name: String) -> String? {
            environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil }
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        self.home = home
        configHome = absolute("XDG_CONFIG_HOME") ?? home + "/.config"
        stateHome = absolute("XDG_STATE_HOME") ?? home + "/.local/state"
    }

    /// `$XDG_STATE_HOME/remindc`: the state of notify, resume and publish.
    package var remindcState: URL { URL(fileURLWithPath: stateHome).appendingPathComponent("remindc") }

    /// `$XDG_CONFIG_HOME/systemd/user`: the user manager's unit folder.
    package var systemdUnits: URL { URL(fileURLWithPath: configHome).appendingPathComponent("systemd/user") }
}
