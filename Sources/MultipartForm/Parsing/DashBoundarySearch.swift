/// A streaming search for `"--" boundary` anywhere in a part's content, fed in runs of any size,
/// that says where each occurrence ends.
///
/// The delimiter search (``DelimiterSearch``) only looks at line starts. This one finds the
/// dash-boundary in the middle of a line too, which RFC 2046 allows but several parsers read as a
/// delimiter. The tables live here, built once per boundary; what a part has matched so far is one
/// integer the caller keeps (``State``), so a part's content can be searched in any pieces.
///
/// Two searches run together, as in the encoder's `BoundaryCollisionSearch`. A sampling filter
/// reads one pair of adjacent bytes in every `L - 1` (`L` is the pattern's length): each window of
/// `L` bytes holds exactly one sampled pair, so a window can only match if that pair is one of the
/// pattern's pairs at that place. A table with a byte for each of the 65,536 pairs says whether the
/// pair occurs in the pattern at all; random or text content almost never holds one, so eight
/// samples cost eight loads, eight table reads and one branch. (A table of bits is eight times
/// smaller but costs more work a sample, and the samples are what this search costs: content is
/// otherwise only read by `memchr`.) A window a sample names is kept only if it starts
/// with `--` and ends with the pattern's last byte, and a kept window is verified by
/// Knuth–Morris–Pratt over the bytes the verifier has not read yet.
///
/// Why it is linear whatever the content: the filter costs O(1) per sampled pair plus O(L) per
/// pair the table holds, and there are at most n / (L - 1) samples, so O(n) in all; it names each
/// window at most once, in increasing order. The verifier only moves forward, so each byte is read
/// by it at most once (KMP's fallbacks never exceed the matches before them), and it may drop its
/// state when it jumps forward because the filter proved that no occurrence starts in the bytes
/// jumped over. Across runs the carry is ``State``: how much of the pattern the bytes fed so far
/// end with.
///
/// - Complexity: O(n) over all bytes fed, for any input and any way of cutting it into runs.
struct DashBoundarySearch {
    /// `"--" boundary`.
    let pattern: [UInt8]
    /// KMP failure function: `failure[i]` is the length of the longest proper border of `pattern[0...i]`.
    private let failure: [Int]
    /// One byte per pair of bytes (first byte in the low 8 bits of the index): 0 when the pair does
    /// not occur in the pattern, else 1 + the last place it starts at (``scanPlaces`` for a pattern
    /// too long for a byte to say).
    private let pairs: [UInt8]
    /// For each place in the pattern, 1 + the previous place the same pair starts at, or 0.
    private let samePairBefore: [Int]
    /// The table entry of a pair whose places are found by reading the whole pattern.
    private static let scanPlaces: UInt8 = 255

    /// How much of the pattern the bytes fed so far end with (always less than the pattern's length).
    typealias State = Int

    /// Prepares a search for `"--" boundary`; the boundary must not be empty.
    init(boundary: [UInt8]) {
        let pattern = [ByteClass.dash, ByteClass.dash] + boundary
        var failure = [Int](repeating: 0, count: pattern.count)
        var border = 0
        for index in 1..<pattern.count {
            while border > 0 && pattern[index] != pattern[border] { border = failure[border - 1] }
            if pattern[index] == pattern[border] { border += 1 }
            failure[index] = border
        }
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
        self.pattern = pattern
        self.failure = failure
        self.pairs = pairs
        self.samePairBefore = samePairBefore
    }

    /// Searches `bytes[start...]`, which follow the bytes `state` describes, and returns the index
    /// just past the first occurrence that ends there, or `nil`. `state` is left describing the bytes
    /// up to that index (or to the end), so the search can go on from there.
    ///
    /// An occurrence may have begun in earlier runs: it starts `pattern.count` bytes before the
    /// index returned, which may be before `start`.
    func next(in bytes: UnsafeRawBufferPointer, from start: Int, state: inout State) -> Int? {
        let count = bytes.count
        guard start < count else { return nil }
        return pattern.withUnsafeBufferPointer { pattern in
            failure.withUnsafeBufferPointer { failure in
            pairs.withUnsafeBufferPointer { pairs in
            samePairBefore.withUnsafeBufferPointer { samePairBefore in
                let length = pattern.count
                // The verifier has read bytes[start..<verified]; `state` is valid there.
                var verified = start

                /// Runs KMP over bytes[verified..<end]; returns the index past a complete match.
                func verify(to end: Int) -> Int? {
                    var index = verified
                    while index < end {
                        let byte = bytes[index]
                        while state > 0 && byte != pattern[state] { state = failure[state &- 1] }
                        if byte == pattern[state] {
                            state &+= 1
                            if state == length {
                                state = failure[length &- 1]
                                verified = index &+ 1
                                return index &+ 1
                            }
                        }
                        index &+= 1
                    }
                    verified = end
                    return nil
                }

                // An occurrence begun in earlier runs ends within the first length - 1 bytes.
                if state > 0, let end = verify(to: min(count, start &+ length &- 1)) { return end }

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
                        // Windows that do not end in this run are left to the tail below.
                        guard windowStart >= start, windowStart &+ length <= count else { continue }
                        guard bytes[windowStart] == ByteClass.dash && bytes[windowStart &+ 1] == ByteClass.dash
                            && bytes[windowStart &+ last] == lastByte
                        else { continue }
                        if verified < windowStart {
                            state = 0
                            verified = windowStart
                        }
                        if let end = verify(to: windowStart &+ length) { return end }
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

                // Leave `state` valid at the end: only the last length - 1 bytes can begin an
                // occurrence that later bytes complete.
                let tail = max(start, count &- last)
                if verified < tail {
                    state = 0
                    verified = tail
                }
                return verify(to: count)
            }
            }
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

    /// Whether `bytes` hold `"--" boundary` anywhere (a search of its own, from no earlier bytes).
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        var state: State = 0
        return next(in: bytes, from: 0, state: &state) != nil
    }
}
