/// What the reading of a Content-Disposition value noticed (its type, its parameters, the `name` and
/// `filename` values) that a report carries: what happened, not which rule it breaks or how the
/// finding is worded.
///
/// The disposition reader (`ValidationEngine+Disposition.swift`) says what it saw at an index of the
/// value; the one place that turns an event into a finding, with its ``rule`` and its ``wording``,
/// is this file.
enum DispositionEvent {
    /// Which parameter a value event is about.
    enum Parameter {
        case name, filename

        var label: String { self == .name ? "name" : "filename" }
    }

    // MARK: The value's shape

    /// The value does not parse; the parser's message says why, and its fix when the rule's general one does not fit.
    case syntax(String, fix: String?)
    /// The disposition type is quoted.
    case typeQuoted
    /// The disposition type is this, not `form-data`.
    case notFormData([UInt8])
    /// The disposition type is `form-data` in other letter case.
    case typeCase([UInt8])
    /// Whitespace around a parameter's `=`.
    case whitespaceAroundEquals
    /// An empty parameter.
    case emptyParameter
    /// Other than `"; "` between parameters.
    case separatorWhitespace

    // MARK: Parameters

    /// A parameter given again.
    case repeatedParameter([UInt8])
    /// `filename*`.
    case filenameStar
    /// Another RFC 2231 parameter.
    case extendedParameter([UInt8])
    /// A parameter form-data does not define.
    case unknownParameter([UInt8])
    /// `name` or `filename` not in lower case.
    case parameterNameCase([UInt8])
    /// `filename` before `name`.
    case filenameFirst
    /// No `name` parameter.
    case nameMissing

    // MARK: The name and filename values

    /// The value is in single quotes, which do not quote it.
    case singleQuoted(Parameter)
    /// The value is not a quoted-string.
    case unquoted(Parameter)
    /// A quoted-pair in the value.
    case quotedPair(Parameter)
    /// Another backslash in the value.
    case backslash(Parameter)
    /// The value is empty.
    case empty(Parameter)
    /// The value holds an RFC 2047 encoded-word.
    case encodedWord(Parameter)
    /// A `;` or `=` inside the quoted value.
    case separatorInValue(UInt8, Parameter)
    /// A `%` and two hex digits (the three bytes) in the value.
    case percentEncoded([UInt8], Parameter)
    /// Non-ASCII bytes in the field name.
    case nameNonASCII
    /// Brackets in the field name.
    case nameBrackets
    /// Whitespace at either end of the filename.
    case filenameWhitespace
    /// Directory information in the filename (the value).
    case filenamePath([UInt8])

    /// The rule the event breaks or warns of.
    var rule: Rule.ID {
        switch self {
        case .syntax: return .parameterSyntax
        case .typeQuoted: return .contentDispositionTypeQuoted
        case .notFormData: return .contentDispositionNotFormData
        case .typeCase: return .contentDispositionTypeCase
        case .whitespaceAroundEquals: return .parameterWhitespaceAroundEquals
        case .emptyParameter: return .parameterEmpty
        case .separatorWhitespace: return .parameterSeparatorWhitespace
        case .repeatedParameter: return .parameterDuplicate
        case .filenameStar: return .filenameStar
        case .extendedParameter: return .parameterExtended
        case .unknownParameter: return .parameterUnknown
        case .parameterNameCase: return .parameterNameCase
        case .filenameFirst: return .parameterOrder
        case .nameMissing: return .nameMissing
        case .singleQuoted: return .parameterSingleQuoted
        case .unquoted: return .parameterUnquoted
        case .quotedPair: return .parameterQuotedPair
        case .backslash: return .parameterBackslash
        case .empty(.name): return .nameEmpty
        case .empty(.filename): return .filenameEmpty
        case .encodedWord: return .parameterEncodedWord
        case .separatorInValue: return .parameterValueSeparator
        case .percentEncoded: return .parameterPercentEncoded
        case .nameNonASCII: return .nameNonASCII
        case .nameBrackets: return .nameBrackets
        case .filenameWhitespace: return .filenameWhitespace
        case .filenamePath: return .filenamePath
        }
    }

    /// The fix for this case, when the rule's general fix does not fit it.
    var fix: String? {
        switch self {
        case .syntax(_, let fix): return fix
        case .percentEncoded(let bytes, let parameter): return Self.percentFix(bytes, parameter)
        default: return nil
        }
    }

    /// For `%22`, `%0D` and `%0A`, what every faithful encoder writes for `"`, CR and LF, the warning
    /// cannot be avoided by the encoder; only the app can avoid it, by sanitising the value.
    private static func percentFix(_ bytes: [UInt8], _ parameter: Parameter) -> String {
        let escapes: [[UInt8]] = [Array("%22".utf8), Array("%0D".utf8), Array("%0A".utf8)]
        let upper = bytes.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 0x20 : $0 }
        if escapes.contains(upper) {
            return "an encoder cannot avoid this: browsers and the reference encoder write '\"', CR and LF in a \(parameter.label) as "
                + "`%22`, `%0D`, `%0A`; to avoid it, sanitise the \(parameter.label) in the app before upload "
                + "(replace '\"', CR, LF and '%', for example with '_')"
        }
        return "receivers that percent-decode read '\(escapedForMessage(bytes))' as one character and others keep it; "
            + "sanitise the \(parameter.label) in the app before upload (replace '%', for example with '_')"
    }

    /// The finding's message.
    var wording: String {
        switch self {
        case .syntax(let message, _):
            return message
        case .typeQuoted:
            return "the disposition type is quoted"
        case .notFormData(let type):
            return "disposition type is '\(escapedForMessage(type))', not 'form-data'"
        case .typeCase(let type):
            return "disposition type '\(escapedForMessage(type))' is not lower case"
        case .whitespaceAroundEquals:
            return "whitespace around '=' in a parameter"
        case .emptyParameter:
            return "empty parameter"
        case .separatorWhitespace:
            return "write '; ' between parameters: no whitespace before ';' and one space after it"
        case .repeatedParameter(let name):
            return "parameter '\(escapedForMessage(name))' is given more than once; the first is used"
        case .filenameStar:
            return "'filename*' must not be used in multipart/form-data"
        case .extendedParameter(let name):
            return "RFC 2231 parameter '\(escapedForMessage(name))' must not be used in multipart/form-data"
        case .unknownParameter(let name):
            return "unknown parameter '\(escapedForMessage(name))'"
        case .parameterNameCase(let name):
            return "the parameter name '\(escapedForMessage(name))' is not written in lower case"
        case .filenameFirst:
            return "'filename' comes before 'name'"
        case .nameMissing:
            return "Content-Disposition has no 'name' parameter"
        case .singleQuoted(let parameter):
            return "single quotes do not quote the \(parameter.label); they are part of the value"
        case .unquoted(let parameter):
            return "the \(parameter.label) is not a quoted-string"
        case .quotedPair(let parameter):
            return "backslash escape in the \(parameter.label)"
        case .backslash(let parameter):
            return "backslash in the \(parameter.label) escapes the next character"
        case .empty(let parameter):
            return "the \(parameter.label) is empty"
        case .encodedWord(let parameter):
            return "the \(parameter.label) holds an RFC 2047 encoded-word"
        case .separatorInValue(let byte, let parameter):
            return "'\(escapedForMessage([byte]))' inside the quoted \(parameter.label): receivers that split the header at it cut the value"
        case .percentEncoded(let bytes, let parameter):
            return "'\(escapedForMessage(bytes))' in the \(parameter.label) may or may not be decoded by receivers"
        case .nameNonASCII:
            return "the field name contains non-ASCII bytes"
        case .nameBrackets:
            return "PHP and Rack read the brackets in the name as array syntax"
        case .filenameWhitespace:
            return "the filename starts or ends with whitespace, which some receivers strip"
        case .filenamePath(let value):
            return "the filename '\(escapedForMessage(value))' contains directory information"
        }
    }
}

extension ValidationEngine {
    /// Records what the disposition reader noticed at `place`: the one place disposition events
    /// become findings. The event is worded only when the finding is kept.
    mutating func note(_ event: DispositionEvent, at place: Located) {
        collector.add(
            event.rule, offset: place.offset, line: place.line, column: place.column, part: hasPart ? part.index : nil,
            event.wording, fix: event.fix)
    }
}
