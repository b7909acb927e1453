import Delivery
import FileSystem
import Foundation
import ReminderModel
import ReminderOutput

/// The reminder files named on a command line.
package struct Inputs {
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
        var errors: [InputError.Problem] = []
        let manager = FileManager.default
        var readsStandardInput = false
        for path in paths {
            // `-` is standard input, read once, through its device, like a
            // FIFO: its bytes are kept for the report.
            if path == "-" {
                if readsStandardInput {
                    errors.append(.init("standard input ('-') can be read only once", path: path))
                } else {
                    files.append(standardInput)
                }
                readsStandardInput = true
                continue
            }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                errors.append(.init("cannot read '\(path)': no such file or folder", path: path))
                continue
            }
            let names: [String]
            if isFolder.boolValue {
                let found = reminderFiles(in: path)
                errors += found.errors
                names = found.files
                if names.isEmpty && found.errors.isEmpty {
                    errors.append(.init("no reminder files (*.yaml, *.yml) in '\(path)'", path: path))
                    continue
                }
            } else {
                names = [path]
            }
            for name in names {
                guard manager.isReadableFile(atPath: name) else {
                    errors.append(.init("cannot read '\(name)'", path: name))
                    continue
                }
                files.append(name)
            }
        }
        if !errors.isEmpty { return .failure(InputError(problems: errors)) }
        return .success(Inputs(files: files))
    }

    /// The path `-` stands for.
    static let standardInput = "/dev/stdin"

    /// Every `*.yaml` and `*.yml` file below `folder`, hidden files and
    /// folders skipped, symbolic links to folders not followed; and what
    /// cannot be read of what it finds, named: a name that is not UTF-8
    /// (remindc names files by their text), a symbolic link to nothing or
    /// in a loop, a folder it may not enter, and a symbolic link to a file
    /// outside `folder`. A checkout under review (a pull request) can hold
    /// a link to /proc/self/environ or ~/.ssh/id_ed25519 named
    /// `reminders/x.yaml`: a walk reads only what lies inside the folder it
    /// was given, as git keeps links inside a work tree; a link named on
    /// the command line is read as named.
    private static func reminderFiles(in folder: String) -> (files: [String], errors: [InputError.Problem]) {
        var files: [String] = []
        var errors: [InputError.Problem] = []
        let root = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let resolvedRoot =
            realpath(root, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? root
        walk(root, inside: resolvedRoot, files: &files, errors: &errors)
        return (files.sorted(), errors)
    }

    private static func walk(_ folder: String, inside root: String, files: inout [String], errors: inout [InputError.Problem]) {
        guard let directory = opendir(folder) else {
            errors.append(.init("cannot read the folder '\(folder)': \(String(cString: strerror(errno)))", path: folder))
            return
        }
        defer { closedir(directory) }
        var entries: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.first != UInt8(ascii: ".") { entries.append(name) }
        }
        for bytes in entries {
            let isReminderName =
                bytes.reversed().starts(with: ".yaml".utf8.reversed()) || bytes.reversed().starts(with: ".yml".utf8.reversed())
            let joined = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes
            var status = stat()
            guard let name = String(validating: bytes, as: UTF8.self) else {
                if isReminderName || isFolder(joined) {
                    errors.append(.init("cannot read '\(Self.escaped(joined))': its name is not UTF-8", path: Self.escaped(joined)))
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
                        errors.append(.init("cannot read '\(full)': \(reason)", path: full))
                    }
                    continue
                }
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                if !isLink { walk(full, inside: root, files: &files, errors: &errors) }
            } else if isReminderName {
                if isLink {
                    let target = realpath(full, nil).map { pointer in
                        defer { free(pointer) }
                        return String(cString: pointer)
                    }
                    guard let target, target.hasPrefix(root == "/" ? "/" : root + "/") else {
                        errors.append(
                            .init(
                                "cannot read '\(full)': a symbolic link to a file outside the folder checked; name it on the command line to read it",
                                path: full))
                        continue
                    }
                }
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
    package static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map {
            (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "\\")
                ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true)
        }
        .joined()
    }
}
