import MultipartForm
import MultipartFormConformance
import MultipartFormConformanceCore
import Testing

/// Decoders whose API does not report the order of parts or a text field's Content-Type, as many
/// frameworks' form dictionaries do not: declared, those details are left out of the comparison.
@Suite struct UnreportedDetailTests {
    static let strict = StrictDecoderAdapter()

    /// The strict reading with text fields first and files after, as `$_POST` and `$_FILES` give them.
    static func fieldsThenFiles(_ body: [UInt8], _ contentType: String) throws -> [DecodedFormPart] {
        let parts = try strict.decode(body: body, contentType: contentType)
        return parts.filter { $0.filename == nil } + parts.filter { $0.filename != nil }
    }

    @Test func partsInAnotherOrderFailUnlessTheOrderIsDeclaredUnreported() throws {
        let vector = try #require(try Fixtures.corpus.get()["structure/y-fields-and-files"])
        var decoder = ClosureDecoderAdapter(name: "fields, then files") { try Self.fieldsThenFiles($0, $1) }
        let failing = DecoderCertification(decoder).verdict(for: vector)
        #expect(failing.grade == .fail, "\(failing.fullText)")
        decoder.unreportedDetails = [.partOrder]
        let passing = DecoderCertification(decoder).verdict(for: vector)
        #expect(passing.grade == .pass, "\(passing.fullText)")
        #expect(DecoderCertification(decoder).report(over: [vector]).unreportedDetails == [.partOrder])
    }

    @Test func theOrderWithinOneNameStillCounts() throws {
        let vector = try #require(try Fixtures.corpus.get()["structure/y-duplicate-names"])
        let decoder = ClosureDecoderAdapter(name: "rotated", unreportedDetails: [.partOrder]) {
            let parts = try Self.strict.decode(body: $0, contentType: $1)
            return Array(parts.dropFirst() + parts.prefix(1))
        }
        // Three parts named `a` with values 1, 2, 1: rotated to 2, 1, 1, the first two differ.
        #expect(DecoderCertification(decoder).verdict(for: vector).grade != .pass)
    }

    @Test func aTextFieldsContentTypeIsComparedUnlessDeclaredUnreported() throws {
        let vector = try #require(try Fixtures.vectors().first { vector in
            vector.verdict == .yes && vector.contentType != nil
                && (vector.sidecar.parts ?? []).contains { $0.filename == nil && $0.contentType != nil }
        })
        var decoder = ClosureDecoderAdapter(name: "drops text field types") { body, contentType in
            try Self.strict.decode(body: body, contentType: contentType).map { part in
                var part = part
                if part.filename == nil { part.contentType = nil }
                return part
            }
        }
        #expect(DecoderCertification(decoder).verdict(for: vector).grade == .fail, "\(vector.id)")
        decoder.unreportedDetails = [.textFieldContentType]
        #expect(DecoderCertification(decoder).verdict(for: vector).grade == .pass, "\(vector.id)")
    }

    @Test func everyVerdictSaysWhatTheDecoderAnswered() throws {
        let corpus = try Fixtures.corpus.get()
        let accepted = try #require(corpus["structure/y-fields-and-files"])
        let rejected = try #require(try Fixtures.vectors().first { $0.verdict == .no && $0.contentType != nil })
        let unsent = try #require(try Fixtures.vectors().first { $0.contentType == nil })
        let certification = DecoderCertification(Self.strict)
        #expect(certification.verdict(for: accepted).decoderAnswer == .accepted)
        #expect(certification.verdict(for: rejected).decoderAnswer == .rejected)
        #expect(certification.verdict(for: unsent).decoderAnswer == nil)
        let crashing = ClosureDecoderAdapter(name: "crashes") { _, _ in
            throw ProcessAdapterError(.crashed, "signal 11")
        }
        let crashed = DecoderCertification(crashing).verdict(for: accepted)
        #expect(crashed.decoderAnswer == DecoderAnswer(noAnswer: .crashed))
        #expect(crashed.decoderAnswer?.isAnswer == false)
    }

    @Test func theAnswerAndTheDeclarationsSurviveTheJSONReport() throws {
        let vectors = try Array(Fixtures.vectors().prefix(20))
        let decoder = ClosureDecoderAdapter(name: "fields, then files", unreportedDetails: [.partOrder, .textFieldContentType]) {
            try Self.fieldsThenFiles($0, $1)
        }
        let report = DecoderCertification(decoder).report(over: vectors)
        let decoded = try CertificationReport.decode(Array(report.json().utf8))
        #expect(decoded == [report])
        #expect(decoded.first?.unreportedDetails == [.partOrder, .textFieldContentType])
        #expect(decoded.first?.verdicts.contains { $0.decoderAnswer == .accepted } == true)
    }
}
