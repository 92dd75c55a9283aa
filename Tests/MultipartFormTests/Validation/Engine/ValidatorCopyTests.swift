import MultipartForm
import Testing

/// A validator is a value: a copy taken in the middle of a body, even inside a nested body, goes
/// on independently of the original.
@Suite struct ValidatorCopyTests {
    static let contentType = "multipart/form-data; boundary=AaB03x"

    /// Everything up to the middle of a nested multipart/mixed body's first part.
    static let prefix = Array(
        ("--AaB03x\r\nContent-Disposition: form-data; name=\"files\"\r\n"
            + "Content-Type: multipart/mixed; boundary=BbC04y\r\n\r\n"
            + "--BbC04y\r\nContent-Disposition: file; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nfirst half").utf8)

    /// A well-formed end for the nested body and the outer body.
    static let cleanEnd = Array("\r\n--BbC04y--\r\n\r\n--AaB03x--\r\n".utf8)

    /// An end whose nested body has a part with a bare LF header line and no closing delimiter.
    static let brokenEnd = Array("\r\n--BbC04y\r\nContent-Type: text/plain\n\r\nx\r\n--AaB03x--\r\n".utf8)

    @Test func copiesTakenInsideANestedBodyAreIndependent() {
        var original = MultipartValidator(contentType: Self.contentType)
        original.consume(Self.prefix)
        var copy = original
        copy.consume(Self.brokenEnd)
        original.consume(Self.cleanEnd)
        let copyReport = copy.finish()
        let originalReport = original.finish()

        let expectedClean = MultipartValidator.validate(Self.prefix + Self.cleanEnd, contentType: Self.contentType)
        let expectedBroken = MultipartValidator.validate(Self.prefix + Self.brokenEnd, contentType: Self.contentType)
        // The two endings must really lead to different reports, or the comparison proves nothing.
        #expect(expectedClean.diagnostics != expectedBroken.diagnostics)
        #expect(expectedBroken.diagnostics.contains { $0.message.hasPrefix("in the nested body") })
        #expect(originalReport == expectedClean)
        #expect(copyReport == expectedBroken)
    }

    @Test func aFinishedCopyLeavesTheOriginalReadable() {
        var original = MultipartValidator(contentType: Self.contentType)
        original.consume(Self.prefix)
        var copy = original
        _ = copy.finish()
        original.consume(Self.cleanEnd)
        #expect(original.finish() == MultipartValidator.validate(Self.prefix + Self.cleanEnd, contentType: Self.contentType))
    }
}
