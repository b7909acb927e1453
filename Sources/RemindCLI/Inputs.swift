import Delivery
import Foundation
import ReminderModel
import ReminderOutput

/// The reminder files named on a command line.
public struct Inputs {
    /// Each file's path as shown to the user: as given, or the folder joined
    /// with the path below it.
    var files: [String]

    /// Finds every PATH: a file as it is, a folder as every `*.yaml` and
    /// `*.yml` below it (hidden files and folders skipped), in sorted order.
    /// A missing or unreadable path, or a folder with no reminder files, is a
    /// usage failure: the message for `Error: …`. The files are read one at a
    /// time, later (`FileDescriptor.contents(of:)`), so only one is in memory at once.
    static func read(_ paths: [String]) -> Result<Inputs, InputError> {
        var files: [String] = []
        var errors: [String] = []
        let manager = FileManager.default
        var readsStandardInput = false
        for path in paths {
            // `-` is standard input, read once, through its device, like a
            // FIFO: its bytes are kept for the report.
            if path == "-" {
                if readsStandardInput {
                    errors.append("standard input ('-') can be read only once")
                } else {
                    files.append(standardInput)
                }
                readsStandardInput = true
                continue
            }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                errors.append("cannot read '\(path)': no such file or folder")
                continue
            }
            let names: [String]
            if isFolder.boolValue {
                let found = reminderFiles(in: path)
                errors += found.errors
                names = found.files
                if names.isEmpty && found.errors.isEmpty {
                    errors.append("no reminder files (*.yaml, *.yml) in '\(path)'")
                    continue
                }
            } else {
                names = [path]
            }
            for name in names {
                guard manager.isReadableFile(atPath: name) else {
                    errors.append("cannot read '\(name)'")
                    continue
                }
                files.append(name)
            }
        }
        if !errors.isEmpty { return .failure(InputError(messages: errors)) }
        return .success(Inputs(files: files))
    }

    /// The path `-` stands for.
    static let standardInput = "/dev/stdin"

    /// Every `*.yaml` and `*.yml` file below `folder`, hidden files and
    /// folders skipped, symbolic links to folders not followed; and what
    /// cannot be read of what it finds, named: a name that is not UTF-8
    /// (remindc names files by their text), a symbolic link to nothing or
    /// in a loop, a folder it may not enter.
    private static func reminderFiles(in folder: String) -> (files: [String], errors: [String]) {
        var files: [String] = []
        var errors: [String] = []
        walk(folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder, files: &files, errors: &errors)
        return (files.sorted(), errors)
    }

    private static func walk(_ folder: String, files: inout [String], errors: inout [String]) {
        guard let directory = opendir(folder) else {
            errors.append("cannot read the folder '\(folder)': \(String(cString: strerror(errno)))")
            return
        }
        defer { closedir(directory) }
        var entries: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.first != UInt8(ascii: ".") { entries.append(name) }
        }
        for bytes in entries {
            let isReminderName = bytes.reversed().starts(with: ".yaml".utf8.reversed()) || bytes.reversed().starts(with: ".yml".utf8.reversed())
            let joined = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes
            var status = stat()
            guard let name = String(validating: bytes, as: UTF8.self) else {
                if isReminderName || isFolder(joined) {
                    errors.append("cannot read '\(Self.escaped(joined))': its name is not UTF-8")
                }
                continue
            }
            let full = folder + "/" + name
            guard lstat(full, &status) == 0 else { continue }
            let isLink = status.st_mode & S_IFMT == S_IFLNK
            if isLink {
                guard stat(full, &status) == 0 else {
                    if isReminderName {
                        let reason = errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to nothing"
                        errors.append("cannot read '\(full)': \(reason)")
                    }
                    continue
                }
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                if !isLink { walk(full, files: &files, errors: &errors) }
            } else if isReminderName {
                files.append(full)
            }
        }
    }

    /// Whether the path (bytes) is a folder, not following a final link.
    private static func isFolder(_ path: [UInt8]) -> Bool {
        var status = stat()
        let found = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &status) == 0 }
        }
        return found && status.st_mode & S_IFMT == S_IFDIR
    }

    /// A path's bytes for a message: printable ASCII as it is, every other
    /// byte as `\xE9`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map { (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "\\") ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }
            .joined()
    }
}

struct InputError: Error {
    var messages: [String]

    /// Each message as `Error: …`, status 2.
    var outcome: Outcome {
        Outcome(stderr: messages.map { "Error: \(TerminalText.visible($0))\n" }.joined(), status: 2)
    }
}

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
    static func load(_ paths: [String], floatingZone: TimeZone, keepFiles: Bool = true, showsSource: (Diagnostic) -> Bool = { _ in true },
                     check: (LoadResult, ScheduledFile?, Disposal) -> [Diagnostic] = { _, _, _ in [] }) -> Result<LoadedFiles, InputError> {
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
                return .failure(InputError(messages: ["cannot read '\(path)'"]))
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
        diagnostics.isEmpty ? "" : TextReporter(colour: false).render(diagnostics, sources: sources)
    }

    /// The outcome of a command that stops at errors: every diagnostic and
    /// the summary on standard error, nothing on standard output, status 1.
    var failure: Outcome {
        Outcome(stderr: report + TextReporter(colour: false).summary(diagnostics, fileCount: fileCount), status: 1)
    }
}
