import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// The vectorised line-feed count agrees with a byte-by-byte count on every length, alignment and density.
@Suite struct LineCounterTests {
    func reference(_ bytes: [UInt8], _ range: Range<Int>) -> (count: Int, lastLF: Int?) {
        let positions = range.filter { bytes[$0] == 0x0A }
        return (positions.count, positions.last)
    }

    @Test(arguments: [0, 1, 3, 16, 64, 255])
    func countAndLastLineFeedMatchAByteByByteCount(lineFeedsPer256: Int) {
        var generator = SeededGenerator(seed: 2_046 &+ UInt64(lineFeedsPer256), "line count, \(lineFeedsPer256) line feeds per 256")
        // Every size up to 200 in the full form; the fast form keeps every size around the 16-, 32-
        // and 64-byte blocks and drops the ones in between.
        let small = TestScale.pick(full: Array(0...200), fast: Array(0...80) + [95, 96, 97, 127, 128, 129, 191, 192, 193, 200])
        let sizes = small + [255, 256, 257, 1_000, 4_031, 4_032, 4_033, 4_095, 4_096, 4_097, 9_000, 70_000]
        for size in sizes {
            let bytes = (0..<size).map { _ -> UInt8 in
                Int.random(in: 0..<256, using: &generator) < lineFeedsPer256 ? 0x0A : UInt8.random(in: 0x0B...0xFF, using: &generator)
            }
            for lower in [0, 1, 7, 8, 63].filter({ $0 <= size }) {
                for upper in [size, max(lower, size - 1), max(lower, size - 9)] {
                    let counted = bytes.withUnsafeBytes { LineCounter.count(in: $0, lower..<upper) }
                    let expected = reference(bytes, lower..<upper)
                    #expect(counted.count == expected.count && counted.lastLF == expected.lastLF, "size \(size), \(lower)..<\(upper)")
                }
            }
        }
    }

    @Test func allLineFeedsKeepEveryLaneBelowOverflow() {
        let bytes = [UInt8](repeating: 0x0A, count: 64 * 200 + 5)
        let counted = bytes.withUnsafeBytes { LineCounter.count(in: $0, 0..<bytes.count) }
        #expect(counted.count == bytes.count)
        #expect(counted.lastLF == bytes.count - 1)
    }
}
