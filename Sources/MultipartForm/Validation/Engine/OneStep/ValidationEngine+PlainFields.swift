import MultipartFormSystem

extension ValidationEngine {
    /// A text field whose whole life lies in the chunk and on which no check has anything to say:
    /// where ``readPlainFields(_:base:delimiterEnd:matched:)`` found it (indices in the chunk).
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
    /// ``readPlainFields(_:base:delimiterEnd:matched:)`` to take the part. The content is searched
    /// before the part is taken, and a part not taken is searched again by the general path: the
    /// window bounds that waste, for a long value, to one search of 4 KiB.
    static let plainContentWindow = 4096

    /// Reads, one after another, the parts that follow the delimiter ending at `delimiterEnd` and are
    /// plain text fields whole in the chunk: a delimiter line `--boundary` CRLF, the header section
    /// ``canonicalHeaderSection(_:_:)`` takes with a name and no filename, and content in which no
    /// check finds anything (valid UTF-8 when the form's charset asks for it), up to the next delimiter
    /// (its own CR, and its line's CRLF), the content and that delimiter within ``plainContentWindow``
    /// bytes. The content may be empty, but not begin with `-`: then the blank line's CRLF could be the
    /// next delimiter's, which the general path reads. Not the part one past the part limit, and not
    /// named `_charset_`. Browsers send most fields like this.
    ///
    /// Such a part is read without the part state the byte readers keep (``PartState``): what the
    /// engine would keep of it afterwards is written directly, in the order the general path writes
    /// it. That is the end of the part before it (``endPart(contentEnd:)``), the counts and positions,
    /// a repeated name's finding, and the part in the report. It is a shortcut past
    /// ``delimiterLineInOneStep(_:_:matched:region:)`` and the content scan, not a second reader: it
    /// decides on a part before it changes anything, and any part it does not take is left to them.
    /// The validator's fuzz target compares every body whole (where this path is taken) with the same
    /// body fed in small chunks (where it is not), and the engine's snapshot compares every report.
    ///
    /// - Parameters:
    ///   - base: The stream offset of the chunk's first byte.
    ///   - delimiterEnd: The index after a delimiter's boundary in the body (not the epilogue), with its
    ///     line's CRLF next and its own CR before its LF, whose content before it has been passed.
    ///   - matched: That delimiter.
    /// - Returns: The delimiter after the last part read here, in the same state: the general path
    ///   goes on from it.
    @inline(never)
    mutating func readPlainFields(
        _ chunk: UnsafeRawBufferPointer, base: Int, delimiterEnd: Int, matched: DelimiterCarry
    ) -> (delimiterEnd: Int, matched: DelimiterCarry) {
        // A `_charset_` field ending here may change whether the next fields' values are checked as UTF-8.
        guard formData, field.isEmpty, headerLine.isEmpty, options.maxHeaderLines >= 1,
            !(hasPart && part.keepsCharsetValue)
        else {
            return (delimiterEnd, matched)
        }
        var end = delimiterEnd
        var delimiter = matched
        while let plain = plainField(chunk, base: base, delimiterEnd: end) {
            readPlainField(plain, chunk, base: base, delimiterCR: delimiter.start)
            end = plain.nextDelimiterEnd
            delimiter = DelimiterCarry(
                carriageReturn: true, matched: search.pattern.count, virtual: false, start: base + plain.content.upperBound)
        }
        return (end, delimiter)
    }

    /// The plain text field after the delimiter ending at `delimiterEnd`, or `nil` when the part is
    /// anything else or not whole in the chunk. Changes nothing.
    @inline(__always)
    private func plainField(_ chunk: UnsafeRawBufferPointer, base: Int, delimiterEnd: Int) -> PlainField? {
        // The header line, as canonicalHeaderSection(_:_:) takes it. Its checks are written out here
        // rather than shared: through one function with that reader, they cost this path more on
        // every part (the optimiser kept fewer values in registers).
        let start = delimiterEnd &+ 2
        let fieldName: StaticString = "Content-Disposition: "
        let nameLength = fieldName.utf8CodeUnitCount
        // The part one past the limit is reported (startPart(delimiterOffset:line:)).
        guard partCount != options.maxParts, let chunkBase = chunk.baseAddress, chunk.count &- start > nameLength,
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
        guard lineLength <= options.maxHeaderLineLength, lineLength <= 998, lineLength &+ 2 <= options.maxHeaderBytes else {
            return nil
        }
        let value = UnsafeBufferPointer(
            start: (chunkBase + valueStart).assumingMemoryBound(to: UInt8.self), count: cr &- valueStart)
        guard let canonical = CanonicalDisposition.matchField(value) else { return nil }
        let name = (valueStart &+ canonical.name.lowerBound)..<(valueStart &+ canonical.name.upperBound)
        if name.count == 9 && ByteClass.matches(chunkBase + name.lowerBound, "_charset_") { return nil }
        // `--boundary` in the header line is boundary-in-header's, which the line reader notes. The
        // line's fixed text holds no `--`, so one would begin in the name and end by its closing quote.
        if name.count &+ 1 >= dashBoundary.count && Self.holdsDoubleDash(chunk, name) { return nil }
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
        if formCharsetIsUTF8 {
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

    /// Reads `plain` as the general path would: its delimiter line (the CR at stream offset
    /// `delimiterCR`), which ends the part before it; its header line and blank line; its content;
    /// and its place in the report.
    @inline(__always)
    private mutating func readPlainField(_ plain: PlainField, _ chunk: UnsafeRawBufferPointer, base: Int, delimiterCR: Int) {
        // The delimiter line, as nextPartInOneStep(delimiterAt:) reads it.
        delimiterLineAfterContent(crOffset: delimiterCR)
        // The part, as startPart(delimiterOffset:line:) begins it (not the one past the limit, checked).
        partCount &+= 1
        #if DEBUG
        plainFieldCount &+= 1
        #endif
        let index = partCount &- 1
        // The header line and the blank line.
        let headerStart = position
        let line = lineFeeds &+ 1
        let firstLF = base &+ plain.headerCR &+ 1
        let blankLF = firstLF &+ 2
        passByte(ByteClass.lf, at: firstLF)
        passByte(ByteClass.lf, at: blankLF)
        let bodyStart = blankLF &+ 1
        noteRepeatedName(
            UnsafeRawBufferPointer(rebasing: chunk[plain.name]), part: index,
            at: Located(offset: headerStart, line: line, column: 1))
        // The content.
        pass(counted: plain.contentLineFeeds, plain.content, offset: base &+ plain.content.lowerBound)
        position = base &+ plain.nextDelimiterEnd
        if collecting && partCount <= options.maxParts {
            let contentEnd = base &+ plain.content.upperBound
            let (inlineName, extras) = DecodedPart.stored(
                nameBytes: UnsafeRawBufferPointer(rebasing: chunk[plain.name]), filename: nil, contentType: nil)
            parts.append(
                DecodedPart(
                    index: index, headerRange: headerStart..<bodyStart, bodyRange: bodyStart..<contentEnd,
                    inlineName: inlineName, extras: extras))
        }
    }
}
