/// A header field value with the stream offset of each byte, so findings point at real positions
/// even when the value was unfolded from several lines.
struct HeaderValue {
    /// Where a run of the value's bytes came from: its first index in ``HeaderValue/bytes`` and the
    /// stream offset of that byte. Each physical line of a field contributes one run.
    struct Piece {
        var index: Int
        var offset: Int
    }

    /// The value's bytes (continuation line breaks removed).
    var bytes: [UInt8]
    /// The offset just past the value (where its line ends).
    var endOffset: Int
    /// The stream offset of the first byte.
    private var firstOffset: Int
    /// The runs after the first, in order; empty for a value on one line, so no allocation is needed.
    private var continuations: [Piece]

    /// The offset of byte `index`, or the end offset when `index` is past the last byte.
    func offset(_ index: Int) -> Int {
        guard index < bytes.count else { return endOffset }
        var result = firstOffset + index
        for piece in continuations where piece.index <= index { result = piece.offset + (index - piece.index) }
        return result
    }

    /// The value without leading and trailing spaces and tabs.
    func trimmed() -> HeaderValue {
        var start = 0
        var end = bytes.count
        while start < end && ByteClass.isWhitespace(bytes[start]) { start += 1 }
        while end > start && ByteClass.isWhitespace(bytes[end - 1]) { end -= 1 }
        var pieces: [Piece] = []
        for piece in continuations where piece.index > start && piece.index < end {
            pieces.append(Piece(index: piece.index - start, offset: piece.offset))
        }
        return HeaderValue(
            bytes: Array(bytes[start..<end]), firstOffset: offset(start), continuations: pieces, endOffset: offset(end))
    }

    /// A value built from a plain string, with offsets counting from zero (for Content-Type values).
    init(plain: [UInt8]) {
        self.init(bytes: plain, firstOffset: 0, continuations: [], endOffset: plain.count)
    }

    /// A value whose first byte is at `firstOffset` and whose later runs start where `continuations` say.
    init(bytes: [UInt8], firstOffset: Int, continuations: [Piece], endOffset: Int) {
        self.bytes = bytes
        self.firstOffset = firstOffset
        self.continuations = continuations
        self.endOffset = endOffset
    }
}

/// One `attribute=value` parameter as written.
///
/// The value is a slice of the header value it was read from (or of a fresh array when quoted-pairs
/// were removed), so reading a parameter copies nothing; it must not outlive that header value.
struct HeaderParameter {
    /// The attribute name folded to lower case.
    var name: [UInt8]
    /// The index of the attribute's first byte in the header value.
    var nameIndex: Int
    /// The value with quotes and quoted-pairs removed.
    var value: ArraySlice<UInt8>
    /// The index in the header value of each byte of `value`, by position in `value` (0 is its first byte).
    var valueIndices: ValueIndices
    /// The index of the value's first byte as written (the opening quote when quoted).
    var valueIndex: Int
    /// Whether the value was a quoted-string.
    var quoted: Bool
    /// Index of the first backslash escaping `"` or `\`, if any.
    var quotedPairIndex: Int?
    /// Index of the first backslash escaping any other byte, if any.
    var otherBackslashIndex: Int?
    /// Index of the first byte of an unquoted value that a token cannot hold, if any.
    var nonTokenIndex: Int?

    /// The value's byte at position `offset` (0 is its first byte).
    func valueByte(_ offset: Int) -> UInt8 { value[value.startIndex + offset] }
}

/// Where each byte of a parameter value sits in its header value.
///
/// Without quoted-pairs the bytes are consecutive, so only the first index is kept; a value with
/// quoted-pairs keeps one index per byte.
struct ValueIndices {
    /// The header value index of the value's first byte, when the bytes are consecutive.
    private let first: Int
    /// One index per byte, when quoted-pairs made them non-consecutive.
    private let each: [Int]?

    /// Indices `first`, `first + 1`, ...
    init(consecutiveFrom first: Int) {
        self.first = first
        each = nil
    }

    /// One index per byte.
    init(_ each: [Int]) {
        first = 0
        self.each = each
    }

    /// The header value index of the value's byte at `position`.
    subscript(position: Int) -> Int { each?[position] ?? first + position }

    /// The position in the value of the byte at header value index `index`, among `count` bytes.
    func position(of index: Int, count: Int) -> Int? {
        if let each { return each.firstIndex(of: index) }
        let position = index - first
        return position >= 0 && position < count ? position : nil
    }
}

/// A lexer for `;`-separated parameters shared by the Content-Type and Content-Disposition parsers.
struct ParameterLexer {
    let bytes: [UInt8]
    var index: Int

    init(_ bytes: [UInt8], from index: Int) {
        self.bytes = bytes
        self.index = index
    }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8 { bytes[index] }

    /// Skips spaces and tabs and returns the index of the first one skipped, if any.
    @discardableResult
    mutating func skipWhitespace() -> Int? {
        let start = index
        while index < bytes.count && ByteClass.isWhitespace(bytes[index]) { index += 1 }
        return index > start ? start : nil
    }

    /// Reads a run of token characters.
    mutating func readToken() -> Range<Int> {
        let start = index
        while index < bytes.count && ByteClass.isTokenChar(bytes[index]) { index += 1 }
        return start..<index
    }

    /// Skips to the next `;` (or the end) after a syntax error.
    mutating func skipToSemicolon() {
        while index < bytes.count && bytes[index] != ByteClass.semicolon { index += 1 }
    }

    /// Reads a quoted-string starting at the opening quote; `terminated` is false when it runs off the end.
    ///
    /// Without a backslash the value is a slice of ``bytes``; with one, quoted-pairs are removed into a new array.
    mutating func readQuoted() -> (value: ArraySlice<UInt8>, indices: ValueIndices, terminated: Bool, pair: Int?, other: Int?) {
        let open = index
        var end = open + 1
        while end < bytes.count && bytes[end] != ByteClass.quote && bytes[end] != ByteClass.backslash { end += 1 }
        if end == bytes.count || bytes[end] == ByteClass.quote {
            let terminated = end < bytes.count
            index = terminated ? end + 1 : end
            return (bytes[(open + 1)..<end], ValueIndices(consecutiveFrom: open + 1), terminated, nil, nil)
        }
        var value: [UInt8] = []
        var indices: [Int] = []
        let remaining = bytes.count - index
        value.reserveCapacity(remaining)
        indices.reserveCapacity(remaining)
        var pair: Int? = nil
        var other: Int? = nil
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ByteClass.quote {
                index += 1
                return (value[...], ValueIndices(indices), true, pair, other)
            }
            if byte == ByteClass.backslash && index + 1 < bytes.count {
                let escaped = bytes[index + 1]
                if escaped == ByteClass.quote || escaped == ByteClass.backslash {
                    if pair == nil { pair = index }
                } else if other == nil {
                    other = index
                }
                value.append(escaped)
                indices.append(index + 1)
                index += 2
                continue
            }
            if byte == ByteClass.backslash && other == nil { other = index }
            value.append(byte)
            indices.append(index)
            index += 1
        }
        return (value[...], ValueIndices(indices), false, pair, other)
    }

    /// Reads the value of the attribute at `nameRange`: a quoted-string or an unquoted run up to `;`.
    ///
    /// Returns `nil` for an empty unquoted value; `terminated` is false for an unterminated quoted-string.
    mutating func readParameter(nameRange: Range<Int>) -> (parameter: HeaderParameter, terminated: Bool)? {
        var parameter = HeaderParameter(
            name: ByteClass.lowercasedParameterName(bytes[nameRange]), nameIndex: nameRange.lowerBound, value: [],
            valueIndices: ValueIndices(consecutiveFrom: index), valueIndex: index, quoted: false)
        if !atEnd && current == ByteClass.quote {
            let quoted = readQuoted()
            parameter.quoted = true
            parameter.value = quoted.value
            parameter.valueIndices = quoted.indices
            parameter.quotedPairIndex = quoted.pair
            parameter.otherBackslashIndex = quoted.other
            return (parameter, quoted.terminated)
        }
        let unquoted = readUnquoted()
        guard !unquoted.range.isEmpty else { return nil }
        parameter.value = bytes[unquoted.range]
        parameter.valueIndices = ValueIndices(consecutiveFrom: unquoted.range.lowerBound)
        parameter.nonTokenIndex = unquoted.nonToken
        return (parameter, true)
    }

    /// Reads an unquoted value up to the next `;`, without trailing whitespace.
    mutating func readUnquoted() -> (range: Range<Int>, nonToken: Int?) {
        let start = index
        while index < bytes.count && bytes[index] != ByteClass.semicolon { index += 1 }
        var end = index
        while end > start && ByteClass.isWhitespace(bytes[end - 1]) { end -= 1 }
        let nonToken = (start..<end).first { !ByteClass.isTokenChar(bytes[$0]) }
        return (start..<end, nonToken)
    }
}
