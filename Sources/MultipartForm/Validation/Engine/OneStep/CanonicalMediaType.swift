/// Recognises the part Content-Type value nearly every encoder writes, which the general reader
/// (``MediaType/parse(_:)``) would accept without a single finding: `type/subtype`, two tokens and
/// no parameters, spaces and tabs allowed around it.
///
/// It is a shortcut, not a second grammar: it only accepts values on which the general path
/// reports nothing, and it refuses `multipart/*` (whose boundary and nesting the general path
/// checks) and anything with a parameter. A test compares the two on generated variants.
///
/// - Complexity: O(n), one pass over the value.
enum CanonicalMediaType {
    /// Where the media type is in the header value, counted from the slice's first byte.
    struct Match {
        /// `type/subtype`, without the surrounding whitespace.
        var range: Range<Int>
        /// The type, before the slash.
        var type: Range<Int>
    }

    /// Matches a whole header value (after the colon).
    static func match(_ bytes: ArraySlice<UInt8>) -> Match? {
        bytes.withUnsafeBufferPointer(match)
    }

    /// Matches a whole header value (after the colon) held in memory; the ranges count from its first byte.
    static func match(_ value: UnsafeBufferPointer<UInt8>) -> Match? {
        var index = 0
        while index < value.count && ByteClass.isWhitespace(value[index]) { index += 1 }
        let start = index
        while index < value.count && ByteClass.isTokenChar(value[index]) { index += 1 }
        let slash = index
        guard slash > start, slash < value.count, value[slash] == ByteClass.slash else { return nil }
        index += 1
        while index < value.count && ByteClass.isTokenChar(value[index]) { index += 1 }
        let end = index
        guard end > slash + 1 else { return nil }
        while index < value.count && ByteClass.isWhitespace(value[index]) { index += 1 }
        guard index == value.count else { return nil }
        let type = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: value[start..<slash]))
        return PartMedia.Kind(type: type) == .multipart ? nil : Match(range: start..<end, type: start..<slash)
    }
}
