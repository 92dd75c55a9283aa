import MultipartForm
@testable import MultipartFormConformanceCore
import Testing

/// Decoders are graded against what the specifications require, never against the validator's own
/// recovery or limits: an invalid body's expected reading is what precedes its first defect, a
/// vector's validator options do not reach a decoder, and a freedom the RFCs grant receivers passes.
@Suite("grading against the specifications")
struct SpecificationReadingTests {
    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id])
    }

    /// A decoder answering `parts` for every body.
    static func answering(_ parts: [DecodedFormPart], name: String = "fixed") -> ClosureDecoderAdapter {
        ClosureDecoderAdapter(name: name) { _, _ in parts }
    }

    static func text(_ name: String, _ value: String) -> DecodedFormPart {
        DecodedFormPart(name: name, body: Array(value.utf8))
    }

    @Test func aBareLFBeforeADelimiterReadAsRFC2046ReadsItIsNotDataLoss() throws {
        let vector = try Self.vector("crlf/n-lf-before-delimiter")
        // RFC 2046: "\n--AaB03x" is no delimiter, so part a runs to the close delimiter: one part.
        let specification = Self.text("a", "1\n--AaB03x\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n2")
        let asSpecified = DecoderCertification(Self.answering([specification])).verdict(for: vector)
        #expect(asSpecified.grade == .lenient, "\(asSpecified.summary)")
        let split = DecoderCertification(Self.answering([Self.text("a", "1"), Self.text("b", "2")])).verdict(for: vector)
        #expect(split.grade == .lenient)
        // Returning nothing loses the "1" that precedes the defect.
        let nothing = DecoderCertification(Self.answering([])).verdict(for: vector)
        #expect(nothing.grade == .silentDataLoss)
        #expect(nothing.summary.contains("lost the part \"a\" (1 byte), which precedes the body's first defect"), "\(nothing.summary)")
    }

    @Test func aBodyEndingAfterADelimiterExpectsNoPhantomPart() throws {
        let vector = try Self.vector("structure/n-ends-after-delimiter")
        let agreed = AgreedReading(body: vector.body, contentType: vector.contentType)
        #expect(agreed.parts.map(\.name) == [Array("a".utf8)])
        #expect(agreed.parts.first?.isComplete == true)
        #expect(DecoderCertification(Self.answering([Self.text("a", "1")])).verdict(for: vector).grade == .lenient)
        #expect(DecoderCertification(Self.answering([Self.text("a", "")])).verdict(for: vector).grade == .silentDataLoss)
    }

    @Test(arguments: ["boundary/n-multipart-mixed", "realworld/n-okhttp-multipart-builder-default-type"])
    func aBodyNotLabelledFormDataExpectsNothing(id: String) throws {
        let vector = try Self.vector(id)
        #expect(AgreedReading(body: vector.body, contentType: vector.contentType).parts.isEmpty)
        let verdict = DecoderCertification(Self.answering([])).verdict(for: vector)
        #expect(verdict.grade == .lenient, "\(verdict.summary)")
    }

    @Test func aVectorsValidatorLimitsDoNotReachADecoder() throws {
        // The same body and Content-Type as a valid single field: a decoder never gets max_header_lines 0.
        let zero = try Self.vector("limits/n-header-lines-zero")
        let reading = DecoderCertification(Self.answering([Self.text("a", "1")])).verdict(for: zero)
        #expect(reading.grade == .pass, "\(reading.summary)")
        let rejecting = ClosureDecoderAdapter(name: "rejects") { _, _ in throw RejectedBody() }
        #expect(DecoderCertification(rejecting).verdict(for: zero).grade == .fail)
        // Eight parts without a Content-Disposition: invalid whatever the limits, and nothing precedes
        // the first defect, so returning all eight or four of them is lenient, never a loss.
        let flood = try Self.vector("limits/n-diagnostics-flood-missing-disposition")
        for count in [8, 4, 0] {
            let parts = Array(repeating: DecodedFormPart(name: nil as [UInt8]?, body: Array("x".utf8)), count: count)
            #expect(DecoderCertification(Self.answering(parts)).verdict(for: flood).grade == .lenient)
        }
    }

    @Test func keepingOnlyAFilenamesLastComponentPassesWithTheSentenceThatAllowsIt() throws {
        let vector = try Self.vector("filenames/i-windows-fakepath")
        let part = DecodedFormPart(name: "f", filename: "a.txt", contentType: "text/plain", body: Array("hello".utf8))
        let verdict = DecoderCertification(Self.answering([part])).verdict(for: vector)
        #expect(verdict.grade == .pass, "\(verdict.summary) \(verdict.details)")
        #expect(verdict.notes.contains { $0.contains("do not use directory path information that may be present") })
        // Another name is still a misreading.
        let other = DecodedFormPart(name: "f", filename: "b.txt", contentType: "text/plain", body: Array("hello".utf8))
        #expect(DecoderCertification(Self.answering([other])).verdict(for: vector).grade == .fail)
    }

    @Test func noInvalidVectorsGradeComesFromItsSidecarsRecoveredParts() throws {
        // Replace every n- sidecar's parts (the validator's recovery) with nonsense: no verdict changes.
        let decoders = [
            Self.answering([], name: "nothing"), Self.answering([Self.text("a", "1")], name: "one"),
            ClosureDecoderAdapter(name: "strict reading") { body, contentType in
                MultipartValidator.validate(body, contentType: contentType).parts.map { part in
                    DecodedFormPart(name: part.name, filename: part.filename, contentType: part.contentType, body: Array(body[part.bodyRange]))
                }
            },
        ]
        for vector in try Fixtures.vectors() where vector.verdict == .no && vector.contentType != nil {
            var sidecar = vector.sidecar
            sidecar.parts = [VectorSidecar.ExpectedPart(name: Array("nonsense".utf8), filename: nil, contentType: nil, body: Array(repeating: 0x7A, count: 99))]
            let altered = try ConformanceVector(id: vector.id, body: vector.body, sidecar: sidecar)
            for decoder in decoders {
                let original = DecoderCertification(decoder).verdict(for: vector)
                let changed = DecoderCertification(decoder).verdict(for: altered)
                #expect(original.grade == changed.grade, "\(vector.id) with \(decoder.name): \(original.summary) / \(changed.summary)")
            }
        }
    }

    @Test func everyExpectedPartOfAnInvalidBodyHasANameAndPrecedesTheFirstDefect() throws {
        for vector in try Fixtures.vectors() where BodyAsSent(vector).verdict == .no {
            let agreed = AgreedReading(body: vector.body, contentType: vector.contentType)
            for part in agreed.parts {
                #expect(!part.name.isEmpty || part.content.isEmpty == false, "\(vector.id)")
                #expect(part.content.count <= (agreed.firstDefect ?? 0), "\(vector.id)")
            }
        }
    }
}

private struct RejectedBody: Error {}
