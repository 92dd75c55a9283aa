/// The filter the validator searches content and header lines with: one pair of adjacent bytes in
/// every `L - 1` (`L` is the pattern's length), so that each window of `L` bytes holds exactly one
/// sampled pair, which must be one of the pattern's pairs at that place.
///
/// A table with a byte for each of the 65,536 pairs says whether the pair occurs in the pattern at
/// all; random or text content almost never holds one, so eight samples cost eight loads, eight
/// table reads and one branch. (A table of bits is eight times smaller but costs more work a sample,
/// and the samples are what the search costs: content is otherwise only read by `memchr`.) A window
/// a sample names is kept only if it starts with `--` and ends with the pattern's last byte.
struct PairSampling: DashBoundaryFilter, Sendable {
    /// One byte per pair of bytes (first byte in the low 8 bits of the index): 0 when the pair does
    /// not occur in the pattern, else 1 + the last place it starts at (``scanPlaces`` for a pattern
    /// too long for a byte to say).
    private let pairs: [UInt8]
    /// For each place in the pattern, 1 + the previous place the same pair starts at, or 0.
    private let samePairBefore: [Int]
    /// The table entry of a pair whose places are found by reading the whole pattern.
    private static let scanPlaces: UInt8 = 255

    init(pattern: [UInt8]) {
        // A conforming boundary has at most 70 characters, so its places fit a byte; a longer one
        // (reported, and still used) has its places found by reading the pattern.
        let chained = pattern.count < Int(Self.scanPlaces)
        var pairs = [UInt8](repeating: 0, count: 1 << 16)
        var samePairBefore = [Int](repeating: 0, count: pattern.count)
        for index in 0..<(pattern.count - 1) {
            let pair = Int(pattern[index]) | Int(pattern[index + 1]) << 8
            samePairBefore[index] = Int(pairs[pair])
            pairs[pair] = chained ? UInt8(index + 1) : Self.scanPlaces
        }
        self.pairs = pairs
        self.samePairBefore = samePairBefore
    }

    @inline(__always)
    func firstMatch(
        in bytes: UnsafeRawBufferPointer, from start: Int, pattern: UnsafeBufferPointer<UInt8>, verify: (Int) -> Int?
    ) -> Int? {
        pairs.withUnsafeBufferPointer { pairs in
            samePairBefore.withUnsafeBufferPointer { samePairBefore in
                let count = bytes.count
                let length = pattern.count
                let last = length &- 1
                let lastByte = pattern[last]
                let stride = length &- 1
                /// The table entry of the pair of bytes at `index` and `index + 1`: 0 when the pattern
                /// does not hold it.
                @inline(__always)
                func sampled(_ index: Int) -> UInt8 {
                    pairs[Int(bytes.loadUnaligned(fromByteOffset: index, as: UInt16.self).littleEndian)]
                }
                /// Checks the windows the pair at `sample` names, in increasing order of their start.
                func windows(at sample: Int) -> Int? {
                    let entry = sampled(sample)
                    let first = bytes[sample]
                    let second = bytes[sample &+ 1]
                    // The pair's places in the pattern, from the last (the earliest window) down.
                    var place = entry == Self.scanPlaces ? length &- 2 : Int(entry) &- 1
                    while place >= 0 {
                        defer { place = entry == Self.scanPlaces ? place &- 1 : samePairBefore[place] &- 1 }
                        guard pattern[place] == first && pattern[place &+ 1] == second else { continue }
                        let windowStart = sample &- place
                        // Windows that do not end in this run are left to the search's tail.
                        guard windowStart >= start, windowStart &+ length <= count else { continue }
                        guard bytes[windowStart] == ByteClass.dash && bytes[windowStart &+ 1] == ByteClass.dash
                            && bytes[windowStart &+ last] == lastByte
                        else { continue }
                        if let end = verify(windowStart) { return end }
                    }
                    return nil
                }
                // The samples: the pairs at start + L - 2, then every L - 1 bytes, while the pair is
                // whole in the run. Eight at a time while they fit, groups without a pattern pair
                // passed over by a loop of their own.
                var sample = start &+ length &- 2
                let eight = stride &* 8
                while true {
                    sample = Self.quietGroupsEnd(bytes, from: sample, stride: stride, table: pairs.baseAddress!)
                    guard sample &+ eight &- stride &+ 1 < count else { break }
                    for step in 0..<8 {
                        let at = sample &+ step &* stride
                        if sampled(at) != 0, let end = windows(at: at) { return end }
                    }
                    sample &+= eight
                }
                while sample &+ 1 < count {
                    if sampled(sample) != 0, let end = windows(at: sample) { return end }
                    sample &+= stride
                }
                return nil
            }
        }
    }

    /// Passes over groups of eight samples (pairs of bytes `stride` apart, from `sample`) none of
    /// which the pattern holds, and returns the first sample of the first group that has one, or of
    /// the first group that is not whole in `bytes`.
    ///
    /// The loop the search spends its time in on clean content: a pair load and an `or` of its table
    /// byte a sample, one branch a group.
    @inline(__always)
    private static func quietGroupsEnd(
        _ bytes: UnsafeRawBufferPointer, from sample: Int, stride: Int, table: UnsafePointer<UInt8>
    ) -> Int {
        guard let base = bytes.baseAddress else { return sample }
        var position = sample
        let second = stride, third = stride &* 2, fourth = stride &* 3, half = stride &* 4
        let step = stride &* 8
        // A group is whole when its last pair is: position + 7 * stride + 1 < count.
        let limit = bytes.count &- stride &* 7 &- 1
        while position < limit {
            let first = base + position
            var any = table[Int(first.loadUnaligned(as: UInt16.self).littleEndian)]
            any |= table[Int(first.loadUnaligned(fromByteOffset: second, as: UInt16.self).littleEndian)]
            any |= table[Int(first.loadUnaligned(fromByteOffset: third, as: UInt16.self).littleEndian)]
            any |= table[Int(first.loadUnaligned(fromByteOffset: fourth, as: UInt16.self).littleEndian)]
            let later = first + half
            any |= table[Int(later.loadUnaligned(as: UInt16.self).littleEndian)]
            any |= table[Int(later.loadUnaligned(fromByteOffset: second, as: UInt16.self).littleEndian)]
            any |= table[Int(later.loadUnaligned(fromByteOffset: third, as: UInt16.self).littleEndian)]
            any |= table[Int(later.loadUnaligned(fromByteOffset: fourth, as: UInt16.self).littleEndian)]
            if any != 0 { return position }
            position &+= step
        }
        return position
    }
}
