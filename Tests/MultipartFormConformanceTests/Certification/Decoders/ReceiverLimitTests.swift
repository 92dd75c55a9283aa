import MultipartForm
import MultipartFormConformance
import Testing

/// Declared size limits: a clear refusal past one passes; within it, or with data lost, it still fails.
@Suite("Receiver limits")
struct ReceiverLimitTests {
    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no \(id)")
    }

    /// A decoder that rejects every body whose longest header line passes `maximum`, and reads the rest strictly.
    struct LineLimited: FormDecoderAdapter {
        var maximum: Int
        var limits: [ReceiverLimit]
        struct TooLong: Error {}

        func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
            let measure = ReceiverLimit.Measure(body: body, contentType: contentType)
            if measure.longestHeaderLine > maximum { throw TooLong() }
            return try StrictDecoderAdapter().decode(body: body, contentType: contentType)
        }
    }

    @Test func theLongestHeaderLineIsMeasuredWithoutItsLineBreak() throws {
        let vector = try Self.vector("headers/y-filename-line-8261")
        let measure = ReceiverLimit.Measure(body: vector.body, contentType: vector.contentType)
        #expect(measure.longestHeaderLine == 8261)
        #expect(measure.parts == 1)
        #expect(measure.largestHeaderSection >= 8263)
    }

    @Test func aRejectionPastADeclaredLimitPassesAndWithinItFails() throws {
        let vector = try Self.vector("headers/y-filename-line-8261")
        let declared = DecoderCertification(LineLimited(maximum: 8190, limits: [ReceiverLimit(.headerLineBytes, maximum: 8190)]))
        let verdict = declared.verdict(for: vector)
        #expect(verdict.grade == .pass, "\(verdict.summary)")
        #expect(verdict.summary.hasPrefix("rejected past its declared limit (header-line-bytes 8261 past the declared 8190)"), "\(verdict.summary)")
        #expect(verdict.refusedPastLimit == ReceiverLimit(.headerLineBytes, maximum: 8190))
        #expect(declared.report(verdicts: [verdict]).headline.contains("1 valid body refused past declared limits"))
        // Undeclared, the same refusal is a rejected valid body.
        #expect(DecoderCertification(LineLimited(maximum: 8190, limits: [])).verdict(for: vector).problem == .rejectsValid)
        // Declared larger than the body's line, a refusal is still a rejected valid body.
        let overstated = DecoderCertification(LineLimited(maximum: 8190, limits: [ReceiverLimit(.headerLineBytes, maximum: 9000)]))
        #expect(overstated.verdict(for: vector).problem == .rejectsValid)
    }

    @Test func aLimitIsReadFromItsTextAndRecorded() throws {
        #expect(ReceiverLimit(parsing: "parts=100") == ReceiverLimit(.parts, maximum: 100))
        #expect(ReceiverLimit(parsing: "parts=0") == nil)
        #expect(ReceiverLimit(parsing: "lines=3") == nil)
        let vector = try Self.vector("headers/y-filename-line-8261")
        let certification = DecoderCertification(LineLimited(maximum: 8190, limits: [ReceiverLimit(.headerLineBytes, maximum: 8190)]))
        let report = certification.report(verdicts: [certification.verdict(for: vector)])
        let read = try #require(try CertificationReport.decode(Array(report.json().utf8)).first)
        #expect(read.limits == [ReceiverLimit(.headerLineBytes, maximum: 8190)])
        #expect(read.verdicts.first?.refusedPastLimit == ReceiverLimit(.headerLineBytes, maximum: 8190))
        #expect(read.headline == report.headline)
        #expect(read.checksum == report.checksum)
    }
}
