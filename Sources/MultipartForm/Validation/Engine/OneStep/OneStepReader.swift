import MultipartFormSystem

/// What the one-step reader recognises in a chunk: the shapes browsers send most, whole in the
/// chunk, on which the byte-at-a-time readers would report nothing of their own.
///
/// It only looks. Its methods read the chunk and the limits it was made with, and change nothing:
/// they return a plan, the header section of a field (``CanonicalSection``) or a whole text field
/// (``PlainField``), or `nil` for anything else. The engine carries a plan out with its own
/// transitions, and only in the state the plan assumes (`ValidationEngine+CanonicalSection.swift`,
/// `ValidationEngine+PlainFields.swift`); what the reader does not recognise is left to the
/// byte-at-a-time readers.
///
/// The values it takes are those ``CanonicalDisposition`` and ``CanonicalMediaType`` match: the
/// forms on which the general header readers find nothing, which live beside it because only the
/// one-step paths use them.
///
/// The engine holds one (``ValidationEngine/Framing/oneStep``) from the moment it knows its boundary, while
/// ``ValidationOptions/readsInOneStep`` is on and header lines may be read at all: `nil` turns every
/// shortcut off.
struct OneStepReader {
    /// The length of `--boundary`.
    let dashBoundaryLength: Int
    let maxHeaderLineLength: Int
    let maxHeaderBytes: Int
    let maxHeaderLines: Int
    let maxParts: Int

    /// A reader for a body framed with a boundary of `dashBoundaryLength - 2` bytes; `nil` when
    /// ``ValidationOptions/maxHeaderLines`` allows no header line, so that every part it could
    /// recognise would be past a limit.
    init?(dashBoundaryLength: Int, options: ValidationOptions) {
        guard options.maxHeaderLines >= 1 else { return nil }
        self.dashBoundaryLength = dashBoundaryLength
        maxHeaderLineLength = options.maxHeaderLineLength
        maxHeaderBytes = options.maxHeaderBytes
        maxHeaderLines = options.maxHeaderLines
        maxParts = options.maxParts
    }

    /// The header section browsers and careful encoders write for a text field or a file, whole in
    /// the chunk: `Content-Disposition: form-data; name="N"` (optionally `; filename="F"`), CRLF,
    /// optionally `Content-Type: type/subtype` and CRLF, then the blank line's CRLF.
    struct CanonicalSection {
        /// The index of the Content-Disposition line's CR.
        var cr: Int
        /// The index of the space after the colon, where the value begins; it ends at ``cr``.
        var valueStart: Int
        /// What the value says, as indices into the value.
        var disposition: CanonicalDisposition.Match
        /// The Content-Type line, when the section has one.
        var contentType: ContentTypeLine?
        /// The index after the blank line.
        var end: Int
    }

    /// A `Content-Type: type/subtype` line of a ``CanonicalSection`` (indices in the chunk).
    struct ContentTypeLine {
        /// The media type's bytes, `type/subtype`: the whole value after the colon's space.
        var value: Range<Int>
        /// What the media type says.
        var media: PartMedia
    }

    /// A text field whose whole life lies in the chunk and on which no check has anything to say:
    /// a delimiter line `--boundary` CRLF, a ``CanonicalSection`` with a name and no filename, and
    /// content up to the next delimiter's CR (indices in the chunk).
    struct PlainField {
        /// The index of the header line's CR (CRLF CRLF follows it).
        var headerCR: Int
        /// The name's bytes in the chunk.
        var name: Range<Int>
        /// The content: from after the blank line up to the next delimiter's CR.
        var content: Range<Int>
        /// The line feeds in the content, and the last one's index.
        var contentLineFeeds: (count: Int, lastLF: Int?)
        /// The index after the next delimiter's boundary (its line's CRLF follows).
        var nextDelimiterEnd: Int
    }

    /// How many bytes from a part's content start the delimiter that ends it must lie within for
    /// ``plainField(_:base:delimiterEnd:partCount:checksUTF8:search:)`` to take the part. The content
    /// is searched before the part is taken, and a part not taken is searched again by the general
    /// path: the window bounds that waste, for a long value, to one search of 4 KiB.
    static let plainContentWindow = 4096

    /// The section starting at `start`, when it is a ``CanonicalSection`` on which the line reader
    /// reports nothing: lines of printable ASCII within every limit (after `sectionBytes` of the
    /// section already read), each value with one space after the colon and none at the end, the
    /// Content-Disposition value as ``CanonicalDisposition`` accepts it, a Content-Type value as
    /// ``CanonicalMediaType`` does (which refuses `multipart/*`), and no `--` in either (where
    /// `--boundary` would be `boundary-in-header`'s). What the part-level checks say of the section
    /// as a whole (a field with a type, a file without one) is theirs to say.
    func canonicalSection(_ chunk: UnsafeRawBufferPointer, at start: Int, sectionBytes: Int) -> CanonicalSection? {
        let fieldName: StaticString = "Content-Disposition: "
        let nameLength = fieldName.utf8CodeUnitCount
        guard let base = chunk.baseAddress, chunk.count - start > nameLength,
            ByteClass.matches(base + start, fieldName)
        else { return nil }
        // The value runs from the space after the colon to the line's CR, which LF must follow.
        let valueStart = start + nameLength - 1
        guard let hit = RawMemory.first(ByteClass.cr, in: base + valueStart, count: chunk.count - valueStart) else { return nil }
        let cr = UnsafeRawPointer(hit) - base
        guard cr + 3 < chunk.count, chunk[cr + 1] == ByteClass.lf,
            chunk[valueStart + 1] == UInt8(ascii: "f"), chunk[cr - 1] == ByteClass.quote
        else { return nil }
        let lineLength = cr - start
        var section = sectionBytes + lineLength + 2
        guard lineLength <= maxHeaderLineLength, lineLength <= 998, section <= maxHeaderBytes else { return nil }
        // The field name before the value is fixed and holds no `--`.
        if cr - valueStart >= dashBoundaryLength && Self.holdsDoubleDash(chunk, valueStart..<cr) { return nil }
        let value = UnsafeBufferPointer(start: (base + valueStart).assumingMemoryBound(to: UInt8.self), count: cr - valueStart)
        guard let disposition = CanonicalDisposition.matchField(value) ?? CanonicalDisposition.match(value) else { return nil }
        var next = cr + 2
        var contentType: ContentTypeLine? = nil
        if chunk[next] != ByteClass.cr {
            guard maxHeaderLines >= 2, let line = contentTypeLine(chunk, at: next) else { return nil }
            section += line.cr - next + 2
            guard section <= maxHeaderBytes else { return nil }
            contentType = ContentTypeLine(value: line.value, media: line.media)
            next = line.cr + 2
        }
        // The blank line.
        guard next + 1 < chunk.count, chunk[next] == ByteClass.cr, chunk[next + 1] == ByteClass.lf else { return nil }
        return CanonicalSection(cr: cr, valueStart: valueStart, disposition: disposition, contentType: contentType, end: next + 2)
    }

    /// The line at `start`, when it is `Content-Type: type/subtype` CRLF as ``canonicalSection(_:at:sectionBytes:)``
    /// takes it: where its value is, what it says, and the index of its CR.
    private func contentTypeLine(
        _ chunk: UnsafeRawBufferPointer, at start: Int
    ) -> (value: Range<Int>, media: PartMedia, cr: Int)? {
        let fieldName: StaticString = "Content-Type: "
        let nameLength = fieldName.utf8CodeUnitCount
        guard let base = chunk.baseAddress, chunk.count - start > nameLength, ByteClass.matches(base + start, fieldName)
        else { return nil }
        let valueStart = start + nameLength
        guard let hit = RawMemory.first(ByteClass.cr, in: base + valueStart, count: chunk.count - valueStart) else { return nil }
        let cr = UnsafeRawPointer(hit) - base
        let lineLength = cr - start
        guard cr > valueStart, cr + 1 < chunk.count, chunk[cr + 1] == ByteClass.lf, lineLength <= maxHeaderLineLength,
            lineLength <= 998
        else { return nil }
        let value = UnsafeBufferPointer(start: (base + valueStart).assumingMemoryBound(to: UInt8.self), count: cr - valueStart)
        // No whitespace around the type: one space after the colon is the only one the line reader lets pass.
        guard !ByteClass.isWhitespace(value[0]), !ByteClass.isWhitespace(value[value.count - 1]),
            let match = CanonicalMediaType.match(value)
        else { return nil }
        // The field name holds no `--`, and the space keeps one from spanning name and value.
        if value.count >= dashBoundaryLength && Self.holdsDoubleDash(chunk, valueStart..<cr) { return nil }
        let type = UnsafeRawBufferPointer(rebasing: chunk[(valueStart + match.type.lowerBound)..<(valueStart + match.type.upperBound)])
        let media = PartMedia(kind: PartMedia.Kind(type: type), isWellFormed: true, charsetIsUTF8: nil)
        return (valueStart..<cr, media, cr)
    }

    /// The part after the delimiter ending at `delimiterEnd`, when it is a ``PlainField`` whole in
    /// the chunk, the content and the next delimiter within ``plainContentWindow`` bytes.
    ///
    /// The content may be empty, but not begin with `-`: then the blank line's CRLF could be the next
    /// delimiter's, which the general path reads. Not the part one past the part limit (the body has
    /// `partCount` parts before it), and not named `_charset_`. With `checksUTF8`, the content is valid
    /// UTF-8.
    /// - Parameter base: The stream offset of the chunk's first byte.
    @inline(__always)
    func plainField(
        _ chunk: UnsafeRawBufferPointer, base: Int, delimiterEnd: Int, partCount: Int, checksUTF8: Bool,
        search: borrowing DelimiterSearch
    ) -> PlainField? {
        // The header line, as canonicalSection(_:at:sectionBytes:) takes it. Its checks are written
        // out here rather than shared: through one function, they cost this path more on every part
        // (the optimiser kept fewer values in registers).
        let start = delimiterEnd &+ 2
        let fieldName: StaticString = "Content-Disposition: "
        let nameLength = fieldName.utf8CodeUnitCount
        // The part one past the limit is reported (startPart(delimiterOffset:line:)).
        guard partCount != maxParts, let chunkBase = chunk.baseAddress, chunk.count &- start > nameLength,
            ByteClass.matches(chunkBase + start, fieldName)
        else { return nil }
        let valueStart = start &+ nameLength &- 1
        guard let hit = RawMemory.first(ByteClass.cr, in: chunkBase + valueStart, count: chunk.count &- valueStart) else { return nil }
        let cr = UnsafeRawPointer(hit) - chunkBase
        // CRLF CRLF, then a first content byte that cannot begin a delimiter.
        let contentStart = cr &+ 4
        guard contentStart < chunk.count, chunk[cr &+ 1] == ByteClass.lf, chunk[cr &+ 2] == ByteClass.cr,
            chunk[cr &+ 3] == ByteClass.lf, chunk[contentStart] != ByteClass.dash, chunk[cr &- 1] == ByteClass.quote
        else { return nil }
        let lineLength = cr &- start
        guard lineLength <= maxHeaderLineLength, lineLength <= 998, lineLength &+ 2 <= maxHeaderBytes else {
            return nil
        }
        let value = UnsafeBufferPointer(
            start: (chunkBase + valueStart).assumingMemoryBound(to: UInt8.self), count: cr &- valueStart)
        guard let canonical = CanonicalDisposition.matchField(value) else { return nil }
        let name = (valueStart &+ canonical.name.lowerBound)..<(valueStart &+ canonical.name.upperBound)
        if name.count == 9 && ByteClass.matches(chunkBase + name.lowerBound, "_charset_") { return nil }
        // `--boundary` in the header line is boundary-in-header's, which the line reader notes. The
        // line's fixed text holds no `--`, so one would begin in the name and end by its closing quote.
        if name.count &+ 1 >= dashBoundaryLength && Self.holdsDoubleDash(chunk, name) { return nil }
        // The content, up to a delimiter with its CR and its line's CRLF, within the window.
        let window = UnsafeRawBufferPointer(rebasing: chunk[..<min(chunk.count, contentStart &+ Self.plainContentWindow)])
        let found = search.search(in: window, from: contentStart)
        guard let lf = found.match, lf > contentStart, chunk[lf &- 1] == ByteClass.cr else { return nil }
        let nextEnd = lf &+ search.pattern.count
        guard nextEnd &+ 1 < chunk.count, chunk[nextEnd] == ByteClass.cr, chunk[nextEnd &+ 1] == ByteClass.lf else { return nil }
        let content = contentStart..<(lf &- 1)
        // `--boundary` inside the value is a finding (boundary-in-content), which the general path
        // reports: a value long enough to hold it and holding `--` is left to it.
        if content.count >= search.pattern.count &- 1 && Self.holdsDoubleDash(chunk, content) { return nil }
        if checksUTF8 {
            var check = UTF8Check()
            check.feed(chunk, content, offset: base &+ contentStart)
            check.finish()
            guard check.firstInvalid == nil else { return nil }
        }
        return PlainField(
            headerCR: cr, name: name, content: content,
            contentLineFeeds: (found.lineFeeds, found.lastLineFeed), nextDelimiterEnd: nextEnd)
    }

    /// Whether `chunk[range]` holds `--`: `memchr` from dash to dash.
    private static func holdsDoubleDash(_ chunk: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        guard let base = chunk.baseAddress else { return false }
        var index = range.lowerBound
        while index &+ 1 < range.upperBound,
            let hit = RawMemory.first(ByteClass.dash, in: base + index, count: range.upperBound &- 1 &- index)
        {
            let dash = UnsafeRawPointer(hit) - base
            if chunk[dash &+ 1] == ByteClass.dash { return true }
            index = dash &+ 1
        }
        return false
    }
}
