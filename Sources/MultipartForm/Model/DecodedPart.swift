/// One part as the strict validator decodes it: its field name, filename, type and where its bytes are.
///
/// Names and filenames are the parameter values with quoted-pairs removed and nothing else decoded
/// (`%22` stays `%22`). Bytes are reported as ranges of body offsets, never copied.
public struct DecodedPart: Sendable, Hashable {
    /// The zero-based index of the part in the body.
    public var index: Int
    /// The `name` parameter's bytes, or `nil` when the part has none.
    ///
    /// A name of up to 16 bytes is kept without an array of its own, so reading this property makes
    /// one; ``nameString`` does not.
    @inlinable
    public var name: [UInt8]? {
        get { nameBytes?.array }
        set { nameBytes = newValue.map(ShortBytes.init) }
    }
    /// The `name` parameter's bytes as the part keeps them: short names without an array of their own.
    @usableFromInline var nameBytes: ShortBytes?
    /// The `filename` parameter's bytes, or `nil` when the part has none.
    public var filename: [UInt8]?
    /// The part's `Content-Type` field value with surrounding whitespace removed, or `nil`.
    public var contentType: [UInt8]?
    /// The body offsets of the part's header section, from its first header byte to the end of the blank line.
    public var headerRange: Range<Int>
    /// The body offsets of the part's content.
    public var bodyRange: Range<Int>

    // The three strings are inlinable: called across modules, reading one copied the whole part out
    // of a report's array first (about 80 instructions a part when decoding many fields).

    /// The field name decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable
    public var nameString: String? { nameBytes?.string }
    /// The filename decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable
    public var filenameString: String? { filename.map { String(decoding: $0, as: UTF8.self) } }
    /// The Content-Type value decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable
    public var contentTypeString: String? { contentType.map { String(decoding: $0, as: UTF8.self) } }
}

// No initialiser is declared in the struct, so the validator builds each part with the memberwise
// one (internal): with a hand-written initialiser, this toolchain copied every collected part once
// more and destroyed the original (about 145 instructions a part of 1,765 when collecting). The
// rest of the package makes parts with `part(index:...)`.
extension DecodedPart {
    /// Creates a decoded part, for reports made outside the validator (tests, adapters).
    package static func part(
        index: Int, name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, headerRange: Range<Int>,
        bodyRange: Range<Int>
    ) -> DecodedPart {
        DecodedPart(
            index: index, nameBytes: name.map(ShortBytes.init), filename: filename, contentType: contentType,
            headerRange: headerRange, bodyRange: bodyRange)
    }
}
