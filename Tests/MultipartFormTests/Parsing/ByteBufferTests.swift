import Testing

@testable import MultipartForm

/// The reused scratch buffer holds exactly the bytes appended to it.
@Suite struct ByteBufferTests {
    @Test func appendedPiecesOfEveryLengthAreHeldInOrder() {
        var random = SplitMix64(state: 5987)
        var buffer = ByteBuffer()
        for round in 0..<200 {
            // Emptied now and then, so that pieces land on storage holding stale bytes.
            if round % 7 == 0 { buffer.removeAll() }
            var expected = Array(buffer.bytes)
            for length in 0...40 {
                let piece = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                piece.withUnsafeBytes { buffer.append($0) }
                expected += piece
                #expect(Array(buffer.bytes) == expected, "round \(round), piece of \(length)")
            }
        }
    }

    @Test func aCopyHoldsTheBytesHeldAndNoStaleOnes() {
        var random = SplitMix64(state: 7578)
        var buffer = ByteBuffer()
        // Longer bytes first, so every shorter piece lies over stale ones.
        buffer.append(Array(repeating: 0xEE, count: 64)[...])
        for length in (0...40).reversed() {
            let piece = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            buffer.removeAll()
            piece.withUnsafeBytes { buffer.append($0) }
            let copy = buffer.copied()
            #expect(copy == piece, "piece of \(length)")
            // The copy is its own: emptying and refilling the buffer leaves it as it was.
            buffer.removeAll()
            buffer.append(Array(repeating: 0xAA, count: length)[...])
            #expect(copy == piece, "piece of \(length), after the buffer was refilled")
        }
    }

    @Test func slicesAndTextCompareByTheirBytes() {
        var buffer = ByteBuffer()
        buffer.append(Array("xx_charset_yy".utf8)[2..<11])
        #expect(buffer.holds("_charset_"))
        #expect(!buffer.holds("_charset"))
        #expect(buffer.starts(with: Array("_char".utf8)))
        buffer.removeLast()
        #expect(Array(buffer.bytes) == Array("_charset".utf8))
    }
}
