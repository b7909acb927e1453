import Support
import Testing

/// FIPS 180-4's examples, and lengths around the padding's edges
/// (Python's hashlib gave the expected digests).
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func digests(_ input: String, _ expected: String) {
        #expect(SHA256.hex(Array(input.utf8)) == expected)
    }
}

/// Names within a length: as they are when they fit; else whole parts
/// then 16 (or `digits`) digits of the key's SHA-256, within the limit.
struct BoundedNameTests {
    @Test func aNameThatFitsIsKept() {
        #expect(BoundedName.fit(["a", "b", "c"], ending: ".ics", limit: 7, digits: 16, key: "abc") == "abc.ics")
    }

    @Test(arguments: [Array(repeating: "a", count: 300), Array(repeating: "%C3%A9", count: 80)])
    func aLongNameIsCutAtAWholePart(_ parts: [String]) {
        let name = BoundedName.fit(parts, ending: ".ics", limit: 128, digits: 16, key: parts.joined())
        let digits = String(SHA256.hex(Array(parts.joined().utf8)).prefix(16))
        #expect(name.utf8.count <= 128)
        #expect(name.hasSuffix("-" + digits + ".ics"))
        let kept = name.dropLast(digits.count + ".ics".count + 1)
        #expect(kept.count % parts[0].count == 0 && parts.joined().hasPrefix(kept))
        #expect(kept.utf8.count + parts[0].utf8.count + digits.count + ".ics".count + 1 > 128, "as many parts as fit")
    }
}
