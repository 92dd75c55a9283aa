/// What the reading of a multipart Content-Type value (the request's, or a nested part's) or of a
/// boundary taken from the first line noticed that a report carries: what happened, not which rule
/// it breaks or how the finding is worded.
///
/// The Content-Type reader (`ValidationEngine+ContentType.swift`) says what it saw with
/// `note(_:at:origin:part:)`; the one place that turns an event into a finding, with its ``rule``
/// and its ``wording``, is this file.
enum BoundaryEvent {
    // MARK: The media type

    /// The value does not parse; the parser's message says why.
    case syntax(String)
    /// The media type is this, not `multipart/form-data`.
    case notFormData([UInt8])
    /// The media type is not in lower case.
    case mediaTypeCase
    /// Whitespace around a parameter's `=`.
    case parameterWhitespace
    /// An empty parameter.
    case emptyParameter
    /// A parameter given again.
    case repeatedParameter([UInt8])
    /// A parameter `multipart/form-data` does not take.
    case unexpectedParameter([UInt8])

    // MARK: The boundary

    /// `boundary*` or another RFC 2231 form of it.
    case extendedBoundary([UInt8])
    /// No boundary parameter.
    case boundaryMissing
    /// The parameter name `boundary` is not in lower case.
    case boundaryNameCase
    /// The boundary is quoted.
    case boundaryQuoted
    /// The boundary is empty.
    case boundaryEmpty
    /// The boundary is this many characters long, past 70.
    case boundaryTooLong(Int)
    /// A byte RFC 2046 does not allow in a boundary.
    case boundaryCharacter(UInt8)
    /// The boundary ends with a space.
    case boundaryTrailingSpace
    /// A boundary character that is not a token character, in an unquoted boundary.
    case boundaryNeedsQuotes(UInt8)
    /// No Content-Type was given, and this boundary was taken from the first line.
    case boundaryInferred([UInt8])

    /// The rule the event breaks or warns of.
    var rule: Rule.ID {
        switch self {
        case .syntax: return .contentTypeSyntax
        case .notFormData: return .contentTypeNotFormData
        case .mediaTypeCase, .boundaryNameCase: return .contentTypeCase
        case .parameterWhitespace, .emptyParameter: return .contentTypeParameterWhitespace
        case .repeatedParameter: return .contentTypeParameterDuplicate
        case .unexpectedParameter: return .contentTypeParameterUnexpected
        case .extendedBoundary: return .boundaryExtended
        case .boundaryMissing: return .boundaryMissing
        case .boundaryQuoted: return .boundaryQuoted
        case .boundaryEmpty: return .boundaryEmpty
        case .boundaryTooLong: return .boundaryTooLong
        case .boundaryCharacter: return .boundaryInvalidCharacter
        case .boundaryTrailingSpace: return .boundaryTrailingSpace
        case .boundaryNeedsQuotes: return .boundaryNeedsQuotes
        case .boundaryInferred: return .boundaryInferred
        }
    }

    /// The finding's message.
    var wording: String {
        switch self {
        case .syntax(let message):
            return message
        case .notFormData(let type):
            return "media type is '\(escapedForMessage(type))', not 'multipart/form-data'"
        case .mediaTypeCase:
            return "the media type is not written in lower case"
        case .parameterWhitespace:
            return "whitespace around '=' in a Content-Type parameter"
        case .emptyParameter:
            return "empty Content-Type parameter"
        case .repeatedParameter(let name):
            return "parameter '\(escapedForMessage(name))' is given more than once; the first is used"
        case .unexpectedParameter(let name):
            return "multipart/form-data takes no '\(escapedForMessage(name))' parameter"
        case .extendedBoundary(let name):
            return "boundary given with RFC 2231 syntax ('\(escapedForMessage(name))')"
        case .boundaryMissing:
            return "Content-Type has no boundary parameter"
        case .boundaryNameCase:
            return "the parameter name 'boundary' is not written in lower case"
        case .boundaryQuoted:
            return "the boundary is quoted; the quotes are not part of it"
        case .boundaryEmpty:
            return "the boundary is empty"
        case .boundaryTooLong(let count):
            return "the boundary is \(count) characters long; the limit is 70"
        case .boundaryCharacter(let byte):
            return "'\(escapedForMessage([byte]))' is not allowed in a boundary"
        case .boundaryTrailingSpace:
            return "the boundary ends with a space"
        case .boundaryNeedsQuotes(let byte):
            return "'\(escapedForMessage([byte]))' in an unquoted boundary; quote the value"
        case .boundaryInferred(let boundary):
            return "no Content-Type given; the boundary '\(escapedForMessage(boundary))' was taken from the first line"
        }
    }
}

extension ValidationEngine {
    /// Records what the Content-Type reader noticed at `place` (in the request's Content-Type when
    /// `origin` says so): the one place boundary events become findings. The event is worded only
    /// when the finding is kept.
    mutating func note(_ event: BoundaryEvent, at place: Located, origin: Diagnostic.Origin = .body, part index: Int?) {
        collector.add(
            event.rule, origin: origin, offset: place.offset, line: place.line, column: place.column, part: index,
            event.wording)
    }
}
