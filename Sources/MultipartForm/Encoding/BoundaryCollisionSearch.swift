/// A streaming search for `"--" boundary` anywhere in a value, fed in pieces of any size.
///
/// The encoder refuses any occurrence of `--B` in a value or a part header, not only `CRLF --B`: a
/// few receivers (Django, undici) also stop at `--B` in the middle of a line, and the stricter rule
/// is simpler to prove. The pattern holds no CR or LF, so a match can never straddle a value and the
/// framing around it; searching each value on its own is enough.
///
/// Two searches run together. A Horspool skip search, keyed on the byte under the last position of
/// a window, rules out most windows after reading one byte of each, which keeps random and text
/// content near memory speed. Only a window whose last byte matches is verified, and it is verified
/// by Knuth–Morris–Pratt over the bytes the verifier has not read yet, and only when it also starts
/// with `--`.
///
/// Why it is linear whatever the content: Horspool windows advance by at least one byte and cost
/// O(1) each. The verifier's position only moves forward, so each byte is read by it at most once,
/// and KMP's fallbacks never exceed the matches that preceded them. The verifier may drop its state
/// when it jumps forward, because Horspool's shift or a window's first bytes proved that no
/// occurrence starts in the bytes jumped over; and an occurrence that starts before the verifier's
/// position ends inside the bytes it will read, so none is missed. Across pieces the carry is one
/// integer: how much of the pattern the bytes fed so far end with.
///
/// Speed: random and text content run at several GB/s, because most windows shift by many bytes. A
/// run of the byte just before the pattern's end (`a` for `--aaaa`) keeps every shift at 1; it runs
/// at about 0.3 GB/s here, still linear.
///
/// - Complexity: O(n) over all bytes fed, for any input and any way of cutting it into pieces.
struct BoundaryCollisionSearch: Sendable {
    /// `"--" boundary`.
    let pattern: [UInt8]
    /// KMP failure function: `failure[i]` is the length of the longest proper border of `pattern[0...i]`.
    private let failure: [Int]
    /// Horspool shift for each byte value under a window's last position.
    private let shift: [Int]
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
        let last = pattern.count - 1
        var shift = [Int](repeating: pattern.count, count: 256)
        for index in 0..<last {
            shift[Int(pattern[index])] = last - index
        }
        self.pattern = pattern
        self.failure = failure
        self.shift = shift
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
                shift.withUnsafeBufferPointer { shift in
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
                    if count >= length {
                        let limit = count - length
                        while position <= limit {
                            let byte = bytes[position &+ last]
                            // A window whose first two bytes are not "--" cannot match either.
                            if byte == lastByte && bytes[position] == ByteClass.dash && bytes[position &+ 1] == ByteClass.dash {
                                if verified < position {
                                    state = 0
                                    verified = position
                                }
                                if verify(to: position &+ length) { return true }
                            }
                            position &+= shift[Int(byte)]
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
    }

    /// Returns whether `bytes` holds `"--" boundary` anywhere.
    static func contains(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        var search = BoundaryCollisionSearch(boundary: boundary)
        return bytes.withUnsafeBytes { search.feed($0) }
    }
}
