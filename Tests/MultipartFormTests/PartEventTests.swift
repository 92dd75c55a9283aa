@testable import MultipartForm
import Testing

/// The findings about a part as a whole are worded in one place (``PartEvent``).
@Suite struct PartEventTests {
    static let events: [PartEvent] = [
        .tooManyParts(limit: 1), .repeatedName(Array("a".utf8), earlier: 0), .dispositionMissing,
        .transferEncodingOnMultipart(Array("base64".utf8)), .fileWithoutType, .fieldWithType(Array("text/html".utf8)),
        .typeWithoutFilename(Array("image/png".utf8)), .typeSyntax("expected '/' at column 5"),
        .unknownCharset(Array("x-unknown".utf8)), .nestedMultipart(Array("multipart/mixed".utf8)),
        .nestedBoundaryPrefix(outer: Array("B".utf8)), .nestingTooDeep(limit: 2), .valueNotUTF8(name: Array("a".utf8)),
        .valueEndsInsideUTF8(name: Array("a".utf8)), .charsetFieldNotUTF8(Array("iso-8859-1".utf8)),
        .charsetFieldUnknown(Array("x".utf8)),
    ]

    @Test(arguments: events)
    func everyEventNamesACataloguedRuleAndHasAMessage(event: PartEvent) throws {
        _ = try #require(Rule.named(event.rule), "\(event.rule) is not in the catalog")
        #expect(!event.wording.isEmpty)
    }

    /// Findings noted when a part is checked as a whole carry that part's index, and the repeated
    /// name names the part that carried it first.
    @Test func partFindingsCarryTheirPart() {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Type: image/png\r\n\r\n\u{FF}\r\n--B--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        let repeated = report.diagnostics.first { $0.rule == .nameDuplicate }
        #expect(repeated?.partIndex == 1)
        #expect(repeated?.message.hasPrefix("part 0 already carries the name 'a'") == true)
        let typed = report.diagnostics.first { $0.rule == .fieldContentTypePresent }
        #expect(typed?.partIndex == 1 && typed?.message == "non-file part carries Content-Type 'image/png'")
        #expect(report.diagnostics.contains { $0.rule == .filenameMissing && $0.partIndex == 1 })
    }
}
