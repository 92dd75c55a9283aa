import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// Certificates that mean the same thing for everyone: refusals, partial runs, a fixed boundary, and
/// levels that tell implementations apart, through the command line as an adopter runs it.
///
/// Every test reads the JSON and text the CLI writes, so each reproduction stays a test of what users see.
@Suite("certification fairness", .ownThread)
struct CertificationFairnessTests {
    static let python3 = CertifyFastLoopTests.python3

    /// The encoder CONFORMANCE.md documents, with each `(original, replacement)` edit applied to its source.
    static func documentedEncoder(
        _ edits: [(String, String)], named name: String, in directory: TemporaryDirectory
    ) throws -> [String] {
        var source = try String(contentsOfFile: try CertifyFastLoopTests.pythonEncoder(in: directory), encoding: .utf8)
        for (original, replacement) in edits {
            try #require(source.contains(original), "the documented encoder no longer holds \(original)")
            source = source.replacingOccurrences(of: original, with: replacement)
        }
        return [try #require(python3), try directory.write(Array(source.utf8), named: name)]
    }

    /// Refuses every form with `"`, `\`, a control character or non-ASCII in a name or filename.
    static let refusingHardForms = [
        (
            "    reason = refusal(fields, given)\n",
            """
                reason = refusal(fields, given)
                for field in fields:
                    for text in (field["name"], field.get("filename", "")):
                        if any(c in '"\\\\' or ord(c) < 0x20 or ord(c) > 0x7E for c in text):
                            reason = "unsupported characters"

            """
        )
    ]

    /// Always writes the boundary `FIXED`, never checking the content.
    static let fixedBoundary = [
        ("boundary = b\"PyFormBoundary\" + secrets.token_hex(16).encode(\"ascii\")", "boundary = b\"FIXED\""),
        ("while any(b\"--\" + boundary in part for part in parts):", "while False:"),
    ]

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func refusingFormsWithQuotesOrNonASCIIIsNotConformant() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.documentedEncoder(Self.refusingHardForms, named: "refusing.py", in: directory)
        // The areas with hard names and filenames, and a form the reference encoder refuses too.
        let areas = ["--vector", "filenames/y-utf8-*", "--vector", "quoting/i-*quote*", "--vector", "headers/n-nul-in-value"]
        let result = runCLI(["certify", "--format", "json", "--boundary-accepted"] + areas + ["--"] + encoder)
        let report = try Self.json(result.stdout)
        #expect(report["level_on_run"] as? String == "refuses-forms", "\(report["headline"] ?? result.stderr)")
        #expect(result.status == 1)
        let refused = try #require(report["refused"] as? [String: Int])
        #expect((refused["non-ASCII filenames"] ?? 0) > 0 && (refused["quotes"] ?? 0) > 0, "\(refused)")
        let headline = try #require(report["headline"] as? String)
        #expect(headline.contains("REFUSED (non-ASCII filenames "), "\(headline)")
        // A form the reference encoder refuses too is still a right refusal.
        let verdicts = try #require(report["verdicts"] as? [[String: Any]])
        let nul = try #require(verdicts.first { $0["id"] as? String == "headers/n-nul-in-value" })
        #expect(nul["grade"] as? String == "pass", "\(nul)")
        // In the matrix a refusal has a colour of its own.
        let html = runCLI(["certify", "--format", "html", "--boundary-accepted", "--vector", "filenames/y-utf8-*", "--"] + encoder)
        #expect(html.stdout.contains("<td class=\"cell refused\""))
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func aFixedBoundaryFailsTheProbeAndIsNotConformant() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.documentedEncoder(Self.fixedBoundary, named: "fixed.py", in: directory)
        // Vectors of one area pass: no vector's content can hold a boundary the encoder picks itself.
        let vectors = try Self.json(runCLI(["certify", "--format", "json", "--vector", "structure/y-fields-*", "--"] + encoder).stdout)
        #expect(vectors["level_on_run"] as? String == "conformant", "\(vectors["headline"] ?? "")")
        let result = runCLI(["certify", "--format", "json", "--vector", "probe/*", "--"] + encoder)
        let report = try Self.json(result.stdout)
        #expect(report["level_on_run"] as? String == "changes-fields", "\(report["headline"] ?? result.stderr)")
        let verdicts = try #require(report["verdicts"] as? [[String: Any]])
        let probe = try #require(verdicts.first { $0["id"] as? String == "probe/y-own-boundary-in-content" })
        #expect(probe["grade"] as? String == "fail")
        #expect((probe["summary"] as? String)?.hasPrefix("used the boundary 'FIXED' again although the file holds it") == true, "\(probe)")
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func aFilteredRunIsPartialInEveryFormat() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.documentedEncoder([], named: "encoder.py", in: directory)
        let filters = ["--vector", "structure/y-fields-in-order", "--vector", "crlf/y-value-is-*"]
        let json = runCLI(["certify", "--format", "json", "--boundary-accepted"] + filters + ["--"] + encoder)
        let report = try Self.json(json.stdout)
        #expect(report["level"] as? String == "partial")
        #expect(report["level_on_run"] as? String == "canonical")
        let provenance = try #require(report["provenance"] as? [String: Any])
        #expect(provenance["filters"] as? [String] == ["--vector structure/y-fields-in-order", "--vector crlf/y-value-is-*"])
        #expect((provenance["tool"] as? String)?.hasPrefix("multipart-check ") == true)
        #expect((provenance["date"] as? String)?.hasSuffix("Z") == true)
        let corpus = try #require(provenance["corpus"] as? [String: Any])
        #expect((corpus["manifest_sha256"] as? String)?.count == 64 && (corpus["vectors"] as? Int ?? 0) > 400)
        let text = runCLI(["certify", "--boundary-accepted"] + filters + ["--"] + encoder)
        #expect(text.stdout.contains("\nPartial run, not a certificate ("), "\(text.stdout.prefix(400))")
        #expect(text.stdout.contains("selected by --vector structure/y-fields-in-order, --vector crlf/y-value-is-*): Canonical on those: "))
        let junit = runCLI(["certify", "--format", "junit", "--boundary-accepted"] + filters + ["--"] + encoder)
        #expect(junit.stdout.contains("<property name=\"level\" value=\"partial\"/>"))

        // Merged with a whole run, the partial run's missing vectors are "not run", not blank.
        let partialPath = try directory.write(Array(json.stdout.utf8), named: "partial.json")
        let whole = EncoderCertification(ReferenceEncoderAdapter()).report(over: try Corpus.load())
        let wholePath = try directory.write(Array(whole.json().utf8), named: "whole.json")
        let merged = runCLI(["report", "merge", "--format", "markdown", partialPath, wholePath])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("| encoder | Partial run |"))
        #expect(merged.stdout.contains("| `quoting/i-pct22-in-name` | not run | ok |"), "\(merged.stdout)")
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func reportsOfDifferentCorporaOrEditedByHandDoNotMerge() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.documentedEncoder([], named: "encoder.py", in: directory)
        let json = runCLI(["certify", "--format", "json", "--boundary-accepted", "--vector", "structure/y-fields-*", "--"] + encoder).stdout
        let original = try directory.write(Array(json.utf8), named: "original.json")
        let otherCorpus = json.replacingOccurrences(of: "\"vectors\": ", with: "\"vectors\": 1")
        let other = try directory.write(Array(otherCorpus.utf8), named: "other.json")
        // Changing the corpus changes the recorded facts: the checksum no longer matches.
        let edited = runCLI(["report", "merge", other])
        #expect(edited.status == 66)
        #expect(edited.stderr.contains("no longer match its checksum"), "\(edited.stderr)")

        var verdictEdited = json
        let fail = try #require(verdictEdited.range(of: "\"grade\": \"pass\""))
        verdictEdited.replaceSubrange(fail, with: "\"grade\": \"fail\"")
        let hand = try directory.write(Array(verdictEdited.utf8), named: "hand.json")
        #expect(runCLI(["report", "merge", hand]).status == 66)
        #expect(runCLI(["report", "merge", original, original]).status == 0)
    }

    @Test func levelsTellDecodersApart() throws {
        let directory = try TemporaryDirectory()
        func level(_ script: String) throws -> String? {
            let path = try directory.write(Array(("#!/bin/sh\ncat >/dev/null\n" + script).utf8), named: "decoder-\(script.count).sh")
            // One area is enough for the level those vectors earn; a whole run's level is the same
            // ladder (aFilteredRunIsPartialInEveryFormat shows the two apart).
            let run = runCLI(["certify", "--decoder", "--format", "json", "--area", "structure", "--", "/bin/sh", path])
            return try Self.json(run.stdout)["level_on_run"] as? String
        }
        #expect(try level("echo '{\"error\": \"no\"}'\n") == "rejects-valid-bodies")
        // No parts for every body: some of them real clients send (structure/ names their producers).
        #expect(try level("echo '{\"parts\": []}'\n") == "loses-data-clients-send")
        #expect(try level("exit 3\n") == "crashes")
    }

    @Test func levelsTellEncodersApart() throws {
        let directory = try TemporaryDirectory()
        func level(_ script: String) throws -> String? {
            let path = try directory.write(Array(("#!/bin/sh\ncat >/dev/null\n" + script).utf8), named: "encoder-\(script.count).sh")
            let run = runCLI(["certify", "--format", "json", "--area", "structure", "--", "/bin/sh", path])
            return try Self.json(run.stdout)["level_on_run"] as? String
        }
        #expect(try level("echo '{\"error\": \"no\"}'\n") == "refuses-forms")
        #expect(try level("exit 3\n") == "crashes")
        // An empty body for every form: every field lost, worse than no answer at all (which is loud).
        #expect(try level("echo '{\"content_type\": \"multipart/form-data; boundary=x\", \"body_base64\": \"\"}'\n") == "changes-fields")
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func problemsOnlyShowsWarningsAndCanonicalMismatches() throws {
        let directory = try TemporaryDirectory()
        // A valid default that is not the canonical one, and a header name in capitals (a warning).
        let encoder = try Self.documentedEncoder(
            [
                ("\"application/octet-stream\"", "\"application/x-binary\""),
                ("b\"\\r\\nContent-Type: \"", "b\"\\r\\nCONTENT-TYPE: \""),
            ], named: "sloppy.py", in: directory)
        let result = runCLI(["certify", "--problems-only", "--boundary-accepted", "--vector", "filenames/y-[tu]*", "--"] + encoder)
        #expect(result.stdout.contains("\nfilenames/y-untyped-file-gets-octet-stream "), "\(result.stdout)")
        #expect(result.stdout.contains("pass (warnings)"))
        #expect(result.stdout.contains("passed with warnings an encoder can avoid"))
        #expect(result.stdout.contains("\nCanonical encodings not reproduced ("))
        #expect(result.stdout.contains("not byte-identical with the canonical body"))
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func aBodyForAFormTheReferenceRefusesSaysSoAndExplainAdvisesTheEncoder() throws {
        let directory = try TemporaryDirectory()
        // Refuses nothing: writes a NUL into the header.
        let encoder = try Self.documentedEncoder(
            [("if \"\\0\" in text or (len(text)", "if False and (len(text)")], named: "writes-nul.py", in: directory)
        let result = runCLI(["certify", "--format", "json", "--boundary-accepted", "--vector", "headers/n-nul-in-value", "--"] + encoder)
        let verdicts = try #require(try Self.json(result.stdout)["verdicts"] as? [[String: Any]])
        let summary = try #require(verdicts.first?["summary"] as? String)
        #expect(summary.hasPrefix("the reference encoder refuses this form (unrepresentable-name), as this one could have; "), "\(summary)")
        let notes = try #require(verdicts.first?["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("for an encoder, [header-nul]: ") && $0.contains("refuse the form") }, "\(notes)")
        let explain = runCLI(["explain", "header-nul"])
        #expect(explain.stdout.contains("FOR AN ENCODER:\n  a name, filename or media type holding NUL"), "\(explain.stdout)")
    }
}
