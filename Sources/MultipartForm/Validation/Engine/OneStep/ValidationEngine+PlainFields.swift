import MultipartFormSystem

extension ValidationEngine {
    /// Reads, one after another, the parts after the delimiter ending at `delimiterEnd` that the
    /// one-step reader recognises as plain text fields (``OneStepReader/plainField(_:base:delimiterEnd:partCount:checksUTF8:search:)``).
    /// Browsers send most fields like this.
    ///
    /// Such a part is read without the part state the byte readers keep (``PartState``): the reader
    /// has made every check of the part itself (none has anything to say but a repeated name), so
    /// what is left is what the body keeps of it, and that is applied with the transitions the
    /// general path applies it with: the delimiter line ends the part before it
    /// (``delimiterLineAfterContent(crOffset:)``, ``endPart(contentEnd:)``), the part is counted
    /// (``countPart(delimiterOffset:line:)``, as ``startPart(delimiterOffset:line:)`` counts one), its
    /// lines are passed (``Cursor``), its name is compared with the names before it
    /// (``noteRepeatedName(_:part:at:)``, as ``setPartName(borrowing:)`` compares one), and it takes
    /// its place in the report (``collectPart(index:headerRange:bodyRange:stored:)``, as
    /// ``endPart(contentEnd:)`` collects one). It is a shortcut past
    /// ``delimiterLineInOneStep(_:_:matched:region:)`` and the content scan, not a second reader: the
    /// recogniser decides on a part before anything changes, and any part it does not take is left
    /// to them. The validator's fuzz target compares every body whole (where this path is taken)
    /// with the same body fed in small chunks (where it is not) and with the shortcuts off, and the
    /// engine's snapshot compares every report.
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
        guard formData, reader.field.isEmpty, reader.headerLine.isEmpty, let recogniser = oneStep,
            !(hasPart && part.content.keepsCharsetValue)
        else {
            return (delimiterEnd, matched)
        }
        // Taken once: read through the optional framing in the loop, it was retained for every part.
        let search = self.search
        var end = delimiterEnd
        var delimiter = matched
        // The first field's delimiter line ends the part before the fields; each later one ends a
        // field read here, which left nothing to end (it took its place in the report when read).
        var endsPart = true
        while let plain = recogniser.plainField(
            chunk, base: base, delimiterEnd: end, partCount: shown.partCount, checksUTF8: shown.formCharsetIsUTF8, search: search)
        {
            // The delimiter line, and the part it opens: counted as startPart(delimiterOffset:line:)
            // counts one, the line's `--` on the line its LF ended (the recogniser took no part past
            // the limit).
            if endsPart {
                delimiterLineAfterContent(crOffset: delimiter.start)
                endsPart = false
            } else {
                passDelimiterLine(crOffset: delimiter.start)
            }
            let (index, collect) = countPart(delimiterOffset: delimiter.start &+ 2, line: lineFeeds)
            #if MULTIPART_ENGINE_OBSERVER
            observer.partsReadInOneStep &+= 1
            #endif
            // The header line and the blank line; the name compared as setPartName(borrowing:) compares one.
            let headerStart = position
            let line = lineFeeds &+ 1
            let firstLF = base &+ plain.headerCR &+ 1
            let blankLF = firstLF &+ 2
            cursor.passByte(ByteClass.lf, at: firstLF)
            cursor.passByte(ByteClass.lf, at: blankLF)
            let bodyStart = blankLF &+ 1
            let name = UnsafeRawBufferPointer(rebasing: chunk[plain.name])
            noteRepeatedName(name, part: index, at: Located(offset: headerStart, line: line, column: 1))
            // The content, and the part's place in the report as endPart(contentEnd:) gives it.
            cursor.pass(counted: plain.contentLineFeeds, plain.content, offset: base &+ plain.content.lowerBound)
            position = base &+ plain.nextDelimiterEnd
            if collect {
                collectPart(
                    index: index, headerRange: headerStart..<bodyStart, bodyRange: bodyStart..<(base &+ plain.content.upperBound),
                    stored: DecodedPart.stored(nameBytes: name, filename: nil, contentType: nil, keeping: options.maxCollectedValueBytes))
            }
            end = plain.nextDelimiterEnd
            delimiter = DelimiterCarry(
                carriageReturn: true, matched: search.pattern.count, virtual: false, start: base &+ plain.content.upperBound)
        }
        return (end, delimiter)
    }
}
