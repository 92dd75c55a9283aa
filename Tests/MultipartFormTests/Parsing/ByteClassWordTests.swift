import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// The eight-bytes-at-a-time byte classes agree with their one-byte definitions.
@Suite struct ByteClassWordTests {
    /// A word whose byte `position` is `byte` and whose other bytes are `filler`.
    func word(_ byte: UInt8, at position: Int, filler: UInt8) -> UInt64 {
        var bytes = [UInt8](repeating: filler, count: 8)
        bytes[position] = byte
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    func bytes(of word: UInt64) -> [UInt8] { withUnsafeBytes(of: word) { Array($0) } }

    /// Words of random bytes, and of random bytes near the class edges (0x1F, 0x20, 0x7E, 0x7F, `@`, `[`, ...).
    func sampleWords() -> [UInt64] {
        var generator = SeededGenerator(seed: 2_045, "byte class words")
        let edges: [UInt8] = [0x00, 0x09, 0x0D, 0x1F, 0x20, 0x21, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7E, 0x7F, 0x80, 0xC1, 0xDA, 0xFF]
        var words: [UInt64] = []
        for _ in 0..<20_000 {
            words.append(generator.next())
            var edgy: [UInt8] = []
            for _ in 0..<8 { edgy.append(edges[Int.random(in: 0..<edges.count, using: &generator)]) }
            words.append(edgy.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        }
        return words
    }

    /// The eight-bytes-at-a-time range checks, each with the byte range it must match exactly.
    enum RangeCheck: CaseIterable, Sendable {
        case printable
        case visible

        var range: ClosedRange<UInt8> { self == .printable ? 0x20...0x7E : 0x21...0x7E }

        func holds(for word: UInt64) -> Bool {
            self == .printable ? ByteClass.allPrintable(word) : ByteClass.allVisible(word)
        }
    }

    @Test(arguments: RangeCheck.allCases)
    func rangeCheckIsExactForEveryByteAtEveryPosition(check: RangeCheck) {
        for position in 0..<8 {
            for value in 0...255 {
                let byte = UInt8(value)
                for filler in [UInt8(ascii: "a"), check.range.lowerBound, check.range.upperBound] {
                    #expect(check.holds(for: word(byte, at: position, filler: filler)) == check.range.contains(byte))
                }
            }
        }
        for sample in sampleWords() {
            #expect(check.holds(for: sample) == bytes(of: sample).allSatisfy { check.range.contains($0) })
        }
    }

    @Test func wordLowercasingFoldsOnlyUpperCaseLetters() {
        for position in 0..<8 {
            for value in 0...255 {
                let folded = bytes(of: ByteClass.lowercased(word: word(UInt8(value), at: position, filler: UInt8(ascii: "Q"))))
                #expect(folded[position] == ByteClass.lowercased(UInt8(value)))
                #expect(folded.enumerated().allSatisfy { $0.offset == position || $0.element == UInt8(ascii: "q") })
            }
        }
        for sample in sampleWords() {
            #expect(bytes(of: ByteClass.lowercased(word: sample)) == bytes(of: sample).map(ByteClass.lowercased))
        }
    }

    @Test(arguments: [
        ("Content-Disposition", true), ("content-disposition", true), ("CONTENT-DISPOSITION", true),
        ("Content\rDisposition", false), ("Content-Dispositio", false), ("Content-Dispositionn", false),
        ("Content-Disposit\u{10}on", false), ("Content-DispositioN", true), ("Content_Disposition", false),
    ])
    func caseInsensitiveComparisonFoldsOnlyLetters(name: String, equal: Bool) {
        #expect(ByteClass.equalsIgnoringCase(Array(name.utf8)[...], ByteClass.contentDisposition) == equal)
        #expect(ByteClass.equalsIgnoringCase(Array(("x" + name).utf8).dropFirst(), ByteClass.contentDisposition) == equal)
    }
}
