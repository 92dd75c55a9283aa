extension ValidationEngine {
    /// The line and column of `offset`, valid when no LF lies between the last passed LF and `offset`.
    func location(_ offset: Int) -> (line: Int, column: Int) { (lineFeeds + 1, offset - lineStart + 1) }

    /// Accounts for the line feeds in bytes that have been processed.
    mutating func pass(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int) {
        guard !range.isEmpty else { return }
        pass(counted: LineCounter.count(in: bytes, range), range, offset: offset)
    }

    /// Accounts for processed bytes whose line feeds were already counted.
    mutating func pass(counted: (count: Int, lastLF: Int?), _ range: Range<Int>, offset: Int) {
        if let last = counted.lastLF {
            if counted.count == 1 {
                previousLineStart = lineStart
            } else {
                previousLineStart = -1
            }
            lineFeeds += counted.count
            lineStart = offset + (last - range.lowerBound) + 1
        }
    }

    mutating func passByte(_ byte: UInt8, at offset: Int) {
        if byte == ByteClass.lf {
            previousLineStart = lineStart
            lineFeeds += 1
            lineStart = offset + 1
        }
    }
}
