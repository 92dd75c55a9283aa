import Foundation
import MultipartForm
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `multipart-check encode`, run in-process: bytes, headers, files, standard input, errors and exit statuses.
@Suite struct EncodeCommandTests {
    static let usagePrefix = "Usage: multipart-check encode [--form <name=content> ...] "

    /// Validates an encoded body with the strict validator and returns its report.
    func validated(_ body: [UInt8], stderr: String) throws -> ValidationReport {
        let line = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("Content-Type: ") })
        return MultipartValidator.validate(body, contentType: String(line.dropFirst("Content-Type: ".count)))
    }

    @Test func textAndFileFieldsGiveTheCanonicalBodyAndHeadersOnStandardError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("hello".utf8), named: "x.txt")
        let result = runCLI(["encode", "-F", "a=1", "-F", "file=@\(path);type=image/png;filename=x", "--boundary", "XyZ"])
        let expected = Array(
            ("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x\"\r\nContent-Type: image/png\r\n\r\n"
                + "hello\r\n--XyZ--\r\n").utf8)
        #expect(result.status == 0)
        #expect(result.body == expected)
        #expect(result.stdout == "")
        #expect(result.stderr == "Content-Type: multipart/form-data; boundary=XyZ\nContent-Length: \(expected.count)\n")
    }

    @Test func generatedBoundaryBodyValidatesAndKeepsFieldOrder() throws {
        let directory = try TemporaryDirectory()
        let photo = try directory.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], named: "beach.png")
        let result = runCLI([
            "encode", "-F", "title=Holiday", "-F", "photos=@\(photo)", "--form", "photos=@\(photo);filename=copy.png",
            "--form-string", "raw=@not-a-file;type=x", "-Fcount=3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try validated(result.body, stderr: result.stderr)
        #expect(report.errorCount == 0)
        #expect(report.parts.map(\.nameString) == ["title", "photos", "photos", "raw", "count"])
        #expect(report.parts.map(\.filenameString) == [nil, "beach.png", "copy.png", nil, nil])
        #expect(report.parts.map(\.contentTypeString) == [nil, "image/png", "image/png", nil, nil])
        #expect(Array(result.body[report.parts[3].bodyRange]) == Array("@not-a-file;type=x".utf8))
        #expect(result.stderr.hasSuffix("\nContent-Length: \(result.body.count)\n"))
    }

    @Test func fileContentAsTextAndStandardInputAsAFile() throws {
        let directory = try TemporaryDirectory()
        let notes = try directory.write(Array("line 1\nline 2".utf8), named: "notes.txt")
        let result = runCLI(
            ["encode", "-F", "notes=<\(notes)", "-F", "upload=@-", "--boundary", "B", "--normalize-newlines"],
            stdin: [0x00, 0x0A, 0xFF])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try validated(result.body, stderr: result.stderr)
        #expect(report.parts.count == 2)
        // A <file field is a text field (no filename, no type), normalised like typed text.
        #expect(report.parts[0].filename == nil && report.parts[0].contentType == nil)
        #expect(Array(result.body[report.parts[0].bodyRange]) == Array("line 1\r\nline 2".utf8))
        #expect(report.parts[1].filenameString == "-")
        #expect(report.parts[1].contentTypeString == "application/octet-stream")
        #expect(Array(result.body[report.parts[1].bodyRange]) == [0x00, 0x0A, 0xFF])
    }

    @Test func standardInputCanBeReadOnlyOnce() {
        let result = runCLI(["encode", "-F", "a=<-", "-F", "b=@-"], stdin: Array("x".utf8))
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: The value 'b=@-' is invalid for '-F <name=content>': standard input is already read by -F 'a=<-'\n"
                    + Self.usagePrefix))
    }

    @Test func outputAndContentTypeFilesLeaveStandardErrorEmpty() throws {
        let directory = try TemporaryDirectory()
        let body = directory.url.appendingPathComponent("body.bin").path
        let contentType = directory.url.appendingPathComponent("content-type.txt").path
        let result = runCLI(["encode", "-F", "a=1", "-o", body, "--content-type-file", contentType, "--boundary", "q"])
        #expect(result.status == 0)
        #expect(result.stderr == "" && result.body.isEmpty)
        #expect(try String(contentsOfFile: contentType, encoding: .utf8) == "multipart/form-data; boundary=q\n")
        #expect(
            Array(try Data(contentsOf: URL(fileURLWithPath: body)))
                == Array("--q\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--q--\r\n".utf8))
    }

    @Test func quotedBoundaryIsQuotedInTheContentType() {
        let result = runCLI(["encode", "-F", "a=1", "--boundary", "a b:c"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("Content-Type: multipart/form-data; boundary=\"a b:c\"\n"))
    }

    @Test func fileHoldingTheCallerBoundaryFailsAndItsOutputFileIsRemoved() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(repeating: UInt8(ascii: "x"), count: 100_000) + Array("\r\n--Edge\r\n".utf8), named: "hit.bin")
        let output = directory.url.appendingPathComponent("out.body").path
        let result = runCLI(["encode", "-F", "a=1", "-F", "f=@\(path)", "--boundary", "Edge", "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr == "error: -F 'f=@\(path)': '\(path)' contains '--Edge'; choose another boundary [boundary-collision]\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func fileHoldingTheCallerBoundaryOnStandardOutputSaysTheBodyIsIncomplete() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(repeating: 0x78, count: 100_000) + Array("--Edge".utf8), named: "hit.bin")
        let result = runCLI(["encode", "-F", "f=@\(path)", "--boundary", "Edge"])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("(the body written so far is incomplete) [boundary-collision]\n"))
        // The first chunk went out before the file's end was read.
        #expect(result.body.count == ReferenceEncoder.Body.defaultChunkSize)
    }

    @Test func valueHoldingTheCallerBoundaryFailsBeforeWriting() {
        let result = runCLI(["encode", "-F", "a=1", "-F", "b=x--Edge", "--boundary", "Edge"])
        #expect(result.status == 1)
        #expect(result.body.isEmpty)
        #expect(
            result.stderr
                == "error: -F 'b=x--Edge': the value contains '--Edge'; choose another boundary [boundary-collision]\n")
    }

    @Test(arguments: [
        (["encode"], "Error: Missing expected argument '--form <name=content>'"),
        (["encode", "-F"], "Error: Missing value for '--form <name=content>'"),
        (["encode", "-F", "a=1", "--boudnary", "x"], "Error: Unknown option '--boudnary'. Did you mean '--boundary'?"),
        (["encode", "-F", "a=1", "extra"], "Error: Unexpected argument 'extra'"),
        (
            ["encode", "-F", "a=1", "--boundary", "bad@char"],
            "Error: The value 'bad@char' is invalid for '--boundary <boundary>': the boundary contains '@', which is not an RFC 2046 boundary character"
        ),
        (
            ["encode", "-F", "a=1", "--boundary", String(repeating: "b", count: 71)],
            "Error: The value '\(String(repeating: "b", count: 71))' is invalid for '--boundary <boundary>': the boundary has 71 characters; at most 70 are allowed"
        ),
        (
            ["encode", "--form", "a=1;tpye=text/plain"],
            "Error: The value 'a=1;tpye=text/plain' is invalid for '--form <name=content>': unknown modifier 'tpye=text/plain'. Did you mean 'type='?"
        ),
        (
            ["encode", "-F", "dir\\=1"],
            "Error: The value 'dir\\=1' is invalid for '-F <name=content>': the name 'dir\\\\' ends with '\\\\', which receivers read as escaping the closing quote"
        ),
        (
            ["encode", "-F", "a=1;type=multipart/mixed"],
            "Error: The value 'a=1;type=multipart/mixed' is invalid for '-F <name=content>': the content type 'multipart/mixed' is multipart; RFC 7578 §4.3 sends several files as separate parts with the same name"
        ),
        (["encdoe", "-F", "a=1"], "Error: Unknown subcommand 'encdoe'. Did you mean 'encode'?"),
    ])
    func malformedEncodeCommandLinesAreUsageErrors(arguments: [String], firstLine: String) {
        let result = runCLI(arguments)
        #expect(result.status == 64)
        #expect(result.body.isEmpty && result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == firstLine)
        #expect(lines.count == 4)
        #expect(lines.dropFirst().first?.hasPrefix("Usage: multipart-check") == true)
    }

    @Test func missingOrDirectoryInputExits66() throws {
        let directory = try TemporaryDirectory()
        let missing = runCLI(["encode", "-F", "f=@/nonexistent/file.bin"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: cannot read '/nonexistent/file.bin': no such file or directory\n")
        let text = runCLI(["encode", "-F", "t=</nonexistent/notes"])
        #expect(text.status == 66)
        #expect(text.stderr == "error: cannot read '/nonexistent/notes': no such file or directory\n")
        let folder = runCLI(["encode", "-F", "f=@\(directory.url.path)"])
        #expect(folder.status == 66)
        #expect(folder.stderr == "error: cannot read '\(directory.url.path)': is a directory\n")
    }

    @Test func inputThatIsAlsoTheOutputIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("keep me".utf8), named: "both.bin")
        let result = runCLI(["encode", "-F", "f=@\(path)", "-o", path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The value 'f=@\(path)' is invalid for '-F <name=content>': '\(path)' is also the output file '\(path)'\n"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == Array("keep me".utf8))
    }

    @Test func unwritableOutputExits73() {
        let result = runCLI(["encode", "-F", "a=1", "-o", "/nonexistent/dir/out.body"])
        #expect(result.status == 73)
        #expect(result.stderr == "error: cannot create '/nonexistent/dir/out.body': no such file or directory\n")
        #if os(Linux)
        // A device that refuses the bytes (Linux has /dev/full): the failed write names the output,
        // and the device is left alone.
        let full = runCLI(["encode", "-F", "a=1", "-o", "/dev/full"])
        #expect(full.status == 73)
        #expect(full.stderr == "error: cannot write '/dev/full': no space left on device\n")
        #expect(FileManager.default.fileExists(atPath: "/dev/full"))
        #endif
    }

    @Test func encodeHasItsOwnHelpAndIsListed() {
        let help = runCLI(["help", "encode"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Encode a form as multipart/form-data, with curl's -F syntax.\n"))
        #expect(help.stdout.contains("\n  -F, --form <name=content>\n"))
        #expect(help.stdout.contains("\n  -o, --output <file>     "))
        #expect(runCLI(["--help"]).stdout.contains("\n  encode                  Encode a form as multipart/form-data"))
        #expect(runCLI(["encode", "-F", "a=1", "--help"]).stdout == help.stdout)
    }

    @Test func aDeviceThatNeverEndsStopsAtTheInMemoryLimit() {
        let result = runCLI(["encode", "-F", "f=@/dev/zero"])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("error: '/dev/zero' holds more than 64 MiB, the most encode reads into memory;"), "\(result.stderr)")
        #expect(result.body.isEmpty)
    }

    @Test func standardInputPastTheInMemoryLimitIsRefusedAndAtTheLimitIsEncoded() {
        let limit = 64 * 1024 * 1024
        let over = runCLI(["encode", "-F", "t=<-"], stdin: [UInt8](repeating: 0x61, count: limit + 1))
        #expect(over.status == 66)
        #expect(over.stderr.hasPrefix("error: standard input holds more than 64 MiB"), "\(over.stderr)")
        let at = runCLI(["encode", "-F", "f=@-"], stdin: [UInt8](repeating: 0x61, count: limit))
        #expect(at.status == 0, "\(at.stderr)")
        #expect(at.body.count > limit)
    }
}
