import Foundation
import MultipartFormTestSupport
import Testing

/// `multipart-check report merge`: several JSON reports, one matrix.
@Suite("report merge")
struct ReportMergeTests {
    /// Two real reports of the structure area: an encoder answering garbage and a decoder that dies.
    static func reports(in directory: TemporaryDirectory) throws -> (encoder: String, decoder: String) {
        let garbage = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "garbage.sh")
        let dies = try directory.write(Array("#!/bin/sh\ncat >/dev/null\nexit 3\n".utf8), named: "dies.sh")
        let encoder = directory.url.appendingPathComponent("encoder.json").path
        let decoder = directory.url.appendingPathComponent("decoder.json").path
        _ = runCLI(["certify", "--format", "json", "--output", encoder, "--area", "structure", "--name", "garbage", "--", "/bin/sh", garbage])
        _ = runCLI([
            "certify", "--decoder", "--format", "json", "--output", decoder, "--area", "structure", "--name", "dies", "--", "/bin/sh", dies,
        ])
        return (encoder, decoder)
    }

    @Test func mergedJSONHoldsEveryReportAsWritten() throws {
        let directory = try TemporaryDirectory()
        let (encoder, decoder) = try Self.reports(in: directory)
        let merged = runCLI(["report", "merge", "--format", "json", encoder, decoder])
        #expect(merged.status == 0, "\(merged.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any])
        let reports = try #require(object["reports"] as? [[String: Any]])
        #expect(reports.map { $0["adapter"] as? String } == ["garbage", "dies"])
        #expect(reports.map { $0["kind"] as? String } == ["encoder", "decoder"])
        // Each merged report is the file it came from, byte for byte once re-rendered.
        for (index, path) in [encoder, decoder].enumerated() {
            let original = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary)
            #expect(NSDictionary(dictionary: reports[index]) == original)
        }
    }

    @Test func markdownAndHTMLShowOneColumnPerReport() throws {
        let directory = try TemporaryDirectory()
        let (encoder, decoder) = try Self.reports(in: directory)
        let markdown = runCLI(["report", "merge", "--format", "markdown", "--title", "two", encoder, decoder])
        #expect(markdown.stdout.hasPrefix("# two\n\n| # | adapter | kind | level | summary | run |\n"))
        // Both were run with a filter: partial, not a certificate, whatever their verdicts.
        #expect(markdown.stdout.contains("| 1 | garbage | encoder | Partial run | Partial run, not a certificate \\("), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("| 2 | dies | decoder | Partial run | Partial run, not a certificate \\("))
        #expect(markdown.stdout.contains("Crashes or hangs on those"))
        #expect(markdown.stdout.contains("## structure\n\n| vector | 1 | 2 |\n|---|---|---|\n"))
        #expect(markdown.stdout.contains("| `structure/y-fields-in-order` | FAIL | FAIL |"))
        let page = directory.url.appendingPathComponent("matrix.html").path
        let html = runCLI(["report", "merge", "--output", page, encoder, decoder])
        #expect(html.status == 0)
        #expect(html.stderr == "2 reports merged into \(page)\n")
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test func aFileThatIsNotAReportIsUnreadableInput() throws {
        let directory = try TemporaryDirectory()
        let bogus = try directory.write(Array(#"{"format_version": 1, "kind": "juggler", "adapter": "x", "verdicts": []}"#.utf8), named: "bogus.json")
        let result = runCLI(["report", "merge", bogus])
        #expect(result.status == 66)
        #expect(result.stderr.contains("is not a certification report this version reads: kind: unknown kind"), "\(result.stderr)")
        #expect(runCLI(["report", "merge"]).status == 64)
    }

    @Test func aVerdictListedTwiceIsRefusedNotCountedTwice() throws {
        let directory = try TemporaryDirectory()
        let (encoder, _) = try Self.reports(in: directory)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: encoder))) as? [String: Any])
        let verdicts = try #require(object["verdicts"] as? [Any])
        object["verdicts"] = verdicts + [verdicts[0]]
        let doubled = try directory.write(Array(try JSONSerialization.data(withJSONObject: object)), named: "doubled.json")
        let result = runCLI(["report", "merge", "--format", "markdown", doubled])
        #expect(result.status == 66)
        #expect(result.stderr.contains("already has a verdict (verdicts[0])"), "\(result.stderr)")
    }

    @Test func aFileLargerThanAnyReportIsRefusedBeforeItIsRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(64 * 1024 * 1024 + 1))
        try handle.close()
        let result = runCLI(["report", "merge", "--format", "markdown", path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("huge.json"), "\(result.stderr)")
    }

    @Test func aReportOfMoreValuesThanAnyCorpusNeedsIsRefusedAsItIsRead() throws {
        let directory = try TemporaryDirectory()
        // Small in bytes, a million and more values once read: refused before the tree is built.
        let flood = "{\"format_version\": 2, \"kind\": \"encoder\", \"adapter\": \"x\", \"verdicts\": [" +
            String(repeating: "0,", count: 1_100_000) + "0]}"
        let path = try directory.write(Array(flood.utf8), named: "flood.json")
        let result = runCLI(["report", "merge", "--format", "markdown", path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("more than 1000000 JSON values"), "\(result.stderr)")
    }
}

/// `report merge` shows a report as a certificate only when its verdicts check out against the
/// installed corpus; a forged one is shown as unverified, with the reason.
@Suite("report merge verification", .ownThread)
struct ReportMergeVerificationTests {
    /// A real decoder report over the whole corpus: a shell decoder that rejects every body.
    static func genuineReport(in directory: TemporaryDirectory) throws -> [String: Any] {
        let script = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho '{\"error\":\"no\"}'\n".utf8), named: "rejecter.sh")
        let run = runCLI(["certify", "--decoder", "--format", "json", "--probe-seed", "3", "--", "/bin/sh", script])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    }

    static func merged(_ object: [String: Any], in directory: TemporaryDirectory) throws -> CLIResult {
        let path = try directory.write(Array(try JSONSerialization.data(withJSONObject: object)), named: "r-\(UUID().uuidString).json")
        return runCLI(["report", "merge", "--format", "markdown", path])
    }

    @Test func aGenuineReportIsShownAtItsLevel() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.merged(try Self.genuineReport(in: directory), in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("Unverified"), "\(result.stderr)")
    }

    @Test func aReportWithoutItsChecksumOrWithInventedVerdictsIsUnverified() throws {
        let directory = try TemporaryDirectory()
        var report = try Self.genuineReport(in: directory)
        report.removeValue(forKey: "checksum")
        let unchecked = try Self.merged(report, in: directory)
        #expect(unchecked.stdout.contains("Unverified (claims "), "\(unchecked.stdout)")
        #expect(unchecked.stderr.contains("it carries no checksum of its recorded facts"))
        // Dropping the failures and the checksum and the eligible count: still unverified.
        var trimmed = try Self.genuineReport(in: directory)
        trimmed.removeValue(forKey: "checksum")
        trimmed["verdicts"] = (trimmed["verdicts"] as? [[String: Any]] ?? []).filter { $0["grade"] as? String == "pass" }
        var provenance = trimmed["provenance"] as? [String: Any] ?? [:]
        provenance.removeValue(forKey: "eligible")
        trimmed["provenance"] = provenance
        #expect(try Self.merged(trimmed, in: directory).stdout.contains("Unverified (claims "))
    }
}
