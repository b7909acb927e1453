import Foundation
import RemindCLI

Memory.returnLargeBlocksPromptly()
let outcome = Remindc.run(Invocation(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
    standardOutput: OutputChannel(descriptor: STDOUT_FILENO)
))
FileHandle.standardOutput.write(Data(outcome.stdout.utf8))
FileHandle.standardError.write(Data(outcome.stderr.utf8))
exit(outcome.status)
