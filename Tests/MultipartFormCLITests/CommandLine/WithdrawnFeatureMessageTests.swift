import MultipartForm
import MultipartFormConformanceCore
import Testing

/// The `--unsupported` error for a withdrawn feature says what grading does with a refusal of such a
/// form, as CONFORMANCE.md's encoder section states: refusing a quote or a non-ASCII name or filename
/// is graded `refused`; refusing a line break in a name, or a media type outside printable ASCII, passes.
@Suite struct WithdrawnFeatureMessageTests {
    /// A value given to `--unsupported`, a vector whose form has what it names, how a refusal of that
    /// form is graded, and what the error must say about it.
    struct Case: Sendable, CustomTestStringConvertible {
        var value: String
        var vector: String
        var refusal: CertificationGrade
        var says: String
        var testDescription: String { "--unsupported \(value), a refusal of \(vector)" }
    }

    static let quote = "escape '\"' in names and filenames as %22, as browsers do (refusing such a form is graded 'refused'"
    static let cases = [
        Case(value: "quotes-or-line-breaks-in-names", vector: "quoting/i-pct22-in-name", refusal: .refused, says: quote),
        Case(
            value: "quotes-or-line-breaks-in-names", vector: "quoting/i-pct0d0a-in-filename", refusal: .pass,
            says: "escape CR and LF as %0D and %0A, or refuse the form: that refusal passes"),
        // The word a headline counts refused forms by (`REFUSED (quotes 6)`).
        Case(value: "quotes", vector: "quoting/i-pct22-in-name", refusal: .refused, says: quote),
        Case(
            value: "non-ascii-names", vector: "headers/y-name-utf8", refusal: .refused,
            says: "write names as UTF-8; refusing such a form is graded 'refused'"),
        Case(
            value: "non-ascii-filenames", vector: "headers/y-filename-utf8", refusal: .refused,
            says: "write filenames as UTF-8; refusing such a form is graded 'refused'"),
        Case(
            value: "non-ascii-content-types", vector: "headers/y-content-type-utf8", refusal: .pass,
            says: "refuse such a form, as the reference encoder does: that refusal passes"),
    ]

    /// What an encoder throws to refuse a form.
    struct Refusal: Error {}

    @Test(arguments: cases)
    func theErrorSaysWhatARefusalIsGraded(_ example: Case) throws {
        let result = runCLI(["certify", "--unsupported", example.value, "--", "/bin/true"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(example.says), "\(result.stderr)")
        #expect(!result.stderr.contains("Please provide one of"), "\(result.stderr)")

        let corpus = try Corpus(directory: packageRoot.appendingPathComponent("Vectors").path)
        let vector = try #require(corpus.vectors.first { $0.id == example.vector })
        let verdict = EncoderCertification.grade(.failure(Refusal()), for: vector, givenBoundary: nil)
        #expect(verdict.grade == example.refusal, "\(verdict.fullText)")
    }

    @Test func everyWithdrawnFeatureHasACase() {
        #expect(Set(EncoderFeature.withdrawn.map(\.feature.rawValue)) == Set(Self.cases.map(\.value)).subtracting(["quotes"]))
    }

    @Test func theWordQuotesNamesTheWithdrawnFeature() {
        let result = runCLI(["certify", "--unsupported", "quotes", "--", "/bin/true"])
        #expect(
            result.stderr.hasPrefix(
                "Error: 'quotes' is no feature to declare unsupported (nor is 'quotes-or-line-breaks-in-names', which earlier versions accepted), since every string API can say such a form: escape '\"'"
            ), "\(result.stderr)")
    }
}
