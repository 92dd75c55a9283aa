/// The validator's streaming state machine: RFC 2046 §5.1.1 framing plus the rule checks.
///
/// Bytes are processed strictly in order and each byte is passed once; part content is never
/// buffered. Only a delimiter prefix at a chunk's end (at most the delimiter's length), the current
/// header line (bounded by the limits), and fixed-size head and tail windows are kept.
struct ValidationEngine {
    enum Region { case preamble, body, epilogue }

    enum TailState: Equatable {
        case afterBoundary
        case singleDash
        case afterClose
        case padding(close: Bool)
        case carriageReturn(close: Bool)
    }

    enum Phase: Equatable {
        case inferring
        case unframed
        case scanning(Region)
        case tail(TailState)
        case skipLine(close: Bool)
        case headers
    }

    /// A matched dash-boundary whose line is still being classified.
    struct PendingDelimiter {
        var dashOffset: Int
        var dashLine: Int
        var region: Region
        /// Offset and location of the LF when no CR preceded it.
        var bareLF: (offset: Int, line: Int, column: Int)?
        /// The part's content ends here if this turns out to be a delimiter.
        var contentEnd: Int
        /// The body had no body section (the header terminator is the delimiter's CRLF).
        var bodyAbsent: Bool
        /// Where the matched bytes are in ``ValidationEngine/delimiterLine``: they are content again
        /// if the line turns out not to be a delimiter.
        var carried: DelimiterCarry
        /// Whether a single `-` after the boundary was read as part of the line.
        var dash = false
        /// Line feeds before ``contentEnd`` and the offset its line starts at: where the carried
        /// bytes are, should they turn out to be content.
        var contentEndLineFeeds: Int
        var contentEndLineStart: Int
    }

    let options: ValidationOptions
    let depth: Int
    /// Whether parts are form-data parts (false inside a nested multipart/mixed body).
    let formData: Bool
    var collector: DiagnosticCollector
    var boundary: [UInt8]?
    var search: DelimiterSearch?
    var dashBoundary: [UInt8] = []
    /// `CR LF "--" boundary "-"`: every byte a held or matched delimiter can consist of.
    var delimiterLine: [UInt8] = []

    var phase: Phase = .scanning(.preamble)
    var position = 0
    var lineFeeds = 0
    var lineStart = 0
    var previousLineStart = 0

    var carry = DelimiterCarry()
    var pending: PendingDelimiter?
    var delimiterCount = 0
    var paddingReported = false
    /// A delimiter was confirmed; its part starts when the delimiter line ends.
    var partStart: (offset: Int, line: Int)?
    var sawClose = false
    var epilogueStart: Int?
        var inferenceBuffer: [UInt8] = []
    /// The first ``headCapacity`` and the last ``tailCapacity`` bytes of the stream, for diagnoses made at the end.
    var ends = StreamEnds(headCapacity: Self.headCapacity, tailCapacity: Self.tailCapacity)
    /// The first bytes of the stream.
    var head: [UInt8] { ends.head }
    /// The last bytes of the stream, in order; taken from ``ends`` by ``finish()``.
    var tail: [UInt8] = []
    static let headCapacity = 4096
    static let tailCapacity = 256

    var partCount = 0
    var parts: [DecodedPart] = []
    /// The part being read; meaningful only while ``hasPart`` (kept, not optional, so reading it costs no check).
    var part = PartState(index: 0, collect: false)
    /// Whether a part is being read.
    var hasPart = false
    /// The header line being read, up to the line length limit plus its line break; reused for every line.
    var headerLine = ByteBuffer()
    /// The header field being read; reused for every field.
    var field = PendingField()
    /// Holds a header field's value while it is interpreted; reused for every field.
    var valueBuffer: [UInt8] = []
    /// Holds a parsed Content-Disposition while it is checked; reused for every part.
    var dispositionBuffer = Disposition()
    /// Whether canonical Content-Disposition and Content-Type values skip the general readers (tests
    /// turn it off to compare).
    var usesCanonicalHeaders = true
    /// The current part's name parameter (when ``PartState/hasName``); reused for every part.
    var nameBuffer = ByteBuffer()
    /// The current part's filename parameter (when ``PartState/hasFilename``); reused for every part.
    var filenameBuffer = ByteBuffer()

    /// The current part's name parameter, or `nil` when it has none (a copy: for reports and messages).
    var partName: [UInt8]? { hasPart && part.hasName ? Array(nameBuffer.bytes) : nil }
    /// The current part's filename parameter, or `nil` when it has none (a copy: for reports and messages).
    var partFilename: [UInt8]? { hasPart && part.hasFilename ? Array(filenameBuffer.bytes) : nil }
    /// The current part's Content-Type value, whitespace trimmed (when ``PartState/media`` is set); reused for every part.
    var contentTypeBuffer = ByteBuffer()
    /// The current part's Content-Type value, or `nil` when it has none (a copy: for reports and messages).
    var partContentType: [UInt8]? { hasPart && part.media != nil ? Array(contentTypeBuffer.bytes) : nil }

    /// Records the current part's name parameter, and reports a name an earlier part of the body carried.
    mutating func setPartName(_ value: ArraySlice<UInt8>) {
        nameBuffer.removeAll()
        nameBuffer.append(value)
        part.hasName = true
        noteRepeatedName(value)
    }

    /// The most names ``seenNames`` holds: names are compared among the first this many parts.
    static let repeatedNameCapacity = 10_000

    /// Reports `name-duplicate` the first time a name an earlier part carried comes again (names ending in `[]` excepted).
    mutating func noteRepeatedName(_ value: ArraySlice<UInt8>) {
        if value.count >= 2 && value[value.endIndex - 2] == UInt8(ascii: "[") && value[value.endIndex - 1] == UInt8(ascii: "]") {
            return
        }
        let hash = value.withUnsafeBytes(SeenNames.hash)
        guard let earlier = seenNames.first(carrying: hash, part: part.index) else { return }
        // Once per name: a flood of one repeated name is one finding.
        guard earlier != SeenNames.reported, let place = part.dispositionName else { return }
        seenNames.markReported(hash)
        collector.add(.nameDuplicate, offset: place.offset, line: place.line, column: place.column, part: part.index,
            "part \(earlier) already carries the name '\(escapedForMessage(value))'; receivers that keep one value per name lose all but the last")
    }

    /// Records the current part's filename parameter.
    mutating func setPartFilename(_ value: ArraySlice<UInt8>) {
        filenameBuffer.removeAll()
        filenameBuffer.append(value)
        part.hasFilename = true
    }

    /// Records the current part's Content-Type: its value, whitespace trimmed, and what it said.
    mutating func setPartContentType(_ value: ArraySlice<UInt8>, _ media: PartMedia) {
        contentTypeBuffer.removeAll()
        contentTypeBuffer.append(value)
        part.media = media
    }

    var formCharsetIsUTF8 = true
    /// The names parts of this body carried, each with the first part's index (at most ``repeatedNameCapacity``).
    var seenNames = SeenNames(capacity: repeatedNameCapacity)
    /// Whether the preamble holds a byte other than CR, LF, space and tab.
    var preambleHasText = false
    var collecting: Bool
    var hadContentType = false

    init(contentType: [UInt8]?, options: ValidationOptions, depth: Int) {
        self.options = options
        self.depth = depth
        self.formData = true
        self.collecting = options.collectParts
        collector = DiagnosticCollector(limit: options.maxDiagnostics)
        hadContentType = contentType != nil
        if let contentType {
            let value = HeaderValue(plain: contentType)
            let media = MediaType.parse(contentType)
            boundary = checkBoundaryParameters(media, value: value, outer: true)
            if let given = boundary, !Self.canFrame(given) { boundary = nil }
            if boundary == nil { phase = .inferring }
        } else {
            phase = .inferring
        }
        if let boundary { setBoundary(boundary) }
    }

    /// An engine for the content of a nested multipart part.
    init(nestedBoundary: [UInt8]?, options: ValidationOptions, depth: Int) {
        self.options = options
        self.depth = depth
        self.formData = false
        self.collecting = false
        collector = DiagnosticCollector(limit: options.maxDiagnostics)
        if let nestedBoundary, Self.canFrame(nestedBoundary) {
            setBoundary(nestedBoundary)
        } else {
            phase = .inferring
        }
    }

    /// Whether a boundary can frame a body: it holds no CR or LF. (One that does is reported as
    /// invalid; framing with it would let a delimiter begin inside another, which the search and the
    /// held-candidate logic rule out. The boundary is then inferred from the body instead.)
    static func canFrame(_ boundary: [UInt8]) -> Bool {
        !boundary.contains(ByteClass.cr) && !boundary.contains(ByteClass.lf)
    }

    mutating func setBoundary(_ value: [UInt8]) {
        boundary = value
        search = DelimiterSearch(boundary: value)
        dashBoundary = [ByteClass.dash, ByteClass.dash] + value
        delimiterLine = [ByteClass.cr] + search!.pattern + [ByteClass.dash]
        // The start of the body counts as the start of a line.
        carry = .virtualLineFeed(at: -1)
    }

    // MARK: Positions

    /// The line and column of `offset`, valid when no LF lies between the last passed LF and `offset`.
    func location(_ offset: Int) -> (line: Int, column: Int) { (lineFeeds + 1, offset - lineStart + 1) }

    /// Accounts for the line feeds in bytes that have been processed.
    mutating func pass(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int) {
        guard !range.isEmpty else { return }
        pass(counted: LineCounter.count(in: bytes, range), range, offset: offset)
    }

    /// Accounts for processed bytes whose line feeds were already counted.
    mutating func pass(counted: (count: Int, lastLF: Int?), _ range: Range<Int>, offset: Int) {
        if let last = counted.lastLF {
            if counted.count == 1 {
                previousLineStart = lineStart
            } else {
                previousLineStart = -1
            }
            lineFeeds += counted.count
            lineStart = offset + (last - range.lowerBound) + 1
        }
    }

    mutating func report(
        _ rule: Rule.ID, at offset: Int, line: Int? = nil, column: Int? = nil, _ message: @autoclosure () -> String,
        fix: @autoclosure () -> String? = nil,
        part index: Int? = nil
    ) {
        let here = location(offset)
        collector.add(
            rule, offset: offset, line: line ?? here.line, column: column ?? here.column, part: index ?? (hasPart ? part.index : nil),
            message(), fix: fix())
    }

    // MARK: Input

    mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0 else { return }
        remember(chunk)
        var index = 0
        while index < chunk.count {
            index = step(chunk, index)
        }
    }

    /// Keeps the first and last bytes of the stream for diagnoses made at the end.
    mutating func remember(_ chunk: UnsafeRawBufferPointer) {
        ends.append(chunk)
    }

    /// Processes bytes from `index` in the current phase and returns where processing stopped.
    mutating func step(_ chunk: UnsafeRawBufferPointer, _ index: Int) -> Int {
        let base = position - index
        switch phase {
        case .inferring:
            return collectInferenceLine(chunk, index)
        case .unframed:
            pass(chunk, index..<chunk.count, offset: base + index)
            position = base + chunk.count
            return chunk.count
        case .scanning(let region):
            return scan(chunk, index, region: region)
        case .tail(let state):
            return tailStep(chunk[index], state: state) ? index + 1 : index
        case .skipLine(let close):
            var end = index
            while end < chunk.count && chunk[end] != ByteClass.lf { end += 1 }
            if end == chunk.count {
                position = base + end
                return end
            }
            pass(chunk, index..<(end + 1), offset: base + index)
            position = base + end + 1
            lineEnded(close: close)
            return end + 1
        case .headers:
            return headerBytes(chunk, index)
        }
    }

    // MARK: Scanning for delimiters

    /// Searches preamble, body or epilogue bytes for the next delimiter.
    mutating func scan(_ chunk: UnsafeRawBufferPointer, _ start: Int, region: Region) -> Int {
        let base = position - start
        var index = start
        if !carry.isEmpty {
            let pattern = search!.pattern
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
                carry = DelimiterCarry()
                // A virtual carry's LF was already passed; the bytes matched after it are content.
                release(held, region: region)
                position = base + index
                return index
            }
            if held.matched < pattern.count {
                carry = held
                position = base + index
                return index
            }
            // The carry completed a delimiter.
            carry = DelimiterCarry()
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
        let found = search!.search(in: chunk, from: index)
        if let lf = found.match {
            let hasCR = lf > index && chunk[lf - 1] == ByteClass.cr
            let delimiterStart = hasCR ? lf - 1 : lf
            content(
                chunk, index..<delimiterStart, offset: base + index, region: region,
                counted: (found.lineFeeds, found.lastLineFeed))
            let end = lf + search!.pattern.count
            position = base + end
            let matched = DelimiterCarry(
                carriageReturn: hasCR, matched: search!.pattern.count, virtual: false, start: base + delimiterStart)
            matchedDelimiter(matched, region: region)
            return end
        }
        let keep = search!.partialSuffixStart(in: chunk, from: index) ?? chunk.count
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
            carry = DelimiterCarry(
                carriageReturn: carriageReturn, matched: chunk.count - keep - (carriageReturn ? 1 : 0), virtual: false,
                start: base + keep)
        }
        position = base + chunk.count
        return chunk.count
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
        if region == .preamble && !preambleHasText {
            preambleHasText = bytes[range].contains { !ByteClass.isWhitespace($0) && $0 != ByteClass.cr && $0 != ByteClass.lf }
        }
        if let counted {
            pass(counted: counted, range, offset: offset)
        } else {
            pass(bytes, range, offset: offset)
        }
        if region == .body { noteContentEnd() }
    }

    /// A complete `LF "--" boundary` (with its CR, if any) was found at `matched.start`.
    mutating func matchedDelimiter(_ matched: DelimiterCarry, region: Region) {
        let offset = matched.start
        let virtual = matched.virtual
        let hasCR = matched.carriageReturn
        let lfOffset = hasCR ? offset + 1 : offset
        let dashOffset = virtual ? offset + 1 : lfOffset + 1
        var bareLF: (Int, Int, Int)? = nil
        if !virtual && !hasCR {
            let here = location(lfOffset)
            bareLF = (lfOffset, here.line, here.column)
        }
        var contentEnd = virtual ? dashOffset : offset
        if virtual && region == .preamble { contentEnd = 0 }
        let contentEndLineFeeds = lineFeeds
        let contentEndLineStart = lineStart
        // Virtual carries stand for an LF that was already passed.
        if !virtual { passByte(ByteClass.lf, at: lfOffset) }
        let dashLine = location(dashOffset).line
        if region == .epilogue {
            report(.epilogueContainsDelimiter, at: dashOffset, "a delimiter line follows the close delimiter; conforming receivers ignore it")
            return
        }
        paddingReported = false
        pending = PendingDelimiter(
            dashOffset: dashOffset, dashLine: dashLine, region: region, bareLF: bareLF, contentEnd: contentEnd,
            bodyAbsent: virtual && region == .body, carried: matched,
            contentEndLineFeeds: contentEndLineFeeds, contentEndLineStart: contentEndLineStart)
        phase = .tail(.afterBoundary)
    }

    // MARK: The rest of a delimiter line

    /// Classifies one byte after the boundary; returns false when the byte belongs to what follows.
    mutating func tailStep(_ byte: UInt8, state: TailState) -> Bool {
        let offset = position
        position += 1
        switch state {
        case .afterBoundary:
            if byte == ByteClass.dash {
                pending!.dash = true
                phase = .tail(.singleDash)
            } else if ByteClass.isWhitespace(byte) {
                confirmDelimiter(close: false)
                reportPadding(at: offset)
                phase = .tail(.padding(close: false))
            } else if byte == ByteClass.cr {
                phase = .tail(.carriageReturn(close: false))
            } else if byte == ByteClass.lf {
                confirmDelimiter(close: false)
                report(.delimiterLineEnding, at: offset, "delimiter line ends with '\\n' without a preceding '\\r'")
                passByte(byte, at: offset)
                lineEnded(close: false)
            } else if ByteClass.isBoundaryCharNoSpace(byte) {
                position -= 1
                notADelimiter(resumeAt: byte)
                return false
            } else {
                confirmDelimiter(close: false)
                report(.delimiterLineEnding, at: offset, "unexpected '\(escapedForMessage([byte]))' after the boundary on a delimiter line")
                phase = .skipLine(close: false)
            }
        case .singleDash:
            if byte == ByteClass.dash {
                confirmDelimiter(close: true)
                phase = .tail(.afterClose)
            } else if byte == ByteClass.cr || byte == ByteClass.lf || ByteClass.isWhitespace(byte) {
                confirmDelimiter(close: true)
                report(.closeDelimiterJunk, at: offset - 1, "close delimiter has a single '-' after the boundary; it needs two")
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
                reportPadding(at: offset)
                phase = .tail(.padding(close: true))
            } else if byte == ByteClass.cr {
                phase = .tail(.carriageReturn(close: true))
            } else if byte == ByteClass.lf {
                report(.delimiterLineEnding, at: offset, "close delimiter line ends with '\\n' without a preceding '\\r'")
                passByte(byte, at: offset)
                lineEnded(close: true)
            } else {
                report(.closeDelimiterJunk, at: offset, "unexpected '\(escapedForMessage([byte]))' after the close delimiter")
                phase = .skipLine(close: true)
            }
        case .padding(close: false):
            if ByteClass.isWhitespace(byte) {
                return true
            } else if byte == ByteClass.cr {
                phase = .tail(.carriageReturn(close: false))
            } else if byte == ByteClass.lf {
                report(.delimiterLineEnding, at: offset, "delimiter line ends with '\\n' without a preceding '\\r'")
                passByte(byte, at: offset)
                lineEnded(close: false)
            } else {
                report(.delimiterLineEnding, at: offset, "unexpected '\(escapedForMessage([byte]))' after the boundary on a delimiter line")
                phase = .skipLine(close: false)
            }
        case .carriageReturn(let close):
            if !close && pending != nil { confirmDelimiter(close: false) }
            if byte == ByteClass.lf {
                passByte(byte, at: offset)
                lineEnded(close: close)
            } else {
                position -= 1
                report(.delimiterLineEnding, at: offset - 1, "'\\r' after the boundary is not followed by '\\n'")
                // The rest of the line, up to LF, is skipped.
                phase = .skipLine(close: close)
                return false
            }
        }
        return true
    }

    mutating func passByte(_ byte: UInt8, at offset: Int) {
        if byte == ByteClass.lf {
            previousLineStart = lineStart
            lineFeeds += 1
            lineStart = offset + 1
        }
    }

    mutating func reportPadding(at offset: Int) {
        guard !paddingReported else { return }
        paddingReported = true
        report(.transportPadding, at: offset, "whitespace after the boundary on a delimiter line (transport padding)")
    }

    /// The matched line is content that starts with the delimiter.
    mutating func notADelimiter(resumeAt byte: UInt8) {
        let delimiter = pending!
        pending = nil
        if delimiter.region == .epilogue { return }
        let dashBoundary = self.dashBoundary  // a local for the lazily built message
        report(.boundaryPrefixLine, at: delimiter.dashOffset, line: delimiter.dashLine, column: 1,
            "line starts with the delimiter '\(escapedForMessage(dashBoundary))' followed by '\(escapedForMessage([byte]))'; it is content, not a delimiter")
        if delimiter.region == .body {
            // For a virtual match the header terminator's LF was never content, and is not in the range.
            let line = delimiterLine
            let range = delimiter.carried.range(extra: delimiter.dash ? 1 : 0)
            // The line's LF was already passed; the content's positions are those before it.
            line.withUnsafeBytes {
                feedPart($0, range, offset: delimiter.contentEnd,
                    lineFeeds: delimiter.contentEndLineFeeds, lineStart: delimiter.contentEndLineStart)
            }
            noteContentEnd()
        }
        phase = .scanning(delimiter.region)
    }

    /// The matched line is a delimiter: report what belongs to its start, end the preamble or part.
    mutating func confirmDelimiter(close: Bool) {
        guard let delimiter = pending else { return }
        pending = nil
        delimiterCount += 1
        if let bare = delimiter.bareLF {
            report(.delimiterBareLF, at: bare.offset, line: bare.line, column: bare.column,
                "delimiter is preceded by '\\n' without '\\r'")
        }
        switch delimiter.region {
        case .preamble:
            if delimiter.dashOffset > 0 {
                report(.preamblePresent, at: 0, line: 1, column: 1,
                    "\(delimiter.dashOffset) byte\(delimiter.dashOffset == 1 ? "" : "s") before the first delimiter")
            }
            if close {
                report(.zeroParts, at: delimiter.dashOffset, line: delimiter.dashLine, column: 1,
                    "the first delimiter is the close delimiter: the body has no part")
                if preambleHasText {
                    report(.preambleWithoutParts, at: delimiter.dashOffset, line: delimiter.dashLine, column: 1,
                        "the \(delimiter.dashOffset)-byte preamble is followed only by the close delimiter: whatever it holds reaches no receiver")
                }
            }
        case .body:
            if delimiter.bodyAbsent {
                report(.partBodyAbsent, at: delimiter.dashOffset, line: delimiter.dashLine, column: 1,
                    "the delimiter directly follows the blank line that ends the headers, so the part has no body section")
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
            phase = .scanning(.epilogue)
            epilogueStart = position
            epilogueLocation = location(position)
            carry = .virtualLineFeed(at: position - 1)
        } else {
            if let start = partStart {
                partStart = nil
                startPart(delimiterOffset: start.offset, line: start.line)
            }
            phase = .headers
            beginHeaders()
        }
    }

    var epilogueLocation: (line: Int, column: Int) = (1, 1)

    // MARK: End of input

    mutating func finish() -> ValidationReport {
        tail = ends.tail
        if phase == .inferring { finishInference() }
        let end = position
        switch phase {
        case .inferring, .unframed:
            diagnoseUnframed(end: end)
        case .scanning(let region):
            if !carry.isEmpty {
                let held = carry
                carry = DelimiterCarry()
                release(held, region: region)
            }
            switch region {
            case .preamble: diagnoseUnframed(end: end)
            case .body:
                closeMissing(end: end)
                endPart(contentEnd: end)
            case .epilogue: break
            }
        case .tail(let state):
            switch state {
            case .afterBoundary, .padding(close: false):
                confirmDelimiterAtEnd(end: end)
            case .singleDash:
                confirmDelimiter(close: true)
                report(.closeDelimiterJunk, at: end - 1, "close delimiter has a single '-' after the boundary; it needs two")
            case .afterClose, .padding(close: true):
                report(.closeDelimiterNoFinalCRLF, at: end, "the body ends right after the close delimiter, without '\\r\\n'")
            case .carriageReturn(let close):
                if !close && pending != nil { confirmDelimiter(close: false) }
                report(.delimiterLineEnding, at: end - 1, "'\\r' after the boundary is not followed by '\\n'")
                if !close { closeMissing(end: end) ; endPart(contentEnd: end) }
            }
        case .skipLine(let close):
            if !close {
                closeMissing(end: end)
                endPart(contentEnd: end)
            }
        case .headers:
            if hasPart, headerLine.starts(with: dashBoundary), isDelimiterRest(headerLine.bytes[dashBoundary.count...]) {
                // The last line is an unfinished delimiter line inside the headers.
                let start = part.lineStartOffset
                let line = Array(headerLine.bytes)
                headerLine.removeAll()
                if case .delimiter(let close) = delimiterInHeaders(content: line, start: start, lfOffset: end, bareLF: false),
                    close
                {
                    report(.closeDelimiterNoFinalCRLF, at: end, "the body ends right after the close delimiter, without '\\r\\n'")
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
        if let start = epilogueStart, end > start {
            collector.add(.epiloguePresent, offset: start, line: epilogueLocation.line, column: epilogueLocation.column,
                part: nil, "\(end - start) byte\(end - start == 1 ? "" : "s") follow the close delimiter line")
        }
        let finished = collector.finished()
        return ValidationReport(
            diagnostics: finished.diagnostics, parts: parts, partCount: partCount, boundary: boundary,
            byteCount: end, counts: finished.counts)
    }

    /// The body ended on `--boundary` (and maybe padding): the part before it ends, the body is truncated.
    mutating func confirmDelimiterAtEnd(end: Int) {
        if let delimiter = pending, delimiter.region == .preamble {
            confirmDelimiter(close: false)
        } else {
            confirmDelimiter(close: false)
        }
        closeMissing(end: end)
        endPart(contentEnd: end)
    }

    mutating func closeMissing(end: Int) {
        if let misplaced = misplacedCloseDelimiter(end: end) {
            let dashBoundary = self.dashBoundary  // a local for the lazily built message
            report(.delimiterNotLineStart, at: misplaced.offset, line: misplaced.line, column: misplaced.column,
                "the close delimiter '\(escapedForMessage(dashBoundary))--' is not at the start of a line",
                fix: "write '\\r\\n' before '\(escapedForMessage(dashBoundary))--'")
            return
        }
        let dashBoundary = self.dashBoundary  // a local for the lazily built message
        report(.closeDelimiterMissing, at: end, "the body ends without the close delimiter '\(escapedForMessage(dashBoundary))--'")
    }

    /// Finds `--boundary--` (plus optional padding and line break) at the very end, not at a line start.
    func misplacedCloseDelimiter(end: Int) -> (offset: Int, line: Int, column: Int)? {
        guard !dashBoundary.isEmpty else { return nil }
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
        let start = previousLineStart >= 0 ? previousLineStart : offset
        return (offset, lineFeeds + 1 - lineFeedsAfter, offset - start + 1)
    }

    /// No delimiter was ever found: explain why, using the start of the body.
    mutating func diagnoseUnframed(end: Int) {
        if end == 0 {
            collector.add(.bodyEmpty, offset: 0, line: 1, column: 1, part: nil, "the body is empty")
            return
        }
        guard !dashBoundary.isEmpty else {
            collector.add(.delimiterNotFound, offset: 0, line: 1, column: 1, part: nil,
                "no boundary is known and the first line does not start with '--'")
            return
        }
        if let index = Self.find(dashBoundary, in: head) {
            let lines = head[..<index].filter { $0 == ByteClass.lf }.count
            let start = head[..<index].lastIndex(of: ByteClass.lf).map { $0 + 1 } ?? 0
            if index == start {
                // A line starts with the delimiter but goes on: the body's boundary is longer than the one given.
                let rest = Array(head[(index + dashBoundary.count)...].prefix { $0 != ByteClass.cr && $0 != ByteClass.lf }.prefix(70))
                collector.add(.delimiterNotFound, offset: index, line: lines + 1, column: 1, part: nil,
                    "a line starts with '\(escapedForMessage(dashBoundary))' but goes on with '\(escapedForMessage(rest))', so it is no delimiter; the body's boundary looks like '\(escapedForMessage(dashBoundary.dropFirst(2) + rest))', longer than the one given",
                    fix: "give the whole boundary in the Content-Type")
            } else {
                collector.add(.delimiterNotLineStart, offset: index, line: lines + 1, column: index - start + 1, part: nil,
                    "'\(escapedForMessage(dashBoundary))' appears, but not at the start of a line",
                    fix: "start the body with '\(escapedForMessage(dashBoundary))\\r\\n' and put '\\r\\n' before every delimiter")
            }
            return
        }
        let folded = dashBoundary.map(ByteClass.lowercased)
        if Self.find(folded, in: head.map(ByteClass.lowercased)) != nil {
            collector.add(.delimiterNotFound, offset: 0, line: 1, column: 1, part: nil,
                "no line starts with '\(escapedForMessage(dashBoundary))'; the body uses the boundary in different letter case, and boundaries are case-sensitive")
            return
        }
        collector.add(.delimiterNotFound, offset: 0, line: 1, column: 1, part: nil,
            "no line starts with '\(escapedForMessage(dashBoundary))'")
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}

