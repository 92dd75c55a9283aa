/// What the checks of a part as a whole noticed (its headers taken together, its media type, its
/// content, its name among the body's names) that a report carries: what happened, not which rule
/// it breaks or how the finding is worded.
///
/// The part's readers (`ValidationEngine+Part.swift`, `ValidationEngine+PartValues.swift` and the
/// Content-Type reader in `ValidationEngine+HeaderFields.swift`) say what they saw with
/// `note(_:at:part:)`; the one place that turns an event into a finding, with its ``rule`` and its
/// ``wording``, is this file.
enum PartEvent {
    // MARK: The body's parts

    /// The part passes ``ValidationOptions/maxParts``.
    case tooManyParts(limit: Int)
    /// The part's name was carried by part `earlier`.
    case repeatedName([UInt8], earlier: Int)

    // MARK: The headers taken together

    /// No Content-Disposition field.
    case dispositionMissing
    /// A multipart part's Content-Transfer-Encoding other than 7bit, 8bit or binary.
    case transferEncodingOnMultipart([UInt8])
    /// A file part without Content-Type.
    case fileWithoutType
    /// A non-file part with this Content-Type.
    case fieldWithType([UInt8])
    /// A non-text Content-Type on a part without a filename.
    case typeWithoutFilename([UInt8])
    /// A part whose filename is empty carries this many bytes of content.
    case contentUnderEmptyFilename(byteCount: Int)

    // MARK: The part's Content-Type

    /// The media type does not parse; the parser's message says where and why.
    case typeSyntax(String)
    /// An unknown charset.
    case unknownCharset([UInt8])
    /// The part is itself a multipart body of this type.
    case nestedMultipart([UInt8])
    /// The nested boundary begins with the enclosing one, quoted as `--`-less bytes.
    case nestedBoundaryPrefix(outer: [UInt8])
    /// Nesting passes ``ValidationOptions/maxNestingDepth``.
    case nestingTooDeep(limit: Int)

    // MARK: Content

    /// The value of the text field with this name is not UTF-8.
    case valueNotUTF8(name: [UInt8])
    /// The value of the text field with this name ends inside a UTF-8 sequence.
    case valueEndsInsideUTF8(name: [UInt8])
    /// `_charset_` names a known charset other than UTF-8.
    case charsetFieldNotUTF8([UInt8])
    /// `_charset_` names no known charset.
    case charsetFieldUnknown([UInt8])
    /// Content labelled base64 that is not base64.
    case notBase64(TransferContentCheck.Fault)
    /// Content labelled quoted-printable that breaks its rules.
    case notQuotedPrintable(TransferContentCheck.Fault)
    /// Content in a transfer encoding that departs from the encoding's form in a way decoders read.
    case encodedContentStyle(TransferContentCheck.Departure, TransferContentCheck.Encoding)

    /// The rule the event breaks or warns of.
    var rule: Rule.ID {
        switch self {
        case .tooManyParts: return .limitParts
        case .repeatedName: return .nameDuplicate
        case .dispositionMissing: return .contentDispositionMissing
        case .transferEncodingOnMultipart: return .contentTransferEncodingInvalid
        case .fileWithoutType: return .fileContentTypeMissing
        case .fieldWithType: return .fieldContentTypePresent
        case .typeWithoutFilename: return .filenameMissing
        case .contentUnderEmptyFilename: return .filenameEmptyWithContent
        case .typeSyntax: return .partContentTypeSyntax
        case .unknownCharset: return .charsetUnknown
        case .nestedMultipart: return .nestedMultipart
        case .nestedBoundaryPrefix: return .nestedBoundaryPrefix
        case .nestingTooDeep: return .limitNestingDepth
        case .valueNotUTF8, .valueEndsInsideUTF8: return .valueNotUTF8
        case .charsetFieldNotUTF8: return .charsetFieldNotUTF8
        case .charsetFieldUnknown: return .charsetFieldUnknown
        case .notBase64: return .base64ContentInvalid
        case .notQuotedPrintable: return .quotedPrintableContentInvalid
        case .encodedContentStyle: return .encodedContentStyle
        }
    }

    /// The finding's message.
    var wording: String {
        switch self {
        case .tooManyParts(let limit):
            return "more than \(limit) part\(limit == 1 ? "" : "s"); further parts are checked but not collected"
        case .repeatedName(let name, let earlier):
            return "part \(earlier) already carries the name '\(escapedForMessage(name))'; receivers that keep one value per name lose all but the last"
        case .dispositionMissing:
            return "part has no Content-Disposition header field"
        case .transferEncodingOnMultipart(let encoding):
            return "a multipart part may only use 7bit, 8bit or binary, not '\(escapedForMessage(encoding))'"
        case .fileWithoutType:
            return "file part has no Content-Type; it defaults to text/plain"
        case .fieldWithType(let type):
            return "non-file part carries Content-Type '\(escapedForMessage(type))'"
        case .typeWithoutFilename(let type):
            return "part with Content-Type '\(escapedForMessage(type))' has no filename"
        case .contentUnderEmptyFilename(let byteCount):
            return "the filename is empty but the part carries \(byteCount) byte\(byteCount == 1 ? "" : "s") of content; receivers that read `filename=\"\"` as a file input left empty drop or empty it"
        case .typeSyntax(let message):
            return message
        case .unknownCharset(let charset):
            return "'\(escapedForMessage(charset))' is not a known charset"
        case .nestedMultipart(let type):
            return "part is itself a multipart body ('\(escapedForMessage(type))'); send one part per file instead"
        case .nestedBoundaryPrefix(let outer):
            return "the nested boundary begins with the enclosing boundary '\(escapedForMessage(outer))'"
        case .nestingTooDeep(let limit):
            return "multipart nesting deeper than \(limit); the nested body is not checked"
        case .valueNotUTF8(let name):
            return "the value of text field '\(escapedForMessage(name))' is not valid UTF-8"
        case .valueEndsInsideUTF8(let name):
            return "the value of text field '\(escapedForMessage(name))' ends inside a UTF-8 sequence"
        case .charsetFieldNotUTF8(let value):
            return "_charset_ names '\(escapedForMessage(value))': receivers that decode every value as UTF-8 change the values"
        case .charsetFieldUnknown(let value):
            return "_charset_ names '\(escapedForMessage(value))', which is not a known charset"
        case .notBase64(let fault), .notQuotedPrintable(let fault):
            return fault.wording
        case .encodedContentStyle(.longLine, let encoding):
            return "\(encoding.name) line longer than \(TransferContentCheck.maxLineLength) characters"
        case .encodedContentStyle(.lowercaseHex(let digit), _):
            return "lower-case hexadecimal digit '\(escapedForMessage([digit]))' in a quoted-printable escape; the encoding requires upper case"
        }
    }
}

extension ValidationEngine {
    /// Records what a check of part `index` noticed at `place`: the one place part events become
    /// findings. The event is worded only when the finding is kept.
    mutating func note(_ event: PartEvent, at place: Located, part index: Int) {
        collector.add(event.rule, offset: place.offset, line: place.line, column: place.column, part: index, event.wording)
    }
}
