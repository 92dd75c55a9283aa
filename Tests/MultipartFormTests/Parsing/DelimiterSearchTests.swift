import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// The one-pass delimiter search finds what a naive search finds and counts the line feeds before it.
@Suite struct DelimiterSearchTests {
    static let boundary = Array("----WebKitFormBoundary7MA4YWxkTrZu0gW".utf8)

    /// The first index of `LF "--" boundary` at or after `start`, found byte by byte.
    func naiveMatch(_ bytes: [UInt8], from start: Int) -> Int? {
        let pattern = [UInt8(ascii: "\n"), UInt8(ascii: "-"), UInt8(ascii: "-")] + Self.boundary
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Expects `found` to hold the naive search's match from `start`, and the count and last of the line feeds before it.
    func expect(
        _ found: DelimiterSearch.Found, agreesWithANaiveSearchOf bytes: [UInt8], from start: Int, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let match = naiveMatch(bytes, from: start)
        let before = (start..<(match ?? bytes.count)).filter { bytes[$0] == 0x0A }
        #expect(found.match == match, "\(label) from \(start)", sourceLocation: sourceLocation)
        #expect(found.lineFeeds == before.count, "\(label) from \(start)", sourceLocation: sourceLocation)
        #expect(found.lastLineFeed == before.last, "\(label) from \(start)", sourceLocation: sourceLocation)
    }

    /// Random content with line feeds at the given density, sprinkled with delimiter prefixes and maybe a delimiter.
    func body(size: Int, lineFeedsPer256: Int, generator: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < size {
            switch Int.random(in: 0..<40, using: &generator) {
            case 0:
                bytes += Array("\r\n--".utf8) + Self.boundary.prefix(Int.random(in: 0..<Self.boundary.count, using: &generator))
            case 1 where Int.random(in: 0..<8, using: &generator) == 0:
                bytes += Array("\r\n--".utf8) + Self.boundary
            default:
                let lineFeed = Int.random(in: 0..<256, using: &generator) < lineFeedsPer256
                bytes.append(lineFeed ? 0x0A : UInt8.random(in: 0x0B...0xFF, using: &generator))
            }
        }
        return bytes
    }

    @Test(arguments: [0, 2, 16, 64, 128, 255])
    func searchAgreesWithANaiveSearchAndALineCount(lineFeedsPer256: Int) {
        var generator = SeededGenerator(seed: 4_676 &+ UInt64(lineFeedsPer256), "delimiter search, \(lineFeedsPer256) line feeds per 256")
        let search = DelimiterSearch(boundary: Self.boundary)
        for size in [0, 1, 5, 40, 41, 42, 100, 500, 2_000, 5_000, 20_000] {
            for _ in 0..<TestScale.pick(full: 20, fast: 6) {
                let bytes = body(size: size, lineFeedsPer256: lineFeedsPer256, generator: &generator)
                for start in [0, min(bytes.count, 1), bytes.count / 2] {
                    let found = bytes.withUnsafeBytes { search.search(in: $0, from: start) }
                    expect(found, agreesWithANaiveSearchOf: bytes, from: start, "size \(size)")
                }
            }
        }
    }

    /// Runs of line feeds long enough to fill every counting lane to its limit (254 blocks of 16),
    /// with and without a delimiter after them, searched from every offset of the first block.
    @Test func theDenseSearchCountsLongRunsOfLineFeedsExactly() {
        let search = DelimiterSearch(boundary: Self.boundary)
        let delimiter = Array("\r\n--".utf8) + Self.boundary
        for run in [4_063, 4_064, 4_065, 4_080, 4_096, 8_128, 10_000] {
            for tail in [[], delimiter, delimiter + [0x0A]] {
                let bytes = [UInt8](repeating: 0x0A, count: run) + tail
                for start in 0..<17 {
                    let found = bytes.withUnsafeBytes { search.denseSearch(in: $0, from: start, lineFeeds: 0, lastLineFeed: nil) }
                    expect(found, agreesWithANaiveSearchOf: bytes, from: start, "run \(run)")
                }
            }
        }
    }

    @Test func laneSumAddsEverySixteenByteLane() {
        var generator = SeededGenerator(seed: 7_578, "lane sums")
        for _ in 0..<10_000 {
            var lanes = SIMD16<UInt8>()
            for lane in 0..<16 { lanes[lane] = UInt8.random(in: 0...255, using: &generator) }
            let expected = (0..<16).reduce(0) { $0 + Int(lanes[$1]) }
            #expect(DelimiterSearch.laneSum(lanes) == expected)
        }
        #expect(DelimiterSearch.laneSum(SIMD16<UInt8>(repeating: 255)) == 16 * 255)
    }
}
