@testable import MultipartForm
import Testing

/// The findings about a Content-Disposition value are worded in one place (``DispositionEvent``).
@Suite struct DispositionEventTests {
    /// The cases of ``DispositionEvent``, without their values.
    enum Kind: CaseIterable {
        case syntax
        case typeQuoted
        case notFormData
        case typeCase
        case whitespaceAroundEquals
        case emptyParameter
        case separatorWhitespace
        case repeatedParameter
        case filenameStar
        case extendedParameter
        case unknownParameter
        case parameterNameCase
        case filenameFirst
        case nameMissing
        case singleQuoted
        case unquoted
        case quotedPair
        case backslash
        case empty
        case encodedWord
        case separatorInValue
        case percentEncoded
        case nameNonASCII
        case nameBrackets
        case filenameWhitespace
        case filenamePath
    }

    /// The case of an event: the switch has no `default`, so a case added to ``DispositionEvent`` does not
    /// compile here until it has a kind, and then fails ``everyCaseHasARow()`` until it has a row.
    static func kind(of event: DispositionEvent) -> Kind {
        switch event {
        case .syntax: .syntax
        case .typeQuoted: .typeQuoted
        case .notFormData: .notFormData
        case .typeCase: .typeCase
        case .whitespaceAroundEquals: .whitespaceAroundEquals
        case .emptyParameter: .emptyParameter
        case .separatorWhitespace: .separatorWhitespace
        case .repeatedParameter: .repeatedParameter
        case .filenameStar: .filenameStar
        case .extendedParameter: .extendedParameter
        case .unknownParameter: .unknownParameter
        case .parameterNameCase: .parameterNameCase
        case .filenameFirst: .filenameFirst
        case .nameMissing: .nameMissing
        case .singleQuoted: .singleQuoted
        case .unquoted: .unquoted
        case .quotedPair: .quotedPair
        case .backslash: .backslash
        case .empty: .empty
        case .encodedWord: .encodedWord
        case .separatorInValue: .separatorInValue
        case .percentEncoded: .percentEncoded
        case .nameNonASCII: .nameNonASCII
        case .nameBrackets: .nameBrackets
        case .filenameWhitespace: .filenameWhitespace
        case .filenamePath: .filenamePath
        }
    }

    /// One or more samples of every case, with the rule it names and its exact wording.
    static let rows: [(event: DispositionEvent, rule: Rule.ID, wording: String)] = [
        (.syntax("expected '='", fix: nil), "parameter-syntax",
         "expected '='"),
        (.typeQuoted, "content-disposition-type-quoted",
         "the disposition type is quoted"),
        (.notFormData(Array("inline".utf8)), "content-disposition-not-form-data",
         "disposition type is 'inline', not 'form-data'"),
        (.typeCase(Array("Form-Data".utf8)), "content-disposition-type-case",
         "disposition type 'Form-Data' is not lower case"),
        (.whitespaceAroundEquals, "parameter-whitespace-around-equals",
         "whitespace around '=' in a parameter"),
        (.emptyParameter, "parameter-empty",
         "empty parameter"),
        (.separatorWhitespace, "parameter-separator-whitespace",
         "write '; ' between parameters: no whitespace before ';' and one space after it"),
        (.repeatedParameter(Array("name".utf8)), "parameter-duplicate",
         "parameter 'name' is given more than once; the first is used"),
        (.filenameStar, "filename-star",
         "'filename*' must not be used in multipart/form-data"),
        (.extendedParameter(Array("name*".utf8)), "parameter-extended",
         "RFC 2231 parameter 'name*' must not be used in multipart/form-data"),
        (.unknownParameter(Array("size".utf8)), "parameter-unknown",
         "unknown parameter 'size'"),
        (.parameterNameCase(Array("Name".utf8)), "parameter-name-case",
         "the parameter name 'Name' is not written in lower case"),
        (.filenameFirst, "parameter-order",
         "'filename' comes before 'name'"),
        (.nameMissing, "name-missing",
         "Content-Disposition has no 'name' parameter"),
        (.singleQuoted(.name), "parameter-single-quoted",
         "single quotes do not quote the name; they are part of the value"),
        (.unquoted(.filename), "parameter-unquoted",
         "the filename is not a quoted-string"),
        (.quotedPair(.name), "parameter-quoted-pair",
         "backslash escape in the name"),
        (.backslash(.filename), "parameter-backslash",
         "backslash in the filename escapes the next character"),
        (.empty(.name), "name-empty",
         "the name is empty"),
        (.empty(.filename), "filename-empty",
         "the filename is empty"),
        (.encodedWord(.filename), "parameter-encoded-word",
         "the filename holds an RFC 2047 encoded-word"),
        (.separatorInValue(0x3B, .name), "parameter-value-separator",
         "';' inside the quoted name: receivers that split the header at it cut the value"),
        (.percentEncoded(Array("%22".utf8), .filename), "parameter-percent-encoded",
         "'%22' in the filename may or may not be decoded by receivers"),
        (.nameNonASCII, "name-non-ascii",
         "the field name contains non-ASCII bytes"),
        (.nameBrackets, "name-brackets",
         "PHP and Rack read the brackets in the name as array syntax"),
        (.filenameWhitespace, "filename-whitespace",
         "the filename starts or ends with whitespace, which some receivers strip"),
        (.filenamePath(Array("a/b".utf8)), "filename-path",
         "the filename 'a/b' contains directory information"),
    ]

    @Test func everyCaseHasARow() {
        let covered = Set(Self.rows.map { Self.kind(of: $0.event) })
        #expect(Kind.allCases.filter { !covered.contains($0) } == [])
    }

    @Test func everyRowNamesItsRuleAndItsWording() throws {
        for row in Self.rows {
            _ = try #require(Rule.named(row.event.rule), "\(row.event.rule) is not in the catalog")
            #expect(row.event.rule == row.rule, "\(row.event)")
            #expect(row.event.wording == row.wording, "\(row.event)")
        }
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
