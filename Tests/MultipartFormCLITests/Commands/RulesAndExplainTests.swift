import Foundation
import MultipartForm
import MultipartFormConformanceCore
import Testing

@testable import MultipartFormCLI

@Suite struct RulesAndExplainTests {
    /// How explain prints the passing example most rules share (one conforming text field), without its `=>` line.
    static let conformingFieldRendering = """
          Content-Type: multipart/form-data; boundary=X
          | --X\\r\\n
          | Content-Disposition: form-data; name="a"\\r\\n
          | \\r\\n
          | 1\\r\\n
          | --X--\\r\\n
        """

    @Test func rulesMarkdownHasATableRowPerRule() {
        let result = runCLI(["rules", "--format", "markdown"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("| id | severity |"))
        for rule in Rule.catalog {
            #expect(result.stdout.contains("| `\(rule.id)` | \(rule.severity.rawValue) |"), "\(rule.id)")
        }
    }

    @Test func rulesJSONDecodesWithEveryRule() throws {
        let result = runCLI(["rules", "--format=json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let rules = try #require(object?["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == Rule.catalog.map(\.id.rawValue))
    }

    @Test func rulesTextIsTheDefault() {
        let result = runCLI(["rules"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(Rule.catalog[0].id) ("))
    }

    @Test func explainPrintsEveryFieldOfTheRule() throws {
        let rule = try #require(Rule.named(.closeDelimiterMissing))
        let result = explainWithoutEvidence(["explain", "close-delimiter-missing"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("close-delimiter-missing: "))
        #expect(result.stdout.contains("\nSEVERITY: \(rule.severity.rawValue)\n"))
        #expect(result.stdout.contains("\nAREA: \(rule.area.rawValue)\n"))
        #expect(result.stdout.contains("\nCITATION: \(rule.citation)\n"))
        #expect(result.stdout.contains("\nRATIONALE:\n  "))
        #expect(result.stdout.contains("\nLOCATION:\n  "))
        #expect(result.stdout.contains("\nFIX:\n  "))
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains(rule.summary))
        #expect(words.contains(rule.rationale))
    }

    @Test func explainAcceptsTheBracketedIDFromTextOutput() {
        let result = explainWithoutEvidence(["explain", "[Header-Bare-LF]"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("header-bare-lf: "))
    }

    @Test func explainUnknownRuleSuggestsTheClosestAndExits64() {
        let result = explainWithoutEvidence(["explain", "close-delimter-missing"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                Error: Unknown rule or refusal code 'close-delimter-missing'. Did you mean 'close-delimiter-missing'?
                Usage: multipart-check explain [--evidence <detail>] [--parser <id> ...] [--receiver <name> ...] <rule-id>
                  See 'multipart-check explain --help' for more information.

                """)
    }

    @Test func explainShowsAFailingAndAPassingExampleWithTheirFindings() {
        let result = explainWithoutEvidence(["explain", "header-bare-lf"])
        #expect(result.status == 0)
        let examples = result.stdout.components(separatedBy: "\nFAILING EXAMPLE:\n").last ?? ""
        #expect(
            examples == """
                  Content-Type: multipart/form-data; boundary=X
                  | --X\\r\\n
                  | Content-Disposition: form-data; name="a"\\n
                  | \\r\\n
                  | 1\\r\\n
                  | --X--\\r\\n
                  => 2:41: error: header line ends with '\\n' without a preceding '\\r'

                PASSING EXAMPLE:
                \(Self.conformingFieldRendering)
                  => no header-bare-lf finding

                """)
    }

    @Test func explainShowsLimitsAndContentTypeFindings() {
        let limits = explainWithoutEvidence(["explain", "limit-parts"]).stdout
        #expect(limits.contains("\n  (limits: at most 1 part)\n"))
        #expect(limits.contains("\n  => 5:1: warning: more than 1 part; further parts are checked but not collected\n"))
        let header = explainWithoutEvidence(["explain", "boundary-missing"]).stdout
        #expect(header.contains("\n  Content-Type: multipart/form-data\n"))
        #expect(header.contains("\n  => Content-Type:1:20: error: Content-Type has no boundary parameter\n"))
        let inferred = explainWithoutEvidence(["explain", "boundary-inferred"]).stdout
        #expect(inferred.contains("\n  (no Content-Type header: the boundary is inferred)\n"))
    }

    @Test func explainCutsLongLinesSayingHowManyBytesWereLeftOut() {
        let text = explainWithoutEvidence(["explain", "header-line-too-long"]).stdout
        // 1,001 bytes (a 999-byte line and its CRLF): 56 shown, 941 left out, the last 4 shown.
        #expect(text.contains("\n  | Content-Disposition: form-data; name=\"nnnnnnnnnnnnnnnnnn…(941 bytes)…n\"\\r\\n\n"))
        #expect(text.contains("\n  => 2:1: warning: header line is 999 bytes long; the limit is 998\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func explainPrintsTheWholeExplanationOfDelimiterBareLF() {
        let result = explainWithoutEvidence(["explain", "delimiter-bare-lf"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                delimiter-bare-lf: a delimiter is CRLF followed by the dash-boundary, not a bare
                  LF

                SEVERITY: error
                AREA: framing
                CITATION: RFC 2046 §5.1.1

                RATIONALE:
                  The delimiter grammar is `CRLF dash-boundary`. Strict receivers treat
                  `\\n--boundary` as content and see one long part; lenient ones split there. The
                  validator treats it as a delimiter so it can keep checking.

                LOCATION:
                  the LF before the dash-boundary

                FIX:
                  use CRLF (\\r\\n) line endings in the framing, never LF alone

                FAILING EXAMPLE:
                  Content-Type: multipart/form-data; boundary=X
                  | --X\\r\\n
                  | Content-Disposition: form-data; name="a"\\r\\n
                  | \\r\\n
                  | 1\\n
                  | --X--\\r\\n
                  => 4:2: error: delimiter is preceded by '\\n' without '\\r'

                PASSING EXAMPLE:
                \(Self.conformingFieldRendering)
                  => no delimiter-bare-lf finding

                """)
    }

    @Test func explainSaysWhyARuleHasNoPassingExample() {
        let text = explainWithoutEvidence(["explain", "nested-boundary-prefix"]).stdout
        #expect(text.contains("\n  | Content-Type: multipart/mixed; boundary=XY\\r\\n\n"))
        #expect(text.contains("\n  => 3:41: error: the nested boundary begins with the enclosing boundary 'X'\n"))
        #expect(
            text.hasSuffix("""

                PASSING EXAMPLE:
                  none: every body this rule applies to nests a multipart body, which is an
                  error of its own (nested-multipart); the fix for both is one part per file

                """))
    }

    @Test func explainNamesOtherFindingsOfAPassingExample() {
        let text = explainWithoutEvidence(["explain", "parameter-quoted-pair"]).stdout
        #expect(text.contains("\n  | Content-Disposition: form-data; name=\"a\\\\\"b\"\\r\\n\n"))
        #expect(text.contains("\n  | Content-Disposition: form-data; name=\"a%22b\"\\r\\n\n"))
        #expect(
            text.hasSuffix(
                "\n  => no parameter-quoted-pair finding; also reported: warning\n     parameter-percent-encoded\n"))
    }

    @Test(arguments: Rule.catalog.map(\.id.rawValue))
    func everyExplanationFitsIn80ColumnsAndShowsBothExamples(rule: String) throws {
        // The explanation as `explain` prints it without the evidence, which is read from disk once a
        // run (the command's own path is tested above; the evidence block by its own tests).
        let text = ExplainCommand.render(try #require(Rule.named(Rule.ID(rawValue: rule))))
        #expect(text.contains("\nFAILING EXAMPLE:\n  "))
        #expect(text.contains("\nPASSING EXAMPLE:\n  "))
        let wide = text.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(rule): \(wide)")
    }
}

/// Runs `explain` and cuts the REAL PARSERS block, which follows the committed interop results
/// (`Interop/results/evidence.json`) and is checked on its own by `InteropEvidenceRenderingTests`.
func explainWithoutEvidence(_ arguments: [String]) -> CLIResult {
    var result = runCLI(arguments)
    if let range = result.stdout.range(of: "\n\nREAL PARSERS (") {
        result.stdout = String(result.stdout[..<range.lowerBound]) + "\n"
    }
    return result

}
