import MultipartForm
import MultipartFormConformance
import Testing

/// The integrity checks catch corrupted and inconsistent vectors: each case damages a real vector one way.
@Suite("Vector audit")
struct VectorAuditTests {
    private func vector(_ id: String) throws -> ConformanceVector {
        try #require(try Fixtures.corpus.get()[id], "the corpus has no vector \(id)")
    }

    private func damaged(_ id: String, body: [UInt8]? = nil, _ change: (inout VectorSidecar) -> Void = { _ in }) throws
        -> ConformanceVector
    {
        let original = try vector(id)
        var sidecar = original.sidecar
        change(&sidecar)
        return try ConformanceVector(id: id, body: body ?? original.body, sidecar: sidecar)
    }

    @Test func intactVectorsPassEveryCheck() throws {
        for id in ["structure/y-fields-and-files", "crlf/n-cr-before-close", "quoting/i-curl-backslash-escaping"] {
            #expect(VectorAudit.findings(of: try vector(id)).isEmpty, "\(id)")
        }
    }

    @Test func bodyWithLineEndingsConvertedFailsReplay() throws {
        let original = try vector("structure/y-fields-and-files")
        // What `core.autocrlf` or an editor does: every CRLF becomes LF.
        var converted: [UInt8] = []
        for (index, byte) in original.body.enumerated()
        where !(byte == UInt8(ascii: "\r") && original.body.dropFirst(index + 1).first == UInt8(ascii: "\n")) {
            converted.append(byte)
        }
        let damaged = try damaged(original.id, body: converted)
        let findings = VectorAudit.findings(of: damaged)
        #expect(findings.contains { $0.check == .replay })
        #expect(findings.contains { $0.check == .encoderInput }, "the canonical mark must go stale too")
    }

    @Test func missingExpectedDiagnosticFailsReplay() throws {
        let damaged = try damaged("crlf/n-cr-before-close") { $0.diagnostics.removeLast() }
        let findings = VectorAudit.replay(of: damaged)
        #expect(findings.contains { $0.message.hasPrefix("unexpected diagnostic") }, "\(findings)")
    }

    @Test func changedPartBodyFailsReplay() throws {
        let damaged = try damaged("structure/y-fields-and-files") { $0.parts![0].body += [0x21] }
        #expect(VectorAudit.replay(of: damaged).contains { $0.message.hasPrefix("part 0 body") })
    }

    @Test func errorOnAYesVectorIsInconsistent() throws {
        let damaged = try damaged("structure/y-fields-and-files") {
            $0.diagnostics.append(.init(rule: .delimiterBareLF, offset: 0))
        }
        #expect(VectorAudit.consistency(of: damaged).contains { $0.message.contains("y- vector expects errors") })
    }

    @Test func unknownRuleAndOffsetPastTheEndAreInconsistent() throws {
        let damaged = try damaged("crlf/n-cr-before-close") {
            $0.diagnostics.append(.init(rule: Rule.ID(rawValue: "no-such-rule"), offset: 1_000_000))
        }
        let messages = VectorAudit.consistency(of: damaged).map(\.message)
        #expect(messages.contains { $0.contains("missing from the catalog: no-such-rule") })
        #expect(messages.contains { $0.contains("past the body's end") })
    }

    @Test func outcomeWithoutAReasonIsInconsistent() throws {
        let original = try #require(try Fixtures.vectors().first { $0.verdict == .implementation })
        let damaged = try damaged(original.id) { $0.outcomes![0].because = " " }
        #expect(VectorAudit.consistency(of: damaged).contains { $0.message.contains("\"because\" is empty") })
    }

    @Test func flippedCanonicalMarkIsCaught() throws {
        let canonical = try #require(try Fixtures.vectors().first { $0.sidecar.encoderInput?.isCanonical == true })
        let notCanonical = try #require(try Fixtures.vectors().first { $0.sidecar.encoderInput?.isCanonical == false })
        let flippedOff = try damaged(canonical.id) { $0.encoderInput!.isCanonical = false }
        let flippedOn = try damaged(notCanonical.id) { $0.encoderInput!.isCanonical = true }
        #expect(VectorAudit.encoderInput(of: flippedOff).count == 1)
        #expect(VectorAudit.encoderInput(of: flippedOn).count == 1)
    }
}
