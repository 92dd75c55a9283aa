/// A streaming search for `"--" boundary` anywhere in a value, fed in pieces of any size.
///
/// The encoder refuses any occurrence of `--B` in a value or a part header, not only `CRLF --B`: a
/// few receivers (Django, undici) also stop at `--B` in the middle of a line, and the stricter rule
/// is simpler to prove. The pattern holds no CR or LF, so a match can never straddle a value and the
/// framing around it; searching each value on its own is enough.
///
/// Two searches run together. A filter looks at sixteen windows at a time with vector compares and
/// keeps only those that start with `--` and hold the pattern's middle and last bytes in their
/// places; in random or text content almost none does, so the filter runs at several times the
/// speed of reading the file.
/// A window the filter keeps is verified by Knuth–Morris–Pratt over the bytes the verifier has not
/// read yet.
///
/// Why it is linear whatever the content: the filter costs O(1) per window. The verifier's position
/// only moves forward, so each byte is read by it at most once, and KMP's fallbacks never exceed the
/// matches that preceded them. The verifier may drop its state when it jumps forward, because the
/// filter proved that no occurrence starts in the bytes jumped over; and an occurrence that starts
/// before the verifier's position ends inside the bytes it will read, so none is missed. Across
/// pieces the carry is one integer: how much of the pattern the bytes fed so far end with.
///
/// Speed: the filter does not depend on the content; content made of `-` and the last byte (every
/// window a candidate) is bounded by the verifier, still one pass.
///
/// - Complexity: O(n) over all bytes fed, for any input and any way of cutting it into pieces.
struct BoundaryCollisionSearch: Sendable {
    /// `"--" boundary`.
    let pattern: [UInt8]
    /// KMP failure function: `failure[i]` is the length of the longest proper border of `pattern[0...i]`.
    private let failure: [Int]
    /// How many pattern bytes the bytes fed so far end with (always less than the pattern's length).
    private var matched = 0

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
    }

    /// Forgets the bytes fed so far, to search a new value.
    mutating func reset() {
        matched = 0
    }

    /// Feeds the next bytes and returns whether the pattern has now been seen (ending inside `bytes`).
    ///
    /// After a hit the search must be ``reset()`` before it is fed again.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count > 0 else { return false }
        return pattern.withUnsafeBufferPointer { pattern in
            failure.withUnsafeBufferPointer { failure in
                let length = pattern.count
                var state = matched
                // The verifier has read bytes[0..<verified]; `state` is valid there.
                var verified = 0

                /// Runs KMP over bytes[verified..<end]; returns true on a complete match.
                func verify(to end: Int) -> Bool {
                    var index = verified
                    while index < end {
                        let byte = bytes[index]
                        while state > 0 && byte != pattern[state] { state = failure[state &- 1] }
                        if byte == pattern[state] {
                            state &+= 1
                            if state == length { return true }
                        }
                        index &+= 1
                    }
                    verified = end
                    return false
                }

                // An occurrence begun in earlier pieces ends within the first length - 1 bytes.
                if state > 0 && verify(to: min(count, length - 1)) { return true }

                let last = length - 1
                let lastByte = pattern[last]
                var position = 0
                /// Verifies the window at `start`, one the filter kept.
                func candidate(at start: Int) -> Bool {
                    if verified < start {
                        state = 0
                        verified = start
                    }
                    return verify(to: start &+ length)
                }
                if count >= length {
                    let limit = count - length
                    let dashes = SIMD16<UInt8>(repeating: ByteClass.dash)
                    let lastBytes = SIMD16<UInt8>(repeating: lastByte)
                    let middle = length / 2
                    let middleBytes = SIMD16<UInt8>(repeating: pattern[middle])
                    // Thirty-two windows at a time, in two vectors of sixteen: those that start with "--"
                    // and hold the pattern's middle and last bytes in their places. (Content dense in
                    // "--" and pieces of the boundary passes the first three tests often; the middle
                    // byte keeps it from reaching the verifier at every line.)
                    while position &+ 31 <= limit {
                        let low = (bytes.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self) .== dashes)
                            .& (bytes.loadUnaligned(fromByteOffset: position &+ 1, as: SIMD16<UInt8>.self) .== dashes)
                            .& (bytes.loadUnaligned(fromByteOffset: position &+ last, as: SIMD16<UInt8>.self) .== lastBytes)
                            .& (bytes.loadUnaligned(fromByteOffset: position &+ middle, as: SIMD16<UInt8>.self) .== middleBytes)
                        let high = (bytes.loadUnaligned(fromByteOffset: position &+ 16, as: SIMD16<UInt8>.self) .== dashes)
                            .& (bytes.loadUnaligned(fromByteOffset: position &+ 17, as: SIMD16<UInt8>.self) .== dashes)
                            .& (bytes.loadUnaligned(fromByteOffset: position &+ last &+ 16, as: SIMD16<UInt8>.self) .== lastBytes)
                            .& (bytes.loadUnaligned(fromByteOffset: position &+ middle &+ 16, as: SIMD16<UInt8>.self) .== middleBytes)
                        if (low .| high).hasSetLane {
                            for lane in 0..<16 where low[lane] {
                                if candidate(at: position &+ lane) { return true }
                            }
                            for lane in 0..<16 where high[lane] {
                                if candidate(at: position &+ 16 &+ lane) { return true }
                            }
                        }
                        position &+= 32
                    }
                    while position <= limit {
                        if bytes[position] == ByteClass.dash && bytes[position &+ 1] == ByteClass.dash
                            && bytes[position &+ last] == lastByte && candidate(at: position)
                        {
                            return true
                        }
                        position &+= 1
                    }
                }

                // Leave `state` valid at the end: only the last length - 1 bytes can begin an occurrence.
                let tail = max(0, count - last)
                if verified < tail {
                    state = 0
                    verified = tail
                }
                if verify(to: count) { return true }
                matched = state
                return false
            }
            }
    }

    /// Returns whether `bytes` holds `"--" boundary` anywhere.
    static func contains(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        var search = BoundaryCollisionSearch(boundary: boundary)
        return bytes.withUnsafeBytes { search.feed($0) }
    }
}
