/// Counts line feeds with 16-byte vector compares, so positions can be given as line and column.
enum LineCounter {
    /// The number of LF bytes in `bytes[range]` and the index of the last one.
    ///
    /// Blocks of 64 bytes are compared with four 16-byte vectors; each vector's matches are
    /// subtracted from a per-lane byte counter (a match is all ones, -1), which is summed before
    /// any lane can overflow. The block holding the last LF is remembered without a branch and
    /// searched backwards at the end. The rest (under 64 bytes) goes eight bytes at a time.
    ///
    /// - Complexity: O(n), about a third of an instruction per byte.
    static func count(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> (count: Int, lastLF: Int?) {
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
        var lastBlock = -1
        let lineFeeds = SIMD16<UInt8>(repeating: ByteClass.lf)
        while index &+ 64 <= end {
            var lanes = SIMD16<UInt8>()
            // 63 rounds of four matches keep every lane at most 252.
            var rounds = 0
            while rounds < 63 && index &+ 64 <= end {
                let first = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== lineFeeds
                let second = bytes.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self) .== lineFeeds
                let third = bytes.loadUnaligned(fromByteOffset: index &+ 32, as: SIMD16<UInt8>.self) .== lineFeeds
                let fourth = bytes.loadUnaligned(fromByteOffset: index &+ 48, as: SIMD16<UInt8>.self) .== lineFeeds
                lanes &-= unsafeBitCast(first, to: SIMD16<UInt8>.self)
                lanes &-= unsafeBitCast(second, to: SIMD16<UInt8>.self)
                lanes &-= unsafeBitCast(third, to: SIMD16<UInt8>.self)
                lanes &-= unsafeBitCast(fourth, to: SIMD16<UInt8>.self)
                if any(first .| second .| third .| fourth) { lastBlock = index }
                index &+= 64
                rounds &+= 1
            }
            total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let lfs = ones &* UInt64(ByteClass.lf)
        var lastWordWithLF = -1
        while index &+ 8 <= end {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ lfs
            // A byte of `word` is zero exactly where the input byte was LF.
            let zeros = ~(((word & low7) &+ low7) | word | low7)
            if zeros != 0 {
                total &+= zeros.nonzeroBitCount
                lastWordWithLF = index
            }
            index &+= 8
        }
        var lastLF: Int? = nil
        while index < end {
            if bytes[index] == ByteClass.lf {
                total &+= 1
                lastLF = index
            }
            index &+= 1
        }
        if lastLF == nil {
            // The last LF is in the last eight-byte word that had one, else in the last block that had one.
            let from = lastWordWithLF >= 0 ? lastWordWithLF : lastBlock
            if from >= 0 {
                var probe = from &+ (lastWordWithLF >= 0 ? 7 : 63)
                while probe >= from {
                    if bytes[probe] == ByteClass.lf {
                        lastLF = probe
                        break
                    }
                    probe &-= 1
                }
            }
        }
        return (total, lastLF)
    }
}
