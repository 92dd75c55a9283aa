import MultipartFormSystem

/// A whole-delimiter search for `LF "--" boundary` over raw bytes that also counts the line feeds
/// it passes, so content is read once.
///
/// A delimiter starts with LF, so the search is anchored on line feeds: where they are sparse,
/// `memchr` finds each one and the rest of the delimiter is checked there (the last byte first, then
/// `memcmp`); where they are dense, 16 positions are filtered at a time with vector compares for LF at
/// the window's start and the pattern's middle and last bytes at theirs (``denseSearch(in:from:lineFeeds:lastLineFeed:)``).
///
/// Why it is linear: each byte is passed by `memchr` or by a vector compare a constant number of
/// times, and a `memcmp` (which stops at the first difference, give or take one vector) only runs
/// for a window that starts with LF. A comparison that matches `k` bytes has read `k` bytes of the
/// pattern after its LF, and the pattern holds no LF after its first byte (a boundary never contains
/// CR or LF), so those `k` bytes lie before the next line feed and no other window's comparison reads
/// them. The total work is O(n) for any input, including content dense in `\r\n--` and boundary
/// prefixes.
struct DelimiterSearch {
    /// `LF "--" boundary`.
    let pattern: [UInt8]

    /// Prepares the search for a boundary (without the leading dashes).
    init(boundary: [UInt8]) {
        pattern = [ByteClass.lf, ByteClass.dash, ByteClass.dash] + boundary
    }

    /// The first delimiter found by ``search(in:from:)``, and the line feeds before it.
    struct Found {
        /// The index of the first complete match's LF, or `nil`.
        var match: Int?
        /// The number of LF bytes from the start up to the match's LF (or the end).
        var lineFeeds: Int
        /// The index of the last of those line feeds.
        var lastLineFeed: Int?
    }

    /// Finds the first complete delimiter in `bytes[from...]` and counts the line feeds before it, in one pass.
    ///
    /// Content with few line breaks is searched line feed by line feed with `memchr` (vectorised by
    /// the C library), and each line feed is checked for the rest of the delimiter: the line feeds
    /// are counted on the way. When line feeds turn dense (16 within 1,024 bytes), a stop at every
    /// one would crawl, so the rest goes to ``denseSearch(in:from:lineFeeds:lastLineFeed:)``.
    ///
    /// - Complexity: O(n). A check at a line feed compares only bytes up to the next line feed
    ///   (the pattern holds none after its first byte), plus O(1).
    func search(in bytes: UnsafeRawBufferPointer, from start: Int) -> Found {
        let end = bytes.count
        guard let base = bytes.baseAddress, start < end else { return Found(match: nil, lineFeeds: 0, lastLineFeed: nil) }
        let length = pattern.count
        let lastByte = pattern[length - 1]
        var lineFeeds = 0
        var lastLineFeed = -1
        var position = start
        var windowStart = start
        // A line feed before `windowEnd` has the whole pattern's window in the buffer; those after
        // it are only counted (a delimiter they begin is completed by later bytes, if at all).
        let windowEnd = end &- length &+ 1
        while position < windowEnd, let hit = RawMemory.first(ByteClass.lf, in: base + position, count: windowEnd &- position) {
            let lineFeed = UnsafeRawPointer(hit) - base
            if bytes[lineFeed &+ length &- 1] == lastByte
                && pattern.withUnsafeBytes({ RawMemory.equal(hit + 1, $0.baseAddress! + 1, count: length &- 2) })
            {
                return Found(match: lineFeed, lineFeeds: lineFeeds, lastLineFeed: lastLineFeed < 0 ? nil : lastLineFeed)
            }
            lineFeeds &+= 1
            lastLineFeed = lineFeed
            position = lineFeed &+ 1
            if lineFeeds & 15 == 0 {
                if lineFeed &- windowStart < 1_024 {
                    return denseSearch(in: bytes, from: position, lineFeeds: lineFeeds, lastLineFeed: lineFeed)
                }
                windowStart = lineFeed
            }
        }
        if position < windowEnd { position = windowEnd }
        while position < end, let hit = RawMemory.first(ByteClass.lf, in: base + position, count: end &- position) {
            lineFeeds &+= 1
            lastLineFeed = UnsafeRawPointer(hit) - base
            position = lastLineFeed &+ 1
        }
        return Found(match: nil, lineFeeds: lineFeeds, lastLineFeed: lastLineFeed < 0 ? nil : lastLineFeed)
    }

    /// The search for content dense in line feeds: 16 positions at a time, a window is a candidate
    /// when it starts with LF and has the pattern's middle and last bytes where the pattern has them
    /// (content dense in `\r\n--` and boundary prefixes rarely has both); the LF compares are counted.
    ///
    /// A block with a candidate is looked at position by position, so that the line feeds before a
    /// match are counted exactly. `lineFeeds` and `lastLineFeed` are those seen before `start`.
    ///
    /// - Complexity: O(n): three vector compares per 16 bytes, and a `memcmp` per candidate that
    ///   stops before the next line feed (plus O(1)).
    func denseSearch(in bytes: UnsafeRawBufferPointer, from start: Int, lineFeeds: Int, lastLineFeed: Int?) -> Found {
        let end = bytes.count
        let length = pattern.count
        let last = length &- 1
        let lastByte = pattern[last]
        let lineFeedLanes = SIMD16<UInt8>(repeating: ByteClass.lf)
        let lastByteLanes = SIMD16<UInt8>(repeating: lastByte)
        let middle = length / 2
        let middleByteLanes = SIMD16<UInt8>(repeating: pattern[middle])
        var counted = 0
        var position = start
        var match: Int? = nil
        func isMatch(_ lineFeed: Int) -> Bool {
            lineFeed &+ length <= end && bytes[lineFeed &+ last] == lastByte
                && pattern.withUnsafeBytes({ RawMemory.equal(bytes.baseAddress! + (lineFeed &+ 1), $0.baseAddress! + 1, count: length &- 2) })
        }
        // The 16 windows starting at `position`: which start with LF, and which are candidates.
        @inline(__always)
        func block(at position: Int) -> (starts: SIMDMask<SIMD16<Int8>>, candidates: SIMDMask<SIMD16<Int8>>) {
            let starts = bytes.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self) .== lineFeedLanes
            let ends = bytes.loadUnaligned(fromByteOffset: position &+ last, as: SIMD16<UInt8>.self) .== lastByteLanes
            let middles = bytes.loadUnaligned(fromByteOffset: position &+ middle, as: SIMD16<UInt8>.self) .== middleByteLanes
            return (starts, starts .& ends .& middles)
        }
        // A block of 16 windows starting before `blockEnd` lies wholly in the buffer.
        let blockEnd = end &- last &- 15
        search: do {
            while position < blockEnd {
                // Up to 254 blocks without a candidate, two at a time, each lane counting the line
                // feeds at its position (254 at most, so no lane wraps); then the lanes are added up once.
                let stop = position &+ 254 &* 16 < blockEnd ? position &+ 254 &* 16 : blockEnd
                var lanes = SIMD16<UInt8>()
                var span = 0
                while position &+ 16 < stop {
                    let (starts, candidates) = block(at: position)
                    let (nextStarts, nextCandidates) = block(at: position &+ 16)
                    if (candidates .| nextCandidates).hasSetLane {
                        span = 32
                        break
                    }
                    lanes &-= unsafeBitCast(starts, to: SIMD16<UInt8>.self)
                    lanes &-= unsafeBitCast(nextStarts, to: SIMD16<UInt8>.self)
                    position &+= 32
                }
                if span == 0 && position < stop {
                    let (starts, candidates) = block(at: position)
                    if candidates.hasSetLane {
                        span = 16
                    } else {
                        lanes &-= unsafeBitCast(starts, to: SIMD16<UInt8>.self)
                        position &+= 16
                    }
                }
                counted &+= Self.laneSum(lanes)
                // A span with a candidate is looked at position by position, so the line feeds
                // before a match are counted exactly.
                for index in position..<(position &+ span) where bytes[index] == ByteClass.lf {
                    if isMatch(index) {
                        match = index
                        break search
                    }
                    counted &+= 1
                }
                position &+= span
            }
            while position < end {
                if bytes[position] == ByteClass.lf {
                    if isMatch(position) {
                        match = position
                        break search
                    }
                    counted &+= 1
                }
                position &+= 1
            }
        }
        let lastCounted = counted > 0 ? LineCounter.lastLineFeed(in: bytes, start..<(match ?? end)) : lastLineFeed
        return Found(match: match, lineFeeds: lineFeeds &+ counted, lastLineFeed: lastCounted)
    }

    /// The sum of sixteen byte lanes, in a few integer operations (the standard library's reduction
    /// is a generic call).
    @inline(__always)
    static func laneSum(_ lanes: SIMD16<UInt8>) -> Int {
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        // Pairs of bytes into 16-bit fields (at most 510 each), then the four fields of each half
        // and both halves added by one multiply: at most 4,080, so no field overflows.
        let pairs0 = (halves[0] & 0x00FF_00FF_00FF_00FF) &+ ((halves[0] >> 8) & 0x00FF_00FF_00FF_00FF)
        let pairs1 = (halves[1] & 0x00FF_00FF_00FF_00FF) &+ ((halves[1] >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: ((pairs0 &+ pairs1) &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The start of the longest suffix of `bytes[from...]` that could begin a delimiter
    /// (`CR LF "--" boundary` or `LF "--" boundary`) completed by later bytes, or `nil`.
    func partialSuffixStart(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let end = bytes.count
        guard end > start else { return nil }
        let windowStart = max(start, end - pattern.count)
        var lfIndex: Int? = nil
        var index = end - 1
        while index >= windowStart {
            if bytes[index] == ByteClass.lf {
                lfIndex = index
                break
            }
            index -= 1
        }
        if let lfIndex {
            var matches = true
            var k = 1
            while lfIndex + k < end {
                if bytes[lfIndex + k] != pattern[k] {
                    matches = false
                    break
                }
                k += 1
            }
            if matches {
                return lfIndex > start && bytes[lfIndex - 1] == ByteClass.cr ? lfIndex - 1 : lfIndex
            }
        }
        return bytes[end - 1] == ByteClass.cr ? end - 1 : nil
    }
}
