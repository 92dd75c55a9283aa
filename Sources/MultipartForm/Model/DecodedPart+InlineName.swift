extension DecodedPart {
    /// A part's name as a report keeps it when it is short: up to 15 bytes in two words, with a tag
    /// in the last byte saying how many, or that the part has no name, or that its name is too long
    /// and held in the part's ``Extras``.
    ///
    /// A form's field names are nearly all short. Held inline, a name costs a copy of its bytes and
    /// no array, whose allocation and release cost a report of many small fields far more than the copy.
    ///
    /// The form is canonical (unused bytes zero), so equality and hashing compare the stored words.
    @usableFromInline
    struct InlineName: Sendable, Hashable {
        /// Bytes 0 to 7 of the name, in memory order.
        @usableFromInline var first: UInt64
        /// Bytes 8 to 14 of the name, then the tag (the number of bytes, ``absent`` or ``elsewhere``).
        @usableFromInline var second: UInt64

        /// The most bytes held inline.
        @usableFromInline static var capacity: Int { 15 }
        /// The tag of a part without a name.
        @usableFromInline static var absent: UInt8 { 0xFF }
        /// The tag of a part whose name is in its ``Extras``.
        @usableFromInline static var elsewhere: UInt8 { 0xFE }

        /// A name of no bytes, or a tag alone when `tag` is ``absent`` or ``elsewhere``.
        @inlinable
        init(tag: UInt8) {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0[15] = tag }
            (first, second) = words
        }

        /// Holds a copy of `bytes`, at most ``capacity`` of them.
        @inlinable @inline(__always)
        init(_ bytes: UnsafeRawBufferPointer) {
            assert(bytes.count <= Self.capacity, "a name of \(bytes.count) bytes does not fit inline")
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { words in
                if let base = bytes.baseAddress { words.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
                words[15] = UInt8(truncatingIfNeeded: bytes.count)
            }
            (first, second) = words
        }

        /// The number of bytes held, or ``absent`` or ``elsewhere``.
        @inlinable
        var tag: UInt8 { withUnsafeBytes(of: (first, second)) { $0[15] } }

        /// The bytes held decoded as UTF-8, invalid bytes as U+FFFD (only when ``tag`` is a count).
        ///
        /// Copied into the string's own storage, which for 15 bytes or fewer is the string itself:
        /// cheaper than `String(decoding:as:)` on the bytes in place, which validates them first.
        @inlinable
        var string: String {
            String(unsafeUninitializedCapacity: InlineName.capacity) { buffer in
                withBytes { bytes in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
                    return bytes.count
                }
            }
        }

        /// Calls `body` with the bytes held (only when ``tag`` is a count).
        @inlinable
        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            withUnsafeBytes(of: (first, second)) { body(UnsafeRawBufferPointer(rebasing: $0[..<Int($0[15])])) }
        }
    }

    /// What few parts have, kept out of line so that a part without it holds no reference and one
    /// with it holds one: a name too long to hold inline (or held cut), a filename, a Content-Type
    /// value, and the whole lengths of those held cut.
    ///
    /// A report of many fields holds many parts, and each reference a part holds is one more to
    /// retain whenever the part is copied and to release when the report goes. A scratch build
    /// whose parts held none decoded 100,000 fields in about a fifth less time than with three.
    ///
    /// Never made with all three `nil` (a part then has no ``Extras``), and never changed: a part
    /// that sets one of them makes a new one. Equal when their bytes are.
    @usableFromInline
    final class Extras: Sendable, Hashable {
        /// The name, when longer than ``InlineName/capacity``.
        @usableFromInline let longName: [UInt8]?
        /// The `filename` parameter's bytes.
        @usableFromInline let filename: [UInt8]?
        /// The Content-Type value.
        @usableFromInline let contentType: [UInt8]?
        /// How long the values held cut were, or `nil` when every value is held whole.
        @usableFromInline let wholeLengths: WholeLengths?

        /// The lengths in the body of the values a report keeps only the first bytes of
        /// (``ValidationOptions/maxCollectedValueBytes``); `nil` for a value held whole.
        @usableFromInline
        struct WholeLengths: Sendable, Hashable {
            @usableFromInline var name: Int?
            @usableFromInline var filename: Int?
            @usableFromInline var contentType: Int?

            @usableFromInline
            init(name: Int?, filename: Int?, contentType: Int?) {
                self.name = name
                self.filename = filename
                self.contentType = contentType
            }

            /// These lengths without those of the values named (a value set anew is held whole);
            /// `nil` when none is left.
            @usableFromInline
            func clearing(name: Bool = false, filename: Bool = false, contentType: Bool = false) -> WholeLengths? {
                var lengths = self
                if name { lengths.name = nil }
                if filename { lengths.filename = nil }
                if contentType { lengths.contentType = nil }
                return lengths.isEmpty ? nil : lengths
            }

            /// Whether no value is held cut.
            @usableFromInline
            var isEmpty: Bool { name == nil && filename == nil && contentType == nil }
        }

        private init(longName: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, wholeLengths: WholeLengths?) {
            self.longName = longName
            self.filename = filename
            self.contentType = contentType
            self.wholeLengths = wholeLengths
        }

        /// The extras holding these values, or `nil` when all three are `nil`.
        @usableFromInline
        static func holding(
            longName: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, wholeLengths: WholeLengths? = nil
        ) -> Extras? {
            if longName == nil && filename == nil && contentType == nil { return nil }
            let lengths = wholeLengths?.isEmpty == false ? wholeLengths : nil
            return Extras(longName: longName, filename: filename, contentType: contentType, wholeLengths: lengths)
        }

        @usableFromInline
        static func == (left: Extras, right: Extras) -> Bool {
            left === right
                || left.longName == right.longName && left.filename == right.filename && left.contentType == right.contentType
                    && left.wholeLengths == right.wholeLengths
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(longName)
            hasher.combine(filename)
            hasher.combine(contentType)
            hasher.combine(wholeLengths)
        }
    }
}
