import Delivery
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// What the command sees of the world: its arguments and environment. Tests
/// build one by hand; `main.swift` builds it from the process.
package struct Invocation: Sendable {
    /// The arguments after the program name.
    package var arguments: [String]
    package var environment: [String: String]
    /// Whether standard output is a terminal (for colour).
    package var stdoutIsTerminal: Bool
    /// The terminal's width in columns, when standard output is one whose
    /// width is known; the views fit their lines to it.
    package var terminalColumns: Int?
    /// Where long output streams as it is made; nil collects it in `Outcome.stdout`.
    package var standardOutput: OutputChannel?
    /// The absolute folder relative paths are read from: the process's
    /// working folder unless given.
    package var workingFolder: String
    /// What the binary was built from, for `--version`.
    package var build: BuildDescription

    package init(
        arguments: [String], environment: [String: String] = [:], stdoutIsTerminal: Bool = false, terminalColumns: Int? = nil,
        standardOutput: OutputChannel? = nil, workingFolder: String = FileManager.default.currentDirectoryPath,
        build: BuildDescription = BuildDescription(commit: "unknown", commitDate: "unknown")
    ) {
        self.build = build
        self.arguments = arguments
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.terminalColumns = terminalColumns
        self.standardOutput = standardOutput
        self.workingFolder = workingFolder
    }
}

extension Invocation {
    /// The width the views fit their lines to: `COLUMNS` when set to a
    /// number, else the terminal's; nil for a pipe or a file.
    var columns: Int? {
        if let text = environment["COLUMNS"], let value = Int(text), value > 0 { return max(value, 40) }
        return stdoutIsTerminal ? terminalColumns.map { max($0, 40) } : nil
    }

    /// Colour on a terminal, unless `NO_COLOR` is set to something (an
    /// empty value does not count, as no-color.org says) or `TERM` is `dumb`.
    var wantsColour: Bool {
        stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
