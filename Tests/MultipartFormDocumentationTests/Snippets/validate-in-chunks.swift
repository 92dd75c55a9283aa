import MultipartForm
// snippet.hide
import Testing

@Test func validateInChunks() {
    let chunks: [[UInt8]] = [
        Array("--AaB03x\r\nContent-Disposition: form-data; na".utf8),
        Array("me=\"title\"\r\n\r\nHoliday\r\n--AaB03x--\r\n".utf8),
    ]
    // snippet.show

    var validator = MultipartValidator(contentType: "multipart/form-data; boundary=AaB03x")
    for chunk in chunks {
        validator.consume(chunk)    // any sizes; the report is the same for every chunking
    }
    let report = validator.finish()
    for finding in report.diagnostics {
        print("\(finding.line):\(finding.column) \(finding.severity) [\(finding.rule)] \(finding.message)")
    }
    // snippet.hide
    #expect(report.diagnostics.isEmpty)
    #expect(report.parts.map(\.nameString) == ["title"])
}
