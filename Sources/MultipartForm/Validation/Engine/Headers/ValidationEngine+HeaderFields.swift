import MultipartFormSystem

extension ValidationEngine {
    /// Interprets the pending header field, if any, and forgets it.
    mutating func flushField() {
        guard hasPart, !reader.field.isEmpty else { return }
        interpretField()
        reader.field.clear()
    }

    /// The index of the first `:` in a header line at or after `start` and, when there is one, of
    /// the first byte from `start` up to it that is not visible ASCII (0x21–0x7E): `memchr`, then
    /// eight bytes at a time.
    static func scanFieldName(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> (colon: Int?, firstNotVisible: Int?) {
        guard start < line.count, let base = line.baseAddress,
            let hit = RawMemory.first(ByteClass.colon, in: base + start, count: line.count &- start)
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
        let first = reader.field.line(0)
        let content = reader.field.content(0)
        let base = content.startIndex
        func at(_ offset: Int) -> Located { reader.field.locate(offset) }
        // Positions in the first line, counted from its first byte. Stripped leading bytes are whitespace, never ':'.
        let nameStart = reader.field.strippedLeading
        let scanned = content.withUnsafeBufferPointer { Self.scanFieldName($0, from: nameStart) }
        guard let colon = scanned.colon else {
            // A line cut at the section's limit before its colon says nothing certain.
            if !reader.field.isCut { note(.missingColon, at: at(first.start)) }
            return
        }
        let colonIndex = base + colon
        var nameEnd = colon
        while nameEnd > nameStart && ByteClass.isWhitespace(content[base + nameEnd - 1]) { nameEnd -= 1 }
        if nameEnd < colon {
            note(.whitespaceBeforeColon, at: at(first.start + nameEnd))
        }
        let name = content[(base + nameStart)..<(base + nameEnd)]
        if name.isEmpty {
            note(.emptyName, at: at(first.start + colon))
        } else if let bad = scanned.firstNotVisible, bad < nameEnd {
            // Whitespace before the colon is not visible either, but it lies past `nameEnd`.
            note(.nameByte(content[base + bad]), at: at(first.start + bad))
        }
        let reading = name.withUnsafeBytes(PartHeaderName.read)
        let isDisposition = reading.field == .contentDisposition
        if reading.oddCase, let known = reading.field {
            note(.nameCase(Array(name), usual: known.canonical), at: at(first.start + nameStart))
        }
        if reader.field.lineCount == 1, reading.field != nil, !reader.field.isCut,
            let fault = Self.valueWhitespaceFault(content[(colonIndex + 1)...])
        {
            note(.valueWhitespace, at: at(first.start + colon + 1 + fault))
        }
        let isContentType = reading.field == .contentType
        // The value: the first line after the colon, then each continuation line, in a reused buffer.
        var bytes: [UInt8] = []
        swap(&bytes, &reader.valueBuffer)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: content[(colonIndex + 1)...])
        var continuations: [HeaderValue.Piece] = []
        for index in 1..<reader.field.lineCount {
            let line = reader.field.line(index)
            continuations.append(HeaderValue.Piece(index: bytes.count, offset: line.start))
            bytes.append(contentsOf: reader.field.bytes[line.range])
        }
        let last = reader.field.line(reader.field.lineCount - 1)
        let value = HeaderValue(
            bytes: bytes, firstOffset: first.start + colon + 1, continuations: continuations,
            endOffset: last.start + last.range.count)
        bytes = []
        defer { reader.valueBuffer = value.bytes }
        let nameLocation = at(first.start + nameStart)
        if isDisposition {
            if part.headers.sawDisposition {
                note(.secondDisposition, at: nameLocation)
            } else {
                beginDisposition(at: nameLocation)
                if formData { readDisposition(value, cut: reader.field.isCut) }
            }
        } else if isContentType {
            if part.headers.media != nil {
                note(.secondField("Content-Type"), at: nameLocation)
            } else {
                readPartContentType(value, at: nameLocation, cut: reader.field.isCut)
            }
        } else if reading.field == .contentTransferEncoding {
            if part.headers.sawTransferEncoding {
                note(.secondField("Content-Transfer-Encoding"), at: nameLocation)
            } else {
                part.headers.sawTransferEncoding = true
                if formData {
                    note(.transferEncodingPresent, at: nameLocation)
                }
                // A value cut at the section's limit may be a shortened mechanism: it is not read.
                guard !reader.field.isCut else { return }
                let trimmed = value.trimmed()
                reader.bytes.transferEncoding.removeAll()
                reader.bytes.transferEncoding.append(trimmed.bytes[...])
                part.headers.hasTransferEncoding = true
                part.headers.transferEncodingValue = at(trimmed.offset(0))
                let mechanism = String(decoding: trimmed.bytes.map(ByteClass.lowercased), as: UTF8.self)
                let known = ["7bit", "8bit", "binary", "quoted-printable", "base64"].contains(mechanism)
                let isToken = !trimmed.bytes.isEmpty && trimmed.bytes.allSatisfy(ByteClass.isTokenChar)
                if !isToken || !(known || mechanism.hasPrefix("x-")) {
                    note(.transferEncodingUnknown(trimmed.bytes), at: at(trimmed.offset(0)))
                    part.headers.hasTransferEncoding = false
                }
            }
        } else if formData {
            note(.notAllowed(Array(name)), at: nameLocation)
        }
    }

    /// Reads a part's Content-Type value, its field name at `fieldName`; when it was `cut` where the header section passed its
    /// limit, nothing is reported from its last parameter on (or at all, without a `;`), which the
    /// cut may have shortened.
    mutating func readPartContentType(_ value: HeaderValue, at fieldName: Located, cut: Bool = false) {
        let trimmed = value.trimmed()
        let media = MediaType.parse(value.bytes)
        let reportsBefore = cut ? (value.bytes.lastIndex(of: ByteClass.semicolon) ?? 0) : Int.max
        let kind = PartMedia.Kind(type: media.type[...])
        // A charset parameter counts only with a value.
        let charset = media.parameter(ByteClass.charsetParameter).flatMap { $0.value.isEmpty ? nil : $0 }
        setPartContentType(
            trimmed.bytes[...], at: fieldName,
            PartMedia(kind: kind, isWellFormed: media.syntaxError == nil, charsetIsUTF8: charset.map { Charsets.isUTF8($0.value) }))
        /// Where byte `index` of the value is.
        func at(_ index: Int) -> Located { reader.field.locate(value.offset(index)) }
        let partIndex = part.index
        if let error = media.syntaxError, error.index < reportsBefore {
            note(.typeSyntax(error.message), at: at(error.index), part: partIndex)
        }
        if let charset, !Charsets.isKnown(charset.value), charset.valueIndex < reportsBefore {
            note(.unknownCharset(Array(charset.value)), at: at(charset.valueIndex), part: partIndex)
        }
        guard kind == .multipart else { return }
        let typeStart = trimmed.bytes.isEmpty ? value.bytes.count : value.bytes.firstIndex(where: { !ByteClass.isWhitespace($0) }) ?? 0
        note(.nestedMultipart(trimmed.bytes), at: at(typeStart), part: partIndex)
        let pending = reader.field
        let located = { (index: Int) -> Located in pending.locate(value.offset(index)) }
        let nestedBoundary = checkBoundaryParameters(media, value: value, outer: false, locate: located)
        if let nestedBoundary, let outer = boundary, nestedBoundary.starts(with: outer), let parameter = media.parameter(ByteClass.boundaryParameter) {
            note(.nestedBoundaryPrefix(outer: outer), at: at(parameter.valueIndex), part: partIndex)
        }
        if depth + 1 > options.maxNestingDepth {
            let start = value.bytes.firstIndex(where: { !ByteClass.isWhitespace($0) }) ?? 0
            note(.nestingTooDeep(limit: options.maxNestingDepth), at: at(start), part: partIndex)
            return
        }
        reader.nested = NestedBody(ValidationEngine(nestedBoundary: nestedBoundary, options: options, depth: depth + 1))
        part.content.hasNested = true
    }
}
