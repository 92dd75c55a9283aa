import Foundation
import MultipartForm
@testable import MultipartFormConformanceCore
import Testing

/// The validator against the committed interop results (Interop/results/evidence.json): wherever
/// real parsers read a vector differently, the validator must say something about it, unless
/// CONFORMANCE.md lists the vector as a reasoned exception.
@Suite struct InteropEvidenceTests {
    static func evidence() throws -> InteropEvidence {
        let path = Fixtures.packageRoot.appendingPathComponent("Interop/results/evidence.json").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try InteropEvidence.parse(bytes)
    }

    /// The exception list: `- \`vector id\`: reason` lines between the interop-exceptions markers.
    static func exceptions() throws -> [String: String] {
        try Fixtures.conformanceList("interop-exceptions")
    }

    @Test func theEvidenceNamesAtLeastThirtyParsersInElevenLanguages() throws {
        let evidence = try Self.evidence()
        #expect(evidence.parsers.count >= 30)
        #expect(Set(evidence.parsers.map(\.language)).count >= 11)
    }

    /// Every vector the firewall reads otherwise than an application is a split vector with the
    /// firewall in its readings, so the test above holds the validator to a finding on it (or the
    /// exception list to a reason).
    @Test func everyFirewallDifferenceIsASplitThatNamesTheFirewall() throws {
        let evidence = try Self.evidence()
        let firewall = try #require(evidence.firewall, "evidence.json has no firewall differential: run Interop/run.sh")
        #expect(evidence.parsers.contains { $0.id == firewall })
        #expect(!evidence.firewallDifferences.isEmpty)
        for (id, difference) in evidence.firewallDifferences.sorted(by: { $0.key < $1.key }) {
            let readings = evidence.splitVectors[id] ?? []
            #expect(
                readings.contains { $0.parsers.contains(firewall) },
                "the firewall reads \(id) otherwise than \(difference.applications.joined(separator: ", ")) but the evidence does not name it")
            #expect(!difference.applications.isEmpty && !difference.applications.contains(firewall))
        }
    }

    @Test func everySplitVectorIsInTheCorpus() throws {
        let ids = Set(try Fixtures.vectors().map(\.id))
        let evidence = try Self.evidence()
        #expect(!evidence.splitVectors.isEmpty)
        for id in evidence.splitVectors.keys.sorted() {
            let inCorpus = ids.contains(id)
            #expect(inCorpus, "evidence.json names \(id), which the corpus no longer has: run Interop/run.sh")
        }
    }

    @Test func theValidatorReportsSomethingWhereRealParsersSplit() throws {
        let evidence = try Self.evidence()
        let exceptions = try Self.exceptions()
        let vectors = Dictionary(uniqueKeysWithValues: try Fixtures.vectors().map { ($0.id, $0) })
        for id in evidence.splitVectors.keys.sorted() where exceptions[id] == nil {
            guard let vector = vectors[id] else { continue }
            let report = MultipartValidator.validate(vector.body, contentType: vector.contentType, options: vector.validationOptions)
            #expect(
                !report.diagnostics.isEmpty,
                "real parsers split on \(id) but the validator reports nothing:\n\(evidence.readingLines(of: id).joined(separator: "\n"))")
        }
    }

    @Test func everyExceptionIsASplitTheValidatorIsSilentOn() throws {
        let evidence = try Self.evidence()
        let vectors = Dictionary(uniqueKeysWithValues: try Fixtures.vectors().map { ($0.id, $0) })
        for (id, reason) in try Self.exceptions().sorted(by: { $0.key < $1.key }) {
            #expect(!reason.isEmpty, "the exception for \(id) gives no reason")
            #expect(evidence.splitVectors[id] != nil, "\(id) is listed as an exception but real parsers agree on it: remove it")
            if let vector = vectors[id] {
                let report = MultipartValidator.validate(vector.body, contentType: vector.contentType, options: vector.validationOptions)
                #expect(report.diagnostics.isEmpty, "\(id) is listed as an exception but the validator reports on it: remove it")
            } else {
                Issue.record("\(id) is listed as an exception but is not in the corpus")
            }
        }
    }
}
