import Delivery
import Foundation
import Testing

@Suite struct SubprocessTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var input: String?
        var status: Int32
        var output: String
        var errors: String
        var testDescription: String { name }
    }

    static let megabyte = String(repeating: "x", count: 1 << 20)

    @Test(arguments: [
        Case(
            name: "output and status", arguments: ["sh", "-c", "echo out; echo err >&2; exit 3"], status: 3, output: "out\n",
            errors: "err\n"),
        // A program that fills standard error before writing standard
        // output would block if the pipes were read one after the other.
        Case(
            name: "a full standard error first", arguments: ["sh", "-c", "head -c 1048576 /dev/zero | tr '\\0' x >&2; echo done"],
            status: 0, output: "done\n", errors: megabyte),
        Case(name: "input", arguments: ["cat"], input: "line 1\nline 2\n", status: 0, output: "line 1\nline 2\n", errors: ""),
        Case(name: "input unread", arguments: ["true"], input: megabyte, status: 0, output: "", errors: ""),
        Case(name: "no input is an empty one", arguments: ["cat"], status: 0, output: "", errors: ""),
        Case(name: "an empty input", arguments: ["cat"], input: "", status: 0, output: "", errors: ""),
        // A program ended by a signal ends with 128 and its number, as in a shell.
        Case(
            name: "ended by a signal", arguments: ["sh", "-c", "echo before; kill -TERM $$"], status: 143, output: "before\n", errors: ""),
        // Both pipes full at once while input is still being written.
        Case(
            name: "input and both outputs large", arguments: ["sh", "-c", "tee /dev/stderr"], input: megabyte, status: 0, output: megabyte,
            errors: megabyte),
    ])
    func runs(_ test: Case) {
        let result = Subprocess.run(test.arguments, environment: ["PATH": "/usr/bin:/bin"], input: test.input.map { Array($0.utf8) })
        #expect(result.status == test.status)
        #expect(result.output == test.output)
        #expect(result.errors == test.errors)
    }

    /// The environment is the caller's, never the process's, and the
    /// password is withheld from it.
    @Test func environmentIsTheCallersLessThePassword() {
        let result = Subprocess.run(
            ["sh", "-c", "echo \"[$REMINDC_PASSWORD][$GIVEN][${HOME-unset}]\""],
            environment: ["PATH": "/usr/bin:/bin", "REMINDC_PASSWORD": "secret", "GIVEN": "yes"])
        #expect(result.output == "[][yes][unset]\n")
    }

    @Test func aMissingProgramEndsWith127() {
        let result = Subprocess.run(["remindc-no-such-program"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 127)
        #expect(result.output.isEmpty)
    }
}
