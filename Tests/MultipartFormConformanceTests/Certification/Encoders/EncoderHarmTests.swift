import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

/// The three bottom rungs for encoders, told apart by what a receiver gets from the body.
@Suite("Encoder harm")
struct EncoderHarmTests {
    static func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no \(id)")
    }

    /// The reference encoder's output with `header` added before every part's Content-Disposition.
    static func addingToEveryPart(_ header: String) -> ClosureEncoderAdapter {
        ClosureEncoderAdapter.rewriting("adds \(header)") {
            replacing("\r\nContent-Disposition: ", with: "\r\n\(header)\r\nContent-Disposition: ", in: $0)
        }
    }

    @Test func aPartContentLengthIsAHeaderReceiversMustIgnore() throws {
        let vector = try Self.vector("structure/y-single-field")
        let certification = EncoderCertification(Self.addingToEveryPart("Content-Length: 1"))
        let verdict = certification.verdict(for: vector)
        #expect(verdict.grade == .fail)
        #expect(verdict.problem == .writesIgnoredHeaders, "\(verdict.summary)")
        #expect(verdict.notes.first?.contains("\"Other header fields MUST NOT be included and MUST be ignored.\"") == true, "\(verdict.notes)")
        #expect(certification.report(verdicts: [verdict]).level == .writesIgnoredHeaders)
    }

    @Test func anIgnoredHeaderBesideAnotherErrorIsAnInvalidBody() throws {
        // A Content-Type twice is an error receivers are not told to ignore: they disagree on which wins.
        let vector = try Self.vector("structure/y-single-field")
        let verdict = EncoderCertification(Self.addingToEveryPart("Content-Length: 1\r\nContent-Type: text/plain\r\nContent-Type: image/png"))
            .verdict(for: vector)
        #expect(verdict.problem == .writesInvalid, "\(verdict.summary)")
    }

    @Test func anUnquotedBoundaryThatNeedsQuotesIsInvalidButKeepsTheFields() throws {
        let vector = try Self.vector("boundary/y-quoted-tspecials")
        let adapter = ClosureEncoderAdapter(name: "boundary unquoted") { form, boundary in
            let output = try ReferenceEncoderAdapter().encode(form, boundary: boundary)
            let unquoted = output.contentType.replacingOccurrences(of: "\"", with: "")
            return EncodedForm(contentType: unquoted, body: output.body)
        }
        let verdict = EncoderCertification(adapter).verdict(for: vector)
        #expect(verdict.details.contains { $0.contains("[boundary-needs-quotes]") }, "\(verdict.details)")
        #expect(verdict.problem == .writesInvalid, "\(verdict.summary)")
        #expect(EncoderCertification(adapter).report(over: [vector]).level == .writesInvalidBodies)
    }

    @Test func aNameCutAtAnUnescapedQuoteChangesTheField() throws {
        let vector = try Self.vector("quoting/i-whatwg-escapes-each")
        let adapter = ClosureEncoderAdapter.rewriting("quotes raw") { replacing("%22", with: "\"", in: $0) }
        let verdict = EncoderCertification(adapter).verdict(for: vector)
        #expect(verdict.problem == .changesFields, "\(verdict.summary)")
        #expect(verdict.details.contains { $0.contains(" name: expected ") }, "\(verdict.details)")
        #expect(EncoderCertification(adapter).report(over: [vector]).level == .changesFields)
    }

    @Test func theLadderPutsChangedFieldsBelowInvalidBodiesAndIgnoredHeadersAboveCrashes() {
        let ladder = CertificationLevel.ladder(for: .encoder)
        func rank(_ level: CertificationLevel) -> Int { ladder.firstIndex(of: level)! }
        #expect(rank(.passesInvalidInput) < rank(.writesIgnoredHeaders))
        #expect(rank(.writesIgnoredHeaders) < rank(.crashes))
        #expect(rank(.crashes) < rank(.writesInvalidBodies))
        #expect(rank(.writesInvalidBodies) < rank(.changesFields))
        #expect(ladder.last == .changesFields)
    }
}
