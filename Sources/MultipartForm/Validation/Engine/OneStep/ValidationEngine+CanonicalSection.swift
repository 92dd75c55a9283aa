import MultipartFormSystem

extension ValidationEngine {
    /// Reads, in one step, the header section that starts at `start` when the one-step reader
    /// recognises it (``OneStepReader/canonicalSection(_:at:sectionBytes:)``): the section browsers
    /// and careful encoders write for a text field or a file sent without a type.
    ///
    /// It is a shortcut past ``headerBytes(_:_:reading:)``, taken right after a delimiter line read
    /// in one step (``delimiterLineInOneStep(_:_:matched:region:)``) and before any of the section
    /// is read, not a second reader: the reader takes only sections on which the line reader reports
    /// nothing, and this leaves the engine as the line reader would, with the same findings in the
    /// same order (a repeated name, then the part-level checks of ``endHeaders(lfOffset:)``).
    /// Anything else returns `nil` with nothing consumed. The validator's fuzz target compares every
    /// body whole (where this path is taken) with the same body fed in small chunks (where it is not).
    ///
    /// - Returns: The index in `chunk` after the blank line, or `nil`.
    mutating func canonicalHeaderSection(_ chunk: UnsafeRawBufferPointer, _ start: Int) -> Int? {
        guard formData, hasPart, case .headers(let reading) = phase, reading.lineCount == 0,
            !reading.skipping, field.isEmpty, headerLine.isEmpty, reading.lineStart == position,
            let section = oneStep?.canonicalSection(chunk, at: start, sectionBytes: reading.sectionBytes)
        else { return nil }
        let cr = section.cr
        let valueStart = section.valueStart
        let canonical = section.disposition
        let lineLength = cr - start

        // The field's line. The section ends at the blank line after it, so the phase's count of
        // lines and bytes, which only the section's later lines would read, is left as it is.
        let lineOffset = position
        let number = lineFeeds + 1
        let firstLF = lineOffset + lineLength + 1
        let attributeColumn = valueStart - start + canonical.filenameAttribute + 1
        recordDisposition(
            canonical, in: UnsafeRawBufferPointer(rebasing: chunk[valueStart..<cr]),
            fieldName: Located(offset: lineOffset, line: number, column: 1),
            filenameAttribute: Located(offset: lineOffset + attributeColumn - 1, line: number, column: attributeColumn),
            inChunk: true)
        passByte(ByteClass.lf, at: firstLF)
        // The blank line.
        let blankLF = firstLF + 2
        position = blankLF + 1
        // The content can only begin a delimiter (a part without content) with '-'; any other first
        // byte ends the carry endHeaders(lfOffset:) would set, as scan(_:_:region:carry:) would end it.
        let contentFollows = cr + 4 < chunk.count && chunk[cr + 4] != ByteClass.dash
        endCanonicalHeaders(lfOffset: blankLF, contentFollows: contentFollows)
        passByte(ByteClass.lf, at: blankLF)
        return cr + 4
    }

    /// What ``endHeaders(lfOffset:)`` does at the blank line of a section that
    /// ``canonicalHeaderSection(_:_:)`` read, knowing what that section holds: one Content-Disposition
    /// field, already interpreted, and no Content-Type or Content-Transfer-Encoding field. So of
    /// ``finishHeaders(end:)``'s checks only two can apply: a file without a type, or a text value's
    /// UTF-8 check and `_charset_`. The findings and the state it leaves are the same.
    ///
    /// - Parameter contentFollows: Whether a content byte that cannot begin a delimiter follows the
    ///   blank line in the chunk; then no carry is held for it.
    @inline(__always)
    private mutating func endCanonicalHeaders(lfOffset: Int, contentFollows: Bool) {
        part.headersDone = true
        part.headerEnd = lfOffset + 1
        if part.headers.hasFilename {
            if let place = part.headers.filenameParameter { note(.fileWithoutType, at: place, part: part.index) }
        } else {
            prepareTextChecks(checkUTF8: formCharsetIsUTF8)
        }
        startContent(lfOffset: lfOffset, carry: contentFollows ? DelimiterCarry() : .virtualLineFeed(at: lfOffset))
    }
}
