import FileSystem
import Foundation
import Testing

@Suite struct UserFoldersTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var home: String
        var config: String
        var state: String
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ") }
    }

    @Test(arguments: [
        Case(environment: ["HOME": "/h"], home: "/h", config: "/h/.config", state: "/h/.local/state"),
        Case(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"], home: "/h", config: "/c", state: "/s"),
        // Empty and relative values are ignored, as the XDG spec says.
        Case(
            environment: ["HOME": "/h", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""], home: "/h", config: "/h/.config",
            state: "/h/.local/state"),
        Case(
            environment: ["HOME": "/h", "XDG_CONFIG_HOME": "c", "XDG_STATE_HOME": "./s"], home: "/h", config: "/h/.config",
            state: "/h/.local/state"),
        // An empty HOME is the account's home folder, as an unset one.
        Case(
            environment: ["HOME": ""], home: NSHomeDirectory(), config: NSHomeDirectory() + "/.config",
            state: NSHomeDirectory() + "/.local/state"),
        Case(environment: [:], home: NSHomeDirectory(), config: NSHomeDirectory() + "/.config", state: NSHomeDirectory() + "/.local/state"),
    ])
    func folders(_ test: Case) {
        let folders = UserFolders(environment: test.environment)
        #expect(folders.home == test.home)
        #expect(folders.configHome == test.config)
        #expect(folders.stateHome == test.state)
        #expect(folders.remindcState.path == test.state + "/remindc")
        #expect(folders.systemdUnits.path == test.config + "/systemd/user")
    }
}
