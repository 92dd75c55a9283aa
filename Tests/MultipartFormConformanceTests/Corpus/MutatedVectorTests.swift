import MultipartForm
import MultipartFormConformance
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// Every corpus vector, mutated in seeded ways that aim at the framing (inserted line breaks,
/// dashes, delimiters, quotes and escapes; deleted, flipped and duplicated bytes), validates the
/// same at every chunking, and every position it reports lies inside the input.
@Suite struct MutatedVectorTests {
    /// Mutations of each vector: 2 in the fast form, 8 with `MULTIPART_FULL_TESTS=1` (``TestScale``).
    static let mutationsPerVector = TestScale.pick(full: 8, fast: 2)
    /// The chunk sizes each mutated body is fed in, besides whole.
    static let chunkSizes = TestScale.pick(full: [1, 2, 3, 7, 64], fast: [1, 3, 64])

    static func validate(_ body: [UInt8], contentType: String?, options: ValidationOptions, chunk: Int) -> ValidationReport {
        // Each chunk from a buffer overwritten once it is consumed, as a server's reused read buffer is.
        ChunkedFeed.validate(body, contentType: contentType, options: options, chunkSize: chunk)
    }

    @Test func mutatedVectorsValidateTheSameAtEveryChunking() throws {
        var random = SplitMix64(state: 7578)
        var checked = 0
        for vector in try Fixtures.vectors() where vector.body.count < 16_384 {
            let original = Self.validate(vector.body, contentType: vector.contentType, options: vector.validationOptions, chunk: .max)
            let boundary = original.boundary ?? Array("AaB03x".utf8)
            for round in 0..<Self.mutationsPerVector {
                let body = VectorMutation.mutate(vector.body, boundary: boundary, random: &random)
                let label = "\(vector.id) mutation \(round)"
                let whole = Self.validate(body, contentType: vector.contentType, options: vector.validationOptions, chunk: .max)
                for chunk in Self.chunkSizes where chunk < body.count && (chunk > 1 || body.count < 4_096) {
                    let chunked = Self.validate(body, contentType: vector.contentType, options: vector.validationOptions, chunk: chunk)
                    #expect(chunked == whole, "\(label): \(chunk)-byte chunks differ")
                }
                expectPositionsInside(whole, body: body, contentType: vector.contentType, label: label)
                checked += 1
            }
        }
        #expect(checked >= 300 * Self.mutationsPerVector)
    }

    func expectPositionsInside(_ report: ValidationReport, body: [UInt8], contentType: String?, label: String) {
        #expect(report.byteCount == body.count, "\(label)")
        for finding in report.diagnostics {
            #expect(finding.line >= 1 && finding.column >= 1, "\(label): \(finding.rule) at \(finding.line):\(finding.column)")
            switch finding.origin {
            case .body:
                #expect(finding.offset >= 0 && finding.offset <= body.count, "\(label): \(finding.rule) at \(finding.offset)")
                let line = 1 + body.prefix(max(0, finding.offset)).lazy.filter { $0 == 0x0A }.count
                #expect(finding.line == line, "\(label): \(finding.rule) on line \(finding.line), expected \(line)")
            case .contentType:
                #expect(finding.offset >= 0 && finding.offset <= (contentType?.utf8.count ?? 0), "\(label): \(finding.rule)")
            }
        }
        var previousEnd = 0
        for part in report.parts {
            #expect(part.headerRange.lowerBound >= previousEnd && part.headerRange.upperBound <= part.bodyRange.lowerBound, "\(label): part \(part.index)")
            #expect(part.bodyRange.upperBound <= body.count, "\(label): part \(part.index)")
            previousEnd = part.bodyRange.upperBound
        }
    }
}
