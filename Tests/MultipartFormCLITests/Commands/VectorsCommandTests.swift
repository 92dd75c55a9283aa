import Foundation
import MultipartForm
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `multipart-check vectors list|check|new`, run in-process on a scratch corpus built with `vectors new` itself.
@Suite struct VectorsCommandTests {
    static let form = Array(
        ("--AaB03x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n"
            + "--AaB03x\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
            + "\u{1}\u{2}\r\n--AaB03x--\r\n").utf8)

    /// A scratch corpus holding `headers/y-browser-form` (canonical) and `headers/n-bare-lf`.
    private func scratchCorpus() throws -> (TemporaryDirectory, String) {
        let scratch = try TemporaryDirectory()
        let corpus = scratch.url.appendingPathComponent("Vectors").path
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        let good = try scratch.write(Self.form, named: "good.body")
        let bad = try scratch.write(Array("--AaB03x\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n".utf8), named: "bad.body")
        for (slug, path) in [("browser-form", good), ("bare-lf", bad)] {
            let result = runCLI([
                "vectors", "new", "--corpus", corpus, "--area", "headers", "--slug", slug, "--description", "d " + slug,
                "--content-type", "multipart/form-data; boundary=AaB03x", path,
            ])
            try #require(result.status == 0, "\(result.stderr)")
        }
        return (scratch, corpus)
    }

    @Test func newCopiesTheBodyExactlyAndRecordsFindingsPartsAndEncoderInput() throws {
        let (scratch, corpus) = try scratchCorpus()
        _ = scratch
        let loaded = try Corpus(directory: corpus)
        #expect(loaded.vectors.map(\.id) == ["headers/n-bare-lf", "headers/y-browser-form"])
        let good = try #require(loaded["headers/y-browser-form"])
        #expect(good.body == Self.form)
        #expect(good.sidecar.diagnostics.isEmpty)
        #expect(good.sidecar.parts?.map(\.body) == [Array("Holiday".utf8), [1, 2]])
        #expect(good.sidecar.encoderInput?.isCanonical == true)
        #expect(good.sidecar.specs == ["RFC 7578 §4"])
        let bad = try #require(loaded["headers/n-bare-lf"])
        let report = MultipartValidator.validate(bad.body, contentType: bad.contentType)
        #expect(report.errorCount > 0)
        #expect(bad.sidecar.diagnostics == report.diagnostics.map(VectorSidecar.ExpectedDiagnostic.init))
        #expect(bad.sidecar.encoderInput == nil)
        #expect(bad.sidecar.specs == VectorsNewCommand.citations(of: report))
        #expect(Set(bad.sidecar.specs).count == bad.sidecar.specs.count)
        #expect(try loaded.verifyManifest().isClean)
        for vector in loaded.vectors {
            #expect(VectorAudit.findings(of: vector).isEmpty, "\(vector.id)")
        }
    }

    @Test func newRefusesAVerdictTheFindingsContradictAndAnExistingSlug() throws {
        let (scratch, corpus) = try scratchCorpus()
        let good = try scratch.write(Self.form, named: "again.body")
        let contradicted = runCLI([
            "vectors", "new", "--corpus", corpus, "--area", "headers", "--slug", "other", "--description", "d",
            "--content-type", "multipart/form-data; boundary=AaB03x", "--verdict", "n", good,
        ])
        #expect(contradicted.status == 1)
        #expect(contradicted.stderr.contains("cannot be an n- vector"))
        let duplicate = runCLI([
            "vectors", "new", "--corpus", corpus, "--area", "headers", "--slug", "browser-form", "--description", "d",
            "--content-type", "multipart/form-data; boundary=AaB03x", good,
        ])
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains("already exists"))
        #expect(try Corpus(directory: corpus).vectors.count == 2)
    }

    @Test func newReadsStandardInputAndAnImplementationVectorNeedsItsReasonsFilledIn() throws {
        let (scratch, corpus) = try scratchCorpus()
        _ = scratch
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"; filename=\"x\\\"y\"\r\n\r\n1\r\n--AaB03x--\r\n".utf8)
        let result = runCLI(
            [
                "vectors", "new", "--corpus", corpus, "--area", "quoting", "--slug", "backslash", "--description", "d",
                "--content-type", "multipart/form-data; boundary=AaB03x", "--verdict", "i", "-",
            ], stdin: body)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"because\""))
        let vector = try #require(try Corpus(directory: corpus)["quoting/i-backslash"])
        #expect(vector.body == body)
        #expect(vector.sidecar.outcomes?.map(\.outcome) == [.accept, .reject])
        let check = runCLI(["vectors", "check", "--corpus", corpus, "quoting"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("FAIL quoting/i-backslash"))
        #expect(check.stdout.contains("\"because\" is empty"))
    }

    @Test func checkPassesAFreshCorpusAndCatchesABodyWithConvertedLineEndings() throws {
        let (scratch, corpus) = try scratchCorpus()
        _ = scratch
        let passing = runCLI(["vectors", "check", "--corpus", corpus, "headers"])
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect(passing.stdout == "2 vectors checked: 2 pass, 0 fail; the manifest matches every file\n")
        // Checking a whole corpus also asks that every rule be expected somewhere, which two vectors cannot do.
        let whole = runCLI(["vectors", "check", "--corpus", corpus])
        #expect(whole.status == 1)
        #expect(whole.stdout.contains("coverage: no vector expects content-type-syntax, "))

        let path = corpus + "/headers/y-browser-form.body"
        let converted = String(decoding: Self.form, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        try Data(converted.utf8).write(to: URL(fileURLWithPath: path))
        let failing = runCLI(["vectors", "check", "--corpus", corpus, "headers/y-browser-form"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FAIL headers/y-browser-form\n  replay: "))
        #expect(failing.stdout.contains("manifest: changed: headers/y-browser-form.body"))

        // --update never blesses a changed body.
        let updated = runCLI(["vectors", "check", "--update", "--corpus", corpus, "headers/y-browser-form"])
        #expect(updated.status == 1)
        #expect(updated.stdout.contains("kept: headers/y-browser-form.body differs from its recorded checksum"))
        #expect(updated.stdout.contains("manifest: changed: headers/y-browser-form.body"))
    }

    @Test func checkAsksForTheToolsFormAndUpdateRewritesAHandEditedSidecar() throws {
        let (scratch, corpus) = try scratchCorpus()
        _ = scratch
        let path = corpus + "/headers/y-browser-form.json"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        // A contributor's edit: a new description, written on one line with other spacing.
        let edited = original.replacingOccurrences(of: "\"d browser-form\"", with: "\"a browser form\"")
            .replacingOccurrences(of: "\n  ", with: "\n    ")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        let before = runCLI(["vectors", "check", "--corpus", corpus, "headers"])
        #expect(before.status == 1)
        #expect(before.stdout.contains("sidecar: not in the form the tool writes"))
        #expect(before.stdout.contains("manifest: changed: headers/y-browser-form.json"))

        let updated = runCLI(["vectors", "check", "--update", "--corpus", corpus, "headers"])
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.contains("updated: rewrote 1 sidecar; refreshed MANIFEST.sha256"))
        let rewritten = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rewritten.contains("\"description\": \"a browser form\""))
        #expect(rewritten == original.replacingOccurrences(of: "\"d browser-form\"", with: "\"a browser form\""))
    }

    @Test func listFiltersByAreaVerdictRuleAndCanonicalMark() throws {
        let (scratch, corpus) = try scratchCorpus()
        _ = scratch
        let all = runCLI(["vectors", "list", "--corpus", corpus])
        #expect(all.status == 0)
        #expect(all.stdout == """
            headers/n-bare-lf       d bare-lf
            headers/y-browser-form  d browser-form
            2 vectors: 1 y-, 1 n-, 0 i-; 1 canonical

            """)
        let canonical = runCLI(["vectors", "list", "--corpus", corpus, "--canonical", "--format", "json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(canonical.stdout.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["id"] as? String } == ["headers/y-browser-form"])
        #expect(parsed.first?["canonical"] as? Bool == true)
        let byVerdict = runCLI(["vectors", "list", "--corpus", corpus, "--verdict", "n"])
        #expect(byVerdict.stdout.hasPrefix("headers/n-bare-lf"))
        let bad = try #require(try Corpus(directory: corpus)["headers/n-bare-lf"])
        let rule = try #require(bad.expectedRules.first)
        let byRule = runCLI(["vectors", "list", "--corpus", corpus, "--rule", rule.rawValue])
        #expect(byRule.stdout.hasSuffix("1 vector: 0 y-, 1 n-, 0 i-; 0 canonical\n"))
    }

    @Test func usageErrorsNameTheProblemAndSuggest() throws {
        let (scratch, corpus) = try scratchCorpus()
        _ = scratch
        let area = runCLI(["vectors", "list", "--corpus", corpus, "--area", "header"])
        #expect(area.status == 64)
        #expect(area.stderr.hasPrefix("Error: Unknown area 'header'. Did you mean 'headers'?"))
        let rule = runCLI(["vectors", "list", "--rule", "header-bare-fl"])
        #expect(rule.status == 64)
        #expect(rule.stderr.contains("Did you mean 'header-bare-lf'?"))
        let missing = runCLI(["vectors", "new", "--slug", "x", "--description", "d", "body"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: Missing expected option '--area <area>'"))
        let slug = runCLI(["vectors", "new", "--area", "a", "--slug", "bad slug", "--description", "d", "body"])
        #expect(slug.status == 64)
        let sub = runCLI(["vectors", "lst"])
        #expect(sub.status == 64)
        #expect(sub.stderr.hasPrefix("Error: Unknown subcommand 'lst'. Did you mean 'list'?"))
        let unknownVector = runCLI(["vectors", "check", "--corpus", corpus, "headers/y-browser-frm"])
        #expect(unknownVector.status == 64)
        #expect(unknownVector.stderr.contains("Did you mean 'headers/y-browser-form'?"))
        let noCorpus = runCLI(["vectors", "check", "--corpus", corpus + "/missing"])
        #expect(noCorpus.status == 66)
    }

    @Test func helpReachesNestedSubcommands() {
        let group = runCLI(["vectors"])
        #expect(group.status == 0)
        #expect(group.stdout.contains("SUBCOMMANDS:\n  list "))
        #expect(group.stdout.contains("See 'multipart-check help vectors <subcommand>' for detailed help."))
        let nested = runCLI(["help", "vectors", "new"])
        #expect(nested.status == 0)
        #expect(nested.stdout.contains("USAGE: multipart-check vectors new --area <area> --slug <slug> --description <text> ["))
        #expect(runCLI(["vectors", "check", "--help"]).stdout.hasPrefix("OVERVIEW: Run every vector through the validator"))
        #expect(runCLI(["help", "vectors", "nope"]).status == 64)
    }
}
