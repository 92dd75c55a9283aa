/// The filter the encoder searches each value with: one byte in every `L` (`L` is the pattern's
/// length), so that each window of `L` bytes holds exactly one sampled byte, which must be the
/// pattern's byte at that place.
///
/// For each sampled byte a table lists the places it has in the pattern (usually none: random
/// content reaches the table's empty rows nine times in ten), and each window those places name is
/// kept only if it starts with `--` and holds the pattern's middle and last bytes in their places.
/// The tables are small (one row a byte value), so building them for every value written costs
/// little; on random or text content the filter reads about one byte in `L`, and the loads do not
/// depend on one another, unlike a skip search whose next position waits on the last load.
struct ByteSampling: DashBoundaryFilter, Sendable {
    /// The places of each byte value in the pattern, in descending order: those of byte `b` are
    /// `places[placesStart[b]..<placesStart[b + 1]]`.
    private let places: [Int]
    private let placesStart: [Int]

    init(pattern: [UInt8]) {
        var placesStart = [Int](repeating: 0, count: 257)
        for byte in pattern { placesStart[Int(byte) + 1] += 1 }
        for value in 0..<256 { placesStart[value + 1] += placesStart[value] }
        var places = [Int](repeating: 0, count: pattern.count)
        var next = placesStart
        for index in pattern.indices.reversed() {
            places[next[Int(pattern[index])]] = index
            next[Int(pattern[index])] += 1
        }
        self.places = places
        self.placesStart = placesStart
    }

    @inline(__always)
    func firstMatch(
        in bytes: UnsafeRawBufferPointer, from start: Int, pattern: UnsafeBufferPointer<UInt8>, verify: (Int) -> Int?
    ) -> Int? {
        let count = bytes.count
        let length = pattern.count
        guard count &- start >= length else { return nil }
        return places.withUnsafeBufferPointer { places in
            placesStart.withUnsafeBufferPointer { placesStart in
                let last = length &- 1
                let lastByte = pattern[last]
                let middle = length / 2
                let middleByte = pattern[middle]
                let limit = count &- length
                // The sampled bytes: positions start + last, then every L bytes; the windows a sample
                // names, one per place of its byte in the pattern, come in increasing order.
                var sample = start &+ last
                while sample < count {
                    let byte = Int(bytes[sample])
                    var place = placesStart[byte]
                    let end = placesStart[byte &+ 1]
                    while place < end {
                        let windowStart = sample &- places[place]
                        // Windows that do not end in this run are left to the search's tail.
                        if windowStart > limit { break }
                        if windowStart >= start && bytes[windowStart] == ByteClass.dash
                            && bytes[windowStart &+ 1] == ByteClass.dash && bytes[windowStart &+ last] == lastByte
                            && bytes[windowStart &+ middle] == middleByte, let found = verify(windowStart)
                        {
                            return found
                        }
                        place &+= 1
                    }
                    sample &+= length
                }
                return nil
            }
        }
    }
}
