import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// Bodies the fuzz target found reporting differently whole and in chunks, kept as they were found.
@Suite struct BoundaryInContentChunkingTests {
    /// The fuzz target's small limits: the limit paths are reached by small inputs.
    static var smallLimits: ValidationOptions {
        var options = ValidationOptions()
        options.maxParts = 3
        options.maxHeaderBytes = 96
        options.maxHeaderLines = 4
        options.maxHeaderLineLength = 40
        options.maxNestingDepth = 1
        options.maxDiagnostics = 6
        return options
    }

    static func findings(_ body: [UInt8], options: ValidationOptions, chunk: Int) -> [String] {
        ChunkedFeed.validate(body, contentType: "multipart/form-data; boundary=AaB03x", options: options, chunkSize: chunk)
            .rulesAtOffsets
    }

    @Test(arguments: [1, 2, 7, 64])
    func boundaryTextAfterACharsetFieldWithTooManyFindings(chunk: Int) {
        let body: [UInt8] = Array("--AaB03x\r\nCont".utf8) + [0xD3] + Array(
            "ent-Disposition: form-data; name=\"_CHARSET_\"\r\n\r\niso-8859-1\r\n9223372036854775807--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n"
                .utf8) + [0xE7] + Array("a va\r\n--AaB03x--\r\n".utf8)
        let whole = Self.findings(body, options: Self.smallLimits, chunk: .max)
        #expect(Self.findings(body, options: Self.smallLimits, chunk: chunk) == whole)
    }

    /// A boundary of bytes that are not UTF-8 (inferred: RFC 2046 does not allow them) held in a text
    /// value: the invalid byte inside the `--boundary` is found before the boundary when the match
    /// spans chunks, after it when it does not. The report lists the same earliest findings either way.
    @Test(arguments: [1, 2, 3, 7])
    func boundaryTextFoundAfterAFindingInsideIt(chunk: Int) {
        let boundary: [UInt8] = [0xC0, 0x9E, 0xBD, 0xF2]
        let body: [UInt8] =
            Array("--".utf8) + boundary + Array("\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nxx--".utf8)
            + boundary + Array("yy\r\n--".utf8) + boundary + Array("--\r\n".utf8)
        for limit in [2, 3] {
            var options = Self.smallLimits
            options.maxDiagnostics = limit
            let report = ChunkedFeed.validate(body, contentType: nil, options: options, chunkSize: chunk)
            let whole = ChunkedFeed.validate(body, contentType: nil, options: options, chunkSize: .max)
            #expect(report.rulesAtOffsets == whole.rulesAtOffsets)
        }
        var options = Self.smallLimits
        options.maxDiagnostics = 3
        let listed = ChunkedFeed.validate(body, contentType: nil, options: options, chunkSize: chunk).diagnostics
        #expect(listed.map(\.rule) == ["boundary-inferred", "boundary-invalid-character", "boundary-in-content", "limit-diagnostics"])
        #expect(listed.last?.offset == 56)
    }
}
