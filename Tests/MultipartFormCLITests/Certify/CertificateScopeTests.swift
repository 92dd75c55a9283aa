import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// A certificate means the whole shipped corpus with every form run: a folder the run starts in or
/// an environment variable cannot swap the corpus, and a level earned over another corpus or with
/// features declared unsupported says so and does not meet `--require` unless that is allowed.
@Suite("certificate scope", .ownThread)
struct CertificateScopeTests {
    static let python3 = CertifyFastLoopTests.python3

    /// A corpus of `ids` copied from the shipped one, with its manifest made anew: what a user who
    /// wants an easier certificate would hand `certify`.
    static func smallCorpus(_ ids: [String], in directory: TemporaryDirectory) throws -> String {
        let root = directory.url.appendingPathComponent("Vectors")
        for id in ids {
            let area = root.appendingPathComponent(String(id.split(separator: "/")[0]))
            try FileManager.default.createDirectory(at: area, withIntermediateDirectories: true)
            for suffix in [".body", ".json"] {
                try FileManager.default.copyItem(
                    at: packageRoot.appendingPathComponent("Vectors/\(id)\(suffix)"),
                    to: root.appendingPathComponent(id + suffix))
            }
        }
        // It exits 1 (a corpus this small covers few rules) after refreshing the manifest.
        let manifest = runCLI(["vectors", "check", "--update", "--corpus", root.path])
        try #require(manifest.stdout.contains("refreshed MANIFEST.sha256"), "\(manifest.stdout)\(manifest.stderr)")
        return root.path
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test(.enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle"))
    func neitherTheCurrentDirectoryNorTheEnvironmentSwapsTheCorpus() throws {
        let directory = try TemporaryDirectory()
        let small = try Self.smallCorpus(["structure/y-single-field"], in: directory)
        let decoder = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho '{\"error\":\"no\"}'\n".utf8), named: "rejecter.sh")
        let executable = try #require(EndToEndTests.executable).path
        let run = try TestProcess.run(
            [executable, "certify", "--decoder", "--format", "json", "--", "/bin/sh", decoder],
            environment: [Corpus.environmentVariable: small], directory: directory.path)
        let report = try Self.json(run.stdout)
        let provenance = try #require(report["provenance"] as? [String: Any])
        let corpus = try #require(provenance["corpus"] as? [String: Any])
        let shipped = try CorpusIdentity(directory: packageRoot.appendingPathComponent("Vectors").path)
        #expect(corpus["manifest_sha256"] as? String == shipped.manifestSHA256, "the run read \(corpus)")
        #expect(provenance["corpus_origin"] as? String == "shipped")
        #expect((report["verdicts"] as? [Any])?.count ?? 0 > 100)
        #expect(report["limitations"] as? [String] == [])
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed: the documented Python encoder cannot run"))
    func anotherCorpusIsSaidAndDoesNotMeetRequireUnlessAllowed() throws {
        let directory = try TemporaryDirectory()
        let small = try Self.smallCorpus(["structure/y-single-field", "structure/y-fields-in-order"], in: directory)
        let command = ["--", try #require(Self.python3), try CertifyFastLoopTests.pythonEncoder(in: directory)]
        let strict = runCLI(["certify", "--format", "json", "--corpus", small, "--require", "conformant"] + command)
        let report = try Self.json(strict.stdout)
        #expect(report["level"] as? String == "conformant", "\(report["headline"] ?? strict.stderr)")
        #expect(report["limitations"] as? [String] == ["other-corpus"])
        #expect((report["provenance"] as? [String: Any])?["corpus_origin"] as? String == "other")
        #expect((report["headline"] as? String)?.contains("NOT A FULL CERTIFICATE: graded over another corpus") == true)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Conformant required, and Conformant was reached, but not as a full certificate"), "\(strict.stderr)")
        #expect(strict.stderr.contains("leave out --corpus, or pass --allow-other-corpus"))
        let allowed = runCLI(["certify", "--corpus", small, "--require", "conformant", "--allow-other-corpus"] + command)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.contains("NOT A FULL CERTIFICATE"), "the report still says it")
        // The shipped corpus named explicitly is the shipped corpus.
        let explicit = runCLI(
            ["certify", "--format", "json", "--corpus", packageRoot.appendingPathComponent("Vectors").path, "--vector", "structure/y-single-field"]
                + command)
        #expect((try Self.json(explicit.stdout)["provenance"] as? [String: Any])?["corpus_origin"] as? String == "shipped")
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed: the documented Python encoder cannot run"))
    func featuresDeclaredUnsupportedAreSaidAndDoNotMeetRequireUnlessAllowed() throws {
        let directory = try TemporaryDirectory()
        let small = try Self.smallCorpus(["structure/y-single-field", "structure/y-duplicate-names"], in: directory)
        let command = ["--", try #require(Self.python3), try CertifyFastLoopTests.pythonEncoder(in: directory)]
        let base = ["certify", "--format", "json", "--corpus", small, "--unsupported", "duplicate-names", "--allow-other-corpus"]
        let strict = runCLI(base + ["--require", "conformant"] + command)
        let report = try Self.json(strict.stdout)
        #expect(report["level"] as? String == "conformant", "\(report["headline"] ?? strict.stderr)")
        #expect(report["limitations"] as? [String] == ["unsupported-features", "other-corpus"])
        #expect((report["headline"] as? String)?.contains("1 feature declared unsupported (duplicate-names: 1 vector not run)") == true)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("support them, or pass --allow-unsupported"), "\(strict.stderr)")
        let allowed = runCLI(base + ["--require", "conformant", "--allow-unsupported"] + command)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        // A table of reports shows what the level was earned short of; `report merge`, which can check
        // verdicts only against the installed corpus, shows this one as unverified.
        let decoded = try #require(try CertificationReport.decode(Array(strict.stdout.utf8)).first)
        #expect(decoded.qualifiedLevelTitle == "Conformant (features unsupported, other corpus)")
        let saved = try directory.write(Array(strict.stdout.utf8), named: "report.json")
        let merged = runCLI(["report", "merge", "--format", "markdown", saved, "--allow-mixed-corpora"])
        #expect(merged.stdout.contains("Unverified (claims Conformant)"), "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stderr.contains("other than the installed one, against which its verdicts cannot be checked"), "\(merged.stderr)")
    }

    @Test func allowingALimitationNeedsRequire() {
        let run = runCLI(["certify", "--allow-unsupported", "--", "/bin/true"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--allow-unsupported' and '--allow-other-corpus' qualify '--require <level>', which is not given."))
    }

    @Test func theSwiftAPIRequiresAFullCertificateUnlessALimitationIsAllowed() throws {
        var notRun = CertificationVerdict(vectorID: "structure/y-two", area: "structure", grade: .unsupported, summary: "not run")
        notRun.notRunBecause = ["duplicate-names"]
        let verdicts = [CertificationVerdict(vectorID: "structure/y-one", area: "structure", grade: .pass, summary: "ok"), notRun]
        let report = CertificationReport(
            adapterName: "x", kind: .encoder, verdicts: verdicts, acceptsBoundary: false, unsupportedFeatures: [.duplicateNames])
        #expect(report.level == .conformant)
        #expect(report.limitations == .unsupportedFeatures)
        #expect(throws: CertificationLevelError.self) { try report.require(.conformant) }
        #expect(throws: Never.self) { try report.require(.conformant, allowing: .unsupportedFeatures) }
        do {
            try report.require(.conformant)
        } catch {
            #expect(error.disallowed == .unsupportedFeatures)
            #expect(error.description.contains("allowing: .unsupportedFeatures"))
        }
    }
}
