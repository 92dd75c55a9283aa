import Foundation
import MultipartForm
@testable import MultipartFormCLI
import Testing

@Suite("Rule catalog rendering")
struct RuleCatalogRenderingTests {
    @Test func jsonFollowsTheVersionOneSchema() throws {
        let data = Data(RuleCatalogRenderer.render(.json).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let rules = try #require(object["rules"] as? [[String: Any]])
        #expect(rules.count == Rule.catalog.count)
        for (entry, rule) in zip(rules, Rule.catalog) {
            #expect(
                Set(entry.keys) == ["id", "severity", "area", "citation", "summary", "rationale", "location", "fix"])
            #expect(entry["id"] as? String == rule.id.rawValue)
            #expect(entry["severity"] as? String == rule.severity.rawValue)
            #expect(entry["area"] as? String == rule.area.rawValue)
            #expect(entry["citation"] as? String == rule.citation)
            #expect(entry["summary"] as? String == rule.summary)
            #expect(entry["rationale"] as? String == rule.rationale)
            #expect(entry["location"] as? String == rule.location)
            if let fix = rule.fixHint {
                #expect(entry["fix"] as? String == fix)
            } else {
                #expect(entry["fix"] is NSNull)
            }
        }
    }

    @Test func jsonEscapesQuotesBackslashesAndControlCharacters() throws {
        let rule = Rule(
            "x-y", .note, area: .limits, citation: "a \"b\" \\ c", summary: "line\nbreak\u{1}", rationale: "é",
            location: "l", fix: nil)
        let data = Data(RuleCatalogRenderer.render(.json, rules: [rule]).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((object["rules"] as? [[String: Any]])?.first)
        #expect(entry["citation"] as? String == "a \"b\" \\ c")
        #expect(entry["summary"] as? String == "line\nbreak\u{1}")
        #expect(entry["rationale"] as? String == "é")
    }

    @Test func markdownHasOneRowPerRuleGroupedByArea() {
        let markdown = RuleCatalogRenderer.render(.markdown)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == Rule.catalog.count)
        for (row, rule) in zip(rows, Rule.Area.allCases.flatMap { area in Rule.catalog.filter { $0.area == area } }) {
            #expect(row.hasPrefix("| `\(rule.id)` | \(rule.severity.rawValue) | "), "\(row)")
        }
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(headings.count == Set(Rule.catalog.map(\.area)).count)
    }

    @Test func markdownEscapesPipesInCells() {
        let rule = Rule(
            "x-y", .error, area: .framing, citation: "c", summary: "a | b", rationale: "", location: "l", fix: "f\ng")
        let markdown = RuleCatalogRenderer.render(.markdown, rules: [rule])
        #expect(markdown.contains("| `x-y` | error | c | a \\| b | l | f g |"))
    }

    @Test func textHasOneBlockPerRule() {
        let text = RuleCatalogRenderer.render(.text)
        let blocks = text.split(separator: "\n\n")
        #expect(blocks.count == Rule.catalog.count)
        for (block, rule) in zip(blocks, Rule.catalog) {
            #expect(block.hasPrefix("\(rule.id) (\(rule.severity.rawValue), \(rule.area.rawValue))"))
            #expect(block.contains(rule.citation))
        }
    }

    @Test(arguments: RuleCatalogFormat.allCases)
    func everyFormatEndsWithOneNewline(format: RuleCatalogFormat) {
        let output = RuleCatalogRenderer.render(format)
        #expect(output.hasSuffix("\n"))
        #expect(!output.hasSuffix("\n\n"))
    }
}
