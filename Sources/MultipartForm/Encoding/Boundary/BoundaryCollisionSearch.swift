/// A streaming search for `"--" boundary` anywhere in a value, fed in pieces of any size: the
/// encoder's member of the ``DashBoundarySearch`` family (``ByteSampling``, whose tables are cheap
/// to build for each value).
///
/// The encoder refuses any occurrence of `--B` in a value or a part header, not only `CRLF --B`: a
/// few receivers (Django, undici) also stop at `--B` in the middle of a line, and the stricter rule
/// is simpler to prove. The pattern holds no CR or LF, so a match can never straddle a value and the
/// framing around it; searching each value on its own is enough.
///
/// - Complexity: O(n) over all bytes fed, for any input and any way of cutting it into pieces.
package struct BoundaryCollisionSearch: Sendable {
    /// The search, with byte sampling.
    private let search: DashBoundarySearch<ByteSampling>
    /// How many pattern bytes the bytes fed so far end with (always less than the pattern's length).
    private var matched: DashBoundarySearch<ByteSampling>.State = 0

    /// Prepares a search for `"--" boundary`; the boundary must not be empty.
    package init(boundary: [UInt8]) {
        search = DashBoundarySearch(boundary: boundary)
    }

    /// Forgets the bytes fed so far, to search a new value.
    mutating func reset() {
        matched = 0
    }

    /// Feeds the next bytes and returns whether the pattern has now been seen (ending inside `bytes`).
    ///
    /// After a hit the search must be ``reset()`` before it is fed again.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 0 else { return false }
        return search.next(in: bytes, from: 0, state: &matched) != nil
    }

    /// Returns whether `bytes` holds `"--" boundary` anywhere.
    static func contains(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        var search = BoundaryCollisionSearch(boundary: boundary)
        return bytes.withUnsafeBytes { search.feed($0) }
    }
}
