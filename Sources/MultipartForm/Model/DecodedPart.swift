/// One part as the strict validator decodes it: its field name, filename, type and where its bytes are.
///
/// Names and filenames are the parameter values with quoted-pairs removed and nothing else decoded
/// (`%22` stays `%22`). Bytes are reported as ranges of body offsets, never copied. A validator run
/// with ``ValidationOptions/maxCollectedValueBytes`` keeps only the first bytes of a long name,
/// filename or Content-Type value; ``nameByteCount`` and its siblings then give the whole lengths.
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
        set {
            (inlineName, extras) = Self.stored(
                name: newValue, filename: filename, contentType: contentType, wholeLengths: extras?.wholeLengths?.clearing(name: true))
        }
    }

    /// The `filename` parameter's bytes, or `nil` when the part has none.
    @inlinable
    public var filename: [UInt8]? {
        get { extras?.filename }
        set {
            (inlineName, extras) = Self.stored(
                name: name, filename: newValue, contentType: contentType, wholeLengths: extras?.wholeLengths?.clearing(filename: true))
        }
    }

    /// The part's `Content-Type` field value with surrounding whitespace removed, or `nil`.
    @inlinable
    public var contentType: [UInt8]? {
        get { extras?.contentType }
        set {
            (inlineName, extras) = Self.stored(
                name: name, filename: filename, contentType: newValue, wholeLengths: extras?.wholeLengths?.clearing(contentType: true))
        }
    }

    /// How many bytes the `name` parameter had in the body, or `nil` when the part has none: more
    /// than ``name`` holds when the report keeps only its first bytes (``ValidationOptions/maxCollectedValueBytes``).
    public var nameByteCount: Int? {
        if let whole = extras?.wholeLengths?.name { return whole }
        let tag = inlineName.tag
        if Int(tag) <= InlineName.capacity { return Int(tag) }
        return tag == InlineName.absent ? nil : extras?.longName?.count
    }

    /// How many bytes the `filename` parameter had in the body, or `nil` when the part has none: more
    /// than ``filename`` holds when the report keeps only its first bytes.
    public var filenameByteCount: Int? { extras?.wholeLengths?.filename ?? extras?.filename?.count }

    /// How many bytes the Content-Type value had in the body, or `nil` when the part has none: more
    /// than ``contentType`` holds when the report keeps only its first bytes.
    public var contentTypeByteCount: Int? { extras?.wholeLengths?.contentType ?? extras?.contentType?.count }

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

    /// The stored form of a name, filename and Content-Type value, with the whole lengths of those
    /// that are kept cut.
    @usableFromInline
    static func stored(
        name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, wholeLengths: Extras.WholeLengths? = nil
    ) -> (InlineName, Extras?) {
        // A cut name is held with its length, in the extras.
        guard let name, name.count <= InlineName.capacity, wholeLengths?.name == nil else {
            // No name, or one too long to hold inline: the array is kept as it is, not copied.
            let tag = name == nil ? InlineName.absent : InlineName.elsewhere
            return (
                InlineName(tag: tag),
                Extras.holding(longName: name, filename: filename, contentType: contentType, wholeLengths: wholeLengths)
            )
        }
        return name.withUnsafeBytes {
            let (inlineName, _) = stored(nameBytes: $0, filename: nil, contentType: nil)
            return (inlineName, Extras.holding(longName: nil, filename: filename, contentType: contentType, wholeLengths: wholeLengths))
        }
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

    /// The stored form of a name (copied from `nameBytes`), filename and Content-Type value, each
    /// kept to its first `limit` bytes (``ValidationOptions/maxCollectedValueBytes``).
    @inline(__always)
    static func stored(
        nameBytes: UnsafeRawBufferPointer?, filename: [UInt8]?, contentType: [UInt8]?, keeping limit: Int
    ) -> (InlineName, Extras?) {
        if (nameBytes?.count ?? 0) <= limit && (filename?.count ?? 0) <= limit && (contentType?.count ?? 0) <= limit {
            return stored(nameBytes: nameBytes, filename: filename, contentType: contentType)
        }
        return storedCut(nameBytes: nameBytes, filename: filename, contentType: contentType, keeping: limit)
    }

    /// The stored form of values of which at least one is longer than `limit`: those are cut, and
    /// their whole lengths kept.
    @inline(never)
    private static func storedCut(
        nameBytes: UnsafeRawBufferPointer?, filename: [UInt8]?, contentType: [UInt8]?, keeping limit: Int
    ) -> (InlineName, Extras?) {
        let name = nameBytes.map { Array($0.prefix(keptCount($0, limit: limit))) }
        let keptFilename = filename.map { value in value.withUnsafeBytes { Array(value.prefix(keptCount($0, limit: limit))) } }
        let keptType = contentType.map { value in value.withUnsafeBytes { Array(value.prefix(keptCount($0, limit: limit))) } }
        func whole(_ value: [UInt8]?, _ kept: [UInt8]?) -> Int? {
            guard let value, let kept, kept.count < value.count else { return nil }
            return value.count
        }
        let lengths = Extras.WholeLengths(
            name: nameBytes.flatMap { $0.count > (name?.count ?? 0) ? $0.count : nil },
            filename: whole(filename, keptFilename), contentType: whole(contentType, keptType))
        return stored(name: name, filename: keptFilename, contentType: keptType, wholeLengths: lengths)
    }

    /// How many of `bytes` a value cut to `limit` keeps: `limit`, less the bytes of a UTF-8
    /// character the cut would split (so a name that is UTF-8 stays UTF-8), or all of them.
    package static func keptCount(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Int {
        guard bytes.count > limit else { return bytes.count }
        let limit = max(0, limit)
        var end = limit
        // Back over continuation bytes (10xxxxxx) to the start of the character the cut falls in.
        while end > 0 && limit - end < 3 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return end > 0 && bytes[end] & 0xC0 != 0x80 ? end : limit
    }
}
