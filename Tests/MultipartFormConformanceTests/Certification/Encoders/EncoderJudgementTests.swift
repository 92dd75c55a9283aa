import MultipartForm
import MultipartFormConformance
import Testing

/// The semantic comparison of encoder output with the form, on bodies written by hand.
@Suite("Encoder output judgement")
struct EncoderJudgementTests {
    static let quoteForm: FormData = [FormData.Field(name: "a\"b", value: .text("1"))]

    @Test func whatwgEscapedNameMatchesTheLiteralName() {
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"a%22b\"\r\n\r\n1\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: Self.quoteForm)
        #expect(judgement.errors.isEmpty, "\(judgement.errors)")
        #expect(judgement.warnings.isEmpty, "\(judgement.warnings)")
    }

    @Test func quotedPairEscapedNameMatchesWithAWarning() {
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"a\\\"b\"\r\n\r\n1\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: Self.quoteForm)
        #expect(judgement.errors.isEmpty, "\(judgement.errors)")
        #expect(judgement.warnings.count == 1)
        #expect(judgement.warnings.first?.contains("[parameter-quoted-pair]") == true)
    }

    @Test func unescapedQuoteInNameFailsWithTheRuleAndOffset() {
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"b\"\r\n\r\n1\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: Self.quoteForm)
        #expect(judgement.errors.contains { $0.hasPrefix("error: offset ") && $0.contains("[parameter-syntax]") }, "\(judgement.errors)")
    }

    @Test func differentContentNamesTheFieldAndTheFirstDifferingByte() {
        let form: FormData = [FormData.Field(name: "x", value: .text("hello"))]
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nhelp!\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: form)
        #expect(judgement.errors == [
            "field 0 ('x') content: expected \"hello\" (5 bytes), found \"help!\" (5 bytes); first difference at byte 3"
        ])
    }

    @Test func missingPartsAreNamedByField() {
        let form: FormData = [FormData.Field(name: "a", value: .text("1")), FormData.Field(name: "a", value: .text("2"))]
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n2\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: form)
        #expect(judgement.errors.first == "expected 2 parts (one per field, in order), found 1; no part for the last 1 field ('a')")
        #expect(judgement.errors.contains { $0.hasPrefix("field 0 ('a') content:") })
    }

    @Test func textFieldWithContentTypeIsAWarning() {
        let form: FormData = [FormData.Field(name: "a", value: .text("1"))]
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain\r\n\r\n1\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: form)
        #expect(judgement.errors.isEmpty)
        #expect(judgement.warnings == ["field 0 ('a'): a text field was sent with Content-Type \"text/plain\" (10 bytes); WHATWG sends none"])
    }

    @Test func textFieldWithFilenameFails() {
        let form: FormData = [FormData.Field(name: "a", value: .text("1"))]
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n1\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: form)
        #expect(judgement.errors.contains { $0.contains("a text field must be sent without a filename") })
    }

    @Test func contentTypeComparesIgnoringASCIICaseOnly() {
        let form: FormData = [FormData.Field(name: "f", value: .bytes([1]), filename: "f.bin", contentType: "Image/PNG")]
        let same = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\nContent-Type: image/png\r\n\r\n\u{1}\r\n--AaB03x--\r\n")
        #expect(EncoderOutputJudgement(same, of: form).errors.isEmpty)
        let other = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\nContent-Type: image/jpeg\r\n\r\n\u{1}\r\n--AaB03x--\r\n")
        #expect(EncoderOutputJudgement(other, of: form).errors.first?.hasPrefix("field 0 ('f') content type: expected \"Image/PNG\"") == true)
    }

    @Test func newlineNormalisedTextIsAcceptedAndNoted() {
        let form: FormData = [FormData.Field(name: "t", value: .text("a\nb"))]
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\na\r\nb\r\n--AaB03x--\r\n")
        let judgement = EncoderOutputJudgement(output, of: form)
        #expect(judgement.errors.isEmpty && judgement.warnings.isEmpty)
        #expect(judgement.notes.contains { $0.contains("normalised to CRLF") })
    }

    @Test func bytesAreNeverNormalised() {
        let form: FormData = [FormData.Field(name: "t", value: .bytes(Array("a\nb".utf8)), filename: "t.bin")]
        let output = handWritten("--AaB03x\r\nContent-Disposition: form-data; name=\"t\"; filename=\"t.bin\"\r\nContent-Type: application/octet-stream\r\n\r\na\r\nb\r\n--AaB03x--\r\n")
        #expect(EncoderOutputJudgement(output, of: form).errors.count == 1)
    }
}
