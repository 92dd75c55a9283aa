import Foundation
import MultipartFormCLI
import MultipartFormTestSupport
import Testing

/// What reaches a terminal: strings from the input are escaped, and a report that cannot be written is an error.
@Suite("Terminal safety")
struct TerminalSafetyTests {
    static let escape = "\u{1B}"
    static let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n"

    /// Whether any of the texts holds an ESC or another C0 control other than LF.
    static func holdsControls(_ texts: String...) -> Bool {
        texts.contains { $0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F } }
    }

    @Test func aVectorDescriptionWithControlsIsRefusedAndListedVisibly() throws {
        let scratch = try TemporaryDirectory()
        let corpus = scratch.url.appendingPathComponent("Vectors").path
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        let body = try scratch.write(Array(Self.body.utf8), named: "a.body")
        let arguments = ["vectors", "new", "--corpus", corpus, "--area", "headers", "--slug", "s", "--content-type", "multipart/form-data; boundary=AaB03x"]
        let refused = runCLI(arguments + ["--description", "bell\u{7}and \(Self.escape)]0;title\u{7}", body])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("The description may not hold control characters; found '\\x07'"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: corpus + "/headers/y-s.json"))
        // A sidecar written by hand (or another tool) is listed with its controls made visible.
        #expect(runCLI(arguments + ["--description", "plain", body]).status == 0)
        let sidecar = corpus + "/headers/y-s.json"
        let text = try String(contentsOfFile: sidecar, encoding: .utf8).replacingOccurrences(of: "\"plain\"", with: "\"\\u001b[31mred\\u0007\"")
        try text.write(toFile: sidecar, atomically: true, encoding: .utf8)
        let listed = runCLI(["vectors", "list", "--corpus", corpus])
        #expect(!Self.holdsControls(listed.stdout), "\(listed.stdout)")
        #expect(listed.stdout.contains("\\x1B[31mred\\x07"), "\(listed.stdout)")
    }

    @Test func markdownOfReportsEscapesNamesAndMarkup() throws {
        let scratch = try TemporaryDirectory()
        let garbage = try scratch.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "garbage.sh")
        let report = scratch.url.appendingPathComponent("r.json").path
        let name = "\(Self.escape)[31m<script>alert(1)</script><b>bold</b> | x"
        _ = runCLI(["certify", "--format", "json", "--output", report, "--area", "structure", "--name", name, "--", "/bin/sh", garbage])
        let merged = runCLI(["report", "merge", "--format", "markdown", report])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!Self.holdsControls(merged.stdout))
        #expect(!merged.stdout.contains("<script>") && !merged.stdout.contains("<b>"), "\(merged.stdout)")
        #expect(merged.stdout.contains("\\x1B\\[31m&lt;script&gt;alert\\(1\\)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; \\| x"), "\(merged.stdout)")
    }

    @Test func markdownOfReportsEscapesMarkdownSyntaxInNames() throws {
        let scratch = try TemporaryDirectory()
        let garbage = try scratch.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "garbage.sh")
        let report = scratch.url.appendingPathComponent("r.json").path
        // A link, an image, a code span, emphasis, strikethrough, math, a bare URL and a www
        // address, a mail address, and a backslash that would undo an escape.
        let name = "[click](https://evil.example) ![i](x.png) `code` *em* _em_ ~~del~~ $x$ https://a.example www.b.example c@d.example \\"
        _ = runCLI(["certify", "--format", "json", "--output", report, "--area", "structure", "--name", name, "--", "/bin/sh", garbage])
        let merged = runCLI(["report", "merge", "--format", "markdown", report])
        #expect(merged.status == 0, "\(merged.stderr)")
        let row = try #require(merged.stdout.split(separator: "\n").first { $0.hasPrefix("| 1 | ") }.map(String.init), "\(merged.stdout)")
        #expect(
            row.hasPrefix(
                #"| 1 | \[click\]\(https\://evil.example\) \!\[i\]\(x.png\) \`code\` \*em\* \_em\_ \~\~del\~\~ \$x\$ https\://a.example www\.b.example c\@d.example \\ | encoder | "#),
            "\(row)")
    }

    @Test func harMethodAndURLAreEscaped() throws {
        let forged = "POST\u{1B}]0;pwned\u{07}"
        let url = "https://e/u\u{1B}[2K\rok.body: conforming"
        let entry: [String: Any] = [
            "request": [
                "method": forged, "url": url,
                "headers": [["name": "Content-Type", "value": "multipart/form-data; boundary=AaB03x"]],
                "postData": ["mimeType": "multipart/form-data; boundary=AaB03x", "text": Self.body],
            ]
        ]
        let document = try JSONSerialization.data(withJSONObject: ["log": ["entries": [entry]]])
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(document), named: "capture.har")
        let result = runCLI([path])
        #expect(!Self.holdsControls(result.stdout, result.stderr), "\(result.stdout.debugDescription) \(result.stderr.debugDescription)")
        #expect(result.stdout.contains("POST\\x1B]0;pwned\\x07"), "\(result.stdout)")
    }

    @Test func httpRequestLineAndHeaderValuesAreEscapedInErrors() throws {
        let directory = try TemporaryDirectory()
        let badLine = try directory.write(Array("P\u{1B}[31mOST\r\n\r\n".utf8), named: "a.http")
        let badHeader = try directory.write(
            Array("POST / HTTP/1.1\r\nX\u{1B}[2J: 1\r\n\r\n".utf8), named: "b.http")
        let badCoding = try directory.write(
            Array("POST / HTTP/1.1\r\nTransfer-Encoding: gz\u{1B}]2;t\u{07}\r\n\r\n".utf8), named: "c.http")
        for path in [badLine, badHeader, badCoding] {
            let result = runCLI(["--input", "http", path])
            #expect(result.status == 66)
            #expect(!Self.holdsControls(result.stdout, result.stderr), "\(result.stderr.debugDescription)")
            #expect(result.stderr.contains("\\x1B"), "\(result.stderr)")
        }
    }

    @Test func pathsAreEscaped() throws {
        let result = runCLI(["/nonexistent/\u{1B}]0;title\u{07}.body"])
        #expect(result.status == 66)
        #expect(result.stderr == "error: cannot read '/nonexistent/\\x1B]0;title\\x07.body': no such file or directory\n")
    }

    @Test func standardInputTwiceIsAUsageError() {
        let result = runCLI(["validate", "-", "-"], stdin: Array(Self.body.utf8))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Standard input is given more than once ('-', '-'); it can be read only once.\n"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [["-", "/dev/stdin"], ["/dev/stdin", "/dev/stdin"]])
    func standardInputNamedTwiceThroughItsDeviceIsAUsageError(paths: [String]) throws {
        // The built binary, so standard input is a real pipe that /dev/stdin names.
        let run = try EndToEndTests().run(["validate"] + paths, stdin: Array(Self.body.utf8))
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Standard input is given more than once ('\(paths[0])', '\(paths[1])'); it can be read only once.\n"))
        #expect(run.stdout.isEmpty)
    }

    @Test func encodeCountsStandardInputNamedThroughItsDevice() throws {
        let run = try EndToEndTests().run(["encode", "-F", "a=@-", "-F", "b=@/dev/stdin"], stdin: Array("x".utf8))
        #expect(run.status == 64)
        #expect(run.stderr.contains("The value 'b=@/dev/stdin' is invalid for '-F <name=content>': standard input is already read by -F 'a=@-'"))
    }

    @Test(arguments: [
        ["validate", "--format", "json"], ["rules"], ["explain", "boundary-missing"], ["vectors", "list"], ["encode", "-F", "a=1"],
    ])
    func aReportThatCannotBeWrittenExitsWith73(arguments: [String]) throws {
        let executable: URL = try #require(EndToEndTests.executable)
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(Self.body.utf8), named: "ok.body")
        // Standard output on /dev/full, set by a shell that then replaces itself with the binary.
        let result = try TestProcess.run(
            ["/bin/sh", "-c", #"exec "$@" >/dev/full"#, "sh", executable.path] + arguments + (arguments[0] == "validate" ? [path] : []),
            directory: packageRoot.path)
        #expect(result.status == 73, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasSuffix("error: cannot write to standard output: no space left on device\n"), "\(result.stderr)")
    }
}
