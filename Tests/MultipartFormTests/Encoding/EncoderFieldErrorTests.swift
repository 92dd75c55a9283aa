import MultipartForm
import Testing

/// Names, filenames and content types the encoder cannot write safely fail with a typed error naming the field.
@Suite struct EncoderFieldErrorTests {
    static func error(preparing form: FormData, boundary: String = "B") -> ReferenceEncoder.Error? {
        do {
            _ = try ReferenceEncoder().prepare(form, boundary: boundary)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["a\u{0}b", "\u{0}", "ends\\", "three\\\\\\"])
    func nameThatCannotBeWrittenFailsWithItsIndex(name: String) throws {
        let form = FormData([.init(name: "ok", value: .text("1")), .init(name: name, value: .text("2"))])
        let error = try #require(Self.error(preparing: form))
        #expect(error.code == .unrepresentableName)
        #expect(error.fieldIndex == 1)
        #expect(error.message.hasPrefix("the name '"))
    }

    @Test(arguments: ["a\u{0}.txt", "dir\\"])
    func filenameThatCannotBeWrittenFailsWithItsIndex(filename: String) throws {
        let form = FormData([.init(name: "f", value: .bytes([1]), filename: filename)])
        let error = try #require(Self.error(preparing: form))
        #expect(error.code == .unrepresentableFilename)
        #expect(error.fieldIndex == 0)
    }

    /// The longest name whose Content-Disposition line fits the validator's 8,192-byte default, and one byte more.
    @Test func aNamePastTheHeaderLineLimitIsRefusedAndOneAtTheLimitValidates() throws {
        let overhead = "Content-Disposition: form-data; name=\"\"".utf8.count
        let fitting = String(repeating: "n", count: ValidationOptions().maxHeaderLineLength - overhead)
        let body = try ReferenceEncoder().prepare(FormData([.init(name: fitting, value: .text("1"))]), boundary: "B")
        let report = MultipartValidator.validate(try body.bytes(), contentType: body.contentType)
        #expect(report.errorCount == 0 && report.parts.first?.name == Array(fitting.utf8), "\(nonNoteFindings(report))")

        let form = FormData([.init(name: "ok", value: .text("1")), .init(name: fitting + "n", value: .text("2"))])
        let error = try #require(Self.error(preparing: form))
        #expect(error.code == .headerTooLong)
        #expect(error.fieldIndex == 1)
    }

    @Test func aFilenameThatTakesThePartHeaderPastItsLimitIsRefused() throws {
        // Two lines of exactly 8,192 bytes each: neither passes the line limit, but with their line
        // ends the section is 16,388 bytes, past the 16,384 limit.
        let limit = ValidationOptions().maxHeaderLineLength
        let filename = String(repeating: "f", count: limit - "Content-Disposition: form-data; name=\"f\"; filename=\"\"".utf8.count)
        let type = "text/plain; x=" + String(repeating: "t", count: limit - "Content-Type: text/plain; x=".utf8.count)
        let form = FormData([.init(name: "f", value: .bytes([1]), filename: filename, contentType: type)])
        let error = try #require(Self.error(preparing: form))
        #expect(error.code == .headerTooLong, "\(error)")
        #expect(error.message.hasPrefix("the part's header of 16388 bytes"), "\(error)")
    }

    /// An even run of backslashes closes the quoted-string for RFC 9110 readers, who see half of them.
    @Test func evenTrailingBackslashesAreWrittenAndReadAsQuotedPairs() throws {
        let form = FormData([.init(name: "a\\\\", value: .bytes([7]), filename: "C:\\\\")])
        let body = try ReferenceEncoder().prepare(form, boundary: "B")
        let bytes = try body.bytes()
        let report = MultipartValidator.validate(bytes, contentType: body.contentType)
        #expect(report.errorCount == 0, "\(nonNoteFindings(report))")
        #expect(report.parts.first?.name == Array("a\\".utf8))
        #expect(report.parts.first?.filename == Array("C:\\".utf8))
    }

    @Test(arguments: [
        "", "text", "text/", "/plain", " text/plain", "text/plain ", "text/plain; charset=\"utf-8",
        "text/plain\r\nX-Injected: 1", "image/pngé", "multipart/mixed; boundary=inner", "Multipart/Related; type=x/y",
        "text/plain;charset",
    ])
    func malformedContentTypeFailsWithItsIndex(contentType: String) throws {
        let form = FormData([
            .init(name: "a", value: .text("1")), .init(name: "f", value: .bytes([1]), filename: "f", contentType: contentType),
        ])
        let error = try #require(Self.error(preparing: form))
        #expect(error.code == .invalidContentType)
        #expect(error.fieldIndex == 1)
    }

    @Test(arguments: ["text/plain", "text/plain; charset=utf-8", "application/vnd.api+json", "image/x-test;a=\"b;c\""])
    func wellFormedContentTypeIsWrittenVerbatim(contentType: String) throws {
        let form = FormData([.init(name: "f", value: .bytes([1]), filename: "f", contentType: contentType)])
        let body = try ReferenceEncoder().prepare(form, boundary: "B")
        let report = MultipartValidator.validate(try body.bytes(), contentType: body.contentType)
        #expect(report.errorCount == 0, "\(nonNoteFindings(report))")
        #expect(report.parts.first?.contentType == Array(contentType.utf8))
    }

    @Test func callerBoundaryInANameOrFilenameIsACollision() throws {
        let inName = FormData([.init(name: "a", value: .text("1")), .init(name: "x--AaB03x", value: .text("2"))])
        #expect(Self.error(preparing: inName, boundary: "AaB03x")?.code == .boundaryCollision)
        #expect(Self.error(preparing: inName, boundary: "AaB03x")?.fieldIndex == 1)
        let inFilename = FormData([.init(name: "f", value: .bytes([]), filename: "--AaB03x.txt")])
        #expect(Self.error(preparing: inFilename, boundary: "AaB03x")?.code == .boundaryCollision)
        #expect(Self.error(preparing: inFilename, boundary: "AaB03x")?.fieldIndex == 0)
    }

    @Test func generatedBoundaryFoundInAFilenameIsDrawnAgain() throws {
        var predictor = SplitMix64(state: 99)
        let first = String(decoding: ReferenceEncoder.randomBoundary(using: &predictor), as: UTF8.self)
        let form = FormData([.init(name: "f", value: .bytes([1]), filename: "--" + first)])
        var generator = SplitMix64(state: 99)
        let body = try ReferenceEncoder().prepare(form, using: &generator)
        #expect(body.boundary != first)
        #expect(MultipartValidator.validate(try body.bytes(), contentType: body.contentType).errorCount == 0)
    }

    @Test func errorDescriptionWithoutAFieldNamesOnlyTheCode() {
        #expect(ReferenceEncoder.Error(.writeFailed, "cannot write 'x'").description == "write-failed: cannot write 'x'")
    }
}
