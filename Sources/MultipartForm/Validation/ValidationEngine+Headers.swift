#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ValidationEngine {
    // MARK: Part lifecycle

    mutating func startPart(delimiterOffset: Int, line: Int) {
        partCount += 1
        let index = partCount - 1
        if partCount == options.maxParts + 1 {
            collector.add(.limitParts, offset: delimiterOffset, line: line, column: 1, part: index,
                "more than \(options.maxParts) part\(options.maxParts == 1 ? "" : "s"); further parts are checked but not collected")
        }
        part = PartState(index: index, collect: collecting && partCount <= options.maxParts)
        hasPart = true
        field.clear()
    }

    mutating func beginHeaders() {
        guard hasPart else { return }
        part.headerStart = position
        let here = location(position)
        part.headerLocation = Located(offset: position, line: here.line, column: here.column)
        part.lineStartOffset = position
    }

    /// Reads header bytes up to the end of the current line.
    mutating func headerBytes(_ chunk: UnsafeRawBufferPointer, _ start: Int) -> Int {
        let base = position - start
        let end = chunk.index(of: ByteClass.lf, from: start)
        let room = options.maxHeaderLineLength + 2 - headerLine.count
        if room > 0 {
            headerLine.append(UnsafeRawBufferPointer(rebasing: chunk[start..<min(end, start + room)]))
        }
        if end > start { part.lineEndsWithCR = chunk[end - 1] == ByteClass.cr }
        guard end < chunk.count else {
            position = base + end
            return end
        }
        position = base + end + 1
        let outcome = headerLineEnded(lfOffset: base + end)
        passByte(ByteClass.lf, at: base + end)
        switch outcome {
        case .header: break
        case .blank: break
        case .delimiter(let close): lineEnded(close: close)
        }
        return end + 1
    }

    /// Reports the part's header section past its limit, at its first byte past it (on the current
    /// line), and skips the rest of the section.
    mutating func reportSectionOverLimit() {
        part.skipping = true
        let limit = options.maxHeaderBytes
        report(.limitHeaderBytes, at: part.headerStart + limit, "the part's headers exceed \(limit) bytes; the rest are skipped")
    }

    /// At the end of input inside the headers, the unfinished line is still checked.
    mutating func finishHeaderLineAtEnd() {
        guard hasPart else { return }
        flushField()
        finishHeaders(end: position)
    }

    enum HeaderLineOutcome {
        case header
        case blank
        case delimiter(close: Bool)
    }

    /// Handles the header line in ``headerLine``, whose LF is at `lfOffset`, and empties the buffer.
    mutating func headerLineEnded(lfOffset: Int) -> HeaderLineOutcome {
        defer { headerLine.removeAll() }
        let start = part.lineStartOffset
        part.lineStartOffset = lfOffset + 1
        let length = lfOffset - start
        let endsWithCR = part.lineEndsWithCR && length > 0
        part.lineEndsWithCR = false
        let bareLF = !endsWithCR
        if endsWithCR && headerLine.count == length { headerLine.removeLast() }
        if headerLine.starts(with: dashBoundary), isDelimiterRest(headerLine.bytes[dashBoundary.count...]) {
            return delimiterInHeaders(content: Array(headerLine.bytes), start: start, lfOffset: lfOffset, bareLF: bareLF)
        }
        if bareLF {
            report(.headerBareLF, at: lfOffset, "header line ends with '\\n' without a preceding '\\r'")
        }
        if headerLine.isEmpty {
            endHeaders(lfOffset: lfOffset)
            return .blank
        }
        part.lineCount += 1
        part.sectionBytes += length + 1
        if part.skipping { return .header }
        if part.lineCount > options.maxHeaderLines {
            flushField()
            part.skipping = true
            let limit = options.maxHeaderLines
            report(.limitHeaderLines, at: start, "more than \(limit) header line\(limit == 1 ? "" : "s") in one part; the rest are skipped")
            return .header
        }
        // The line's own limit first: one overlong line is named as such. When the same line also
        // takes the section past its limit, that is reported too: the first byte past it is on this
        // line, which is where the position must point.
        let lineLength = endsWithCR ? length - 1 : length
        let sectionOverLimit = part.sectionBytes > options.maxHeaderBytes
        if lineLength > options.maxHeaderLineLength {
            flushField()
            let limit = options.maxHeaderLineLength
            report(.limitHeaderLineLength, at: start, "header line of \(lineLength) bytes exceeds the limit of \(limit); it is skipped")
            if sectionOverLimit { reportSectionOverLimit() }
            return .header
        }
        if sectionOverLimit {
            flushField()
            reportSectionOverLimit()
            return .header
        }
        let number = lineFeeds + 1
        if headerLine.count > 998 {
            let length = headerLine.count
            report(.headerLineTooLong, at: start, "header line is \(length) bytes long; the limit is 998")
        }
        if ByteClass.isWhitespace(headerLine[0]) {
            if field.isEmpty && part.lineCount == 1 {
                report(.headerLeadingWhitespace, at: start, "the part's first header line starts with whitespace")
                var stripped = 0
                while stripped < headerLine.count && ByteClass.isWhitespace(headerLine[stripped]) { stripped += 1 }
                field.append(headerLine, start: start, number: number)
                field.strippedLeading = stripped
                checkLineBytes(fieldLine: 0)
            } else {
                report(.headerFolded, at: start, "header field continues on a line starting with whitespace (folding)")
                if !field.isEmpty {
                    field.append(headerLine, start: start, number: number)
                    checkLineBytes(fieldLine: field.lineCount - 1)
                }
            }
            return .header
        }
        flushField()
        if field.isEmpty {
            field.start(taking: &headerLine, start: start, number: number)
        } else {
            field.append(headerLine, start: start, number: number)
        }
        checkLineBytes(fieldLine: 0)
        return .header
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
        report(.partHeadersUnterminated, at: start, "a delimiter line arrived before the blank line that ends the part's headers")
        flushField()
        finishHeaders(end: start)
        endPart(contentEnd: start)
        delimiterCount += 1
        var index = dashBoundary.count
        var close = false
        if index < content.count && content[index] == ByteClass.dash {
            close = true
            if index + 1 < content.count && content[index + 1] == ByteClass.dash {
                index += 2
            } else {
                report(.closeDelimiterJunk, at: start + index, "close delimiter has a single '-' after the boundary; it needs two")
                index = content.count
            }
        }
        if index < content.count && ByteClass.isWhitespace(content[index]) {
            report(.transportPadding, at: start + index, "whitespace after the boundary on a delimiter line (transport padding)")
            while index < content.count && ByteClass.isWhitespace(content[index]) { index += 1 }
        }
        if index < content.count {
            // Worded as when the line is read as content (ValidationEngine.tailStep), so one fault reads the same.
            let byte = content[index]
            if close {
                report(.closeDelimiterJunk, at: start + index, "unexpected '\(escapedForMessage([byte]))' after the close delimiter")
            } else if byte == ByteClass.cr {
                report(.delimiterLineEnding, at: start + index, "'\\r' after the boundary is not followed by '\\n'")
            } else {
                report(.delimiterLineEnding, at: start + index, "unexpected '\(escapedForMessage([byte]))' after the boundary on a delimiter line")
            }
        } else if bareLF {
            report(.delimiterLineEnding, at: lfOffset, "delimiter line ends with '\\n' without a preceding '\\r'")
        }
        if close {
            sawClose = true
        } else {
            partStart = (start, lineFeeds + 1)
        }
        return .delimiter(close: close)
    }

    /// Byte-class checks on one physical header line of ``field``, each at most once.
    mutating func checkLineBytes(fieldLine: Int) {
        let content = field.content(fieldLine)
        // Most lines are printable ASCII and tabs throughout: nothing to look for. Otherwise the
        // bytes before the first other one need no second look.
        guard let firstOther = content.withUnsafeBytes(Self.firstNotPrintableOrTab) else { return }
        let start = field.line(fieldLine).start
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
            report(.headerNUL, at: start + nul, "NUL byte in a part header")
        }
        if let cr {
            report(.headerBareCR, at: start + cr, "'\\r' in a part header is not followed by '\\n'")
        }
        if let control {
            report(.headerControlCharacter, at: start + control,
                "control character '\(escapedForMessage([content[base + control]]))' in a part header value")
        }
        if let high {
            if let invalid = UTF8Check.firstInvalidIndex(Array(content)) {
                report(.headerInvalidUTF8, at: start + invalid,
                    "'\(escapedForMessage(content[(base + invalid)...].prefix(4)))' is not valid UTF-8")
            } else {
                let first = field.content(0)
                let colon = first.firstIndex(of: ByteClass.colon)
                let name = colon.map { trimmedName(first[(first.startIndex + field.strippedLeading)..<$0]) } ?? []
                if !ByteClass.equalsIgnoringCase(name, ByteClass.contentDisposition) {
                    report(.headerNonASCII, at: start + high, "non-ASCII bytes in a part header")
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

    // MARK: Header fields

    /// Interprets the pending header field, if any, and forgets it.
    mutating func flushField() {
        guard hasPart, !field.isEmpty else { return }
        interpretField()
        field.clear()
    }

    /// The index of the first `:` in a header line at or after `start` and, when there is one, of
    /// the first byte from `start` up to it that is not visible ASCII (0x21–0x7E): `memchr`, then
    /// eight bytes at a time.
    static func scanFieldName(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> (colon: Int?, firstNotVisible: Int?) {
        guard start < line.count, let base = line.baseAddress,
            let hit = memchr(base + start, Int32(ByteClass.colon), line.count &- start)
        else { return (nil, nil) }
        let colon = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        var index = start
        while index &+ 8 <= colon && ByteClass.allVisible(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index &+= 8
        }
        while index < colon {
            if (line[index] &- 0x21) >= 0x5E { return (colon, index) }
            index &+= 1
        }
        return (colon, nil)
    }

    /// Where a one-line value departs from `": " value` with no trailing whitespace: the index (from
    /// the byte after the colon) of the missing, doubled or tab separator, or of the trailing whitespace.
    static func valueWhitespaceFault(_ value: ArraySlice<UInt8>) -> Int? {
        guard let first = value.first else { return nil }
        let start = value.startIndex
        if first != ByteClass.space { return 0 }
        if value.count >= 2 && ByteClass.isWhitespace(value[start + 1]) { return 1 }
        if value.count >= 2, let last = value.last, ByteClass.isWhitespace(last) {
            var trailing = value.endIndex - 1
            while trailing > start + 1 && ByteClass.isWhitespace(value[trailing - 1]) { trailing -= 1 }
            return trailing - start
        }
        return nil
    }

    /// Checks the pending field's name and hands its value to the reader for that field.
    private mutating func interpretField() {
        let first = field.line(0)
        let content = field.content(0)
        let base = content.startIndex
        func at(_ offset: Int) -> Located { field.locate(offset) }
        func add(_ rule: Rule.ID, _ offset: Int, _ message: @autoclosure () -> String) {
            let place = at(offset)
            collector.add(rule, offset: offset, line: place.line, column: place.column, part: part.index, message())
        }
        // Positions in the first line, counted from its first byte. Stripped leading bytes are whitespace, never ':'.
        let nameStart = field.strippedLeading
        let scanned = content.withUnsafeBufferPointer { Self.scanFieldName($0, from: nameStart) }
        guard let colon = scanned.colon else {
            add(.headerMissingColon, first.start, "header line has no ':'; a blank line must separate the headers from the value")
            return
        }
        let colonIndex = base + colon
        var nameEnd = colon
        while nameEnd > nameStart && ByteClass.isWhitespace(content[base + nameEnd - 1]) { nameEnd -= 1 }
        if nameEnd < colon {
            add(.headerWhitespaceBeforeColon, first.start + nameEnd, "whitespace between the header name and ':'")
        }
        let name = content[(base + nameStart)..<(base + nameEnd)]
        if name.isEmpty {
            add(.headerNameInvalid, first.start + colon, "header field name is empty")
        } else if let bad = scanned.firstNotVisible, bad < nameEnd {
            // Whitespace before the colon is not visible either, but it lies past `nameEnd`.
            add(.headerNameInvalid, first.start + bad, "'\(escapedForMessage([content[base + bad]]))' is not allowed in a header field name")
        }
        let isDisposition = ByteClass.equalsIgnoringCase(name, ByteClass.contentDisposition)
        if !ByteClass.canonicalHeaderNames.contains(where: { name.elementsEqual($0) }), name.contains(where: ByteClass.isUpperCase),
            let known = ByteClass.partHeaderNames.firstIndex(where: { ByteClass.equalsIgnoringCase(name, $0) }),
            case let canonical = ByteClass.canonicalHeaderNames[known]
        {
            add(.headerNameCase, first.start + nameStart,
                "'\(escapedForMessage(name))' is neither '\(String(decoding: canonical, as: UTF8.self))' nor lower case")
        }
        if field.lineCount == 1, let fault = Self.valueWhitespaceFault(content[(colonIndex + 1)...]),
            isDisposition || ByteClass.partHeaderNames.dropFirst().contains(where: { ByteClass.equalsIgnoringCase(name, $0) })
        {
            add(.headerValueWhitespace, first.start + colon + 1 + fault,
                "write one space after the colon and none after the value")
        }
        if isDisposition && field.lineCount == 1 && formData && !part.sawDisposition && usesCanonicalHeaders,
            let canonical = CanonicalDisposition.match(content[(colonIndex + 1)...])
        {
            // What readDisposition(_:) would record for this value, without building the value.
            part.sawDisposition = true
            part.dispositionName = at(first.start + nameStart)
            let valueStart = colonIndex + 1
            setPartName(content[(valueStart + canonical.name.lowerBound)..<(valueStart + canonical.name.upperBound)])
            if let filename = canonical.filename {
                setPartFilename(content[(valueStart + filename.lowerBound)..<(valueStart + filename.upperBound)])
                part.filenameParameter = at(first.start + colon + 1 + canonical.filenameAttribute)
            }
            return
        }
        let isContentType = !isDisposition && ByteClass.equalsIgnoringCase(name, ByteClass.contentType)
        if isContentType && field.lineCount == 1 && part.media == nil && usesCanonicalHeaders,
            let canonical = CanonicalMediaType.match(content[(colonIndex + 1)...])
        {
            // What readPartContentType(_:) would record for this value, without building the value.
            part.contentTypeName = at(first.start + nameStart)
            let valueStart = colonIndex + 1
            let type = content[(valueStart + canonical.type.lowerBound)..<(valueStart + canonical.type.upperBound)]
            setPartContentType(
                content[(valueStart + canonical.range.lowerBound)..<(valueStart + canonical.range.upperBound)],
                PartMedia(kind: PartMedia.Kind(type: type), isWellFormed: true, charsetIsUTF8: nil))
            return
        }
        // The value: the first line after the colon, then each continuation line, in a reused buffer.
        var bytes: [UInt8] = []
        swap(&bytes, &valueBuffer)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: content[(colonIndex + 1)...])
        var continuations: [HeaderValue.Piece] = []
        for index in 1..<field.lineCount {
            let line = field.line(index)
            continuations.append(HeaderValue.Piece(index: bytes.count, offset: line.start))
            bytes.append(contentsOf: field.bytes[line.range])
        }
        let last = field.line(field.lineCount - 1)
        let value = HeaderValue(
            bytes: bytes, firstOffset: first.start + colon + 1, continuations: continuations,
            endOffset: last.start + last.range.count)
        bytes = []
        defer { valueBuffer = value.bytes }
        let nameLocation = at(first.start + nameStart)
        if isDisposition {
            if part.sawDisposition {
                add(.contentDispositionDuplicate, first.start + nameStart, "second Content-Disposition field in one part; the first is used")
            } else {
                part.sawDisposition = true
                part.dispositionName = nameLocation
                if formData { readDisposition(value) }
            }
        } else if isContentType {
            if part.media != nil {
                add(.headerDuplicate, first.start + nameStart, "second Content-Type field in one part; the first is used")
            } else {
                part.contentTypeName = nameLocation
                readPartContentType(value)
            }
        } else if ByteClass.equalsIgnoringCase(name, ByteClass.contentTransferEncoding) {
            if part.sawTransferEncoding {
                add(.headerDuplicate, first.start + nameStart, "second Content-Transfer-Encoding field in one part; the first is used")
            } else {
                part.sawTransferEncoding = true
                if formData {
                    add(.contentTransferEncodingPresent, first.start + nameStart, "part carries Content-Transfer-Encoding")
                }
                let trimmed = value.trimmed()
                part.transferEncoding = trimmed.bytes
                part.transferEncodingValue = at(trimmed.offset(0))
                let mechanism = String(decoding: trimmed.bytes.map(ByteClass.lowercased), as: UTF8.self)
                let known = ["7bit", "8bit", "binary", "quoted-printable", "base64"].contains(mechanism)
                let isToken = !trimmed.bytes.isEmpty && trimmed.bytes.allSatisfy(ByteClass.isTokenChar)
                if !isToken || !(known || mechanism.hasPrefix("x-")) {
                    add(.contentTransferEncodingInvalid, trimmed.offset(0),
                        "'\(escapedForMessage(trimmed.bytes))' is not a Content-Transfer-Encoding mechanism")
                    part.transferEncoding = nil
                }
            }
        } else if formData {
            add(.headerNotAllowed, first.start + nameStart, "header field '\(escapedForMessage(name))' is not allowed in a form-data part")
        }
    }

    mutating func readPartContentType(_ value: HeaderValue) {
        let trimmed = value.trimmed()
        let media = MediaType.parse(value.bytes)
        let kind = PartMedia.Kind(type: media.type[...])
        // A charset parameter counts only with a value.
        let charset = media.parameter(ByteClass.charsetParameter).flatMap { $0.value.isEmpty ? nil : $0 }
        setPartContentType(
            trimmed.bytes[...],
            PartMedia(kind: kind, isWellFormed: media.syntaxError == nil, charsetIsUTF8: charset.map { Charsets.isUTF8($0.value) }))
        func add(_ rule: Rule.ID, _ index: Int, _ message: @autoclosure () -> String) {
            let offset = value.offset(index)
            let place = field.locate(offset)
            collector.add(rule, offset: offset, line: place.line, column: place.column, part: part.index, message())
        }
        if let error = media.syntaxError {
            add(.partContentTypeSyntax, error.index, error.message)
        }
        if let charset, !Charsets.isKnown(charset.value) {
            add(.charsetUnknown, charset.valueIndex, "'\(escapedForMessage(charset.value))' is not a known charset")
        }
        guard kind == .multipart else { return }
        add(.nestedMultipart, trimmed.bytes.isEmpty ? value.bytes.count : value.bytes.firstIndex(where: { !ByteClass.isWhitespace($0) }) ?? 0,
            "part is itself a multipart body ('\(escapedForMessage(trimmed.bytes))'); send one part per file instead")
        let pending = field
        let located = { (index: Int) -> Located in pending.locate(value.offset(index)) }
        let nestedBoundary = checkBoundaryParameters(media, value: value, outer: false, locate: located)
        if let nestedBoundary, let outer = boundary, nestedBoundary.starts(with: outer), let parameter = media.parameter(ByteClass.boundaryParameter) {
            add(.nestedBoundaryPrefix, parameter.valueIndex, "the nested boundary begins with the enclosing boundary '\(escapedForMessage(outer))'")
        }
        if depth + 1 > options.maxNestingDepth {
            let start = value.bytes.firstIndex(where: { !ByteClass.isWhitespace($0) }) ?? 0
            add(.limitNestingDepth, start, "multipart nesting deeper than \(options.maxNestingDepth); the nested body is not checked")
            return
        }
        part.nested = NestedValidation(ValidationEngine(nestedBoundary: nestedBoundary, options: options, depth: depth + 1))
    }

    // MARK: End of headers

    mutating func endHeaders(lfOffset: Int) {
        flushField()
        finishHeaders(end: lfOffset + 1)
        part.bodyStart = lfOffset + 1
        part.bodyLocation = Located(offset: lfOffset + 1, line: lineFeeds + 2, column: 1)
        part.hasBodySection = true
        part.contentEndLineFeeds = lineFeeds + 1
        part.contentEndLineStart = lfOffset + 1
        phase = .scanning(.body)
        carry = .virtualLineFeed(at: lfOffset)
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
        func add(_ rule: Rule.ID, _ place: Located, _ message: @autoclosure () -> String) {
            collector.add(rule, offset: place.offset, line: place.line, column: place.column, part: index, message())
        }
        let media = part.media
        let isMultipart = media?.kind == .multipart
        if let encoding = part.transferEncoding, isMultipart,
            !["7bit", "8bit", "binary"].contains(String(decoding: encoding.map(ByteClass.lowercased), as: UTF8.self)),
            let place = part.transferEncodingValue
        {
            add(.contentTransferEncodingInvalid, place, "a multipart part may only use 7bit, 8bit or binary, not '\(escapedForMessage(encoding))'")
        }
        guard formData else { return }
        if !part.sawDisposition {
            add(.contentDispositionMissing, part.headerLocation, "part has no Content-Disposition header field")
        }
        let isFile = part.hasFilename
        if isFile, media == nil, let place = part.filenameParameter {
            add(.fileContentTypeMissing, place, "file part has no Content-Type; it defaults to text/plain")
        }
        if !isFile, let media, let place = part.contentTypeName, !isMultipart {
            let shown = escapedForMessage(contentTypeBuffer.bytes)
            add(.fieldContentTypePresent, place, "non-file part carries Content-Type '\(shown)'")
            if media.kind != .text && media.isWellFormed, let cd = part.dispositionName {
                add(.filenameMissing, cd, "part with Content-Type '\(shown)' has no filename")
            }
        }
        let isText = !isFile && (media == nil || media!.kind == .text)
        if isText {
            var checkUTF8 = formCharsetIsUTF8
            if let isUTF8 = media?.charsetIsUTF8 { checkUTF8 = isUTF8 }
            if checkUTF8 { part.utf8 = UTF8Check() }
            if part.hasName && nameBuffer.bytes.elementsEqual(ByteClass.charsetField) { part.charsetValue = [] }
        }
    }

    // MARK: Content

    /// Hands content bytes of the current part to the checks that read content.
    ///
    /// `lineFeeds` and `lineStart` describe the line `offset` is on; they default to the engine's
    /// current line, which is right unless the bytes were held while later bytes were passed.
    mutating func feedPart(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int) {
        feedPart(bytes, range, offset: offset, lineFeeds: lineFeeds, lineStart: lineStart)
    }

    /// Hands content bytes of the current part to the checks that read content, with the line `offset` is on.
    mutating func feedPart(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int, lineFeeds: Int, lineStart: Int
    ) {
        guard hasPart, !range.isEmpty else { return }
        if part.utf8 != nil && !part.utf8Reported {
            part.utf8!.feed(bytes, range, offset: offset)
            if let invalid = part.utf8!.firstInvalid {
                part.utf8Reported = true
                // The sequence may have started in earlier content; it holds no LF, so it is on the current line.
                let local = range.lowerBound + max(0, invalid - offset)
                let before = LineCounter.count(in: bytes, range.lowerBound..<local)
                let line = lineFeeds + before.count + 1
                let start = before.lastLF.map { offset + ($0 - range.lowerBound) + 1 } ?? lineStart
                let name = partName ?? []
                collector.add(.valueNotUTF8, offset: invalid, line: line, column: invalid - start + 1, part: part.index,
                    "the value of text field '\(escapedForMessage(name))' is not valid UTF-8")
            }
        }
        if part.charsetValue != nil && part.charsetValue!.count < 64 {
            part.charsetValue!.append(contentsOf: bytes[range].prefix(64 - part.charsetValue!.count))
        }
        if part.nested != nil {
            part.uniqueNested().engine.consume(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
    }

    /// Records where the part's content currently ends, after its bytes were passed.
    mutating func noteContentEnd() {
        guard hasPart else { return }
        part.contentEndLineFeeds = lineFeeds + 1
        part.contentEndLineStart = lineStart
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
        if part.utf8 != nil, !part.utf8Reported {
            part.utf8!.finish()
            if let invalid = part.utf8!.firstInvalid {
                let name = partName ?? []
                collector.add(.valueNotUTF8, offset: invalid, line: part.contentEndLineFeeds,
                    column: invalid - part.contentEndLineStart + 1, part: index,
                    "the value of text field '\(escapedForMessage(name))' ends inside a UTF-8 sequence")
            }
        }
        let bodyLocation = part.bodyLocation
        if hasBodySection, let value = part.charsetValue {
            if Charsets.isKnown(value) {
                formCharsetIsUTF8 = Charsets.isUTF8(value)
                if !formCharsetIsUTF8 {
                    collector.add(.charsetFieldNotUTF8, offset: bodyLocation.offset, line: bodyLocation.line,
                        column: bodyLocation.column, part: index,
                        "_charset_ names '\(escapedForMessage(value))': receivers that decode every value as UTF-8 change the values")
                }
            } else {
                formCharsetIsUTF8 = false
                collector.add(.charsetFieldUnknown, offset: bodyLocation.offset, line: bodyLocation.line,
                    column: bodyLocation.column, part: index,
                    "_charset_ names '\(escapedForMessage(value))', which is not a known charset")
            }
        }
        if hasBodySection, part.nested != nil {
            let report = part.uniqueNested().engine.finish()
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
        if part.collect {
            let headerStart = part.headerStart
            parts.append(
                DecodedPart(
                    index: index, name: partName, filename: partFilename, contentType: partContentType,
                    headerRange: headerStart..<max(headerStart, part.headerEnd),
                    bodyRange: bodyStart..<max(bodyStart, contentEnd)))
        }
        hasPart = false
    }
}
