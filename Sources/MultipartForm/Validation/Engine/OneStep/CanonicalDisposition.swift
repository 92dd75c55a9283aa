/// Recognises the Content-Disposition value browsers and careful encoders write, which the general
/// reader would accept without a single finding: `form-data; name="N"` or
/// `form-data; name="N"; filename="F"`.
///
/// It is a shortcut, not a second grammar: it only accepts values for which the general path
/// (``Disposition`` and ``ValidationEngine/checkNameValue(_:isName:_:)``) reports nothing, and then
/// yields the same name and filename. Anything else (upper case, other spacing, other parameters,
/// quoted-pairs, `%`, encoded-words, paths, non-ASCII names, empty values) returns `nil` and is read
/// by the general path. A test compares the two on generated variants.
///
/// - Complexity: O(n), one pass over the value.
enum CanonicalDisposition {
    /// Where the name and filename values are in the header value, and where the `filename` attribute starts.
    struct Match: Equatable {
        var name: Range<Int>
        var filename: Range<Int>?
        var filenameAttribute: Int
    }

    private static let typeAndName: StaticString = "form-data; name=\""
    private static let filenameAttribute: StaticString = "; filename=\""

    /// Matches a whole header value (after the colon), leading and trailing spaces and tabs allowed;
    /// the ranges count from the slice's first byte.
    static func match(_ bytes: ArraySlice<UInt8>) -> Match? {
        bytes.withUnsafeBufferPointer(match)
    }

    /// Matches the value a browser writes for a text field, ` form-data; name="N"` (one space after
    /// the colon, no filename, nothing after the quote), with one search for the closing quote: what
    /// `match(_:)` gives for it, or `nil` for any other value (which `match(_:)` then reads).
    @inline(__always)
    static func matchField(_ value: UnsafeBufferPointer<UInt8>) -> Match? {
        let prefix = typeAndName.utf8CodeUnitCount &+ 1
        let quote = value.count &- 1
        guard quote > prefix, value[0] == ByteClass.space, literal(typeAndName, in: value, at: 1) != nil,
            firstStop(in: UnsafeRawBufferPointer(value), from: prefix, isName: true) == quote, value[quote] == ByteClass.quote
        else { return nil }
        return Match(name: prefix..<quote, filename: nil, filenameAttribute: value.count &+ 2)
    }

    /// Matches a whole header value (after the colon) held in memory; the ranges count from its first byte.
    static func match(_ value: UnsafeBufferPointer<UInt8>) -> Match? {
        var index = 0
        while index < value.count && (value[index] == ByteClass.space || value[index] == ByteClass.tab) { index += 1 }
        guard let afterPrefix = literal(typeAndName, in: value, at: index) else { return nil }
        guard let name = quotedValue(in: value, from: afterPrefix, isName: true) else { return nil }
        index = name.upperBound + 1
        var filename: Range<Int>? = nil
        let attribute = index + 2
        if let afterAttribute = literal(filenameAttribute, in: value, at: index) {
            guard let range = quotedValue(in: value, from: afterAttribute, isName: false) else { return nil }
            filename = range
            index = range.upperBound + 1
        }
        while index < value.count && (value[index] == ByteClass.space || value[index] == ByteClass.tab) { index += 1 }
        guard index == value.count else { return nil }
        return Match(name: name, filename: filename, filenameAttribute: attribute)
    }

    /// The index after `expected` if the value holds it at `index`.
    @inline(__always)
    private static func literal(_ expected: StaticString, in value: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let count = expected.utf8CodeUnitCount
        guard value.count - index >= count else { return nil }
        return ByteClass.matches(value.baseAddress! + index, expected) ? index + count : nil
    }

    /// The range of a quoted value's content starting at `start` (after the opening quote), up to the
    /// closing quote, if every byte is one the general path would accept without a finding.
    ///
    /// - Complexity: O(n), sixteen bytes at a time (``firstStop(in:from:isName:)``).
    private static func quotedValue(in value: UnsafeBufferPointer<UInt8>, from start: Int, isName: Bool) -> Range<Int>? {
        guard let end = firstStop(in: UnsafeRawBufferPointer(value), from: start, isName: isName),
            value[end] == ByteClass.quote, end > start
        else { return nil }
        let count = end - start
        // In a filename, `.`, `..` and a drive letter are reported (`=` and `;`, as in an encoded-word, never get here).
        if !isName {
            if value[start] == ByteClass.space || value[end - 1] == ByteClass.space { return nil }
            if count >= 2 && value[start + 1] == ByteClass.colon { return nil }
            if count <= 2 && value[start] == ByteClass.dot && value[end - 1] == ByteClass.dot { return nil }
        }
        return start..<end
    }

    /// The index of the first byte from `start` that ends a plain quoted value (``stops(_:isName:)``),
    /// or `nil` when none does.
    ///
    /// Sixteen bytes are compared at once; the last block is the value's last sixteen bytes, its
    /// lanes before `start` ignored, so no load reads outside the value. A value shorter than
    /// sixteen bytes (never one holding the literal before a name) is read byte by byte.
    static func firstStop(in value: UnsafeRawBufferPointer, from start: Int, isName: Bool) -> Int? {
        guard value.count >= 16 else {
            var index = start
            while index < value.count && !stops(value[index], isName: isName) { index += 1 }
            return index < value.count ? index : nil
        }
        var block = start
        while block < value.count {
            var skipped = 0
            if block &+ 16 > value.count {
                skipped = block &- (value.count &- 16)
                block = value.count &- 16
            }
            let lanes = value.loadUnaligned(fromByteOffset: block, as: SIMD16<UInt8>.self)
            let halves = unsafeBitCast(stopLanes(lanes, isName: isName), to: SIMD2<UInt64>.self)
            // Lane i is byte i of the block: the low half holds lanes 0 to 7, lowest first.
            let low = UInt64(littleEndian: halves[0]) & (skipped >= 8 ? 0 : ~0 &<< UInt64(skipped &* 8))
            let high = UInt64(littleEndian: halves[1]) & (skipped <= 8 ? ~0 : ~0 &<< UInt64((skipped &- 8) &* 8))
            if low != 0 { return block &+ low.trailingZeroBitCount &>> 3 }
            if high != 0 { return block &+ 8 &+ high.trailingZeroBitCount &>> 3 }
            block &+= 16
        }
        return nil
    }

    /// The lanes of `bytes` that end a plain quoted value (``stops(_:isName:)``), all ones.
    ///
    /// Only equality compares: ordered ones on byte vectors are compiled lane by lane. A byte is
    /// below 0x20 when its top three bits are clear, and from 0x80 when its top bit is set.
    @inline(__always)
    private static func stopLanes(_ bytes: SIMD16<UInt8>, isName: Bool) -> SIMDMask<SIMD16<Int8>> {
        let zero = SIMD16<UInt8>(repeating: 0)
        let topBit = SIMD16<UInt8>(repeating: 0x80)
        let control: SIMDMask<SIMD16<Int8>> = bytes & SIMD16(repeating: 0xE0) .== zero
        let high: SIMDMask<SIMD16<Int8>> = bytes & topBit .== topBit
        var stop = control .| high
        for byte in [ByteClass.delete, ByteClass.quote, ByteClass.backslash, ByteClass.percent, ByteClass.semicolon, ByteClass.equals] {
            stop .|= bytes .== SIMD16(repeating: byte)
        }
        stop .|= bytes .== SIMD16(repeating: isName ? UInt8(ascii: "[") : ByteClass.slash)
        return stop
    }

    /// Whether `byte` ends a plain quoted value: the closing quote, or a byte the general path looks
    /// at more closely: any outside printable ASCII (0x20–0x7E), `\` (quoted-pair), `%`
    /// (percent-encoding), `;` and `=`, and `[` in a name or `/` in a filename.
    static func stops(_ byte: UInt8, isName: Bool) -> Bool {
        byte < 0x20 || byte > 0x7E || byte == ByteClass.quote || byte == ByteClass.backslash || byte == ByteClass.percent
            || byte == ByteClass.semicolon || byte == ByteClass.equals || byte == (isName ? UInt8(ascii: "[") : ByteClass.slash)
    }
}
