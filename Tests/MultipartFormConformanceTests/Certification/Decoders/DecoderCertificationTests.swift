import MultipartForm
import MultipartFormConformance
import Testing

/// Decoder grades, JSONTestSuite style: the strict decoder as a baseline and decoders that are wrong on purpose.
@Suite("Decoder certification")
struct DecoderCertificationTests {
    static let strict = StrictDecoderAdapter()

    /// A validator used as a receiver rejects transport padding, which RFC 2046 §5.1.1 forbids composers
    /// to send but tells receivers to ignore: the corpus allows only accepting those bodies.
    static let strictAsReceiver = StrictDecoderAdapter(knownIssues: [
        "boundary/i-padding-on-close": "rejects transport padding, which receivers must ignore (RFC 2046 §5.1.1)",
        "boundary/i-padding-on-close-at-end": "rejects transport padding, which receivers must ignore (RFC 2046 §5.1.1)",
        "boundary/i-padding-on-delimiter": "rejects transport padding, which receivers must ignore (RFC 2046 §5.1.1)",
    ])

    @Test("strict decoder passes or fails as declared", arguments: try DecoderCertification.vectors())
    func strictDecoderPasses(vector: ConformanceVector) throws {
        try DecoderCertification(Self.strictAsReceiver).check(vector)
    }

    @Test func strictDecoderFailsOnlyItsKnownIssuesAndIsNeverLenient() throws {
        let report = try DecoderCertification(Self.strictAsReceiver).report()
        // Rejecting the padded bodies is its worst problem, declared or not.
        #expect(report.level == .rejectsValidBodies, "\(report.headline)")
        #expect(Set(report.problems.map(\.vectorID)) == Set(Self.strictAsReceiver.knownIssues.keys))
        #expect(report.problems.allSatisfy { $0.grade == .knownIssue })
        // A decoder never receives a vector's validator options: the limits/ bodies are graded on the
        // body as sent, which the strict reading reads exactly or rejects, as every invalid body.
        let lenient = report.verdicts.filter { $0.grade == .lenient }
        #expect(lenient.isEmpty, "\(lenient.map(\.vectorID))")
        // Only the vectors sent without a Content-Type are out of a receiver's reach.
        let unsupported = report.verdicts.filter { $0.grade == .unsupported }.map(\.vectorID)
        let withoutContentType = try Fixtures.vectors().filter { $0.contentType == nil }.map(\.id)
        #expect(unsupported == withoutContentType)
        #expect(unsupported.contains("boundary/y-inferred"))
    }

    @Test func droppingTheLastPartIsSilentDataLoss() throws {
        let lossy = ClosureDecoderAdapter(name: "drops the last part") { body, contentType in
            Array(try Self.strict.decode(body: body, contentType: contentType).dropLast())
        }
        let vector = try #require(try Fixtures.corpus.get()["structure/y-fields-in-order"])
        let verdict = DecoderCertification(lossy).verdict(for: vector)
        #expect(verdict.grade == .silentDataLoss)
        #expect(verdict.summary.hasPrefix("accepted without error but lost 1 of"), "\(verdict.summary)")
        let report = DecoderCertification(lossy).report(over: [vector])
        #expect(report.level == .losesData)
        #expect(report.headline.contains("SILENT DATA LOSS on 1 vector"))
    }

    @Test func truncatingAValueIsSilentDataLoss() throws {
        let truncating = ClosureDecoderAdapter(name: "stops at NUL") { body, contentType in
            try Self.strict.decode(body: body, contentType: contentType).map { part in
                var part = part
                part.body = Array(part.body.prefix { $0 != 0 })
                return part
            }
        }
        let vector = try #require(try Fixtures.vectors().first { vector in
            vector.verdict == .yes && (vector.sidecar.parts ?? []).contains { $0.body.dropFirst().contains(0) }
        }, "the corpus has no y- vector with a NUL inside a value")
        let verdict = DecoderCertification(truncating).verdict(for: vector)
        #expect(verdict.grade == .silentDataLoss, "\(verdict.fullText)")
        #expect(verdict.summary.contains("truncated part"))
    }

    @Test func acceptingEverythingIsLenientOnInvalidBodies() throws {
        let accepting = ClosureDecoderAdapter(name: "never rejects") { body, contentType in
            let report = MultipartValidator.validate(body, contentType: contentType)
            return report.parts.map {
                DecodedFormPart(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: Array(body[$0.bodyRange]))
            }
        }
        let report = DecoderCertification(accepting).report(over: try DecoderCertification.vectors())
        #expect(report.count(.lenient) > 50)
        #expect(report.verdicts.filter { $0.grade == .lenient }.allSatisfy { $0.vectorID.contains("/n-") })
        let vector = try #require(try Fixtures.corpus.get()["structure/y-fields-in-order"])
        #expect(DecoderCertification(accepting).verdict(for: vector).grade == .pass)
    }

    @Test func rejectingAValidBodyFails() throws {
        let rejecting = ClosureDecoderAdapter(name: "rejects everything") { _, _ in
            throw ProcessAdapterError(.refused, "every body is rejected")
        }
        let vector = try #require(try Fixtures.corpus.get()["structure/y-fields-in-order"])
        let verdict = DecoderCertification(rejecting).verdict(for: vector)
        #expect(verdict.grade == .fail)
        #expect(verdict.summary.hasPrefix("rejected a valid body"))
    }

    @Test func percentDecodedNamesMatch() throws {
        let decoding = ClosureDecoderAdapter(name: "decodes %22") { body, contentType in
            try Self.strict.decode(body: body, contentType: contentType).map { part in
                var part = part
                part.name = part.name.map { replacing("%22", with: "\"", in: $0) }
                return part
            }
        }
        let vector = try #require(try Fixtures.corpus.get()["quoting/i-pct22-in-name"])
        #expect(DecoderCertification(decoding).verdict(for: vector).grade == .pass)
    }
}
