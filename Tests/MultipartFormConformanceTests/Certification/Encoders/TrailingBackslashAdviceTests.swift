import MultipartForm
import MultipartFormConformance
import Testing

/// A name or filename ending in a backslash gets advice about the backslash: refuse the form, as the
/// reference encoder does, not the general advice of the rules the body breaks, which speaks of quotes.
@Suite struct TrailingBackslashAdviceTests {
    /// A body for one field, its name and filename written between quotes exactly as given.
    static func written(name: String, filename: String? = nil) -> EncodedForm {
        var header = "Content-Disposition: form-data; name=\"\(name)\""
        if let filename { header += "; filename=\"\(filename)\"\r\nContent-Type: text/plain" }
        return handWritten("--AaB03x\r\n\(header)\r\n\r\n1\r\n--AaB03x--\r\n")
    }

    static func form(name: String, filename: String? = nil) -> FormData {
        FormData([FormData.Field(name: name, value: .text("1"), filename: filename, contentType: filename == nil ? nil : "text/plain")])
    }

    @Test func aBackslashWrittenRawIsToldToBeRefused() {
        let judgement = EncoderOutputJudgement(Self.written(name: "a\\"), of: Self.form(name: "a\\"))
        #expect(judgement.errors.contains { $0.contains("[parameter-syntax]") }, "\(judgement.errors)")
        #expect(!judgement.rulesBroken.contains(.parameterSyntax), "the general advice about quotes would follow")
        let advice = judgement.notes.filter { $0.hasPrefix("for an encoder, field 0 ('a\\\\'): ") }
        #expect(advice.count == 1, "\(judgement.notes)")
        #expect(advice.first?.contains("the name ends in a backslash, which, written raw, escapes the closing quote") == true)
        #expect(advice.first?.contains("refuse such a form, as the reference encoder does (unrepresentable-name;") == true)
        #expect(advice.first?.contains("%22") == false)
    }

    @Test func aDoubledBackslashIsValidButRefusingIsCanonical() {
        let judgement = EncoderOutputJudgement(Self.written(name: "a\\\\"), of: Self.form(name: "a\\"))
        #expect(judgement.errors.isEmpty, "\(judgement.errors)")
        #expect(judgement.warnings.contains { $0.contains("[parameter-quoted-pair]") }, "\(judgement.warnings)")
        #expect(judgement.rulesBroken.isEmpty)
        #expect(
            judgement.notes.contains {
                $0.contains("the name ends in a backslash, written as the quoted-pair `\\\\`: valid, but receivers")
                    && $0.contains("passes and is what Canonical asks")
            }, "\(judgement.notes)")
    }

    @Test func aFilenameEndingInABackslashNamesItsOwnCode() {
        let judgement = EncoderOutputJudgement(Self.written(name: "f", filename: "x\\"), of: Self.form(name: "f", filename: "x\\"))
        #expect(judgement.notes.contains { $0.contains("the filename ends in a backslash") && $0.contains("(unrepresentable-filename;") })
    }

    @Test func theVerdictOnTheCorpusVectorCarriesNoAdviceAboutQuotes() throws {
        let vector = try #require(try Fixtures.corpus.get()["quoting/n-trailing-backslash"])
        let input = try #require(vector.sidecar.encoderInput)
        // What an encoder that writes names as they are sends for this form.
        let verdict = EncoderCertification.grade(
            .success(EncodedForm(contentType: try #require(vector.contentType), body: vector.body)), for: vector, givenBoundary: input.boundary)
        #expect(verdict.grade == .fail)
        #expect(!verdict.notes.contains { $0.contains("[parameter-syntax]") || $0.contains("[parameter-quoted-pair]") }, "\(verdict.notes)")
        #expect(verdict.notes.contains { $0.hasPrefix("for an encoder, field 0 ('test\\\\'): the name ends in a backslash") }, "\(verdict.notes)")
    }

    @Test func aQuoteInANameStillGetsTheAdviceAboutQuotes() {
        // Only a value ending in a backslash is explained otherwise; a raw quote keeps the rule's advice.
        let judgement = EncoderOutputJudgement(Self.written(name: "a\"b"), of: Self.form(name: "a\"b"))
        #expect(judgement.rulesBroken.contains(.parameterSyntax), "\(judgement.errors)")
        #expect(!judgement.notes.contains { $0.contains("backslash") })
    }
}
