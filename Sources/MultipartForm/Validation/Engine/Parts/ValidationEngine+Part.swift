extension ValidationEngine {
    /// A delimiter line whose `--` is at `delimiterOffset`, on line `line`, opens a part: it is
    /// counted (``countPart(delimiterOffset:line:)``) and becomes the part being read.
    mutating func startPart(delimiterOffset: Int, line: Int) {
        let (index, collect) = countPart(delimiterOffset: delimiterOffset, line: line)
        reader.part = PartState(index: index, collect: collect)
        reader.field.clear()
    }

    /// Counts a part whose delimiter's `--` is at `delimiterOffset`, on line `line`, and reports the
    /// first one past the limit. Returns its index, and whether the report lists it.
    @inline(__always)
    mutating func countPart(delimiterOffset: Int, line: Int) -> (index: Int, collect: Bool) {
        shown.partCount &+= 1
        let index = shown.partCount &- 1
        if shown.partCount == options.maxParts &+ 1 {
            note(.tooManyParts(limit: options.maxParts), at: Located(offset: delimiterOffset, line: line, column: 1), part: index)
        }
        return (index, collecting && shown.partCount <= options.maxParts)
    }

    // MARK: End of headers

    /// The blank line whose LF is at `lfOffset` (not yet passed) ends the header section: the last
    /// field is interpreted, the part-level checks made, and the content begins, its search for the
    /// delimiter starting with `carry` (by default, the blank line's LF, after which a delimiter may begin).
    mutating func endHeaders(lfOffset: Int, carry: DelimiterCarry? = nil) {
        flushField()
        finishHeaders(end: lfOffset + 1)
        startContent(lfOffset: lfOffset, carry: carry ?? .virtualLineFeed(at: lfOffset))
    }

    /// The part's content begins after the blank line whose LF is at `lfOffset` (not yet passed);
    /// the search for the delimiter that ends it starts with `carry`.
    @inline(__always)
    mutating func startContent(lfOffset: Int, carry: DelimiterCarry) {
        part.bodyStart = lfOffset + 1
        part.bodyLocation = Located(offset: lfOffset + 1, line: lineFeeds + 2, column: 1)
        part.hasBodySection = true
        part.content.endLine = lineFeeds + 1
        part.content.endLineStart = lfOffset + 1
        scanRegion(.body, carry: carry)
    }

    /// Part-level checks once the header section is complete (or cut short).
    ///
    /// Reads the part state in place: copying it would copy every buffer reference it holds.
    mutating func finishHeaders(end: Int) {
        guard hasPart, !part.headersDone else { return }
        part.headersDone = true
        part.headerEnd = end
        part.bodyStart = end
        let index = part.index
        let media = part.headers.media
        let isMultipart = media?.kind == .multipart
        if part.headers.hasTransferEncoding, isMultipart,
            !["7bit", "8bit", "binary"].contains(String(decoding: reader.bytes.transferEncoding.bytes.map(ByteClass.lowercased), as: UTF8.self)),
            let place = part.headers.transferEncodingValue
        {
            note(.transferEncodingOnMultipart(reader.bytes.transferEncoding.copied()), at: place, part: index)
        }
        prepareTransferCheck(isMultipart: isMultipart)
        guard formData else { return }
        let unread = part.sectionCut
        if !part.headers.sawDisposition && !unread {
            note(.dispositionMissing, at: part.headerLocation, part: index)
        }
        let isFile = part.headers.hasFilename
        if isFile, media == nil, !unread, let place = part.headers.filenameParameter {
            note(.fileWithoutType, at: place, part: index)
        }
        if !isFile, let media, let place = part.headers.contentTypeName, !isMultipart {
            let type = reader.bytes.contentType.copied()
            note(.fieldWithType(type), at: place, part: index)
            if media.kind != .text && media.isWellFormed && !unread, let cd = part.headers.dispositionName {
                note(.typeWithoutFilename(type), at: cd, part: index)
            }
        }
        let isText = !isFile && (media.map { $0.kind == .text } ?? true)
        if isText {
            var checkUTF8 = shown.formCharsetIsUTF8
            if let isUTF8 = media?.charsetIsUTF8 { checkUTF8 = isUTF8 }
            prepareTextChecks(checkUTF8: checkUTF8)
        }
    }

    /// Sets up the checks of a text value's content: UTF-8 when `checkUTF8`, and keeping the
    /// value's first bytes when the part is the `_charset_` field.
    @inline(__always)
    mutating func prepareTextChecks(checkUTF8: Bool) {
        if checkUTF8 { part.content.utf8 = UTF8Check() }
        if part.headers.hasName && reader.bytes.name.holds("_charset_") {
            reader.bytes.charsetValue.removeAll()
            part.content.keepsCharsetValue = true
        }
    }

    /// Hands content bytes of the current part to the checks that read content.
    ///
    /// `lineFeeds` and `lineStart` describe the line `offset` is on; they default to the engine's
    /// current line, which is right unless the bytes were held while later bytes were passed.
    ///
    /// Always inlined, as is the general version below: content comes in runs as short as a byte, and
    /// a call for each run shows in the time of a body fed a byte at a time (the optimiser, left to
    /// choose, made the general version a call once the part became an optional).
    @inline(__always)
    mutating func feedPart(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int) {
        feedPart(bytes, range, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart)
    }

    /// Hands content bytes of the current part to the checks that read content, with the line `offset` is on.
    @inline(__always)
    mutating func feedPart(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, lineFeeds: Int, lineStart: Int
    ) {
        // The part is checked for once; its content checks are then read in place, field by field
        // (`unsafelyUnwrapped`), since checking the optional for each, or copying the checks out of
        // it whole, is paid for every run of content bytes: for every byte of a body fed a byte at a time.
        guard !range.isEmpty, hasPart else { return }
        let checks = reader.part.unsafelyUnwrapped.content
        // The checks below read the same bytes one after the other; what they find is noted in the
        // order of the body, as it would be had the bytes come in smaller chunks, so that the
        // findings kept under the diagnostics limit do not depend on where chunks end.
        var found: [ContentFinding] = []
        if !checks.utf8Reported && checks.utf8 != nil {
            part.content.utf8?.feed(bytes, range, offset: offset)
            if let invalid = part.content.utf8?.firstInvalid {
                part.content.utf8Reported = true
                found.append(.invalidValue(invalid))
            }
        }
        if checks.looksForBoundaryText,
            let boundaryText = findBoundaryText(
                bytes, range, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart,
                searched: checks.boundaryTextSearched, state: checks.boundaryTextState, prefixLineDash: checks.prefixLineDash)
        {
            found.append(boundaryText)
        }
        if checks.checksTransferEncoding {
            checkTransferContent(bytes, range, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart, into: &found)
        }
        if !found.isEmpty {
            noteInOrder(found, in: bytes, range, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart)
        }
        if checks.keepsCharsetValue && reader.bytes.charsetValue.count < 64 {
            reader.bytes.charsetValue.append(UnsafeRawBufferPointer(rebasing: bytes[range].prefix(64 - reader.bytes.charsetValue.count)))
        }
        if checks.hasNested { Self.feed(&reader.nested, UnsafeRawBufferPointer(rebasing: bytes[range])) }
    }

    /// Hands the current part's content to its nested body's validation.
    ///
    /// Out of line, so that the call cycle it closes (the nested engine scans, and its scan reaches
    /// here) does not keep the optimiser from inlining this engine's content handling into its scan;
    /// and static, given only the reader's nested body, so that callers need not assume the rest of the engine
    /// changed (reading held bytes back then cost a retain and a release each time).
    @inline(never)
    private static func feed(_ nested: inout NestedBody?, _ bytes: UnsafeRawBufferPointer) {
        nested?.consume(bytes)
    }

    /// Notes what the content checks found in one run of content, in the order of the body.
    ///
    /// Out of line: something is found at most a few times a part.
    @inline(never)
    private mutating func noteInOrder(
        _ found: [ContentFinding], in bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, lineFeeds: Int,
        lineStart: Int
    ) {
        for finding in found.sorted(by: { $0.offset < $1.offset }) {
            switch finding {
            case .invalidValue(let invalid):
                noteInvalidValue(at: invalid, in: bytes, range, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart)
            case .boundaryText(let place):
                note(.boundaryInContent, at: place.offset, line: place.line, column: place.column)
            case .transferFault(let fault, let place):
                noteTransferFault(fault, at: place)
            case .transferStyle(let departure, let place):
                note(.encodedContentStyle(departure, reader.transferCheck.encoding), at: place, part: part.index)
            }
        }
    }

    /// Notes that the text value's bytes stop being UTF-8 at offset `invalid`, found while reading
    /// `bytes[range]` (at stream offset `offset`, on the line `lineFeeds` and `lineStart` describe).
    ///
    /// Out of line: it runs once a part at most, and ``feedPart(_:_:offset:lineFeeds:lineStart:)`` runs
    /// for every run of content bytes, which its code would slow if inline.
    @inline(never)
    private mutating func noteInvalidValue(
        at invalid: Int, in bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, lineFeeds: Int, lineStart: Int
    ) {
        // The sequence may have started in earlier content; it holds no LF, so it is on the current line.
        let local = range.lowerBound + max(0, invalid - offset)
        let before = LineCounter.count(in: bytes, range.lowerBound..<local)
        let line = lineFeeds + before.count + 1
        let start = before.lastLF.map { offset + ($0 - range.lowerBound) + 1 } ?? lineStart
        note(.valueNotUTF8(name: partName ?? []), at: Located(offset: invalid, line: line, column: invalid - start + 1), part: part.index)
    }

    /// Records where the part's content currently ends, after its bytes were passed.
    mutating func noteContentEnd() {
        let line = cursor.lineFeeds + 1, start = cursor.lineStart
        reader.part?.content.endsOnLine(line, startingAt: start)
    }

    /// Ends the current part: its content stops at `contentEnd`.
    ///
    /// Reads the part state in place and drops it at the end: copying it would copy every buffer reference it holds.
    mutating func endPart(contentEnd: Int) {
        guard hasPart else { return }
        // A part whose headers never ended has no body section (already reported), so no value to check:
        // no `_charset_` value and no nested body, whose findings would point at a body that is not there.
        let hasBodySection = part.hasBodySection
        if !part.headersDone { finishHeaders(end: contentEnd) }
        let index = part.index
        let bodyStart = min(part.bodyStart, contentEnd)
        if !part.content.utf8Reported && part.content.utf8 != nil {
            part.content.utf8?.finish()
            if let invalid = part.content.utf8?.firstInvalid {
                let place = Located(offset: invalid, line: part.content.endLine, column: invalid - part.content.endLineStart + 1)
                note(.valueEndsInsideUTF8(name: partName ?? []), at: place, part: index)
            }
        }
        if hasBodySection && part.content.checksTransferEncoding { finishTransferCheck(contentEnd: contentEnd) }
        let bodyLocation = part.bodyLocation
        if hasBodySection && formData && part.headers.hasFilename && contentEnd > bodyStart && reader.bytes.filename.holds("") {
            note(.contentUnderEmptyFilename(byteCount: contentEnd - bodyStart), at: bodyLocation, part: index)
        }
        if hasBodySection && part.content.keepsCharsetValue {
            let value = reader.bytes.charsetValue.copied()
            if Charsets.isKnown(value) {
                shown.formCharsetIsUTF8 = Charsets.isUTF8(value)
                if !shown.formCharsetIsUTF8 {
                    note(.charsetFieldNotUTF8(value), at: bodyLocation, part: index)
                }
            } else {
                shown.formCharsetIsUTF8 = false
                note(.charsetFieldUnknown(value), at: bodyLocation, part: index)
            }
        }
        if part.content.hasNested {
            // Dropped with the part, whether or not it had a body section to report on.
            var body = reader.nested.take()
            if hasBodySection, let report = body?.finish() {
                let nestedStart = part.bodyStart
                for diagnostic in report.diagnostics {
                    let line = bodyLocation.line + diagnostic.line - 1
                    let column = diagnostic.line == 1 ? bodyLocation.column + diagnostic.column - 1 : diagnostic.column
                    collector.add(
                        Diagnostic(
                            rule: diagnostic.rule, severity: diagnostic.severity, origin: .body,
                            offset: nestedStart + diagnostic.offset, line: line, column: column, partIndex: index,
                            message: "in the nested body: " + diagnostic.message, fixHint: diagnostic.fixHint))
                }
            }
        }
        if part.collect { collectPart(bodyStart: bodyStart, contentEnd: contentEnd) }
        reader.part = nil
    }

    /// Adds the current part, its content from `bodyStart` to `contentEnd`, to the parts the report lists.
    private mutating func collectPart(bodyStart: Int, contentEnd: Int) {
        let headerStart = part.headerStart
        collectPart(
            index: part.index, headerRange: headerStart..<max(headerStart, part.headerEnd),
            bodyRange: bodyStart..<max(bodyStart, contentEnd), stored: partStoredValues)
    }

    /// Adds part `index` to the parts the report lists: where its headers and content are, and its
    /// values as a report's part stores them.
    @inline(__always)
    mutating func collectPart(
        index: Int, headerRange: Range<Int>, bodyRange: Range<Int>, stored: consuming (DecodedPart.InlineName, DecodedPart.Extras?)
    ) {
        shown.collect(index: index, headerRange: headerRange, bodyRange: bodyRange, inlineName: stored.0, extras: stored.1)
    }
}
