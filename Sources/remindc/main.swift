import Foundation
import RemindCLI

Memory.configureAllocator()
// A reader that stops reading (`remindc expand | head -1`) ends remindc by
// SIGPIPE, quietly, even when the parent left the signal ignored.
signal(SIGPIPE, SIG_DFL)
// remindc names files by their text: an argument that is not UTF-8 (a file
// name in another encoding) is refused by name, not read as another path.
for index in 1..<Int(CommandLine.argc) {
    guard let argument = CommandLine.unsafeArgv[index] else { continue }
    let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
    if String(validating: bytes, as: UTF8.self) == nil {
        let message = "Error: cannot read '\(Inputs.escaped(bytes))': its name is not UTF-8\n"
        OutputChannel(descriptor: STDERR_FILENO).write(Array(message.utf8))
        exit(2)
    }
}

let standardOutput = OutputChannel(descriptor: STDOUT_FILENO)
var window = winsize()
let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 ? Int(window.ws_col) : nil
let outcome = Remindc.run(
    Invocation(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment,
        stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
        terminalColumns: columns,
        standardOutput: standardOutput,
        build: BuildDescription(commit: buildCommit, commitDate: buildCommitDate)
    ))
standardOutput.write(Array(outcome.stdout.utf8))
let standardError = OutputChannel(descriptor: STDERR_FILENO)
standardError.write(Array(outcome.stderr.utf8))
// Output that did not reach standard output (a full disk, a closed
// descriptor) is a failure, whatever the command found.
if let message = standardOutput.failureMessage {
    standardError.write(Array(message.utf8))
    exit(2)
}
exit(outcome.status)
