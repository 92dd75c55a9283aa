extension ValidationEngine {
    /// Reads, in one step, a delimiter matched in the chunk (not in the epilogue) whose boundary,
    /// ending at `index`, the line's CRLF follows: the delimiter is confirmed and its line ends, as
    /// ``matchedDelimiter(_:region:)`` and ``delimiterLineStep(_:state:candidate:)`` would do a byte
    /// at a time (without a ``Phase/delimiterLine(_:_:)`` phase, which only the byte-at-a-time
    /// classification reads), and
    /// then, when it is whole in the chunk, the part's header section is read
    /// (``canonicalHeaderSection(_:_:)``). After content, the plain text fields that follow whole in
    /// the chunk are read first (``readPlainFields(_:base:delimiterEnd:matched:)``), and all this
    /// is done for the delimiter after the last of them.
    ///
    /// Kept out of line: the paths that feed single bytes never come here, and code added to them
    /// slows them (with the call to read plain fields in ``searchOnce(_:from:base:region:)``, the
    /// content handling was no longer inlined into ``scan(_:_:region:carry:)``).
    ///
    /// - Returns: Where processing stopped.
    @inline(never)
    mutating func delimiterLineInOneStep(_ chunk: UnsafeRawBufferPointer, _ index: Int, matched: DelimiterCarry, region: Region) -> Int {
        if region == .body && matched.carriageReturn && !matched.virtual {
            // Plain text fields whole in the chunk first, then the part after the last of them.
            let (end, last) = readPlainFields(chunk, base: position - index, delimiterEnd: index, matched: matched)
            nextPartInOneStep(delimiterAt: last.start)
            return canonicalHeaderSection(chunk, end + 2) ?? end + 2
        }
        let delimiter = pendingDelimiter(matched, region: region)
        let lfOffset = position + 1
        position += 2
        confirm(delimiter, close: false)
        cursor.passByte(ByteClass.lf, at: lfOffset)
        lineEnded(delimiter.opening(close: false))
        return canonicalHeaderSection(chunk, index + 2) ?? index + 2
    }

    /// What ``delimiterLineInOneStep(_:_:matched:region:)`` does for the commonest delimiter line,
    /// `CRLF--boundary CRLF` after a part's content (CR at `crOffset`), without building the
    /// ``PendingDelimiter`` that ``confirm(_:close:)`` and ``lineEnded(_:)`` read: the same
    /// findings in the same order (the part's end, then a part past the limit) and the same state.
    @inline(__always)
    mutating func nextPartInOneStep(delimiterAt crOffset: Int) {
        delimiterLineAfterContent(crOffset: crOffset)
        // The line's `--` is on the line its LF ended.
        startPart(delimiterOffset: crOffset + 2, line: lineFeeds)
        beginHeaders()
    }

    /// Reads the delimiter line `CRLF--boundary CRLF` whose CR is at `crOffset`, the content before it
    /// passed and `position` after the boundary: it confirms the delimiter and ends the part before it
    /// (``endPart(contentEnd:)``), leaving `position` after the line.
    @inline(__always)
    mutating func delimiterLineAfterContent(crOffset: Int) {
        // Wrapping arithmetic: offsets and counts of a body in memory are far from overflowing, and
        // checked adds cost the plain-field reader on every part.
        cursor.passByte(ByteClass.lf, at: crOffset &+ 1)
        let lineLF = position &+ 1
        position &+= 2
        endPart(contentEnd: crOffset)
        cursor.passByte(ByteClass.lf, at: lineLF)
    }

    /// Passes the delimiter line `CRLF--boundary CRLF` whose CR is at `crOffset`, with `position` after
    /// the boundary, after a part that left nothing to end (``hasPart`` is false): what
    /// ``delimiterLineAfterContent(crOffset:)`` does there.
    @inline(__always)
    mutating func passDelimiterLine(crOffset: Int) {
        cursor.passByte(ByteClass.lf, at: crOffset &+ 1)
        let lineLF = position &+ 1
        position &+= 2
        cursor.passByte(ByteClass.lf, at: lineLF)
    }
}
