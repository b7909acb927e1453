import Delivery
import Foundation
import Testing
@testable import RemindCLI

@Suite struct InProcessTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        let path = "Tests/RemindCLITests/Fixtures/bad/syntax.yaml"
        let root = EndToEndTests.root.path
        let tty = Remindc.run(Invocation(arguments: ["check", root + "/" + path], environment: [:], stdoutIsTerminal: true))
        #expect(tty.stdout.contains("\u{1B}[1;31merror:"))
        let noColour = Remindc.run(
            Invocation(arguments: ["check", root + "/" + path], environment: ["NO_COLOR": "1"], stdoutIsTerminal: true))
        #expect(!noColour.stdout.contains("\u{1B}["))
        #expect(noColour.status == 1)
        let dumb = Remindc.run(Invocation(arguments: ["check", root + "/" + path], environment: ["TERM": "dumb"], stdoutIsTerminal: true))
        #expect(!dumb.stdout.contains("\u{1B}["))
    }

    struct ParseCase: Sendable {
        var arguments: [String]
        var error: String?
    }

    @Test(arguments: [
        ParseCase(arguments: ["--format", "text", "a"], error: nil),
        ParseCase(arguments: ["--format=text", "a", "b"], error: nil),
        ParseCase(arguments: ["--", "--strict"], error: nil),
        ParseCase(arguments: ["-"], error: nil),
        ParseCase(arguments: ["a", "--nope"], error: "Unknown option '--nope'"),
        ParseCase(arguments: ["--format"], error: "Missing value for '--format <format>'"),
        ParseCase(arguments: [], error: "Missing expected argument '<path> ...'"),
        ParseCase(arguments: ["--quiet=1", "a"], error: "The option '--quiet' does not take a value"),
    ])
    func checkArguments(_ c: ParseCase) {
        do {
            _ = try CheckCommand.spec.parse(c.arguments)
            #expect(c.error == nil)
        } catch {
            #expect(error.message == c.error)
        }
    }

    @Test func helpRowsWrapAtEightyColumns() {
        let row = HelpLayout.row("--format <format>", String(repeating: "word ", count: 30))
        #expect(row.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// What Delivery reports becomes text and a status here, and only here.
    @Test(arguments: [
        (DeliveryReport("remindc: 'tea' alerts again\n"), Outcome(stderr: "remindc: 'tea' alerts again\n")),
        (DeliveryReport(ending: .nothingDue), Outcome(status: 1)),
        (DeliveryReport("warning: x\n", ending: .nothingDue), Outcome(stderr: "warning: x\n", status: 1)),
        (DeliveryReport.failed("no install named 'home' in /u"), Outcome(stderr: "Error: no install named 'home' in /u\n", status: 1)),
        (
            DeliveryReport.failed("crontab - failed:\nbad line\n", after: "note\n"),
            Outcome(stderr: "note\nError: crontab - failed:\nbad line\n", status: 1)
        ),
        (
            DeliveryReport.failed("cannot write into /u: denied", writing: true),
            Outcome(stderr: "Error: cannot write into /u: denied\n", status: 2)
        ),
    ])
    func aDeliveryReportIsSaidHere(_ report: DeliveryReport, _ outcome: Outcome) {
        #expect(Outcome(report) == outcome)
    }
}
