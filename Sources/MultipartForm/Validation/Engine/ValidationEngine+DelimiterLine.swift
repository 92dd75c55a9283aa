extension ValidationEngine {
    /// Classifies one byte of a line that began with `--boundary` (``Phase/delimiterLine(_:)``);
    /// returns false when the byte belongs to what follows (content, or the line to skip).
    mutating func delimiterLineStep(_ byte: UInt8, state: DelimiterLineState) -> Bool {
        let offset = position
        position += 1
        switch state {
        case .afterBoundary:
            if byte == ByteClass.dash {
                candidate.dash = true
                phase = .delimiterLine(.singleDash)
            } else if ByteClass.isWhitespace(byte) {
                confirmDelimiter(close: false)
                notePadding(at: offset)
                phase = .delimiterLine(.padding(close: false))
            } else if byte == ByteClass.cr {
                phase = .delimiterLine(.carriageReturn(close: false, pending: true))
            } else if byte == ByteClass.lf {
                confirmDelimiter(close: false)
                note(.bareLineFeed(close: false), at: offset)
                passByte(byte, at: offset)
                lineEnded(close: false)
            } else if ByteClass.isBoundaryCharNoSpace(byte) {
                position -= 1
                notADelimiter(resumeAt: byte)
                return false
            } else {
                confirmDelimiter(close: false)
                note(.unexpectedByte(byte, close: false), at: offset)
                phase = .skipLine(close: false)
            }
        case .singleDash:
            if byte == ByteClass.dash {
                confirmDelimiter(close: true)
                phase = .delimiterLine(.afterClose)
            } else if byte == ByteClass.cr || byte == ByteClass.lf || ByteClass.isWhitespace(byte) {
                confirmDelimiter(close: true)
                note(.singleDash, at: offset - 1)
                if byte == ByteClass.lf {
                    passByte(byte, at: offset)
                    lineEnded(close: true)
                } else {
                    phase = .skipLine(close: true)
                }
            } else {
                position -= 1
                notADelimiter(resumeAt: byte)
                return false
            }
        case .afterClose, .padding(close: true):
            if ByteClass.isWhitespace(byte) {
                notePadding(at: offset)
                phase = .delimiterLine(.padding(close: true))
            } else if byte == ByteClass.cr {
                phase = .delimiterLine(.carriageReturn(close: true, pending: false))
            } else if byte == ByteClass.lf {
                note(.bareLineFeed(close: true), at: offset)
                passByte(byte, at: offset)
                lineEnded(close: true)
            } else {
                note(.unexpectedByte(byte, close: true), at: offset)
                phase = .skipLine(close: true)
            }
        case .padding(close: false):
            if ByteClass.isWhitespace(byte) {
                return true
            } else if byte == ByteClass.cr {
                phase = .delimiterLine(.carriageReturn(close: false, pending: false))
            } else if byte == ByteClass.lf {
                note(.bareLineFeed(close: false), at: offset)
                passByte(byte, at: offset)
                lineEnded(close: false)
            } else {
                note(.unexpectedByte(byte, close: false), at: offset)
                phase = .skipLine(close: false)
            }
        case .carriageReturn(let close, let pending):
            if pending { confirmDelimiter(close: false) }
            if byte == ByteClass.lf {
                passByte(byte, at: offset)
                lineEnded(close: close)
            } else {
                position -= 1
                note(.loneCarriageReturn, at: offset - 1)
                // The rest of the line, up to LF, is skipped.
                phase = .skipLine(close: close)
                return false
            }
        }
        return true
    }

    /// Reads, in one step, a delimiter matched in the chunk (not in the epilogue) whose boundary,
    /// ending at `index`, the line's CRLF follows: the delimiter is confirmed and its line ends, as
    /// ``matchedDelimiter(_:region:)`` and ``delimiterLineStep(_:state:)`` would do a byte at a time
    /// (without keeping a ``candidate``, which only the byte-at-a-time classification reads), and
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
        paddingReported = false
        let lfOffset = position + 1
        position += 2
        confirm(delimiter, close: false)
        passByte(ByteClass.lf, at: lfOffset)
        lineEnded(close: false)
        return canonicalHeaderSection(chunk, index + 2) ?? index + 2
    }

    /// What ``delimiterLineInOneStep(_:_:matched:region:)`` does for the commonest delimiter line,
    /// `CRLF--boundary CRLF` after a part's content (CR at `crOffset`), without building the
    /// ``PendingDelimiter`` that ``confirm(_:close:)`` and ``lineEnded(close:)`` read: the same
    /// findings in the same order (the part's end, then a part past the limit) and the same state.
    @inline(__always)
    private mutating func nextPartInOneStep(delimiterAt crOffset: Int) {
        delimiterLineAfterContent(crOffset: crOffset)
        // The line's `--` is on the line its LF ended.
        startPart(delimiterOffset: crOffset + 2, line: lineFeeds)
        phase = .headers
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
        paddingReported = false
        let lineLF = position &+ 1
        position &+= 2
        delimiterCount &+= 1
        endPart(contentEnd: crOffset)
        passByte(ByteClass.lf, at: lineLF)
        partStart = nil
    }

    mutating func notePadding(at offset: Int) {
        guard !paddingReported else { return }
        paddingReported = true
        note(.transportPadding, at: offset)
    }

    /// The candidate's line is content that starts with the delimiter: its bytes go back to the region.
    mutating func notADelimiter(resumeAt byte: UInt8) {
        let delimiter = candidate
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

    /// The candidate's line is a delimiter: report what belongs to its start, end the preamble or part.
    mutating func confirmDelimiter(close: Bool) {
        confirm(candidate, close: close)
    }

    /// `delimiter`'s line is a delimiter: report what belongs to its start, end the preamble or part.
    mutating func confirm(_ delimiter: PendingDelimiter, close: Bool) {
        delimiterCount += 1
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
        if close {
            sawClose = true
        } else {
            partStart = (delimiter.dashOffset, delimiter.dashLine)
        }
    }

    /// The delimiter line (including its line break) has been read.
    mutating func lineEnded(close: Bool) {
        if close {
            phase = .scanning(.epilogue, carry: .virtualLineFeed(at: position - 1))
            epilogueStart = position
            epilogueLocation = location(position)
        } else {
            if let start = partStart {
                partStart = nil
                startPart(delimiterOffset: start.offset, line: start.line)
            }
            phase = .headers
            beginHeaders()
        }
    }
}
