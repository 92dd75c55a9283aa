/// An incremental UTF-8 validator: feed bytes in pieces, learn the offset of the first invalid sequence.
struct UTF8Check {
    private var needed = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    private var sequenceStart = 0
    /// The offset of the first byte of the first invalid sequence, once one was seen.
    private(set) var firstInvalid: Int?

    /// Checks `bytes[range]`, whose first byte sits at `offset` in the stream.
    ///
    /// A field's short value, 8 to 16 ASCII bytes outside a sequence, is passed in two loads before
    /// the loop, as most values of a form of small fields are. The check stays a call: inlined into
    /// the engine's content handling, it made the engine's scan too large to take that handling
    /// inline, which slowed bodies fed a byte at a time.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int) {
        if changesNothing(bytes, range) { return }
        guard firstInvalid == nil else { return }
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            // Outside a sequence, eight ASCII bytes at a time need no closer look.
            if needed == 0 && index &+ 8 <= end && bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index &+= 8
                continue
            }
            if needed == 0 && end &- index < 8 && Self.isASCII(bytes, index..<end, from: range.lowerBound) { return }
            let byte = bytes[index]
            if needed == 0 {
                if byte < 0x80 {
                    index &+= 1
                    continue
                }
                sequenceStart = offset + (index - range.lowerBound)
                switch byte {
                case 0xC2...0xDF: needed = 1
                case 0xE0: needed = 2; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: needed = 2
                case 0xED: needed = 2; upper = 0x9F
                case 0xF0: needed = 3; lower = 0x90
                case 0xF1...0xF3: needed = 3
                case 0xF4: needed = 3; upper = 0x8F
                default:
                    firstInvalid = sequenceStart
                    return
                }
            } else {
                guard byte >= lower && byte <= upper else {
                    firstInvalid = sequenceStart
                    return
                }
                lower = 0x80
                upper = 0xBF
                needed -= 1
            }
            index &+= 1
        }
    }

    /// Whether `bytes[range]` is 8 to 16 ASCII bytes and no sequence is open, so feeding it changes
    /// nothing: two loads that may overlap.
    @inline(__always)
    private func changesNothing(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        let count = range.upperBound &- range.lowerBound
        guard needed == 0 && count >= 8 && count <= 16 else { return false }
        let head = bytes.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self)
        let tail = bytes.loadUnaligned(fromByteOffset: range.upperBound &- 8, as: UInt64.self)
        return (head | tail) & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `bytes[range]`, fewer than eight bytes, are all ASCII, in one or two loads (a field's
    /// short value costs a few instructions instead of a loop). The loads may reach back to `first`,
    /// over bytes already read: any of them that is not ASCII only sends the caller to its loop.
    @inline(__always)
    private static func isASCII(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, from first: Int) -> Bool {
        let end = range.upperBound
        if end &- first >= 8 {
            return bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        }
        if end &- first >= 4 {
            let head = bytes.loadUnaligned(fromByteOffset: first, as: UInt32.self)
            let tail = bytes.loadUnaligned(fromByteOffset: end &- 4, as: UInt32.self)
            return (head | tail) & 0x8080_8080 == 0
        }
        var bits: UInt8 = 0
        for index in range { bits |= bytes[index] }
        return bits & 0x80 == 0
    }

    /// Ends the input: an unfinished sequence is invalid.
    mutating func finish() {
        if firstInvalid == nil && needed > 0 { firstInvalid = sequenceStart }
    }

    /// The index of the first invalid sequence in a complete byte array, or `nil` when it is valid UTF-8.
    static func firstInvalidIndex(_ bytes: [UInt8]) -> Int? {
        var check = UTF8Check()
        bytes.withUnsafeBytes { check.feed($0, 0..<$0.count, offset: 0) }
        check.finish()
        return check.firstInvalid
    }
}
