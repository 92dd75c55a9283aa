@testable import MultipartForm
import Testing

/// Header-line and field findings are worded in one place (``HeaderEvent``).
@Suite struct HeaderEventTests {
    /// The cases of ``HeaderEvent``, without their values.
    enum Kind: CaseIterable {
        case sectionOverLimit
        case tooManyLines
        case lineOverLimit
        case lineOver998
        case bareLineFeed
        case firstLineIndented
        case folded
        case nul
        case bareCarriageReturn
        case controlCharacter
        case invalidUTF8
        case nonASCII
        case missingColon
        case whitespaceBeforeColon
        case emptyName
        case nameByte
        case nameCase
        case valueWhitespace
        case secondDisposition
        case secondField
        case transferEncodingPresent
        case transferEncodingUnknown
        case notAllowed
    }

    /// The case of an event: the switch has no `default`, so a case added to ``HeaderEvent`` does not
    /// compile here until it has a kind, and then fails ``everyCaseHasARow()`` until it has a row.
    static func kind(of event: HeaderEvent) -> Kind {
        switch event {
        case .sectionOverLimit: .sectionOverLimit
        case .tooManyLines: .tooManyLines
        case .lineOverLimit: .lineOverLimit
        case .lineOver998: .lineOver998
        case .bareLineFeed: .bareLineFeed
        case .firstLineIndented: .firstLineIndented
        case .folded: .folded
        case .nul: .nul
        case .bareCarriageReturn: .bareCarriageReturn
        case .controlCharacter: .controlCharacter
        case .invalidUTF8: .invalidUTF8
        case .nonASCII: .nonASCII
        case .missingColon: .missingColon
        case .whitespaceBeforeColon: .whitespaceBeforeColon
        case .emptyName: .emptyName
        case .nameByte: .nameByte
        case .nameCase: .nameCase
        case .valueWhitespace: .valueWhitespace
        case .secondDisposition: .secondDisposition
        case .secondField: .secondField
        case .transferEncodingPresent: .transferEncodingPresent
        case .transferEncodingUnknown: .transferEncodingUnknown
        case .notAllowed: .notAllowed
        }
    }

    /// One or more samples of every case, with the rule it names and its exact wording.
    static let rows: [(event: HeaderEvent, rule: Rule.ID, wording: String)] = [
        (.sectionOverLimit(limit: 8), "limit-header-bytes",
         "the part's headers exceed 8 bytes; the rest are skipped"),
        (.tooManyLines(limit: 1), "limit-header-lines",
         "more than 1 header line in one part; the rest are skipped"),
        (.lineOverLimit(length: 9, limit: 8), "limit-header-line-length",
         "header line of 9 bytes exceeds the limit of 8; it is still read"),
        (.lineOver998(length: 999), "header-line-too-long",
         "header line is 999 bytes long; the limit is 998"),
        (.bareLineFeed, "header-bare-lf",
         "header line ends with '\\n' without a preceding '\\r'"),
        (.firstLineIndented, "header-leading-whitespace",
         "the part's first header line starts with whitespace"),
        (.folded, "header-folded",
         "header field continues on a line starting with whitespace (folding)"),
        (.nul, "header-nul",
         "NUL byte in a part header"),
        (.bareCarriageReturn, "header-bare-cr",
         "'\\r' in a part header is not followed by '\\n'"),
        (.controlCharacter(0x01), "header-control-character",
         "control character '\\x01' in a part header value"),
        (.invalidUTF8([0xFF]), "header-invalid-utf8",
         "'\\xFF' is not valid UTF-8"),
        (.nonASCII, "header-non-ascii",
         "non-ASCII bytes in a part header"),
        (.missingColon, "header-missing-colon",
         "header line has no ':'; a blank line must separate the headers from the value"),
        (.whitespaceBeforeColon, "header-whitespace-before-colon",
         "whitespace between the header name and ':'"),
        (.emptyName, "header-name-invalid",
         "header field name is empty"),
        (.nameByte(0x40), "header-name-invalid",
         "'@' is not allowed in a header field name"),
        (.nameCase(Array("CONTENT-TYPE".utf8), usual: "Content-Type"), "header-name-case",
         "'CONTENT-TYPE' is neither 'Content-Type' nor lower case"),
        (.valueWhitespace, "header-value-whitespace",
         "write one space after the colon and none after the value"),
        (.secondDisposition, "content-disposition-duplicate",
         "second Content-Disposition field in one part; the first is used"),
        (.secondField("Content-Type"), "header-duplicate",
         "second Content-Type field in one part; the first is used"),
        (.transferEncodingPresent, "content-transfer-encoding-present",
         "part carries Content-Transfer-Encoding"),
        (.transferEncodingUnknown(Array("gzip".utf8)), "content-transfer-encoding-invalid",
         "'gzip' is not a Content-Transfer-Encoding mechanism"),
        (.notAllowed(Array("X-Extra".utf8)), "header-not-allowed",
         "header field 'X-Extra' is not allowed in a form-data part"),
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
