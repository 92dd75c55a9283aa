import Foundation
import MultipartFormTestSupport
import Testing

/// `certify`'s fast loop: filters, parallel jobs with the same report, the early stop, the request
/// a vector sends, saved answers and known issues from the command line.
@Suite("certify fast loop", .ownThread)
struct CertifyFastLoopTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let python3: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The Python encoder exactly as CONFORMANCE.md prints it, written to `directory`.
    static func pythonEncoder(in directory: TemporaryDirectory) throws -> String {
        let document = try String(contentsOf: packageRoot.appendingPathComponent("CONFORMANCE.md"), encoding: .utf8)
        let start = try #require(document.range(of: "<!-- python-encoder:begin -->\n```python\n"))
        let end = try #require(document.range(of: "```\n<!-- python-encoder:end -->"))
        return try directory.write(Array(document[start.upperBound..<end.lowerBound].utf8), named: "encoder.py")
    }

    /// A `/bin/sh` encoder that answers garbage to every form.
    static func garbageEncoder(in directory: TemporaryDirectory) throws -> String {
        try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "garbage.sh")
    }

    static func verdicts(_ json: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["verdicts"] as? [[String: Any]])
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed: the documented Python encoder cannot run"))
    func theReportIsTheSameForEveryNumberOfJobs() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.pythonEncoder(in: directory)
        let command = ["--", try #require(Self.python3), encoder]
        let one = runCLI(["certify", "--format", "json", "--boundary-accepted", "--vector", "filenames/y-d*", "--jobs", "1"] + command)
        let four = runCLI(["certify", "--format", "json", "--boundary-accepted", "--vector", "filenames/y-d*", "--jobs", "4"] + command)
        #expect(one.status == 0, "\(one.stderr)")
        // The same report but for the time it was written (and the checksum that covers it).
        func undated(_ json: String) -> [Substring] {
            json.split(separator: "\n").filter { !$0.contains("\"date\": ") && !$0.contains("\"checksum\": ") }
        }
        #expect(undated(one.stdout) == undated(four.stdout))
        #expect(try Self.verdicts(one.stdout).count >= 4)
    }

    @Test func filtersSelectVectorsByIdAndAreaWithGlobs() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.garbageEncoder(in: directory)
        let result = runCLI(["certify", "--format", "json", "--vector", "quoting/i-*", "--area", "bound?ry", "--", "/bin/sh", encoder])
        let ids = try Self.verdicts(result.stdout).compactMap { $0["id"] as? String }
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { $0.hasPrefix("quoting/i-") || $0.hasPrefix("boundary/") }, "\(ids)")
        #expect(ids.contains { $0.hasPrefix("quoting/i-") } && ids.contains { $0.hasPrefix("boundary/") })
        #expect(ids == ids.sorted())
    }

    @Test func aFilterThatSelectsNothingIsAUsageErrorWithASuggestion() {
        let vector = runCLI(["certify", "--vector", "quoting/i-whatwg-escapes-eachx", "--", "/bin/true"])
        #expect(vector.status == 64)
        #expect(vector.stderr.contains("names no vector") && vector.stderr.contains("Did you mean 'quoting/"), "\(vector.stderr)")
        let area = runCLI(["certify", "--area", "quotng", "--", "/bin/true"])
        #expect(area.status == 64)
        #expect(area.stderr.contains("Did you mean 'quoting'?"), "\(area.stderr)")
    }

    @Test func aCommandThatNeverAnswersStopsAfterItsFirstForms() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array("#!/bin/sh\nsleep 30\n".utf8), named: "never.sh")
        let started = ContinuousClock.now
        let result = runCLI(["certify", "--format", "json", "--timeout", "1", "--jobs", "2", "--", "/bin/sh", script])
        // Probe, then two rounds of two forms: about 3 s; every vector at 1 s each would be over 190 s.
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the first 3 requests all ended the same way (timed-out: "), "\(result.stderr)")
        let verdicts = try Self.verdicts(result.stdout)
        #expect(verdicts.count > 100)
        let notSent = verdicts.filter { ($0["summary"] as? String)?.contains("the run stopped before this was sent") == true }
        #expect(notSent.count >= verdicts.count - 4)
        #expect(verdicts.allSatisfy { $0["grade"] as? String == "fail" })
    }

    @Test func showRequestPrintsWhatTheCommandWouldRead() throws {
        let plain = runCLI(["certify", "--show-request", "quoting/i-whatwg-escapes-each"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let request = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(request["version"] as? Int == 1)
        #expect(request["boundary"] is NSNull)
        #expect((request["fields"] as? [Any])?.isEmpty == false)
        let given = runCLI(["certify", "--boundary-accepted", "--show-request", "quoting/i-whatwg-escapes-each"])
        let withBoundary = try #require(try JSONSerialization.jsonObject(with: Data(given.stdout.utf8)) as? [String: Any])
        #expect((withBoundary["boundary"] as? String)?.isEmpty == false)
        let unknown = runCLI(["certify", "--show-request", "quoting/nope"])
        #expect(unknown.status == 64)
    }

    @Test func showRequestTakesTheProbesThatVectorRunsTakes() throws {
        // `--vector 'probe/*'` runs the boundary probe, so --show-request shows its first form.
        let probe = runCLI(["certify", "--show-request", "probe/y-own-boundary-in-content"])
        #expect(probe.status == 0, "\(probe.stderr)")
        let request = try #require(try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [String: Any])
        #expect((request["fields"] as? [[String: Any]])?.map { $0["name"] as? String } == ["probe", "file"])
        #expect(probe.stderr.hasPrefix("note: 'probe/y-own-boundary-in-content' sends two forms: first this one, then a file holding the boundary"))
        // Each kind's probes, asked of the other kind, say which options show them.
        let asDecoder = runCLI(["certify", "--decoder", "--show-request", "probe/y-own-boundary-in-content"])
        #expect(asDecoder.status == 64)
        // Prefixes: an in-process run sweeps what other suites' children left, and may say so after.
        #expect(
            asDecoder.stderr.hasPrefix(
                "error: 'probe/y-own-boundary-in-content' is a probe for encoders: leave out --decoder to see the first form it sends\n"),
            "\(asDecoder.stderr)")
        let asEncoder = runCLI(["certify", "--show-request", "probe/y-reframed-1"])
        #expect(asEncoder.status == 64)
        #expect(
            asEncoder.stderr.hasPrefix(
                "error: 'probe/y-reframed-1' is a probe for decoders: give --decoder and the --probe-seed N a report records to see its body\n"),
            "\(asEncoder.stderr)")
    }

    @Test func savedAnswersKeepTheBodyAndItsContentTypeOrTheError() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.garbageEncoder(in: directory)
        let saved = directory.url.appendingPathComponent("answers").path
        _ = runCLI(["certify", "--save-bodies", saved, "--vector", "quoting/i-*", "--", "/bin/sh", encoder])
        let quoting = try FileManager.default.contentsOfDirectory(atPath: saved + "/quoting")
        #expect(!quoting.isEmpty && quoting.allSatisfy { $0.hasSuffix(".error") }, "\(quoting)")
        let text = try String(contentsOfFile: saved + "/quoting/" + quoting[0], encoding: .utf8)
        #expect(text.hasPrefix("malformed-response: "))

        if let python3 = Self.python3 {
            let python = try Self.pythonEncoder(in: directory)
            let good = directory.url.appendingPathComponent("good").path
            let result = runCLI([
                "certify", "--save-bodies", good, "--boundary-accepted", "--vector", "structure/y-empty-value", "--", python3,
                python,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let body = try Data(contentsOf: URL(fileURLWithPath: good + "/structure/y-empty-value.body"))
            let vector = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Vectors/structure/y-empty-value.body"))
            #expect(body == vector)
            let type = try String(contentsOfFile: good + "/structure/y-empty-value.content-type", encoding: .utf8)
            #expect(type.hasPrefix("multipart/form-data; boundary="))
        }
    }

    @Test func savedAnswersNeverGoThroughALinkInsideTheDirectory() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.garbageEncoder(in: directory)
        let saved = directory.url.appendingPathComponent("answers").path
        let elsewhere = directory.url.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: saved + "/quoting", withDestinationPath: elsewhere)
        let result = runCLI(["certify", "--save-bodies", saved, "--vector", "quoting/i-*", "--", "/bin/sh", encoder])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "answers were written through the link")
        #expect(result.stderr.contains("warning: not every answer was saved: cannot write '"), "\(result.stderr)")
        #expect(result.stderr.contains("'quoting' is a symbolic link or not a directory"), "\(result.stderr)")
    }

    /// An encoder that starts `sleep 300` in a session of its own (outside its process group) with
    /// `start`, records its pid in `pids`, and answers garbage.
    static func leavingEncoder(in directory: TemporaryDirectory, start: String) throws -> (script: String, pids: String) {
        let pids = directory.url.appendingPathComponent("pids").path
        // The left process records its own pid, then becomes the sleep; the encoder waits until it has left.
        let script = try directory.write(
            Array(
                "#!/bin/sh\ncat >/dev/null\n\(start) /bin/sh -c 'echo $$ >> \"\(pids)\"; exec /bin/sleep 300' </dev/null >/dev/null 2>&1 &\nsleep 0.3\necho not-json\n".utf8),
            named: "leaving.sh")
        return (script, pids)
    }

    /// The recorded pids that are still running (not gone, and not zombies).
    static func stillRunning(_ pidsFile: String) throws -> [Int32] {
        let pids = try String(contentsOfFile: pidsFile, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(!pids.isEmpty)
        return pids.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat") && FileManager.default.fileExists(atPath: "/usr/bin/setsid")))
    func processesLeftOutsideTheGroupAreKilledWhenTheRunEnds() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.leavingEncoder(in: directory, start: "setsid")
        let result = runCLI(["certify", "--vector", "quoting/i-*", "--jobs", "1", "--", "/bin/sh", encoder.script])
        let left = try Self.stillRunning(encoder.pids)
        for pid in left { TestProcess.send(.kill, to: pid) }
        #expect(left.isEmpty, "\(left.count) processes outlived certify")
        // Not the count: another run in this test process, ending first, may have killed some of them.
        _ = result
    }

    @Test func knownIssuesFromTheCommandLineMustKeepReproducing() throws {
        let directory = try TemporaryDirectory()
        let encoder = try Self.garbageEncoder(in: directory)
        let file = try directory.write(
            Array("# known issues\n\nquoting/i-whatwg-escapes-each = answers garbage\n".utf8), named: "known.txt")
        let result = runCLI([
            "certify", "--format", "json", "--vector", "quoting/i-*", "--known-issue", "quoting/i-escaped-quote=answers garbage",
            "--known-issues", file, "--", "/bin/sh", encoder,
        ])
        let grades = Dictionary(
            uniqueKeysWithValues: try Self.verdicts(result.stdout).map { ($0["id"] as? String ?? "", $0["grade"] as? String ?? "") })
        #expect(grades["quoting/i-whatwg-escapes-each"] == "known-issue", "\(grades)")

        let typo = runCLI(["certify", "--known-issue", "quoting/i-whatwg-escapes-eac=x", "--", "/bin/sh", encoder])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Did you mean 'quoting/i-whatwg-escapes-each'?"), "\(typo.stderr)")
        let malformed = runCLI(["certify", "--known-issue", "no-reason", "--", "/bin/sh", encoder])
        #expect(malformed.status == 64)
        let bad = try directory.write(Array("quoting/i-whatwg-escapes-each\n".utf8), named: "bad.txt")
        let badFile = runCLI(["certify", "--known-issues", bad, "--", "/bin/sh", encoder])
        #expect(badFile.status == 64)
        #expect(badFile.stderr.contains("bad.txt:1: expected 'id=reason'"), "\(badFile.stderr)")
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed: the documented Python encoder cannot run"))
    func aKnownIssueThatPassesIsStale() throws {
        let directory = try TemporaryDirectory()
        let python = try Self.pythonEncoder(in: directory)
        let result = runCLI([
            "certify", "--format", "json", "--boundary-accepted", "--vector", "structure/y-empty-value",
            "--known-issue", "structure/y-empty-value=thought broken", "--", try #require(Self.python3), python,
        ])
        #expect(result.status == 1)
        #expect(try Self.verdicts(result.stdout).first?["grade"] as? String == "stale-known-issue")
    }
}

/// `certify --decoder`: the documented Python parser, and a decoder that dies instead of answering.
@Suite("certify --decoder", .ownThread)
struct CertifyDecoderTests {
    /// The Python parser exactly as CONFORMANCE.md prints it, written to `directory`.
    static func pythonParser(in directory: TemporaryDirectory) throws -> String {
        let document = try String(
            contentsOf: CertifyFastLoopTests.packageRoot.appendingPathComponent("CONFORMANCE.md"), encoding: .utf8)
        let start = try #require(document.range(of: "<!-- python-decoder:begin -->\n```python\n"))
        let end = try #require(document.range(of: "```\n<!-- python-decoder:end -->"))
        return try directory.write(Array(document[start.upperBound..<end.lowerBound].utf8), named: "parser.py")
    }

    @Test(.enabled(if: CertifyFastLoopTests.python3 != nil, "python3 is not installed: the documented Python parser cannot run"))
    func theDocumentedPythonParserIsGradedLikeADecoderAdapter() throws {
        let directory = try TemporaryDirectory()
        let parser = try Self.pythonParser(in: directory)
        let result = runCLI([
            "certify", "--decoder", "--format", "json", "--vector", "structure/y-fields-in-order", "--vector", "structure/n-headers-unterminated-before-delimiter",
            "--vector", "boundary/n-padding-then-junk", "--",
            try #require(CertifyFastLoopTests.python3), parser,
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "decoder", "\(result.stderr)")
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        let grades = Dictionary(uniqueKeysWithValues: verdicts.map { ($0["id"] as? String ?? "", $0["grade"] as? String ?? "") })
        #expect(grades["structure/y-fields-in-order"] == "pass", "\(grades)")
        // Part a precedes the junk after the delimiter and is returned whole; what follows the defect
        // may be read in more than one way, so dropping b is leniency, not data loss.
        #expect(grades["boundary/n-padding-then-junk"] == "lenient", "\(grades)")
        #expect(!verdicts.contains { ($0["summary"] as? String)?.contains("gave no answer") == true }, "the parser crashed")
        #expect(Set(grades.values).contains("lenient"))
    }

    @Test func aDecoderThatCrashesHasNotRejectedAnything() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array("#!/bin/sh\ncat >/dev/null\nexit 3\n".utf8), named: "dies.sh")
        let result = runCLI(["certify", "--decoder", "--format", "json", "--area", "structure", "--jobs", "1", "--", "/bin/sh", script])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        let ran = verdicts.filter { $0["grade"] as? String != "unsupported" }
        #expect(!ran.isEmpty && ran.allSatisfy { $0["grade"] as? String == "fail" }, "an n- vector passed as rejected")
    }

    @Test func encoderOnlyOptionsAreUsageErrorsForADecoder() {
        let result = runCLI(["certify", "--decoder", "--boundary-accepted", "--", "/bin/true"])
        #expect(result.status == 64)
    }
}

/// The early stop counts requests really sent: a vector not run (an unsupported feature) sends none.
@Suite(.ownThread) struct CertifyEarlyStopTests {
    @Test func anUnsupportedFirstVectorDoesNotKeepTheRunGoing() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array("#!/bin/sh\nsleep 30\n".utf8), named: "never.sh")
        let started = ContinuousClock.now
        let result = runCLI([
            "certify", "--format", "json", "--timeout", "1", "--jobs", "1", "--unsupported", "typed-text-fields",
            "--vector", "filenames/y-typed-field-gets-blob", "--vector", "structure/*", "--", "/bin/sh", script,
        ])
        // About 4 s (a probe, then three 1-second time-outs); without the stop, at least 16 s (15 vectors
        // and the probe, each a full time-out however fast the machine), which a loaded machine only adds to.
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(result.stderr.contains("error: the first 3 requests all ended the same way (timed-out: "), "\(result.stderr)")
        let verdicts = try CertifyFastLoopTests.verdicts(result.stdout)
        #expect(verdicts.first?["id"] as? String == "filenames/y-typed-field-gets-blob")
        #expect(verdicts.first?["grade"] as? String == "unsupported")
    }
}
