import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

/// The committed results of the real encoders (`Interop/encoders.tsv`, `Interop/results/encoders/`):
/// enough of them, each graded, and the reference encoder Canonical among them, as `Interop/run.sh`
/// wrote them. The run itself needs the encoders installed, so it is not part of `swift test`.
@Suite struct InteropEncoderResultsTests {
    struct Result {
        var id: String
        var language: String
        var document: [String: Any]
    }

    static func listed() throws -> [(id: String, language: String)] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Interop/encoders.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "")
        }
    }

    static func results() throws -> [Result] {
        try listed().map { encoder in
            let url = Fixtures.packageRoot.appendingPathComponent("Interop/results/encoders/\(encoder.id).json")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            return Result(id: encoder.id, language: encoder.language, document: object as? [String: Any] ?? [:])
        }
    }

    @Test func atLeastTwelveEncodersInSixLanguagesHaveResults() throws {
        let listed = try Self.listed()
        #expect(listed.count >= 12)
        #expect(Set(listed.map(\.language)).count >= 6)
        for result in try Self.results() {
            #expect(result.document["encoder"] as? String == result.id)
            // A whole run earns a rung of the encoders' ladder, never `partial`.
            let ladder = CertificationLevel.ladder(for: .encoder).map(\.rawValue)
            #expect(ladder.contains(result.document["level"] as? String ?? ""), "\(result.id) has no level on the encoders' ladder")
            #expect((result.document["version"] as? String ?? "").isEmpty == false, "\(result.id) has no version")
        }
    }

    @Test func theReferenceEncoderIsCanonicalAmongThem() throws {
        let reference = try #require(try Self.results().first { $0.id == "reference" })
        #expect(reference.document["level"] as? String == "canonical")
        let canonical = try #require(reference.document["canonical"] as? [String: Int])
        #expect(canonical["checked"] == canonical["identical"] && (canonical["checked"] ?? 0) > 0)
    }

    @Test func everyProblemNamesAVectorOfTheCorpus() throws {
        // The probes are graded beside the vectors and named like them.
        let ids = Set(try Fixtures.vectors().map(\.id) + EncoderProbe.all.map(\.id))
        for result in try Self.results() {
            let problems = result.document["problems"] as? [[String: Any]] ?? []
            for problem in problems {
                let id = problem["id"] as? String ?? ""
                let inCorpus = ids.contains(id)
                #expect(inCorpus, "\(result.id)'s results name \(id), which the corpus no longer has: run Interop/run.sh")
                #expect(!(problem["details"] as? [String] ?? []).isEmpty, "\(result.id): \(id) is listed without a reason")
            }
        }
    }
}
