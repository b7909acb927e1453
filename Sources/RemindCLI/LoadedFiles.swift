import Delivery
import FileSystem
import Foundation
import ReminderModel
import ReminderOutput

/// The reminder files of a command line, read and decoded, with every
/// diagnostic a command found in them and the bytes of those that have any.
struct LoadedFiles {
    /// The files that decoded without errors, with their schedules, in input order.
    var files: [ScheduledFile] = []
    var diagnostics: [Diagnostic] = []
    var sources: [String: [UInt8]] = [:]
    var fileCount = 0
    /// Every file read, in input order.
    var paths: [String] = []

    /// Reads and decodes every PATH, one file at a time, and makes the
    /// schedules of each file that decoded, placing floating reminders in
    /// `floatingZone`: the one place a command makes them. `check` adds the
    /// command's own diagnostics for each file (it sees files that failed to
    /// decode too, without schedules), letting what it made go as the
    /// `Disposal` says.
    /// Without `keepFiles` the models are dropped once checked: in the
    /// background between files, and never after the last (the process
    /// ends). `showsSource` says which diagnostics will be printed with
    /// their source lines; only their files' bytes are kept.
    static func load(
        _ paths: [String], floatingZone: TimeZone, keepFiles: Bool = true, showsSource: (Diagnostic) -> Bool = { _ in true },
        check: (LoadResult, ScheduledFile?, Disposal) -> [Diagnostic] = { _, _, _ in [] }
    ) -> Result<LoadedFiles, InputError> {
        let inputs: Inputs
        switch Inputs.read(paths) {
        case .success(let read): inputs = read
        case .failure(let error): return .failure(error)
        }
        var loaded = LoadedFiles(fileCount: inputs.files.count, paths: inputs.files)
        for (index, path) in inputs.files.enumerated() {
            let disposal: Disposal = index == inputs.files.count - 1 ? .leftToExit : .inBackground
            // A regular file's bytes are kept for source lines only while a
            // diagnostic needs them; one the checker alone finds fault with
            // is read again, so a clean file's bytes are not held during
            // the check. Anything else (a FIFO, /dev/stdin) can be read only
            // once: its bytes are kept.
            guard let (result, kept, isRegular) = Self.read(path, keepingSourceFor: showsSource) else {
                // It was readable a moment ago.
                return .failure(InputError(problems: [.init("cannot read '\(path)'", path: path)]))
            }
            var source = kept
            let scheduled = result.file.map { ScheduledFile($0, floatingZone: floatingZone, parallelism: Remindc.parallelism) }
            let checked = check(result, scheduled, disposal)
            let found = Diagnostic.sortedForReport(result.diagnostics.isEmpty ? checked : result.diagnostics + checked)
            if keepFiles, let scheduled { loaded.files.append(scheduled) }
            disposal.dispose((result, scheduled))
            if found.contains(where: showsSource) || !isRegular {
                if source == nil { source = FileDescriptor.contents(of: path) }
                loaded.sources[path] = source
            }
            loaded.diagnostics += found
        }
        return .success(loaded)
    }

    /// The file at `path` loaded, its bytes when one of its diagnostics
    /// `showsSource` or it is not a regular file, and whether it is one;
    /// nil when it cannot be read.
    ///
    /// Files are read, not mapped: a mapped file that another program
    /// shortens while it is read ends the process with SIGBUS, and reading
    /// costs about 7 ms more for a file of 14 MiB.
    private static func read(_ path: String, keepingSourceFor showsSource: (Diagnostic) -> Bool) -> (LoadResult, [UInt8]?, Bool)? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let isRegular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        guard let bytes = FileDescriptor.readAll(descriptor) else { return nil }
        let result = bytes.withUnsafeBufferPointer { ReminderFile.load($0, path: path, parallelism: Remindc.parallelism) }
        let keep = !isRegular || result.diagnostics.contains(where: showsSource)
        return (result, keep ? bytes : nil, isRegular)
    }

    /// Adds diagnostics found across files (`Diagnostic.merging`), reading
    /// their files again for the source lines.
    mutating func insert(_ more: [Diagnostic]) {
        diagnostics = Diagnostic.merging(more, into: diagnostics, fileOrder: paths)
        for diagnostic in more where sources[diagnostic.file] == nil {
            sources[diagnostic.file] = FileDescriptor.contents(of: diagnostic.file)
        }
    }

    /// Adds diagnostics found later (by a writer), reading their files again
    /// for the source lines.
    mutating func add(_ more: [Diagnostic]) {
        diagnostics += more
        for diagnostic in more where sources[diagnostic.file] == nil {
            sources[diagnostic.file] = FileDescriptor.contents(of: diagnostic.file)
        }
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Every diagnostic as text, for standard error.
    var report: String {
        diagnostics.isEmpty ? "" : TextReporter(colour: false).render(diagnostics, sources: sources, summarisingAfter: .perRule)
    }

    /// The outcome of a command that stops at errors: every diagnostic and
    /// the summary on standard error, nothing on standard output, status 1.
    var failure: Outcome {
        Outcome(stderr: report + TextReporter(colour: false).summary(diagnostics, fileCount: fileCount), status: 1)
    }
}

extension LoadedFiles {
    /// What a command answers instead of listing occurrences.
    struct Refusal: Error {
        var outcome: Outcome
    }

    /// The files of a command that lists occurrences (`expand`, `agenda`,
    /// `calendar`), scheduled with floating reminders in `floatingZone`,
    /// with their schedules' own diagnostics; refused when a path cannot be
    /// read or a file has an error.
    static func forListing(_ paths: [String], floatingZone: TimeZone) -> Result<LoadedFiles, Refusal> {
        switch load(paths, floatingZone: floatingZone, check: { _, scheduled, _ in scheduled?.scheduleDiagnostics() ?? [] }) {
        case .failure(let error): return .failure(Refusal(outcome: error.outcome))
        case .success(let loaded): return loaded.hasErrors ? .failure(Refusal(outcome: loaded.failure)) : .success(loaded)
        }
    }
}
