import Foundation
import MultipartForm
import MultipartFormConformanceCore
@testable import MultipartFormCLI
import Testing

/// `rules` and `explain` read the committed interop results beside the corpus and name, for each
/// rule, the split vectors that expect it and the parsers that read them differently.
@Suite struct InteropEvidenceRenderingTests {
    static func evidence() throws -> InteropEvidence {
        let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Vectors").path
        return try #require(try InteropEvidence.beside(corpusDirectory: vectors))
    }

    /// A warning that the evidence backs: some split vector expects it.
    static func backedWarning(_ evidence: InteropEvidence) throws -> Rule {
        try #require(Rule.catalog.first { $0.severity == .warning && !evidence.splitVectors(reporting: $0.id.rawValue).isEmpty })
    }

    @Test func explainListsEverySplitVectorOfTheRuleWithItsReadings() throws {
        let evidence = try Self.evidence()
        let rule = try Self.backedWarning(evidence)
        let text = runCLI(["explain", rule.id.rawValue]).stdout
        let block = try #require(text.components(separatedBy: "\nREAL PARSERS (").last)
        #expect(block.hasPrefix("Interop/RESULTS.md, \(evidence.parsers.count) parsers): "))
        for id in evidence.splitVectors(reporting: rule.id.rawValue) {
            #expect(block.contains("\n  \(id):\n"), "\(id)")
            let firstGroup = try #require(evidence.splitVectors[id]?.first)
            #expect(block.contains(firstGroup.kind + " (" + (firstGroup.parsers.first ?? "")))
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func theRuleTableNamesTheParsersThatReadDifferently() throws {
        let evidence = try Self.evidence()
        let rule = try Self.backedWarning(evidence)
        let vectors = evidence.splitVectors(reporting: rule.id.rawValue)
        let dissenters = evidence.dissenters(of: vectors)
        #expect(!dissenters.isEmpty)
        let text = RuleCatalogRenderer.render(.text, rules: [rule], evidence: evidence)
        #expect(text.contains("  parsers:     \(vectors.count) of its vectors split"))
        #expect(text.contains("read differently by " + dissenters.joined(separator: ", ")))
        let json = try JSONSerialization.jsonObject(with: Data(RuleCatalogRenderer.render(.json, rules: [rule], evidence: evidence).utf8))
        let entry = try #require(((json as? [String: Any])?["rules"] as? [[String: Any]])?.first)
        let real = try #require(entry["real_parsers"] as? [String: [String]])
        #expect(real["split_vectors"] == vectors)
        #expect(real["reading_differently"] == dissenters)
    }

    @Test func withoutEvidenceTheCatalogIsUnchanged() {
        let rule = Rule.catalog[0]
        #expect(!RuleCatalogRenderer.render(.text, rules: [rule]).contains("parsers:"))
        #expect(!RuleCatalogRenderer.render(.markdown, rules: [rule]).contains("real parsers"))
        #expect(!ExplainCommand.render(rule).contains("REAL PARSERS"))
    }
}
