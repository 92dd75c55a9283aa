@testable import MultipartForm
import Testing

/// Framing findings are worded in one place (``FramingEvent``); the transitions only say what they saw.
@Suite struct FramingEventTests {
    static let events: [FramingEvent] = [
        .transportPadding, .bareLineFeed(close: false), .bareLineFeed(close: true),
        .unexpectedByte(0x78, close: false), .unexpectedByte(0x78, close: true), .loneCarriageReturn, .singleDash,
        .closeWithoutLineBreak, .boundaryPrefix(followedBy: 0x78), .delimiterBeforeHeadersEnd, .delimiterAfterBareLineFeed, .preamble(bytes: 1),
        .closeDelimiterFirst, .preambleWithoutParts(bytes: 3), .noBodySection, .delimiterInEpilogue,
        .closeDelimiterMissing, .closeDelimiterNotAtLineStart, .epilogue(bytes: 2), .bodyEmpty, .noBoundaryInferred,
        .longerBoundary(rest: Array("-extra".utf8)), .boundaryNotAtLineStart, .boundaryInOtherCase, .boundaryNotFound,
    ]

    @Test(arguments: events)
    func everyEventNamesACataloguedRuleAndHasAMessage(event: FramingEvent) throws {
        _ = try #require(Rule.named(event.rule), "\(event.rule) is not in the catalog")
        let ownFix: Bool
        switch event {
        case .closeDelimiterNotAtLineStart, .longerBoundary, .boundaryNotAtLineStart: ownFix = true
        default: ownFix = false
        }
        #expect((event.fix(quoting: Array("--B7".utf8)) != nil) == ownFix, "only three events word a fix of their own")
        #expect(!event.message(quoting: Array("--B7".utf8)).isEmpty)
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
