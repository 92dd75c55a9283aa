#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole-delimiter search for `LF "--" boundary` over raw bytes.
///
/// It is a Horspool skip search keyed on the byte under the window's last position, with the
/// window's first byte (LF) checked before the middle is compared.
///
/// Why it is linear: windows advance by at least one byte, and a middle comparison (`memcmp`, which
/// stops at the first difference, give or take one vector) only runs in a window that starts with
/// LF. A comparison that matches `k` bytes has read `k` bytes of the pattern after its LF, and the
/// pattern holds no LF after its first byte (a boundary never contains CR or LF), so no later window
/// starting inside those `k` bytes starts with LF. Every compared byte is therefore charged to one
/// window only, plus O(1) per window, and the total work is O(n) for any input, including content
/// dense in `\r\n--` and boundary prefixes.
struct DelimiterSearch {
    /// `LF "--" boundary`.
    let pattern: [UInt8]
    private var shift: [Int]

    /// Prepares the search for a boundary (without the leading dashes).
    init(boundary: [UInt8]) {
        pattern = [ByteClass.lf, ByteClass.dash, ByteClass.dash] + boundary
        let last = pattern.count - 1
        var table = [Int](repeating: pattern.count, count: 256)
        for index in 0..<last {
            table[Int(pattern[index])] = last - index
        }
        shift = table
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
    /// one would crawl, so the rest is searched with ``firstMatch(in:from:)`` and counted by
    /// ``LineCounter``.
    ///
    /// - Complexity: O(n). A check at a line feed compares only bytes up to the next line feed
    ///   (the pattern holds none after its first byte), plus O(1).
    func search(in bytes: UnsafeRawBufferPointer, from start: Int) -> Found {
        let end = bytes.count
        guard let base = bytes.baseAddress, start < end else { return Found(match: nil, lineFeeds: 0, lastLineFeed: nil) }
        let length = pattern.count
        let lastByte = pattern[length - 1]
        var lineFeeds = 0
        var lastLineFeed: Int? = nil
        var position = start
        var windowStart = start
        while position < end, let hit = memchr(base + position, Int32(ByteClass.lf), end &- position) {
            let lineFeed = UnsafeRawPointer(hit) - base
            if lineFeed &+ length <= end && bytes[lineFeed &+ length &- 1] == lastByte
                && pattern.withUnsafeBytes({ memcmp(hit + 1, $0.baseAddress! + 1, length &- 2) }) == 0
            {
                return Found(match: lineFeed, lineFeeds: lineFeeds, lastLineFeed: lastLineFeed)
            }
            lineFeeds &+= 1
            lastLineFeed = lineFeed
            position = lineFeed &+ 1
            if lineFeeds & 15 == 0 {
                if lineFeed &- windowStart < 1_024 {
                    let match = firstMatch(in: bytes, from: position)
                    let counted = LineCounter.count(in: bytes, position..<(match ?? end))
                    return Found(
                        match: match, lineFeeds: lineFeeds &+ counted.count, lastLineFeed: counted.lastLF ?? lastLineFeed)
                }
                windowStart = lineFeed
            }
        }
        return Found(match: nil, lineFeeds: lineFeeds, lastLineFeed: lastLineFeed)
    }

    /// Returns the index of the first complete match's LF in `bytes[from..<bytes.count]`, or `nil`.
    ///
    /// - Complexity: O(n) where n is `bytes.count - from`.
    func firstMatch(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let length = pattern.count
        let end = bytes.count
        guard end - start >= length else { return nil }
        return pattern.withUnsafeBufferPointer { pat in
            shift.withUnsafeBufferPointer { table in
                let last = length - 1
                let lastByte = pat[last]
                var position = start
                let limit = end - length
                while position <= limit {
                    let byte = bytes[position &+ last]
                    if byte == lastByte && bytes[position] == ByteClass.lf
                        && memcmp(bytes.baseAddress! + (position &+ 1), pat.baseAddress! + 1, last &- 1) == 0
                    {
                        return position
                    }
                    position &+= table[Int(byte)]
                }
                return nil
            }
        }
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
