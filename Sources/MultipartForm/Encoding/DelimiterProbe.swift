/// A streaming search for `"--" boundary` anywhere in a value, fed in pieces of any size.
///
/// The encoder refuses any occurrence of `--B` in a value, not only `CRLF --B` or one at the start of a
/// line: that is conservative and simple to prove. The search is Knuth–Morris–Pratt, so its whole
/// carry across pieces is one integer (how much of the pattern the last bytes matched).
///
/// - Complexity: O(n) over all bytes fed, for any input.
struct DelimiterProbe: Sendable {
    /// `"--" boundary`.
    let pattern: [UInt8]
    private let failure: [Int]
    /// How many pattern bytes the bytes fed so far end with.
    private var matched = 0

    /// Prepares a search for `"--" boundary`.
    init(boundary: [UInt8]) {
        let pattern = [ByteClass.dash, ByteClass.dash] + boundary
        var failure = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in 1..<pattern.count {
            while length > 0 && pattern[index] != pattern[length] { length = failure[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            failure[index] = length
        }
        self.pattern = pattern
        self.failure = failure
    }

    /// Feeds the next bytes and returns whether the pattern has now been seen (ending inside `bytes`).
    mutating func feed<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        if let found = bytes.withContiguousStorageIfAvailable({ feed(buffer: $0) }) { return found }
        return feed(buffer: Array(bytes))
    }

    private mutating func feed(buffer: [UInt8]) -> Bool {
        buffer.withUnsafeBufferPointer { feed(buffer: $0) }
    }

    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.withUnsafeBufferPointer { pattern in
            failure.withUnsafeBufferPointer { failure in
                var matched = self.matched
                defer { self.matched = matched }
                for byte in buffer {
                    while matched > 0 && byte != pattern[matched] { matched = failure[matched - 1] }
                    if byte == pattern[matched] {
                        matched += 1
                        if matched == pattern.count { return true }
                    }
                }
                return false
            }
        }
    }

    /// Returns whether `bytes` holds `"--" boundary` anywhere.
    static func contains(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        var probe = DelimiterProbe(boundary: boundary)
        return probe.feed(bytes)
    }
}
