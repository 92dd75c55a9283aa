@testable import MultipartForm
import Testing

/// Framing findings are worded in one place (``FramingEvent``); the transitions only say what they saw.
@Suite struct FramingEventTests {
    /// The cases of ``FramingEvent``, without their values.
    enum Kind: CaseIterable {
        case transportPadding
        case bareLineFeed
        case unexpectedByte
        case loneCarriageReturn
        case singleDash
        case closeWithoutLineBreak
        case boundaryPrefix
        case delimiterBeforeHeadersEnd
        case delimiterAfterBareLineFeed
        case preamble
        case closeDelimiterFirst
        case preambleWithoutParts
        case noBodySection
        case delimiterInEpilogue
        case delimiterAfterCloseFirst
        case boundaryInContent
        case boundaryInHeader
        case closeDelimiterMissing
        case closeDelimiterNotAtLineStart
        case epilogue
        case bodyEmpty
        case noBoundaryInferred
        case longerBoundary
        case boundaryNotAtLineStart
        case boundaryInOtherCase
        case boundaryNotFound
    }

    /// The case of an event: the switch has no `default`, so a case added to ``FramingEvent`` does not
    /// compile here until it has a kind, and then fails ``everyCaseHasARow()`` until it has a row.
    static func kind(of event: FramingEvent) -> Kind {
        switch event {
        case .transportPadding: .transportPadding
        case .bareLineFeed: .bareLineFeed
        case .unexpectedByte: .unexpectedByte
        case .loneCarriageReturn: .loneCarriageReturn
        case .singleDash: .singleDash
        case .closeWithoutLineBreak: .closeWithoutLineBreak
        case .boundaryPrefix: .boundaryPrefix
        case .delimiterBeforeHeadersEnd: .delimiterBeforeHeadersEnd
        case .delimiterAfterBareLineFeed: .delimiterAfterBareLineFeed
        case .preamble: .preamble
        case .closeDelimiterFirst: .closeDelimiterFirst
        case .preambleWithoutParts: .preambleWithoutParts
        case .noBodySection: .noBodySection
        case .delimiterInEpilogue: .delimiterInEpilogue
        case .delimiterAfterCloseFirst: .delimiterAfterCloseFirst
        case .boundaryInContent: .boundaryInContent
        case .boundaryInHeader: .boundaryInHeader
        case .closeDelimiterMissing: .closeDelimiterMissing
        case .closeDelimiterNotAtLineStart: .closeDelimiterNotAtLineStart
        case .epilogue: .epilogue
        case .bodyEmpty: .bodyEmpty
        case .noBoundaryInferred: .noBoundaryInferred
        case .longerBoundary: .longerBoundary
        case .boundaryNotAtLineStart: .boundaryNotAtLineStart
        case .boundaryInOtherCase: .boundaryInOtherCase
        case .boundaryNotFound: .boundaryNotFound
        }
    }

    /// One or more samples of every case, with the rule, the message and the fix of its own (most take
    /// the rule's), each quoting the dash-boundary `--B7`.
    static let rows: [(event: FramingEvent, rule: Rule.ID, message: String, fix: String?)] = [
        (.transportPadding, "transport-padding",
         "whitespace after the boundary on a delimiter line (transport padding)",
         fix: nil),
        (.bareLineFeed(close: false), "delimiter-line-ending",
         "delimiter line ends with '\\n' without a preceding '\\r'",
         fix: nil),
        (.bareLineFeed(close: true), "delimiter-line-ending",
         "close delimiter line ends with '\\n' without a preceding '\\r'",
         fix: nil),
        (.unexpectedByte(0x78, close: false), "delimiter-line-ending",
         "unexpected 'x' after the boundary on a delimiter line",
         fix: nil),
        (.unexpectedByte(0x78, close: true), "close-delimiter-junk",
         "unexpected 'x' after the close delimiter",
         fix: nil),
        (.loneCarriageReturn, "delimiter-line-ending",
         "'\\r' after the boundary is not followed by '\\n'",
         fix: nil),
        (.singleDash, "close-delimiter-junk",
         "close delimiter has a single '-' after the boundary; it needs two",
         fix: nil),
        (.closeWithoutLineBreak, "close-delimiter-no-final-crlf",
         "the body ends right after the close delimiter, without '\\r\\n'",
         fix: nil),
        (.boundaryPrefix(followedBy: 0x78), "boundary-prefix-line",
         "line starts with the delimiter '--B7' followed by 'x'; it is content, not a delimiter",
         fix: nil),
        (.delimiterBeforeHeadersEnd, "part-headers-unterminated",
         "a delimiter line arrived before the blank line that ends the part's headers",
         fix: nil),
        (.delimiterAfterBareLineFeed, "delimiter-bare-lf",
         "delimiter is preceded by '\\n' without '\\r'",
         fix: nil),
        (.preamble(bytes: 1), "preamble-present",
         "1 byte before the first delimiter",
         fix: nil),
        (.closeDelimiterFirst, "zero-parts",
         "the first delimiter is the close delimiter: the body has no part",
         fix: nil),
        (.preambleWithoutParts(bytes: 3), "preamble-without-parts",
         "the 3-byte preamble is followed only by the close delimiter: whatever it holds reaches no receiver",
         fix: nil),
        (.noBodySection, "part-body-absent",
         "the delimiter directly follows the blank line that ends the headers, so the part has no body section",
         fix: nil),
        (.delimiterInEpilogue, "epilogue-contains-delimiter",
         "a delimiter line follows the close delimiter; conforming receivers ignore it",
         fix: nil),
        (.closeDelimiterMissing, "close-delimiter-missing",
         "the body ends without the close delimiter '--B7--'",
         fix: nil),
        (.closeDelimiterNotAtLineStart, "delimiter-not-line-start",
         "the close delimiter '--B7--' is not at the start of a line",
         fix: "write '\\r\\n' before '--B7--'"),
        (.epilogue(bytes: 2), "epilogue-present",
         "2 bytes follow the close delimiter line",
         fix: nil),
        (.bodyEmpty, "body-empty",
         "the body is empty",
         fix: nil),
        (.noBoundaryInferred, "delimiter-not-found",
         "no boundary is known and the first line does not start with '--'",
         fix: nil),
        (.longerBoundary(rest: Array("-extra".utf8)), "delimiter-not-found",
         "a line starts with '--B7' but goes on with '-extra', so it is no delimiter; the body's boundary looks like 'B7-extra', longer than the one given",
         fix: "give the whole boundary in the Content-Type"),
        (.boundaryNotAtLineStart, "delimiter-not-line-start",
         "'--B7' appears, but not at the start of a line",
         fix: "start the body with '--B7\\r\\n' and put '\\r\\n' before every delimiter"),
        (.boundaryInOtherCase, "delimiter-not-found",
         "no line starts with '--B7'; the body uses the boundary in different letter case, and boundaries are case-sensitive",
         fix: nil),
        (.boundaryNotFound, "delimiter-not-found",
         "no line starts with '--B7'",
         fix: nil),
        (.delimiterAfterCloseFirst, "close-delimiter-before-parts",
         "a delimiter line follows the close delimiter that opened the body: RFC 2046 receivers see no part, parsers that read on see what follows",
         fix: nil),
        (.boundaryInContent, "boundary-in-content",
         "the part's content holds '--B7' in the middle of a line: not a delimiter, but several parsers end the part there",
         fix: nil),
        (.boundaryInHeader, "boundary-in-header",
         "a header line of the part holds '--B7': not a delimiter, but parsers that split the body at any '--B7' cut the part here and lose it",
         fix: nil),
    ]

    @Test func everyCaseHasARow() {
        let covered = Set(Self.rows.map { Self.kind(of: $0.event) })
        #expect(Kind.allCases.filter { !covered.contains($0) } == [])
    }

    @Test func everyRowNamesItsRuleAndItsWording() throws {
        let dashBoundary = Array("--B7".utf8)
        for row in Self.rows {
            _ = try #require(Rule.named(row.event.rule), "\(row.event.rule) is not in the catalog")
            #expect(row.event.rule == row.rule, "\(row.event)")
            #expect(row.event.message(quoting: dashBoundary) == row.message, "\(row.event)")
            #expect(row.event.fix(quoting: dashBoundary) == row.fix, "\(row.event)")
        }
    }

    @Test func eventsThatQuoteTheDelimiterQuoteIt() {
        let quoting: [FramingEvent] = [
            .boundaryPrefix(followedBy: 0x78), .closeDelimiterMissing, .closeDelimiterNotAtLineStart,
            .longerBoundary(rest: Array("-extra".utf8)), .boundaryNotAtLineStart, .boundaryInOtherCase, .boundaryNotFound,
        ]
        for event in quoting {
            #expect(event.message(quoting: Array("--B7".utf8)).contains("'--B7"), "\(event)")
        }
        #expect(FramingEvent.longerBoundary(rest: Array("-extra".utf8)).message(quoting: Array("--B7".utf8))
            .contains("looks like 'B7-extra'"))
    }

    /// A finding about the whole body carries no part index, nor does one on a delimiter line that
    /// has ended its part; one noted while a part is open carries it, as before the events.
    @Test func findingsCarryThePartOpenWhenTheyAreNoted() {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B \r\nContent-Disposition: form-data; name=\"b\"\r\n\r\ny\r\n--B--\r\ntrailing".utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        let padding = report.diagnostics.first { $0.rule == .transportPadding }
        let epilogue = report.diagnostics.first { $0.rule == .epiloguePresent }
        #expect(padding?.offset == 55 && padding?.partIndex == nil)
        #expect(epilogue?.offset == 112 && epilogue?.partIndex == nil)
        let truncated = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx".utf8)
        let missing = MultipartValidator.validate(truncated, contentType: "multipart/form-data; boundary=B")
            .diagnostics.first { $0.rule == .closeDelimiterMissing }
        #expect(missing?.offset == truncated.count && missing?.partIndex == 0)
        #expect(missing?.message == "the body ends without the close delimiter '--B--'")
    }
}
