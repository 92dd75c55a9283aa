import Testing

@testable import MultipartForm

/// The incremental UTF-8 check finds the first invalid sequence wherever the pieces are cut.
@Suite struct UTF8CheckTests {
    /// The offset of the first invalid sequence, by the standard library's decoder: the first
    /// position at which it reports an error.
    static func firstError(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Mostly text: ASCII runs of every short length and well-formed sequences, with a truncated or
    /// stray sequence now and then.
    static func sample(_ random: inout SplitMix64) -> [UInt8] {
        let valid: [[UInt8]] = [
            Array("value".utf8), Array(" 12".utf8), [0x41], Array("abcdefgh".utf8), [0xC3, 0xA9], [0xE2, 0x82, 0xAC],
            [0xF0, 0x9F, 0x98, 0x80],
        ]
        let invalid: [[UInt8]] = [[0xC3], [0xE2, 0x82], [0x80], [0xFF], [0xED, 0xA0, 0x80]]
        var bytes: [UInt8] = []
        for _ in 0..<Int(random.next() % 7) {
            let pieces = random.next() % 8 == 0 ? invalid : valid
            bytes += pieces[Int(random.next() % UInt64(pieces.count))]
        }
        return bytes
    }

    @Test func piecesOfAnySizeFindTheFirstInvalidSequenceTheDecoderFinds() {
        var random = SplitMix64(state: 3629)
        var invalid = 0
        for _ in 0..<20_000 {
            let bytes = Self.sample(&random)
            let expected = Self.firstError(bytes)
            if expected != nil { invalid += 1 }
            // Fed whole, and in pieces of random sizes from 1 to 17 (each piece also held in a buffer of
            // its own size, so that no load may read past it); 8 to 16 bytes take the two-load path.
            #expect(UTF8Check.firstInvalidIndex(bytes) == expected, "\(bytes)")
            var check = UTF8Check()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + Int(random.next() % 17))
                let piece = Array(bytes[start..<end])
                piece.withUnsafeBytes { check.feed($0, 0..<$0.count, offset: start) }
                start = end
            }
            check.finish()
            #expect(check.firstInvalid == expected, "\(bytes)")
        }
        #expect(invalid > 1_000 && invalid < 19_000, "\(invalid) of 20,000 samples invalid")
    }

    /// A range inside a larger buffer: the bytes around it, not ASCII, are never taken for its own.
    @Test func aShortRangeIsJudgedByItsOwnBytes() {
        for length in 0..<20 {
            for place in -1..<length {
                var inner = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if place >= 0 { inner[place] = 0xFF }
                let buffer = [0xE2, 0x82, 0xAC] + inner + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
                var check = UTF8Check()
                buffer.withUnsafeBytes { check.feed($0, 3..<(3 + length), offset: 100) }
                check.finish()
                #expect(check.firstInvalid == (place >= 0 ? 100 + place : nil), "length \(length), 0xFF at \(place)")
            }
        }
    }

    /// A sequence cut short by a piece of ASCII is invalid, even when the piece is one the check reads
    /// in two loads and a later piece brings the continuation bytes the sequence wanted.
    @Test func aSequenceCutShortByAShortAsciiPieceIsInvalid() {
        for lead in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98]] as [[UInt8]] {
            for length in 8...16 {
                var check = UTF8Check()
                let pieces = [lead, [UInt8](repeating: UInt8(ascii: "a"), count: length), [0x80, 0x80, 0x80]]
                var offset = 0
                for piece in pieces {
                    piece.withUnsafeBytes { check.feed($0, 0..<$0.count, offset: offset) }
                    offset += piece.count
                }
                check.finish()
                #expect(check.firstInvalid == 0, "lead \(lead), \(length) ASCII bytes")
            }
        }
    }
}
