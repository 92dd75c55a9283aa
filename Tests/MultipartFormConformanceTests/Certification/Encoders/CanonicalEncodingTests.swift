import MultipartForm
import MultipartFormConformance
import Testing

/// The reference encoder against the corpus: byte-identical with every vector marked canonical, and a
/// `canonical: false` mark is never stale (the encoder then refuses the form or writes other bytes).
@Suite("Canonical encoding")
struct CanonicalEncodingTests {
    static func vectorsWithEncoderInput() throws -> [ConformanceVector] {
        try Fixtures.vectors().filter { $0.sidecar.encoderInput != nil }
    }

    @Test("reference encoder reproduces canonical vectors byte for byte", arguments: try vectorsWithEncoderInput())
    func referenceEncoderMatchesTheCanonicalMark(vector: ConformanceVector) {
        let findings = VectorAudit.encoderInput(of: vector)
        #expect(findings.isEmpty, "\(vector.id): \(findings.map(\.message).joined(separator: "; "))")
    }

    @Test func corpusHasCanonicalVectorsInEveryArea() throws {
        let canonical = try Fixtures.vectors().filter { $0.sidecar.encoderInput?.isCanonical == true }
        let areas = try Fixtures.corpus.get().areas
        #expect(canonical.count >= 100, "only \(canonical.count) canonical vectors")
        #expect(Set(canonical.map(\.area)) == Set(areas), "areas without a canonical vector: \(Set(areas).subtracting(canonical.map(\.area)))")
    }
}
