import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

/// SARIF 2.1.0 output: the fields the format requires, one result per verdict that did not pass, and
/// where each result points.
@Suite("Certification reports as SARIF")
struct CertificationReportSARIFTests {
    /// An encoder report with every kind of result: a broken rule, a reproducing known issue, a stale
    /// known issue and a failing probe, beside a pass.
    static func encoderReport() throws -> CertificationReport {
        let corpus = try Fixtures.corpus.get()
        let ids = ["structure/y-single-field", "structure/y-fields-in-order", "structure/y-duplicate-names", "quoting/y-name-empty"]
        let vectors = try ids.map { try #require(corpus[$0]) }
        var adapter = ClosureEncoderAdapter(name: "sample") { form, boundary in
            let output = try ReferenceEncoderAdapter().encode(form, boundary: boundary)
            var body = output.body
            if form.fields.map(\.name) == ["a"] {
                // No close delimiter: the validator finds an error, so the result names its rule.
                body.removeLast(4)
            } else if form.fields.map(\.name) == ["a", "b", "c"] {
                body = replacing("name=\"c\"", with: "name=\"z\"", in: body)
            } else if form.fields.contains(where: { $0.filename == "collide.txt" }) {
                body = replacing("collide.txt", with: "collude.txt", in: body)
            }
            return EncodedForm(contentType: output.contentType, body: body)
        }
        adapter.knownIssues = [
            "structure/y-fields-in-order": "renames the third field",
            "structure/y-duplicate-names": "stale on purpose",
        ]
        var report = EncoderCertification(adapter).report(over: vectors)
        report.provenance.tool = "multipart-check 9.8.7"
        return report
    }

    /// A decoder that finds no part in any body.
    static func decoderReport() throws -> CertificationReport {
        let vectors = try Fixtures.vectors().filter { $0.id.hasPrefix("structure/") }.prefix(12)
        return DecoderCertification(ClosureDecoderAdapter(name: "finds nothing") { _, _ in [] }).report(over: Array(vectors))
    }

    /// The log parsed as JSON, with its one run per report.
    static func runs(of sarif: String) throws -> [[String: Any]] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        return try #require(log["runs"] as? [[String: Any]])
    }

    @Test func everyFailingVerdictIsOneResultWithTheRequiredFields() throws {
        let reports = [try Self.encoderReport(), try Self.decoderReport()]
        let runs = try Self.runs(of: CertificationReport.sarif(reports))
        #expect(runs.count == 2)
        for (run, report) in zip(runs, reports) {
            let failing = report.verdicts.filter { $0.grade.isFailure || $0.grade == .staleKnownIssue }
            #expect(!failing.isEmpty)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            #expect(driver["name"] as? String != nil)
            #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)
            let rules = try #require(driver["rules"] as? [[String: Any]])
            let results = try #require(run["results"] as? [[String: Any]])
            #expect(results.count == failing.count)
            for (result, verdict) in zip(results, failing) {
                let ruleID = try #require(result["ruleId"] as? String)
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(rules[index]["id"] as? String == ruleID)
                #expect(result["level"] as? String == (verdict.grade == .knownIssue ? "warning" : "error"))
                #expect((result["message"] as? [String: Any])?["text"] as? String == verdict.summary)
                #expect((result["properties"] as? [String: Any])?["vector"] as? String == verdict.vectorID)
                let locations = try #require(result["locations"] as? [[String: Any]])
                #expect(locations.count == 1)
            }
            for rule in rules {
                #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
                #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            }
            #expect(Set(rules.compactMap { $0["id"] as? String }).count == rules.count, "a rule is listed twice")
        }
    }

    @Test func resultsNameTheRuleTheProblemOrTheStaleKnownIssue() throws {
        let run = try #require(try Self.runs(of: Self.encoderReport().sarif()).first)
        let results = try #require(run["results"] as? [[String: Any]])
        let byVector = Dictionary(
            uniqueKeysWithValues: results.map { ((($0["properties"] as? [String: Any])?["vector"] as? String) ?? "", $0) })
        let broken = try #require(byVector["structure/y-single-field"]?["ruleId"] as? String)
        let rule = try #require(Rule.named(Rule.ID(rawValue: broken)), "'\(broken)' is no validator rule")
        #expect(byVector["structure/y-fields-in-order"]?["ruleId"] as? String == "changes-fields")
        #expect(byVector["structure/y-fields-in-order"]?["level"] as? String == "warning")
        #expect(byVector["structure/y-duplicate-names"]?["ruleId"] as? String == "stale-known-issue")
        #expect(byVector[EncoderProbe.ownBoundaryInContent.id]?["ruleId"] as? String == "changes-fields")
        #expect(byVector["quoting/y-name-empty"] == nil, "a passing vector has no result")

        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "multipart-check")
        #expect(driver["version"] as? String == "9.8.7")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let entry = try #require(rules.first { $0["id"] as? String == broken })
        #expect(((entry["help"] as? [String: Any])?["text"] as? String)?.hasPrefix(rule.citation + ": ") == true)
        #expect((entry["defaultConfiguration"] as? [String: Any])?["level"] as? String == rule.severity.rawValue)
        #expect(Set(rules.compactMap { $0["id"] as? String }) == [broken, "changes-fields", "stale-known-issue"])
    }

    @Test func locationsNameTheVectorFileOrTheAdapterFile() throws {
        let report = try Self.encoderReport()
        func locations(_ sarif: String) throws -> [String: [String: Any]] {
            let results = try #require(try Self.runs(of: sarif).first?["results"] as? [[String: Any]])
            return Dictionary(
                uniqueKeysWithValues: results.map {
                    ((($0["properties"] as? [String: Any])?["vector"] as? String) ?? "", $0)
                })
        }
        func uri(_ location: Any?) -> String? {
            (((location as? [String: Any])?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
                as? String
        }

        let plain = try locations(report.sarif())
        let vectorFile = try #require(uri((plain["structure/y-single-field"]?["locations"] as? [Any])?.first))
        #expect(vectorFile == "Vectors/structure/y-single-field.body")
        #expect(FileManager.default.fileExists(atPath: Fixtures.packageRoot.appendingPathComponent(vectorFile).path))
        // The probe's body is made during the run: a logical location, no file.
        let probe = try #require((plain[EncoderProbe.ownBoundaryInContent.id]?["locations"] as? [[String: Any]])?.first)
        #expect(uri(probe) == nil)
        let logical = try #require((probe["logicalLocations"] as? [[String: Any]])?.first)
        #expect(logical["fullyQualifiedName"] as? String == EncoderProbe.ownBoundaryInContent.id)

        let adapter = try locations(report.sarif(adapterFile: "tests/multipart_adapter.py"))
        for (id, result) in adapter {
            #expect(uri((result["locations"] as? [Any])?.first) == "tests/multipart_adapter.py", "\(id)")
        }
        #expect(
            uri((adapter["structure/y-single-field"]?["relatedLocations"] as? [Any])?.first)
                == "Vectors/structure/y-single-field.body")
    }

    @Test func aReportWithoutProblemsHasARunWithoutResults() throws {
        let corpus = try Fixtures.corpus.get()
        let report = EncoderCertification(ReferenceEncoderAdapter()).report(over: [try #require(corpus["structure/y-single-field"])])
        let run = try #require(try Self.runs(of: report.sarif()).first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        #expect(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [Any] != nil)
    }
}
