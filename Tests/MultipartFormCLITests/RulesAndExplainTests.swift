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
}
