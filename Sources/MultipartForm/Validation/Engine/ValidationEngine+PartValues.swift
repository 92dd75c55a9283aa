extension ValidationEngine {
    /// The current part's name parameter, or `nil` when it has none (a copy: for messages).
    ///
    /// Always inlined, as are the next two: called, they had the whole engine copied for them first.
    @inline(__always)
    var partName: [UInt8]? { hasPart && part.headers.hasName ? partBytes.name.copied() : nil }

    /// The current part's name, filename and Content-Type value as a report's part stores them.
    @inline(__always)
    var partStoredValues: (DecodedPart.InlineName, DecodedPart.Extras?) {
        let filename = partFilename, contentType = partContentType
        guard hasPart && part.headers.hasName else { return DecodedPart.stored(nameBytes: nil, filename: filename, contentType: contentType) }
        return partBytes.name.withBytes { DecodedPart.stored(nameBytes: $0, filename: filename, contentType: contentType) }
    }

    /// The current part's filename parameter, or `nil` when it has none (a copy: for reports and messages).
    @inline(__always)
    var partFilename: [UInt8]? { hasPart && part.headers.hasFilename ? partBytes.filename.copied() : nil }

    /// The current part's Content-Type value, or `nil` when it has none (a copy: for reports and messages).
    @inline(__always)
    var partContentType: [UInt8]? { hasPart && part.headers.media != nil ? partBytes.contentType.copied() : nil }

    /// Records the current part's name parameter (a copy), and reports a name an earlier part of the body carried.
    mutating func setPartName(_ value: ArraySlice<UInt8>) {
        value.withUnsafeBytes { setPartName(copying: $0) }
    }

    /// Records a copy of the current part's name parameter, and reports a name an earlier part carried.
    mutating func setPartName(copying value: UnsafeRawBufferPointer) {
        partBytes.name.copy(value)
        part.headers.hasName = true
        noteRepeatedName(value)
    }

    /// Records the current part's name parameter, read in place from the chunk being consumed (copied
    /// only if the part is still being read when the chunk is done), and reports a name an earlier part carried.
    mutating func setPartName(borrowing value: UnsafeRawBufferPointer) {
        partBytes.name.borrow(value)
        part.headers.hasName = true
        noteRepeatedName(value)
    }

    /// The most names ``seenNames`` holds: names are compared among the first this many parts.
    static let repeatedNameCapacity = 10_000

    /// Reports `name-duplicate` the first time a name an earlier part carried comes again (names ending in `[]` excepted).
    mutating func noteRepeatedName(_ value: UnsafeRawBufferPointer) {
        noteRepeatedName(value, part: part.index, at: part.headers.dispositionName)
    }

    /// Reports `name-duplicate` for part `index`, whose Content-Disposition field is at `place`, the
    /// first time a name an earlier part carried comes again (names ending in `[]` excepted).
    @inline(__always)
    mutating func noteRepeatedName(_ value: UnsafeRawBufferPointer, part index: Int, at place: Located?) {
        if value.count >= 2 && value[value.count - 2] == UInt8(ascii: "[") && value[value.count - 1] == UInt8(ascii: "]") {
            return
        }
        let hash = seenNames.hash(value)
        guard let earlier = seenNames.first(carrying: hash, part: index) else { return }
        // Once per name: a flood of one repeated name is one finding.
        guard earlier != SeenNames.reported, let place else { return }
        seenNames.markReported(hash)
        note(.repeatedName(Array(value), earlier: earlier), at: place, part: index)
    }

    /// Records the current part's filename parameter (a copy).
    mutating func setPartFilename(_ value: ArraySlice<UInt8>) {
        value.withUnsafeBytes { setPartFilename(copying: $0) }
    }

    /// Records a copy of the current part's filename parameter.
    mutating func setPartFilename(copying value: UnsafeRawBufferPointer) {
        partBytes.filename.copy(value)
        part.headers.hasFilename = true
    }

    /// Records the current part's filename parameter, read in place from the chunk being consumed
    /// (copied only if the part is still being read when the chunk is done).
    mutating func setPartFilename(borrowing value: UnsafeRawBufferPointer) {
        partBytes.filename.borrow(value)
        part.headers.hasFilename = true
    }

    /// Records what a Content-Disposition value that ``CanonicalDisposition`` matched says: the
    /// part's name and, when it has one, its filename and where its `filename` attribute is.
    ///
    /// The values are read in place when `value` lies in the chunk being consumed (`inChunk`), and
    /// copied when it lies in one of the engine's buffers, which the next header line overwrites.
    @inline(__always)  // once a part on the one-step path, where a call's saved registers show
    mutating func recordDisposition(
        _ canonical: CanonicalDisposition.Match, in value: UnsafeRawBufferPointer, fieldName: Located, filenameAttribute: Located,
        inChunk: Bool
    ) {
        part.headers.sawDisposition = true
        part.headers.dispositionName = fieldName
        record(canonical, in: value, filenameAttribute: filenameAttribute, inChunk: inChunk)
    }

    /// Records the name and filename a Content-Disposition value in the canonical form gives.
    @inline(__always)
    mutating func record(
        _ canonical: CanonicalDisposition.Match, in value: UnsafeRawBufferPointer, filenameAttribute: Located, inChunk: Bool
    ) {
        let name = UnsafeRawBufferPointer(rebasing: value[canonical.name])
        if inChunk { setPartName(borrowing: name) } else { setPartName(copying: name) }
        if let filenameRange = canonical.filename {
            let filename = UnsafeRawBufferPointer(rebasing: value[filenameRange])
            if inChunk { setPartFilename(borrowing: filename) } else { setPartFilename(copying: filename) }
            part.headers.filenameParameter = filenameAttribute
        }
    }

    /// Records the current part's Content-Type: its value, whitespace trimmed, and what it said.
    mutating func setPartContentType(_ value: ArraySlice<UInt8>, _ media: PartMedia) {
        partBytes.contentType.removeAll()
        partBytes.contentType.append(value)
        part.headers.media = media
    }
}
