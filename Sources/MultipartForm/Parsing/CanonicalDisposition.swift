#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    struct Match {
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
    private static func literal(_ expected: StaticString, in value: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let count = expected.utf8CodeUnitCount
        guard value.count - index >= count else { return nil }
        return ByteClass.matches(value.baseAddress! + index, expected) ? index + count : nil
    }

    /// The range of a quoted value's content starting at `start` (after the opening quote), up to the
    /// closing quote, if every byte is one the general path would accept without a finding.
    private static func quotedValue(in value: UnsafeBufferPointer<UInt8>, from start: Int, isName: Bool) -> Range<Int>? {
        var end = start
        while end < value.count {
            let byte = value[end]
            if byte == ByteClass.quote { break }
            // Printable ASCII only, without the bytes that need a closer look: `\` (quoted-pair),
            // `%` (percent-encoding) and, in a filename, path separators.
            guard byte >= 0x20 && byte < 0x7F, byte != ByteClass.backslash, byte != ByteClass.percent else { return nil }
            if !isName && byte == ByteClass.slash { return nil }
            if isName && byte == UInt8(ascii: "[") { return nil }
            if byte == ByteClass.semicolon || byte == ByteClass.equals { return nil }
            end += 1
        }
        guard end < value.count, end > start else { return nil }
        let count = end - start
        // In a filename, `.`, `..` and a drive letter are reported (`=` and `;`, as in an encoded-word, never get here).
        if !isName {
            if value[start] == ByteClass.space || value[end - 1] == ByteClass.space { return nil }
            if count >= 2 && value[start + 1] == ByteClass.colon { return nil }
            if count <= 2 && value[start] == ByteClass.dot && value[end - 1] == ByteClass.dot { return nil }
        }
        return start..<end
    }
}
