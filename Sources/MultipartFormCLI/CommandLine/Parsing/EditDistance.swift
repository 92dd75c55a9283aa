/// "Did you mean" suggestions from the optimal-string-alignment edit distance.
enum Suggestion {
    /// The edit distance between two strings, counting an adjacent transposition as one edit.
    ///
    /// - Complexity: O(*m* × *n*) in the strings' lengths in Unicode scalars.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, previousPrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// The candidate closest to `input`, if one is close enough to be what was meant.
    ///
    /// Close enough means at most a third of the input's length in edits (between one and three), or
    /// the input being the start of exactly one candidate. Ties go to the earlier candidate.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let limit = max(1, min(3, input.unicodeScalars.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(input, candidate)
            if d <= limit, d < best?.distance ?? .max {
                best = (candidate, d)
            }
        }
        if let best { return best.candidate }
        let stem = input.drop { $0 == "-" }
        if stem.count >= 3 {
            let prefixed = candidates.filter { $0.hasPrefix(input) }
            if prefixed.count == 1 { return prefixed[0] }
        }
        return nil
    }

    /// ` Did you mean '…'?` for the closest candidate, or an empty string.
    static func didYouMean(_ input: String, among candidates: [String]) -> String {
        closest(to: input, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
    }
}
