import Foundation
import MultipartForm
import Testing

@Suite struct RulesAndExplainTests {
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
        let result = runCLI(["explain", "close-delimiter-missing"])
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
        let result = runCLI(["explain", "[Header-Bare-LF]"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("header-bare-lf: "))
    }

    @Test func explainUnknownRuleSuggestsTheClosestAndExits64() {
        let result = runCLI(["explain", "close-delimter-missing"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                Error: Unknown rule 'close-delimter-missing'. Did you mean 'close-delimiter-missing'?
                Usage: multipart-check explain <rule-id>
                  See 'multipart-check explain --help' for more information.

                """)
    }

    @Test func explainShowsAFailingAndAPassingExampleWithTheirFindings() {
        let result = runCLI(["explain", "header-bare-lf"])
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
                  Content-Type: multipart/form-data; boundary=X
                  | --X\\r\\n
                  | Content-Disposition: form-data; name="a"\\r\\n
                  | \\r\\n
                  | 1\\r\\n
                  | --X--\\r\\n
                  => no header-bare-lf finding

                """)
    }

    @Test func explainShowsLimitsAndContentTypeFindings() {
        let limits = runCLI(["explain", "limit-parts"]).stdout
        #expect(limits.contains("\n  (limits: at most 1 part)\n"))
        #expect(limits.contains("\n  => 5:1: warning: more than 1 part; further parts are checked but not collected\n"))
        let header = runCLI(["explain", "boundary-missing"]).stdout
        #expect(header.contains("\n  Content-Type: multipart/form-data\n"))
        #expect(header.contains("\n  => Content-Type:1:20: error: Content-Type has no boundary parameter\n"))
        let inferred = runCLI(["explain", "boundary-inferred"]).stdout
        #expect(inferred.contains("\n  (no Content-Type header: the boundary is inferred)\n"))
    }

    @Test func explainCutsLongLinesSayingHowManyBytesWereLeftOut() {
        let text = runCLI(["explain", "header-line-too-long"]).stdout
        #expect(text.contains("| Content-Disposition: form-data; name=\"nnnnnnnnnnnnnnnnnn…(981 bytes)…n\"\\r\\n\n"))
    }
}
