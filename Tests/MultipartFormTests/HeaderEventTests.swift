@testable import MultipartForm
import Testing

/// Header-line and field findings are worded in one place (``HeaderEvent``).
@Suite struct HeaderEventTests {
    static let events: [HeaderEvent] = [
        .sectionOverLimit(limit: 8), .tooManyLines(limit: 1), .lineOverLimit(length: 9, limit: 8), .lineOver998(length: 999),
        .bareLineFeed, .firstLineIndented, .folded, .nul, .bareCarriageReturn, .controlCharacter(0x01),
        .invalidUTF8([0xFF]), .nonASCII, .missingColon, .whitespaceBeforeColon, .emptyName, .nameByte(0x40),
        .nameCase(Array("CONTENT-TYPE".utf8), usual: "Content-Type"), .valueWhitespace, .secondDisposition,
        .secondField("Content-Type"), .transferEncodingPresent, .transferEncodingUnknown(Array("gzip".utf8)),
        .notAllowed(Array("X-Extra".utf8)),
    ]

    @Test(arguments: events)
    func everyEventNamesACataloguedRuleAndHasAMessage(event: HeaderEvent) throws {
        _ = try #require(Rule.named(event.rule), "\(event.rule) is not in the catalog")
        #expect(!event.wording.isEmpty)
    }

    /// A field's findings point into the field (its line and column), one on a line at the line.
    @Test func fieldFindingsPointIntoTheFieldAndLineFindingsAtTheLine() {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Extra: 1\r\nContent-Type: text/plain\r\ncontent-type: text/html\r\n\r\nx\r\n--B--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        let extra = report.diagnostics.first { $0.rule == .headerNotAllowed }
        #expect(extra?.line == 3 && extra?.column == 1 && extra?.partIndex == 0)
        #expect(extra?.message == "header field 'X-Extra' is not allowed in a form-data part")
        let second = report.diagnostics.first { $0.rule == .headerDuplicate }
        #expect(second?.line == 5 && second?.message == "second Content-Type field in one part; the first is used")
    }
}
