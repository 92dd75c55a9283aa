/// Finds `"--" boundary` in a field's part header or in-memory value, one field at a time.
///
/// A header is searched through the pieces the field gives it
/// (``PartHeader/forEachVariablePiece(of:atLeast:_:)``), a text value as given: normalising
/// newlines only adds CR and LF, which no `--boundary` holds. A piece shorter than `--boundary`
/// cannot hold it and is not read, so a form of short fields costs a length comparison a piece.
/// File values are searched as they stream.
struct FieldCollisionSearch {
    private var search: BoundaryCollisionSearch
    /// The length of `--boundary`.
    private let shortest: Int

    /// A search for `"--" boundary`; the boundary must not be empty.
    init(boundary: [UInt8]) {
        search = BoundaryCollisionSearch(boundary: boundary)
        shortest = boundary.count + 2
    }

    /// Where `--boundary` first occurs in the field: `true` in its header, `false` in its value,
    /// `nil` nowhere.
    mutating func find(in field: UnsafePointer<FormData.Field>) -> Bool? {
        if PartHeader.forEachVariablePiece(of: field, atLeast: shortest, { contains(UnsafeRawBufferPointer($0)) }) {
            return true
        }
        switch field.pointee.value.storage {
        case .text(var text):
            guard text.utf8.count >= shortest else { return nil }
            return text.withUTF8 { contains(UnsafeRawBufferPointer($0)) } ? false : nil
        case .bytes(let bytes):
            guard bytes.count >= shortest else { return nil }
            return bytes.withUnsafeBytes { contains($0) } ? false : nil
        case .file:
            return nil
        }
    }

    private mutating func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        search.reset()
        return search.feed(bytes)
    }
}
