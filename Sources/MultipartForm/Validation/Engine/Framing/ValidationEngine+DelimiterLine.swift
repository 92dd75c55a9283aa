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
                classifyLine(dashed, .singleDash)
            } else if ByteClass.isWhitespace(byte) {
                confirm(candidate, close: false)
                note(.transportPadding, at: offset)
                classifyLine(candidate, .padding(close: false))
            } else if byte == ByteClass.cr {
                classifyLine(candidate, .carriageReturn(close: false, pending: true))
            } else if byte == ByteClass.lf {
                confirm(candidate, close: false)
                note(.bareLineFeed(close: false), at: offset)
                cursor.passByte(byte, at: offset)
                lineEnded(candidate.opening(close: false))
            } else if ByteClass.isBoundaryCharNoSpace(byte) {
                position -= 1
                notADelimiter(candidate, resumeAt: byte)
                return false
            } else {
                confirm(candidate, close: false)
                note(.unexpectedByte(byte, close: false), at: offset)
                skipLine(opening: candidate.opening(close: false))
            }
        case .singleDash:
            if byte == ByteClass.dash {
                confirm(candidate, close: true)
                classifyLine(candidate, .afterClose)
            } else if byte == ByteClass.cr || byte == ByteClass.lf || ByteClass.isWhitespace(byte) {
                confirm(candidate, close: true)
                note(.singleDash, at: offset - 1)
                if byte == ByteClass.lf {
                    cursor.passByte(byte, at: offset)
                    lineEnded(.epilogue)
                } else {
                    skipLine(opening: .epilogue)
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
                classifyLine(candidate, .padding(close: true))
            } else if byte == ByteClass.cr {
                classifyLine(candidate, .carriageReturn(close: true, pending: false))
            } else if byte == ByteClass.lf {
                note(.bareLineFeed(close: true), at: offset)
                cursor.passByte(byte, at: offset)
                lineEnded(.epilogue)
            } else {
                note(.unexpectedByte(byte, close: true), at: offset)
                skipLine(opening: .epilogue)
            }
        case .padding(close: false):
            if ByteClass.isWhitespace(byte) {
                return true
            } else if byte == ByteClass.cr {
                classifyLine(candidate, .carriageReturn(close: false, pending: false))
            } else if byte == ByteClass.lf {
                note(.bareLineFeed(close: false), at: offset)
                cursor.passByte(byte, at: offset)
                lineEnded(candidate.opening(close: false))
            } else {
                note(.unexpectedByte(byte, close: false), at: offset)
                skipLine(opening: candidate.opening(close: false))
            }
        case .carriageReturn(let close, let pending):
            if pending { confirm(candidate, close: false) }
            if byte == ByteClass.lf {
                cursor.passByte(byte, at: offset)
                lineEnded(candidate.opening(close: close))
            } else {
                position -= 1
                note(.loneCarriageReturn, at: offset - 1)
                // The rest of the line, up to LF, is skipped.
                skipLine(opening: candidate.opening(close: close))
                return false
            }
        }
        return true
    }

    /// `delimiter`'s line is content that starts with the delimiter: its bytes go back to the region.
    mutating func notADelimiter(_ delimiter: PendingDelimiter, resumeAt byte: UInt8) {
        scanRegion(delimiter.region)
        if delimiter.region == .epilogue { return }
        note(.boundaryPrefix(followedBy: byte), at: delimiter.dashOffset, line: delimiter.dashLine, column: 1)
        if delimiter.region == .body {
            // For a virtual match the header terminator's LF was never content, and is not in the range.
            let line = delimiterLine
            let range = delimiter.carried.range(extra: delimiter.dash ? 1 : 0)
            // The line's `--boundary` was just reported: the search for it inside content passes over it.
            if hasPart { part.content.prefixLineDash = delimiter.dashOffset }
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
                if shown.preambleHasText {
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
            scanRegion(.epilogue, carry: .virtualLineFeed(at: position - 1))
            let here = cursor.location(position)
            shown.epilogue = Located(offset: position, line: here.line, column: here.column)
        case .part(let dashOffset, let line):
            startPart(delimiterOffset: dashOffset, line: line)
            beginHeaders()
        }
    }
}
