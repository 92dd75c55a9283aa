/// One part as the strict validator decodes it: its field name, filename, type and where its bytes are.
///
/// Names and filenames are the parameter values with quoted-pairs removed and nothing else decoded
/// (`%22` stays `%22`). Bytes are reported as ranges of body offsets, never copied.
public struct DecodedPart: Sendable, Hashable {
    /// The zero-based index of the part in the body.
    public var index: Int
    /// The `name` parameter's bytes, or `nil` when the part has none.
    public var name: [UInt8]?
    /// The `filename` parameter's bytes, or `nil` when the part has none.
    public var filename: [UInt8]?
    /// The part's `Content-Type` field value with surrounding whitespace removed, or `nil`.
    public var contentType: [UInt8]?
    /// The body offsets of the part's header section, from its first header byte to the end of the blank line.
    public var headerRange: Range<Int>
    /// The body offsets of the part's content.
    public var bodyRange: Range<Int>

    /// Creates a decoded part.
    package init(
        index: Int, name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, headerRange: Range<Int>,
        bodyRange: Range<Int>
    ) {
        self.index = index
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headerRange = headerRange
        self.bodyRange = bodyRange
    }

    /// The field name decoded as UTF-8 (invalid bytes become U+FFFD).
    public var nameString: String? { name.map { String(decoding: $0, as: UTF8.self) } }
    /// The filename decoded as UTF-8 (invalid bytes become U+FFFD).
    public var filenameString: String? { filename.map { String(decoding: $0, as: UTF8.self) } }
    /// The Content-Type value decoded as UTF-8 (invalid bytes become U+FFFD).
    public var contentTypeString: String? { contentType.map { String(decoding: $0, as: UTF8.self) } }
}
