/// Counts line feeds eight bytes at a time, so positions can be given as line and column.
enum LineCounter {
    /// The number of LF bytes in `bytes[range]` and the index of the last one.
    ///
    /// - Complexity: O(n), branch-free over 8-byte words.
    static func count(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> (count: Int, lastLF: Int?) {
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let lfs: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
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
        _ = ones
        var lastLF: Int? = nil
        while index < end {
            if bytes[index] == ByteClass.lf {
                total &+= 1
                lastLF = index
            }
            index &+= 1
        }
        if lastLF == nil && lastWordWithLF >= 0 {
            var probe = lastWordWithLF + 7
            while probe >= lastWordWithLF {
                if bytes[probe] == ByteClass.lf {
                    lastLF = probe
                    break
                }
                probe -= 1
            }
        }
        return (total, lastLF)
    }
}
