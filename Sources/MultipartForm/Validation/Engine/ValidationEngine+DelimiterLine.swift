extension ValidationEngine {
    /// Classifies one byte of a line that began with `candidate` (``Phase/delimiterLine(_:_:)``);
    /// returns false when the byte belongs to what follows (content, or the line to skip).
    mutating func delimiterLineStep(_ byte: UInt8, state: DelimiterLineState, candidate: PendingDelimiter) -> Bool {
        let offset = position
        position += 1
        switch state {
        case .afterBoundary:
            if byte == ByteClass.dash {
                var dashed = candidate
                dashed.dash = true
                phase = .delimiterLine(.singleDash, dashed)
            } else if ByteClass.isWhitespace(byte) {
                confirm(candidate, close: false)
                note(.transportPadding, at: offset)
                phase = .delimiterLine(.padding(close: false), candidate)
            } else if byte == ByteClass.cr {
                phase = .delimiterLine(.carriageReturn(close: false, pending: true), candidate)
            } else if byte == ByteClass.lf {
                confirm(candidate, close: false)
                note(.bareLineFeed(close: false), at: offset)
                passByte(byte, at: offset)
                lineEnded(candidate.opening(close: false))
            } else if ByteClass.isBoundaryCharNoSpace(byte) {
                position -= 1
                notADelimiter(candidate, resumeAt: byte)
                return false
            } else {
                confirm(candidate, close: false)
                note(.unexpectedByte(byte, close: false), at: offset)
                phase = .skipLine(candidate.opening(close: false))
            }
        case .singleDash:
            if byte == ByteClass.dash {
                confirm(candidate, close: true)
                phase = .delimiterLine(.afterClose, candidate)
            } else if byte == ByteClass.cr || byte == ByteClass.lf || ByteClass.isWhitespace(byte) {
                confirm(candidate, close: true)
                note(.singleDash, at: offset - 1)
                if byte == ByteClass.lf {
                    passByte(byte, at: offset)
                    lineEnded(.epilogue)
                } else {
                    phase = .skipLine(.epilogue)
                }
            } else {
                position -= 1
                notADelimiter(candidate, resumeAt: byte)
                return false
            }
        case .afterClose, .padding(close: true):
            if ByteClass.isWhitespace(byte) {
                // Padding is reported once a line: at its first byte.
                if case .afterClose = state { note(.transportPadding, at: offset) }
                phase = .delimiterLine(.padding(close: true), candidate)
            } else if byte == ByteClass.cr {
                phase = .delimiterLine(.carriageReturn(close: true, pending: false), candidate)
            } else if byte == ByteClass.lf {
                note(.bareLineFeed(close: true), at: offset)
                passByte(byte, at: offset)
                lineEnded(.epilogue)
            } else {
                note(.unexpectedByte(byte, close: true), at: offset)
                phase = .skipLine(.epilogue)
            }
        case .padding(close: false):
            if ByteClass.isWhitespace(byte) {
                return true
            } else if byte == ByteClass.cr {
                phase = .delimiterLine(.carriageReturn(close: false, pending: false), candidate)
            } else if byte == ByteClass.lf {
                note(.bareLineFeed(close: false), at: offset)
                passByte(byte, at: offset)
                lineEnded(candidate.opening(close: false))
            } else {
                note(.unexpectedByte(byte, close: false), at: offset)
                phase = .skipLine(candidate.opening(close: false))
            }
        case .carriageReturn(let close, let pending):
            if pending { confirm(candidate, close: false) }
            if byte == ByteClass.lf {
                passByte(byte, at: offset)
                lineEnded(candidate.opening(close: close))
            } else {
                position -= 1
                note(.loneCarriageReturn, at: offset - 1)
                // The rest of the line, up to LF, is skipped.
                phase = .skipLine(candidate.opening(close: close))
                return false
            }
        }
        return true
    }

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
        passByte(ByteClass.lf, at: lfOffset)
        lineEnded(delimiter.opening(close: false))
        return canonicalHeaderSection(chunk, index + 2) ?? index + 2
    }

    /// What ``delimiterLineInOneStep(_:_:matched:region:)`` does for the commonest delimiter line,
    /// `CRLF--boundary CRLF` after a part's content (CR at `crOffset`), without building the
    /// ``PendingDelimiter`` that ``confirm(_:close:)`` and ``lineEnded(_:)`` read: the same
    /// findings in the same order (the part's end, then a part past the limit) and the same state.
    @inline(__always)
    private mutating func nextPartInOneStep(delimiterAt crOffset: Int) {
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
        passByte(ByteClass.lf, at: crOffset &+ 1)
        let lineLF = position &+ 1
        position &+= 2
        endPart(contentEnd: crOffset)
        passByte(ByteClass.lf, at: lineLF)
    }

    /// `delimiter`'s line is content that starts with the delimiter: its bytes go back to the region.
    mutating func notADelimiter(_ delimiter: PendingDelimiter, resumeAt byte: UInt8) {
        phase = .scanning(delimiter.region, carry: DelimiterCarry())
        if delimiter.region == .epilogue { return }
        note(.boundaryPrefix(followedBy: byte), at: delimiter.dashOffset, line: delimiter.dashLine, column: 1)
        if delimiter.region == .body {
            // For a virtual match the header terminator's LF was never content, and is not in the range.
            let line = delimiterLine
            let range = delimiter.carried.range(extra: delimiter.dash ? 1 : 0)
            // The line's `--boundary` was just reported: the search for it inside content passes over it.
            if hasPart { part.prefixLineDash = delimiter.dashOffset }
            // The line's LF was already passed; the content's positions are those before it.
            line.withUnsafeBytes {
                feedPart($0, range, offset: delimiter.contentEnd,
                    lineFeeds: delimiter.contentEndLineFeeds, lineStart: delimiter.contentEndLineStart)
            }
            noteContentEnd()
        }
    }

    /// `delimiter`'s line is a delimiter: report what belongs to its start, end the preamble or part.
    mutating func confirm(_ delimiter: PendingDelimiter, close: Bool) {
        if let bare = delimiter.bareLF {
            note(.delimiterAfterBareLineFeed, at: bare.offset, line: bare.line, column: bare.column)
        }
        switch delimiter.region {
        case .preamble:
            if delimiter.dashOffset > 0 {
                note(.preamble(bytes: delimiter.dashOffset), at: 0, line: 1, column: 1)
            }
            if close {
                note(.closeDelimiterFirst, at: delimiter.dashOffset, line: delimiter.dashLine, column: 1)
                if preambleHasText {
                    note(.preambleWithoutParts(bytes: delimiter.dashOffset), at: delimiter.dashOffset, line: delimiter.dashLine, column: 1)
                }
            }
        case .body:
            if delimiter.bodyAbsent {
                note(.noBodySection, at: delimiter.dashOffset, line: delimiter.dashLine, column: 1)
            }
            endPart(contentEnd: delimiter.contentEnd)
        case .epilogue:
            break
        }
    }

    /// The delimiter line (including its line break) has been read: what it opens begins.
    mutating func lineEnded(_ next: AfterDelimiterLine) {
        switch next {
        case .epilogue:
            phase = .scanning(.epilogue, carry: .virtualLineFeed(at: position - 1))
            let here = location(position)
            epilogue = Located(offset: position, line: here.line, column: here.column)
        case .part(let dashOffset, let line):
            startPart(delimiterOffset: dashOffset, line: line)
            beginHeaders()
        }
    }
}
