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
/// pattern's pairs at that place. A table of 65,536 bits says whether a pair occurs in the pattern at all,
/// and random or text content almost never holds one, so most samples cost a load and a bit test.
/// A window a sample names is kept only if it starts with `--` and ends with the pattern's last
/// byte, and a kept window is verified by Knuth–Morris–Pratt over the bytes the verifier has not
/// read yet.
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
    /// One bit per pair of bytes (first byte in the low 8 bits of the index): set when the pair
    /// occurs somewhere in the pattern.
    private let pairs: [UInt64]

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
        var pairs = [UInt64](repeating: 0, count: 1 << 10)
        for index in 0..<(pattern.count - 1) {
            let pair = Int(pattern[index]) | Int(pattern[index + 1]) << 8
            pairs[pair >> 6] |= 1 << UInt64(pair & 63)
        }
        self.pattern = pattern
        self.failure = failure
        self.pairs = pairs
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
                /// 1 when the pattern holds the pair of bytes at `index` and `index + 1`, else 0.
                @inline(__always)
                func sampled(_ index: Int) -> UInt64 {
                    let pair = Int(bytes.loadUnaligned(fromByteOffset: index, as: UInt16.self).littleEndian)
                    return pairs[pair &>> 6] &>> UInt64(pair & 63) & 1
                }
                /// Checks the windows the pair at `sample` names, in increasing order of their start.
                func windows(at sample: Int) -> Int? {
                    let first = bytes[sample]
                    let second = bytes[sample &+ 1]
                    // The pair's places in the pattern, from the last (the earliest window) down.
                    var place = length &- 2
                    while place >= 0 {
                        defer { place &-= 1 }
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
                // whole in the run. Four at a time while they fit, their tests combined.
                var sample = start &+ length &- 2
                while sample &+ 3 &* stride &+ 1 < count {
                    // No short-circuit: four independent loads and one branch.
                    let any = sampled(sample) | sampled(sample &+ stride) | sampled(sample &+ 2 &* stride)
                        | sampled(sample &+ 3 &* stride)
                    if any != 0 {
                        for step in 0..<4 {
                            let at = sample &+ step &* stride
                            if sampled(at) != 0, let end = windows(at: at) { return end }
                        }
                    }
                    sample &+= 4 &* stride
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

    /// Whether `bytes` hold `"--" boundary` anywhere (a search of its own, from no earlier bytes).
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        var state: State = 0
        return next(in: bytes, from: 0, state: &state) != nil
    }
}
