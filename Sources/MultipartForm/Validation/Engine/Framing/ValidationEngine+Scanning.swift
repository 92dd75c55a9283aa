extension ValidationEngine {
    /// Searches preamble, body or epilogue bytes for the next delimiter.
    mutating func scan(_ chunk: UnsafeRawBufferPointer, _ start: Int, region: Region, carry: DelimiterCarry) -> Int {
        let base = position - start
        var index = start
        if !carry.isEmpty {
            let pattern = search.pattern
            var held = carry
            var failed = false
            if held.matched == 0 {
                // A lone CR: the next byte must be LF.
                if chunk[index] == ByteClass.lf {
                    held.matched = 1
                    index += 1
                } else {
                    failed = true
                }
            }
            while !failed && held.matched < pattern.count && index < chunk.count {
                if chunk[index] == pattern[held.matched] {
                    held.matched += 1
                    index += 1
                } else {
                    failed = true
                }
            }
            if failed {
                scanRegion(region)
                // A virtual carry's LF was already passed; the bytes matched after it are content.
                release(held, region: region)
                position = base + index
                return index
            }
            if held.matched < pattern.count {
                scanRegion(region, carry: held)
                position = base + index
                return index
            }
            // The carry completed a delimiter.
            scanRegion(region)
            position = base + index
            matchedDelimiter(held, region: region)
            return index
        }
        if index + 1 == chunk.count && chunk[index] != ByteClass.cr && chunk[index] != ByteClass.lf {
            // One byte that can neither be nor begin a delimiter (chunks of one byte take this path).
            content(chunk, index..<chunk.count, offset: base + index, region: region, counted: (0, nil))
            position = base + chunk.count
            return chunk.count
        }
        let (next, readPart) = searchOnce(chunk, from: index, base: base, region: region)
        return readPart ? searchOn(chunk, from: next) : next
    }

    /// Goes on in a part's content after a part read in one step (delimiter line and header section,
    /// ``delimiterLineInOneStep(_:_:matched:region:)``), part after part, without a return through
    /// ``step(_:_:)`` for each.
    ///
    /// Out of line, as a loop of its own: inside ``scan(_:_:region:carry:)``, whose paths for held
    /// bytes and single bytes run for every byte of a body fed in small chunks, the loop slowed
    /// those paths.
    @inline(never)
    mutating func searchOn(_ chunk: UnsafeRawBufferPointer, from start: Int) -> Int {
        let base = position - start
        var index = start
        while true {
            let (next, readPart) = searchOnce(chunk, from: index, base: base, region: .body)
            guard readPart else { return next }
            index = next
        }
    }

    /// Searches `chunk` from `index` (at stream offset `base + index`) for the next delimiter and
    /// hands the bytes before it to the region; no delimiter is held from earlier chunks.
    ///
    /// - Returns: Where processing stopped, and whether a part was read in one step there with its
    ///   content next in the chunk (at least two bytes of it), so that the search can go on at once.
    @inline(__always)
    mutating func searchOnce(_ chunk: UnsafeRawBufferPointer, from index: Int, base: Int, region: Region) -> (Int, Bool) {
        let found = search.search(in: chunk, from: index)
        if let lf = found.match {
            let hasCR = lf > index && chunk[lf - 1] == ByteClass.cr
            let delimiterStart = hasCR ? lf - 1 : lf
            content(
                chunk, index..<delimiterStart, offset: base + index, region: region,
                counted: (found.lineFeeds, found.lastLineFeed))
            let end = lf + search.pattern.count
            position = base + end
            let matched = DelimiterCarry(
                carriageReturn: hasCR, matched: search.pattern.count, virtual: false, start: base + delimiterStart)
            // The one-step reader's one way in: without it, the line is read a byte at a time.
            if oneStep != nil && region != .epilogue && end + 1 < chunk.count && chunk[end] == ByteClass.cr
                && chunk[end + 1] == ByteClass.lf
            {
                let next = delimiterLineInOneStep(chunk, end, matched: matched, region: region)
                // Two bytes at least, so that the content does not need the single-byte path.
                if next + 1 < chunk.count, case .scanning(.body, let carry) = phase, carry.isEmpty {
                    return (next, true)
                }
                return (next, false)
            }
            matchedDelimiter(matched, region: region)
            return (end, false)
        }
        let keep = search.partialSuffixStart(in: chunk, from: index) ?? chunk.count
        // The search counted the line feeds up to the chunk's end. Held bytes hold at most one, the
        // last one counted: without it, the last line feed before them is searched for backwards.
        var counted = (count: found.lineFeeds, lastLF: found.lastLineFeed)
        let heldLineFeed =
            keep < chunk.count
            && (chunk[keep] == ByteClass.lf || (keep + 1 < chunk.count && chunk[keep + 1] == ByteClass.lf))
        if heldLineFeed {
            counted.count -= 1
            counted.lastLF = counted.count > 0 ? LineCounter.lastLineFeed(in: chunk, index..<keep) : nil
        }
        content(chunk, index..<keep, offset: base + index, region: region, counted: counted)
        if keep < chunk.count {
            let carriageReturn = chunk[keep] == ByteClass.cr
            let held = DelimiterCarry(
                carriageReturn: carriageReturn, matched: chunk.count - keep - (carriageReturn ? 1 : 0), virtual: false,
                start: base + keep)
            scanRegion(region, carry: held)
        }
        position = base + chunk.count
        return (chunk.count, false)
    }

    /// Hands held bytes back as preamble, content or epilogue: they did not become a delimiter.
    mutating func release(_ held: DelimiterCarry, region: Region) {
        let line = delimiterLine
        line.withUnsafeBytes { content($0, held.range(), offset: held.inputStart, region: region) }
    }

    /// Handles bytes that are preamble, part content or epilogue; `counted` gives their line feeds when known.
    mutating func content(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, region: Region,
        counted: (count: Int, lastLF: Int?)? = nil
    ) {
        guard !range.isEmpty else { return }
        if region == .body { feedPart(bytes, range, offset: offset) }
        if region == .preamble && !shown.preambleHasText {
            shown.preambleHasText = bytes[range].contains { !ByteClass.isWhitespace($0) && $0 != ByteClass.cr && $0 != ByteClass.lf }
        }
        if let counted {
            cursor.pass(counted: counted, range, offset: offset)
        } else {
            cursor.pass(bytes, range, offset: offset)
        }
        if region == .body { noteContentEnd() }
    }

    /// A complete `LF "--" boundary` (with its CR, if any) was found at `matched.start`: the line is
    /// classified next (``DelimiterLineState/afterBoundary``), except in the epilogue.
    mutating func matchedDelimiter(_ matched: DelimiterCarry, region: Region) {
        let delimiter = pendingDelimiter(matched, region: region)
        if region == .epilogue {
            if shown.partCount == 0 && !shown.reportedDelimiterAfterCloseFirst {
                // The close delimiter came first: whatever this line opens, only readers that go on
                // past the close delimiter see it.
                shown.reportedDelimiterAfterCloseFirst = true
                note(.delimiterAfterCloseFirst, at: delimiter.dashOffset)
            } else {
                note(.delimiterInEpilogue, at: delimiter.dashOffset)
            }
            return
        }
        classifyLine(delimiter, .afterBoundary)
    }

    /// What a delimiter matched at `matched.start` would be, once its LF (unless virtual) is passed.
    @inline(__always)
    mutating func pendingDelimiter(_ matched: DelimiterCarry, region: Region) -> PendingDelimiter {
        let delimiter = PendingDelimiter(
            contentEndLineFeeds: lineFeeds, contentEndLineStart: lineStart, carried: matched, region: region)
        // Virtual carries stand for an LF that was already passed.
        if !matched.virtual { cursor.passByte(ByteClass.lf, at: delimiter.lineFeedOffset) }
        return delimiter
    }
}
