import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// `boundary-in-content`: `--boundary` in the middle of a content line is reported once a part,
/// within the window each part's content is searched in, whatever the chunking.
@Suite struct BoundaryInContentTests {
    static let contentType = "multipart/form-data; boundary=AaB03x"
    static let head = Array(
        "--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            .utf8)
    static let close = Array("\r\n--AaB03x--\r\n".utf8)

    /// A file part of `size` bytes of `x` with `--AaB03x` written so that it starts at `at` in the content.
    static func body(size: Int, boundaryAt at: Int) -> [UInt8] {
        var content = [UInt8](repeating: UInt8(ascii: "x"), count: size)
        content.replaceSubrange(at..<(at + 8), with: Array("--AaB03x".utf8))
        return head + content + close
    }

    static func findings(_ body: [UInt8], chunk: Int) -> [String] {
        ChunkedFeed.validate(body, contentType: contentType, chunkSize: chunk).rulesAtOffsets
    }

    @Test(arguments: [1, 2, 7, 64, 4093])
    func theFirstOccurrenceIsReportedOnceAtEveryChunking(chunk: Int) {
        var body = Self.head + Array("a--AaB03x b --AaB03x-- c\r\nd\r--AaB03x".utf8) + Self.close
        #expect(Self.findings(body, chunk: chunk) == ["boundary-in-content@\(Self.head.count + 1)"])
        // A content line that starts with the delimiter is boundary-prefix-line's, not this rule's.
        body = Self.head + Array("x\r\n--AaB03xy and --AaB03x".utf8) + Self.close
        let prefix = Self.head.count + 3
        #expect(Self.findings(body, chunk: chunk) == ["boundary-prefix-line@\(prefix)", "boundary-in-content@\(prefix + 14)"])
    }

    @Test(
        .enabled(if: !TestScale.skipsSlow, "MULTIPART_SKIP_SLOW is set"),
        arguments: [4093, 65_536, 1 << 20])
    func onlyTheWindowOfEachPartIsSearched(chunk: Int) {
        let window = ValidationEngine.boundaryTextWindow
        // Ending at the window's last byte: reported, wherever the chunks end.
        let inside = Self.body(size: window + 100, boundaryAt: window - 8)
        #expect(Self.findings(inside, chunk: chunk) == ["boundary-in-content@\(Self.head.count + window - 8)"])
        // Ending one byte past it: not searched.
        let across = Self.body(size: window + 100, boundaryAt: window - 7)
        #expect(Self.findings(across, chunk: chunk) == [])
    }
}
