import Foundation
import MultipartForm
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

@Suite struct ValidateTextTests {
    @Test func cleanBrowserBodyConformsAndExits0() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "browser.body")
        let result = runCLI(["validate", path, "--content-type", Bodies.browserContentType])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == "\(path): 1 part, 0 errors, 0 warnings, 0 notes; conforming\n")
    }

    @Test func defaultVerbValidatesAndReportsTheInferredBoundary() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "browser.body")
        let result = runCLI([path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(path):1:1: note: "))
        #expect(result.stdout.contains("[boundary-inferred]\n1 | --AaB03x\\r\\n\n  | ^\n  = see: RFC 2046 §5.1.1\n"))
        #expect(result.stdout.hasSuffix("\(path): 1 part, 0 errors, 0 warnings, 1 note; conforming\n"))
    }

    @Test func handRolledBlogBodyFailsWithUnterminatedHeadersAndMissingClose() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.blog, named: "blog.body")
        let result = runCLI([path, "--content-type", Bodies.blogContentType])
        #expect(result.status == 1)
        #expect(result.stdout.contains("[part-headers-unterminated]"))
        #expect(result.stdout.contains("[close-delimiter-missing]"))
        #expect(result.stdout.contains("\(path):5:1: error: "))
        #expect(result.stdout.contains("5 | --Boundary-1234\\r\\n\n  | ^\n"))
        #expect(result.stdout.contains("  | ^ end of input\n"))
        #expect(result.stdout.hasSuffix("errors, 0 warnings, 0 notes; not conforming\n"))
    }

    @Test func quietPrintsOnlyTheSummary() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.blog, named: "blog.body")
        let result = runCLI(["--quiet", path, "--content-type", Bodies.blogContentType])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("\(path): 2 parts, ") == true)
        #expect(lines.first?.hasSuffix("; not conforming") == true)
    }

    @Test func standardInputIsNamedStdinAndKeptForSnippets() {
        let result = runCLI(["-", "--content-type", Bodies.blogContentType], stdin: Bodies.blog)
        #expect(result.status == 1)
        #expect(result.stdout.contains("<stdin>:5:1: error: "))
        #expect(result.stdout.contains("5 | --Boundary-1234\\r\\n\n"))
        #expect(result.stdout.contains("\n<stdin>: 2 parts, "))
    }

    @Test func warningsFailOnlyWithWarningsAsErrors() throws {
        // A preamble is a warning: legal, but a hazard.
        let body = Array("preamble\r\n".utf8) + Bodies.browser
        let directory = try TemporaryDirectory()
        let path = try directory.write(body, named: "preamble.body")
        let lenient = runCLI([path, "--content-type", Bodies.browserContentType])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("[preamble-present]"))
        #expect(lenient.stdout.hasSuffix("1 part, 0 errors, 1 warning, 0 notes; conforming\n"))
        let strict = runCLI([path, "--content-type", Bodies.browserContentType, "--warnings-as-errors"])
        #expect(strict.status == 1)
        #expect(strict.stdout.hasSuffix("; not conforming (warnings are treated as errors)\n"))
    }

    @Test func contentTypeFindingsShowTheValueAsTheSnippet() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "browser.body")
        let result = runCLI([path, "--content-type", "multipart/form-data"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(path): content-type:1:20: error: "))
        #expect(
            result.stdout.contains(
                "[boundary-missing]\n1 | multipart/form-data\n  |                    ^ end of value\n"))
    }

    @Test func maxDiagnosticsKeepsTheCountsButDropsTheRest() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.blog, named: "blog.body")
        let all = runCLI([path, "--content-type", Bodies.blogContentType])
        let capped = runCLI([path, "--content-type", Bodies.blogContentType, "--max-diagnostics", "1"])
        #expect(capped.status == 1)
        #expect(capped.stdout.components(separatedBy: ": error: ").count == 2)
        // The summary still counts every error, shown or dropped.
        func errors(_ output: String) -> Substring? {
            output.split(separator: "\n").last?.split(separator: ", ").first { $0.hasSuffix(" errors") }
        }
        #expect(errors(all.stdout) != nil)
        #expect(errors(all.stdout) == errors(capped.stdout))
        #expect(capped.stdout.contains("[limit-diagnostics]"))
    }

    @Test func renderedFindingHasLocationSnippetCaretCitationAndFix() throws {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\n\r\n1\r\n--B--\r\n".utf8)
        let directory = try TemporaryDirectory()
        let path = try directory.write(body, named: "bare-lf.body")
        let input = try BodyInput(path: path)
        try input.forEachChunk { _ in }
        let diagnostic = Diagnostic(
            rule: .headerBareLF, severity: .error, origin: .body, offset: 45, line: 2, column: 41,
            partIndex: 0, message: "header line ends with '\\n' without a preceding '\\r'",
            fixHint: "end every header line with `\\r\\n`")
        let text = TextReportRenderer(displayPath: "f.body", contentType: nil)
            .render(diagnostic, body: input, bodyLength: body.count)
        #expect(
            text == """
                f.body:2:41: error: header line ends with '\\n' without a preceding '\\r' [header-bare-lf]
                2 | Content-Disposition: form-data; name="a"\\n
                  |                                         ^
                  = see: \(Rule.named(.headerBareLF)!.citation)
                  = help: end every header line with `\\r\\n`


                """)
    }
}
