import Testing

@testable import MultipartForm

/// The streaming search for `--boundary` inside content finds every occurrence a naive search
/// finds, in order, however the content is cut.
@Suite struct DashBoundarySearchTests {
    /// Where every occurrence of `"--" boundary` in `bytes` ends, overlapping ones included.
    static func naiveEnds(_ bytes: [UInt8], boundary: [UInt8]) -> [Int] {
        let pattern = Array("--".utf8) + boundary
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { start in
            bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        }.map { $0 + pattern.count }
    }

    /// Feeds `bytes` in runs whose sizes cycle through `cuts`, going on after every occurrence, and
    /// returns where each ends (in the whole input).
    static func streamedEnds(_ bytes: [UInt8], boundary: [UInt8], cuts: [Int]) -> [Int] {
        let search = DashBoundarySearch<PairSampling>(boundary: boundary)
        var state: DashBoundarySearch<PairSampling>.State = 0
        var ends: [Int] = []
        var start = 0
        var cut = 0
        while start < bytes.count {
            let end = min(bytes.count, start + cuts[cut % cuts.count])
            cut += 1
            bytes[start..<end].withUnsafeBytes { run in
                var from = 0
                while let found = search.next(in: run, from: from, state: &state) {
                    ends.append(start + found)
                    from = found
                }
            }
            start = end
        }
        return ends
    }

    static let boundaries: [String] = [
        "B", "-", "a-a", "aaa", "abab", "AaB03x", "----WebKitFormBoundary7MA4YWxkTrZu0gW",
        "MultipartFormBoundary-0123456789abcdefghijABCDEFGHIJ01", String(repeating: "-", count: 70),
        // Longer than any conforming boundary: its places are found by reading the pattern.
        String(repeating: "ab-", count: 100),
    ]

    @Test(arguments: boundaries)
    func findsEveryOccurrenceAtEveryCutting(boundary: String) {
        let boundaryBytes = Array(boundary.utf8)
        // Content drawn from the boundary's own bytes, dashes and line breaks: partial matches everywhere.
        let alphabet = Array(Set(boundaryBytes + Array("-\r\nx".utf8))).sorted()
        var generator = SplitMix64(state: UInt64(boundary.utf8.count) &* 104_729)
        var occurrences = 0
        for round in 0..<300 {
            let length = Int.random(in: 0...400, using: &generator)
            var bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            if round % 3 == 0 {
                // Plant a hit or a near miss: the pattern, sometimes without its last byte.
                let planted = Array("--".utf8) + boundaryBytes.dropLast(round % 2)
                bytes.insert(contentsOf: planted, at: Int.random(in: 0...length, using: &generator))
            }
            let expected = Self.naiveEnds(bytes, boundary: boundaryBytes)
            occurrences += expected.count
            for cuts in [[bytes.count + 1], [1], [2, 3], [7], [64], [1, 50, 2]] {
                #expect(Self.streamedEnds(bytes, boundary: boundaryBytes, cuts: cuts) == expected, "round \(round) cuts \(cuts)")
            }
            let search = DashBoundarySearch<PairSampling>(boundary: boundaryBytes)
            #expect(bytes.withUnsafeBytes { search.occurs(in: $0) } == !expected.isEmpty, "round \(round)")
        }
        #expect(occurrences > 0, "the planted patterns must be found somewhere")
    }

    @Test func findsTheBoundaryInRandomBinaryAfterMegabytes() {
        let boundary = Array("----WebKitFormBoundary7MA4YWxkTrZu0gW".utf8)
        var generator = SplitMix64(state: 42)
        var bytes = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let at = (1 << 20) - 1000
        bytes.replaceSubrange(at..<(at + boundary.count + 2), with: Array("--".utf8) + boundary)
        #expect(Self.streamedEnds(bytes, boundary: boundary, cuts: [65_536]) == [at + boundary.count + 2])
        #expect(Self.streamedEnds(bytes, boundary: boundary, cuts: [4093]) == [at + boundary.count + 2])
    }
}
