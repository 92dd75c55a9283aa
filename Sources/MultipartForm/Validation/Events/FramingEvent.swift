/// What a framing transition (the delimiter search, a delimiter line, the end of the body) noticed
/// that a report carries: what happened, not which rule it breaks or how the finding is worded.
///
/// Transitions say what they saw with ``ValidationEngine/note(_:at:line:column:)``, the one place
/// that turns an event into a finding, with its ``rule``, its ``message(quoting:)`` and, for three events, its ``fix(quoting:)``. So the
/// wording of every framing finding is in this file, and one wording serves every transition that
/// sees the same thing: a delimiter line read as such, found inside a part's headers, or cut off by
/// the end of the body.
enum FramingEvent {
    // MARK: A delimiter line

    /// Whitespace after the boundary (RFC 2046 transport padding); noted once per line.
    case transportPadding
    /// The line ends in LF without CR; `close` on a close delimiter line.
    case bareLineFeed(close: Bool)
    /// A byte that is neither whitespace nor a line break follows the boundary (or, with `close`,
    /// the close delimiter's `--`).
    case unexpectedByte(UInt8, close: Bool)
    /// A CR after the boundary is followed by something other than LF (or by the end of the body).
    case loneCarriageReturn
    /// One `-` after the boundary where a close delimiter needs two.
    case singleDash
    /// The body ends right after the close delimiter.
    case closeWithoutLineBreak
    /// A line starts with `--boundary` but goes on with a boundary character: it is content.
    case boundaryPrefix(followedBy: UInt8)
    /// A delimiter line comes before the blank line that ends a part's headers.
    case delimiterBeforeHeadersEnd

    // MARK: A confirmed delimiter

    /// The delimiter's LF has no CR before it.
    case delimiterAfterBareLineFeed
    /// The first delimiter starts this many bytes into the body.
    case preamble(bytes: Int)
    /// The first delimiter is the close delimiter.
    case closeDelimiterFirst
    /// A preamble holding text is followed only by the close delimiter.
    case preambleWithoutParts(bytes: Int)
    /// The delimiter follows the blank line that ends a part's headers directly.
    case noBodySection
    /// A delimiter line after the close delimiter.
    case delimiterInEpilogue
    /// The first delimiter line after a close delimiter that came before any part.
    case delimiterAfterCloseFirst

    // MARK: Inside a part

    /// `--boundary` in a part's content, not at a line start.
    case boundaryInContent
    /// `--boundary` in a part's header line.
    case boundaryInHeader

    // MARK: The end of the body

    /// The body ends without the close delimiter.
    case closeDelimiterMissing
    /// The body ends with the close delimiter, but not at the start of a line.
    case closeDelimiterNotAtLineStart
    /// Bytes follow the close delimiter line.
    case epilogue(bytes: Int)
    /// The body is empty.
    case bodyEmpty
    /// No boundary was given and the first line does not start with `--`.
    case noBoundaryInferred
    /// A line starts with `--boundary` and goes on with `rest`: the body's boundary is longer.
    case longerBoundary(rest: [UInt8])
    /// `--boundary` occurs, but not at the start of a line.
    case boundaryNotAtLineStart
    /// A line starts with `--boundary` in other letter case.
    case boundaryInOtherCase
    /// No line starts with `--boundary`.
    case boundaryNotFound

    /// The rule the event breaks or warns of.
    var rule: Rule.ID {
        switch self {
        case .transportPadding: return .transportPadding
        case .bareLineFeed, .unexpectedByte(_, close: false), .loneCarriageReturn: return .delimiterLineEnding
        case .unexpectedByte(_, close: true), .singleDash: return .closeDelimiterJunk
        case .closeWithoutLineBreak: return .closeDelimiterNoFinalCRLF
        case .boundaryPrefix: return .boundaryPrefixLine
        case .delimiterBeforeHeadersEnd: return .partHeadersUnterminated
        case .delimiterAfterBareLineFeed: return .delimiterBareLF
        case .preamble: return .preamblePresent
        case .closeDelimiterFirst: return .zeroParts
        case .preambleWithoutParts: return .preambleWithoutParts
        case .noBodySection: return .partBodyAbsent
        case .delimiterInEpilogue: return .epilogueContainsDelimiter
        case .delimiterAfterCloseFirst: return .closeDelimiterBeforeParts
        case .boundaryInContent: return .boundaryInContent
        case .boundaryInHeader: return .boundaryInHeader
        case .closeDelimiterMissing: return .closeDelimiterMissing
        case .closeDelimiterNotAtLineStart, .boundaryNotAtLineStart: return .delimiterNotLineStart
        case .epilogue: return .epiloguePresent
        case .bodyEmpty: return .bodyEmpty
        case .noBoundaryInferred, .longerBoundary, .boundaryInOtherCase, .boundaryNotFound: return .delimiterNotFound
        }
    }

    /// The finding's message; `dashBoundary` is `--boundary`, which several messages quote.
    func message(quoting dashBoundary: [UInt8]) -> String {
        let delimiter = escapedForMessage(dashBoundary)
        switch self {
        case .transportPadding:
            return "whitespace after the boundary on a delimiter line (transport padding)"
        case .bareLineFeed(let close):
            return "\(close ? "close " : "")delimiter line ends with '\\n' without a preceding '\\r'"
        case .unexpectedByte(let byte, close: false):
            return "unexpected '\(escapedForMessage([byte]))' after the boundary on a delimiter line"
        case .unexpectedByte(let byte, close: true):
            return "unexpected '\(escapedForMessage([byte]))' after the close delimiter"
        case .loneCarriageReturn:
            return "'\\r' after the boundary is not followed by '\\n'"
        case .singleDash:
            return "close delimiter has a single '-' after the boundary; it needs two"
        case .closeWithoutLineBreak:
            return "the body ends right after the close delimiter, without '\\r\\n'"
        case .boundaryPrefix(let byte):
            return "line starts with the delimiter '\(delimiter)' followed by '\(escapedForMessage([byte]))'; it is content, not a delimiter"
        case .delimiterBeforeHeadersEnd:
            return "a delimiter line arrived before the blank line that ends the part's headers"
        case .delimiterAfterBareLineFeed:
            return "delimiter is preceded by '\\n' without '\\r'"
        case .preamble(let bytes):
            return "\(bytes) byte\(bytes == 1 ? "" : "s") before the first delimiter"
        case .closeDelimiterFirst:
            return "the first delimiter is the close delimiter: the body has no part"
        case .preambleWithoutParts(let bytes):
            return "the \(bytes)-byte preamble is followed only by the close delimiter: whatever it holds reaches no receiver"
        case .noBodySection:
            return "the delimiter directly follows the blank line that ends the headers, so the part has no body section"
        case .delimiterInEpilogue:
            return "a delimiter line follows the close delimiter; conforming receivers ignore it"
        case .delimiterAfterCloseFirst:
            return "a delimiter line follows the close delimiter that opened the body: RFC 2046 receivers see no part, parsers that read on see what follows"
        case .boundaryInContent:
            return "the part's content holds '\(delimiter)' in the middle of a line: not a delimiter, but several parsers end the part there"
        case .boundaryInHeader:
            return "a header line of the part holds '\(delimiter)': not a delimiter, but parsers that split the body at any '\(delimiter)' cut the part here and lose it"
        case .closeDelimiterMissing:
            return "the body ends without the close delimiter '\(delimiter)--'"
        case .closeDelimiterNotAtLineStart:
            return "the close delimiter '\(delimiter)--' is not at the start of a line"
        case .epilogue(let bytes):
            return "\(bytes) byte\(bytes == 1 ? "" : "s") follow the close delimiter line"
        case .bodyEmpty:
            return "the body is empty"
        case .noBoundaryInferred:
            return "no boundary is known and the first line does not start with '--'"
        case .longerBoundary(let rest):
            return "a line starts with '\(delimiter)' but goes on with '\(escapedForMessage(rest))', so it is no delimiter; the body's boundary looks like '\(escapedForMessage(dashBoundary.dropFirst(2) + rest))', longer than the one given"
        case .boundaryNotAtLineStart:
            return "'\(delimiter)' appears, but not at the start of a line"
        case .boundaryInOtherCase:
            return "no line starts with '\(delimiter)'; the body uses the boundary in different letter case, and boundaries are case-sensitive"
        case .boundaryNotFound:
            return "no line starts with '\(delimiter)'"
        }
    }

    /// The finding's fix where the rule's own does not fit the case, quoting `dashBoundary`.
    func fix(quoting dashBoundary: [UInt8]) -> String? {
        let delimiter = escapedForMessage(dashBoundary)
        switch self {
        case .closeDelimiterNotAtLineStart: return "write '\\r\\n' before '\(delimiter)--'"
        case .longerBoundary: return "give the whole boundary in the Content-Type"
        case .boundaryNotAtLineStart: return "start the body with '\(delimiter)\\r\\n' and put '\\r\\n' before every delimiter"
        default: return nil
        }
    }
}

extension ValidationEngine {
    /// Records what a framing transition noticed at `offset` (at the given line and column, else
    /// where `offset` is): the one place framing events become findings. A finding belongs to the
    /// part open when it is noted; findings about the body as a whole come when none is.
    ///
    /// The event is worded only when the finding is kept (``DiagnosticCollector``), so
    /// finding-dense input costs no string building past the limit.
    mutating func note(_ event: FramingEvent, at offset: Int, line: Int? = nil, column: Int? = nil) {
        let here = cursor.location(offset)
        let dashBoundary = framing?.dashBoundary ?? []  // a local for the lazily built message
        collector.add(
            event.rule, offset: offset, line: line ?? here.line, column: column ?? here.column,
            part: hasPart ? part.index : nil,
            event.message(quoting: dashBoundary), fix: event.fix(quoting: dashBoundary))
    }
}
