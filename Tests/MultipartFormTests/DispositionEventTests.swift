@testable import MultipartForm
import Testing

/// The findings about a Content-Disposition value are worded in one place (``DispositionEvent``).
@Suite struct DispositionEventTests {
    static let events: [DispositionEvent] = [
        .syntax("expected '='"), .typeQuoted, .notFormData(Array("inline".utf8)), .typeCase(Array("Form-Data".utf8)),
        .whitespaceAroundEquals, .emptyParameter, .separatorWhitespace, .repeatedParameter(Array("name".utf8)),
        .filenameStar, .extendedParameter(Array("name*".utf8)), .unknownParameter(Array("size".utf8)),
        .parameterNameCase(Array("Name".utf8)), .filenameFirst, .nameMissing, .singleQuoted(.name), .unquoted(.filename),
        .quotedPair(.name), .backslash(.filename), .empty(.name), .empty(.filename), .encodedWord(.filename),
        .separatorInValue(0x3B, .name), .percentEncoded(Array("%22".utf8), .filename), .nameNonASCII, .nameBrackets,
        .filenameWhitespace, .filenamePath(Array("a/b".utf8)),
    ]

    @Test(arguments: events)
    func everyEventNamesACataloguedRuleAndHasAMessage(event: DispositionEvent) throws {
        _ = try #require(Rule.named(event.rule), "\(event.rule) is not in the catalog")
        #expect(!event.wording.isEmpty)
    }

    /// One check serves `name` and `filename`: each finding names the parameter it is about and
    /// points at the value's byte.
    @Test func nameAndFilenameFindingsNameTheirParameter() {
        let body = Array("--B\r\nContent-Disposition: form-data; name=a; filename=\"\"\r\n\r\nx\r\n--B--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        let unquoted = report.diagnostics.first { $0.rule == .parameterUnquoted }
        #expect(unquoted?.message == "the name is not a quoted-string" && unquoted?.column == 38)
        let empty = report.diagnostics.first { $0.rule == .filenameEmpty }
        #expect(empty?.message == "the filename is empty" && empty?.partIndex == 0)
    }
}
