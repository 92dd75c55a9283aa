import Foundation
import MultipartForm
import MultipartFormConformanceCore
@testable import MultipartFormCLI
import Testing

/// `rules` and `explain` read the committed interop results beside the corpus and name, for each
/// rule, the split vectors that expect it and the parsers that read them differently.
@Suite struct InteropEvidenceRenderingTests {
    static func evidence() throws -> InteropEvidence {
        let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Vectors").path
        return try #require(try InteropEvidence.beside(corpusDirectory: vectors))
    }

    /// A warning that the evidence backs: some split vector expects it.
    static func backedWarning(_ evidence: InteropEvidence) throws -> Rule {
        try #require(Rule.catalog.first { $0.severity == .warning && !evidence.splitVectors(reporting: $0.id.rawValue).isEmpty })
    }

    @Test func explainListsEverySplitVectorOfTheRuleWithItsReadingsWhenAskedForTheFullEvidence() throws {
        let evidence = try Self.evidence()
        let rule = try Self.backedWarning(evidence)
        let text = runCLI(["explain", rule.id.rawValue, "--evidence", "full"]).stdout
        let block = try #require(text.components(separatedBy: "\nREAL PARSERS (").last)
        #expect(block.hasPrefix("Interop/RESULTS.md, \(evidence.parsers.count) parsers): "))
        for id in evidence.splitVectors(reporting: rule.id.rawValue) {
            #expect(block.contains("\n  \(id):\n"), "\(id)")
            let firstGroup = try #require(evidence.splitVectors[id]?.first)
            #expect(block.contains(firstGroup.kind + " (" + (firstGroup.parsers.first ?? "")))
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// By default a line per split vector counts the readings, the labels are explained, and the
    /// rest is one option away: not hundreds of lines for a well-evidenced rule.
    @Test func explainSummarisesTheEvidenceByDefault() throws {
        let evidence = try Self.evidence()
        let rule = try #require(Rule.named(.parameterPercentEncoded))
        let vectors = evidence.splitVectors(reporting: rule.id.rawValue)
        #expect(vectors.count > ExplainCommand.summaryVectorLimit)
        let result = runCLI(["explain", rule.id.rawValue])
        #expect(result.status == 0)
        let block = try #require(result.stdout.components(separatedBy: "\nREAL PARSERS (").last)
        #expect(block.contains("expected: read as the vector's sidecar allows;"))
        let first = vectors[0]
        #expect(block.contains("\n  \(first): expected "))
        #expect(!block.contains("\n  \(vectors[ExplainCommand.summaryVectorLimit]):"))
        #expect(block.contains("\(vectors.count - ExplainCommand.summaryVectorLimit) more split vectors."))
        #expect(block.replacingOccurrences(of: "\n  ", with: " ").contains("explain \(rule.id) --evidence full"))
        #expect(block.split(separator: "\n").count < 30)
        let full = runCLI(["explain", rule.id.rawValue, "--evidence", "full"]).stdout
        #expect(full.split(separator: "\n").count > 3 * result.stdout.split(separator: "\n").count / 2)
    }

    @Test func explainWithAParserShowsThatParsersReadingOfEachSplitVector() throws {
        let evidence = try Self.evidence()
        let rule = try #require(Rule.named(.parameterPercentEncoded))
        let vectors = evidence.splitVectors(reporting: rule.id.rawValue)
        let result = runCLI(["explain", rule.id.rawValue, "--parser", "php"])
        #expect(result.status == 0)
        let block = try #require(result.stdout.components(separatedBy: "\n  php:\n").last)
        for vector in vectors {
            let reading = try #require(evidence.splitVectors[vector]?.first { $0.parsers.contains("php") })
            #expect(block.contains("    \(vector): \(reading.kind): "), "\(vector)")
        }
        let unknown = runCLI(["explain", rule.id.rawValue, "--parser", "phq"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: Unknown parser 'phq'. Did you mean 'php'?"))
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
