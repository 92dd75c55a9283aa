import MultipartForm
import MultipartFormConformance
import Testing

@Suite("Vector consistency")
struct VectorConsistencyTests {
    @Test(
        "sidecar agrees with itself, the catalog and the verdict in the file name",
        arguments: try Fixtures.vectors())
    func sidecarIsConsistent(vector: ConformanceVector) {
        let findings = VectorAudit.consistency(of: vector)
        #expect(findings.isEmpty, "\(vector.id):\n\(findings.map { "  \($0)" }.joined(separator: "\n"))")
    }

    @Test func everyRuleIsExpectedByAtLeastOneVector() throws {
        let expected = Set(try Fixtures.vectors().flatMap(\.expectedRules))
        let uncovered = Rule.catalog.map(\.id).filter { !expected.contains($0) }
        #expect(
            uncovered.isEmpty,
            "\(uncovered.count) rules are not expected by any vector: \(uncovered.map(\.rawValue).joined(separator: ", "))"
        )
    }
}
