import Foundation
import MultipartFormTestSupport
import Testing

/// `multipart-check certify`: usage errors, and a run of a `/bin/sh` encoder that answers garbage.
@Suite("certify command", .ownThread)
struct CertifyCommandTests {
    /// `stderr` without the note of processes killed at the run's end. Other tests in this process
    /// run certify with commands that leave processes behind, each cleaned up when its own run ends;
    /// a run that ends first finds and kills them too, and says so.
    static func withoutOthersLeftovers(_ stderr: String) -> String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("note: killed ") }
            .joined(separator: "\n")
    }

    @Test func missingCommandIsAUsageError() {
        let result = runCLI(["certify"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Missing expected argument '<command> ...'\nUsage: multipart-check certify "))
    }

    @Test func badTimeoutIsAUsageError() {
        let result = runCLI(["certify", "--timeout", "soon", "--", "/bin/true"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The value 'soon' is invalid for '--timeout <seconds>'."))
    }

    @Test func unknownFeatureGetsASuggestion() {
        let result = runCLI(["certify", "--unsupported", "duplicate-name", "--", "/bin/true"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Did you mean 'duplicate-names'?"))
    }

    @Test func withdrawnFeatureIsAUsageErrorThatSaysWhatToDo() {
        let result = runCLI(["certify", "--unsupported", "quotes-or-line-breaks-in-names", "--", "/bin/true"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: 'quotes-or-line-breaks-in-names' cannot be declared unsupported, since every string API can say such a form: escape '\"' in names and filenames as %22, as browsers do (refusing such a form is graded 'refused', since the reference encoder writes it); escape CR and LF as %0D and %0A, or refuse the form: that refusal passes (the refusable class line-breaks-in-names).\n"
            ), "\(result.stderr)")
    }

    @Test func theDeadlineEndsTheWholeRun() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array("#!/bin/sh\nsleep 20\n".utf8), named: "slow.sh")
        let started = ContinuousClock.now
        let result = runCLI(["certify", "--format", "json", "--deadline", "1", "--timeout", "20", "--", "/bin/sh", script])
        #expect(ContinuousClock.now - started < .seconds(15), "a 1-second deadline let the run go on")
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(
            verdicts.allSatisfy { ($0["summary"] as? String)?.contains("deadline") == true },
            "\(Set(verdicts.compactMap { $0["summary"] as? String }))")
        #expect(
            Self.withoutOthersLeftovers(result.stderr) == "error: the run's overall deadline passed: \(verdicts.count) requests were not sent, and their vectors fail; give --deadline more seconds, or select fewer vectors\n",
            "\(result.stderr)")
    }

    @Test func formsKilledAtTheDeadlineDoNotStopTheRunAsTheCommandsFault() throws {
        // The probe is answered at once, so the first forms are sent before the deadline and all
        // three are killed at it. That is the deadline's doing: the rest must say the deadline
        // passed, not that the command's first requests all timed out. Each job has its own thread,
        // so all three forms are sent well within the 4 seconds.
        let directory = try TemporaryDirectory()
        let script = try directory.write(
            Array("#!/bin/sh\ncase \"$(cat)\" in *ProbeBoundary*) echo '{\"error\": \"probe\"}'; exit 0;; esac\nsleep 20\n".utf8),
            named: "slow-forms.sh")
        let started = ContinuousClock.now
        let result = runCLI([
            "certify", "--format", "json", "--boundary-accepted", "--deadline", "4", "--timeout", "20", "--jobs", "3", "--",
            "/bin/sh", script,
        ])
        #expect(ContinuousClock.now - started < .seconds(15), "a 4-second deadline let the run go on")
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summaries = try #require(object["verdicts"] as? [[String: Any]]).map { $0["summary"] as? String ?? "" }
        let killed = summaries.filter { $0.contains("timed-out: the command did not answer before the run's overall deadline") }
        let notSent = summaries.filter { $0.contains("not-run: the run's overall deadline passed before this form was sent") }
        #expect(killed.count == 3, "\(Set(summaries))")
        #expect(notSent.count == summaries.count - 3, "\(Set(summaries))")
        #expect(
            Self.withoutOthersLeftovers(result.stderr) == "error: the run's overall deadline passed: 3 requests were killed and \(summaries.count - 3) requests were not sent, and their vectors fail; give --deadline more seconds, or select fewer vectors\n",
            "\(result.stderr)")
    }

    @Test func notReportedTakesOnlyKnownDetailsAndOnlyForDecoders() {
        let misspelt = runCLI(["certify", "--decoder", "--not-reported", "part-ordr", "--", "/bin/true"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.hasPrefix("Error: The value 'part-ordr' is invalid for '--not-reported <detail>'. Did you mean 'part-order'?\n"))
        let encoder = runCLI(["certify", "--not-reported", "part-order", "--", "/bin/true"])
        #expect(encoder.status == 64)
        #expect(encoder.stderr.hasPrefix("Error: '--not-reported' is for decoders (with '--decoder')"))
    }

    /// A `/bin/sh` decoder that answers `answer` to every body (the probe included).
    private static func fixedDecoder(_ answer: String, in directory: TemporaryDirectory) throws -> String {
        try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho '\(answer)'\n".utf8), named: "decoder.sh")
    }

    @Test(arguments: [
        // The three fields answered in reverse order, as a dictionary of fields can return them.
        (
            "structure/y-fields-in-order", "part-order",
            #"{"parts": [{"name": "c", "body_base64": "Mw=="}, {"name": "b", "body_base64": "Mg=="}, {"name": "a", "body_base64": "MQ=="}]}"#
        ),
        // The text field's value without its Content-Type, as an API of plain strings returns it.
        ("charset/y-charset-param-utf8", "text-field-content-type", #"{"parts": [{"name": "a", "body_base64": "Y2Fmw6k="}]}"#),
    ])
    func notReportedDetailsAreLeftOutOfTheComparison(vector: String, detail: String, answer: String) throws {
        let directory = try TemporaryDirectory()
        let decoder = try Self.fixedDecoder(answer, in: directory)
        let command = ["certify", "--decoder", "--format", "json", "--vector", vector]
        let strict = try CertifyFastLoopTests.verdicts(runCLI(command + ["--", "/bin/sh", decoder]).stdout)
        #expect(strict.map { $0["grade"] as? String } == ["fail"], "\(strict)")
        let declared = runCLI(command + ["--not-reported", detail, "--", "/bin/sh", decoder])
        let verdicts = try CertifyFastLoopTests.verdicts(declared.stdout)
        #expect(verdicts.map { $0["grade"] as? String } == ["pass"], "\(verdicts)")
        #expect(declared.status == 0, "\(declared.stderr)")
    }

    @Test func badDeadlineAndOutputLimitAreUsageErrors() {
        #expect(runCLI(["certify", "--deadline", "0", "--", "/bin/true"]).status == 64)
        #expect(runCLI(["certify", "--max-output", "lots", "--", "/bin/true"]).status == 64)
    }

    @Test func missingProgramIsUnreadableInput() {
        let result = runCLI(["certify", "--", "/nonexistent/encoder"])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("error: cannot run '/nonexistent/encoder': "))
    }

    @Test func garbageAnsweringEncoderIsNonConformantInEveryFormat() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "encoder.sh")
        let json = runCLI(["certify", "--format", "json", "--timeout", "5", "--", "/bin/sh", script])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "crashes")
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(!verdicts.isEmpty)
        #expect(verdicts.allSatisfy { ($0["grade"] as? String) == "fail" })
        #expect((verdicts.first?["summary"] as? String)?.contains("malformed-response") == true)

        let htmlPath = directory.url.appendingPathComponent("report.html").path
        let html = runCLI(["certify", "--format", "html", "--output", htmlPath, "--", "/bin/sh", script])
        #expect(html.status == 1)
        #expect(html.stdout.isEmpty)
        #expect(html.stderr.contains("report written to \(htmlPath)"))
        let page = try String(contentsOfFile: htmlPath, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func requireFailsARunBelowTheLevelEvenWhenEveryFailureIsDeclared() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array("#!/bin/sh\ncat >/dev/null\necho not-json\n".utf8), named: "encoder.sh")
        let declared = ["certify", "--vector", "structure/y-single-field", "--known-issue", "structure/y-single-field=answers garbage"]
        #expect(runCLI(declared + ["--", "/bin/sh", script]).status == 0)

        let required = runCLI(declared + ["--require", "conformant", "--", "/bin/sh", script])
        #expect(required.status == 1)
        #expect(required.stderr.hasPrefix("error: Conformant required, but: "), "\(required.stderr)")
        // A filtered run is partial: it meets no level but that one.
        #expect(runCLI(declared + ["--require", "partial", "--", "/bin/sh", script]).status == 0)
    }

    @Test func requireTakesOnlyALevel() {
        let result = runCLI(["certify", "--require", "conformnt", "--", "/bin/true"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Did you mean 'conformant'?"), "\(result.stderr)")
    }
}
