import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// The engine reads a part's name and filename in place from the chunk being consumed and copies
/// them only if the part is still being read when `consume` returns, so a caller may reuse its
/// buffer at once. Each test ends a chunk right after a header section the engine reads in one step
/// (one that follows a delimiter found by the search, so not the first part's).
@Suite struct ChunkReuseTests {
    /// A first part, and the delimiter line of the next.
    static let firstPart = "--AaB03x\r\nContent-Disposition: form-data; name=\"first\"\r\n\r\none\r\n--AaB03x\r\n"

    /// Feeds each chunk from one buffer, overwritten once the chunk is consumed (``ChunkedFeed``).
    static func validate(_ chunks: [[UInt8]]) -> ValidationReport {
        ChunkedFeed.validate(chunks: chunks, contentType: "multipart/form-data; boundary=AaB03x")
    }

    @Test func aFindingAfterTheChunkQuotesTheNameReadInPlace() {
        let report = Self.validate([
            Array((Self.firstPart + "Content-Disposition: form-data; name=\"greeting\"\r\n\r\n").utf8),
            Array("hi".utf8) + [0xFF] + Array("\r\n--AaB03x--\r\n".utf8),
        ])
        let finding = report.diagnostics.first { $0.rule == .valueNotUTF8 }
        #expect(finding?.message == "the value of text field 'greeting' is not valid UTF-8")
        #expect(report.parts.map(\.nameString) == ["first", "greeting"])
    }

    @Test func aNameAndFilenameReadInPlaceAreCollectedAfterTheChunk() {
        let report = Self.validate([
            Array((Self.firstPart + "Content-Disposition: form-data; name=\"upload\"; filename=\"notes.txt\"\r\n\r\n").utf8),
            Array("some text\r\n--AaB03x--\r\n".utf8),
        ])
        #expect(report.parts.map(\.nameString) == ["first", "upload"])
        #expect(report.parts.map(\.filenameString) == [nil, "notes.txt"])
    }
}
