import MultipartForm
import Foundation
import MultipartFormConformance
import MultipartFormConformanceCore
@testable import MultipartFormCLI
import Testing

@Suite("CONFORMANCE.md")
struct ConformanceDocumentTests {
    static let beginMarker = "<!-- rules:begin -->"
    static let endMarker = "<!-- rules:end -->"

    @Test func ruleTableMatchesTheCatalog() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("CONFORMANCE.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        let begin = try #require(document.range(of: Self.beginMarker), "CONFORMANCE.md has no \(Self.beginMarker)")
        let end = try #require(document.range(of: Self.endMarker), "CONFORMANCE.md has no \(Self.endMarker)")
        try #require(begin.upperBound <= end.lowerBound, "\(Self.endMarker) comes before \(Self.beginMarker)")
        let section = document[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
        let evidence = try InteropEvidence.beside(corpusDirectory: Fixtures.packageRoot.appendingPathComponent("Vectors").path)
        let rendered = RuleCatalogRenderer.render(.markdown, evidence: evidence).trimmingCharacters(in: .newlines)
        guard section != rendered else { return }
        let found = section.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(found, expected).prefix { $0 == $1 }.count
        Issue.record(
            """
            the rule table in CONFORMANCE.md differs from the rule catalog, first at line \(line + 1) of the section:
              CONFORMANCE.md: \(line < found.count ? String(found[line]) : "(section ends)")
              catalog:        \(line < expected.count ? String(expected[line]) : "(table ends)")
            regenerate it with `.tools/update-conformance-rules.sh`, or run \
            `swift run multipart-check rules --format markdown` and paste the output between \
            \(Self.beginMarker) and \(Self.endMarker)
            """)
    }
}
