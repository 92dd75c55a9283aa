extension ValidationEngine {
    /// Reads, in one step, the header section that starts at `start` when the one-step reader
    /// recognises it (``OneStepReader/canonicalSection(_:at:sectionBytes:)``): the section browsers
    /// and careful encoders write for a text field or a file.
    ///
    /// It is a shortcut past ``headerBytes(_:_:reading:)``, taken right after a delimiter line read
    /// in one step (``delimiterLineInOneStep(_:_:matched:region:)``) and before any of the section
    /// is read, not a second reader: the reader takes only sections on which the line reader reports
    /// nothing, and what it recognised is recorded with the transitions the line reader's field
    /// readers use (``beginDisposition(at:)``, ``setPartName(borrowing:)``,
    /// ``setPartFilename(borrowing:attribute:)``, ``setPartContentType(_:at:_:)-(UnsafeRawBufferPointer,_,_)``), then
    /// the section ends with ``endHeaders(lfOffset:carry:)``, which makes the part-level checks. So the
    /// engine is left as the line reader would leave it, with the same findings in the same order.
    /// Anything else returns `nil` with nothing consumed.
    ///
    /// - Returns: The index in `chunk` after the blank line, or `nil`.
    mutating func canonicalHeaderSection(_ chunk: UnsafeRawBufferPointer, _ start: Int) -> Int? {
        guard formData, hasPart, case .headers(let reading) = phase, reading.lineCount == 0,
            !reading.skipping, reader.field.isEmpty, reader.headerLine.isEmpty, reading.lineStart == position,
            let section = oneStep?.canonicalSection(chunk, at: start, sectionBytes: reading.sectionBytes)
        else { return nil }
        let base = position - start
        let cr = section.cr
        let valueStart = section.valueStart
        let canonical = section.disposition

        // The Content-Disposition line. The section ends at the blank line after its lines, so the
        // phase's count of lines and bytes, which only the section's later lines would read, is left
        // as it is.
        let lineOffset = position
        let number = lineFeeds + 1
        beginDisposition(at: Located(offset: lineOffset, line: number, column: 1))
        setPartName(borrowing: UnsafeRawBufferPointer(rebasing: chunk[(valueStart + canonical.name.lowerBound)..<(valueStart + canonical.name.upperBound)]))
        if let filename = canonical.filename {
            let attributeColumn = valueStart - start + canonical.filenameAttribute + 1
            setPartFilename(
                borrowing: UnsafeRawBufferPointer(rebasing: chunk[(valueStart + filename.lowerBound)..<(valueStart + filename.upperBound)]),
                attribute: Located(offset: lineOffset + attributeColumn - 1, line: number, column: attributeColumn))
        }
        cursor.passByte(ByteClass.lf, at: base + cr + 1)
        // The Content-Type line.
        if let contentType = section.contentType {
            let typeLineOffset = base + cr + 2
            setPartContentType(
                UnsafeRawBufferPointer(rebasing: chunk[contentType.value]),
                at: Located(offset: typeLineOffset, line: number + 1, column: 1), contentType.media)
            cursor.passByte(ByteClass.lf, at: base + contentType.value.upperBound + 1)
        }
        // The blank line.
        let blankLF = base + section.end - 1
        position = blankLF + 1
        // The content can only begin a delimiter (a part without content) with '-'; any other first
        // byte ends the carry endHeaders(lfOffset:carry:) would otherwise hold, as scan(_:_:region:carry:) would end it.
        let contentFollows = section.end < chunk.count && chunk[section.end] != ByteClass.dash
        endHeaders(lfOffset: blankLF, carry: contentFollows ? DelimiterCarry() : .virtualLineFeed(at: blankLF))
        cursor.passByte(ByteClass.lf, at: blankLF)
        return section.end
    }
}
