/// The part header fields the validator reads, told from a field name in one pass.
///
/// Names compare ignoring ASCII case (RFC 9110 §5.1). The spellings are static strings, so telling
/// a name costs a length check and one or two comparisons, and no global array is touched.
enum PartHeaderName {
    case contentDisposition
    case contentType
    case contentTransferEncoding

    /// The field a name is, if any, and whether it is spelled neither as RFC 2183 and RFC 2045
    /// write it nor in lower case (`header-name-case`).
    struct Reading {
        var field: PartHeaderName?
        var oddCase: Bool
    }

    /// Reads a field name (whitespace already trimmed).
    static func read(_ name: UnsafeRawBufferPointer) -> Reading {
        let field: PartHeaderName
        switch name.count {
        case 19: field = .contentDisposition
        case 12: field = .contentType
        case 25: field = .contentTransferEncoding
        default: return Reading(field: nil, oddCase: false)
        }
        let lower = field.lowerCase
        guard ByteClass.equalsIgnoringCase(name, lower.utf8Start) else { return Reading(field: nil, oddCase: false) }
        // Equal ignoring case: the name is lower case exactly when it equals the lower-case spelling.
        let isLower = ByteClass.matches(name.baseAddress!, lower)
        let isCanonical = !isLower && ByteClass.matches(name.baseAddress!, field.canonical)
        return Reading(field: field, oddCase: !isLower && !isCanonical)
    }

    /// The name in lower case.
    var lowerCase: StaticString {
        switch self {
        case .contentDisposition: "content-disposition"
        case .contentType: "content-type"
        case .contentTransferEncoding: "content-transfer-encoding"
        }
    }

    /// The name as RFC 2183 and RFC 2045 write it.
    var canonical: StaticString {
        switch self {
        case .contentDisposition: "Content-Disposition"
        case .contentType: "Content-Type"
        case .contentTransferEncoding: "Content-Transfer-Encoding"
        }
    }
}
