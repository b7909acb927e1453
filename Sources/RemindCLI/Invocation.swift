import Delivery
import Foundation
import Recurrence
import ReminderModel
import ReminderOutput

/// What the command sees of the world: its arguments and environment. Tests
/// build one by hand; `main.swift` builds it from the process.
public struct Invocation: Sendable {
    /// The arguments after the program name.
    public var arguments: [String]
    public var environment: [String: String]
    /// Whether standard output is a terminal (for colour).
    public var stdoutIsTerminal: Bool
    /// Where long output streams as it is made; nil collects it in `Outcome.stdout`.
    public var standardOutput: OutputChannel?
    /// The absolute folder relative paths are read from: the process's
    /// working folder unless given.
    public var workingFolder: String

    public init(arguments: [String], environment: [String: String] = [:], stdoutIsTerminal: Bool = false,
                standardOutput: OutputChannel? = nil, workingFolder: String = FileManager.default.currentDirectoryPath) {
        self.arguments = arguments
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.standardOutput = standardOutput
        self.workingFolder = workingFolder
    }
}
