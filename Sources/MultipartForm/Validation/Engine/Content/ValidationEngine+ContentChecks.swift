extension ValidationEngine {
    // MARK: The boundary's text inside content

    /// How many of each part's first content bytes are searched for `--boundary`.
    ///
    /// An exact search costs about as much as the rest of reading binary content (it must look at a
    /// pair of bytes in every `L - 1`, where the rest is `memchr` for line feeds), so it is bounded:
    /// a part whose content holds the boundary does so because it was sent with a short or fixed
    /// boundary, and such content (a captured body uploaded again, a text quoting a request) is seldom
    /// large. The bound is past most uploads, and makes the cost on a large file negligible.
    static let boundaryTextWindow = 16 << 20

    /// Searches a run of the current part's content, `bytes[range]` at stream offset `offset`, for
    /// `--boundary` in the middle of a line, and returns the first occurrence (`boundary-in-content`)
    /// in the content's first ``boundaryTextWindow`` bytes, for the caller to note.
    ///
    /// Every other occurrence in a part's content is at a line start: the line of a
    /// `boundary-prefix-line` (its dashes at ``PartState/Content/prefixLineDash``), which the search passes
    /// over. A delimiter is never content, so it is never searched.
    ///
    /// Out of line: it runs once for every run of content bytes, and inlined into
    /// ``feedPart(_:_:offset:lineFeeds:lineStart:)`` it would grow every caller.
    /// `searched`, `state` and `prefixLineDash` are the part's ``PartState/Content`` fields of those
    /// names as the caller read them: three integers in registers rather than the whole checks.
    @inline(never)
    mutating func findBoundaryText(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, lineFeeds: Int, lineStart: Int,
        searched: Int, state: DashBoundarySearch<PairSampling>.State, prefixLineDash: Int
    ) -> ContentFinding? {
        if case .none = framing!.boundaryText { _ = boundaryTextSearch() }
        // Only the window's bytes: where it ends is an offset in the content, so any chunking agrees.
        let taken = min(range.count, Self.boundaryTextWindow &- searched)
        let run = UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound..<(range.lowerBound &+ taken)])
        var state = state
        // The search is borrowed where the framing keeps it: a copy for each run of content retained
        // and released each of its tables.
        if let start = Self.firstBoundaryText(framing!.boundaryText!, in: run, offset: offset, state: &state, passing: prefixLineDash) {
            part.content.boundaryTextSearched &+= taken
            part.content.looksForBoundaryText = false
            return .boundaryText(contentLocation(of: start, in: run, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart))
        }
        reader.part?.content.searchedForBoundaryText(taken, state: state, window: Self.boundaryTextWindow)
        return nil
    }

    /// The stream offset of the first `--boundary` in `run` (at stream offset `offset`, following the
    /// bytes `state` describes) that does not start at `passing`, or `nil` when there is none.
    private static func firstBoundaryText(
        _ search: borrowing DashBoundarySearch<PairSampling>, in run: UnsafeRawBufferPointer, offset: Int,
        state: inout DashBoundarySearch<PairSampling>.State, passing prefixLineDash: Int
    ) -> Int? {
        var from = 0
        while let end = search.next(in: run, from: from, state: &state) {
            let start = offset &+ end &- search.pattern.count
            if start != prefixLineDash { return start }
            from = end
        }
        return nil
    }

    /// The search for `--boundary` inside content and header lines, made the first time it is
    /// needed. Both are only read once a boundary frames the body.
    mutating func boundaryTextSearch() -> DashBoundarySearch<PairSampling> {
        if let search = framing!.boundaryText { return search }
        let search = DashBoundarySearch<PairSampling>(boundary: framing!.boundary)
        framing!.boundaryText = search
        return search
    }

    /// The line and column of stream offset `target`, found while reading `run` (whose first byte is
    /// at stream offset `offset`, on the line `lineFeeds` and `lineStart` describe). `target` lies in
    /// the run, or before it with no line feed between them.
    func contentLocation(of target: Int, in run: UnsafeRawBufferPointer, offset: Int, lineFeeds: Int, lineStart: Int) -> Located {
        guard target > offset else { return Located(offset: target, line: lineFeeds &+ 1, column: target &- lineStart &+ 1) }
        let before = LineCounter.count(in: run, 0..<min(run.count, target &- offset))
        let start = before.lastLF.map { offset &+ $0 &+ 1 } ?? lineStart
        return Located(offset: target, line: lineFeeds &+ before.count &+ 1, column: target &- start &+ 1)
    }

    // MARK: Transfer-encoded content

    /// Sets up the check of the part's content against its Content-Transfer-Encoding, when that is
    /// base64 or quoted-printable and the part is not itself multipart (which only 7bit, 8bit and
    /// binary may label, reported on its own).
    mutating func prepareTransferCheck(isMultipart: Bool) {
        guard part.headers.hasTransferEncoding, !isMultipart,
            let encoding = TransferContentCheck.Encoding(mechanism: reader.bytes.transferEncoding.bytes)
        else { return }
        reader.transferCheck = TransferContentCheck(encoding)
        part.content.checksTransferEncoding = true
    }

    /// Reads a run of the current part's content into its transfer-encoding check and adds what it
    /// finds first to `found`, for the caller to note (see
    /// ``findBoundaryText(_:_:offset:lineFeeds:lineStart:)`` for the arguments).
    @inline(never)
    mutating func checkTransferContent(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, lineFeeds: Int, lineStart: Int,
        into found: inout [ContentFinding]
    ) {
        guard !reader.transferCheck.isDone else { return }
        let hadFault = reader.transferCheck.fault != nil
        let hadDeparture = reader.transferCheck.departure != nil
        reader.transferCheck.feed(bytes, range, offset: offset)
        let run = UnsafeRawBufferPointer(rebasing: bytes[range])
        // A fault found in this run lies in it, or before it on the same line: a line break either
        // ends what was pending or is itself the fault.
        if !hadFault, let fault = reader.transferCheck.fault {
            found.append(
                .transferFault(
                    fault.fault, contentLocation(of: fault.offset, in: run, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart)))
        }
        if !hadDeparture, let departure = reader.transferCheck.departure {
            found.append(
                .transferStyle(
                    departure.departure,
                    contentLocation(of: departure.offset, in: run, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart)))
        }
    }

    /// Ends the transfer-encoding check at `contentEnd` and reports a fault the end reveals: it lies
    /// on the content's last line.
    mutating func finishTransferCheck(contentEnd: Int) {
        guard reader.transferCheck.fault == nil else { return }
        reader.transferCheck.finish(at: contentEnd)
        if let found = reader.transferCheck.fault {
            let place = Located(
                offset: found.offset, line: part.content.endLine, column: found.offset - part.content.endLineStart + 1)
            noteTransferFault(found.fault, at: place)
        }
    }

    mutating func noteTransferFault(_ fault: TransferContentCheck.Fault, at place: Located) {
        switch reader.transferCheck.encoding {
        case .base64: note(.notBase64(fault), at: place, part: part.index)
        case .quotedPrintable: note(.notQuotedPrintable(fault), at: place, part: part.index)
        }
    }
}
