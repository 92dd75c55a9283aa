/// What a part's Content-Type said, as far as the checks made once its headers end need it.
///
/// It holds no buffer, so recording it and dropping it with the part costs no reference counting;
/// the value's bytes are in ``PartBytes/contentType``.
struct PartMedia {
    /// The media type's top-level type, as far as the checks tell them apart.
    enum Kind {
        case text
        case multipart
        /// Any other type, or none readable.
        case other

        /// The kind of a media type's top-level type, compared without regard to case.
        init(type: ArraySlice<UInt8>) {
            self = type.withUnsafeBytes { Kind(type: $0) }
        }

        /// The kind of a media type's top-level type held in memory, compared without regard to case.
        init(type: UnsafeRawBufferPointer) {
            func equals(_ lower: [UInt8]) -> Bool {
                type.count == lower.count && lower.withUnsafeBytes { ByteClass.equalsIgnoringCase(type, $0.baseAddress) }
            }
            if equals(ByteClass.multipart) {
                self = .multipart
            } else if equals(ByteClass.text) {
                self = .text
            } else {
                self = .other
            }
        }
    }

    var kind: Kind
    /// Whether the value parsed without a syntax error.
    var isWellFormed: Bool
    /// Whether a non-empty `charset` parameter names UTF-8; `nil` when there is no such parameter.
    var charsetIsUTF8: Bool?
}
