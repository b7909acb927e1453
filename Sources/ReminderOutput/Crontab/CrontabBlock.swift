/// The blocks `remindc crontab --install` keeps in a user's crontab, each
/// between `# BEGIN remindc NAME` and `# END remindc NAME`, and what a new
/// block changes of an old one. Every line outside the blocks is kept byte
/// for byte, and nothing inside a block sets a variable, so no line outside
/// it runs differently.
package enum CrontabBlock {
    package static func beginLine(_ name: String) -> String { "# BEGIN remindc \(name)" }
    package static func endLine(_ name: String) -> String { "# END remindc \(name)" }

    /// The marker line that records a file a block was written from.
    package static func fileLine(_ path: String) -> String { "# file: \(CrontabWriter.comment(path, limit: nil))" }

    /// The names of the blocks in `crontab`, in order.
    package static func names(in crontab: String) -> [String] {
        let prefix = "# BEGIN remindc "
        let all = lines(of: crontab)
        let ends = Set(all)
        return all.compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            let name = String(line.dropFirst(prefix.count))
            return ends.contains(endLine(name)) ? name : nil
        }
    }

    /// The lines between the markers of block `name`, or nil.
    package static func content(of name: String, in crontab: String) -> String? {
        let all = lines(of: crontab)
        guard let first = all.firstIndex(of: beginLine(name)), let last = all[first...].firstIndex(of: endLine(name)) else { return nil }
        return all[(first + 1)..<last].map { $0 + "\n" }.joined()
    }

    /// The files block `name` records.
    package static func files(of name: String, in crontab: String) -> [String] {
        let prefix = "# file: "
        return lines(of: content(of: name, in: crontab) ?? "").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// `crontab` with block `name` holding `content` (nil: removed): in
    /// place when it is there, else appended.
    package static func replacing(_ name: String, with content: String?, in crontab: String) -> String {
        var all = lines(of: crontab)
        let wrapped = content.map { [beginLine(name)] + lines(of: $0) + [endLine(name)] } ?? []
        if let first = all.firstIndex(of: beginLine(name)), let last = all[first...].firstIndex(of: endLine(name)) {
            all.replaceSubrange(first...last, with: wrapped)
        } else {
            all += wrapped
        }
        return all.map { $0 + "\n" }.joined()
    }

    /// What a new block's reminders change of an old block's, by id.
    package struct Change: Equatable, Sendable {
        package var added: [String] = []
        package var changed: [String] = []
        package var removed: [String] = []
        package var unchanged: [String] = []

        /// `2 reminders added (a, b), 1 changed (c), 4 unchanged`.
        package var summary: String {
            var parts: [String] = []
            for (ids, word) in [(added, "added"), (changed, "changed"), (removed, "removed")] where !ids.isEmpty {
                parts.append("\(ids.count) \(ids.count == 1 ? "reminder" : "reminders") \(word) (\(ids.joined(separator: ", ")))")
            }
            if !unchanged.isEmpty { parts.append("\(unchanged.count) unchanged") }
            return parts.isEmpty ? "no reminders" : parts.joined(separator: ", ")
        }
    }

    package static func change(from old: String?, to new: String?) -> Change {
        let before = sections(of: old ?? ""), after = sections(of: new ?? "")
        var change = Change()
        for (id, text) in after {
            if let previous = before[id] {
                if previous == text { change.unchanged.append(id) } else { change.changed.append(id) }
            } else {
                change.added.append(id)
            }
        }
        change.removed = before.keys.filter { after[$0] == nil }
        change.added.sort()
        change.changed.sort()
        change.removed.sort()
        change.unchanged.sort()
        return change
    }

    /// Each reminder's lines from its `# id:` line to the next, by id.
    static func sections(of block: String) -> [String: String] {
        var result: [String: String] = [:]
        var current: String?
        for line in lines(of: block) {
            if line.hasPrefix("# id: ") {
                current = String(line.dropFirst(6))
                result[current!] = ""
            } else if let id = current, !line.isEmpty {
                result[id]! += line + "\n"
            }
        }
        return result
    }

    static func lines(of text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
