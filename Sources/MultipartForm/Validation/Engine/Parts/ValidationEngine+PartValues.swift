extension ValidationEngine {
    /// The current part's name parameter, or `nil` when it has none (a copy: for messages).
    ///
    /// Always inlined, as are the next two: called, they had the whole engine copied for them first.
    @inline(__always)
    var partName: [UInt8]? { hasPart && part.headers.hasName ? reader.bytes.name.copied() : nil }

    /// The current part's name, filename and Content-Type value as a report's part stores them: each
    /// cut to ``ValidationOptions/maxCollectedValueBytes``.
    @inline(__always)
    var partStoredValues: (DecodedPart.InlineName, DecodedPart.Extras?) {
        let filename = partFilename, contentType = partContentType
        let limit = options.maxCollectedValueBytes
        guard hasPart && part.headers.hasName else {
            return DecodedPart.stored(nameBytes: nil, filename: filename, contentType: contentType, keeping: limit)
        }
        return reader.bytes.name.withBytes { DecodedPart.stored(nameBytes: $0, filename: filename, contentType: contentType, keeping: limit) }
    }

    /// The current part's filename parameter, or `nil` when it has none (a copy: for reports and messages).
    @inline(__always)
    var partFilename: [UInt8]? { hasPart && part.headers.hasFilename ? reader.bytes.filename.copied() : nil }

    /// The current part's Content-Type value, or `nil` when it has none (a copy: for reports and messages).
    @inline(__always)
    var partContentType: [UInt8]? { hasPart && part.headers.media != nil ? reader.bytes.contentType.copied() : nil }

    /// Records the current part's name parameter (a copy), and reports a name an earlier part of the body carried.
    mutating func setPartName(_ value: ArraySlice<UInt8>) {
        value.withUnsafeBytes { setPartName(copying: $0) }
    }

    /// Records a copy of the current part's name parameter, and reports a name an earlier part carried.
    mutating func setPartName(copying value: UnsafeRawBufferPointer) {
        reader.bytes.name.copy(value)
        part.headers.hasName = true
        noteRepeatedName(value)
    }

    /// Records the current part's name parameter, read in place from the chunk being consumed (copied
    /// only if the part is still being read when the chunk is done), and reports a name an earlier part carried.
    mutating func setPartName(borrowing value: UnsafeRawBufferPointer) {
        reader.bytes.name.borrow(value)
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
        let hash = shown.seenNames.hash(value)
        guard let earlier = shown.seenNames.first(carrying: hash, part: index) else { return }
        // Once per name: a flood of one repeated name is one finding.
        guard earlier != SeenNames.reported, let place else { return }
        shown.seenNames.markReported(hash)
        note(.repeatedName(Array(value), earlier: earlier), at: place, part: index)
    }

    /// The current part's Content-Disposition field, its name at `fieldName`, is read (the first
    /// one: later ones are reported and not read).
    @inline(__always)
    mutating func beginDisposition(at fieldName: Located) {
        part.headers.sawDisposition = true
        part.headers.dispositionName = fieldName
    }

    /// Records a copy of the current part's filename parameter, whose attribute is at `attribute`.
    mutating func setPartFilename(copying value: UnsafeRawBufferPointer, attribute: Located) {
        reader.bytes.filename.copy(value)
        part.headers.hasFilename = true
        part.headers.filenameParameter = attribute
    }

    /// Records the current part's filename parameter, whose attribute is at `attribute`, read in
    /// place from the chunk being consumed (copied only if the part is still being read when the
    /// chunk is done).
    @inline(__always)
    mutating func setPartFilename(borrowing value: UnsafeRawBufferPointer, attribute: Located) {
        reader.bytes.filename.borrow(value)
        part.headers.hasFilename = true
        part.headers.filenameParameter = attribute
    }

    /// Records the current part's Content-Type, its field name at `fieldName`: its value,
    /// whitespace trimmed, and what it said.
    mutating func setPartContentType(_ value: ArraySlice<UInt8>, at fieldName: Located, _ media: PartMedia) {
        part.headers.contentTypeName = fieldName
        reader.bytes.contentType.removeAll()
        reader.bytes.contentType.append(value)
        part.headers.media = media
    }

    /// Records the current part's Content-Type from bytes in the chunk being consumed.
    mutating func setPartContentType(_ value: UnsafeRawBufferPointer, at fieldName: Located, _ media: PartMedia) {
        part.headers.contentTypeName = fieldName
        reader.bytes.contentType.removeAll()
        reader.bytes.contentType.append(value)
        part.headers.media = media
    }
}
