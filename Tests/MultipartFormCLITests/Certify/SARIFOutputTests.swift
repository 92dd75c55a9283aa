import Foundation
import MultipartFormTestSupport
import Testing

/// `certify --format sarif` and `report merge --format sarif`: one result per vector that did not pass,
/// located at the vector's file or at `--adapter-file`.
@Suite("SARIF output", .ownThread)
struct SARIFOutputTests {
    /// The results of the log's runs, each as its vector id and its first location's file.
    static func results(_ sarif: String) throws -> [[(vector: String, file: String?)]] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        return try runs.map { run in
            let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
            #expect(driver?["name"] as? String == "multipart-check")
            return try #require(run["results"] as? [[String: Any]]).map { result in
                let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                return (
                    (result["properties"] as? [String: Any])?["vector"] as? String ?? "",
                    (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
                )
            }
        }
    }

    @Test func certifyWritesOneResultPerFailingVectorAtTheVectorsFile() throws {
        let directory = try TemporaryDirectory()
        let garbage = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "garbage.sh")
        let result = runCLI(["certify", "--format", "sarif", "--area", "structure", "--", "/bin/sh", garbage])
        #expect(result.status == 1)
        let json = runCLI(["certify", "--format", "json", "--area", "structure", "--", "/bin/sh", garbage])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let failing = try #require(report["verdicts"] as? [[String: Any]]).filter { $0["grade"] as? String == "fail" }
        #expect(!failing.isEmpty)
        let runs = try Self.results(result.stdout)
        #expect(runs.count == 1)
        #expect(runs.first?.map(\.vector) == failing.map { $0["id"] as? String ?? "" })
        #expect(runs.first?.allSatisfy { $0.file == "Vectors/\($0.vector).body" } == true)
    }

    @Test func adapterFileIsEveryResultsLocationInCertifyAndReportMerge() throws {
        let directory = try TemporaryDirectory()
        let garbage = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "garbage.sh")
        let sarif = runCLI([
            "certify", "--format", "sarif", "--adapter-file", "tests/adapter.sh", "--vector", "structure/y-single-field", "--", "/bin/sh",
            garbage,
        ])
        #expect(try Self.results(sarif.stdout).flatMap { $0 }.map(\.file) == ["tests/adapter.sh"])

        let report = directory.url.appendingPathComponent("report.json").path
        _ = runCLI(["certify", "--format", "json", "--output", report, "--vector", "structure/y-single-field", "--", "/bin/sh", garbage])
        let merged = runCLI(["report", "merge", "--format", "sarif", "--adapter-file", "tests/adapter.sh", report])
        #expect(merged.status == 0, "\(merged.stderr)")
        let runs = try Self.results(merged.stdout)
        #expect(runs.count == 1)
        #expect(runs.first?.map(\.vector) == ["structure/y-single-field"])
        #expect(runs.first?.map(\.file) == ["tests/adapter.sh"])
    }

    @Test func adapterFileWithoutSARIFIsAUsageError() {
        let certify = runCLI(["certify", "--adapter-file", "a.py", "--", "/bin/true"])
        #expect(certify.status == 64)
        #expect(
            certify.stderr.hasPrefix(
                "Error: '--adapter-file' names the location of SARIF results: give it with '--format sarif'.\nUsage: multipart-check certify "
            ), "\(certify.stderr)")
        let merge = runCLI(["report", "merge", "--format", "json", "--adapter-file", "a.py", "report.json"])
        #expect(merge.status == 64)
        #expect(merge.stderr.hasPrefix("Error: '--adapter-file' names the location of SARIF results"), "\(merge.stderr)")
    }
}
