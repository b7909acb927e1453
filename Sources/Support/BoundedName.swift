/// A name kept within a length in bytes, for file systems and servers that
/// take names of at most 255: as it is when it fits, else cut, with digits
/// of a SHA-256 that keep apart two names cut alike.
public enum BoundedName {
    /// `parts` joined, then `ending`, when that fits in `limit` bytes; else
    /// the leading whole parts that fit, `-`, the first `digits` hex digits
    /// of the SHA-256 of `key`, and `ending`. A part is never split, so a
    /// name cut between characters (or `%XX` escapes of one) stays UTF-8.
    public static func fit(_ parts: [String], ending: String = "", limit: Int, digits: Int, key: String) -> String {
        let whole = parts.joined()
        guard whole.utf8.count + ending.utf8.count > limit else { return whole + ending }
        let tail = "-" + SHA256.hex(Array(key.utf8)).prefix(digits) + ending
        var kept = ""
        for part in parts {
            guard kept.utf8.count + part.utf8.count + tail.utf8.count <= limit else { break }
            kept += part
        }
        return kept + tail
    }
}
