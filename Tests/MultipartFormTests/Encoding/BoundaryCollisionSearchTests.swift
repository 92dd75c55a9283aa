import Testing

@testable import MultipartForm

/// The streaming `--boundary` search agrees with a naive search on every input and every cutting.
@Suite struct BoundaryCollisionSearchTests {
    /// The naive answer: whether `"--" boundary` occurs anywhere in `bytes`.
    static func naiveContains(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        let pattern = Array("--".utf8) + boundary
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) {
            var matched = 0
            while matched < pattern.count && bytes[start + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }

    /// Feeds `bytes` in pieces whose sizes cycle through `cuts` and returns whether the search reported a hit.
    static func streamedContains(_ bytes: [UInt8], boundary: [UInt8], cuts: [Int]) -> Bool {
        var search = BoundaryCollisionSearch(boundary: boundary)
        var start = 0
        var cut = 0
        while start < bytes.count {
            let end = min(bytes.count, start + cuts[cut % cuts.count])
            cut += 1
            if bytes[start..<end].withUnsafeBytes({ search.feed($0) }) { return true }
            start = end
        }
        return false
    }

    static let boundaries: [String] = [
        "B", "-", "--", "a-a", "aaa", "abab", "AaB03x", "----WebKitFormBoundary7MA4YWxkTrZu0gW",
        "MultipartFormBoundary-0123456789abcdefghijABCDEFGHIJ01", String(repeating: "-", count: 70),
    ]

    @Test(arguments: boundaries)
    func agreesWithNaiveSearchOnRandomDashDenseContent(boundary: String) {
        let boundaryBytes = Array(boundary.utf8)
        // Content drawn from the boundary's own bytes, dashes and line breaks hits partial matches everywhere.
        let alphabet = Array(Set(boundaryBytes + Array("-\r\nx".utf8)))
        var generator = SplitMix64(state: UInt64(boundary.utf8.count) &* 7919)
        var hits = 0
        for round in 0..<400 {
            let length = Int.random(in: 0...600, using: &generator)
            var bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            if round % 3 == 0, length > 0 {
                // Plant a near miss or a hit: the pattern with its last byte sometimes dropped.
                let planted = Array("--".utf8) + boundaryBytes.dropLast(round % 2)
                let at = Int.random(in: 0...length, using: &generator)
                bytes.insert(contentsOf: planted, at: at)
            }
            let expected = Self.naiveContains(bytes, boundary: boundaryBytes)
            if expected { hits += 1 }
            #expect(BoundaryCollisionSearch.contains(bytes, boundary: boundaryBytes) == expected, "round \(round)")
            for cuts in [[1], [2, 3], [7], [64], [1, 50, 2]] {
                #expect(
                    Self.streamedContains(bytes, boundary: boundaryBytes, cuts: cuts) == expected,
                    "round \(round) cuts \(cuts)")
            }
        }
        #expect(hits > 20 && hits < 380, "the inputs should mix hits and misses, got \(hits) hits")
    }

    @Test func findsAnOccurrenceSplitAtEveryOffset() {
        let boundary = Array("AaB03x".utf8)
        let bytes = Array("xx\r\n-".utf8) + Array("--AaB03x".utf8) + Array("yy".utf8)
        for split in 0...bytes.count {
            var search = BoundaryCollisionSearch(boundary: boundary)
            let first = bytes[..<split].withUnsafeBytes { search.feed($0) }
            let second = first || bytes[split...].withUnsafeBytes { search.feed($0) }
            #expect(second, "split at \(split)")
        }
    }

    @Test func resetForgetsAPartialMatch() {
        let boundary = Array("AaB03x".utf8)
        var search = BoundaryCollisionSearch(boundary: boundary)
        #expect(!Array("--AaB".utf8).withUnsafeBytes { search.feed($0) })
        search.reset()
        #expect(!Array("03x".utf8).withUnsafeBytes { search.feed($0) })
        #expect(Array("--AaB03x".utf8).withUnsafeBytes { search.feed($0) })
    }

    @Test func ignoresTheBoundaryWithoutItsDashesAndPrefixesOfIt() {
        let boundary = Array("AaB03x".utf8)
        #expect(!BoundaryCollisionSearch.contains(Array("AaB03x -AaB03x --AaB03 \r\n-AaB03x".utf8), boundary: boundary))
        #expect(BoundaryCollisionSearch.contains(Array("---AaB03x".utf8), boundary: boundary))
        #expect(!BoundaryCollisionSearch.contains([], boundary: boundary))
    }
}
