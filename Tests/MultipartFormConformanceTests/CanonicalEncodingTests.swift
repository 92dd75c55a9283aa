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
    func referenceEncoderMatchesTheCanonicalMark(vector: ConformanceVector) throws {
        let input = try #require(vector.sidecar.encoderInput)
        let encoded: (contentType: String, body: [UInt8])
        do {
            encoded = try ReferenceEncoder().encode(input.form, boundary: input.boundary)
        } catch {
            #expect(!input.isCanonical, "\(vector.id) is marked canonical but the encoder refuses its form: \(error)")
            return
        }
        if input.isCanonical {
            let common = zip(encoded.body, vector.body).prefix { $0 == $1 }.count
            #expect(
                encoded.body == vector.body,
                "\(vector.id): encoder output (\(encoded.body.count) bytes) differs from the body (\(vector.body.count) bytes) at byte \(common)")
        } else {
            #expect(encoded.body != vector.body, "\(vector.id) is marked non-canonical but the encoder reproduces it")
        }
    }

    @Test func corpusHasCanonicalVectorsInEveryArea() throws {
        let canonical = try Fixtures.vectors().filter { $0.sidecar.encoderInput?.isCanonical == true }
        let areas = try Fixtures.corpus.get().areas
        #expect(canonical.count >= 100, "only \(canonical.count) canonical vectors")
        #expect(Set(canonical.map(\.area)) == Set(areas), "areas without a canonical vector: \(Set(areas).subtracting(canonical.map(\.area)))")
    }
}
