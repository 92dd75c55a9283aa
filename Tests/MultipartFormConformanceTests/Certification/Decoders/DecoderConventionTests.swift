import MultipartForm
import MultipartFormConformance
import Testing

/// A receiver's documented conventions: a reading they describe passes, named, and never sets the level.
@Suite("Decoder conventions")
struct DecoderConventionTests {
    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no \(id)")
    }

    /// A decoder that reads strictly, then hands the parts over as `conventions` say.
    static func following(_ conventions: Set<DecoderConvention>, declared: Set<DecoderConvention>) -> ConventionDecoder {
        ConventionDecoder(follows: conventions, conventions: declared)
    }

    struct ConventionDecoder: FormDecoderAdapter {
        var follows: Set<DecoderConvention>
        var conventions: Set<DecoderConvention>
        var name: String { "conventional" }

        func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
            let report = MultipartValidator.validate(body, contentType: contentType)
            let strict = report.parts.map {
                VectorSidecar.ExpectedPart(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: Array(body[$0.bodyRange]))
            }
            return DecoderConvention.reading(strict, following: follows).parts.map {
                DecodedFormPart(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: $0.body)
            }
        }
    }

    @Test func keepingTheLastOfARepeatedNamePassesOnlyWhenDeclared() throws {
        let vector = try Self.vector("structure/y-duplicate-names")
        let undeclared = DecoderCertification(Self.following([.lastOfRepeatedName], declared: [])).verdict(for: vector)
        #expect(undeclared.problem == .losesData, "\(undeclared.summary)")
        let certification = DecoderCertification(Self.following([.lastOfRepeatedName], declared: [.lastOfRepeatedName, .indexedBrackets]))
        let declared = certification.verdict(for: vector)
        #expect(declared.grade == .pass, "\(declared.summary)")
        #expect(declared.conventions == [.lastOfRepeatedName])
        #expect(declared.problem == nil)
        #expect(declared.notes.contains { $0.hasPrefix("documented convention last-of-repeated-name: ") })
        let report = certification.report(verdicts: [declared])
        #expect(report.level == .conformant)
        #expect(report.headline.contains("1 valid body read by documented conventions (last-of-repeated-name 1)"), "\(report.headline)")
    }

    @Test func aDeclaredConventionDoesNotExcuseAnotherReading() throws {
        // Keeping the first value is no convention the decoder declared: still a loss.
        let vector = try Self.vector("browsers/y-chromium-form-several-files")
        let firstWins = ClosureDecoderAdapter(name: "first wins") { body, contentType in
            var seen: Set<[UInt8]> = []
            return try StrictDecoderAdapter().decode(body: body, contentType: contentType).filter { seen.insert($0.name ?? []).inserted }
        }
        struct Declaring: FormDecoderAdapter {
            let base: ClosureDecoderAdapter
            var conventions: Set<DecoderConvention> { [.lastOfRepeatedName] }
            func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] { try base.decode(body: body, contentType: contentType) }
        }
        let verdict = DecoderCertification(Declaring(base: firstWins)).verdict(for: vector)
        #expect(verdict.problem == .losesDataClientsSend, "\(verdict.summary)")
        #expect(verdict.conventions.isEmpty)
    }

    @Test func bracketNamesComeBackIndexed() {
        let parts = ["tags[]", "tags[]", "x", "tags[]"].map { VectorSidecar.ExpectedPart(name: Array($0.utf8), filename: nil, contentType: nil, body: []) }
        let read = DecoderConvention.reading(parts, following: [.indexedBrackets, .lastOfRepeatedName])
        #expect(read.parts.map { String(decoding: $0.name ?? [], as: UTF8.self) } == ["tags[0]", "tags[1]", "x", "tags[2]"])
        #expect(read.applied == [.indexedBrackets])
    }

    @Test func theConventionsAreRecordedAndReadBack() throws {
        let vector = try Self.vector("structure/y-duplicate-names")
        let certification = DecoderCertification(Self.following([.lastOfRepeatedName], declared: [.lastOfRepeatedName]))
        let report = certification.report(verdicts: [certification.verdict(for: vector)])
        let read = try #require(try CertificationReport.decode(Array(report.json().utf8)).first)
        #expect(read.conventions == [.lastOfRepeatedName])
        #expect(read.verdicts.first?.conventions == [.lastOfRepeatedName])
        #expect(read.checksum == report.checksum)
    }
}
