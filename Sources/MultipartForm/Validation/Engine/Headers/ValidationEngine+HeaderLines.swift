extension ValidationEngine {
    /// The part just started has its header section next, at ``position``.
    mutating func beginHeaders() {
        part.headerStart = position
        let here = cursor.location(position)
        part.headerLocation = Located(offset: position, line: here.line, column: here.column)
        readHeaders(HeaderReading(lineStart: position))
    }

    /// Reads header bytes up to the end of the current line, the section read as far as `reading` says.
    mutating func headerBytes(_ chunk: UnsafeRawBufferPointer, _ start: Int, reading: HeaderReading) -> Int {
        var reading = reading
        let base = position - start
        let end = chunk.index(of: ByteClass.lf, from: start)
        let room = headerLineWindow + 2 - reader.headerLine.count
        if room > 0 {
            reader.headerLine.append(UnsafeRawBufferPointer(rebasing: chunk[start..<min(end, start + room)]))
        }
        if end > start { reading.lineEndsWithCR = chunk[end - 1] == ByteClass.cr }
        guard end < chunk.count else {
            readHeaders(reading)
            position = base + end
            return end
        }
        position = base + end + 1
        let outcome = headerLineEnded(lfOffset: base + end, reading: &reading)
        cursor.passByte(ByteClass.lf, at: base + end)
        switch outcome {
        case .header: readHeaders(reading)
        case .blank: break
        case .delimiter(let next): lineEnded(next)
        }
        return end + 1
    }

    /// How many bytes of a header line are kept to be read (plus its line break): a line longer than
    /// ``ValidationOptions/maxHeaderLineLength`` is still read whole, with its finding, unless it goes
    /// past the section's own limit, where reading stops anyway. So the buffer is bounded by the
    /// larger limit.
    var headerLineWindow: Int { max(options.maxHeaderLineLength, options.maxHeaderBytes) }

    /// Reports the part's header section past its limit, at its first byte past it (on the current
    /// line), and skips the rest of the section.
    mutating func reportSectionOverLimit(_ reading: inout HeaderReading) {
        reading.skipping = true
        part.sectionCut = true
        let limit = options.maxHeaderBytes
        note(HeaderEvent.sectionOverLimit(limit: limit), at: part.headerStart + limit)
    }

    /// At the end of input inside the headers, the unfinished line is still checked.
    mutating func finishHeaderLineAtEnd() {
        guard hasPart else { return }
        flushField()
        finishHeaders(end: position)
    }

    /// What a header line turned out to be.
    enum HeaderLineOutcome {
        case header
        case blank
        /// A delimiter line, and what it opens.
        case delimiter(AfterDelimiterLine)
    }

    /// Handles the header line in the reader's header line, whose LF is at `lfOffset`, and empties the buffer.
    /// A blank line ends the section (``endHeaders(lfOffset:carry:)``); after a header line, `reading`
    /// says how far the section has been read.
    mutating func headerLineEnded(lfOffset: Int, reading: inout HeaderReading) -> HeaderLineOutcome {
        defer { reader.headerLine.removeAll() }
        let start = reading.lineStart
        reading.lineStart = lfOffset + 1
        let length = lfOffset - start
        let endsWithCR = reading.lineEndsWithCR && length > 0
        reading.lineEndsWithCR = false
        let bareLF = !endsWithCR
        if endsWithCR && reader.headerLine.count == length { reader.headerLine.removeLast() }
        if reader.headerLine.starts(with: dashBoundary), isDelimiterRest(reader.headerLine.bytes[dashBoundary.count...]) {
            return delimiterInHeaders(content: reader.headerLine.copied(), start: start, lfOffset: lfOffset, bareLF: bareLF)
        }
        if bareLF {
            note(HeaderEvent.bareLineFeed, at: lfOffset)
        }
        if reader.headerLine.isEmpty {
            endHeaders(lfOffset: lfOffset)
            return .blank
        }
        reading.lineCount += 1
        reading.sectionBytes += length + 1
        if reading.skipping { return .header }
        if reading.lineCount > options.maxHeaderLines {
            flushField()
            reading.skipping = true
            let limit = options.maxHeaderLines
            note(HeaderEvent.tooManyLines(limit: limit), at: start)
            return .header
        }
        // The line's own limit first: one overlong line is named as such, and still read for what
        // it says, so that a long filename is not a missing Content-Disposition. When the same line
        // also takes the section past its limit, that is reported too (the first byte past it is on
        // this line, which is where the position must point), and the line is read only up to it.
        let lineLength = endsWithCR ? length - 1 : length
        let overLong = lineLength > options.maxHeaderLineLength
        if overLong {
            let limit = options.maxHeaderLineLength
            note(HeaderEvent.lineOverLimit(length: lineLength, limit: limit), at: start)
        }
        var cut = false
        if reading.sectionBytes > options.maxHeaderBytes {
            reportSectionOverLimit(&reading)
            let within = part.headerStart + options.maxHeaderBytes - start
            guard within > 0 else {
                flushField()
                return .header
            }
            if within < reader.headerLine.count {
                reader.headerLine.keepFirst(within)
                cut = true
            }
        }
        let number = lineFeeds + 1
        checkBoundaryText(inHeaderLineAt: start)
        if reader.headerLine.count > 998 && !overLong {
            note(HeaderEvent.lineOver998(length: reader.headerLine.count), at: start)
        }
        if ByteClass.isWhitespace(reader.headerLine[0]) {
            if reader.field.isEmpty && reading.lineCount == 1 {
                note(HeaderEvent.firstLineIndented, at: start)
                var stripped = 0
                while stripped < reader.headerLine.count && ByteClass.isWhitespace(reader.headerLine[stripped]) { stripped += 1 }
                reader.field.append(reader.headerLine, start: start, number: number)
                reader.field.strippedLeading = stripped
                reader.field.isCut = cut
                checkLineBytes(fieldLine: 0)
            } else {
                note(HeaderEvent.folded, at: start)
                if !reader.field.isEmpty {
                    reader.field.append(reader.headerLine, start: start, number: number)
                    reader.field.isCut = cut
                    checkLineBytes(fieldLine: reader.field.lineCount - 1)
                }
            }
            return .header
        }
        flushField()
        if reader.field.isEmpty {
            reader.field.start(taking: &reader.headerLine, start: start, number: number)
        } else {
            reader.field.append(reader.headerLine, start: start, number: number)
        }
        reader.field.isCut = cut
        checkLineBytes(fieldLine: 0)
        return .header
    }

    /// Notes `--boundary` in the header line in the reader's header line, which starts at `start`
    /// (`boundary-in-header`), once a part: the line is no delimiter line, but parsers that split the
    /// body at any `--boundary` cut the part there.
    mutating func checkBoundaryText(inHeaderLineAt start: Int) {
        guard !part.headers.sawBoundaryInHeader else { return }
        let storage = reader.headerLine.bytes
        guard let index = storage.withUnsafeBytes({ firstDashBoundary(in: $0) }) else { return }
        part.headers.sawBoundaryInHeader = true
        note(.boundaryInHeader, at: start + index)
    }

    /// The index of the first `--boundary` in `bytes`, or `nil`. Header names hold single dashes
    /// (`Content-Type`) but almost no line holds two in a row, so the search (and the table it
    /// builds once) is reached only for those that do.
    mutating func firstDashBoundary(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= dashBoundary.count, Self.holdsDashPair(bytes) else { return nil }
        var state: DashBoundarySearch<PairSampling>.State = 0
        return boundaryTextSearch().next(in: bytes, from: 0, state: &state).map { $0 - dashBoundary.count }
    }

    /// Whether `bytes` hold `--`. A byte that is not a dash rules out both pairs it belongs to, so
    /// the next byte that can complete a pair is two further on.
    static func holdsDashPair(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 1
        while index < bytes.count {
            if bytes[index] != ByteClass.dash {
                index += 2
            } else if bytes[index - 1] == ByteClass.dash {
                return true
            } else {
                index += 1
            }
        }
        return false
    }

    /// Whether the bytes after `--boundary` on a line make it a (possibly malformed) delimiter line.
    func isDelimiterRest(_ rest: ArraySlice<UInt8>) -> Bool {
        guard let first = rest.first else { return true }
        if first == ByteClass.dash {
            guard rest.count > 1 else { return true }
            let second = rest[rest.startIndex + 1]
            return second == ByteClass.dash || !ByteClass.isBoundaryCharNoSpace(second)
        }
        return !ByteClass.isBoundaryCharNoSpace(first)
    }

    /// A delimiter line arrived while reading headers: the part ends without a body.
    mutating func delimiterInHeaders(content: [UInt8], start: Int, lfOffset: Int, bareLF: Bool) -> HeaderLineOutcome {
        note(.delimiterBeforeHeadersEnd, at: start)
        flushField()
        finishHeaders(end: start)
        endPart(contentEnd: start)
        var index = dashBoundary.count
        var close = false
        if index < content.count && content[index] == ByteClass.dash {
            close = true
            if index + 1 < content.count && content[index + 1] == ByteClass.dash {
                index += 2
            } else {
                note(.singleDash, at: start + index)
                index = content.count
            }
        }
        if index < content.count && ByteClass.isWhitespace(content[index]) {
            note(.transportPadding, at: start + index)
            while index < content.count && ByteClass.isWhitespace(content[index]) { index += 1 }
        }
        if index < content.count {
            // The events delimiterLineStep(_:state:candidate:) notes for the same bytes, so one fault reads the same.
            let byte = content[index]
            if close {
                note(.unexpectedByte(byte, close: true), at: start + index)
            } else if byte == ByteClass.cr {
                note(.loneCarriageReturn, at: start + index)
            } else {
                note(.unexpectedByte(byte, close: false), at: start + index)
            }
        } else if bareLF {
            note(.bareLineFeed(close: false), at: lfOffset)
        }
        return .delimiter(close ? .epilogue : .part(dashOffset: start, line: lineFeeds + 1))
    }

    /// Byte-class checks on one physical header line of the reader's field, each at most once.
    mutating func checkLineBytes(fieldLine: Int) {
        let content = reader.field.content(fieldLine)
        // Most lines are printable ASCII and tabs throughout: nothing to look for. Otherwise the
        // bytes before the first other one need no second look.
        guard let firstOther = content.withUnsafeBytes(Self.firstNotPrintableOrTab) else { return }
        let start = reader.field.line(fieldLine).start
        let base = content.startIndex
        var nul: Int? = nil
        var cr: Int? = nil
        var control: Int? = nil
        var high: Int? = nil
        // The value starts after the first line's colon; control characters are looked for there.
        var valueFrom: Int {
            guard fieldLine == 0 else { return 0 }
            return (content.firstIndex(of: ByteClass.colon).map { $0 + 1 } ?? content.endIndex) - base
        }
        content.withUnsafeBytes { line in
            var index = firstOther
            while index < line.count {
                // Eight printable ASCII bytes at a time need no closer look.
                if index &+ 8 <= line.count && ByteClass.allPrintable(line.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index &+= 8
                    continue
                }
                let byte = line[index]
                defer { index &+= 1 }
                // Printable ASCII and tab need no check.
                if byte &- 0x20 < 0x5F || byte == ByteClass.tab { continue }
                if byte >= 0x80 {
                    if high == nil { high = index }
                } else if byte == ByteClass.nul {
                    if nul == nil { nul = index }
                } else if byte == ByteClass.cr {
                    if cr == nil { cr = index }
                }
                if control == nil && ByteClass.isOtherControl(byte) && index >= valueFrom { control = index }
            }
        }
        if let nul {
            note(HeaderEvent.nul, at: start + nul)
        }
        if let cr {
            note(HeaderEvent.bareCarriageReturn, at: start + cr)
        }
        if let control {
            note(HeaderEvent.controlCharacter(content[base + control]), at: start + control)
        }
        if let high {
            if let invalid = UTF8Check.firstInvalidIndex(Array(content)) {
                note(HeaderEvent.invalidUTF8(Array(content[(base + invalid)...].prefix(4))), at: start + invalid)
            } else {
                let first = reader.field.content(0)
                let colon = first.firstIndex(of: ByteClass.colon)
                let name = colon.map { trimmedName(first[(first.startIndex + reader.field.strippedLeading)..<$0]) } ?? []
                if !ByteClass.equalsIgnoringCase(name, ByteClass.contentDisposition) {
                    note(HeaderEvent.nonASCII, at: start + high)
                }
            }
        }
    }

    /// The index of the first byte that is neither printable ASCII (0x20–0x7E) nor a tab, if any;
    /// eight bytes at a time.
    static func firstNotPrintableOrTab(_ line: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index &+ 8 <= line.count && ByteClass.allPrintable(line.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index &+= 8
        }
        while index < line.count {
            let byte = line[index]
            if byte &- 0x20 >= 0x5F && byte != ByteClass.tab { return index }
            index &+= 1
        }
        return nil
    }

    func trimmedName(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var name = bytes
        while let last = name.last, ByteClass.isWhitespace(last) { name = name.dropLast() }
        return name
    }
}
