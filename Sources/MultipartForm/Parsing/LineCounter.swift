/// Counts line feeds with 16-byte vector compares, so positions can be given as line and column.
enum LineCounter {
    /// The number of LF bytes in `bytes[range]` and the index of the last one.
    ///
    /// Blocks of 64 bytes are compared with four 16-byte vectors; each vector's matches are
    /// subtracted from a per-lane byte counter (a match is all ones, -1), which is summed before
    /// any lane can overflow. The rest (under 64 bytes) goes eight bytes at a time. When there is a
    /// line feed, the last one is found by comparing 16-byte blocks backwards from the end.
    ///
    /// - Complexity: O(n), about a quarter of an instruction per byte; the backward search reads
    ///   only the bytes after the last line feed (and at most the whole range once more).
    static func count(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> (count: Int, lastLF: Int?) {
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
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
                index &+= 64
                rounds &+= 1
            }
            total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let lfs = ones &* UInt64(ByteClass.lf)
        while index &+ 8 <= end {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ lfs
            // A byte of `word` is zero exactly where the input byte was LF.
            let zeros = ~(((word & low7) &+ low7) | word | low7)
            total &+= zeros.nonzeroBitCount
            index &+= 8
        }
        while index < end {
            if bytes[index] == ByteClass.lf { total &+= 1 }
            index &+= 1
        }
        guard total > 0 else { return (0, nil) }
        return (total, lastLineFeed(in: bytes, range))
    }

    /// The index of the last LF in `bytes[range]`, which must hold one.
    ///
    /// - Complexity: O(k) where k is the number of bytes after that line feed.
    static func lastLineFeed(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
        let lineFeeds = SIMD16<UInt8>(repeating: ByteClass.lf)
        var end = range.upperBound
        while end &- 16 >= range.lowerBound {
            if (bytes.loadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self) .== lineFeeds).hasSetLane { break }
            end &-= 16
        }
        var probe = end &- 1
        while bytes[probe] != ByteClass.lf { probe &-= 1 }
        return probe
    }
}
