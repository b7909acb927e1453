import Foundation
import ReminderModel
import ReminderOutput

/// The reminder files named on a command line.
struct Inputs {
    /// Each file's path as shown to the user: as given, or the folder joined
    /// with the path below it.
    var files: [String]

    /// Finds every PATH: a file as it is, a folder as every `*.yaml` and
    /// `*.yml` below it (hidden files and folders skipped), in sorted order.
    /// A missing or unreadable path, or a folder with no reminder files, is a
    /// usage failure: the message for `Error: …`. The files are read one at a
    /// time, later (`contents(of:)`), so only one is in memory at once.
    static func read(_ paths: [String]) -> Result<Inputs, InputError> {
        var files: [String] = []
        var errors: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                errors.append("cannot read '\(path)': no such file or folder")
                continue
            }
            let names: [String]
            if isFolder.boolValue {
                names = reminderFiles(in: path)
                if names.isEmpty {
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

    /// The bytes of the file at `path`, or nil when it cannot be read: one
    /// buffer of the file's size, filled by `read(2)` (a large file is not
    /// gathered in chunks and copied again).
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return contents(of: descriptor)
    }

    /// What is left to read of `descriptor`, as `contents(of:)` reads it.
    static func contents(of descriptor: Int32) -> [UInt8]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // One byte more than fstat's size, so the read that reaches the end
        // finds room; a file still growing (or one reporting no size) grows
        // the buffer in steps.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 65_536)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    private static func reminderFiles(in folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                let full = base + "/" + relative
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(full)
                }
            }
        }
        return found.sorted()
    }
}

/// A file's bytes for reading once: a regular file of 1 MiB or more mapped
/// into memory (no buffer to fill and no copy: about 7 ms less for a file
/// of 14 MiB), anything else read into an array. A mapped file that another
/// program shortens while it is read ends the process (SIGBUS); editors
/// save by writing a new file and renaming it, which leaves the mapping
/// whole.
final class FileBytes {
    private enum Storage {
        case mapped(UnsafeRawPointer, count: Int)
        case read([UInt8])
    }

    private let storage: Storage
    static let mappingSize = 1 << 20

    init?(path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= Self.mappingSize,
           let address = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            storage = .mapped(UnsafeRawPointer(address), count: Int(status.st_size))
            return
        }
        guard let bytes = Inputs.contents(of: descriptor) else { return nil }
        storage = .read(bytes)
    }

    deinit {
        if case .mapped(let address, let count) = storage { munmap(UnsafeMutableRawPointer(mutating: address), count) }
    }

    func withBuffer<Value>(_ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        switch storage {
        case .mapped(let address, let count):
            body(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count))
        case .read(let bytes):
            bytes.withUnsafeBufferPointer(body)
        }
    }
}

/// `read(2)`, named apart from `Inputs.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
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
    /// The files that decoded without errors, in input order.
    var files: [ReminderFile] = []
    var diagnostics: [Diagnostic] = []
    var sources: [String: [UInt8]] = [:]
    var fileCount = 0

    /// Reads and decodes every PATH, one file at a time; `check` adds the
    /// command's own diagnostics for each file (it sees files that failed to
    /// decode too), letting what it made go as the `Disposal` says.
    /// Without `keepFiles` the models are dropped once checked: in the
    /// background between files, and never after the last (the process
    /// ends). `showsSource` says which diagnostics will be printed with
    /// their source lines; only their files' bytes are kept.
    static func load(_ paths: [String], keepFiles: Bool = true, showsSource: (Diagnostic) -> Bool = { _ in true },
                     check: (LoadResult, Disposal) -> [Diagnostic] = { _, _ in [] }) -> Result<LoadedFiles, InputError> {
        let inputs: Inputs
        switch Inputs.read(paths) {
        case .success(let read): inputs = read
        case .failure(let error): return .failure(error)
        }
        var loaded = LoadedFiles(fileCount: inputs.files.count)
        for (index, path) in inputs.files.enumerated() {
            let disposal: Disposal = index == inputs.files.count - 1 ? .leftToExit : .inBackground
            // The bytes are kept for source lines only while a diagnostic
            // needs them; a file the checker alone finds fault with is read
            // again, so a clean file's bytes are not held (nor mapped)
            // during the check.
            guard let (result, kept) = Self.read(path, keepingSourceFor: showsSource) else {
                // It was readable a moment ago.
                return .failure(InputError(messages: ["cannot read '\(path)'"]))
            }
            var source = kept
            let checked = check(result, disposal)
            let found = Diagnostic.sortedForReport(result.diagnostics.isEmpty ? checked : result.diagnostics + checked)
            if keepFiles, let file = result.file { loaded.files.append(file) }
            disposal.dispose(result)
            if found.contains(where: showsSource) {
                if source == nil { source = Inputs.contents(of: path) }
                loaded.sources[path] = source
            }
            loaded.diagnostics += found
        }
        return .success(loaded)
    }

    /// The file at `path` loaded, and its bytes when one of its diagnostics
    /// `showsSource`; nil when it cannot be read. The bytes read or mapped
    /// are let go on return.
    private static func read(_ path: String, keepingSourceFor showsSource: (Diagnostic) -> Bool) -> (LoadResult, [UInt8]?)? {
        guard let bytes = FileBytes(path: path) else { return nil }
        let result = bytes.withBuffer { ReminderFile.load($0, path: path) }
        return (result, result.diagnostics.contains(where: showsSource) ? bytes.withBuffer { Array($0) } : nil)
    }

    /// Adds diagnostics found later (by a writer), reading their files again
    /// for the source lines.
    mutating func add(_ more: [Diagnostic]) {
        diagnostics += more
        for diagnostic in more where sources[diagnostic.file] == nil {
            sources[diagnostic.file] = Inputs.contents(of: diagnostic.file)
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
