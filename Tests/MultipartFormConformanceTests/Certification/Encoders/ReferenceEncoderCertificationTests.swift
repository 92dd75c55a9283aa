import MultipartForm
import MultipartFormConformance
import Testing

/// The reference encoder certified like any third-party encoder, one test case per vector, and held at the Canonical level.
@Suite("Reference encoder certification")
struct ReferenceEncoderCertificationTests {
    @Test("reference encoder passes", arguments: try EncoderCertification.vectors())
    func referenceEncoderPasses(vector: ConformanceVector) throws {
        try EncoderCertification(ReferenceEncoderAdapter()).check(vector, warningsAsFailures: true)
    }

    @Test func referenceEncoderIsCanonical() throws {
        let report = try EncoderCertification(ReferenceEncoderAdapter()).report()
        #expect(report.level == .canonical, "\(report.text(onlyProblems: true))")
        // Every vector is run; the forms it refuses by design are the ones the corpus records as refused.
        #expect(report.coverage.isComplete)
        #expect(report.count(.pass) == report.verdicts.count)
        #expect(report.canonicalChecked >= 100)
        #expect(report.canonicalIdentical == report.canonicalChecked)
        let refused = report.verdicts.filter { $0.summary.hasPrefix("refused the form") }.map(\.vectorID)
        let recorded = try EncoderCertification.vectors().filter { $0.sidecar.encoderInput?.refusal != nil }.map(\.id)
        #expect(refused == recorded)
        #expect(recorded.count >= 2)
    }

    @Test func bundledVectorsAreTheOnesWithAnEncoderInput() throws {
        let vectors = try EncoderCertification.vectors()
        let corpus = try Fixtures.corpus.get()
        #expect(vectors.map(\.id) == corpus.vectors.filter { $0.sidecar.encoderInput != nil }.map(\.id))
        #expect(vectors.count >= 150)
    }
}
