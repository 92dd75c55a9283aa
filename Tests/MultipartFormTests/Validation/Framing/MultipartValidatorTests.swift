import MultipartForm
import MultipartFormTestSupport
import Testing

/// Behaviour of the streaming validator on small bodies written byte by byte.
@Suite struct MultipartValidatorTests {
    static let contentType = "multipart/form-data; boundary=AaB03x"

    func validate(_ text: String, contentType: String? = contentType, chunk: Int = .max) -> ValidationReport {
        ChunkedFeed.validate(Array(text.utf8), contentType: contentType, chunkSize: chunk)
    }

    func findings(_ report: ValidationReport) -> [String] {
        report.rulesAtOffsets
    }

    @Test func browserShapedBodyHasNoFindings() {
        let report = validate("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n")
        #expect(findings(report) == [])
        #expect(report.parts.count == 1)
        #expect(report.parts.first?.nameString == "a")
        #expect(report.parts.first?.bodyRange == 54..<55)
    }

    @Test func valueEndingInCRLFKeepsItsLineBreak() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n\r\n--AaB03x--\r\n"
        let report = validate(body)
        #expect(findings(report) == [])
        #expect(report.parts.first?.bodyRange.count == 3)
    }

    @Test func missingBlankLineAfterHeadersIsReported() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\nvalue\r\n--AaB03x--\r\n"
        let report = validate(body)
        #expect(findings(report) == ["header-missing-colon@52", "part-headers-unterminated@59"])
    }

    @Test func bareLFDelimiterIsReportedAndStillFrames() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\n--AaB03x--\r\n"
        let report = validate(body)
        #expect(findings(report) == ["delimiter-bare-lf@55"])
        #expect(report.parts.first?.bodyRange == 54..<55)
    }

    @Test func truncatedBodyReportsMissingCloseDelimiter() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB0"
        #expect(findings(validate(body)) == ["close-delimiter-missing@63"])
    }

    @Test func closeDelimiterWithoutLineBreakBeforeItIsPinpointed() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue--AaB03x--\r\n"
        // The same bytes are the boundary inside content, where some parsers end the part.
        #expect(findings(validate(body)) == ["boundary-in-content@59", "delimiter-not-line-start@59"])
    }

    @Test func emptyBodyIsReported() {
        #expect(findings(validate("")) == ["body-empty@0"])
    }

    @Test func boundaryIsInferredWithoutContentType() {
        let body = "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xyz--\r\n"
        let report = validate(body, contentType: nil)
        #expect(findings(report) == ["boundary-inferred@0"])
        #expect(report.parts.count == 1)
    }

    @Test func prefixLineIsContent() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--AaB03xZ\r\n--AaB03x--\r\n"
        let report = validate(body)
        #expect(findings(report) == ["boundary-prefix-line@57"])
        #expect(report.parts.first?.bodyRange == 54..<66)
    }

    @Test(arguments: [1, 2, 3, 5, 7, 13])
    func everyChunkingGivesTheSameReport(chunk: Int) {
        let body =
            "pre\r\n--AaB03x \r\ncontent-disposition: Form-Data; name=a; filename=\"C:\\\\x\\y.txt\"\r\n X-A: 1\r\n\r\n\r\n--AaB03\r\n--AaB03x\n"
            + "Content-Disposition: form-data; name=\"b\"\r\nContent-Type: text/plain; charset=klingon\r\n\r\n\u{E9}\r\n--AaB03x--  \r\nepi\r\n--AaB03x\r\n"
        #expect(validate(body, chunk: chunk) == validate(body))
    }
}

extension MultipartValidatorTests {
    @Test func unfinishedDelimiterAtTheEndStartsNoPart() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x"
        let report = validate(body)
        #expect(findings(report) == ["close-delimiter-missing@65"])
        #expect(report.partCount == 1)
        #expect(report.parts.first?.bodyRange == 54..<55)
    }

    @Test func paddedDelimiterAtTheEndStartsNoPart() {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x  "
        let report = validate(body)
        #expect(findings(report) == ["transport-padding@65", "close-delimiter-missing@67"])
        #expect(report.partCount == 1)
    }

    /// Found by fuzzing: a value whose invalid UTF-8 is detected only when a line that looked like a
    /// delimiter is handed back as content was placed on the line after it, at a negative column.
    @Test(arguments: [1, 2, 7, Int.max])
    func invalidUTF8BeforeAPrefixLineKeepsItsLine(chunk: Int) {
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncaf".utf8) + [0xE9]
            + Array("\r\n--AaB03x-x\r\n--AaB03x--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: Self.contentType, chunkSize: chunk)
        let invalid = report.diagnostics.first { $0.rule == .valueNotUTF8 }
        #expect(invalid?.offset == 57)
        #expect(invalid?.line == 4)
        #expect(invalid?.column == 4)
        #expect(findings(report) == ["value-not-utf8@57", "boundary-prefix-line@60"])
    }

    /// Found by fuzzing: a boundary inferred from a first line with a CR inside it held the CR, and a
    /// delimiter could then begin inside another, so one-byte chunks framed the body differently.
    @Test func inferredBoundaryEndsAtTheFirstCarriageReturn() {
        let body = "--X\rjunk\n--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--X\r\n--X\rjunk\n--X--\r\n"
        let whole = validate(body, contentType: nil)
        #expect(whole.boundary == Array("X".utf8))
        #expect(findings(whole).prefix(2) == ["boundary-inferred@0", "delimiter-line-ending@3"])
        for chunk in [1, 2, 3, 5] {
            #expect(validate(body, contentType: nil, chunk: chunk) == whole, "chunk \(chunk)")
        }
    }

    @Test func aBoundaryParameterHoldingACarriageReturnIsReportedAndNotUsedForFraming() {
        let body = "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"
        let contentType = "multipart/form-data; boundary=\"X\rY\""
        let report = validate(body, contentType: contentType)
        #expect(report.diagnostics.contains { $0.rule == .boundaryInvalidCharacter && $0.origin == .contentType })
        #expect(report.boundary == Array("X".utf8))
        #expect(report.partCount == 1)
        #expect(validate(body, contentType: contentType, chunk: 1) == report)
    }

    /// Found by fuzzing: an overlong header line that also took the section past its limit had the
    /// section's finding reported on the next line, at a negative column.
    @Test func overlongLineThatAlsoFillsTheSectionReportsBothOnItsLine() {
        var options = ValidationOptions()
        options.maxHeaderLineLength = 40
        options.maxHeaderBytes = 64
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Long: " + String(repeating: "y", count: 50)
            + "\r\nX-Next: 1\r\n\r\n1\r\n--AaB03x--\r\n"
        var validator = MultipartValidator(contentType: Self.contentType, options: options)
        validator.consume(Array(body.utf8))
        let report = validator.finish()
        let section = report.diagnostics.first { $0.rule == .limitHeaderBytes }
        #expect(section?.offset == 10 + 64)
        #expect(section?.line == 3)
        #expect(section?.column == 10 + 64 - 52 + 1)
        #expect(findings(report).contains("limit-header-line-length@52"))
    }
}
