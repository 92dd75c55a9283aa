/// One part as the strict validator decodes it: its field name, filename, type and where its bytes are.
///
/// Names and filenames are the parameter values with quoted-pairs removed and nothing else decoded
/// (`%22` stays `%22`). Bytes are reported as ranges of body offsets, never copied.
public struct DecodedPart: Sendable, Hashable {
    /// The zero-based index of the part in the body.
    public var index: Int
    /// The body offsets of the part's header section, from its first header byte to the end of the blank line.
    public var headerRange: Range<Int>
    /// The body offsets of the part's content.
    public var bodyRange: Range<Int>

    // The stored form, 64 bytes with at most one reference: every reference is retained on each
    // copy of a part and released with the report, which decoding many small fields pays per part.

    /// The name when it is short, else a tag saying it is absent or in ``extras``.
    @usableFromInline var inlineName: InlineName
    /// A long name, the filename and the Content-Type value, when the part has any of them.
    @usableFromInline var extras: Extras?

    /// The `name` parameter's bytes, or `nil` when the part has none.
    ///
    /// A name of up to 15 bytes is kept without an array of its own, so reading this property makes
    /// one; ``nameString`` does not.
    @inlinable
    public var name: [UInt8]? {
        get {
            switch inlineName.tag {
            case InlineName.absent: return nil
            case InlineName.elsewhere: return extras?.longName
            default: return inlineName.withBytes { Array($0) }
            }
        }
        set { (inlineName, extras) = Self.stored(name: newValue, filename: filename, contentType: contentType) }
    }

    /// The `filename` parameter's bytes, or `nil` when the part has none.
    @inlinable
    public var filename: [UInt8]? {
        get { extras?.filename }
        set { (inlineName, extras) = Self.stored(name: name, filename: newValue, contentType: contentType) }
    }

    /// The part's `Content-Type` field value with surrounding whitespace removed, or `nil`.
    @inlinable
    public var contentType: [UInt8]? {
        get { extras?.contentType }
        set { (inlineName, extras) = Self.stored(name: name, filename: filename, contentType: newValue) }
    }

    // The three strings are inlinable: called across modules, reading one copied the whole part out
    // of a report's array first.

    /// The field name decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable @inline(__always)
    public var nameString: String? {
        let tag = inlineName.tag
        if Int(tag) <= InlineName.capacity { return inlineName.string }
        if tag == InlineName.absent { return nil }
        return extras?.longName.map { String(decoding: $0, as: UTF8.self) }
    }
    /// The filename decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable
    public var filenameString: String? { extras?.filename.map { String(decoding: $0, as: UTF8.self) } }
    /// The Content-Type value decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable
    public var contentTypeString: String? { extras?.contentType.map { String(decoding: $0, as: UTF8.self) } }

    /// The stored form of a name, filename and Content-Type value.
    @usableFromInline
    static func stored(name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?) -> (InlineName, Extras?) {
        guard let name, name.count <= InlineName.capacity else {
            // No name, or one too long to hold inline: the array is kept as it is, not copied.
            let tag = name == nil ? InlineName.absent : InlineName.elsewhere
            return (InlineName(tag: tag), Extras.holding(longName: name, filename: filename, contentType: contentType))
        }
        return name.withUnsafeBytes { stored(nameBytes: $0, filename: filename, contentType: contentType) }
    }
}

// No initialiser is declared in the struct, so the validator builds each part with the memberwise
// one (internal): with a hand-written initialiser, this toolchain copied every collected part once
// more and destroyed the original. The rest of the package makes parts with `part(index:...)`.
extension DecodedPart {
    /// Creates a decoded part, for reports made outside the validator (tests, adapters).
    package static func part(
        index: Int, name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, headerRange: Range<Int>,
        bodyRange: Range<Int>
    ) -> DecodedPart {
        let (inlineName, extras) = stored(name: name, filename: filename, contentType: contentType)
        return DecodedPart(
            index: index, headerRange: headerRange, bodyRange: bodyRange, inlineName: inlineName, extras: extras)
    }

    /// The stored form of a name (copied from `nameBytes`), filename and Content-Type value.
    @inline(__always)
    static func stored(
        nameBytes: UnsafeRawBufferPointer?, filename: [UInt8]?, contentType: [UInt8]?
    ) -> (InlineName, Extras?) {
        guard let nameBytes else {
            return (InlineName(tag: InlineName.absent), Extras.holding(longName: nil, filename: filename, contentType: contentType))
        }
        if nameBytes.count <= InlineName.capacity {
            return (InlineName(nameBytes), Extras.holding(longName: nil, filename: filename, contentType: contentType))
        }
        let longName = Array(nameBytes.assumingMemoryBound(to: UInt8.self))
        return (InlineName(tag: InlineName.elsewhere), Extras.holding(longName: longName, filename: filename, contentType: contentType))
    }
}
