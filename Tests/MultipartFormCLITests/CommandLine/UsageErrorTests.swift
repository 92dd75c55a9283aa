import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

@Suite struct UsageErrorTests {
    static let validateUsage =
        "Usage: multipart-check validate [--content-type <content-type>] [--input <input>] [--warnings-as-errors] [--quiet] [--format <format>] [--max-diagnostics <n>] [--receiver <name> ...] [--color <when>] <file> ...\n"

    @Test func unknownOptionSuggestsTheClosestAndExits64() {
        let result = runCLI(["validate", "--fromat", "json", "body.txt"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "Error: Unknown option '--fromat'. Did you mean '--format'?\n" + Self.validateUsage
                + "  See 'multipart-check validate --help' for more information.\n")
    }

    @Test(arguments: [
        (["certify", "--jobs", "-1", "--", "true"], "Error: The value '-1' is invalid for '--jobs <n>'."),
        (["serve", "--idle-timeout", "-5"], "Error: The value '-5' is invalid for '--idle-timeout <seconds>'."),
        (["validate", "--max-diagnostics", "-2", "x"], "Error: The value '-2' is invalid for '--max-diagnostics <n>'."),
    ])
    func aNegativeNumberIsTheOptionsValueAndRefusedAsSuch(arguments: [String], firstLine: String) {
        let result = runCLI(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(firstLine), "\(result.stderr)")
    }

    @Test func unknownOptionWithTheDefaultVerbPointsToTheRootHelp() {
        let result = runCLI(["--fromat", "json", "body.txt"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "Error: Unknown option '--fromat'. Did you mean '--format'?\n" + Self.validateUsage
                + "  See 'multipart-check --help' for more information.\n")
    }

    @Test func unknownOptionFarFromEveryOptionHasNoSuggestion() {
        let result = runCLI(["validate", "--zzzzzz", "x"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown option '--zzzzzz'.\nUsage: "))
    }

    @Test func invalidEnumerationValueListsOrSuggestsTheValues() {
        let listed = runCLI(["rules", "--format", "xml"])
        #expect(listed.status == 64)
        #expect(
            listed.stderr.hasPrefix(
                "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'markdown' or 'json'.\n"
            ))
        let suggested = runCLI(["validate", "--format=jsn", "x"])
        #expect(suggested.status == 64)
        #expect(
            suggested.stderr.hasPrefix(
                "Error: The value 'jsn' is invalid for '--format <format>'. Did you mean 'json'?\n"))
    }

    @Test(arguments: [
        (["validate"], "Error: Missing expected argument '<file> ...'"),
        ([], "Error: Missing expected argument '<file> ...'"),
        (["validate", "x", "--format"], "Error: Missing value for '--format <format>'"),
        (["validate", "x", "--max-diagnostics", "-3"], "Error: The value '-3' is invalid for '--max-diagnostics <n>'. Please provide a non-negative integer."),
        (
            ["validate", "x", "--max-diagnostics", "many"],
            "Error: The value 'many' is invalid for '--max-diagnostics <n>'. Please provide a non-negative integer."
        ),
        (["validate", "x", "--quiet=yes"], "Error: Unexpected value 'yes' for '--quiet'"),
        (["explain", "a", "b"], "Error: Unexpected argument 'b'"),
        (["explain"], "Error: Missing expected argument '<rule-id>'"),
        (["rules", "extra"], "Error: Unexpected argument 'extra'"),
        (["valdate", "x"], "Error: Unknown subcommand 'valdate'. Did you mean 'validate'?"),
        (["help", "rulez"], "Error: Unknown subcommand 'rulez'. Did you mean 'rules'?"),
    ])
    func malformedCommandLinesAreUsageErrors(arguments: [String], firstLine: String) {
        let result = runCLI(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == firstLine)
        #expect(lines.count == 4)
        #expect(lines.dropFirst().first?.hasPrefix("Usage: multipart-check") == true)
        #expect(lines.dropFirst(2).first?.hasSuffix(" for more information.") == true)
    }

    @Test func suggestionsCountATranspositionAsOneEdit() {
        #expect(Suggestion.distance("--fromat", "--format") == 1)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.closest(to: "--max", among: ["--format", "--max-diagnostics"]) == "--max-diagnostics")
        #expect(Suggestion.closest(to: "--qiuet", among: ["--quiet", "--help"]) == "--quiet")
        #expect(Suggestion.closest(to: "--x", among: ["--quiet", "--help"]) == nil)
    }

    @Test func doubleDashEndsOptionsSoDashedFileNamesWork() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Bodies.browser, named: "--quiet")
        let result = runCLI(["validate", "--content-type", Bodies.browserContentType, "--", path])
        #expect(result.status == 0)
        #expect(result.stdout == "\(path): 1 part, 0 errors, 0 warnings, 0 notes; conforming\n")
    }
}
