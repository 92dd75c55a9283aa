/// A streaming search for `"--" boundary` anywhere in bytes fed in runs of any size, not only at
/// line starts, that says where each occurrence ends: the one family behind the validator's
/// `boundary-in-content` and `boundary-in-header` checks and the encoder's refusal of a value that
/// holds its boundary (``BoundaryCollisionSearch``).
///
/// RFC 2046 allows `--boundary` in the middle of a line, but several receivers (Django, undici)
/// read it there as a delimiter. The pattern holds no CR or LF, so a match never straddles a line
/// break; what the bytes fed so far have matched is one integer the caller keeps (``State``), so
/// content can be searched in any pieces.
///
/// Two searches run together. A sampling filter (the `Filter`, the one choice a member of the
/// family makes) reads a sample of the bytes and names the windows of `L` bytes (`L` is the
/// pattern's length) that its sample cannot rule out, each at most once and in increasing order;
/// it also rejects a named window cheaply when the window's own bytes cannot be the pattern's.
/// A window it keeps is verified by Knuth–Morris–Pratt over the bytes the verifier has not read
/// yet. The members: ``ByteSampling`` reads one byte in every `L` and keeps small tables, cheap to
/// build for each value the encoder writes; ``PairSampling`` reads one pair of bytes in every
/// `L - 1` against a table of all 65,536 pairs, built once per body, which passes over clean
/// content with fewer branches.
///
/// Why it is linear whatever the content: a filter costs O(1) per sample plus O(L) per sample
/// its table holds, with at most n / (L - 1) samples, and names each window at most once, in
/// increasing order. The verifier only moves forward, so each byte is read by it at most once
/// (KMP's fallbacks never exceed the matches before them), and it may drop its state when it jumps
/// forward because the filter proved that no occurrence starts in the bytes jumped over; an
/// occurrence that starts before the verifier's position ends inside the bytes it will read, so
/// none is missed. Across runs the carry is ``State``: how much of the pattern the bytes fed so far
/// end with.
///
/// - Complexity: O(n) over all bytes fed, for any input and any way of cutting it into runs.
struct DashBoundarySearch<Filter: DashBoundaryFilter> {
    /// `"--" boundary`.
    let pattern: [UInt8]
    /// KMP failure function: `failure[i]` is the length of the longest proper border of `pattern[0...i]`.
    private let failure: [Int]
    /// Names the windows that may hold the pattern.
    private let filter: Filter

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
        self.pattern = pattern
        self.failure = failure
        filter = Filter(pattern: pattern)
    }

    /// Searches `bytes[start...]`, which follow the bytes `state` describes, and returns the index
    /// just past the first occurrence that ends there, or `nil`. `state` is left describing the bytes
    /// up to that index (or to the end), so the search can go on from there.
    ///
    /// An occurrence may have begun in earlier runs: it starts `pattern.count` bytes before the
    /// index returned, which may be before `start`.
    @inline(__always)
    func next(in bytes: UnsafeRawBufferPointer, from start: Int, state: inout State) -> Int? {
        let count = bytes.count
        guard start < count else { return nil }
        return pattern.withUnsafeBufferPointer { pattern in
            failure.withUnsafeBufferPointer { failure in
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

                // The windows the filter keeps, whole in the run, in increasing order of their start.
                let found = filter.firstMatch(in: bytes, from: start, pattern: pattern) { windowStart in
                    if verified < windowStart {
                        state = 0
                        verified = windowStart
                    }
                    return verify(to: windowStart &+ length)
                }
                if let found { return found }

                // Leave `state` valid at the end: only the last length - 1 bytes can begin an
                // occurrence that later bytes complete.
                let tail = max(start, count &- (length &- 1))
                if verified < tail {
                    state = 0
                    verified = tail
                }
                return verify(to: count)
            }
        }
    }

    /// Whether `bytes` hold `"--" boundary` anywhere (a search of its own, from no earlier bytes).
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        var state: State = 0
        return next(in: bytes, from: 0, state: &state) != nil
    }
}

extension DashBoundarySearch: Sendable where Filter: Sendable {}

/// How a ``DashBoundarySearch`` samples the bytes to name the windows that may hold its pattern.
protocol DashBoundaryFilter {
    /// Prepares the filter's tables for `pattern` (`"--" boundary`).
    init(pattern: [UInt8])

    /// Hands `verify` the start of each window of `bytes[start...]`, whole in `bytes`, that the
    /// filter cannot rule out, each once and in increasing order, and returns the first index
    /// `verify` returns (the end of an occurrence), or `nil` once every window was named.
    func firstMatch(
        in bytes: UnsafeRawBufferPointer, from start: Int, pattern: UnsafeBufferPointer<UInt8>, verify: (Int) -> Int?
    ) -> Int?
}
