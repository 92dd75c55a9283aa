import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// `certify --expect-corpus-sha256 HEX`: a run over any corpus but the pinned one stops before
/// anything is sent, and says which corpus it found.
@Suite("corpus pin", .ownThread)
struct CorpusPinTests {
    static let shipped = Result { try CorpusIdentity(directory: packageRoot.appendingPathComponent("Vectors").path) }

    /// A command that answers every form with a refusal, so a run that starts has verdicts.
    static func refuser(in directory: TemporaryDirectory) throws -> [String] {
        ["--", "/bin/sh", try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho '{\"error\":\"no\"}'\n".utf8), named: "refuser.sh")]
    }

    @Test func theShippedCorpusMeetsItsOwnPinInEitherCase() throws {
        let directory = try TemporaryDirectory()
        let digest = try Self.shipped.get().manifestSHA256
        for pin in [digest, digest.uppercased()] {
            let run = runCLI(
                ["certify", "--format", "json", "--expect-corpus-sha256", pin, "--vector", "structure/y-single-field"]
                    + (try Self.refuser(in: directory)))
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let corpus = (report["provenance"] as? [String: Any])?["corpus"] as? [String: Any]
            #expect(corpus?["manifest_sha256"] as? String == digest)
        }
    }

    @Test func anotherManifestStopsTheRunWithExit65AndNamesBothDigests() throws {
        let directory = try TemporaryDirectory()
        let pinned = String(repeating: "ab", count: 32)
        let run = runCLI(["certify", "--expect-corpus-sha256", pinned] + (try Self.refuser(in: directory)))
        let shipped = try Self.shipped.get()
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty, "no report for a corpus that is not the pinned one")
        #expect(
            run.stderr
                == "error: the corpus in \(packageRoot.appendingPathComponent("Vectors").path) has manifest sha256 \(shipped.manifestSHA256) (\(shipped.vectorCount) vectors), not the pinned \(pinned) (--expect-corpus-sha256): install the multipart-check version whose corpus you pinned, or pin this one once CHANGELOG.md says what changed\n",
            "\(run.stderr)")
    }

    @Test func aFileEditedUnderThePinnedManifestStopsTheRun() throws {
        let directory = try TemporaryDirectory()
        let small = try CertificateScopeTests.smallCorpus(["structure/y-single-field", "structure/y-fields-in-order"], in: directory)
        let pin = try CorpusIdentity(directory: small).manifestSHA256
        let command = try Self.refuser(in: directory)
        let clean = runCLI(["certify", "--corpus", small, "--expect-corpus-sha256", pin] + command)
        // The refusals fail the run (exit 1), but it ran: the corpus is the pinned one.
        #expect(clean.status == 1, "\(clean.stderr)")
        #expect(clean.stdout.hasPrefix("Encoder certification: "), "\(clean.stdout)")

        // The manifest stays as pinned; one body no longer matches it.
        let body = URL(fileURLWithPath: small).appendingPathComponent("structure/y-single-field.body")
        try Data("--x--\r\n".utf8).write(to: body)
        let edited = runCLI(["certify", "--corpus", small, "--expect-corpus-sha256", pin] + command)
        #expect(edited.status == 65)
        #expect(edited.stderr.hasPrefix("error: the corpus in \(small) has the pinned manifest, but a file does not match it ("), "\(edited.stderr)")
        #expect(edited.stderr.contains("structure/y-single-field.body"))
    }

    @Test(arguments: ["29880f4e6cbf", "not-hex-" + String(repeating: "0", count: 56), ""])
    func aValueThatIsNotADigestIsAUsageError(value: String) {
        let run = runCLI(["certify", "--expect-corpus-sha256", value, "--", "/bin/true"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: The value '\(value)' is invalid for '--expect-corpus-sha256 <hex>'. Please provide the 64 hex digits of the corpus's manifest sha256, as a report records it in provenance.corpus.manifest_sha256.\n"
            ), "\(run.stderr)")
    }
}
