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
            .diagnostics.map { "\($0.rule)@\($0.offset)" }
    }

    @Test(arguments: [1, 2, 7, 64])
    func boundaryTextAfterACharsetFieldWithTooManyFindings(chunk: Int) {
        let body: [UInt8] = Array("--AaB03x\r\nCont".utf8) + [0xD3] + Array(
            "ent-Disposition: form-data; name=\"_CHARSET_\"\r\n\r\niso-8859-1\r\n9223372036854775807--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n"
                .utf8) + [0xE7] + Array("a va\r\n--AaB03x--\r\n".utf8)
        let whole = Self.findings(body, options: Self.smallLimits, chunk: .max)
        #expect(Self.findings(body, options: Self.smallLimits, chunk: chunk) == whole)
    }
}
