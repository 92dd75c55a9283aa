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
        // Only the forms the encoder refuses by design (a media type outside printable ASCII) are not run.
        let unsupported = report.verdicts.filter { $0.grade == .unsupported }.map(\.vectorID)
        #expect(unsupported == ["headers/y-content-type-utf8"])
        #expect(report.count(.pass) == report.verdicts.count - unsupported.count)
        #expect(report.canonicalChecked >= 100)
        #expect(report.canonicalIdentical == report.canonicalChecked)
    }

    @Test func bundledVectorsAreTheOnesWithAnEncoderInput() throws {
        let vectors = try EncoderCertification.vectors()
        let corpus = try Fixtures.corpus.get()
        #expect(vectors.map(\.id) == corpus.vectors.filter { $0.sidecar.encoderInput != nil }.map(\.id))
        #expect(vectors.count >= 150)
    }
}
