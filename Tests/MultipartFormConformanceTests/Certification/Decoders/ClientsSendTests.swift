import MultipartForm
import MultipartFormConformance
import Testing

/// Silent data loss on a body real clients send is told apart from loss on a valid body none sends.
@Suite("Data loss on what clients send")
struct ClientsSendTests {
    /// A decoder that reads strictly, then drops the last part.
    static let dropsTheLastPart = ClosureDecoderAdapter(name: "drops the last part") { body, contentType in
        Array(try StrictDecoderAdapter().decode(body: body, contentType: contentType).dropLast())
    }

    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no \(id)")
    }

    @Test func aBrowsersBodyLostIsTheWorstRung() throws {
        let vector = try Self.vector("browsers/y-chromium-form-several-files")
        let certification = DecoderCertification(Self.dropsTheLastPart)
        let verdict = certification.verdict(for: vector)
        #expect(verdict.problem == .losesDataClientsSend, "\(verdict.summary)")
        #expect(certification.report(verdicts: [verdict]).level == .losesDataClientsSend)
        #expect(CertificationLevel.ladder(for: .decoder).last == .losesDataClientsSend)
    }

    @Test func aBodyNoClientSendsLostIsTheRungAbove() throws {
        let vector = try Self.vector("boundary/y-quoted")
        try #require(vector.sidecar.producer == nil)
        let verdict = DecoderCertification(Self.dropsTheLastPart).verdict(for: vector)
        #expect(verdict.problem == .losesData, "\(verdict.summary)")
        #expect(CertificationLevel.losesDataClientsSend.isAtLeast(.losesData) == false)
        #expect(CertificationLevel.losesData.isAtLeast(.losesDataClientsSend))
    }
}
