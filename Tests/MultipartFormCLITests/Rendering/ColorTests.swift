import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `--color auto|always|never` on text output.
@Suite struct ColorTests {
    static let escape = "\u{1B}["

    private let directory: TemporaryDirectory
    private let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = try directory.write(Bodies.blog, named: "blog.body")
    }

    private func validate(_ extra: [String], terminal: Bool = false) throws -> CLIResult {
        var stdout = ""
        var stderr = ""
        let status = MultipartCheck.run(
            arguments: ["validate", "--content-type", Bodies.blogContentType, path] + extra, standardInput: .bytes([]),
            stdout: &stdout, stderr: &stderr, stdoutIsTerminal: terminal)
        return CLIResult(status: status, stdout: stdout, stderr: stderr)
    }

    @Test func alwaysColoursSeveritiesGutterAndVerdict() throws {
        let result = try validate(["--color", "always"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(result.stdout.contains("\u{1B}[1;34m4 |\u{1B}[0m"))
        #expect(result.stdout.contains("\u{1B}[1;31mnot conforming\u{1B}[0m\n"))
    }

    @Test func neverAndAutoOffATerminalWriteNoEscapes() throws {
        #expect(!(try validate(["--color", "never"], terminal: true)).stdout.contains(Self.escape))
        #expect(!(try validate([])).stdout.contains(Self.escape))
        #expect(!(try validate(["--color", "auto"])).stdout.contains(Self.escape))
    }

    @Test func colouredAndPlainOutputsSayTheSameOnceEscapesAreRemoved() throws {
        let plain = try validate(["--color", "never"]).stdout
        var stripped = ""
        var inEscape = false
        for character in try validate(["--color", "always"]).stdout {
            if character == "\u{1B}" { inEscape = true; continue }
            if inEscape { if character == "m" { inEscape = false }; continue }
            stripped.append(character)
        }
        #expect(stripped == plain)
    }

    @Test func autoNeverColoursWhenTheOutputIsNotATerminal() {
        #expect(!TerminalStyle.resolve(.auto, outputIsTerminal: false).isEnabled)
        #expect(TerminalStyle.resolve(.always, outputIsTerminal: false).isEnabled)
        #expect(!TerminalStyle.resolve(.never, outputIsTerminal: true).isEnabled)
    }

    @Test func misspelledValueIsAUsageErrorWithASuggestion() {
        let result = runCLI(["validate", "--color", "alwys", "x.body"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The value 'alwys' is invalid for '--color <when>'. Did you mean 'always'?"))
    }
}
