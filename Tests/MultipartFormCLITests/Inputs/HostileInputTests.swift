import Foundation
import MultipartFormTestSupport
import Testing

/// Inputs a validator is fed when things have gone wrong: empty, garbage, cut off, malformed, huge.
/// Each gets a clear message and the documented exit status (1 for a body that does not conform,
/// 66 for input that cannot be read as what it claims to be), never a crash.
@Suite struct HostileInputTests {
    static let contentType = "multipart/form-data; boundary=X"

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func emptyFileIsAnEmptyBody() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write([], named: "empty.body")
        let result = runCLI(["--content-type", Self.contentType, path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(path):1:1: error: the body is empty [body-empty]\n"))
        #expect(result.stdout.hasSuffix("\(path): 0 parts, 1 error, 0 warnings, 0 notes; not conforming\n"))
    }

    @Test func emptyStandardInputIsAnEmptyBody() {
        let result = runCLI(["--content-type", Self.contentType, "-"], stdin: [])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("<stdin>:1:1: error: the body is empty [body-empty]\n"))
    }

    @Test func binaryGarbageGetsOneFindingAndAVisibleSnippet() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let garbage = (0..<4096).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state | 0x80)  // never '-', CR or LF
        }
        let directory = try TemporaryDirectory()
        let path = try directory.write(garbage, named: "garbage.bin")
        let result = runCLI([path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(path):1:1: error: no boundary is known and the first line does not start with '--' [delimiter-not-found]\n1 | \\x"))
        #expect(result.stdout.hasSuffix("\(path): 0 parts, 1 error, 0 warnings, 0 notes; not conforming\n"))
        #expect(result.stderr.isEmpty)
    }

    @Test func httpCaptureCutShortOfItsContentLengthIsValidatedWithAWarning() throws {
        let capture = bytes(
            "POST /u HTTP/1.1\r\nHost: x\r\nContent-Type: \(Self.contentType)\r\nContent-Length: 500\r\n\r\n"
                + "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n")
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture, named: "cut.http")
        let result = runCLI([path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(path): warning: Content-Length is 500 but only 52 body bytes are present: the capture is truncated\n")
        #expect(result.stdout.contains("[close-delimiter-missing]"))
    }

    @Test func httpCaptureCutInsideAChunkIsUnreadable() throws {
        let capture = bytes(
            "POST /u HTTP/1.1\r\nHost: x\r\nContent-Type: \(Self.contentType)\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "40\r\n--X\r\nContent-Dispo")
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture, named: "chunked.http")
        let result = runCLI([path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "error: cannot read '\(path)' as an HTTP request: truncated chunked body: the capture ends inside chunk data (46 of the chunk's 64 bytes are missing) at byte 126 (line 8)\n"
        )
    }

    @Test func httpCaptureCutInsideItsHeadIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(bytes("POST /u HTTP/1.1\r\nHost: x\r\nContent-Type: \(Self.contentType)\r\n"), named: "head.http")
        let result = runCLI([path])
        #expect(result.status == 66)
        #expect(result.stderr == "error: cannot read '\(path)' as an HTTP request: truncated capture: the request head has no blank line ending it\n")
    }

    @Test(arguments: [
        (#"{"log": {"entries": ["#, "malformed JSON at line 1, column 22: unexpected end of input, expected a value"),
        (#"{"log": {}}"#, "not a HAR file: no 'log.entries' array"),
        (#"{"log": {"entries": [1, 2]} ,}"#, "malformed JSON at line 1, column 30: unexpected '}', expected a member name"),
    ])
    func malformedHARIsUnreadable(document: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(document.utf8), named: "bad.har")
        let result = runCLI(["--input", "har", path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: cannot read '\(path)' as a HAR file: \(reason)\n")
    }

    @Test func harEntryWithoutPostDataIsNamedAndNotValidated() throws {
        let document = #"{"log": {"entries": [{"request": {"method": "POST", "url": "https://e/u", "headers": [{"name": "Content-Type", "value": "multipart/form-data; boundary=X"}]}}]}}"#
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(document.utf8), named: "nobody.har")
        let result = runCLI([path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "\(path)#entry-1 (POST https://e/u): error: the request has no postData: the HAR file does not hold the body; it is not validated\n"
        )
    }

    @Test func headerLineOfMegabytesIsReadUpToTheLimitWithShortSnippets() throws {
        let body = bytes("--X\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Big: ")
            + [UInt8](repeating: UInt8(ascii: "y"), count: 5 << 20) + bytes("\r\n\r\n1\r\n--X--\r\n")
        let directory = try TemporaryDirectory()
        let path = try directory.write(body, named: "big-header.body")
        let result = runCLI(["--content-type", Self.contentType, path])
        // The line is still read for what it says, up to the section's limit: a field no form may carry.
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(path):3:1: error: header field 'X-Big' is not allowed in a form-data part [header-not-allowed]\n"))
        #expect(result.stdout.contains("\(path):3:1: warning: header line of 5242887 bytes exceeds the limit of 8192; it is still read [limit-header-line-length]\n"))
        // The line also takes the section past its limit, at the limit's byte on the same line.
        #expect(result.stdout.contains("\(path):3:16343: warning: the part's headers exceed 16384 bytes; the rest are skipped [limit-header-bytes]\n"))
        // The snippets show a window of the line, not megabytes of it.
        #expect(result.stdout.utf8.count < 2_000)
        #expect(result.stdout.hasSuffix("\(path): 1 part, 1 error, 2 warnings, 0 notes; not conforming\n"))
    }
}
