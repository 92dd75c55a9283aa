import MultipartForm
import Testing

@Suite("Rule catalog")
struct RuleCatalogTests {
    @Test func catalogHasAtLeastSixtyRules() {
        #expect(Rule.catalog.count >= 60, "the catalog has \(Rule.catalog.count) rules")
    }

    @Test func ruleIDsAreUnique() {
        var seen: [Rule.ID: Int] = [:]
        for rule in Rule.catalog { seen[rule.id, default: 0] += 1 }
        let duplicated = seen.filter { $0.value > 1 }.keys.sorted()
        #expect(duplicated.isEmpty, "duplicated rule ids: \(duplicated)")
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func ruleIDIsKebabCase(id: Rule.ID) {
        let words = id.rawValue.split(separator: "-", omittingEmptySubsequences: false)
        let isKebab =
            !words.isEmpty
            && words.allSatisfy { word in
                !word.isEmpty
                    && word.utf8.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    }
            }
        #expect(isKebab, "\(id) is not kebab-case")
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func ruleHasCitationSummaryAndLocation(id: Rule.ID) throws {
        let rule = try #require(Rule.named(id))
        #expect(!rule.citation.isEmpty)
        #expect(!rule.summary.isEmpty)
        #expect(!rule.location.isEmpty)
        #expect(!rule.summary.contains("\n") && !rule.citation.contains("\n"), "one-line fields hold a line break")
        if let fix = rule.fixHint { #expect(!fix.isEmpty, "a fix hint is empty instead of nil") }
    }

    @Test func everySeverityIsUsed() {
        let used = Set(Rule.catalog.map(\.severity))
        #expect(used == Set(Severity.allCases), "unused severities: \(Set(Severity.allCases).subtracting(used))")
    }

    @Test func lookupFindsEveryRuleAndNothingElse() {
        for rule in Rule.catalog {
            #expect(Rule.named(rule.id) == rule)
        }
        #expect(Rule.named("no-such-rule") == nil)
    }
}
