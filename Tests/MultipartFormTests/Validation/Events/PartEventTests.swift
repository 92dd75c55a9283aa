@testable import MultipartForm
import Testing

/// The findings about a part as a whole are worded in one place (``PartEvent``).
@Suite struct PartEventTests {
    /// The cases of ``PartEvent``, without their values.
    enum Kind: CaseIterable {
        case tooManyParts
        case repeatedName
        case dispositionMissing
        case transferEncodingOnMultipart
        case fileWithoutType
        case fieldWithType
        case typeWithoutFilename
        case contentUnderEmptyFilename
        case typeSyntax
        case unknownCharset
        case nestedMultipart
        case nestedBoundaryPrefix
        case nestingTooDeep
        case valueNotUTF8
        case valueEndsInsideUTF8
        case charsetFieldNotUTF8
        case charsetFieldUnknown
        case notBase64
        case notQuotedPrintable
        case encodedContentStyle
    }

    /// The case of an event: the switch has no `default`, so a case added to ``PartEvent`` does not
    /// compile here until it has a kind, and then fails ``everyCaseHasARow()`` until it has a row.
    static func kind(of event: PartEvent) -> Kind {
        switch event {
        case .tooManyParts: .tooManyParts
        case .repeatedName: .repeatedName
        case .dispositionMissing: .dispositionMissing
        case .transferEncodingOnMultipart: .transferEncodingOnMultipart
        case .fileWithoutType: .fileWithoutType
        case .fieldWithType: .fieldWithType
        case .typeWithoutFilename: .typeWithoutFilename
        case .contentUnderEmptyFilename: .contentUnderEmptyFilename
        case .typeSyntax: .typeSyntax
        case .unknownCharset: .unknownCharset
        case .nestedMultipart: .nestedMultipart
        case .nestedBoundaryPrefix: .nestedBoundaryPrefix
        case .nestingTooDeep: .nestingTooDeep
        case .valueNotUTF8: .valueNotUTF8
        case .valueEndsInsideUTF8: .valueEndsInsideUTF8
        case .charsetFieldNotUTF8: .charsetFieldNotUTF8
        case .charsetFieldUnknown: .charsetFieldUnknown
        case .notBase64: .notBase64
        case .notQuotedPrintable: .notQuotedPrintable
        case .encodedContentStyle: .encodedContentStyle
        }
    }

    /// One or more samples of every case, with the rule it names and its exact wording.
    static let rows: [(event: PartEvent, rule: Rule.ID, wording: String)] = [
        (.tooManyParts(limit: 1), "limit-parts",
         "more than 1 part; further parts are checked but not collected"),
        (.repeatedName(Array("a".utf8), earlier: 0), "name-duplicate",
         "part 0 already carries the name 'a'; receivers that keep one value per name lose all but the last"),
        (.dispositionMissing, "content-disposition-missing",
         "part has no Content-Disposition header field"),
        (.transferEncodingOnMultipart(Array("base64".utf8)), "content-transfer-encoding-invalid",
         "a multipart part may only use 7bit, 8bit or binary, not 'base64'"),
        (.fileWithoutType, "file-content-type-missing",
         "file part has no Content-Type; it defaults to text/plain"),
        (.fieldWithType(Array("text/html".utf8)), "field-content-type-present",
         "non-file part carries Content-Type 'text/html'"),
        (.typeWithoutFilename(Array("image/png".utf8)), "filename-missing",
         "part with Content-Type 'image/png' has no filename"),
        (.contentUnderEmptyFilename(byteCount: 7), "filename-empty-with-content",
         "the filename is empty but the part carries 7 bytes of content; receivers that read `filename=\"\"` as a file input left empty drop or empty it"),
        (.contentUnderEmptyFilename(byteCount: 1), "filename-empty-with-content",
         "the filename is empty but the part carries 1 byte of content; receivers that read `filename=\"\"` as a file input left empty drop or empty it"),
        (.typeSyntax("expected '/' at column 5"), "part-content-type-syntax",
         "expected '/' at column 5"),
        (.unknownCharset(Array("x-unknown".utf8)), "charset-unknown",
         "'x-unknown' is not a known charset"),
        (.nestedMultipart(Array("multipart/mixed".utf8)), "nested-multipart",
         "part is itself a multipart body ('multipart/mixed'); send one part per file instead"),
        (.nestedBoundaryPrefix(outer: Array("B".utf8)), "nested-boundary-prefix",
         "the nested boundary begins with the enclosing boundary 'B'"),
        (.nestingTooDeep(limit: 2), "limit-nesting-depth",
         "multipart nesting deeper than 2; the nested body is not checked"),
        (.valueNotUTF8(name: Array("a".utf8)), "value-not-utf8",
         "the value of text field 'a' is not valid UTF-8"),
        (.valueEndsInsideUTF8(name: Array("a".utf8)), "value-not-utf8",
         "the value of text field 'a' ends inside a UTF-8 sequence"),
        (.charsetFieldNotUTF8(Array("iso-8859-1".utf8)), "charset-field-not-utf8",
         "_charset_ names 'iso-8859-1': receivers that decode every value as UTF-8 change the values"),
        (.charsetFieldUnknown(Array("x".utf8)), "charset-field-unknown",
         "_charset_ names 'x', which is not a known charset"),
        (.notBase64(.notInAlphabet(0x21)), "base64-content-invalid",
         "'!' is not a base64 character; decoders drop it"),
        (.notBase64(.misplacedPadding(groupLength: 2)), "base64-content-invalid",
         "'=' after 2 characters of a base64 group; padding may only complete a group of two or three"),
        (.notBase64(.dataAfterPadding(0x41)), "base64-content-invalid",
         "base64 data 'A' after the padding '='"),
        (.notQuotedPrintable(.notInAlphabet(0x21)), "quoted-printable-content-invalid",
         "'!' is not a base64 character; decoders drop it"),
        (.encodedContentStyle(.longLine, .base64), "encoded-content-style",
         "base64 line longer than 76 characters"),
        (.encodedContentStyle(.lowercaseHex(0x61), .quotedPrintable), "encoded-content-style",
         "lower-case hexadecimal digit 'a' in a quoted-printable escape; the encoding requires upper case"),
        (.notBase64(.incompleteGroup(3, padded: false)), "base64-content-invalid",
         "the base64 content ends with a group of 3 characters; groups have four, the last one padded with '='"),
        (.notQuotedPrintable(.badEscape(Array("=G".utf8))), "quoted-printable-content-invalid",
         "'=' followed by '=G' in quoted-printable content; it must be followed by two hexadecimal digits or a line break"),
        (.notQuotedPrintable(.unencoded(0x80)), "quoted-printable-content-invalid",
         "'\\x80' written as it is in quoted-printable content; it must be encoded as '=80'"),
        (.notQuotedPrintable(.loneLineBreak(0x0A)), "quoted-printable-content-invalid",
         "'\\n' outside a '\\r\\n' in quoted-printable content; encode it as '=0A'"),
        (.notQuotedPrintable(.trailingWhitespace), "quoted-printable-content-invalid",
         "whitespace at the end of a quoted-printable line, which decoders delete; encode it ('=20', '=09')"),
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
