import Foundation

/// The reminder files named on a command line, read into memory.
struct Inputs {
    struct File {
        /// The path as shown to the user: as given, or the folder joined with
        /// the path below it.
        var path: String
        var bytes: [UInt8]
    }

    var files: [File]

    /// Reads every PATH: a file as it is, a folder as every `*.yaml` and
    /// `*.yml` below it (hidden files and folders skipped), in sorted order.
    /// An unreadable path, or a folder with no reminder files, is a usage
    /// failure: the message for `Error: …`.
    static func read(_ paths: [String]) -> Result<Inputs, InputError> {
        var files: [File] = []
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
                guard let data = manager.contents(atPath: name) else {
                    errors.append("cannot read '\(name)'")
                    continue
                }
                files.append(File(path: name, bytes: [UInt8](data)))
            }
        }
        if !errors.isEmpty { return .failure(InputError(messages: errors)) }
        return .success(Inputs(files: files))
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

struct InputError: Error {
    var messages: [String]

    /// Each message as `Error: …`, status 2.
    var outcome: Outcome {
        Outcome(stderr: messages.map { "Error: \($0)\n" }.joined(), status: 2)
    }
}
