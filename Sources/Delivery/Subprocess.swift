import Foundation

/// Runs a program found on `PATH` with the caller's environment, waits for
/// it, and collects what it printed: the one way remindc starts another
/// program.
///
/// Standard output and standard error are drained at once, each on its own
/// thread, so a program that fills one pipe while remindc reads the other
/// never blocks; standard input is `input` or nothing.
public enum Subprocess {
    /// What no program remindc runs is given: `publish`'s password.
    public static let withheld = ["REMINDC_PASSWORD"]

    /// How a program ended and what it printed.
    public struct Result: Sendable, Equatable {
        public var status: Int32
        public var output: String
        public var errors: String

        public init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Runs `arguments[0]` with the rest as its arguments. A program that
    /// cannot be started ends with status 127, the shell's.
    public static func run(_ arguments: [String], environment: [String: String], input: [UInt8]? = nil) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment.filter { !withheld.contains($0.key) }
        let out = Pipe(), err = Pipe()
        let stdin = input.map { _ in Pipe() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin ?? FileHandle.nullDevice
        do { try process.run() } catch { return Result(status: 127, output: "", errors: "\(arguments[0]): \(error.localizedDescription)") }
        let output = Drained(out.fileHandleForReading), errors = Drained(err.fileHandleForReading)
        if let input, let stdin {
            // A program that exits before reading must not take remindc down with SIGPIPE.
            let previous = signal(SIGPIPE, SIG_IGN)
            _ = FileDescriptor.writeAll(input, to: stdin.fileHandleForWriting.fileDescriptor)
            try? stdin.fileHandleForWriting.close()
            signal(SIGPIPE, previous)
        }
        let result = Result(status: 0, output: String(decoding: output.data, as: UTF8.self), errors: String(decoding: errors.data, as: UTF8.self))
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: result.output, errors: result.errors)
    }

    /// A pipe read to its end on another thread; `data` waits for it.
    private final class Drained: @unchecked Sendable {
        private var read = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread {
                self.read = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        var data: Data {
            done.wait()
            return read
        }
    }
}
