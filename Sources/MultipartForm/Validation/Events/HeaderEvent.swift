/// What the reading of a part's header lines and fields noticed that a report carries: what
/// happened, not which rule it breaks or how the finding is worded.
///
/// The header readers (`ValidationEngine+HeaderLines.swift`, `ValidationEngine+HeaderFields.swift`)
/// say what they saw with `note(_:at:)`, at an offset on the line being read or at a place in the
/// field; the one place that turns an event into a finding, with its ``rule`` and its ``wording``,
/// is this file. What a field's value says is a ``DispositionEvent``, a ``PartEvent`` (a part's
/// media type) or a ``BoundaryEvent`` (a nested multipart type's boundary).
enum HeaderEvent {
    // MARK: Lines

    /// The section passes ``ValidationOptions/maxHeaderBytes``; the rest is skipped.
    case sectionOverLimit(limit: Int)
    /// The part has more than ``ValidationOptions/maxHeaderLines`` lines; the rest are skipped.
    case tooManyLines(limit: Int)
    /// A line passes ``ValidationOptions/maxHeaderLineLength``; it is still read.
    case lineOverLimit(length: Int, limit: Int)
    /// A line passes RFC 5322's 998 characters.
    case lineOver998(length: Int)
    /// A line ends in LF without CR.
    case bareLineFeed
    /// The part's first header line starts with whitespace.
    case firstLineIndented
    /// A field continues on a line starting with whitespace.
    case folded
    /// A NUL byte.
    case nul
    /// A CR not followed by LF.
    case bareCarriageReturn
    /// A control character in a value.
    case controlCharacter(UInt8)
    /// Bytes (up to four, from the first bad one) that are not UTF-8.
    case invalidUTF8([UInt8])
    /// Non-ASCII bytes outside Content-Disposition.
    case nonASCII

    // MARK: Fields

    /// A line with no colon.
    case missingColon
    /// Whitespace between the field name and the colon.
    case whitespaceBeforeColon
    /// Nothing before the colon.
    case emptyName
    /// A byte no field name may hold.
    case nameByte(UInt8)
    /// A known field name in neither its usual spelling nor lower case.
    case nameCase([UInt8], usual: StaticString)
    /// Not one space after the colon, or spaces after the value.
    case valueWhitespace
    /// A second Content-Disposition field.
    case secondDisposition
    /// A second Content-Type or Content-Transfer-Encoding field.
    case secondField(StaticString)
    /// A Content-Transfer-Encoding field in a form-data part.
    case transferEncodingPresent
    /// A Content-Transfer-Encoding that names no mechanism.
    case transferEncodingUnknown([UInt8])
    /// A field other than the three a form-data part may carry.
    case notAllowed([UInt8])

    /// The rule the event breaks or warns of.
    var rule: Rule.ID {
        switch self {
        case .sectionOverLimit: return .limitHeaderBytes
        case .tooManyLines: return .limitHeaderLines
        case .lineOverLimit: return .limitHeaderLineLength
        case .lineOver998: return .headerLineTooLong
        case .bareLineFeed: return .headerBareLF
        case .firstLineIndented: return .headerLeadingWhitespace
        case .folded: return .headerFolded
        case .nul: return .headerNUL
        case .bareCarriageReturn: return .headerBareCR
        case .controlCharacter: return .headerControlCharacter
        case .invalidUTF8: return .headerInvalidUTF8
        case .nonASCII: return .headerNonASCII
        case .missingColon: return .headerMissingColon
        case .whitespaceBeforeColon: return .headerWhitespaceBeforeColon
        case .emptyName, .nameByte: return .headerNameInvalid
        case .nameCase: return .headerNameCase
        case .valueWhitespace: return .headerValueWhitespace
        case .secondDisposition: return .contentDispositionDuplicate
        case .secondField: return .headerDuplicate
        case .transferEncodingPresent: return .contentTransferEncodingPresent
        case .transferEncodingUnknown: return .contentTransferEncodingInvalid
        case .notAllowed: return .headerNotAllowed
        }
    }

    /// The finding's message.
    var wording: String {
        switch self {
        case .sectionOverLimit(let limit):
            return "the part's headers exceed \(limit) bytes; the rest are skipped"
        case .tooManyLines(let limit):
            return "more than \(limit) header line\(limit == 1 ? "" : "s") in one part; the rest are skipped"
        case .lineOverLimit(let length, let limit):
            return "header line of \(length) bytes exceeds the limit of \(limit); it is still read"
        case .lineOver998(let length):
            return "header line is \(length) bytes long; the limit is 998"
        case .bareLineFeed:
            return "header line ends with '\\n' without a preceding '\\r'"
        case .firstLineIndented:
            return "the part's first header line starts with whitespace"
        case .folded:
            return "header field continues on a line starting with whitespace (folding)"
        case .nul:
            return "NUL byte in a part header"
        case .bareCarriageReturn:
            return "'\\r' in a part header is not followed by '\\n'"
        case .controlCharacter(let byte):
            return "control character '\(escapedForMessage([byte]))' in a part header value"
        case .invalidUTF8(let bytes):
            return "'\(escapedForMessage(bytes))' is not valid UTF-8"
        case .nonASCII:
            return "non-ASCII bytes in a part header"
        case .missingColon:
            return "header line has no ':'; a blank line must separate the headers from the value"
        case .whitespaceBeforeColon:
            return "whitespace between the header name and ':'"
        case .emptyName:
            return "header field name is empty"
        case .nameByte(let byte):
            return "'\(escapedForMessage([byte]))' is not allowed in a header field name"
        case .nameCase(let name, let usual):
            return "'\(escapedForMessage(name))' is neither '\(usual)' nor lower case"
        case .valueWhitespace:
            return "write one space after the colon and none after the value"
        case .secondDisposition:
            return "second Content-Disposition field in one part; the first is used"
        case .secondField(let name):
            return "second \(name) field in one part; the first is used"
        case .transferEncodingPresent:
            return "part carries Content-Transfer-Encoding"
        case .transferEncodingUnknown(let value):
            return "'\(escapedForMessage(value))' is not a Content-Transfer-Encoding mechanism"
        case .notAllowed(let name):
            return "header field '\(escapedForMessage(name))' is not allowed in a form-data part"
        }
    }
}

extension ValidationEngine {
    /// Records what a header reader noticed at `offset`, on the line being read: the one place
    /// header events become findings. The event is worded only when the finding is kept.
    mutating func note(_ event: HeaderEvent, at offset: Int) {
        let here = cursor.location(offset)
        note(event, at: Located(offset: offset, line: here.line, column: here.column))
    }

    /// Records what a header reader noticed at a place in a field read earlier.
    mutating func note(_ event: HeaderEvent, at place: Located) {
        collector.add(
            event.rule, offset: place.offset, line: place.line, column: place.column, part: hasPart ? part.index : nil,
            event.wording)
    }
}
