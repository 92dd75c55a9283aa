import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// HTTP captures and HAR files given to `validate` (`--input http|har|auto`).
@Suite struct CaptureInputTests {
    static let head = Array(
        ("POST /upload HTTP/1.1\r\nHost: example.com\r\n"
            + "Content-Type: multipart/form-data; boundary=AaB03x\r\n").utf8)
    /// A body whose part header line ends with a bare LF: line 2, column 41 of the body.
    static let bareLFBody = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\n\r\n1\r\n--AaB03x--\r\n".utf8)

    static func hex(_ n: Int) -> [UInt8] { Array(String(n, radix: 16).utf8) }

    @Test func contentLengthCaptureUsesTheHeaderAndPointsIntoTheCapture() throws {
        let capture = Self.head + Array("Content-Length: \(Self.bareLFBody.count)\r\n\r\n".utf8) + Self.bareLFBody
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture, named: "upload.http")
        let result = runCLI(["validate", path])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        // Body line 2 is capture line 7 (five head lines and the blank line come first).
        // Both numberings: the capture's, and the body's that serve printed for the same finding.
        #expect(result.stdout.hasPrefix("\(path):7:41 (body 2:41): error: "))
        #expect(result.stdout.contains("[header-bare-lf]\n7 | Content-Disposition: form-data; name=\"a\"\\n\n"))
        #expect(result.stdout.hasSuffix("\(path): 1 part, 1 error, 0 warnings, 0 notes; not conforming\n"))
        let json = runCLI(["validate", "--format", "json", path])
        let headLength = capture.count - Self.bareLFBody.count
        #expect(json.stdout.contains("\"offset\": \(headLength + 50),"))
        #expect(json.stdout.contains("\"input\": \"http\""))
    }

    @Test func chunkedCaptureMapsPositionsThroughTheChunkLayout() throws {
        let first = Array(Self.bareLFBody[..<17])  // "--AaB03x\r\nContent"
        let second = Array(Self.bareLFBody[17...])
        let capture =
            Self.head + Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
            + Self.hex(first.count) + Array(";ext=1\r\n".utf8) + first + Array("\r\n".utf8)
            + Self.hex(second.count) + Array("\r\n".utf8) + second + Array("\r\n0\r\nX-Trailer: y\r\n\r\n".utf8)
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture, named: "chunked.http")
        let result = runCLI([path])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        // Capture line 10 is "-Disposition: form-data; name="a"\n": the bare LF is its 34th byte.
        #expect(result.stdout.hasPrefix("\(path):10:34 (body 2:41): error: "))
        #expect(result.stdout.contains("\n10 | -Disposition: form-data; name=\"a\"\\n\n"))
        let json = runCLI(["--format", "json", path])
        let expected = capture.indices.first { capture[$0] == 0x0A && capture[$0 - 1] == UInt8(ascii: "\"") }!
        #expect(json.stdout.contains("\"offset\": \(expected),"))
    }

    @Test func chunkedMappingIsExactWhenChunkRecordsAreThinned() throws {
        // Many one-byte chunks with a cap of 4 records: gaps are decoded again from the capture.
        var capture = Self.head + Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
        for byte in Self.bareLFBody { capture += Array("1\r\n".utf8) + [byte] + Array("\r\n".utf8) }
        capture += Array("0\r\n\r\n".utf8)
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture, named: "tiny-chunks.http")
        let input = try BodyInput(path: path)
        var reader = HTTPCaptureReader(contentType: nil, options: .init(), maxChunkRecords: 4)
        try capture.withUnsafeBytes { try reader.consume($0) }
        let report = try reader.finish(input: input)
        let finding = try #require(report.diagnostics.first { $0.rule == .headerBareLF })
        #expect(reader.records.count <= 4)
        #expect(capture[finding.offset] == 0x0A)
        // Each data byte sits on its own line after its size line: `"` CRLF `1` CRLF, then the LF.
        #expect(capture[finding.offset - 6] == UInt8(ascii: "\""))
        #expect(finding.column == 1)
        #expect(finding.line == 1 + capture[..<finding.offset].filter { $0 == 0x0A }.count)
    }

    @Test func placingFindingsInThinnedChunksRereadsOnlyTheGaps() throws {
        // 2,000 parts of one-byte chunks, each part with findings, and 1,024 records kept: each finding
        // rereads only the gap between two records, not a 64 KiB window (which made this quadratic).
        let part = Array("--AaB03x\nContent-Disposition: form-data; name=\"a\"\n\n1\n".utf8)
        var body: [UInt8] = []
        for _ in 0..<2000 { body += part }
        body += Array("--AaB03x--\r\n".utf8)
        var capture = Self.head + Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
        for byte in body { capture += Array("1\r\n".utf8) + [byte] + Array("\r\n".utf8) }
        capture += Array("0\r\n\r\n".utf8)
        let directory = try TemporaryDirectory()
        let input = try BodyInput(path: try directory.write(capture, named: "many-chunks.http"))
        var reader = HTTPCaptureReader(contentType: nil, options: .init(), maxChunkRecords: 1024)
        try capture.withUnsafeBytes { try reader.consume($0) }
        let report = try reader.finish(input: input)
        #expect(report.diagnostics.count > 1000)
        for finding in report.diagnostics where finding.rule == .delimiterBareLF || finding.rule == .headerBareLF {
            #expect(capture[finding.offset] == 0x0A || capture[finding.offset] == UInt8(ascii: "-"), "\(finding)")
        }
        #expect(reader.rereadBytes.count < 2 * capture.count, "\(reader.rereadBytes.count) bytes reread for a \(capture.count)-byte capture")
    }

    @Test func truncatedCapturesAreErrorsOrWarnings() throws {
        let directory = try TemporaryDirectory()
        // Content-Length larger than the bytes present: a warning, and the body is still validated.
        let short = Self.head + Array("Content-Length: \(Self.bareLFBody.count + 10)\r\n\r\n".utf8) + Self.bareLFBody
        let shortPath = try directory.write(short, named: "short.http")
        let shortResult = runCLI([shortPath])
        #expect(shortResult.status == 1)
        #expect(
            shortResult.stderr
                == "\(shortPath): warning: Content-Length is \(Self.bareLFBody.count + 10) but only \(Self.bareLFBody.count) body bytes are present: the capture is truncated\n"
        )
        #expect(shortResult.stdout.contains("[header-bare-lf]"))
        // Trailing bytes after Content-Length.
        let long = Self.head + Array("Content-Length: \(Self.bareLFBody.count)\r\n\r\n".utf8) + Self.bareLFBody + [0x41, 0x42]
        let longResult = runCLI([try directory.write(long, named: "long.http")])
        #expect(longResult.stderr.contains("warning: 2 trailing bytes after the \(Self.bareLFBody.count) bytes of Content-Length"))
        // A head without its blank line: unreadable.
        let headOnly = try directory.write(Array(Self.head.prefix(40)), named: "head.http")
        let headResult = runCLI([headOnly])
        #expect(headResult.status == 66)
        #expect(headResult.stdout.isEmpty)
        #expect(
            headResult.stderr
                == "error: cannot read '\(headOnly)' as an HTTP request: truncated capture: the request head has no blank line ending it\n"
        )
        // A chunked body cut inside a chunk.
        let chunked =
            Self.head + Array("Transfer-Encoding: chunked\r\n\r\n".utf8) + Self.hex(Self.bareLFBody.count)
            + Array("\r\n".utf8) + Array(Self.bareLFBody.prefix(10))
        let chunkedPath = try directory.write(chunked, named: "cut.http")
        let chunkedResult = runCLI([chunkedPath])
        #expect(chunkedResult.status == 66)
        #expect(chunkedResult.stderr.hasPrefix("error: cannot read '\(chunkedPath)' as an HTTP request: truncated chunked body: "))
        // A malformed chunk size.
        let bad = Self.head + Array("Transfer-Encoding: chunked\r\n\r\nzz\r\n".utf8)
        let badResult = runCLI([try directory.write(bad, named: "bad.http")])
        #expect(badResult.status == 66)
        #expect(badResult.stderr.contains("malformed chunked body at byte"))
    }

    @Test func obsFoldAndBareLFHeads() throws {
        let directory = try TemporaryDirectory()
        let folded = Array("POST / HTTP/1.1\r\nContent-Type: multipart/form-data;\r\n boundary=AaB03x\r\n\r\n".utf8)
        let foldedResult = runCLI([try directory.write(folded, named: "fold.http")])
        #expect(foldedResult.status == 66)
        #expect(foldedResult.stderr.contains("obsolete line folding (obs-fold) at line 3"))
        let bare = Array(
            "POST / HTTP/1.1\nContent-Type: multipart/form-data; boundary=AaB03x\nContent-Length: \(Bodies.browser.count)\n\n"
                .utf8) + Bodies.browser
        let barePath = try directory.write(bare, named: "bare.http")
        let bareResult = runCLI([barePath])
        #expect(bareResult.status == 0)
        #expect(bareResult.stderr.contains("\(barePath): note: the request head ends lines with a bare LF"))
        #expect(bareResult.stdout == "\(barePath): 1 part, 0 errors, 0 warnings, 0 notes; conforming\n")
    }

    @Test func inputBodyOverridesDetection() throws {
        let capture = Self.head + Array("Content-Length: \(Bodies.browser.count)\r\n\r\n".utf8) + Bodies.browser
        let directory = try TemporaryDirectory()
        let path = try directory.write(capture, named: "capture.http")
        let detected = runCLI([path])
        #expect(detected.status == 0)
        let forced = runCLI(["--input", "body", path])
        // As a raw body, the request line and headers are a preamble and there is no Content-Type.
        #expect(forced.status == 1)
        #expect(forced.stdout.hasPrefix("\(path):1:1: error: "))
        #expect(forced.stdout.contains("[delimiter-not-found]\n1 | POST /upload HTTP/1.1\\r\\n\n"))
        #expect(forced.stdout != detected.stdout)
        let stdinForced = runCLI(["--input", "http", "-"], stdin: capture)
        #expect(stdinForced.status == 0)
        #expect(stdinForced.stdout == "<stdin>: 1 part, 0 errors, 0 warnings, 0 notes; conforming\n")
    }

    // MARK: - HAR

    static func jsonString(_ bytes: [UInt8]) -> String {
        var out = "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func har(_ entries: [String]) -> [UInt8] {
        Array("{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"t\", \"version\": \"1\"}, \"entries\": [\(entries.joined(separator: ","))]}}".utf8)
    }

    static func entry(method: String = "POST", url: String, contentType: String, text: String?) -> String {
        let post = text.map { ", \"postData\": {\"mimeType\": \"\(contentType)\", \"text\": \($0)}" } ?? ""
        return """
            {"startedDateTime": "2024-01-01T00:00:00Z", "request": {"method": "\(method)", "url": "\(url)", \
            "httpVersion": "HTTP/1.1", "headers": [{"name": "content-type", "value": "\(contentType)"}]\(post)}, \
            "response": {"status": 200}}
            """
    }

    @Test func harValidatesOnlyTheMultipartEntry() throws {
        let document = Self.har([
            Self.entry(url: "https://example.com/api", contentType: "application/json", text: "\"{\\\"a\\\": 1}\""),
            Self.entry(
                url: "https://example.com/upload", contentType: "multipart/form-data; boundary=AaB03x",
                text: Self.jsonString(Self.bareLFBody)),
        ])
        let directory = try TemporaryDirectory()
        let path = try directory.write(document, named: "session.har")
        let result = runCLI([path])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout.hasPrefix(
                "\(path)#entry-2 (POST https://example.com/upload): 68 bytes decoded from postData.text; offsets, lines and columns are relative to the decoded body\n\(path)#entry-2:2:41: error: "
            ))
        #expect(!result.stdout.contains("#entry-1"))
        #expect(
            result.stdout.hasSuffix(
                "\(path)#entry-2 (POST https://example.com/upload): 1 part, 1 error, 0 warnings, 0 notes; not conforming\n"))
        let json = runCLI(["--format", "json", "--input", "har", path])
        #expect(json.stdout.contains("\"offsets\": \"decoded-body\""))
        #expect(json.stdout.contains("\"offset\": 50,"))
    }

    @Test func harReplacementCharacterGetsANoteOncePerEntry() throws {
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\n\r\n\u{FFFD}\u{FFFD}PNG\r\n--AaB03x--\r\n".utf8)
        // The second U+FFFD is written as an escape, and an astral character as a surrogate pair.
        var text = Self.jsonString(body)
        text = text.replacingOccurrences(of: "\u{FFFD}PNG", with: "\\ufffdPNG\\ud83d\\ude00")
        let document = Self.har([
            Self.entry(url: "https://example.com/u", contentType: "multipart/form-data; boundary=AaB03x", text: text)
        ])
        let har = try HARRequests(document: document)
        #expect(har.entries.count == 1)
        #expect(har.entries[0].body.suffix(24).starts(with: Array("\u{FFFD}PNG\u{1F600}\r\n".utf8)))
        let directory = try TemporaryDirectory()
        let path = try directory.write(document, named: "binary.har")
        let result = runCLI([path])
        let notes = result.stderr.components(separatedBy: "note:").count - 1
        #expect(notes == 1)
        #expect(result.stderr.hasPrefix("\(path)#entry-1: note: postData.text contains U+FFFD"))
        #expect(result.stderr.contains("findings may not reflect the bytes actually sent"))
        // No text at all, only params.
        let params = Self.har([
            #"{"request": {"method": "POST", "url": "https://e/x", "headers": [], "postData": {"mimeType": "multipart/form-data; boundary=B", "params": [{"name": "a", "value": "1"}]}}}"#
        ])
        let paramsResult = runCLI([try directory.write(params, named: "params.har")])
        // Without text there is no body: the entry is named, not validated, and the input counts as unreadable.
        #expect(paramsResult.stderr.contains("#entry-1 (POST https://e/x): error: postData has params but no text"))
        #expect(paramsResult.stderr.contains("; it is not validated\n"))
        #expect(paramsResult.stdout.isEmpty)
        #expect(paramsResult.status == 66)
    }

    @Test func harLatin1RenderedBinaryGetsANote() throws {
        // A PNG signature stored byte per character: \u0089 is a C1 control, which text never holds.
        let text = #""--X\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.png\"\r\n\r\n\u0089PNG\r\n--X--\r\n""#
        let document = Self.har([Self.entry(url: "https://example.com/u", contentType: "multipart/form-data; boundary=X", text: text)])
        let har = try HARRequests(document: document)
        #expect(har.entries.first?.body.contains(0xC2) == true)
        let directory = try TemporaryDirectory()
        let path = try directory.write(document, named: "latin1.har")
        let result = runCLI([path])
        #expect(result.stderr.hasPrefix("\(path)#entry-1: note: postData.text contains C1 control characters"))
        // Ordinary non-ASCII text is not flagged.
        let plain = Self.har([
            Self.entry(url: "https://e/u", contentType: "multipart/form-data; boundary=X",
                text: #""--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncaf\u00e9 \u20ac\r\n--X--\r\n""#)
        ])
        #expect(!runCLI([try directory.write(plain, named: "plain.har")]).stderr.contains("note:"))
    }

    @Test func harWithoutMultipartRequestExits1() throws {
        let document = Self.har([Self.entry(url: "https://e/api", contentType: "application/json", text: "\"{}\"")])
        let directory = try TemporaryDirectory()
        let path = try directory.write(document, named: "plain.har")
        let result = runCLI([path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: no multipart/form-data request in HAR file '\(path)' (1 entry)\n")
    }

    @Test(arguments: [
        #"{"log": {"entries": [}}"#, #"{"log": {"entries": [],}}"#, #"{"log": "\x"}"#, #"{"log": 01}"#,
        #"{"log": {"entries": "#, "{\"log\": \"a\u{01}\"}",
        String(repeating: "[", count: 10) + #"{"log": 1}"#,
    ])
    func malformedHARJSONExits66(document: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(document.utf8), named: "bad.har")
        let result = runCLI(["--input", "har", path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: cannot read '\(path)' as a HAR file: "))
    }

    @Test func jsonReaderCapsNestingAndDecodesEscapesExactly() throws {
        let deep = Array((String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).utf8)
        #expect(throws: JSONSyntaxError.self) { try StrictJSONReader.parse(deep) }
        let value = try StrictJSONReader.parse(Array(#""a\u00e9\/\ud83d\ude00\ud800x""#.utf8))
        #expect(value.bytes == Array("aé/😀\u{FFFD}x".utf8))
    }

    @Test func detection() {
        #expect(InputFormat.detect(Array(" \n{\"log\": {}}".utf8)) == .har)
        #expect(InputFormat.detect(Array("POST /x HTTP/1.1\r\n".utf8)) == .http)
        #expect(InputFormat.detect(Array("PUT http://h/x HTTP/1.0\n".utf8)) == .http)
        #expect(InputFormat.detect(Bodies.browser) == .body)
        #expect(InputFormat.detect(Array("{\"a\": 1}".utf8)) == .body)
    }
}
