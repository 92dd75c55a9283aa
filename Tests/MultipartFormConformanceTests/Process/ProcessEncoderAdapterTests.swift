import Foundation
import MultipartForm
import MultipartFormConformance
import MultipartFormConformanceCore
import MultipartFormSystem
import MultipartFormTestSupport
import Testing

/// The process adapter end to end with `/bin/sh` scripts (always available) and the Python encoder from CONFORMANCE.md.
@Suite("Process encoder adapter", .ownThread)
struct ProcessEncoderAdapterTests {
    static let form: FormData = [FormData.Field(name: "title", value: .text("Holiday")), FormData.Field(name: "n", value: .bytes([0xFF, 0x00]), filename: "n.bin")]

    /// Writes a `/bin/sh` script to a fresh directory and returns an adapter running it.
    static func shell(_ script: String, timeout: Double = 10) throws -> (ProcessEncoderAdapter, TemporaryDirectory) {
        // The directory outlives this call (the adapter runs the script later): the caller removes it.
        let directory = try TemporaryDirectory()
        let path = directory.path + "/encoder.sh"
        try Data(("#!/bin/sh\n" + script).utf8).write(to: URL(fileURLWithPath: path))
        return (ProcessEncoderAdapter(command: ["/bin/sh", path], timeout: timeout, acceptsBoundary: true), directory)
    }

    static func error(from adapter: ProcessEncoderAdapter) throws -> ProcessAdapterError {
        try #require(throws: ProcessAdapterError.self) { try adapter.encode(Self.form, boundary: "AaB03x") }
    }

    @Test func requestGoesInAndResponseComesBack() throws {
        let expected = try ReferenceEncoder().encode(Self.form, boundary: "AaB03x")
        let response = "{\"content_type\": \"\(expected.contentType)\", \"body_base64\": \"\(Data(expected.body).base64EncodedString())\"}"
        let (adapter, directory) = try Self.shell("cat > \"$(dirname \"$0\")/request.json\"\nprintf '%s\\n' '\(response)'\n")
        defer { directory.remove() }
        let output = try adapter.encode(Self.form, boundary: "AaB03x")
        #expect(output == EncodedForm(contentType: expected.contentType, body: expected.body))
        let request = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.path + "/request.json")))
        #expect(request == (try ProcessEncoderAdapter.request(for: Self.form, boundary: "AaB03x")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(request)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["boundary"] as? String == "AaB03x")
        let fields = try #require(object["fields"] as? [[String: String]])
        #expect(fields == [["name": "title", "value": "Holiday"], ["name": "n", "value_base64": "/wA=", "filename": "n.bin"]])
    }

    @Test func aGrandchildHoldingTheOutputOpenDoesNotHideTheAnswer() throws {
        // The child answers and exits; a background sleep it started keeps standard output open.
        let expected = try ReferenceEncoder().encode(Self.form, boundary: "AaB03x")
        let response = "{\"content_type\": \"\(expected.contentType)\", \"body_base64\": \"\(Data(expected.body).base64EncodedString())\"}"
        // Waiting for the end of file would run into the 10-second time-out.
        let (adapter, directory) = try Self.shell("cat > /dev/null\nsleep 30 &\nprintf '%s\\n' '\(response)'\n", timeout: 10)
        defer { directory.remove() }
        let started = ContinuousClock.now
        let output = try adapter.encode(Self.form, boundary: "AaB03x")
        #expect(output.body == expected.body)
        #expect(ContinuousClock.now - started < .seconds(9), "the run waited for the grandchild's end of file")
    }

    @Test func theOverallDeadlineShortensATimeoutAndStopsLaterForms() throws {
        var (adapter, directory) = try Self.shell("sleep 30\n", timeout: 30)
        defer { directory.remove() }
        // A second to start the child however busy the machine; the next form follows at once, as the
        // child is killed at the deadline itself and not before it.
        adapter.deadline = ContinuousClock.now + .seconds(1)
        let killed = try Self.error(from: adapter)
        #expect(killed.code == .timedOut)
        #expect(killed.message.hasPrefix("the command did not answer before the run's overall deadline"), "\(killed.message)")
        let notRun = try Self.error(from: adapter)
        #expect(notRun.code == .notRun)
        #expect(notRun.message.hasPrefix("the run's overall deadline passed before this form was sent"), "\(notRun.message)")
    }

    @Test func standardOutputPastTheLimitKillsButStandardErrorOnlyKeepsItsEnd() throws {
        var (flood, floodDirectory) = try Self.shell("cat > /dev/null\nhead -c 3000000 /dev/zero\n")
        defer { floodDirectory.remove() }
        flood.outputLimit = 1024 * 1024
        let error = try Self.error(from: flood)
        #expect(error.code == .outputTooLarge)
        #expect(error.message == "the command wrote more than 1048576 bytes to standard output; it was killed")

        let expected = try ReferenceEncoder().encode(Self.form, boundary: "AaB03x")
        let response = "{\"content_type\": \"\(expected.contentType)\", \"body_base64\": \"\(Data(expected.body).base64EncodedString())\"}"
        var (chatty, chattyDirectory) = try Self.shell(
            "cat > /dev/null\nhead -c 3000000 /dev/zero | tr '\\0' x >&2\nprintf '%s\\n' '\(response)'\n")
        defer { chattyDirectory.remove() }
        chatty.outputLimit = 1024 * 1024
        #expect(try chatty.encode(Self.form, boundary: "AaB03x").body == expected.body)
    }

    @Test func collectedOutputsHoldNoMoreRoomThanTheirLimits() throws {
        // 3 MB on each stream, as fast as the child can write: standard output past a 1 MiB limit,
        // standard error of which only the end is kept. Neither buffer may grow past its bound,
        // whatever the pace of reading (a doubling array would reach 2 MiB, a drained one 3 MB).
        let outcome = try ChildProcess.run(
            ["/bin/sh", "-c", "head -c 3000000 /dev/zero >&2 & head -c 3000000 /dev/zero; wait"], timeout: 30,
            outputLimit: 1024 * 1024)
        #expect(outcome.outputLimitReached)
        let readSize = 64 * 1024, kept = 64 * 1024  // bytes read at a time; standard error's kept end
        // The bound is the limit and a little room (a loaded machine has been seen at the limit plus
        // 160 KiB), far below what either failure reaches.
        #expect(outcome.standardOutput.capacity <= 1024 * 1024 + 4 * readSize)
        #expect(outcome.standardError.count <= kept)
        // Room for a few reads past the kept end, rounded up by the allocator (seen: 5 reads and 56 bytes).
        #expect(outcome.standardError.capacity <= 8 * kept)
    }

    @Test func aChildIsKilledAtItsDeadlineAndNotBefore() throws {
        // Waits are whole milliseconds; one rounded down would end the child up to a millisecond
        // early, and a caller that then compares the time with the same instant would find it not yet
        // passed (a run's deadline, say). Several odd fractions of a millisecond, each checked.
        for microseconds in [150_300, 200_700, 250_999] {
            let deadline = ContinuousClock.now + .microseconds(microseconds)
            let outcome = try ChildProcess.run(["/bin/sh", "-c", "sleep 5"], until: deadline)
            #expect(outcome.timedOut)
            #expect(ContinuousClock.now >= deadline)
        }
    }

    @Test func slowCommandIsKilledAtTheTimeout() throws {
        let (adapter, directory) = try Self.shell("while :; do :; done\n", timeout: 0.5)
        defer { directory.remove() }
        let error = try Self.error(from: adapter)
        #expect(error.code == .timedOut)
        #expect(error.message.hasPrefix("the command did not answer within 0.5 s; it was killed"))
    }

    @Test func crashIsReportedWithTheSignal() throws {
        let (adapter, directory) = try Self.shell("echo 'about to crash' >&2\nkill -SEGV $$\n")
        defer { directory.remove() }
        let error = try Self.error(from: adapter)
        #expect(error.code == .crashed)
        #expect(error.message.contains("signal 11"), "\(error.message)")
        #expect(error.message.contains("about to crash"))
    }

    @Test func nonZeroExitIsReportedWithStandardError() throws {
        let (adapter, directory) = try Self.shell("echo 'no such field type' >&2\nexit 3\n")
        defer { directory.remove() }
        let error = try Self.error(from: adapter)
        #expect(error.code == .failed)
        #expect(error.message == "the command exited with status 3; its standard error ends with \"no such field type\\n\" (19 bytes)")
    }

    @Test func garbageOutputIsMalformed() throws {
        let (adapter, directory) = try Self.shell("echo hello\n")
        defer { directory.remove() }
        let error = try Self.error(from: adapter)
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("\"hello\\n\""), "\(error.message)")
    }

    @Test func unknownResponseKeyIsMalformed() throws {
        let (adapter, directory) = try Self.shell("printf '%s' '{\"content_type\": \"x\", \"body\": \"\"}'\n")
        defer { directory.remove() }
        #expect(try Self.error(from: adapter).code == .malformedResponse)
    }

    @Test func errorResponseIsARefusal() throws {
        let (adapter, directory) = try Self.shell("printf '%s' '{\"error\": \"files are not supported\"}'\n")
        defer { directory.remove() }
        let error = try Self.error(from: adapter)
        #expect(error.code == .refused)
        #expect(error.message == "the encoder refused the form: files are not supported")
    }

    @Test func childThatNeverReadsItsInputDoesNotBreakTheRun() throws {
        // 4 MiB of input to a child that exits at once: writing fails with EPIPE, never SIGPIPE here.
        let (adapter, directory) = try Self.shell("exit 0\n")
        defer { directory.remove() }
        let big: FormData = [FormData.Field(name: "big", value: .bytes([UInt8](repeating: 0x61, count: 4 << 20)), filename: "a")]
        let error = try #require(throws: ProcessAdapterError.self) { try adapter.encode(big, boundary: nil) }
        #expect(error.code == .malformedResponse)
    }

    @Test func missingCommandIsALaunchFailure() throws {
        let adapter = ProcessEncoderAdapter(command: ["/nonexistent/encoder"])
        #expect(try Self.error(from: adapter).code == .launchFailed)
    }

    static let python3: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The Python encoder exactly as CONFORMANCE.md prints it.
    static func documentedPythonEncoder() throws -> String {
        let document = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("CONFORMANCE.md"), encoding: .utf8)
        let start = try #require(document.range(of: "<!-- python-encoder:begin -->\n```python\n"))
        let end = try #require(document.range(of: "```\n<!-- python-encoder:end -->"))
        return String(document[start.upperBound..<end.lowerBound])
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed: the documented Python encoder cannot run"))
    func documentedPythonEncoderIsCanonical() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/encoder.py"
        try Data(try Self.documentedPythonEncoder().utf8).write(to: URL(fileURLWithPath: path))
        let adapter = ProcessEncoderAdapter(command: [try #require(Self.python3), path], name: "encoder.py", timeout: 20, acceptsBoundary: true)
        // The whole corpus with MULTIPART_FULL_TESTS; by default the areas whose names, filenames and
        // values are hardest to write, still through a child process for each form.
        let certification = EncoderCertification(adapter)
        let corpus = try Corpus.load()
        let vectors = EncoderCertification.vectors(in: corpus)
        let hard = ["filenames", "quoting", "charset"]
        let report = TestScale.isFull ? certification.report(over: corpus) : certification.report(over: vectors.filter { hard.contains($0.area) })
        #expect(report.levelOnRun == .canonical, "\(report.text(onlyProblems: true))")
        #expect(TestScale.isFull ? report.level == .canonical : report.verdicts.count > 60)
    }
}
