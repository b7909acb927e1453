import Foundation
import RepositoryFiles
import Testing

/// A bounded run of the seeded fuzzer (Oracles/fuzz.py) on every test run:
/// a fixed seed and one from the date (printed; `REMINDC_FUZZ_SEED` gives
/// it), at most 500 inputs or 60 seconds each.
/// Every input goes through check (text, JSON, SARIF, GitHub), expand (JSONL,
/// CSV), ics, ics --expand, crontab, systemd, the views, import of what ics
/// wrote, a changed holiday calendar and `due` over changed state lines;
/// none may end by a signal or a time-out, exit other than 0, 1 or 2, write
/// what its own readers refuse, or leave a partial file. A failure names
/// the seed and keeps the input. A longer run is a documented command
/// (README, "Fuzzing").
@Suite struct FuzzTests {
    @Test(.enabled(if: IcsOracleTests.python != nil, "python icalendar is not installed"))
    func hostileInputsNeverBreakAPromise() throws {
        let day = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        // REMINDC_FUZZ_SEED repeats a run; the seeds are said either way.
        let dateSeed =
            ProcessInfo.processInfo.environment["REMINDC_FUZZ_SEED"].flatMap { Int($0) }
            ?? day.year! * 10_000 + day.month! * 100 + day.day!
        print("fuzzing with seeds 1 and \(dateSeed) (REMINDC_FUZZ_SEED=\(dateSeed) repeats the second)")
        let process = Process()
        process.executableURL = IcsOracleTests.python
        process.arguments = [
            EndToEndTests.root.appendingPathComponent("Tests/RemindCLITests/Oracles/fuzz.py").path,
            EndToEndTests.binary.path, "1", String(dateSeed), "--inputs", "500", "--seconds", "60",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let report = String(decoding: out.drained(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains("no failure"), "\(report)")
    }
}
