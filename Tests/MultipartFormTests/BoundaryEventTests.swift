@testable import MultipartForm
import Testing

/// The findings about a multipart Content-Type and its boundary are worded in one place (``BoundaryEvent``).
@Suite struct BoundaryEventTests {
    static let events: [BoundaryEvent] = [
        .syntax("expected '/'"), .notFormData(Array("text/plain".utf8)), .mediaTypeCase, .parameterWhitespace,
        .emptyParameter, .repeatedParameter(Array("boundary".utf8)), .unexpectedParameter(Array("charset".utf8)),
        .extendedBoundary(Array("boundary*".utf8)), .boundaryMissing, .boundaryNameCase, .boundaryQuoted,
        .boundaryEmpty, .boundaryTooLong(71), .boundaryCharacter(0x40), .boundaryTrailingSpace,
        .boundaryNeedsQuotes(0x3A), .boundaryInferred(Array("B".utf8)),
    ]

    @Test(arguments: events)
    func everyEventNamesACataloguedRuleAndHasAMessage(event: BoundaryEvent) throws {
        _ = try #require(Rule.named(event.rule), "\(event.rule) is not in the catalog")
        #expect(!event.wording.isEmpty)
    }

    /// The request's Content-Type findings point into the header value, with no part; a boundary
    /// taken from the first line is checked at its place on that line.
    @Test func contentTypeFindingsPointIntoTheValueAndInferredOnesIntoTheFirstLine() {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--\r\n".utf8)
        let declared = MultipartValidator.validate(body, contentType: "multipart/form-data; Boundary=B")
        let upper = declared.diagnostics.first { $0.rule == .contentTypeCase }
        #expect(upper?.origin == .contentType && upper?.column == 22 && upper?.partIndex == nil)
        #expect(upper?.message == "the parameter name 'boundary' is not written in lower case")
        let spaced = Array("--B \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B --\r\n".utf8)
        let inferred = MultipartValidator.validate(spaced, contentType: nil)
        #expect(inferred.diagnostics.contains { $0.rule == .boundaryInferred && $0.offset == 0 && $0.message.contains("'B'") })
    }
}
