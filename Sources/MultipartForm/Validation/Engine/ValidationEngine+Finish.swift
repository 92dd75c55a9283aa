extension ValidationEngine {
    /// Ends the body: what each phase leaves unfinished is reported, then the report is assembled.
    mutating func finish() -> ValidationReport {
        if case .inferring = phase { finishInference() }
        let end = position
        switch phase {
        case .inferring, .unframed:
            diagnoseUnframed(end: end)
        case .scanning(let region, let carry):
            if !carry.isEmpty {
                scanRegion(region)
                release(carry, region: region)
            }
            switch region {
            case .preamble: diagnoseUnframed(end: end)
            case .body:
                closeMissing(end: end)
                endPart(contentEnd: end)
            case .epilogue: break
            }
        case .delimiterLine(let candidate, let state):
            switch state {
            case .afterBoundary:
                confirm(candidate, close: false)
                closeMissing(end: end)
                endPart(contentEnd: end)
            case .padding(close: false):
                closeMissing(end: end)
                endPart(contentEnd: end)
            case .singleDash:
                confirm(candidate, close: true)
                note(.singleDash, at: end - 1)
            case .afterClose, .padding(close: true):
                note(.closeWithoutLineBreak, at: end)
            case .carriageReturn(let close, let pending):
                if pending { confirm(candidate, close: false) }
                note(.loneCarriageReturn, at: end - 1)
                if !close { closeMissing(end: end) ; endPart(contentEnd: end) }
            }
        case .skipLine(let next):
            if case .part = next {
                closeMissing(end: end)
                endPart(contentEnd: end)
            }
        case .headers(let reading):
            if hasPart, reader.headerLine.starts(with: dashBoundary), isDelimiterRest(reader.headerLine.bytes[dashBoundary.count...]) {
                // The last line is an unfinished delimiter line inside the headers.
                let start = reading.lineStart
                let line = reader.headerLine.copied()
                reader.headerLine.removeAll()
                if case .delimiter(.epilogue) = delimiterInHeaders(content: line, start: start, lfOffset: end, bareLF: false) {
                    note(.closeWithoutLineBreak, at: end)
                } else {
                    closeMissing(end: end)
                    endPart(contentEnd: end)
                }
            } else {
                if hasPart && end == part.headerStart {
                    // The input ends right after a delimiter line: the missing close delimiter is the
                    // finding, not the headers of a part that never began.
                    part.headersDone = true
                    part.headerEnd = end
                    part.bodyStart = end
                } else {
                    finishHeaderLineAtEnd()
                }
                closeMissing(end: end)
                endPart(contentEnd: end)
            }
        }
        if let epilogue = shown.epilogue, end > epilogue.offset {
            note(.epilogue(bytes: end - epilogue.offset), at: epilogue.offset, line: epilogue.line, column: epilogue.column)
        }
        let finished = collector.finished()
        return ValidationReport(
            diagnostics: finished.diagnostics, parts: shown.parts, partCount: shown.partCount, boundary: boundary,
            byteCount: end, counts: finished.counts)
    }

    mutating func closeMissing(end: Int) {
        if let misplaced = misplacedCloseDelimiter(end: end) {
            note(.closeDelimiterNotAtLineStart, at: misplaced.offset, line: misplaced.line, column: misplaced.column)
            return
        }
        note(.closeDelimiterMissing, at: end)
    }

    /// Finds `--boundary--` (plus optional padding and line break) at the very end, not at a line start.
    func misplacedCloseDelimiter(end: Int) -> (offset: Int, line: Int, column: Int)? {
        guard let dashBoundary = framing?.dashBoundary else { return nil }
        let tail = shown.ends.tail
        var trimmed = tail[...]
        if trimmed.last == ByteClass.lf { trimmed = trimmed.dropLast() }
        if trimmed.last == ByteClass.cr { trimmed = trimmed.dropLast() }
        while let last = trimmed.last, ByteClass.isWhitespace(last) { trimmed = trimmed.dropLast() }
        let close = dashBoundary + [ByteClass.dash, ByteClass.dash]
        guard trimmed.count > close.count, trimmed.suffix(close.count).elementsEqual(close) else { return nil }
        let before = trimmed[trimmed.endIndex - close.count - 1]
        guard before != ByteClass.lf else { return nil }
        let tailStart = end - tail.count
        let offset = tailStart + (trimmed.endIndex - close.count)
        let lineFeedsAfter = tail[(offset - tailStart)...].filter { $0 == ByteClass.lf }.count
        if lineFeedsAfter == 0 { return (offset, lineFeeds + 1, offset - lineStart + 1) }
        let start = cursor.previousLineStart >= 0 ? cursor.previousLineStart : offset
        return (offset, lineFeeds + 1 - lineFeedsAfter, offset - start + 1)
    }

    /// No delimiter was ever found: explain why, using the start of the body.
    mutating func diagnoseUnframed(end: Int) {
        if end == 0 {
            note(.bodyEmpty, at: 0, line: 1, column: 1)
            return
        }
        guard let dashBoundary = framing?.dashBoundary else {
            note(.noBoundaryInferred, at: 0, line: 1, column: 1)
            return
        }
        if let index = Self.find(dashBoundary, in: head) {
            let lines = head[..<index].filter { $0 == ByteClass.lf }.count
            let start = head[..<index].lastIndex(of: ByteClass.lf).map { $0 + 1 } ?? 0
            if index == start {
                // A line starts with the delimiter but goes on: the body's boundary is longer than the one given.
                let rest = Array(head[(index + dashBoundary.count)...].prefix { $0 != ByteClass.cr && $0 != ByteClass.lf }.prefix(70))
                note(.longerBoundary(rest: rest), at: index, line: lines + 1, column: 1)
            } else {
                note(.boundaryNotAtLineStart, at: index, line: lines + 1, column: index - start + 1)
            }
            return
        }
        let folded = dashBoundary.map(ByteClass.lowercased)
        if Self.find(folded, in: head.map(ByteClass.lowercased)) != nil {
            note(.boundaryInOtherCase, at: 0, line: 1, column: 1)
            return
        }
        note(.boundaryNotFound, at: 0, line: 1, column: 1)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
