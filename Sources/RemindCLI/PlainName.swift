/// A name remindc puts into file names and markers (`systemd --name`,
/// `publish --name`): ASCII letters, digits, `.`, `_` and `-`, at least one.
enum PlainName {
    static func isPlain(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            }
    }
}
