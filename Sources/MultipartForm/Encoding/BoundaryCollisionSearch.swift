/// A streaming search for `"--" boundary` anywhere in a value, fed in pieces of any size.
///
/// The encoder refuses any occurrence of `--B` in a value or a part header, not only `CRLF --B`: a
/// few receivers (Django, undici) also stop at `--B` in the middle of a line, and the stricter rule
/// is simpler to prove. The pattern holds no CR or LF, so a match can never straddle a value and the
/// framing around it; searching each value on its own is enough.
///
/// Two searches run together. A sampling filter reads one byte in every `L` (the pattern's
/// length): each window of `L` bytes holds exactly one sampled byte, so a window can only match if
/// its sampled byte is the pattern's byte at that place. For each sampled byte a table lists the
/// places it has in the pattern (usually none: random content reaches the table's empty rows nine
/// times in ten), and each window those places name is kept only if it starts with `--` and holds
/// the pattern's middle and last bytes in their places. A kept window is verified by Knuth–Morris–Pratt over the bytes the
/// verifier has not read yet.
///
/// Why it is linear whatever the content: the filter costs O(1) per sampled byte and per window
/// it names, and it names each window at most once (at its own sampled byte), in increasing order. The verifier's position
/// only moves forward, so each byte is read by it at most once, and KMP's fallbacks never exceed the
/// matches that preceded them. The verifier may drop its state when it jumps forward, because the
/// filter proved that no occurrence starts in the bytes jumped over; and an occurrence that starts
/// before the verifier's position ends inside the bytes it will read, so none is missed. Across
/// pieces the carry is one integer: how much of the pattern the bytes fed so far end with.
///
/// Speed: on random or text content the filter reads about one byte in `L` and the loads do not
/// depend on one another, unlike a skip search whose next position waits on the last load; content
/// made of the pattern's own bytes names up to `L` windows per sample, each rejected in O(1) or
/// verified in the verifier's single pass.
///
/// - Complexity: O(n) over all bytes fed, for any input and any way of cutting it into pieces.
package struct BoundaryCollisionSearch: Sendable {
    /// `"--" boundary`.
    let pattern: [UInt8]
    /// KMP failure function: `failure[i]` is the length of the longest proper border of `pattern[0...i]`.
    private let failure: [Int]
    /// The places of each byte value in the pattern, in descending order: those of byte `b` are
    /// `places[placesStart[b]..<placesStart[b + 1]]`.
    private let places: [Int]
    private let placesStart: [Int]
    /// How many pattern bytes the bytes fed so far end with (always less than the pattern's length).
    private var matched = 0

    /// Prepares a search for `"--" boundary`; the boundary must not be empty.
    package init(boundary: [UInt8]) {
        let pattern = [ByteClass.dash, ByteClass.dash] + boundary
        var failure = [Int](repeating: 0, count: pattern.count)
        var border = 0
        for index in 1..<pattern.count {
            while border > 0 && pattern[index] != pattern[border] { border = failure[border - 1] }
            if pattern[index] == pattern[border] { border += 1 }
            failure[index] = border
        }
        var placesStart = [Int](repeating: 0, count: 257)
        for byte in pattern { placesStart[Int(byte) + 1] += 1 }
        for value in 0..<256 { placesStart[value + 1] += placesStart[value] }
        var places = [Int](repeating: 0, count: pattern.count)
        var next = placesStart
        for index in pattern.indices.reversed() {
            places[next[Int(pattern[index])]] = index
            next[Int(pattern[index])] += 1
        }
        self.pattern = pattern
        self.failure = failure
        self.places = places
        self.placesStart = placesStart
    }

    /// Forgets the bytes fed so far, to search a new value.
    mutating func reset() {
        matched = 0
    }

    /// Feeds the next bytes and returns whether the pattern has now been seen (ending inside `bytes`).
    ///
    /// After a hit the search must be ``reset()`` before it is fed again.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count > 0 else { return false }
        return pattern.withUnsafeBufferPointer { pattern in
            failure.withUnsafeBufferPointer { failure in
            places.withUnsafeBufferPointer { places in
            placesStart.withUnsafeBufferPointer { placesStart in
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
                let middle = length / 2
                let middleByte = pattern[middle]
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
                    // The sampled bytes: positions last, last + L, last + 2L, ...; the windows a sample
                    // names, one per place of its byte in the pattern, come in increasing order.
                    var sample = last
                    while sample < count {
                        let byte = Int(bytes[sample])
                        var place = placesStart[byte]
                        let end = placesStart[byte &+ 1]
                        while place < end {
                            let start = sample &- places[place]
                            if start > limit { break }
                            if bytes[start] == ByteClass.dash && bytes[start &+ 1] == ByteClass.dash
                                && bytes[start &+ last] == lastByte && bytes[start &+ middle] == middleByte
                                && candidate(at: start)
                            {
                                return true
                            }
                            place &+= 1
                        }
                        sample &+= length
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
    }

    /// Returns whether `bytes` holds `"--" boundary` anywhere.
    static func contains(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        var search = BoundaryCollisionSearch(boundary: boundary)
        return bytes.withUnsafeBytes { search.feed($0) }
    }
}
