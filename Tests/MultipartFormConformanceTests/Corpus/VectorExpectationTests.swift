import MultipartForm
import MultipartFormConformance
import Testing

@Suite("Vector expectation")
struct VectorExpectationTests {
    let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nxyz\r\n--B--\r\n".utf8)

    private func vector(
        diagnostics: [VectorSidecar.ExpectedDiagnostic], parts: [VectorSidecar.ExpectedPart]?
    ) throws -> ConformanceVector {
        try ConformanceVector(
            id: "framing/y-test", body: body,
            sidecar: VectorSidecar(
                description: "", specs: [], contentType: "multipart/form-data; boundary=B", diagnostics: diagnostics,
                parts: parts))
    }

    private func diagnostic(_ rule: Rule.ID, _ offset: Int, _ origin: Diagnostic.Origin = .body) -> Diagnostic {
        Diagnostic(
            rule: rule, severity: .warning, origin: origin, offset: offset, line: 1, column: offset + 1, partIndex: nil,
            message: "found it", fixHint: nil)
    }

    private func report(_ diagnostics: [Diagnostic], parts: [DecodedPart]) -> ValidationReport {
        ValidationReport(
            diagnostics: diagnostics, parts: parts, partCount: parts.count, boundary: Array("B".utf8),
            byteCount: body.count, counts: [:])
    }

    private var decodedPart: DecodedPart {
        let start = body.firstIndex(of: UInt8(ascii: "x"))!
        return DecodedPart.part(
            index: 0, name: Array("a".utf8), filename: nil, contentType: nil, headerRange: 5..<start,
            bodyRange: start..<(start + 3))
    }

    @Test func matchingReportHasNoMismatches() throws {
        let vector = try vector(
            diagnostics: [.init(rule: .transportPadding, offset: 3), .init(rule: .transportPadding, offset: 3)],
            parts: [.init(name: Array("a".utf8), filename: nil, contentType: nil, body: Array("xyz".utf8))])
        let report = report(
            [diagnostic(.transportPadding, 3), diagnostic(.transportPadding, 3)], parts: [decodedPart])
        #expect(VectorExpectation(vector).mismatches(in: report).isEmpty)
    }

    @Test func diagnosticsCompareAsMultisetsOfOriginRuleAndOffset() throws {
        let vector = try vector(
            diagnostics: [
                .init(rule: .transportPadding, offset: 3), .init(rule: .transportPadding, offset: 3),
                .init(rule: .boundaryQuoted, offset: 3, origin: .contentType),
            ],
            parts: nil)
        let report = report(
            [diagnostic(.transportPadding, 3), diagnostic(.boundaryQuoted, 3), diagnostic(.headerBareLF, 9)],
            parts: [])
        let mismatches = VectorExpectation(vector).mismatches(in: report)
        #expect(
            mismatches == [
                .missingDiagnostic(.init(rule: .boundaryQuoted, offset: 3, origin: .contentType)),
                .missingDiagnostic(.init(rule: .transportPadding, offset: 3)),
                .unexpectedDiagnostic(.init(rule: .boundaryQuoted, offset: 3), message: "found it"),
                .unexpectedDiagnostic(.init(rule: .headerBareLF, offset: 9), message: "found it"),
            ])
        #expect(mismatches[0].description == "missing diagnostic: boundary-quoted at content-type offset 3")
        #expect(mismatches[3].description == "unexpected diagnostic: header-bare-lf at body offset 9 (found it)")
    }

    @Test func partsAreComparedFieldByFieldAsBytes() throws {
        let vector = try vector(
            diagnostics: [],
            parts: [
                .init(
                    name: Array("b".utf8), filename: [0xFF], contentType: Array("text/plain".utf8),
                    body: Array("xy\r".utf8)),
                .init(name: nil, filename: nil, contentType: nil, body: []),
            ])
        let mismatches = VectorExpectation(vector).mismatches(in: report([], parts: [decodedPart]))
        #expect(mismatches.count == 5, "\(mismatches)")
        #expect(mismatches[0] == .partCount(expected: 2, actual: 1))
        #expect(
            mismatches.map(\.description)[1]
                == #"part 0 name: expected "b" (1 byte), found "a" (1 byte); first difference at byte 0"#)
        #expect(mismatches.map(\.description)[2] == #"part 0 filename: expected "\xFF" (1 byte), found none"#)
        #expect(
            mismatches.map(\.description)[3] == #"part 0 content type: expected "text/plain" (10 bytes), found none"#)
        #expect(
            mismatches.map(\.description)[4]
                == #"part 0 body: expected "xy\r" (3 bytes), found "xyz" (3 bytes); first difference at byte 2"#)
    }

    @Test func partsAreNotComparedWhenTheSidecarListsNone() throws {
        let vector = try vector(diagnostics: [], parts: nil)
        #expect(VectorExpectation(vector).mismatches(in: report([], parts: [decodedPart])).isEmpty)
    }

    @Test func bodyRangeOutsideTheBodyIsAMismatch() throws {
        let vector = try vector(
            diagnostics: [], parts: [.init(name: Array("a".utf8), filename: nil, contentType: nil, body: [])])
        var part = decodedPart
        part.bodyRange = 0..<(body.count + 1)
        #expect(
            VectorExpectation(vector).mismatches(in: report([], parts: [part]))
                == [.partBodyRangeOutOfBounds(index: 0, range: 0..<(body.count + 1), bodyCount: body.count)])
    }
}
