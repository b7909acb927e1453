/// The candidate nearest to `word` by edit distance, if it is near enough to
/// be a likely typo (at most a third of the word's length, and at least 1).
public func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.unicodeScalars)
    let budget = max(1, target.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
        let scalars = Array(candidate.unicodeScalars)
        if abs(scalars.count - target.count) > budget { continue }
        let distance = editDistance(target, scalars)
        if distance <= budget, distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    return best?.0
}

/// Edit distance with adjacent transpositions (optimal string alignment), so
/// `titel` is one edit from `title`; case differences cost nothing.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let a = a.map { $0.properties.lowercaseMapping }
    let b = b.map { $0.properties.lowercaseMapping }
    var twoBack = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], twoBack[j - 2] + 1)
            }
        }
        (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
}
