extension ValidationEngine {
    /// Where the engine is in the stream: the offset of the next byte and the line it is on.
    struct Cursor {
        /// The stream offset of the next byte.
        var position = 0
        /// The line feeds passed so far.
        private(set) var lineFeeds = 0
        /// The stream offset the current line starts at.
        private(set) var lineStart = 0
        /// Where the line before the current one starts, or -1 when the last bytes passed held more
        /// than one line feed (it is then found from the stream's last bytes).
        private(set) var previousLineStart = 0

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

        /// Accounts for one processed byte at `offset`.
        mutating func passByte(_ byte: UInt8, at offset: Int) {
            if byte == ByteClass.lf {
                previousLineStart = lineStart
                lineFeeds += 1
                lineStart = offset + 1
            }
        }
    }
}
