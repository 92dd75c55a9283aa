@testable import MultipartForm
import Testing

/// The findings about a Content-Disposition value are worded in one place (``DispositionEvent``).
@Suite struct DispositionEventTests {
    static let events: [DispositionEvent] = [
        .syntax("expected '='", fix: nil), .typeQuoted, .notFormData(Array("inline".utf8)), .typeCase(Array("Form-Data".utf8)),
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

    /// A raw `"` ends the quoted filename early: that is one `parameter-syntax` error, and the
    /// cut-off value's trailing space is the error's side effect, not a second finding.
    @Test func aValueARawQuoteEndsEarlyDrawsNoWhitespaceNote() {
        let body = Array(
            "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"my \"best\" photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\nx\r\n--B--\r\n"
                .utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        #expect(report.diagnostics.map(\.rule) == [.parameterSyntax])
        // The help names the fix for this case, not the rule's general "quote every value".
        #expect(report.diagnostics.first?.fixHint?.contains("`%22`") == true)
    }

    /// Leading whitespace is the sender's even when the value ends early; so is an empty value that was not cut.
    @Test func whitespaceBeforeAValueARawQuoteEndsIsStillNoted() {
        let body = Array(
            "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\" a\"b\"\r\nContent-Type: image/jpeg\r\n\r\nx\r\n--B--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        #expect(report.diagnostics.map(\.rule) == [.filenameWhitespace, .parameterSyntax])
    }

    /// A final backslash escapes the closing quote: the message says so, and the help speaks of the
    /// backslash, not of writing a quote as `%22`, which the value does not hold.
    @Test func aFinalBackslashThatEscapesTheClosingQuoteIsNamed() throws {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"test\\\"\r\n\r\n1\r\n--B--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        let finding = try #require(report.diagnostics.first { $0.rule == .parameterSyntax })
        #expect(finding.message == "unterminated quoted-string: a final '\\\\' escapes its closing '\"'")
        #expect(finding.column == 38, "the finding still points at the value's opening quote")
        let fix = try #require(finding.fixHint)
        #expect(fix.hasPrefix("a quoted value cannot end in a single backslash: write it as `\\\\`"), "\(fix)")
        #expect(!fix.contains("%22"))

        // Two backslashes are one quoted-pair: the quote closes the value, and nothing is wrong with it.
        let doubled = Array("--B\r\nContent-Disposition: form-data; name=\"test\\\\\"\r\n\r\n1\r\n--B--\r\n".utf8)
        let valid = MultipartValidator.validate(doubled, contentType: "multipart/form-data; boundary=B")
        #expect(!valid.diagnostics.contains { $0.rule == .parameterSyntax })
        // A value that never closes, with no backslash, keeps the general wording.
        let open = Array("--B\r\nContent-Disposition: form-data; name=\"test\r\n\r\n1\r\n--B--\r\n".utf8)
        let unterminated = MultipartValidator.validate(open, contentType: "multipart/form-data; boundary=B")
        let plain = try #require(unterminated.diagnostics.first { $0.rule == .parameterSyntax })
        #expect(plain.message == "unterminated quoted-string")
        #expect(plain.fixHint?.contains("`%22`") == true)
    }

    /// `%22` is what every faithful encoder writes for a `"`: the help says so and what the app can do.
    @Test func anUnavoidablePercentEscapeSaysSoAndSuggestsSanitising() throws {
        let body = Array(
            "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a%22b.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--\r\n"
                .utf8)
        let report = MultipartValidator.validate(body, contentType: "multipart/form-data; boundary=B")
        let finding = try #require(report.diagnostics.first { $0.rule == .parameterPercentEncoded })
        let fix = try #require(finding.fixHint)
        #expect(fix.hasPrefix("an encoder cannot avoid this"))
        #expect(fix.contains("sanitise the filename"))
    }
}
