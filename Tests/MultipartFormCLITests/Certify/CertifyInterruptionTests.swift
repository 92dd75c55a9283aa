import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// An interrupted `certify` says it was interrupted: the children the signal killed (and those it
/// kept from starting) are not the command's fault, so they never make the early stop's "the first
/// 3 requests all ended the same way; fix the command".
///
/// The interruption is given to the run as the signal handler records it (the run's
/// `interruption`), so the race between the killed children and the process's end, which a real
/// signal leaves to the scheduler, is decided here.
@Suite(.ownThread) struct CertifyInterruptionTests {
    @Test func childrenKilledByAnInterruptionDoNotStopTheRunEarly() throws {
        let directory = try TemporaryDirectory()
        let started = directory.url.appendingPathComponent("started").path
        // Each child says it started, then dies of SIGKILL, as the interrupted run's children do.
        let decoder = ProcessDecoderAdapter(
            command: ["/bin/sh", "-c", "cat >/dev/null; touch \"$0\"; kill -9 $$", started], name: "killed", timeout: 30)
        var run = CertifyRun(adapter: .decoder(decoder), jobs: 1)
        // The signal comes once the first child is running.
        run.interruption = { FileManager.default.fileExists(atPath: started) ? "SIGINT" : nil }
        let vectors = Array(try Corpus.load().vectors.prefix(6))
        let outcome = run.verdicts(for: vectors)
        #expect(outcome.interrupted == "SIGINT")
        #expect(outcome.stopped == nil, "\(outcome.stopped ?? "")")
        // Only the first child ran: the others were not started once the signal came.
        let answers = outcome.verdicts.compactMap { $0.decoderAnswer?.rawValue }
        #expect(answers.filter { $0 == "not-run" }.count == vectors.count - 1, "\(answers)")
    }

    @Test func withoutAnInterruptionTheSameEndingsStopTheRunEarly() throws {
        let decoder = ProcessDecoderAdapter(command: ["/bin/sh", "-c", "cat >/dev/null; kill -9 $$"], name: "crashes", timeout: 30)
        var run = CertifyRun(adapter: .decoder(decoder), jobs: 1)
        run.interruption = { nil }
        let outcome = run.verdicts(for: Array(try Corpus.load().vectors.prefix(6)))
        #expect(outcome.interrupted == nil)
        #expect(outcome.stopped?.hasPrefix("the first 3 requests all ended the same way (crashed: ") == true, "\(outcome.stopped ?? "")")
    }
}
