import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

/// Grades, known issues, unsupported features and levels, with encoders that are wrong on purpose.
@Suite("Encoder certification")
struct EncoderCertificationTests {
    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no \(id)")
    }

    @Test func anEncoderThatReturnsDataIsAdaptedInOneLine() throws {
        // The URLSession pattern builds `Data`; the documented adapter line takes it as it is.
        let adapter = ClosureEncoderAdapter(name: "Data") { form, boundary in
            let output = try ReferenceEncoderAdapter().encode(form, boundary: boundary)
            let data = Data(output.body)
            return EncodedForm(contentType: output.contentType, body: data)
        }
        #expect(EncoderCertification(adapter).verdict(for: try Self.vector("structure/y-single-field")).grade == .pass)
    }

    @Test func bareLFFramingFailsWithTheRuleIds() throws {
        let adapter = ClosureEncoderAdapter.rewriting("LF only") { replacing("\r\n", with: "\n", in: $0) }
        let verdict = EncoderCertification(adapter).verdict(for: try Self.vector("structure/y-single-field"))
        #expect(verdict.grade == .fail)
        #expect(verdict.details.contains { $0.contains("[header-bare-lf]") })
        #expect(verdict.details.contains { $0.contains("[delimiter-bare-lf]") })
        #expect(throws: CertificationError.self) {
            try EncoderCertification(adapter).check(try Self.vector("structure/y-single-field"))
        }
    }

    @Test func droppingDuplicatesFailsTheDuplicateVector() throws {
        let adapter = ClosureEncoderAdapter(name: "last name wins") { form, boundary in
            var seen: Set<String> = []
            let kept = form.fields.reversed().filter { seen.insert($0.name).inserted }.reversed()
            return try ReferenceEncoderAdapter().encode(FormData(Array(kept)), boundary: boundary)
        }
        let vector = try Self.vector("structure/y-duplicate-names")
        let fields = try #require(vector.sidecar.encoderInput?.fields)
        try #require(fields.count >= 2 && Set(fields.map(\.name)).count == 1)
        let verdict = EncoderCertification(adapter).verdict(for: vector)
        #expect(verdict.grade == .fail)
        #expect(verdict.summary.hasPrefix("expected \(fields.count) parts (one per field, in order), found 1"), "\(verdict.summary)")
    }

    @Test func knownIssueThatReproducesPassesTheCheckAndLowersTheLevel() throws {
        var adapter = ClosureEncoderAdapter.rewriting("LF only") { replacing("\r\n", with: "\n", in: $0) }
        adapter.knownIssues = ["structure/y-single-field": "writes LF line ends"]
        let vector = try Self.vector("structure/y-single-field")
        let certification = EncoderCertification(adapter)
        #expect(certification.verdict(for: vector).grade == .knownIssue)
        try certification.check(vector)
        #expect(certification.report(over: [vector]).level == .changesFields)
    }

    @Test func knownIssueThatDoesNotReproduceFailsTheCheck() throws {
        var adapter = ClosureEncoderAdapter.rewriting("correct") { $0 }
        adapter.knownIssues = ["structure/y-single-field": "a bug since fixed"]
        let vector = try Self.vector("structure/y-single-field")
        let verdict = EncoderCertification(adapter).verdict(for: vector)
        #expect(verdict.grade == .staleKnownIssue)
        let failure = try #require(throws: CertificationError.self) { try EncoderCertification(adapter).check(vector) }
        #expect(failure.description.contains("declared known issue did not reproduce"))
    }

    @Test func unsupportedFeaturesAreNotRunAndDoNotLowerTheLevel() throws {
        var adapter = ClosureEncoderAdapter(name: "no duplicates") { _, _ in
            Issue.record("an unsupported form must not be encoded")
            return EncodedForm(contentType: "", body: [])
        }
        adapter.unsupportedFeatures = [.duplicateNames]
        let vector = try Self.vector("structure/y-duplicate-names")
        #expect(EncoderCertification(adapter).verdict(for: vector).grade == .unsupported)

        var reference = ClosureEncoderAdapter(name: "reference") { try ReferenceEncoderAdapter().encode($0, boundary: $1) }
        reference.unsupportedFeatures = [.duplicateNames, .typedTextFields]
        let report = EncoderCertification(reference).report(over: try EncoderCertification.vectors())
        #expect(report.count(.unsupported) >= 2)
        #expect(report.level == .canonical, "\(report.headline)")
        #expect(report.headline.contains("\(report.count(.unsupported)) unsupported"))
    }

    @Test func refusingAFormWhoseValueHoldsTheBoundaryPasses() throws {
        let form: FormData = [FormData.Field(name: "a", value: .text("x\r\n--AaB03x\r\ny"))]
        let refusing = ClosureEncoderAdapter(name: "refuses") { form, boundary in
            try ReferenceEncoderAdapter().encode(form, boundary: boundary)
        }
        let vector = try makeVector(form: form)
        let verdict = EncoderCertification(refusing).verdict(for: vector)
        #expect(verdict.grade == .pass, "\(verdict.fullText)")
        #expect(verdict.summary.contains("the reference encoder refuses it too (boundary-collision"))

        let plain = try makeVector(form: [FormData.Field(name: "a", value: .text("1"))])
        let alwaysRefusing = ClosureEncoderAdapter(name: "refuses everything") { _, _ in
            throw ReferenceEncoder.Error(.invalidBoundary, "no")
        }
        #expect(EncoderCertification(alwaysRefusing).verdict(for: plain).grade == .refused)
    }

    @Test func boundaryIsGivenOnlyToAdaptersThatAcceptIt() throws {
        let vector = try Self.vector("structure/y-single-field")
        var adapter = ClosureEncoderAdapter(name: "own boundary") { form, boundary in
            #expect(boundary == nil)
            return try ReferenceEncoderAdapter().encode(form, boundary: boundary)
        }
        adapter.acceptsBoundary = false
        let report = EncoderCertification(adapter).report(over: [vector])
        #expect(report.verdicts[0].grade == .pass)
        #expect(report.verdicts[0].isByteIdentical == nil)
        #expect(report.level == .conformant)
    }

    @Test func aByteDifferenceOnACanonicalVectorKeepsThePassButNotTheCanonicalLevel() throws {
        // A header name in lower case is valid and draws no warning, but it is not the canonical bytes.
        // Only the vector's own header is rewritten, so the probe's file (which holds a header) is left alone.
        let adapter = ClosureEncoderAdapter.rewriting("lower-case header") {
            replacing("--AaB03x\r\nContent-Disposition", with: "--AaB03x\r\ncontent-disposition", in: $0)
        }
        let vector = try Self.vector("structure/y-single-field")
        let report = EncoderCertification(adapter).report(over: [vector])
        #expect(report.verdicts[0].grade == .pass)
        #expect(report.verdicts[0].isByteIdentical == false)
        #expect(report.level == .conformant)
    }

    /// A one-off vector carrying `form` as its encoder input, boundary `AaB03x`.
    func makeVector(form: FormData) throws -> ConformanceVector {
        let sidecar = VectorSidecar(
            description: "test", specs: [], contentType: "multipart/form-data; boundary=AaB03x", diagnostics: [],
            parts: [], encoderInput: VectorSidecar.EncoderInput(boundary: "AaB03x", isCanonical: false, fields: form.fields))
        return try ConformanceVector(id: "test/y-made-up", body: [], sidecar: sidecar)
    }
}

/// An encoder that says it takes the boundary it is given, then uses its own.
struct BoundaryIgnoringAdapter: FormEncoderAdapter {
    var acceptsBoundary: Bool { true }

    func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        let (contentType, body) = try ReferenceEncoder().encode(form)
        return EncodedForm(contentType: contentType, body: body)
    }
}

@Suite struct IgnoredBoundaryTests {
    @Test func anEncoderThatIgnoresTheGivenBoundaryIsToldSoInThoseWords() throws {
        let vector = try #require(try Fixtures.vectors().first { $0.id == "structure/y-fields-in-order" })
        let verdict = EncoderCertification(BoundaryIgnoringAdapter()).verdict(for: vector)
        #expect(verdict.isByteIdentical == false)
        let first = try #require(verdict.notes.first)
        #expect(first.hasPrefix("the encoder ignored the boundary it was given: it was given 'AaB03x' and used 'MultipartFormBoundary-"), "\(first)")
        let difference = try #require(verdict.notes.first { $0.hasPrefix("not byte-identical") })
        #expect(difference.contains("first difference at byte 2: the canonical body has \"--AaB03x\\r\\nContent-Disposit\"..."), "\(difference)")
        #expect(difference.contains("this one \"--MultipartFormBoundary-"), "\(difference)")
    }
}

@Suite struct ContentTypeFindingTests {
    /// The reference encoder's body with a Content-Type that names the boundary twice.
    struct DuplicateBoundaryParameterAdapter: FormEncoderAdapter {
        func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
            let body = try ReferenceEncoder().prepare(form)
            return EncodedForm(contentType: body.contentType + "; boundary=\(body.boundary)", body: try body.bytes())
        }
    }

    @Test func aContentTypeFindingShowsTheValue() throws {
        let vector = try #require(try Fixtures.vectors().first { $0.id == "structure/y-fields-in-order" })
        let verdict = EncoderCertification(DuplicateBoundaryParameterAdapter()).verdict(for: vector)
        #expect(verdict.grade == .fail)
        let finding = try #require(verdict.details.first { $0.contains("[content-type-parameter-duplicate]") })
        #expect(finding.hasPrefix("error: Content-Type \"multipart/form-data; boundary=MultipartFormBoundary-"), "\(finding)")
        #expect(finding.contains("\" offset 86: parameter 'boundary' is given more than once"), "\(finding)")
    }
}
