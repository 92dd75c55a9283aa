extension DecodedPart {
    /// A part's name as a report keeps it: up to 16 bytes held in the value itself, longer ones in an array.
    ///
    /// A form's field names are nearly all short, and a report of many small fields made an array
    /// for each one: about 275 instructions a part to allocate it and 300 to free it, a fifth of
    /// decoding 100,000 fields (`.tools/engine-snapshot/count.sh` with `COLLECT=1`). Held inline,
    /// a name costs a copy of its bytes.
    ///
    /// A struct, not an enum of the two forms: copying an enum with a reference in one case took a
    /// call to its value witness and a switch (about 150 instructions a part to read a part out of
    /// a report and let it go); copying this is copying words and retaining one optional reference.
    ///
    /// The form is canonical (inline exactly when the bytes fit, unused inline bytes zero), so
    /// equality and hashing compare the stored form.
    @usableFromInline
    struct ShortBytes: Sendable, Hashable {
        /// The first eight bytes when the bytes fit, in order, the rest zero; zero when they are in ``spilled``.
        @usableFromInline var first: UInt64 = 0
        /// The next eight bytes, as ``first``.
        @usableFromInline var second: UInt64 = 0
        /// The bytes when more than ``capacity``, else `nil`.
        @usableFromInline var spilled: [UInt8]?
        /// The number of bytes held inline.
        @usableFromInline var count: UInt8 = 0

        /// The most bytes held inline.
        @usableFromInline static var capacity: Int { 16 }

        /// Holds a copy of `bytes`.
        @inlinable @inline(__always)
        init(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count <= Self.capacity else {
                spilled = Array(bytes.assumingMemoryBound(to: UInt8.self))
                return
            }
            var words: (UInt64, UInt64) = (0, 0)
            if let base = bytes.baseAddress {
                withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
            }
            (first, second) = words
            count = UInt8(bytes.count)
        }

        /// Holds a copy of `bytes`.
        @inlinable
        init(_ bytes: [UInt8]) {
            if bytes.count > Self.capacity {
                spilled = bytes
            } else {
                self = bytes.withUnsafeBytes { Self($0) }
            }
        }

        /// Calls `body` with the bytes held.
        @inlinable
        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            if let spilled { return spilled.withUnsafeBytes(body) }
            return withUnsafeBytes(of: (first, second)) { body(UnsafeRawBufferPointer(rebasing: $0[..<Int(count)])) }
        }

        /// The bytes held, in an array of their own.
        @inlinable
        var array: [UInt8] {
            if let spilled { return spilled }
            return withUnsafeBytes(of: (first, second)) { Array($0.prefix(Int(count))) }
        }

        /// The bytes decoded as UTF-8 (invalid bytes become U+FFFD).
        @inlinable
        var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }
    }
}
