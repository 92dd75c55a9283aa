import MultipartFormSystem

extension ValidationEngine {
    /// Reads, one after another, the parts after the delimiter ending at `delimiterEnd` that the
    /// one-step reader recognises as plain text fields (``OneStepReader/plainField(_:base:delimiterEnd:partCount:checksUTF8:search:)``).
    /// Browsers send most fields like this.
    ///
    /// Such a part is read without the part state the byte readers keep (``PartState``): what the
    /// engine would keep of it afterwards is written directly, in the order the general path writes
    /// it. That is the end of the part before it (``endPart(contentEnd:)``), the counts and positions,
    /// a repeated name's finding, and the part in the report. It is a shortcut past
    /// ``delimiterLineInOneStep(_:_:matched:region:)`` and the content scan, not a second reader: the
    /// reader decides on a part before anything changes, and any part it does not take is left to
    /// them. The validator's fuzz target compares every body whole (where this path is taken) with the
    /// same body fed in small chunks (where it is not), and the engine's snapshot compares every report.
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
        guard formData, field.isEmpty, headerLine.isEmpty, let reader = oneStep, !(hasPart && part.content.keepsCharsetValue)
        else {
            return (delimiterEnd, matched)
        }
        var end = delimiterEnd
        var delimiter = matched
        while let plain = reader.plainField(
            chunk, base: base, delimiterEnd: end, partCount: partCount, checksUTF8: formCharsetIsUTF8, search: search)
        {
            readPlainField(plain, chunk, base: base, delimiterCR: delimiter.start)
            end = plain.nextDelimiterEnd
            delimiter = DelimiterCarry(
                carriageReturn: true, matched: search.pattern.count, virtual: false, start: base + plain.content.upperBound)
        }
        return (end, delimiter)
    }

    /// Reads `plain` as the general path would: its delimiter line (the CR at stream offset
    /// `delimiterCR`), which ends the part before it; its header line and blank line; its content;
    /// and its place in the report.
    @inline(__always)
    private mutating func readPlainField(_ plain: OneStepReader.PlainField, _ chunk: UnsafeRawBufferPointer, base: Int, delimiterCR: Int) {
        // The delimiter line, as nextPartInOneStep(delimiterAt:) reads it.
        delimiterLineAfterContent(crOffset: delimiterCR)
        // The part, as startPart(delimiterOffset:line:) begins it (not the one past the limit, checked).
        partCount &+= 1
        partsReadInOneStep &+= 1
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
