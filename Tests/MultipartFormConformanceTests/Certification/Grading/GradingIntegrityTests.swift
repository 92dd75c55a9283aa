import MultipartForm
import MultipartFormConformance
import Testing

/// A certificate no defective encoder can earn: grades come from the form and the output, never from a vector's own findings.
@Suite("Grading integrity")
struct GradingIntegrityTests {
    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no \(id)")
    }

    /// The reference encoder's bytes without the defaults it writes: no `Content-Type` for an untyped
    /// file, and, with `dropsBlob`, no filename for a typed field that has none.
    static func withoutDefaults(_ name: String, dropsBlob: Bool = false) -> ClosureEncoderAdapter {
        ClosureEncoderAdapter(name: name) { form, boundary in
            var marked = form
            for index in marked.fields.indices where marked.fields[index].isFile {
                if marked.fields[index].contentType == nil { marked.fields[index].contentType = "x-unlabelled/x" }
                if dropsBlob && marked.fields[index].filename == nil { marked.fields[index].filename = "x-unnamed" }
            }
            let output = try ReferenceEncoderAdapter().encode(marked, boundary: boundary)
            let body = replacing(
                "; filename=\"x-unnamed\"", with: "",
                in: replacing("Content-Type: x-unlabelled/x\r\n", with: "", in: output.body))
            return EncodedForm(contentType: output.contentType, body: body)
        }
    }

    static let neverLabelsFiles = withoutDefaults("never labels files")

    @Test func aFileSentWithoutAContentTypeIsAWarningOfTheEncoder() throws {
        // Both vectors hold an untyped file, and their own bodies draw file-content-type-missing; the
        // reference encoder writes application/octet-stream there, so the warning is avoidable.
        for id in ["filenames/y-file-without-content-type", "realworld/y-requests-file-without-type"] {
            let verdict = EncoderCertification(Self.neverLabelsFiles).verdict(for: try Self.vector(id))
            #expect(verdict.grade == .passWithWarnings, "\(id): \(verdict.fullText)")
            #expect(verdict.details.contains { $0.contains("[file-content-type-missing]") }, "\(id): \(verdict.fullText)")
        }
        let report = EncoderCertification(Self.neverLabelsFiles).report(over: try EncoderCertification.vectors())
        #expect(report.level == .conformantWithWarnings, "\(report.text(onlyProblems: true))")
    }

    /// Go's `mime/multipart` style with a fixed boundary, so both vectors of a form get the same bytes.
    static let goStyle = ClosureEncoderAdapter(name: "Go style") { form, _ in
        StyleEncoders.backslashEscaping(form, boundary: "GoStyleBoundary")
    }

    /// Go writes the name a"b as name="a\"b", and an empty form as CRLF --B-- CRLF (a preamble):
    /// both avoidable, so each form's two vectors grade the same output alike, with a warning.
    @Test(arguments: [
        ("quoting/i-escaped-quote", "quoting/i-pct22-in-name", "parameter-quoted-pair"),
        ("realworld/i-go-empty-form", "structure/i-close-delimiter-only", "preamble-present"),
    ])
    func goStyleOutputGradesAlikeOnEveryVectorOfItsForm(first: String, second: String, rule: String) throws {
        let one = EncoderCertification(Self.goStyle).verdict(for: try Self.vector(first))
        let other = EncoderCertification(Self.goStyle).verdict(for: try Self.vector(second))
        #expect(one.grade == other.grade, "\(one.fullText)\n\(other.fullText)")
        #expect(one.grade == .passWithWarnings, "\(one.fullText)")
        #expect(one.details.contains { $0.contains("[\(rule)]") })
    }

    @Test func canonicalRequiresTheBlobFilenameAndTheOctetStreamDefault() throws {
        // Writes neither default: a typed field keeps no filename, an untyped file gets no Content-Type.
        let adapter = Self.withoutDefaults("no defaults", dropsBlob: true)
        for id in ["filenames/y-typed-field-gets-blob", "filenames/y-untyped-file-gets-octet-stream"] {
            let verdict = EncoderCertification(adapter).verdict(for: try Self.vector(id))
            #expect(verdict.isByteIdentical == false, "\(id): \(verdict.fullText)")
        }
        let report = EncoderCertification(adapter).report(over: try EncoderCertification.vectors())
        #expect(report.level != .canonical, "\(report.headline)")
    }

    @Test func writingACallersInvalidBoundaryIsToldApartFromAnInvalidBodyOfItsOwn() throws {
        // The reference encoder's framing, with whatever boundary it is given and no check of it.
        let unchecked = ClosureEncoderAdapter(name: "uses any boundary") { form, boundary in
            var generator = SystemRandomNumberGenerator()
            let given = boundary ?? String(decoding: ReferenceEncoder.randomBoundary(using: &generator), as: UTF8.self)
            var body: [UInt8] = []
            for field in form.fields {
                body += Array("--\(given)\r\nContent-Disposition: form-data; name=\"\(field.name)\"\r\n\r\n".utf8)
                body += field.value.bytes ?? Array((field.value.text ?? "").utf8)
                body += Array("\r\n".utf8)
            }
            body += Array("--\(given)--\r\n".utf8)
            return EncodedForm(contentType: "multipart/form-data; boundary=\(given)", body: body)
        }
        let verdict = EncoderCertification(unchecked).verdict(for: try Self.vector("boundary/n-length-71"))
        #expect(verdict.grade == .fail)
        #expect(verdict.problem == .writesInvalidInput, "\(verdict.summary)")
        let report = EncoderCertification(unchecked).report(verdicts: [verdict])
        #expect(report.level == .passesInvalidInput, "\(report.headline)")
        #expect(report.headline.contains("1 invalid input written through"), "\(report.headline)")
    }

    @Test func declaringNameEscapingUnsupportedDoesNotHideTheInjection() throws {
        var adapter = ClosureEncoderAdapter(name: "hand-rolled") { form, _ in StyleEncoders.handRolled(form, boundary: nil) }
        adapter.acceptsBoundary = false
        adapter.unsupportedFeatures = [
            EncoderFeature(rawValue: "quotes-or-line-breaks-in-names"), .typedTextFields, .nonUTF8TextValues,
        ]
        let report = EncoderCertification(adapter).report(over: try EncoderCertification.vectors())
        #expect(report.level == .changesFields, "\(report.headline)")
        let injected = report.verdicts.first { $0.vectorID == "quoting/i-pct0d0a-in-filename" }
        #expect(injected?.grade == .fail, "\(injected?.fullText ?? "no verdict")")
    }

    @Test func withdrawnFeaturesAreReportedAndRunAnyway() throws {
        var adapter = ClosureEncoderAdapter(name: "hand-rolled") { form, _ in StyleEncoders.handRolled(form, boundary: nil) }
        adapter.acceptsBoundary = false
        adapter.unsupportedFeatures = [EncoderFeature(rawValue: "quotes-or-line-breaks-in-names"), .typedTextFields]
        let report = EncoderCertification(adapter).report(over: try EncoderCertification.vectors())
        #expect(report.ignoredUnsupportedFeatures.map(\.rawValue) == ["quotes-or-line-breaks-in-names"])
        #expect(report.unsupportedFeatures == [.typedTextFields])
        #expect(report.text().contains("Declared unsupported but run anyway: quotes-or-line-breaks-in-names"))
        #expect(report.json().contains("\"ignored_unsupported_features\": [\n    \"quotes-or-line-breaks-in-names\"\n  ]"))
    }

    @Test func aLevelEarnedWithVectorsNotRunSaysSoInEveryFormat() throws {
        var reference = ClosureEncoderAdapter(name: "reference") { try ReferenceEncoderAdapter().encode($0, boundary: $1) }
        reference.unsupportedFeatures = [.typedTextFields]
        let report = EncoderCertification(reference).report(over: try EncoderCertification.vectors())
        let coverage = report.coverage
        let typed = try #require(coverage.notRun.first)
        #expect(typed.reason == "typed-text-fields" && typed.count == report.count(.unsupported) && typed.count > 0)
        let expected = "Canonical on \(coverage.run) of \(coverage.total) vectors (\(typed.count) not run: typed-text-fields \(typed.count))"
        #expect(report.headline.hasPrefix(expected + ": "), "\(report.headline)")
        #expect(report.text().contains(expected))
        #expect(report.json().contains("\"coverage\": {\n    \"run\": \(coverage.run),\n    \"total\": \(coverage.total),"))
        #expect(report.junitXML().contains(expected))
        #expect(CertificationMatrix([report]).html(title: "t").contains("\(coverage.run) of \(coverage.total) vectors"))
    }

    @Test func refusingANameThatMustBeEscapedIsGradedRefused() throws {
        let refusing = ClosureEncoderAdapter(name: "refuses quotes") { form, boundary in
            if form.fields.contains(where: { $0.name.contains("\"") || ($0.filename ?? "").contains("\"") }) {
                throw ReferenceEncoder.Error(.unrepresentableName, "quotes are not supported")
            }
            return try StyleEncoders.reference(form, boundary: boundary)
        }
        let vector = try Self.vector("quoting/i-pct22-in-name")
        let refused = EncoderCertification(refusing).verdict(for: vector)
        #expect(refused.grade == .refused, "\(refused.fullText)")
        #expect(refused.problem == .refusesForms && refused.refusedForm == "quotes", "\(refused.fullText)")
        #expect(refused.isByteIdentical == false, "a refusal is not the canonical encoding of this form")

        let plain = try Self.vector("structure/y-single-field")
        let refusesAll = ClosureEncoderAdapter(name: "refuses everything") { _, _ in
            throw ReferenceEncoder.Error(.invalidBoundary, "no")
        }
        #expect(EncoderCertification(refusesAll).verdict(for: plain).grade == .refused)
    }

    /// Each group holds the vectors whose encoder inputs are the same form; with `withBoundary`, also the same boundary.
    static func groupsOfEqualForms(withBoundary: Bool) throws -> [[ConformanceVector]] {
        var groups: [String: [ConformanceVector]] = [:]
        for vector in try EncoderCertification.vectors() {
            guard let input = vector.sidecar.encoderInput else { continue }
            let key = "\(input.fields)" + (withBoundary ? "|" + input.boundary : "")
            groups[key, default: []].append(vector)
        }
        return groups.values.filter { $0.count > 1 }.sorted { $0[0].id < $1[0].id }
    }

    static let styles: [(name: String, encode: @Sendable (FormData, String?) throws -> EncodedForm)] = [
        ("reference", StyleEncoders.reference),
        ("hand-rolled", StyleEncoders.handRolled),
        ("backslash-escaping", StyleEncoders.backslashEscaping),
    ]

    @Test(arguments: [false, true])
    func everyVectorOfAFormGradesTheSameOutputAlike(withBoundary: Bool) throws {
        let groups = try Self.groupsOfEqualForms(withBoundary: withBoundary)
        #expect(groups.count >= (withBoundary ? 3 : 5), "the corpus should hold forms that several vectors share")
        for style in Self.styles {
            for group in groups {
                let input = try #require(group[0].sidecar.encoderInput)
                let boundary = withBoundary ? input.boundary : nil
                let answer: Result<EncodedForm, any Error> = Result { try style.encode(input.form, boundary) }
                let verdicts = group.map { EncoderCertification.grade(answer, for: $0, givenBoundary: boundary) }
                for verdict in verdicts.dropFirst() {
                    #expect(
                        verdict.grade == verdicts[0].grade && verdict.details == verdicts[0].details,
                        "\(style.name): \(verdicts[0].fullText)\n\(verdict.fullText)")
                }
            }
        }
    }
}
